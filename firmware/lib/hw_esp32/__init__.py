"""The ESP32 hardware layer: buttons on machine.Pin, the LED target on neopixel, the optional OLED
and buzzer, the watchdog, and the USB serial line. The interface is the one app.loop drives and
the simulator's layer shares: clock, read_buttons, show_ring, show_text, play, serial_read,
serial_write, plus idle(ms), which the loop calls every turn. `display` and `buzzer` are None
when the part is absent (or, for the display, has stopped answering).
"""

from app.buttons import BUTTON_NAMES
from app.clock import SystemClock
from app.power import encode

RELAXED_WATCHDOG_MS = 3600000  # after Ctrl-C: long enough to deploy or debug at the REPL


class Esp32Hardware:
    def __init__(self, config, clock=None, serial=None, sleep_ms=None):
        import machine
        import neopixel

        self.machine = machine
        self.config = config
        self.messages = []  # what is missing or failed, for the boot log and the OLED
        self.clock = clock or SystemClock()
        if sleep_ms is None:
            import time

            sleep_ms = time.sleep_ms
        self.sleep_ms = sleep_ms
        pins = config["pins"]

        # a held button reads 0 when the buttons are active low, 1 when active high
        self.active_low = active_low = config["buttons"]["active_low"]
        pull = machine.Pin.PULL_UP if active_low else machine.Pin.PULL_DOWN
        self.buttons = []  # (bit, Pin) of each fitted button
        for bit, name in enumerate(BUTTON_NAMES):  # the pin roles are the button names
            gpio = pins[name.lower()]
            if gpio is not None:
                self.buttons.append((1 << bit, machine.Pin(gpio, machine.Pin.IN, pull)))

        leds = config["leds"]
        self.leds = neopixel.NeoPixel(machine.Pin(pins["leds"], machine.Pin.OUT), sum(leds["rings"]))
        self.color_order = leds["color_order"]
        self.brightness = config["power"]["brightness"]
        self.budget_ma = config["power"]["budget_ma"]
        self.last_scale = 0
        self.blank()  # WS2812s can wake up lit with noise

        self.display = None
        if config["display"]["enabled"]:
            from hw_esp32.display import open_oled

            self.display = open_oled(machine, config, self.messages)

        self.buzzer = None
        if config["buzzer"]["enabled"] and pins["buzzer"] is not None:
            from hw_esp32.buzzer import Buzzer

            self.buzzer = Buzzer(machine, pins["buzzer"])

        if serial is None:
            from hw_esp32.serial import UsbSerial

            serial = UsbSerial()
        self.serial_read = serial.read
        self.serial_write = serial.write
        self.watchdog = None

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
        self.last_scale = encode(frame, self.leds.buf, self.brightness, self.budget_ma, self.color_order)
        self.leds.write()
        self.feed_watchdog()

    def blank(self):
        self.leds.fill((0, 0, 0))
        self.leds.write()

    def show_text(self, lines):
        if self.display is not None and not self.display.show(lines):
            self.messages.append("display: stopped answering; running without it")
            self.display = None

    def play(self, cue):
        if self.buzzer is not None:
            self.buzzer.play(cue, self.clock.ticks_ms())

    # -- time ----------------------------------------------------------------------------------
    def idle(self, ms):
        """Called by the loop every turn: feed the watchdog, sleep, then step the buzzer."""
        self.feed_watchdog()
        self.sleep_ms(ms)
        if self.buzzer is not None:
            self.buzzer.service(self.clock.ticks_ms())

    def start_watchdog(self):
        """Arm machine.WDT once booting is done: a loop that stops turning resets the board."""
        timeout = self.config["watchdog_ms"]
        if timeout > 0 and self.watchdog is None:
            self.watchdog = self.machine.WDT(timeout=timeout)

    def feed_watchdog(self):
        if self.watchdog is not None:
            self.watchdog.feed()

    def relax_watchdog(self):
        """An armed WDT cannot be stopped; after Ctrl-C give the REPL an hour before it bites."""
        if self.watchdog is not None:
            self.watchdog = self.machine.WDT(timeout=RELAXED_WATCHDOG_MS)
            self.watchdog.feed()

    def shutdown(self):
        """Dark and silent: after Ctrl-C, or before a deliberate reset."""
        self.blank()
        if self.buzzer is not None:
            self.buzzer.off()
