"""hw_esp32.usb_serial.UsbSerial on the unix port's real stdin/stdout: no blocking, nothing lost."""

import os
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")

# Polls for 1.5 s; counts the turns that found nothing (so it did not block) and echoes the bytes.
SCRIPT = """
import sys, time
sys.path.insert(0, %r)
from hw_esp32.usb_serial import UsbSerial
serial = UsbSerial()
start = time.ticks_ms()
got = bytearray()
empty = 0
while time.ticks_diff(time.ticks_ms(), start) < 1500:
    data = serial.read()
    if data is None:
        empty += 1
    else:
        got.extend(data)
    time.sleep_ms(5)
serial.write(b"empty %%d\\n" %% empty)
serial.write("got ")
serial.write(bytes(got))
""" % os.path.join(ROOT, "firmware", "lib")


def test_reads_what_arrives_without_blocking_between():
    proc = subprocess.Popen([MICROPYTHON, "-c", SCRIPT], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        time.sleep(0.3)
        proc.stdin.write(b'?1 ping\n')
        proc.stdin.flush()
        time.sleep(0.3)
        long_line = b"x" * 700 + b"\n"  # more than one read's worth: taken over several turns
        proc.stdin.write(long_line)
        proc.stdin.flush()
        out, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    first, _, rest = out.partition(b"\n")
    assert first.startswith(b"empty ")
    assert int(first.split()[1]) > 50  # it kept turning while nothing came
    assert rest == b"got ?1 ping\n" + long_line
