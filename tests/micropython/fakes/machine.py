"""Fake `machine`: Pin, PWM, WDT and SoftI2C objects that remember how they were set up and used."""

pins = {}  # GPIO number -> the last Pin made on it
pwms = []
wdts = []
i2c_buses = []
i2c_devices = []  # the addresses SoftI2C.scan() finds; tests set it
broken_pins = []  # GPIOs whose Pin() raises, as a pin the board cannot use would


def reset():
    pins.clear()
    del pwms[:]
    del wdts[:]
    del i2c_buses[:]
    del i2c_devices[:]
    del broken_pins[:]


class Pin:
    IN = 1
    OUT = 3
    OPEN_DRAIN = 7
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        if id in broken_pins:
            raise ValueError("invalid pin")
        self.id = id
        self.mode = mode
        self.pull = pull
        # an idle input reads what its pull gives it; tests change `level` to press a button
        self.level = 1 if pull == Pin.PULL_UP else 0
        if value is not None:
            self.level = value
        pins[id] = self

    def value(self, level=None):
        if level is None:
            return self.level
        self.level = level


class PWM:
    def __init__(self, pin, freq=0, duty_u16=0):
        self.pin = pin
        self.frequency = freq
        self.duty = duty_u16
        pwms.append(self)

    def freq(self, value=None):
        if value is None:
            return self.frequency
        self.frequency = value

    def duty_u16(self, value=None):
        if value is None:
            return self.duty
        self.duty = value

    def deinit(self):
        self.duty = 0


class WDT:
    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.feeds = 0
        wdts.append(self)

    def feed(self):
        self.feeds += 1


class SoftI2C:
    def __init__(self, scl, sda, freq=400000):
        self.scl = scl
        self.sda = sda
        self.frequency = freq
        self.writes = 0
        i2c_buses.append(self)

    def scan(self):
        return list(i2c_devices)

    def writeto(self, addr, buf):
        if addr not in i2c_devices:
            raise OSError(19)  # ENODEV, as the real bus reports a missing device
        self.writes += 1


I2C = SoftI2C
