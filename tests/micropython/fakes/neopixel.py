"""Fake `neopixel`: the same buf and write() as MicroPython's, recording the bytes sent."""

strips = []


def reset():
    del strips[:]


class NeoPixel:
    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.timing = timing
        self.buf = bytearray(n * bpp)
        self.sent = bytearray(n * bpp)  # the bytes of the last write(), copied without allocating
        self.writes = 0
        strips.append(self)

    def fill(self, rgb):
        for i in range(0, len(self.buf), self.bpp):
            self.buf[i:i + 3] = bytes(rgb)  # the real driver writes rgb in the strip's order

    def write(self):
        self.sent[:] = self.buf
        self.writes += 1
