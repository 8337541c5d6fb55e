"""The USB serial line, which is also the MicroPython REPL's UART, read and written without
blocking for the protocol link.

On the ESP32 port the REPL's UART interrupt moves each byte received into a 260-byte ring
(proto.wire.RX_RING), which nothing empties while a loop turn blocks: that is why a host line is
at most proto.wire.LINE_MAX bytes. READ_MAX bytes are taken per loop turn.
"""

import sys

from micropython import const

READ_MAX = const(256)  # serial bytes taken per loop turn: a protocol line never waits more than a few turns


class UsbSerial:
    repl = True  # the REPL's line: 0x03 is Ctrl-C here unless micropython.kbd_intr(-1) says not

    def __init__(self):
        import select

        self.stdin = sys.stdin.buffer
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.byte = bytearray(1)
        self.buffer = bytearray(READ_MAX)
        self.view = memoryview(self.buffer)
        self.write = sys.stdout.buffer.write  # takes str too: MicroPython's str has the buffer protocol

    def read(self):
        """The bytes waiting now, or None: never blocks. They are a view of this object's buffer,
        good until the next read: a copy would be one more allocation that, failing, loses bytes
        already taken off the ring."""
        count = 0
        # any() of ipoll, which reuses its result: no allocation per turn
        while count < READ_MAX and any(self.poll.ipoll(0)) and self.stdin.readinto(self.byte):
            self.buffer[count] = self.byte[0]
            count += 1
        return self.view[:count] if count else None
