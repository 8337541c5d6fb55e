"""The ESP32 hardware layer: buttons on machine.Pin, the LED target on neopixel, the optional OLED
and piezo buzzer, the watchdog, and the USB serial line. The interface is the one app.loop drives
and the simulator's layer shares: clock, read_buttons, show_ring, show_text, play, serial_read,
serial_write, plus idle(ms), which the loop calls every turn. `oled` and `pwm` (the buzzer's) are
None when the part is absent.

The OLED is an SSD1306 (8 lines of 16 characters on 128x64) through the mip ssd1306 driver.
Everything about it may fail (driver not installed, no module on the I2C bus, a loose wire
mid-game); each failure turns the display off with a message, never stops the device. A board
without the module has no pull-ups on SDA and SCL either, and a bus with nothing to raise its lines
makes SoftI2C wait out its timeout at every clock edge: so the lines are checked first, and the
scan never runs on a bus that cannot carry one.
"""

import sys
import time

from app.buttons import BUTTON_NAMES
from app.clock import SystemClock, ticks_add, ticks_diff
from app.power import encode
from micropython import const

_RELAXED_WATCHDOG_MS = const(3600000)  # after Ctrl-C: long enough to deploy or debug at the REPL
_READ_MAX = const(256)  # serial bytes taken per loop turn: a protocol line never waits more than a few turns

# The buzzer's cues: (frequency Hz, duration ms) pairs per cue id of app.core (CUE_CLICK=0 ...
# CUE_TURN=7); a frequency of 0 is a rest. Kept short: a cue must not drown talk.
CUES = (
    (2400, 15),  # click
    (1800, 40),  # act
    (300, 90, 0, 30, 300, 90),  # error: low, twice
    (1320, 60, 1760, 90),  # round
    (880, 70, 660, 110),  # lose: falling
    (1320, 80, 1660, 80, 1980, 200),  # win: rising
    (1200, 30, 900, 40),  # undo
    (1560, 25, 0, 40, 1560, 25),  # turn: two ticks
)
_HALF_DUTY = const(32768)  # a square wave is the loudest a piezo gets

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


def open_oled(machine, config, messages):
    """The ssd1306 driver's object (a framebuf with width and height), or None with a message
    saying why there is none."""
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
                return ssd1306.SSD1306_I2C(display["width"], display["height"], i2c, addr)
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


class Esp32Hardware:
    def __init__(self, config, clock=None, serial=None, sleep_ms=None):
        import machine
        import neopixel

        Pin = machine.Pin
        self.machine = machine
        self.messages = []  # what is missing or failed, for the boot log and the OLED
        self.clock = clock or SystemClock()
        self.sleep_ms = sleep_ms or time.sleep_ms
        pins = config["pins"]

        # a held button reads 0 when the buttons are active low, 1 when active high
        self.active_low = active_low = config["buttons"]["active_low"]
        pull = Pin.PULL_UP if active_low else Pin.PULL_DOWN
        self.buttons = []  # (bit, Pin) of each fitted button
        for bit, name in enumerate(BUTTON_NAMES):  # the pin roles are the button names
            gpio = pins[name.lower()]
            if gpio is not None:
                self.buttons.append((1 << bit, Pin(gpio, Pin.IN, pull)))

        leds = config["leds"]
        self.leds = neopixel.NeoPixel(Pin(pins["leds"], Pin.OUT), sum(leds["rings"]))
        self.color_order = leds["color_order"]
        power = config["power"]
        self.brightness = power["brightness"]
        self.budget_ma = power["budget_ma"]
        self.watchdog_ms = config["watchdog_ms"]
        self.watchdog = None

        self.oled = open_oled(machine, config, self.messages) if config["display"]["enabled"] else None
        self.oled_failures = 0

        self.pwm = None
        if config["buzzer"]["enabled"] and pins["buzzer"] is not None:
            self.pwm = machine.PWM(Pin(pins["buzzer"]), freq=1000, duty_u16=0)
        self.notes = ()  # the cue playing, or the last one played
        self.step = 0  # index in notes of the note sounding; len(notes) once the cue is over
        self.until = 0  # when the sounding note ends

        serial = serial or UsbSerial()
        self.serial_read = serial.read
        self.serial_write = serial.write
        self.shutdown()  # dark from the start: WS2812s can wake up lit with noise

    # -- input ---------------------------------------------------------------------------------
    def read_buttons(self):
        """The raw levels as a mask, bit b set while button b is held."""
        mask = 0
        for bit, pin in self.buttons:
            if pin.value() != self.active_low:
                mask |= bit
        return mask

    # -- output --------------------------------------------------------------------------------
    def show_ring(self, frame):
        """Scale the logical frame under the current budget, reorder it, and send it."""
        encode(frame, self.leds.buf, self.brightness, self.budget_ma, self.color_order)
        self.leds.write()
        if self.watchdog is not None:
            self.watchdog.feed()

    def show_text(self, lines):
        """Draw the lines, 8 pixels a line and a character."""
        oled = self.oled
        if oled is None:
            return
        try:
            oled.fill(0)
            for row, line in enumerate(lines[:oled.height // 8]):
                oled.text(ascii_line(line[:oled.width // 8]), 0, row * 8, 1)
            oled.show()
            self.oled_failures = 0
        except OSError:
            self.oled_failures += 1
            if self.oled_failures >= _MAX_FAILURES:
                self.messages.append("display: stopped answering; running without it")
                self.oled = None

    def play(self, cue):
        """Start a cue on the buzzer, cutting any cue still playing; unknown ids are ignored."""
        if self.pwm is not None and 0 <= cue < len(CUES):
            self.notes = CUES[cue]
            self.step = -2
            self.until = self.clock.ticks_ms()
            self.next_note()

    def next_note(self):
        """Once the sounding note is over, start the next one, or go silent after the last."""
        now = self.clock.ticks_ms()
        notes = self.notes
        pwm = self.pwm
        if pwm is None or self.step >= len(notes) or ticks_diff(now, self.until) < 0:
            return
        step = self.step = self.step + 2
        freq = 0  # a rest, or the end of the cue
        if step < len(notes):
            freq = notes[step]
            self.until = ticks_add(now, notes[step + 1])
        if freq:
            pwm.freq(freq)
        pwm.duty_u16(_HALF_DUTY if freq else 0)

    # -- time ----------------------------------------------------------------------------------
    def idle(self, ms):
        """Called by the loop every turn: feed the watchdog, sleep, then step the buzzer."""
        if self.watchdog is not None:
            self.watchdog.feed()
        self.sleep_ms(ms)
        self.next_note()

    def start_watchdog(self):
        """Arm machine.WDT once booting is done: a loop that stops turning resets the board."""
        if self.watchdog_ms > 0 and self.watchdog is None:
            self.watchdog = self.machine.WDT(timeout=self.watchdog_ms)

    def relax_watchdog(self):
        """An armed WDT cannot be stopped; after Ctrl-C give the REPL an hour before it bites."""
        if self.watchdog is not None:
            self.watchdog = self.machine.WDT(timeout=_RELAXED_WATCHDOG_MS)
            self.watchdog.feed()

    def shutdown(self):
        """Dark and silent: at power-up, after Ctrl-C, or before a deliberate reset."""
        self.leds.fill((0, 0, 0))
        self.leds.write()
        if self.pwm is not None:
            self.pwm.duty_u16(0)
        self.step = len(self.notes)


class UsbSerial:
    """Non-blocking reads and writes on the USB serial line (the REPL UART), for the protocol link."""

    def __init__(self):
        import select

        self.stdin = sys.stdin.buffer
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.byte = bytearray(1)
        self.buffer = bytearray(_READ_MAX)
        self.write = sys.stdout.buffer.write  # takes str too: MicroPython's str has the buffer protocol

    def read(self):
        """The bytes waiting now, or None: never blocks."""
        count = 0
        # any() of ipoll, which reuses its result: no allocation per turn
        while count < _READ_MAX and any(self.poll.ipoll(0)) and self.stdin.readinto(self.byte):
            self.buffer[count] = self.byte[0]
            count += 1
        return bytes(self.buffer[:count]) if count else None
