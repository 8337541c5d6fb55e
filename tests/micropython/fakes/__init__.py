"""Recording stand-ins for the ESP32's machine, neopixel and ssd1306 modules, and micropython's
kbd_intr (fakes.micropython.interrupt_chars).

The unix port has its own built-in `machine`, which a file on the path cannot shadow, so tests
put these into sys.modules (where import looks first) and take them out again:

    with fakes.installed(oled=True) as (machine, neopixel, ssd1306):
        hw = Esp32Hardware(config)
"""

import sys

from fakes import machine as fake_machine
from fakes import micropython as fake_micropython
from fakes import neopixel as fake_neopixel
from fakes import ssd1306 as fake_ssd1306

_NAMES = ("machine", "neopixel", "ssd1306", "micropython")


class installed:
    def __init__(self, oled=True):
        self.oled = oled
        self.saved = {}

    def __enter__(self):
        for name in _NAMES:
            self.saved[name] = sys.modules.get(name)
        fake_machine.reset()
        fake_neopixel.reset()
        fake_ssd1306.reset()
        fake_micropython.reset()
        sys.modules["machine"] = fake_machine
        sys.modules["micropython"] = fake_micropython
        sys.modules["neopixel"] = fake_neopixel
        if self.oled:
            sys.modules["ssd1306"] = fake_ssd1306
        else:
            sys.modules.pop("ssd1306", None)  # import then finds no driver: none is on the path
        return fake_machine, fake_neopixel, fake_ssd1306

    def __exit__(self, *exc):
        for name in _NAMES:
            if self.saved[name] is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = self.saved[name]
        return False
