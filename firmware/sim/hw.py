"""The simulator's hardware layer: the same surface as hw_esp32, with keys and a terminal.

Buttons are a levels mask that the key reader or a script sets; the ring frame goes through
app.power exactly as on the board (so the current cap is exercised), and what the strip would
receive goes to an optional painter (the ANSI terminal); text, cues and log events are kept for
whoever watches. With has_display false (a board without the OLED) the painter gets no text.
"""
# The simulator finds firmware/lib through sys.path at run time; the type checker's roots do not
# include it, so its imports are not resolved here (the app's own files are checked on their own).


from app.power import encode


class SimHardware:
    def __init__(self, clock, config, painter=None, serial=None, display=True):
        self.clock = clock
        self.levels = 0
        self.has_display = display
        self.painter = painter
        self.serial = serial
        power = config.get("power", {})
        self.brightness = power.get("brightness", 96)
        self.budget_ma = power.get("budget_ma", 450)
        self.color_order = config.get("leds", {}).get("color_order", "GRB")
        self.frame = None
        self.wire = None  # the bytes the strip would receive
        self.scale = 0
        self.text = []
        self.cues = []
        self.events = []
        self.on_event = None

    def read_buttons(self):
        return self.levels

    def show_ring(self, frame):
        if self.wire is None or len(self.wire) != len(frame):
            self.wire = bytearray(len(frame))
        self.scale = encode(frame, self.wire, self.brightness, self.budget_ma, self.color_order)
        self.frame = frame
        if self.painter is not None:
            self.painter.ring(self.wire)

    def show_text(self, lines):
        self.text = list(lines)
        if self.painter is not None and self.has_display:
            self.painter.text(self.text)

    def play(self, cue):
        self.cues.append(cue)
        if len(self.cues) > 64:
            self.cues.pop(0)
        if self.painter is not None:
            self.painter.cue(cue)

    def log_event(self, kind, payload):
        """Log events when no serial link takes them (the loop calls this)."""
        if self.on_event is not None:
            self.on_event(kind, payload)

    def serial_read(self):
        return self.serial.read() if self.serial is not None else None

    def serial_write(self, data):
        if self.serial is not None:
            self.serial.write(data)

    def idle(self, ms):
        advance = getattr(self.clock, "advance", None)
        if advance is not None:
            advance(ms)
        else:
            import time

            time.sleep_ms(ms)
