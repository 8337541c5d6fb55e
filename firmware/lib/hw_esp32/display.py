"""The optional SSD1306 OLED: 8 lines of 16 characters on 128x64, through the mip ssd1306 driver.

Everything here may fail (driver not installed, nothing on the I2C bus, a loose wire mid-game);
each failure turns the display off with a message, never stops the device.
"""

# The built-in 8x8 font has no accents: each of these shows as the letter below it, and any other
# character past "~" as "?", the last of _PLAIN, where find()'s -1 for it points.
_ACCENTED = "àâçéèêëîïôùûüÉÈÀÇ"
_PLAIN = "aaceeeeiiouuuEEAC?"
MAX_FAILURES = 3  # I2C errors in a row before the display is given up


def ascii_line(text):
    """The line as the font can draw it; a plain line is returned as it is."""
    for ch in text:
        if ord(ch) > 126:
            return "".join([ch if ord(ch) <= 126 else _PLAIN[_ACCENTED.find(ch)] for ch in text])
    return text


class Oled:
    def __init__(self, driver):
        self.driver = driver  # the ssd1306 driver's object: a framebuf with width and height
        self.failures = 0

    def show(self, lines):
        """Draw the lines, 8 pixels a line and a character; False once the display has failed
        for good."""
        driver = self.driver
        try:
            driver.fill(0)
            for row in range(min(len(lines), driver.height // 8)):
                driver.text(ascii_line(lines[row][:driver.width // 8]), 0, row * 8, 1)
            driver.show()
        except OSError:
            self.failures += 1
            return self.failures < MAX_FAILURES
        self.failures = 0
        return True


def open_oled(machine, config, messages):
    """An Oled, or None with a message saying why there is none."""
    display = config["display"]
    pins = config["pins"]
    try:
        import ssd1306  # pyright: ignore[reportMissingImports]  (on the board, from mip)
    except ImportError:
        messages.append("display: the ssd1306 driver is not installed (mpremote mip install ssd1306)")
        return None
    addr = display["i2c_addr"]
    try:
        i2c = machine.SoftI2C(scl=machine.Pin(pins["i2c_scl"]), sda=machine.Pin(pins["i2c_sda"]),
                              freq=400000)
        if addr not in i2c.scan():
            messages.append("display: nothing answers at I2C address 0x%02X; running without it" % addr)
            return None
        driver = ssd1306.SSD1306_I2C(display["width"], display["height"], i2c, addr)
    except OSError as err:
        messages.append("display: I2C error %r; running without it" % (err,))
        return None
    return Oled(driver)
