"""The ESP32 hardware layer: buttons on machine.Pin, the LED target on neopixel, the optional OLED
and buzzer, the watchdog, and the USB serial line. The interface is the one app.loop drives and
the simulator's layer shares: clock, read_buttons, show_ring, show_text, play, has_display,
serial_read, serial_write, plus idle(ms), which the loop calls every turn.
"""

from app.buttons import BACK, KEEP, OK, SWAP
from app.clock import SystemClock
from app.power import encode

_BUTTON_PINS = ((KEEP, "keep"), (SWAP, "swap"), (OK, "ok"), (BACK, "back"))
RELAXED_WATCHDOG_MS = 3600000  # after Ctrl-C: long enough to deploy or debug at the REPL


class Esp32Hardware:
    def __init__(self, config, clock=None, serial=None, sleep_ms=None):
        import machine
        import neopixel

        self.machine = machine
        self.config = config
        self.messages = []  # what is missing or failed, for the boot log and the OLED
        self.clock = clock if clock is not None else SystemClock()
        if sleep_ms is None:
            import time

            sleep_ms = time.sleep_ms
        self._sleep_ms = sleep_ms
        pins = config["pins"]

        active_low = config["buttons"]["active_low"]
        self._pressed_level = 0 if active_low else 1
        pull = machine.Pin.PULL_UP if active_low else machine.Pin.PULL_DOWN
        self._buttons = []
        for bit, role in _BUTTON_PINS:
            if pins[role] is not None:
                self._buttons.append((1 << bit, machine.Pin(pins[role], machine.Pin.IN, pull)))

        leds = config["leds"]
        self.num_leds = sum(leds["rings"])
        self._strip = neopixel.NeoPixel(machine.Pin(pins["leds"], machine.Pin.OUT), self.num_leds)
        self._color_order = leds["color_order"]
        self.brightness = config["power"]["brightness"]
        self.budget_ma = config["power"]["budget_ma"]
        self.last_scale = 0
        self.blank()  # WS2812s can wake up lit with noise

        self._oled = None
        if config["display"]["enabled"]:
            from hw_esp32.display import open_oled

            self._oled = open_oled(machine, config, self.messages)
        self.has_display = self._oled is not None

        self._buzzer = None
        if config["buzzer"]["enabled"] and pins["buzzer"] is not None:
            from hw_esp32.buzzer import Buzzer

            self._buzzer = Buzzer(machine, pins["buzzer"])

        self._serial = serial
        self._watchdog = None

    # -- input ---------------------------------------------------------------------------------
    def read_buttons(self):
        """The raw levels as a mask, bit b set while button b is held."""
        mask = 0
        pressed = self._pressed_level
        for bit, pin in self._buttons:
            if pin.value() == pressed:
                mask |= bit
        return mask

    # -- output --------------------------------------------------------------------------------
    def show_ring(self, frame):
        """Scale the logical frame under the current budget, reorder it, and send it."""
        self.last_scale = encode(frame, self._strip.buf, self.brightness, self.budget_ma, self._color_order)
        self._strip.write()
        self.feed_watchdog()

    def blank(self):
        buf = self._strip.buf
        for i in range(len(buf)):
            buf[i] = 0
        self._strip.write()

    def show_text(self, lines):
        if self._oled is None:
            return
        if not self._oled.show(lines):
            self.messages.append("display: stopped answering; running without it")
            self._oled = None
            self.has_display = False

    def play(self, cue):
        if self._buzzer is not None:
            self._buzzer.play(cue, self.clock.ticks_ms())

    # -- time ----------------------------------------------------------------------------------
    def idle(self, ms):
        """Called by the loop every turn: feed the watchdog, sleep, then step the buzzer."""
        self.feed_watchdog()
        self._sleep_ms(ms)
        if self._buzzer is not None:
            self._buzzer.service(self.clock.ticks_ms())

    def start_watchdog(self):
        """Arm machine.WDT once booting is done: a loop that stops turning resets the board."""
        timeout = self.config["watchdog_ms"]
        if timeout > 0 and self._watchdog is None:
            self._watchdog = self.machine.WDT(timeout=timeout)

    def feed_watchdog(self):
        if self._watchdog is not None:
            self._watchdog.feed()

    def relax_watchdog(self):
        """An armed WDT cannot be stopped; after Ctrl-C give the REPL an hour before it bites."""
        if self._watchdog is not None:
            self._watchdog = self.machine.WDT(timeout=RELAXED_WATCHDOG_MS)
            self._watchdog.feed()

    # -- serial --------------------------------------------------------------------------------
    def _usb(self):
        if self._serial is None:
            from hw_esp32.serial import UsbSerial

            self._serial = UsbSerial()
        return self._serial

    def serial_read(self):
        return self._usb().read()

    def serial_write(self, data):
        self._usb().write(data)

    def shutdown(self):
        """Dark and silent: after Ctrl-C, or before a deliberate reset."""
        self.blank()
        if self._buzzer is not None:
            self._buzzer.off()
