"""The simulator's hardware layer: app.hardware's interface, with keys and a terminal.

Buttons are a levels mask that the key reader or a script sets; the ring frame goes through
app.power exactly as on the board (so the current cap is exercised), and what the strip would
receive goes to an optional painter (the ANSI terminal); text, cues and log events are kept for
whoever watches. With has_display false (a board without the OLED) the painter gets no text.
"""
# The simulator finds firmware/lib through sys.path at run time; the type checker's roots do not
# include it, so its imports are not resolved here (the app's own files are checked on their own).


from app.clock import ManualClock
from app.hardware import Hardware
from app.power import encode


class SimHardware(Hardware):
    """Built as every layer is (app.hardware), and painter: the terminal's, or None. The clock is
    a ManualClock (a new one when None), which idle moves unless sleep_ms is given."""

    def __init__(self, config, clock=None, serial=None, sleep_ms=None, painter=None):
        clock = clock or ManualClock()
        Hardware.__init__(self, config, clock, serial, sleep_ms or clock.advance)
        self.levels = 0
        self.has_display = config["display"]["enabled"]
        self.painter = painter
        power = config["power"]
        self.brightness = power["brightness"]
        self.budget_ma = power["budget_ma"]
        self.color_order = config["leds"]["color_order"]
        self.frame = None
        self.wire = None  # the bytes the strip would receive
        self.scale = 0
        self.text = []
        self.cues = []
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

    def idle(self, ms):
        self.sleep_ms(ms)

    def log_event(self, kind, payload):
        """Log events when no serial link takes them (the loop calls this)."""
        if self.on_event is not None:
            self.on_event(kind, payload)
