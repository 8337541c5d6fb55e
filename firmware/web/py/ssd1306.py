"""The page's `ssd1306`: the micropython-lib driver's SSD1306_I2C surface on the real framebuf.

Like the driver, the object is a FrameBuffer over a width * height / 8 byte buffer (MONO_VLSB)
and show() sends that buffer over I2C; here show() only counts, and the page reads `buffer` when
`shows` has moved. The driver's own code (about 2 KB of .mpy on the board) is not reproduced.
"""

import framebuf


class SSD1306_I2C(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.width = width
        self.height = height
        self.i2c = i2c
        self.addr = addr
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.shows = 0

    def show(self):
        self.i2c.writeto(self.addr, self.buffer)
        self.shows += 1
