"""The board on MicroPython's WebAssembly port: the firmware's own boot, one loop turn per call.

Board(config_path, store_root) boots exactly as firmware/main.py does, through hw_esp32.boot.main
(the config, Esp32Hardware on this folder's machine, neopixel and ssd1306, the saved session in a
store.Store, the App, the serial link), with a manual clock that each turn moves by the loop's
period. Only app.loop.run is held back: the port's garbage collector runs only when control
returns to JavaScript, and a page must get control back between turns to draw, so JavaScript calls
turn() for each turn of the loop (app.loop.step, then the hardware's idle, as run() does).

What the port lacks and the board has, provided here:
  - machine, neopixel, ssd1306 (this folder: pins whose levels set_buttons() sets, a strip and an
    OLED whose bytes the page reads);
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
    leaves it None: the lines are dropped as a port with nobody listening drops them)."""

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


class Board:
    def __init__(self, config_path="/config.json", store_root="/", seed=1):
        install_urandom(seed)
        self.clock = ManualClock()
        self.serial = PageSerial()
        self.turns = 0
        parts = []

        def hold(app, hw, debouncer, link=None, should_stop=None):
            parts.extend((app, hw, debouncer, link))

        run = loop.run
        loop.run = hold  # boot.main imports run from app.loop when it is called
        try:
            from hw_esp32.boot import main

            main(config_path, store_root, clock=self.clock, serial=self.serial,
                 sleep_ms=self.clock.advance)
        finally:
            loop.run = run
        if not parts:
            raise RuntimeError("the firmware did not boot (its messages are on stdout)")
        self.app, self.hw, self.debouncer, self.link = parts
        config = self.app.config
        self.active_low = config["buttons"]["active_low"]
        self.button_pins = []  # the Pin of each button, in BUTTON_NAMES order (None: not fitted)
        import machine

        for name in BUTTON_NAMES:
            gpio = config["pins"][name.lower()]
            # this folder's machine (the type checker sees the ESP32's, which has no pin registry)
            self.button_pins.append(None if gpio is None else machine.pins[gpio])  # pyright: ignore[reportAttributeAccessIssue]

    def set_buttons(self, mask):
        """Hold the buttons whose bits are set in mask (bit b: BUTTON_NAMES[b]), release the rest."""
        pressed = 0 if self.active_low else 1
        for bit, pin in enumerate(self.button_pins):
            if pin is not None:
                pin.level = pressed if mask >> bit & 1 else 1 - pressed

    def turn(self):
        """One turn of app.loop.run: step, then the hardware's idle (the clock moves PERIOD_MS)."""
        loop.step(self.app, self.hw, self.debouncer, self.link)
        self.hw.idle(loop.PERIOD_MS)
        self.turns += 1
