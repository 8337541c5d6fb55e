"""The terminal face of the simulator: the LED target as the LEDs light it, the OLED beside it, keys.

The target is drawn as the real disc is built: each ring a circle of dots, ring 0 outside, LED k
of a ring at the angle k/size of a turn clockwise from the top, on a black face as the device's.
Keys become button presses that last a number of the loop's turns (KeyPresses; the debouncer and
the long-press logic run as on the board), on a clock that moves PERIOD_MS a turn (TurnPace), so
that a busy host can neither lose a key nor lengthen a press.

What a dot shows is what its LED shows: the bytes the strip receives (app.power's scaling by
`power.brightness`, lowered further by the current cap when a frame would draw too much), in the
LED's true relative brightness. The LED at the configured brightness is the terminal's full
colour, so a frame the cap dims looks dimmer, as on the board. The light of an LED is linear in
its byte; a terminal's colour is sRGB, whose coding is close to how light looks. So a dot's colour
is computed from the LED's linear light, in three steps:
  1. the hue: the LED's colour at full intensity (its bytes divided by the largest). A colour
     whose OKLab lightness is under LIFT_L is lightened to it, keeping its OKLab hue: on a dark
     screen pure blue (lightness 0.45, a contrast of 2.4 with black) is barely seen, where the
     blue LED is bright. Of the seat and UI colours only J1's blue changes, to (15, 76, 255)
     (contrast 3.5, the least WCAG asks of graphics being 3). LIFT_L is the lightest that keeps
     the seats as far apart through the colour-blindness simulations as the device's colours are
     (a CIELAB difference of 27.6, tests/portable/test_hw_ring.py); a lighter blue comes near
     J7's violet for protanopes.
  2. the intensity m (0 to 1, linear light: the largest byte over the configured brightness) is
     taken to a lightness factor k = DIM_FLOOR + (1 - DIM_FLOOR) * m^(1/3). m^(1/3) alone would be
     exact (OKLab's lightness is the cube root of linear light, so scaling OKLab by k is scaling
     light by k^3); DIM_FLOOR keeps the dimmest LED the app lights (about 9% of full: a menu's
     unchosen seat, the rails) off a dark background, and keeps every level in its order.
  3. the hue's linear light times k^3, sRGB-coded. With 24-bit colour (COLORTERM=truecolor or
     24bit) that is the colour sent; else the nearest of the 240 fixed colours of a 256-colour
     terminal, by OKLab distance (the 16 first are the theme's own, so they are not used).
The partial LED of a short bar, the menu's bots, the winner's blink all keep their difference.
A lit LED is a filled dot (an `@` when LANG/LC_ALL/LC_CTYPE name no UTF-8), an unlit one a grey
`·` (`.`). Without colour (NO_COLOR set) the glyph alone tells: bright, dim (under DIM_GLYPH_M),
unlit.

The OLED panel shows what the board's OLED draws (hw_esp32.display): the first height/8 lines,
each cut at width/8 characters, accents folded to its font; with `display.enabled: false` there
is no panel, as the board has none. The layout needs 68 columns and 21 lines (Painter.needs); a
smaller terminal gets a line saying what size it needs instead of a picture that would scroll,
and the picture comes back when the terminal grows (Keys asks the terminal its size every
SIZE_POLL_MS: the unix port has no ioctl for it, and a cursor position report needs none).
"""
# The simulator finds firmware/lib through sys.path at run time; the type checker's roots do not
# include it, so its imports are not resolved here (the app's own files are checked on their own).


import math
import sys

from app.buttons import BACK, KEEP, OK, SWAP
from app.clock import ticks_add, ticks_diff
from app.loop import PERIOD_MS
from hw_esp32.display import ascii_line

ROWS = 19  # the target's height in lines; its width is twice that, as characters are tall
RADII = (1.0, 0.8, 0.62, 0.45, 0.28)  # each ring's radius as a share of the outer one
PRESS_READS = 8  # the reads of the loop a short press is down (KeyPresses)
GAP_READS = 8  # the reads every button is up between two presses
LONG_EXTRA_MS = 150  # a long press is held this much past long_ms
QUEUED_PRESSES = 16  # 2.5 s of presses: keys typed ahead while the host is stalled
MAX_LATE_MS = 100  # the most the simulator's clock catches up on the wall clock (TurnPace)


def _cue_names():
    """The app's sound cues (app.cues CUE_*) by id, as words: the terminal prints a cue so."""
    import app.cues

    names = {}
    for name in dir(app.cues):
        if name.startswith("CUE_"):
            names[getattr(app.cues, name)] = name[4:].lower()
    return tuple(names.get(cue, str(cue)) for cue in range(len(names)))


CUE_NAMES = _cue_names()
# The terminal's own words, in the table's language (config "language", fixed while the simulator
# runs: set_config's change is read at the next start, as on the board): the keys (a short OK
# never plays, app/modes/base.py: holding it does; undo is in the game menu), the panel's absence,
# the last sound (a cue by its app.cues name) and the terminal too small. Accents are folded
# (hw_esp32.display.ascii_line) on a terminal that is not UTF-8.
WORDS = {
    "fr": {
        "help": ("k KEEP  s SWAP  b BACK",
                 "o ou Entr\u00e9e : OK",
                 "K S O B : appui long",
                 "O joue, B : menu (annuler)",
                 "p tient/l\u00e2che OK  q quitte"),
        "no_display": ("Pas d'OLED sur cette carte",
                       "(display.enabled: false) :",
                       "l'anneau seul le montre."),
        "sound": "son : ",
        "cues": {"click": "clic", "act": "coup", "error": "erreur", "round": "fin du tour",
                 "lose": "cercle perdu", "win": "victoire", "undo": "annul\u00e9", "turn": "\u00e0 vous"},
        "too_small": "Ce terminal fait %dx%d ; le simulateur a besoin de %dx%d. Agrandissez la "
                     "fen\u00eatre (la partie continue ; q quitte).",
    },
    "en": {
        "help": ("k KEEP  s SWAP  b BACK",
                 "o or Enter: OK",
                 "K S O B: long press",
                 "O plays, B: menu (undo)",
                 "p hold/release OK  q quit"),
        "no_display": ("No OLED on this board",
                       "(display.enabled: false):",
                       "the ring alone shows it."),
        "sound": "sound: ",
        "cues": {},  # the cues' own names
        "too_small": "This terminal is %dx%d; the simulator needs %dx%d. Enlarge the window (the "
                     "game goes on; q quits).",
    },
}
CSI = "\x1b["
GAP = 3  # columns between the target and the panel
SIZE_POLL_MS = 1000
SIZE_ANSWER_MS = 300

# colour modes of a terminal
TRUECOLOUR = "truecolor"
COLOURS_256 = "256"
NO_COLOUR = "none"

LIFT_L = 0.52  # the least OKLab lightness of a colour at full intensity
DIM_FLOOR = 0.25  # the lightness factor of an LED lit at the least intensity
DIM_GLYPH_M = 0.3  # without colour, an LED under this intensity shows as dim
UNLIT = (60, 60, 60)  # sRGB of an unlit LED's dot
OLED_INK = (230, 235, 255)  # sRGB of the OLED's text (white pixels on its black glass)
GLYPHS_UTF8 = ("\u25cf", "\u25cb", "\u00b7")  # lit, dim (without colour), unlit
GLYPHS_ASCII = ("@", "o", ".")
BOX_UTF8 = "\u250c\u2500\u2510\u2502\u2514\u2518"  # corners and sides of the OLED panel
BOX_ASCII = "+-+|++"


def terminal_traits(getenv):
    """(colour mode, UTF-8?) from the environment, getenv(name) -> str or None."""
    if getenv("NO_COLOR"):
        colours = NO_COLOUR
    elif (getenv("COLORTERM") or "").lower() in ("truecolor", "24bit"):
        colours = TRUECOLOUR
    else:
        colours = COLOURS_256
    lc_ctype = getenv("LC_CTYPE")
    lang = getenv("LANG")
    if lc_ctype == "C.UTF-8" and lang:
        # .venv/bin/micropython is started by a CPython launcher, which turns a C locale's
        # LC_CTYPE into C.UTF-8 (PEP 538): LANG still says what the terminal was set up for
        lc_ctype = None
    locale = (getenv("LC_ALL") or lc_ctype or lang or "").lower()  # the C library's order
    return colours, ("utf-8" in locale or "utf8" in locale)


# -- colour ------------------------------------------------------------------------------------
def oklab(r, g, b):
    """OKLab (L, a, b) of linear sRGB light (0 to 1 a channel); Ottosson's matrices."""
    l_ = _cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
    m_ = _cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
    s_ = _cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
    return (0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_,
            1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_,
            0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_)


def linear_from_oklab(lightness, a, b):
    l_ = lightness + 0.3963377774 * a + 0.2158037573 * b
    m_ = lightness - 0.1055613458 * a - 0.0638541728 * b
    s_ = lightness - 0.0894841775 * a - 1.2914855480 * b
    l3, m3, s3 = l_ * l_ * l_, m_ * m_ * m_, s_ * s_ * s_
    return (4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
            -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
            -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3)


def _cbrt(x):
    return x ** (1 / 3) if x > 0 else -((-x) ** (1 / 3))


def srgb_byte(x):
    """Linear light 0..1 to an sRGB byte."""
    if x <= 0:
        return 0
    if x >= 1:
        return 255
    coded = 12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055
    return int(coded * 255 + 0.5)


def lifted(r, g, b):
    """A colour at full intensity (linear, largest channel 1) lightened to LIFT_L if darker,
    keeping its OKLab hue and as much of its chroma as sRGB holds at that lightness."""
    lightness, a, bb = oklab(r, g, b)
    if lightness >= LIFT_L:
        return r, g, b
    low, high = 0.0, 1.0  # the share of the chroma kept
    for _ in range(24):
        mid = (low + high) / 2
        rgb = linear_from_oklab(LIFT_L, a * mid, bb * mid)
        if min(rgb) >= 0 and max(rgb) <= 1:
            low = mid
        else:
            high = mid
    rgb = linear_from_oklab(LIFT_L, a * low, bb * low)
    return max(0.0, rgb[0]), max(0.0, rgb[1]), max(0.0, rgb[2])


def led_srgb(r, g, b, full):
    """The sRGB a dark terminal shows for an LED receiving bytes r, g, b (logical order) when
    `full` is the configured brightness; None for an unlit LED."""
    top = max(r, g, b)
    if top <= 0:
        return None
    m = top / full if top < full else 1.0
    hue = lifted(r / top, g / top, b / top)
    k = DIM_FLOOR + (1 - DIM_FLOOR) * m ** (1 / 3)
    light = k * k * k
    return srgb_byte(hue[0] * light), srgb_byte(hue[1] * light), srgb_byte(hue[2] * light)


_CUBE = (0, 95, 135, 175, 215, 255)  # the levels of the 6x6x6 cube of colours 16-231


def xterm_srgb(index):
    """The sRGB of 256-colour index 16-255 (the cube, then 24 greys)."""
    if index >= 232:
        v = 8 + 10 * (index - 232)
        return v, v, v
    index -= 16
    return _CUBE[index // 36], _CUBE[index // 6 % 6], _CUBE[index % 6]


def srgb_linear(v):
    """An sRGB byte to linear light 0..1."""
    x = v / 255
    return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4


_PALETTE_LAB = []


def nearest_xterm(srgb):
    """The 256-colour index (16-255) nearest to an sRGB colour, by OKLab distance."""
    if not _PALETTE_LAB:
        for index in range(16, 256):
            c = xterm_srgb(index)
            _PALETTE_LAB.append(oklab(srgb_linear(c[0]), srgb_linear(c[1]), srgb_linear(c[2])))
    want = oklab(srgb_linear(srgb[0]), srgb_linear(srgb[1]), srgb_linear(srgb[2]))
    best = 0
    best_d = 99.0
    for i in range(len(_PALETTE_LAB)):
        p = _PALETTE_LAB[i]
        d = (p[0] - want[0]) ** 2 + (p[1] - want[1]) ** 2 + (p[2] - want[2]) ** 2
        if d < best_d:
            best, best_d = i, d
    return 16 + best


# -- the target --------------------------------------------------------------------------------
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
    """Draws the target, the OLED panel, the keys and a status line with ANSI escapes.

    Screen: the target's black face from column 1 (one blank column each side of the dots), the
    panel and the keys GAP columns to its right, the status from the second line under the target
    on, wrapped over the lines the terminal has.
    ring(wire) takes the bytes the strip receives, in the strip's colour order.
    """

    def __init__(self, layout, config, out=None, colours=TRUECOLOUR, utf8=True):
        self.out = out or sys.stdout
        cells = grid_positions(layout)
        # the target's rows as lists of (col, LED index), the columns shifted past the margin
        self.rows = [[] for _ in range(ROWS)]
        left = min(col for _row, col in cells)
        for (row, col), index in cells.items():
            self.rows[row].append((col - left + 1, index))
        for row in self.rows:
            row.sort()
        self.face = max(col for _row, col in cells) - left + 3  # the black face's width
        order = config["leds"]["color_order"]
        self.channels = (order.find("R"), order.find("G"), order.find("B"))
        self.full = config["power"]["brightness"]
        display = config["display"]
        self.oled = (display["width"] // 8, display["height"] // 8) if display["enabled"] else None
        self.colours = colours
        self.glyphs = GLYPHS_UTF8 if utf8 else GLYPHS_ASCII
        self.box = BOX_UTF8 if utf8 else BOX_ASCII
        self.wire = None
        self.lines = []
        self.status = ""
        self.words = terminal_words(config["language"], utf8)
        self.sound = ""
        self.size = None  # the terminal's (columns, lines), None until it has told
        self._inks = {}  # wire colour -> its escape and glyph
        words = self.words
        side = max([len(line) for line in words["help"] + words["no_display"]]
                   + [len(words["sound"] + name) for name in words["cues"]])
        if self.oled is not None:
            side = max(side, self.oled[0] + 2)
        self.needs = (self.face + GAP + side, ROWS + 2)  # (columns, lines)

    # -- what the hardware layer calls ----------------------------------------------------------
    def ring(self, wire):
        self.wire = bytes(wire)
        self.paint()

    def text(self, lines):
        """The OLED's lines, as the board draws them (Esp32Hardware.show_text)."""
        if self.oled is None:
            return
        width, height = self.oled
        self.lines = [ascii_line(line[:width]) for line in lines[:height]]
        self.paint()

    def cue(self, cue):
        """Sounds show as a word under the keys (the board plays them on its buzzer)."""
        name = CUE_NAMES[cue] if 0 <= cue < len(CUE_NAMES) else str(cue)
        self.sound = self.words["sound"] + self.words["cues"].get(name, name)
        self.paint()

    # -- the terminal ---------------------------------------------------------------------------
    def open(self):
        """The alternate screen (the shell's text comes back at close), the cursor hidden."""
        self.out.write(CSI + "?1049h" + CSI + "?25l" + CSI + "2J")

    def close(self):
        self.out.write(CSI + "0m" + CSI + "?25h" + CSI + "?1049l")

    def resize(self, columns, lines):
        """The terminal told its size: paint anew when it changed."""
        if self.size != (columns, lines):
            self.size = (columns, lines)
            self.out.write(CSI + "0m" + CSI + "2J")
            self.paint()

    def paint(self):
        size = self.size
        if size is not None and (size[0] < self.needs[0] or size[1] < self.needs[1]):
            self.out.write(self._too_small(size[0], size[1]))
            return
        columns = size[0] if size is not None else self.needs[0]
        side = self._side_column()
        out = []
        for row in range(ROWS):
            out.append("%s%d;1H" % (CSI, row + 1))
            out.append(self._target_row(row))
            if row < len(side):
                out.append(" " * GAP + side[row])
            out.append(CSI + "K")
        # the status (what the config loader said) on the lines left under the target
        room = (size[1] if size is not None else self.needs[1]) - ROWS - 1
        status = wrap_words(self.status, columns)
        for i in range(min(room, len(status))):
            out.append("%s%d;1H%s%sK" % (CSI, ROWS + 2 + i, status[i], CSI))
        out.append(CSI + "J")
        self.out.write("".join(out))

    def _too_small(self, columns, lines):
        text = self.words["too_small"] % (columns, lines, self.needs[0], self.needs[1])
        out = [CSI + "0m" + CSI + "H"]
        rows = wrap_words(text, columns)[:lines]
        for i in range(len(rows)):
            out.append("%s%d;1H%s%sK" % (CSI, i + 1, rows[i], CSI))
        out.append(CSI + "J")
        return "".join(out)

    # -- the parts ------------------------------------------------------------------------------
    def _target_row(self, row):
        colour = self.colours != NO_COLOUR
        parts = [self._face_escape()] if colour else []
        at = 0
        wire = self.wire
        for col, index in self.rows[row]:
            parts.append(" " * (col - at))
            parts.append(self._ink(wire, index))
            at = col + 1
        parts.append(" " * (self.face - at))
        if colour:
            parts.append(CSI + "0m")
        return "".join(parts)

    def _face_escape(self):
        return CSI + ("48;2;0;0;0m" if self.colours == TRUECOLOUR else "48;5;16m")

    def _fg(self, srgb):
        if self.colours == TRUECOLOUR:
            return "%s38;2;%d;%d;%dm" % (CSI, srgb[0], srgb[1], srgb[2])
        return "%s38;5;%dm" % (CSI, nearest_xterm(srgb))

    def _ink(self, wire, index):
        """The escape and glyph of one LED."""
        if wire is None:
            rgb = 0
        else:
            i = 3 * index
            red, green, blue = self.channels
            rgb = (wire[i + red] << 16) | (wire[i + green] << 8) | wire[i + blue]
        ink = self._inks.get(rgb)
        if ink is None:
            if len(self._inks) > 4096:  # a long glide of many colours: start the cache again
                self._inks.clear()
            ink = self._inks[rgb] = self._make_ink(rgb >> 16, (rgb >> 8) & 255, rgb & 255)
        return ink

    def _make_ink(self, r, g, b):
        lit, dim, unlit = self.glyphs
        srgb = led_srgb(r, g, b, self.full)
        if self.colours == NO_COLOUR:
            if srgb is None:
                return unlit
            return lit if max(r, g, b) >= DIM_GLYPH_M * self.full else dim
        if srgb is None:
            return self._fg(UNLIT) + unlit
        return self._fg(srgb) + lit

    def _side_column(self):
        """The lines right of the target: the OLED panel (or a word on its absence), the keys,
        the last sound."""
        side = []
        if self.oled is None:
            side.extend(self.words["no_display"])
        else:
            width, height = self.oled
            box = self.box
            label = "OLED"
            rule = box[1] * ((width - len(label)) // 2)
            top = box[0] + rule + label + box[1] * (width - len(label) - len(rule)) + box[2]
            side.append(top)
            colour = self.colours != NO_COLOUR
            glass = (self._face_escape() + self._fg(OLED_INK)) if colour else ""
            for row in range(height):
                line = self.lines[row] if row < len(self.lines) else ""
                side.append(box[3] + glass + line + " " * (width - len(line))
                            + (CSI + "0m" if colour else "") + box[3])
            side.append(box[4] + box[1] * width + box[5])
        side.append("")
        side.extend(self.words["help"])
        side.append("")
        side.append(self.sound)
        return side


def terminal_words(lang, utf8):
    """WORDS of a language (French for any other), every name of a cue worded, the accents
    folded for a terminal that is not UTF-8."""
    words = WORDS.get(lang, WORDS["fr"])
    fold = (lambda text: text) if utf8 else ascii_line
    cues = {}
    for name in CUE_NAMES:
        cues[name] = fold(words["cues"].get(name, name))
    return {"help": tuple(fold(line) for line in words["help"]),
            "no_display": tuple(fold(line) for line in words["no_display"]),
            "sound": words["sound"], "cues": cues, "too_small": fold(words["too_small"])}


def wrap_words(text, width):
    """Lines of at most `width` characters, broken between words (a longer word is cut)."""
    lines = []
    line = ""
    for word in text.split(" "):
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


class KeyPresses:
    """Keys to button levels: a key is a short press, a capital a long one, p toggles OK held.

    levels() is one read of the loop (app.loop.step reads the buttons once a turn), and a press
    lives a number of reads, never a span of real time: however long the host leaves the process
    off the processor between two reads, the debouncer sees a short press down for PRESS_READS
    reads and a long one for long_reads(long_ms), then every button up for GAP_READS reads before
    the next press. The simulator's clock moves PERIOD_MS a read (TurnPace), so the debouncer
    measures PRESS_READS reads as 80 ms, past the longest debounce the config allows (50 ms) and
    far short of the shortest long press (500 ms), and a long press as long_ms and more. A long
    press also lasts long_ms + LONG_EXTRA_MS of real time (`clock`, the wall clock), so that it is
    seen held as a finger holds it, even when the loop runs turns back to back to catch up.

    One button is down at a time and the gap is after every press, not only between two of the
    same button: a key typed while a press is on (typed fast, pasted, repeated by the keyboard)
    waits its turn, so each key is one press for the debouncer, in order, and two keys are never
    a chord (SWAP's release and KEEP's press settling in the same read would be: the debouncer
    reports KEEP down before SWAP up); up to QUEUED_PRESSES wait.

    feed() takes what the terminal sends: escape sequences (an arrow key, a function key) are
    skipped whole, not read as letters, and the terminal's answer to Keys' size question
    (ESC [ lines ; columns R) goes to on_size(columns, lines).
    """

    def __init__(self, clock, long_ms, on_size=None):
        self.clock = clock
        self.long_ms = long_ms
        self.long_reads = long_reads(long_ms)
        self.button = -1  # the button down, or -1
        self.reads = GAP_READS  # reads the press on has been given down, else reads all up
        self.hold_reads = PRESS_READS  # reads the press on lasts at least
        self.held_until = 0  # and a long one until this real time
        self.waiting = []  # (button, long?) of the presses to come
        self.toggled = 0  # buttons held by a toggle key
        self.quit = False
        self.on_size = on_size
        self.asked = False  # a size question is waiting for its answer
        self.sequence = ""  # an escape sequence being read

    def feed(self, text):
        for ch in text:
            sequence = self.sequence
            if sequence:
                sequence += ch
                # ESC [ params final, ESC O letter, or ESC and one key (an Alt chord)
                done = (len(sequence) == 2 and ch not in "[O") or \
                    (len(sequence) > 2 and (sequence[1] == "O" or "@" <= ch <= "~"))
                self.sequence = "" if done else sequence
                if done and sequence[1] == "[" and ch == "R":
                    self._size_report(sequence[2:-1])
            elif ch == "\x1b":
                self.sequence = ch
            else:
                self.key(ch)
        if self.sequence == "\x1b":  # the Escape key alone: nothing follows in the same read
            self.sequence = ""

    def _size_report(self, params):
        parts = params.split(";")
        if not self.asked or len(parts) != 2 or not (parts[0].isdigit() and parts[1].isdigit()):
            return  # a key with modifiers can end in R too: only an awaited answer counts
        self.asked = False
        if self.on_size is not None:
            self.on_size(int(parts[1]), int(parts[0]))

    def key(self, ch):
        if ch in ("q", "\x03", "\x04"):
            self.quit = True
            return
        if ch == "p":
            self.toggled ^= 1 << OK
            return
        button = _KEY_BUTTONS.get(ch.lower()) if ch else None
        if button is not None and len(self.waiting) < QUEUED_PRESSES:
            self.waiting.append((button, ch.isupper()))

    def levels(self):
        """The levels mask for one read of the loop: call it once a read, and only then."""
        if self.button >= 0 and self.reads >= self.hold_reads and \
                ticks_diff(self.clock.ticks_ms(), self.held_until) >= 0:
            self.button = -1
            self.reads = 0
        if self.button < 0 and self.reads >= GAP_READS and self.waiting:
            button, held = self.waiting.pop(0)
            self.button = button
            self.reads = 0
            self.hold_reads = self.long_reads if held else PRESS_READS
            self.held_until = ticks_add(self.clock.ticks_ms(), self.long_ms + LONG_EXTRA_MS if held else 0)
        if self.reads < GAP_READS or self.button >= 0:  # counted only as far as it matters
            self.reads += 1
        return self.toggled | ((1 << self.button) if self.button >= 0 else 0)


def long_reads(long_ms):
    """The reads a long press lasts: long_ms and LONG_EXTRA_MS more of the simulated clock."""
    return (long_ms + LONG_EXTRA_MS + PERIOD_MS - 1) // PERIOD_MS


class TurnPace:
    """The interactive simulator's time: each loop turn is PERIOD_MS of the app's clock, whatever
    the host did meanwhile, and real time paces the turns.

    rest(ms), at the end of a turn, moves the app's clock (a ManualClock) by ms and says how long
    the turn has still to wait for the wall clock (`real`) to reach the turn's end. A loop that
    fell behind (a busy host) runs its next turns without waiting until it has caught up; behind
    by more than MAX_LATE_MS (the host stalled), it lets the lost time go instead. So the app's
    time never jumps: a press counted in reads (KeyPresses) is as long for the debouncer on a
    loaded machine as on an idle one, and a short press can never read as a long one; the game
    only runs a little slower than the wall clock while the host is that busy.
    """

    def __init__(self, clock, real):
        self.clock = clock
        self.real = real
        self.due = real.ticks_ms()  # the wall-clock time the turn running now ends at

    def rest(self, ms):
        now = self.real.ticks_ms()
        due = ticks_add(self.due, ms)
        if ticks_diff(now, due) > MAX_LATE_MS:
            due = now
        self.due = due
        self.clock.advance(ms)
        left = ticks_diff(due, now)
        return left if left > 0 else 0


_KEY_BUTTONS = {"k": KEEP, "s": SWAP, "o": OK, "\r": OK, "\n": OK, "b": BACK}
# Ask the terminal its size: the cursor to the far corner (terminals stop it at their edge), a
# cursor position report, the cursor back. Every VT100-like terminal answers.
SIZE_QUESTION = "\x1b7" + CSI + "999;999H" + CSI + "6n" + "\x1b8"


class Keys(KeyPresses):
    """The raw, non-blocking keyboard; restore() puts the terminal back as it was.

    clock is the wall clock, pace the TurnPace of the app's clock: wait(ms) is the loop's rest
    between two turns (the hardware layer's idle)."""

    def __init__(self, clock, long_ms, pace, on_size=None, out=None):
        import select
        import termios

        KeyPresses.__init__(self, clock, long_ms, on_size)
        self.pace = pace
        self.out = out or sys.stdout
        self.termios = termios
        self.fd = 0
        self.saved = termios.tcgetattr(self.fd)
        termios.setraw(self.fd)
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.asked_at = clock.ticks_ms()

    def restore(self):
        self.termios.tcsetattr(self.fd, self.termios.TCSANOW, self.saved)

    def ask_size(self):
        self.out.write(SIZE_QUESTION)
        self.asked = True
        self.asked_at = self.clock.ticks_ms()

    def learn_size(self):
        """Ask the size and wait for the answer (at most SIZE_ANSWER_MS: a terminal may not
        answer), so that the first picture is drawn for the terminal it is on."""
        self.ask_size()
        start = self.clock.ticks_ms()
        while self.asked and ticks_diff(self.clock.ticks_ms(), start) < SIZE_ANSWER_MS:
            self.wait(PERIOD_MS)

    def wait(self, ms):
        """The rest after a turn: the app's clock moves ms, and the keys that arrive are taken
        until the turn's real time is up (at once when the loop is behind, but never without
        looking); now and then ask the terminal its size."""
        if ticks_diff(self.clock.ticks_ms(), self.asked_at) >= SIZE_POLL_MS:
            self.ask_size()
        left = self.pace.rest(ms)
        while True:
            if self.poller.poll(left):
                chars = []
                while self.poller.poll(0):  # all that came at once: an escape sequence in one piece
                    ch = sys.stdin.read(1)
                    if not ch:
                        break
                    chars.append(ch)
                self.feed("".join(chars))
            left = ticks_diff(self.pace.due, self.clock.ticks_ms())
            if left <= 0:
                return
