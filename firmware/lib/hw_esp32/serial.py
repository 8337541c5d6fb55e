"""Non-blocking reads and writes on the USB serial line (the REPL UART), for the protocol link."""

import sys

READ_MAX = 256  # bytes taken per loop turn: a protocol line never waits more than a few turns


class UsbSerial:
    def __init__(self):
        import select

        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._one = bytearray(1)
        self._buf = bytearray(READ_MAX)

    def read(self):
        """The bytes waiting now, or None: never blocks."""
        count = 0
        while count < READ_MAX and self._ready():
            if not self._in.readinto(self._one):
                break
            self._buf[count] = self._one[0]
            count += 1
        return bytes(self._buf[:count]) if count else None

    def _ready(self):
        for _event in self._poll.ipoll(0):  # ipoll reuses its result: no allocation per turn
            return True
        return False

    def write(self, data):
        if isinstance(data, str):
            data = data.encode()
        self._out.write(data)
