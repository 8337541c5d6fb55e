"""The terminal face of the simulator: the LED target in ANSI colours, the OLED beside it, keys.

The target is drawn as the real disc is built: each ring a circle of dots, ring 0 outside, LED k
of a ring at the angle k/size of a turn clockwise from the top. Keys become button presses with
the timing a finger would give them (the debouncer and the long-press logic run as on the board).
"""
# The simulator finds firmware/lib through sys.path at run time; the type checker's roots do not
# include it, so its imports are not resolved here (the app's own files are checked on their own).


import math
import sys

from app.buttons import BACK, KEEP, OK, SWAP
from app.clock import ticks_add, ticks_diff

ROWS = 19  # the target's height in lines; its width is twice that, as characters are tall
RADII = (1.0, 0.8, 0.62, 0.45, 0.28)  # each ring's radius as a share of the outer one
PRESS_MS = 90


def _cue_names():
    """The app's sound cues (app.cues CUE_*) by id, as words: the terminal prints a cue so."""
    import app.cues

    names = {}
    for name in dir(app.cues):
        if name.startswith("CUE_"):
            names[getattr(app.cues, name)] = name[4:].lower()
    return tuple(names.get(cue, str(cue)) for cue in range(len(names)))


CUE_NAMES = _cue_names()
HELP = ("k KEEP  s SWAP  o/Enter OK  b BACK",
        "K S O B (capitals): long press",
        "p hold/release OK (peek)  q quit")
CSI = "\x1b["


def grid_positions(layout):
    """{(row, col): physical LED index} for a layout; colliding dots move one column out."""
    cells = {}
    half = ROWS // 2
    sizes = layout.ring_sizes
    for ring in range(len(sizes)):
        size = sizes[ring]
        if size == 1 and ring == len(sizes) - 1 and ring > 0:
            cells[(half, 2 * half)] = layout.index(ring, 0)
            continue
        radius = RADII[ring] if ring < len(RADII) else RADII[-1] * 0.5 ** (ring - len(RADII) + 1)
        for k in range(size):
            angle = 2 * math.pi * k / size
            row = int(round(half - radius * half * math.cos(angle)))
            col = int(round(2 * half + 2 * radius * half * math.sin(angle)))
            while (row, col) in cells:
                col += 1 if math.sin(angle) >= 0 else -1
            cells[(row, col)] = layout.index(ring, k)
    return cells


class Painter:
    """Draws the ring and the OLED text with ANSI escapes on stdout."""

    def __init__(self, layout, out=None, colour=True):
        self.out = out or sys.stdout
        self.cells = grid_positions(layout)
        self.width = 4 * (ROWS // 2) + 3
        self.frame = None
        self.lines = []
        self.status = ""
        self.sound = ""
        self.colour = colour

    def clear(self):
        self.out.write(CSI + "2J" + CSI + "H")

    def ring(self, frame):
        self.frame = bytes(frame)
        self.paint()

    def text(self, lines):
        self.lines = list(lines)
        self.paint()

    def cue(self, cue):
        """Sounds show as a word under the keys (the board plays them on its buzzer)."""
        name = CUE_NAMES[cue] if 0 <= cue < len(CUE_NAMES) else str(cue)
        self.sound = "sound: " + name
        self.paint()

    def paint(self):
        out = [CSI + "H"]
        for row in range(ROWS):
            out.append(self._row(row))
            out.append("   " + self._oled_line(row) + CSI + "K\r\n")
        out.append(CSI + "K\r\n")
        for line in HELP:
            out.append(line + CSI + "K\r\n")
        out.append(self.sound + CSI + "K\r\n")
        out.append(self.status + CSI + "K\r\n")
        self.out.write("".join(out))

    def _row(self, row):
        parts = []
        frame = self.frame
        for col in range(self.width):
            index = self.cells.get((row, col))
            if index is None:
                parts.append(" ")
            elif frame is None:
                parts.append(".")
            else:
                r, g, b = frame[3 * index], frame[3 * index + 1], frame[3 * index + 2]
                if r or g or b:
                    # LEDs are bright at low values; lift dim ones so the terminal shows them
                    top = max(r, g, b)
                    lift = 255 / top if top < 140 else 1
                    r, g, b = int(r * lift), int(g * lift), int(b * lift)
                    parts.append(("%s38;2;%d;%d;%dm" % (CSI, r, g, b) if self.colour else "")
                                 + "o" + (CSI + "0m" if self.colour else ""))
                else:
                    parts.append(CSI + "90m.%s0m" % CSI if self.colour else ".")
        return "".join(parts)

    def _oled_line(self, row):
        lines = self.lines
        if row == 0 or row == 9:
            return "+" + "-" * 16 + "+"
        if 1 <= row <= 8:
            text = lines[row - 1] if row - 1 < len(lines) else ""
            return "|" + text + " " * (16 - len(text)) + "|"
        return ""


class KeyPresses:
    """Keys to button levels: a key is a short press, a capital a long one, p toggles OK held."""

    def __init__(self, clock, long_ms):
        self.clock = clock
        self.long_ms = long_ms
        self.release_at = [None, None, None, None]
        self.toggled = 0  # buttons held by a toggle key
        self.quit = False

    def key(self, ch):
        now = self.clock.ticks_ms()
        if ch in ("q", "\x03", "\x04"):
            self.quit = True
            return
        if ch == "p":
            self.toggled ^= 1 << OK
            return
        button = _KEY_BUTTONS.get(ch.lower()) if ch else None
        if button is None:
            return
        hold = self.long_ms + 150 if ch.isupper() else PRESS_MS
        self.release_at[button] = ticks_add(now, hold)

    def levels(self):
        now = self.clock.ticks_ms()
        mask = self.toggled
        for b in range(4):
            at = self.release_at[b]
            if at is not None:
                if ticks_diff(at, now) > 0:
                    mask |= 1 << b
                else:
                    self.release_at[b] = None
        return mask


_KEY_BUTTONS = {"k": KEEP, "s": SWAP, "o": OK, "\r": OK, "\n": OK, "b": BACK}


class Keys(KeyPresses):
    """The raw, non-blocking keyboard; restore() puts the terminal back as it was."""

    def __init__(self, clock, long_ms):
        import select
        import termios

        KeyPresses.__init__(self, clock, long_ms)
        self.termios = termios
        self.fd = 0
        self.saved = termios.tcgetattr(self.fd)
        termios.setraw(self.fd)
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)

    def restore(self):
        self.termios.tcsetattr(self.fd, self.termios.TCSANOW, self.saved)

    def wait(self, ms):
        """Sleep up to ms, taking any keys that arrive."""
        for _obj, _flags in self.poller.poll(ms):
            self.key(sys.stdin.read(1))
