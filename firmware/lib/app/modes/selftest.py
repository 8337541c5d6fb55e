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

from app.board import blink_on
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
from app.cues import CUE_CLICK, CUE_TURN, CUE_WIN
from app.modes.base import Mode

STEP_MS = const(350)  # one colour of one ring
_COLOUR_STEPS = const(3)  # the steps each ring takes: one per colour of SWEEP_COLOURS
SEEN_LEVEL = const(96)  # a quarter whose button has been pressed, out of FULL
REQUIRED = (1 << KEEP) | (1 << SWAP) | (1 << OK)  # BACK is optional

SWEEP_COLOURS = ((255, 0, 0), (0, 255, 0), (0, 0, 255))
# KEEP, SWAP, OK, BACK: the four seat colours chosen to stay most distinct, colour-blind or not
BUTTON_COLOURS = SEAT_COLOURS[:4]

# The OLED's words in each of app.i18n.LANGS.
_WORDS = {
    "fr": {
        "title": "AUTOTEST",
        "ring": "Anneau %d/%d %s",
        "rings_done": "Anneaux: fini",
        "colours": ("rouge", "vert", "bleu"),
        "seen": "vu",
        "held": "APPUYE",
        "optional": "facultatif",
        "press_each": "Appuyez chacun",
        "all_good": "Tout est bon !",
        "exit": "OK long: sortir",
    },
    "en": {
        "title": "SELF-TEST",
        "ring": "Ring %d/%d %s",
        "rings_done": "Rings: done",
        "colours": ("red", "green", "blue"),
        "seen": "seen",
        "held": "DOWN",
        "optional": "optional",
        "press_each": "Press each one",
        "all_good": "All good!",
        "exit": "Hold OK: exit",
    },
}


class SelfTestMode(Mode):
    """The self-test; `back_to` is the mode to return to (None: the setup menu); `on_finish`, if
    given, is called with the result when the test ends (the first-boot hook records there that
    the test has run)."""

    def __init__(self, app, back_to=None, on_finish=None):
        Mode.__init__(self, app)
        self.back_to = back_to  # also what a long BACK (app.open_menu) returns to
        self.on_finish = on_finish
        self.rings = len(app.layout.ring_sizes)
        self.sweep_steps = self.rings * _COLOUR_STEPS
        self.seen = 0  # mask of buttons pressed at least once
        self.held = 0  # mask of buttons down now
        self.passed = False

    # -- the Mode API ----------------------------------------------------------------------------
    def enter(self, now):
        self.started = now
        self.step = 0  # sweep step shown now; sweep_steps once the sweep is over
        self.app.sound(CUE_TURN)  # the buzzer's own check: a tone as the test begins
        self.app.touch()

    def handle(self, event, now):
        app = self.app
        button = event_button(event)
        kind = event_kind(event)
        bit = 1 << button
        if kind == DOWN:
            self.held |= bit
            self.seen |= bit
            app.sound(CUE_CLICK)
            if not self.passed and self.seen & REQUIRED == REQUIRED:
                self.passed = True
                app.sound(CUE_WIN)
        elif kind == UP:
            self.held &= ~bit
        elif kind == LONG and button == OK:
            self.finish(now)
        else:
            return False
        app.touch()
        return True

    def tick(self, now):
        if self.step >= self.sweep_steps:
            return False
        step = min(ticks_diff(now, self.started) // STEP_MS, self.sweep_steps)  # now: never before enter's
        if step == self.step:
            return False
        self.step = step
        self.app.touch()
        return True

    def draw(self, frame, now):
        board = self.app.board
        sweeping = self.step < self.sweep_steps
        if sweeping:  # this step's ring alone in its colour
            board.ring_fill(frame, self.step // _COLOUR_STEPS, SWEEP_COLOURS[self.step % _COLOUR_STEPS])
        elif self.passed:  # green: the centre, else the inner ring; a lone ring blinks all green
            if self.rings == 1 and blink_on(now):
                board.ring_fill(frame, 0, CONFIRM)
                return
            if board.centre >= 0:
                board.centre_led(frame, CONFIRM)
            elif self.rings > 1:
                board.ring_fill(frame, self.rings - 1, CONFIRM)
        # The outer ring's quarters: a held button's in its colour, full, over the sweep too; once
        # the sweep is over the others as well, glowing once pressed, else dim.
        layout = self.app.layout
        outer = layout.ring_sizes[0]
        for k in range(outer):
            # quarter b runs from b * outer // 4 to the next one's start, so k lies in this one:
            button = (BUTTON_COUNT * k + BUTTON_COUNT - 1) // outer
            bit = 1 << button
            index = layout.index(0, k)
            if self.held & bit:
                board.put(frame, index, BUTTON_COLOURS[button])
            elif sweeping:
                continue
            elif self.seen & bit:
                board.put(frame, index, BUTTON_COLOURS[button], SEEN_LEVEL)
            else:
                board.put(frame, index, DIM)

    def lines(self):
        words = _WORDS[self.app.lang]  # the app's language is one of app.i18n.LANGS
        if self.step < self.sweep_steps:
            colour = words["colours"][self.step % _COLOUR_STEPS]
            rings = words["ring"] % (self.step // _COLOUR_STEPS + 1, self.rings, colour)
        else:
            rings = words["rings_done"]
        out = [words["title"], rings]
        for b in range(BUTTON_COUNT):
            bit = 1 << b
            if self.held & bit:
                status = words["held"]
            elif self.seen & bit:
                status = words["seen"]
            elif b == BACK:
                status = words["optional"]
            else:
                status = "--"
            out.append("%-5s %s" % (BUTTON_NAMES[b], status))
        return out + [words["all_good" if self.passed else "press_each"], words["exit"]]

    # -- ending ------------------------------------------------------------------------------------
    def finish(self, now):
        """Log the result (passed, the buttons seen by name), tell on_finish, and leave."""
        buttons = []
        for b in range(BUTTON_COUNT):
            if self.seen & (1 << b):
                buttons.append(BUTTON_NAMES[b])
        result = {"passed": self.passed, "buttons": buttons, "rings": self.rings,
                  "sweep_done": self.step >= self.sweep_steps}
        app = self.app
        app.log("selftest", result)
        if self.on_finish:
            self.on_finish(result)
        if self.back_to:
            app.switch(self.back_to, now)
        else:
            app.to_setup(now)
