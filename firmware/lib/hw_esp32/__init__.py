"""The ESP32 hardware layer: Esp32Hardware, the board's app.hardware.Hardware (the interface
app.loop drives, which the simulator's layer shares, is declared there).

Here: the buttons on machine.Pin, the LED target on neopixel and the watchdog, which every board
has. Each other part has its module, imported only when the config has the part:
  display.py     the optional SSD1306 OLED, found without waiting on an empty bus
  buzzer.py      the optional piezo's cues, stepped by the loop
  usb_serial.py  the USB serial line (the REPL's UART), read without blocking
`display` and `buzzer` are None when the part is absent (the display also once it has stopped
answering); `messages` says what is missing or failed.

The serial line is UsbSerial unless another is handed in (the browser simulator's, a test's
cable). Any of them has read() (the bytes waiting, or None; never blocks), write(data), and
`repl`: whether the line is MicroPython's REPL too, where a 0x03 byte is Ctrl-C. The board layer
passes it on as `repl_line`: only there can the boot turn Ctrl-C off while the game runs, and the
protocol's `repl` hand the line back (hw_esp32.boot).
"""

from app.buttons import BUTTON_NAMES
from app.hardware import Hardware
from app.power import encode
from micropython import const

_RELAXED_WATCHDOG_MS = const(3600000)  # once the loop has handed the board to the REPL


class Esp32Hardware(Hardware):
    def __init__(self, config, clock=None, serial=None, sleep_ms=None):
        import machine
        import neopixel

        if serial is None:
            from hw_esp32.usb_serial import UsbSerial

            serial = UsbSerial()
        Hardware.__init__(self, config, clock, serial, sleep_ms)
        Pin = machine.Pin
        self.machine = machine
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

        self.display = None
        if config["display"]["enabled"]:
            from hw_esp32.display import open_display

            self.display = open_display(machine, config, self.messages)

        self.buzzer = None
        if config["buzzer"]["enabled"] and pins["buzzer"] is not None:
            from hw_esp32.buzzer import Buzzer

            self.buzzer = Buzzer(machine, pins["buzzer"], self.clock)

        self.shutdown()  # dark from the start: WS2812s can wake up lit with noise

    # -- input ---------------------------------------------------------------------------------
    def read_buttons(self):
        """The raw levels as a mask, bit b set while button b is held; allocates nothing."""
        mask = 0
        for bit, pin in self.buttons:
            if pin.value() != self.active_low:
                mask |= bit
        return mask

    # -- output --------------------------------------------------------------------------------
    def show_ring(self, frame):
        """Scale the logical frame under the current budget, reorder it, and send it: power.encode
        writes straight into the driver's own buffer, the frame is left as it is."""
        encode(frame, self.leds.buf, self.brightness, self.budget_ma, self.color_order)
        self.leds.write()
        if self.watchdog is not None:
            self.watchdog.feed()

    def show_text(self, lines):
        """Draw the lines on the OLED, if there is one; it is given up when it stops answering."""
        display = self.display
        if display is not None and not display.show(lines):
            self.messages.append("display: stopped answering; running without it")
            self.display = None

    def play(self, cue):
        """Start a cue on the buzzer, cutting any cue still playing; unknown ids are ignored."""
        if self.buzzer is not None:
            self.buzzer.play(cue)

    # -- time ----------------------------------------------------------------------------------
    def idle(self, ms):
        """Called by the loop every turn: feed the watchdog, sleep, then step the buzzer."""
        if self.watchdog is not None:
            self.watchdog.feed()
        self.sleep_ms(ms)
        if self.buzzer is not None:
            self.buzzer.next_note()

    def start_watchdog(self):
        """Arm machine.WDT once booting is done: a loop that stops turning resets the board."""
        if self.watchdog_ms > 0 and self.watchdog is None:
            self.watchdog = self.machine.WDT(timeout=self.watchdog_ms)

    def relax_watchdog(self):
        """An armed WDT cannot be stopped: when the loop hands the board to the REPL (Ctrl-C, or
        the protocol's `repl`), it is given an hour before it bites (the ESP32 port reconfigures
        the running watchdog)."""
        if self.watchdog is not None:
            self.watchdog = self.machine.WDT(timeout=_RELAXED_WATCHDOG_MS)
            self.watchdog.feed()

    def shutdown(self):
        """Dark and silent: at power-up, when the loop ends, or before a deliberate reset."""
        self.leds.fill((0, 0, 0))
        self.leds.write()
        if self.buzzer is not None:
            self.buzzer.off()
