"""The page's `machine`: the few parts of the ESP32's module that hw_esp32 uses, for MicroPython's
WebAssembly port, which has no `machine` of its own.

Pins hold a level that the page sets (web_board.Board.set_buttons) and the firmware reads, as a
button between a GPIO and ground would give it; the buzzer's PWM keeps its frequency and duty for
the page to sound; the watchdog counts its feeds; the I2C bus answers at the OLED's address, and
the OLED module's pull-ups hold its lines high (`pulled_up`: web_board names the GPIOs the
module is wired to, so a config that moves the bus elsewhere finds no module, as on the board). Nothing
here records a history: the heap bench runs the firmware on these, and they must cost the heap no
more than the board's own C drivers do (a few objects made once at boot).
"""

pins = {}  # GPIO number -> its Pin, for the page to set button levels
oled_addresses = [60]  # what SoftI2C.scan() finds: the SSD1306 at 0x3C, as config.json expects
pulled_up = ()  # GPIOs a module's resistors pull up: an input reads 1 there, even with a pull-down


class Pin:
    IN = 1
    OUT = 3
    OPEN_DRAIN = 7
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = mode
        # an input left alone reads what its pull gives it (a module's 4.7 kOhm win over the pin's
        # weak pull-down); a pressed button pulls it the other way
        self.level = 1 if pull == Pin.PULL_UP or id in pulled_up else 0
        if value is not None:
            self.level = value
        pins[id] = self

    def value(self, level=None):
        if level is None:
            return self.level
        self.level = level
        return None


class PWM:
    def __init__(self, pin, freq=0, duty_u16=0):
        self.pin = pin
        self.frequency = freq
        self.duty = duty_u16

    def freq(self, value=None):
        if value is None:
            return self.frequency
        self.frequency = value
        return None

    def duty_u16(self, value=None):
        if value is None:
            return self.duty
        self.duty = value
        return None

    def deinit(self):
        self.duty = 0


class WDT:
    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.feeds = 0

    def feed(self):
        self.feeds += 1


class SoftI2C:
    def __init__(self, scl, sda, freq=400000, timeout=50000):
        self.scl = scl
        self.sda = sda
        self.frequency = freq
        self.timeout = timeout  # how long a clock stretch may last, in us: nothing stretches here

    def scan(self):
        return list(oled_addresses)

    def writeto(self, addr, buf):
        if addr not in oled_addresses:
            raise OSError(19)  # ENODEV, as a bus with nothing at that address reports
        return len(buf)


I2C = SoftI2C
