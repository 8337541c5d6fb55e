"""The simulator's serial port (firmware/sim/serial_port.py) under the unix port, on a real pty."""

import os
import subprocess
import time
import tty

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")

DEVICE = """
import sys, time
sys.path.insert(0, sys.argv[2] + "/firmware")
from sim.serial_port import SerialPort
port = SerialPort(sys.argv[1])
t0 = time.ticks_ms()
empty = port.read()
print("empty", empty, time.ticks_diff(time.ticks_ms(), t0) < 50)
t0 = time.ticks_ms()
for i in range(400):
    port.write(b"%03d" % (i % 1000) + b"x" * 116 + b"\\n")
print("wrote", time.ticks_diff(time.ticks_ms(), t0), "dropped", port.dropped)
got = b""
t0 = time.ticks_ms()
while not got.endswith(b"\\n") and time.ticks_diff(time.ticks_ms(), t0) < 20000:
    data = port.read()
    if data:
        got += data
    time.sleep_ms(5)
print("read", got)
"""


@pytest.mark.skipif(not os.path.exists(MICROPYTHON), reason="needs the unix port in .venv")
def test_reads_never_block_and_an_unread_port_drops_lines_instead_of_freezing(tmp_path):
    master, slave = os.openpty()
    tty.setraw(master)
    script = tmp_path / "device.py"
    script.write_text(DEVICE)
    proc = subprocess.Popen([MICROPYTHON, str(script), os.ttyname(slave), ROOT],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        time.sleep(1.5)  # nobody reads: 48 kB is more than a pty holds
        os.write(master, b'{"cmd":"hello"}\n')
        out = proc.communicate(timeout=60)[0]
    finally:
        proc.kill()
        os.close(master)
        os.close(slave)
    lines = dict(line.split(" ", 1) for line in out.strip().splitlines())
    assert lines["empty"] == "None True"
    wrote_ms, _word, dropped = lines["wrote"].split()
    assert int(dropped) > 0 and int(dropped) % 120 == 0  # whole lines only
    assert int(wrote_ms) < 5000  # waited for a reader once, not once per line
    assert lines["read"] == repr(b'{"cmd":"hello"}\n')
