"""The optional SSD1306 OLED: 8 lines of 16 characters on 128x64, through the mip ssd1306 driver.

Everything about it may fail (driver not installed, no module on the I2C bus, a loose wire
mid-game); each failure turns the display off with a message, never stops the device. A board
without the module has no pull-ups on SDA and SCL either, and a bus with nothing to raise its lines
makes SoftI2C wait out its timeout at every clock edge: so the lines are checked first, and the
scan never runs on a bus that cannot carry one.
"""

from micropython import const

# The OLED's built-in 8x8 font has no accents: each of these shows as the letter below it, and
# any other character past "~" as "?", the last of _PLAIN, where find()'s -1 for it points.
_ACCENTED = "àâçéèêëîïôùûüÉÈÀÇ"
_PLAIN = "aaceeeeiiouuuEEAC?"
_MAX_FAILURES = const(3)  # I2C errors in a row before the display is given up
# How long SoftI2C waits for SCL to rise (its default is 50 ms). An SSD1306 never holds the clock,
# so only a bus fault waits, and a scan of the 112 addresses on one then takes 0.1 s, not 5.6 s.
_STRETCH_TIMEOUT_US = const(1000)


def ascii_line(text):
    """The line as the OLED's font can draw it; a plain line is returned as it is."""
    for ch in text:
        if ord(ch) > 126:
            return "".join([ch if ord(ch) <= 126 else _PLAIN[_ACCENTED.find(ch)] for ch in text])
    return text


def line_pulled_up(machine, gpio):
    """Whether something on the board pulls the line up, as an I2C module's resistors do.

    Read against the pin's own weak pull-down (about 45 kΩ): a line with no pull-up then reads 0
    for certain, where a floating one could read anything, while a module's 4.7-10 kΩ still wins.
    The pull-down is let go again: the bus keeps only the module's pull-ups.
    """
    Pin = machine.Pin
    high = Pin(gpio, Pin.IN, Pin.PULL_DOWN).value() == 1
    Pin(gpio, Pin.IN, None)  # pull None: neither pull-up nor pull-down
    return high


class Display:
    """The driver's object (a framebuf with width and height), drawn a screen at a time."""

    def __init__(self, oled):
        self.oled = oled
        self.failures = 0  # I2C errors in a row

    def show(self, lines):
        """Draw the lines, 8 pixels a line and a character; False once the display has failed
        _MAX_FAILURES times in a row, and is to be given up."""
        oled = self.oled
        try:
            oled.fill(0)
            for row, line in enumerate(lines[:oled.height // 8]):
                oled.text(ascii_line(line[:oled.width // 8]), 0, row * 8, 1)
            oled.show()
        except OSError:
            self.failures += 1
            return self.failures < _MAX_FAILURES
        self.failures = 0
        return True


def open_display(machine, config, messages):
    """The Display, or None with a message in messages saying why there is none."""
    display = config["display"]
    pins = config["pins"]
    addr = display["i2c_addr"]
    try:
        import ssd1306  # pyright: ignore[reportMissingImports]  (on the board, from mip)

        sda, scl = pins["i2c_sda"], pins["i2c_scl"]
        floating = ["%s (GPIO %d)" % (name, gpio) for name, gpio in (("SDA", sda), ("SCL", scl))
                    if not line_pulled_up(machine, gpio)]
        if floating:
            why = "no pull-up on I2C %s: no module on the bus" % " and ".join(floating)
        else:
            i2c = machine.SoftI2C(scl=machine.Pin(scl), sda=machine.Pin(sda), freq=400000,
                                  timeout=_STRETCH_TIMEOUT_US)
            found = i2c.scan()
            if addr in found:
                return Display(ssd1306.SSD1306_I2C(display["width"], display["height"], i2c, addr))
            why = "nothing answers at I2C address 0x%02X" % addr
            other = addr ^ 1  # an SSD1306 is at 0x3C or 0x3D, by a strap on its module
            if other in found:
                why += "; 0x%02X answers: set display.i2c_addr to %d" % (other, other)
    except ImportError:
        why = "the ssd1306 driver is not installed (mpremote mip install ssd1306)"
    except OSError as err:
        why = "I2C error %r" % (err,)
    messages.append("display: %s; running without it" % why)
    return None
