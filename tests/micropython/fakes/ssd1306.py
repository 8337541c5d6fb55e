"""Fake `ssd1306`: the driver's SSD1306_I2C on the real framebuf, keeping each frame it shows."""

import framebuf

displays = []


def reset():
    del displays[:]


class SSD1306_I2C(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.width = width
        self.height = height
        self.i2c = i2c
        self.addr = addr
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.shown = []  # a copy of the buffer at every show()
        displays.append(self)

    def show(self):
        self.i2c.writeto(self.addr, self.buffer)  # raises OSError once the device is gone
        self.shown.append(bytes(self.buffer))
