"""Drawing games on the LED target: seats, tokens, bars, the centre, blinking.

Seats sit around the outer ring in the order of play. On a concentric target each circle of the
game is one ring (circle 0 the outer ring) and a token sits on its circle's ring at its seat's
angle; the centre LED is l'enfer. A target with fewer rings than the game has circles (a single
24-LED ring, say) switches to bars: each seat owns a sector of the outer ring and lights one LED
per circle it still has before l'enfer, starting at its seat's angle (when the sector is too short
the bar is scaled and its last LED lit dimmer for a part); the LED just before the sector marks
the dealer.

Every method paints into a frame with integer arithmetic and precomputed tables only: the render
path must not allocate (tests prove it with micropython.heap_lock()).
"""

from array import array

from engine.compat import const

from app.clock import ticks_diff

_MAX_SEATS = const(8)
FULL = const(256)  # level scale: 256 = full colour
_BLINK_SHIFT = const(8)  # blink half-period 256 ms; 2^30 ticks is a multiple, so the wrap is seamless


def set_led(frame, index, rgb, level=FULL, mix=False):
    """Set one LED to rgb scaled by level/256 (0..FULL). mix adds to what is there instead,
    saturating: the two halves of a cross-fade sum."""
    i = 3 * index
    if mix:
        for c in range(3):
            v = frame[i + c] + (rgb[c] * level >> 8)
            frame[i + c] = v if v < 256 else 255
    else:  # the common case, unrolled: it runs for most LEDs of every frame
        frame[i] = rgb[0] * level >> 8
        frame[i + 1] = rgb[1] * level >> 8
        frame[i + 2] = rgb[2] * level >> 8


def blink_on(now):
    return (now >> _BLINK_SHIFT) & 1 == 0


class Board:
    def __init__(self, layout):
        self.layout = layout
        self.centre = layout.centre
        sizes = layout.ring_sizes
        self.rings = len(sizes) - (1 if self.centre >= 0 else 0)  # rings that can hold tokens
        # setup() sets the rest for a game: depth, concentric (a ring per circle) and sector
        # per ring, per seat: the LED at the seat's angle
        self._seat_led = array("H", bytes(2 * _MAX_SEATS * (self.rings + 1)))
        # per seat, its sector of the outer ring in order (bars)
        self._bar_led = array("H", bytes(2 * sizes[0]))
        # per seat, the outer LEDs just before and after its angle: its marks (the one after is
        # -1 when the sectors are too short for marks); the one before is the dealer's gap on bars
        self._home_led = array("h", [-1] * (2 * _MAX_SEATS))

    def setup(self, seats, depth):
        """Prepare the tables for `seats` seats and tokens that travel `depth` circles."""
        if not 1 <= seats <= _MAX_SEATS:
            raise ValueError("the board draws 1 to %d seats, got %r" % (_MAX_SEATS, seats))
        layout = self.layout
        self.depth = depth
        self.concentric = self.centre >= 0 and self.rings >= depth
        sector = self.sector = layout.ring_sizes[0] // seats
        for s in range(seats):
            for ring in range(self.rings):
                self._seat_led[ring * _MAX_SEATS + s] = layout.index(ring, layout.seat_position(ring, s, seats))
            k = layout.seat_position(0, s, seats)
            for j in range(sector):
                self._bar_led[s * sector + j] = layout.index(0, k + j)
            self._home_led[2 * s] = layout.index(0, k - 1)
            self._home_led[2 * s + 1] = layout.index(0, k + 1) if sector >= 3 else -1

    # -- pixels ---------------------------------------------------------------------------------
    put = staticmethod(set_led)

    # -- seats ----------------------------------------------------------------------------------
    def home(self, frame, seat, rgb, level):
        """The seat's marks beside its angle on the outer ring (none when the sectors are too
        short); on a bar display, the first LED of its bar."""
        marks = self._home_led
        after = marks[2 * seat + 1]
        if not self.concentric:
            set_led(frame, self._bar_led[seat * self.sector], rgb, level)
        elif after >= 0:
            set_led(frame, marks[2 * seat], rgb, level)
            set_led(frame, after, rgb, level)

    def dealer(self, frame, seat, rgb, level):
        """The dealer's mark: its home LEDs, or the gap before its sector on a bar display."""
        if self.concentric:
            self.home(frame, seat, rgb, level)
        elif self.sector >= 2:
            set_led(frame, self._home_led[2 * seat], rgb, level)

    def token(self, frame, seat, circle, rgb, level=FULL, mix=False):
        """A token `circle` circles in from the outside; circle >= depth is l'enfer.
        mix adds to what is there (the two halves of a glide) instead of replacing it."""
        if not self.concentric:
            self.bar(frame, seat, self.depth - circle, self.depth, rgb, level, mix)
        elif circle >= self.depth:
            set_led(frame, self.centre, rgb, level, mix)
        else:
            set_led(frame, self._seat_led[circle * _MAX_SEATS + seat], rgb, level, mix)

    def bar(self, frame, seat, amount, full, rgb, level, mix=False):
        """amount out of full, as a bar at the seat: inward across the rings, or along its sector.

        When there are fewer LEDs than steps, the bar is scaled and its last LED lit in proportion
        to the part it stands for (half a step: half as bright), so neighbouring values still
        look different; a value above zero always lights something.
        """
        if full <= 0 or amount <= 0:
            return
        if amount > full:
            amount = full
        if self.concentric:  # ring by ring inward at the seat's angle
            leds = self._seat_led
            first = seat
            step = _MAX_SEATS
            slots = self.rings
        else:  # along the seat's sector, its last LED left as a gap
            leds = self._bar_led
            first = seat * self.sector
            step = 1
            slots = self.sector - 1 if self.sector > 1 else 1
        lit = amount
        part = 0
        if full > slots:
            scaled = amount * slots * FULL // full  # in 256ths of an LED
            lit = scaled >> 8
            part = scaled & (FULL - 1)
        for j in range(lit):
            set_led(frame, leds[first + j * step], rgb, level, mix)
        if part:
            set_led(frame, leds[first + lit * step], rgb, level * (part if part > 48 else 48) >> 8, mix)

    def centre_led(self, frame, rgb, level=FULL):
        if self.centre >= 0:
            set_led(frame, self.centre, rgb, level)

    # -- counts, for menus ------------------------------------------------------------------------
    def dots(self, frame, count, total, rgb, level, ring):
        """`count` of `total` evenly spaced dots on a ring: how the menus show a value."""
        for i in range(count if count < total else total):
            self.dot(frame, i, total, rgb, level, ring)

    def dot(self, frame, i, total, rgb, level=FULL, ring=0):
        """Dot i of `total` evenly spaced around a ring (seat i's angle when total is the seats)."""
        layout = self.layout
        if ring >= self.rings:
            ring = 0
        set_led(frame, layout.index(ring, layout.seat_position(ring, i, total)), rgb, level)

    def ring_fill(self, frame, ring, rgb, level=FULL):
        layout = self.layout
        for k in range(layout.ring_sizes[ring]):
            set_led(frame, layout.index(ring, k), rgb, level)


def fade(now, start, duration):
    """Progress of an animation as a level 0..256 (integers: no float on the render path)."""
    t = ticks_diff(now, start)
    if t <= 0:
        return 0
    if t >= duration:
        return FULL
    return t * FULL // duration
