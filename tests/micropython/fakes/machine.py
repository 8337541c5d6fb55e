"""Fake `machine`: Pin, PWM, WDT and SoftI2C objects that remember how they were set up and used.

The I2C bus is modelled as far as a board without pull-ups needs: a line with no pull-up resistor
never rises, so every clock edge the real SoftI2C waits for times out, and the time it would have
waited is added to `stalls`.
"""

from app.config import DEFAULT_CONFIG

_I2C = (DEFAULT_CONFIG["pins"]["i2c_sda"], DEFAULT_CONFIG["pins"]["i2c_scl"])  # the reference board's

pins = {}  # GPIO number -> the last Pin made on it
pwms = []
wdts = []
i2c_buses = []
i2c_devices = []  # the addresses on the bus; fit_module() adds one
pulled_up = []  # GPIOs with a pull-up resistor on the board, that read 1 whatever the pin's pull
stalls = []  # microseconds a SoftI2C call spent waiting for a line that never rose
broken_pins = []  # GPIOs whose Pin() raises, as a pin the board cannot use would
_ADDRESSES = 112  # what scan() tries: 0x08 to 0x77


def reset():
    pins.clear()
    del pwms[:]
    del wdts[:]
    del i2c_buses[:]
    del i2c_devices[:]
    del pulled_up[:]
    del stalls[:]
    del broken_pins[:]


def fit_module(addr, sda=_I2C[0], scl=_I2C[1]):
    """An I2C module on the bus, as an OLED board is: it answers at addr, and its resistors pull
    SDA and SCL up."""
    i2c_devices.append(addr)
    pulled_up.extend((sda, scl))


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
        # an idle input reads what its pull, or the board's, gives it; tests change `level` to
        # press a button
        self.level = 1 if pull == Pin.PULL_UP or id in pulled_up else 0
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
    def __init__(self, scl, sda, freq=400000, timeout=50000):
        self.scl = scl
        self.sda = sda
        self.frequency = freq
        self.timeout = timeout  # how long the real one waits for SCL to rise, in microseconds
        self.writes = 0
        i2c_buses.append(self)

    def lines_rise(self):
        return self.scl.id in pulled_up and self.sda.id in pulled_up

    def scan(self):
        if not self.lines_rise():  # each address's start condition waits out the timeout
            stalls.append(_ADDRESSES * self.timeout)
            return []
        return list(i2c_devices)

    def writeto(self, addr, buf):
        if not self.lines_rise():
            stalls.append(self.timeout)
            raise OSError(116)  # ETIMEDOUT
        if addr not in i2c_devices:
            raise OSError(19)  # ENODEV, as the real bus reports a missing device
        self.writes += 1


I2C = SoftI2C
