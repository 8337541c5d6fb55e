"""The board on MicroPython's WebAssembly port: the firmware's own boot, one loop turn per call.

Board(config_path, store_root) boots exactly as firmware/main.py does, through hw_esp32.boot.boot
(the config, Esp32Hardware on this folder's machine, neopixel and ssd1306, the saved session in a
store.Store, the App, the serial link), as the reference board (PAGE_MACHINE: the chip the pins
are checked for), and returns. The loop main would run forever is the caller's: the port's
garbage collector runs only when control returns to JavaScript, and a page must get control back
between turns to draw, so JavaScript calls turn() for each turn of the loop (app.loop.step, then
the hardware's idle, as run() does).

The clock is a ManualClock. For the heap bench (real_time False) each turn's idle moves it by
the loop's period, as the board's sleep would. For the page (real_time True) the idle does not
sleep: the page moves the clock by the real time between two turns (page_turn), so the firmware's
ticks_ms follows the page's clock.

What the port lacks and the board has, provided here:
  - machine, neopixel, ssd1306 (this folder: pins whose levels set_buttons() sets, a strip and an
    OLED whose bytes the page reads, the OLED module wired to the reference board's I2C pins);
  - os.urandom, which App and proto.link use for seeds and the boot id: random's generator,
    seeded by the caller (a fixed seed makes a run repeatable);
  - littlefs: the port's filesystem is Emscripten's in-memory one under VfsPosix, on which the
    store's writes, renames and listings behave as on littlefs (its buffers, which the board
    keeps in the MicroPython heap, are not counted here: a few hundred bytes).
"""

import os
import random

from app import loop
from app.buttons import BUTTON_NAMES
from app.clock import ManualClock


def install_urandom(seed):
    """os.urandom for a port without one: repeatable bytes from random, seeded here."""
    random.seed(seed)

    def urandom(n):
        out = bytearray(n)
        for i in range(n):
            out[i] = random.getrandbits(8)
        return bytes(out)

    os.urandom = urandom


class PageSerial:
    """The USB serial line as the page sees it: bytes the host sent wait in `incoming`; what the
    firmware writes is counted and handed to `on_write` if the page set one (the heap bench
    leaves it None: the lines are dropped as a port with nobody listening drops them). It is no
    REPL: the protocol's `repl` is refused here."""

    repl = False

    def __init__(self):
        self.incoming = None
        self.bytes_out = 0
        self.on_write = None

    def read(self):
        data = self.incoming
        self.incoming = None
        return data

    def write(self, data):
        self.bytes_out += len(data)
        if self.on_write is not None:
            self.on_write(data)
        return len(data)


# The chip the page's board has, as MicroPython 1.29 names it on the reference board: the config's
# pins are checked for it, as on that board (the port's own machine string names no ESP32).
PAGE_MACHINE = "Generic ESP32S3 module with Octal-SPIRAM with ESP32S3"

# What turn() returns: these bits, and the buzzer's frequency (Hz, 0 when silent) above them.
RING_SHOWN = 1  # the strip was sent a frame since the last turn
TEXT_SHOWN = 2  # the OLED was sent its buffer since the last turn
TONE_SHIFT = 2


def _no_sleep(ms):
    """The page's idle: the time between turns is the page's to let pass."""


class Board:
    def __init__(self, config_path="/config.json", store_root="/", seed=1, real_time=False):
        install_urandom(seed)
        import machine
        from app.boards import BOARDS, REFERENCE_BOARD

        wired = BOARDS[REFERENCE_BOARD][1]  # the OLED module on the reference board's I2C pins
        machine.pulled_up = (wired["i2c_sda"], wired["i2c_scl"])  # pyright: ignore[reportAttributeAccessIssue]
        self.clock = ManualClock()
        self.serial = PageSerial()
        self.turns = 0
        from hw_esp32.boot import boot

        booted = boot(config_path, store_root, machine=PAGE_MACHINE, clock=self.clock,
                      serial=self.serial, sleep_ms=_no_sleep if real_time else self.clock.advance)
        if booted is None:
            raise RuntimeError("the firmware did not boot (its messages are on stdout)")
        self.app, self.hw, self.debouncer, self.link = booted
        hw = self.hw
        # what the page reads of the parts: the OLED driver's framebuf, the buzzer's PWM (None:
        # not fitted)
        self.oled = None if hw.display is None else hw.display.oled
        self.pwm = None if hw.buzzer is None else hw.buzzer.pwm
        config = self.app.config
        self.active_low = config["buttons"]["active_low"]
        self.button_pins = []  # the Pin of each button, in BUTTON_NAMES order (None: not fitted)
        for name in BUTTON_NAMES:
            gpio = config["pins"][name.lower()]
            # this folder's machine (the type checker sees the ESP32's, which has no pin registry)
            self.button_pins.append(None if gpio is None else machine.pins[gpio])  # pyright: ignore[reportAttributeAccessIssue]
        self.writes = -1  # the strip's and the OLED's counts at the last turn
        self.shows = -1

    def set_buttons(self, mask):
        """Hold the buttons whose bits are set in mask (bit b: BUTTON_NAMES[b]), release the rest."""
        pressed = 0 if self.active_low else 1
        for bit, pin in enumerate(self.button_pins):
            if pin is not None:
                pin.level = pressed if mask >> bit & 1 else 1 - pressed

    def turn(self):
        """One turn of app.loop.run: step, then the hardware's idle. Returns RING_SHOWN and
        TEXT_SHOWN for what was sent since the last turn, and the buzzer's frequency now (0: silent)
        shifted by TONE_SHIFT: small ints, so that a turn allocates nothing here."""
        loop.step(self.app, self.hw, self.debouncer, self.link)
        hw = self.hw
        hw.idle(loop.PERIOD_MS)
        self.turns += 1
        sent = 0
        writes = hw.leds.writes  # pyright: ignore[reportAttributeAccessIssue]  (this folder's neopixel)
        if writes != self.writes:
            self.writes = writes
            sent = RING_SHOWN
        oled = self.oled
        if oled is not None and oled.shows != self.shows:
            self.shows = oled.shows
            sent |= TEXT_SHOWN
        pwm = self.pwm
        if pwm is not None and pwm.duty:  # pyright: ignore[reportAttributeAccessIssue]  (this folder's machine)
            sent |= pwm.frequency << TONE_SHIFT  # pyright: ignore[reportAttributeAccessIssue]
        return sent

    def page_turn(self, elapsed_ms):
        """The page's turn: the clock moves by the real ms since the last one, then turn()."""
        self.clock.advance(elapsed_ms)
        return self.turn()

    def facts(self):
        """What the page draws by, as JSON, read once after the boot: the rings, the ring and
        position of each LED of the chain, the config's values that shape the picture."""
        import json

        config = self.app.config
        layout = self.app.layout
        places = [(0, 0)] * layout.num_leds  # every LED is on one ring: each entry is set below
        for ring in range(len(layout.ring_sizes)):
            for k in range(layout.ring_sizes[ring]):
                places[layout.index(ring, k)] = (ring, k)
        oled = self.oled
        return json.dumps({
            "rings": layout.ring_sizes, "places": places, "centre": layout.centre,
            "brightness": self.hw.brightness, "color_order": self.hw.color_order,
            "display": None if oled is None else (oled.width, oled.height),
            "buttons": [pin is not None for pin in self.button_pins],
            "debounce_ms": config["buttons"]["debounce_ms"], "long_ms": config["buttons"]["long_ms"],
            "language": self.app.lang, "tones": self.pwm is not None,
            "watchdog_ms": config["watchdog_ms"],
        })

    def status(self):
        """Where the device stands, as JSON: the snapshot the protocol's get_state gives (the
        mode, the OLED's text, the game, round, seat to act, standings), and when a game is on,
        whether it is over and stored, the seats' players (null: a person) and the engine's
        whole state. For the page's tests
        and its status line; never read during play by the firmware."""
        import json

        app = self.app
        status = app.snapshot()
        status["turns"] = self.turns
        status["in_game"] = app.mode.in_game
        session = app.session
        status["finished"] = session.finished  # stored in the history (and put away in the menu)
        if session.state is not None:
            status["over"] = session.state.is_over()  # the result shown, OK not yet pressed
            status["bots"] = session.bots
            status["state"] = session.state.to_dict()
        return json.dumps(status)
