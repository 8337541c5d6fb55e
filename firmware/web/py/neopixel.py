"""The page's `neopixel`: the driver's buf and write(), for the WebAssembly port (which has none).

write() only counts: the page reads `buf` (the bytes the strip would receive, in its colour
order) when `writes` has moved, so a frame costs the heap nothing.
"""


class NeoPixel:
    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self.writes = 0

    def fill(self, rgb):
        buf = self.buf
        bpp = self.bpp
        for i in range(0, len(buf), bpp):
            for j in range(bpp):
                buf[i + j] = rgb[j]

    def write(self):
        self.writes += 1
