"""Scripted runs: timed button events on a manual clock, frames and events written as JSON lines.

A script is a text file of lines `t_ms BUTTON down|up` (t_ms from the start, BUTTON one of KEEP,
SWAP, OK, BACK or k, s, o, b), in time order (equal times keep their order); blank lines and lines
starting with # are ignored. read_steps streams it, one line at a time, so a script of any length
runs in the same memory. The output has one JSON object a line: {"t": ms, "frame": hex} when the
ring changed (logical RGB, 6 hex digits an LED), {"t": ms, "text": [...]} when the OLED changed,
{"t": ms, "cue": id} and {"t": ms, "event": type, "payload": {...}} for the log events.

Driver does the same from code: tests press buttons through the real debouncer and loop.
"""


import json

from app.buttons import BACK, BUTTON_NAMES, KEEP, OK, SWAP
from app.loop import step

_BUTTON_KEYS = {"k": KEEP, "s": SWAP, "o": OK, "b": BACK}
PRESS_MS = 80  # a short press: well past the debounce, well short of a long press
GAP_MS = 60


class ScriptError(ValueError):
    pass


def parse_button(word):
    upper = word.upper()
    if upper in BUTTON_NAMES:
        return BUTTON_NAMES.index(upper)
    if word.lower() in _BUTTON_KEYS:
        return _BUTTON_KEYS[word.lower()]
    raise ScriptError("unknown button %r (use KEEP, SWAP, OK, BACK)" % word)


def read_steps(lines):
    """Yield (t_ms, button, down) for each script line of `lines` (an open file or a list of
    strings), keeping none of them; a bad line, or one earlier than the line before it, raises
    ScriptError naming it."""
    number = 0
    last = 0
    for line in lines:
        number += 1
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 3 or parts[2].lower() not in ("down", "up"):
            raise ScriptError("line %d: expected 't_ms BUTTON down|up', got %r" % (number, line))
        try:
            t = int(parts[0])
        except ValueError:
            raise ScriptError("line %d: %r is not a time in ms" % (number, parts[0])) from None
        if t < 0:
            raise ScriptError("line %d: negative time" % number)
        if t < last:
            raise ScriptError("line %d: %d ms comes before the line above (%d ms): a script is in "
                              "time order" % (number, t, last))
        last = t
        try:
            button = parse_button(parts[1])
        except ScriptError as err:
            raise ScriptError("line %d: %s" % (number, err)) from None
        yield t, button, parts[2].lower() == "down"


def parse_script(text):
    """[(t_ms, button, down)] of a script held in a string (a short one: tests)."""
    return list(read_steps(text.split("\n")))


def _no_step(elapsed):
    pass


class Driver:
    """Runs the real loop on a manual clock; presses buttons by setting the levels the loop reads."""

    def __init__(self, app, hw, debouncer, link=None, period_ms=10, record=True):
        self.app = app
        self.hw = hw
        self.debouncer = debouncer
        self.link = link
        self.period_ms = period_ms
        self.elapsed = 0
        self.on_step = _no_step  # called with the ms elapsed after every loop turn
        # the presses so far, as script lines, so that a test's run can be replayed exactly; it
        # grows with every press, so long runs (a script played by run.py) pass record=False
        self.script = []
        self.record = record

    def run_for(self, ms):
        end = self.elapsed + ms
        while self.elapsed < end:
            self.turn()

    def turn(self):
        step(self.app, self.hw, self.debouncer, self.link)
        self.on_step(self.elapsed)
        self.hw.idle(self.period_ms)
        self.elapsed += self.period_ms

    def down(self, button):
        self.hw.levels |= 1 << button
        if self.record:
            self.script.append("%d %s down" % (self.elapsed, BUTTON_NAMES[button]))

    def up(self, button):
        self.hw.levels &= ~(1 << button)
        if self.record:
            self.script.append("%d %s up" % (self.elapsed, BUTTON_NAMES[button]))

    def press(self, button, hold_ms=PRESS_MS):
        self.down(button)
        self.run_for(hold_ms)
        self.up(button)
        self.run_for(GAP_MS)

    def long(self, button):
        self.press(button, self.debouncer.long_ms + 100)


class Recorder:
    """Writes what the device shows and logs, as JSON lines, to an open file."""

    def __init__(self, out, app, hw):
        self.out = out
        self.app = app
        self.hw = hw
        self.frames = 0
        self._frame = None
        self._text = None
        self._cues = 0
        hw.on_event = self.event
        self.t = 0

    def write(self, obj):
        self.out.write(json.dumps(obj))
        self.out.write("\n")

    def event(self, kind, payload):
        self.write({"t": self.t, "event": kind, "payload": payload})

    def after_step(self, elapsed):
        self.t = elapsed
        hw = self.hw
        if hw.frame is not None and hw.frame != self._frame:
            self._frame = bytes(hw.frame)
            self.frames += 1
            self.write({"t": elapsed, "frame": hexlify(self._frame)})
        if hw.text != self._text:
            self._text = hw.text
            self.write({"t": elapsed, "text": hw.text})
        while self._cues < len(hw.cues):
            self.write({"t": elapsed, "cue": hw.cues[self._cues]})
            self._cues += 1
        if len(hw.cues) > 32:  # keep the list short; the recorder has written them
            del hw.cues[: self._cues]
            self._cues = 0


def hexlify(data):
    import binascii

    return binascii.hexlify(data).decode()


def run_script(driver, steps, tail_ms=3000):
    """Apply the timed button levels of steps (any iterable, read_steps' stream included), then
    run tail_ms more; returns the ms simulated."""
    for t, button, down in steps:
        if t > driver.elapsed:
            driver.run_for(t - driver.elapsed)
        if down:
            driver.down(button)
        else:
            driver.up(button)
    driver.run_for(tail_ms)
    return driver.elapsed
