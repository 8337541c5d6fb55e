"""The self-test a new build runs at first boot (also in the menu): each ring lit in turn, each
button echoed.

1. The sweep: every ring, outer first and the centre LED last, is lit alone in red, then green,
   then blue, STEP_MS each, while the OLED names the ring and the colour. A ring that stays dark
   is a broken DOUT-DIN link; colours that do not match their names mean the wrong
   leds.color_order; a ring lit in the wrong place means wrong leds.rings or leds.outer_first.
2. The buttons: the outer ring is cut into four quarters, one per button (KEEP, SWAP, OK, BACK in
   the direction of play from angle 0). A quarter is dim until its button has been pressed, then
   glows in the button's colour, and lights fully while the button is held; each press clicks the
   buzzer and names the button on the OLED. Buttons pressed during the sweep count too.
3. Once KEEP, SWAP and OK have all been seen (BACK is optional: 3-button builds have none), the
   centre (or the inner ring) turns green. A long OK ends the test at any time and returns to the
   menu; the result goes to the log as a "selftest" event.
"""

from engine.compat import const

from app.board import FULL, blink_on
from app.buttons import (
    BACK,
    BUTTON_COUNT,
    BUTTON_NAMES,
    DOWN,
    KEEP,
    LONG,
    OK,
    SWAP,
    UP,
    event_button,
    event_kind,
)
from app.clock import ticks_diff
from app.colours import CONFIRM, DIM, SEAT_COLOURS
from app.core import CUE_CLICK, CUE_TURN, CUE_WIN
from app.modes.base import Mode

STEP_MS = const(350)  # one colour of one ring
SEEN_LEVEL = const(96)  # a quarter whose button has been pressed, out of FULL
REQUIRED = (1 << KEEP) | (1 << SWAP) | (1 << OK)  # BACK is optional

SWEEP_COLOURS = ((255, 0, 0), (0, 255, 0), (0, 0, 255))
# KEEP, SWAP, OK, BACK: the four seat colours chosen to stay most distinct, colour-blind or not
BUTTON_COLOURS = SEAT_COLOURS[:4]

_WORDS = {
    "title": ("AUTOTEST", "SELF-TEST"),
    "ring": ("Anneau %d/%d %s", "Ring %d/%d %s"),
    "rings_done": ("Anneaux: fini", "Rings: done"),
    "colours": (("rouge", "vert", "bleu"), ("red", "green", "blue")),
    "seen": ("vu", "seen"),
    "held": ("APPUYE", "DOWN"),
    "optional": ("facultatif", "optional"),
    "press_each": ("Appuyez chacun", "Press each one"),
    "all_good": ("Tout est bon !", "All good!"),
    "exit": ("OK long: sortir", "Hold OK: exit"),
}


def word(lang, key):
    return _WORDS[key][1 if lang == "en" else 0]


class SelfTestMode(Mode):
    """The self-test; `back_to` is the mode to return to (None: the setup menu); `on_finish`, if
    given, is called with result() when the test ends (the first-boot hook records there that
    the test has run)."""

    holds_ok = True  # a long OK ends the test here: there is no game to undo

    def __init__(self, app, back_to=None, on_finish=None):
        Mode.__init__(self, app)
        self.back_to = back_to  # also what a long BACK (app.open_menu) returns to
        self.on_finish = on_finish
        layout = app.layout
        self.rings = len(layout.ring_sizes)
        self.sweep_steps = self.rings * len(SWEEP_COLOURS)
        self.started = 0
        self.step = 0  # sweep step shown now; sweep_steps once the sweep is over
        self.seen = 0  # mask of buttons pressed at least once
        self.held = 0  # mask of buttons down now
        self.passed = False
        self.finished = False
        # The quarter of the outer ring that echoes each button: its first position and length.
        outer = layout.ring_sizes[0]
        self._quarter_start = [b * outer // BUTTON_COUNT for b in range(BUTTON_COUNT)]
        self._quarter_len = [(b + 1) * outer // BUTTON_COUNT - b * outer // BUTTON_COUNT
                             for b in range(BUTTON_COUNT)]
        self._quarter_of = bytearray(outer)  # outer-ring position -> the button it echoes
        for b in range(BUTTON_COUNT):
            for j in range(self._quarter_len[b]):
                self._quarter_of[self._quarter_start[b] + j] = b

    # -- the Mode API ----------------------------------------------------------------------------
    def enter(self, now):
        self.started = now
        self.step = 0
        self.app.sound(CUE_TURN)  # the buzzer's own check: a tone as the test begins
        self.app.touch()

    def handle(self, event, now):
        button = event_button(event)
        kind = event_kind(event)
        bit = 1 << button
        if kind == DOWN:
            self.held |= bit
            self.seen |= bit
            self.app.sound(CUE_CLICK)
            if not self.passed and self.seen & REQUIRED == REQUIRED:
                self.passed = True
                self.app.sound(CUE_WIN)
        elif kind == UP:
            self.held &= ~bit
        elif kind == LONG and button == OK:
            self.finish(now)
        else:
            return False
        self.app.touch()
        return True

    def tick(self, now):
        if self.step >= self.sweep_steps:
            return False
        step = ticks_diff(now, self.started) // STEP_MS
        if step < 0:
            step = 0
        if step > self.sweep_steps:
            step = self.sweep_steps
        if step == self.step:
            return False
        self.step = step
        self.app.touch()
        return True

    def draw(self, frame, now):
        board = self.app.board
        if self.step < self.sweep_steps:
            self._draw_sweep(frame)
            return
        if self.passed and self.rings == 1 and blink_on(now):
            board.ring_fill(frame, 0, CONFIRM)  # a lone ring: the passed state blinks it green
            return
        for b in range(BUTTON_COUNT):
            bit = 1 << b
            if self.held & bit:
                self._quarter(frame, b, FULL)
            elif self.seen & bit:
                self._quarter(frame, b, SEEN_LEVEL)
            else:
                self._quarter_dim(frame, b)
        if self.passed:
            if board.centre >= 0:
                board.centre_led(frame, CONFIRM)
            elif self.rings > 1:
                board.ring_fill(frame, self.rings - 1, CONFIRM)

    def lines(self):
        lang = self.app.lang
        out = [word(lang, "title")]
        if self.step < self.sweep_steps:
            ring = self.step // len(SWEEP_COLOURS)
            colour = word(lang, "colours")[self.step % len(SWEEP_COLOURS)]
            out.append(word(lang, "ring") % (ring + 1, self.rings, colour))
        else:
            out.append(word(lang, "rings_done"))
        for b in range(BUTTON_COUNT):
            bit = 1 << b
            if self.held & bit:
                status = word(lang, "held")
            elif self.seen & bit:
                status = word(lang, "seen")
            elif b == BACK:
                status = word(lang, "optional")
            else:
                status = "--"
            out.append("%-5s %s" % (BUTTON_NAMES[b], status))
        out.append(word(lang, "all_good") if self.passed else word(lang, "press_each"))
        out.append(word(lang, "exit"))
        return out

    # -- ending ------------------------------------------------------------------------------------
    def result(self):
        """What the log records: passed, and the buttons seen by name."""
        return {
            "passed": self.passed,
            "buttons": [BUTTON_NAMES[b] for b in range(BUTTON_COUNT) if self.seen & (1 << b)],
            "rings": self.rings,
            "sweep_done": self.step >= self.sweep_steps,
        }

    def finish(self, now):
        if self.finished:
            return
        self.finished = True
        result = self.result()
        self.app.log("selftest", result)
        if self.on_finish is not None:
            self.on_finish(result)
        if self.back_to is not None:
            self.app.switch(self.back_to, now)
        else:
            self.app.to_setup(now)

    # -- drawing helpers (no allocation) ---------------------------------------------------------
    def _draw_sweep(self, frame):
        """The ring of this step alone in its colour; on the outer ring a held button's quarter
        shows the button's colour instead, so a press is echoed during the sweep too."""
        layout = self.app.layout
        board = self.app.board
        ring = self.step // len(SWEEP_COLOURS)
        colour = SWEEP_COLOURS[self.step % len(SWEEP_COLOURS)]
        for k in range(layout.ring_sizes[ring]):
            button = self._quarter_of[k] if ring == 0 else 0
            if ring == 0 and self.held & (1 << button):
                board.put(frame, layout.index(0, k), BUTTON_COLOURS[button])
            else:
                board.put(frame, layout.index(ring, k), colour)
        if ring != 0:
            for b in range(BUTTON_COUNT):
                if self.held & (1 << b):
                    self._quarter(frame, b, FULL)

    def _quarter(self, frame, button, level):
        self._paint_quarter(frame, button, BUTTON_COLOURS[button], level)

    def _quarter_dim(self, frame, button):
        self._paint_quarter(frame, button, DIM, FULL)

    def _paint_quarter(self, frame, button, rgb, level):
        layout = self.app.layout
        board = self.app.board
        start = self._quarter_start[button]
        for j in range(self._quarter_len[button]):
            board.put(frame, layout.index(0, start + j), rgb, level)
