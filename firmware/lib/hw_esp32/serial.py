"""Non-blocking reads and writes on the USB serial line (the REPL UART), for the protocol link."""

import sys

READ_MAX = 256  # bytes taken per loop turn: a protocol line never waits more than a few turns


class UsbSerial:
    def __init__(self):
        import select

        self.stdin = sys.stdin.buffer
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.byte = bytearray(1)
        self.buffer = bytearray(READ_MAX)

    def read(self):
        """The bytes waiting now, or None: never blocks."""
        count = 0
        while count < READ_MAX and self.waiting() and self.stdin.readinto(self.byte):
            self.buffer[count] = self.byte[0]
            count += 1
        return bytes(self.buffer[:count]) if count else None

    def waiting(self):
        for _event in self.poll.ipoll(0):  # ipoll reuses its result: no allocation per turn
            return True
        return False

    def write(self, data):
        if isinstance(data, str):
            data = data.encode()
        sys.stdout.buffer.write(data)
