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

MAX_SEATS = const(8)
FULL = const(256)  # level scale: 256 = full colour
BLINK_SHIFT = const(8)  # blink half-period 256 ms; 2^30 ticks is a multiple, so the wrap is seamless


def set_led(frame, index, rgb, level=FULL):
    """Set one LED to rgb scaled by level/256 (the common case: nothing else drawn there)."""
    i = 3 * index
    if level >= FULL:
        frame[i] = rgb[0]
        frame[i + 1] = rgb[1]
        frame[i + 2] = rgb[2]
    else:
        frame[i] = rgb[0] * level >> 8
        frame[i + 1] = rgb[1] * level >> 8
        frame[i + 2] = rgb[2] * level >> 8


def add_led(frame, index, rgb, level=FULL):
    """Add rgb scaled by level/256 to one LED, saturating: two halves of a cross-fade sum."""
    i = 3 * index
    v = frame[i] + (rgb[0] * level >> 8)
    frame[i] = v if v < 256 else 255
    v = frame[i + 1] + (rgb[1] * level >> 8)
    frame[i + 1] = v if v < 256 else 255
    v = frame[i + 2] + (rgb[2] * level >> 8)
    frame[i + 2] = v if v < 256 else 255


def blink_on(now):
    return (now >> BLINK_SHIFT) & 1 == 0


class Board:
    def __init__(self, layout):
        self.layout = layout
        self.centre = layout.centre
        sizes = layout.ring_sizes
        self.rings = len(sizes) - (1 if self.centre >= 0 else 0)  # rings that can hold tokens
        self.outer_size = sizes[0]
        self.seats = 0
        self.depth = 0
        self.concentric = False
        self.sector = 0
        self._seat_led = array("H", bytes(2 * MAX_SEATS * (self.rings + 1)))
        self._bar_led = array("H", bytes(2 * MAX_SEATS * self.outer_size))
        self._gap_led = array("H", bytes(2 * MAX_SEATS))
        self._home_led = array("h", [-1] * (2 * MAX_SEATS))

    def setup(self, seats, depth):
        """Prepare the tables for `seats` seats and tokens that travel `depth` circles."""
        if not 1 <= seats <= MAX_SEATS:
            raise ValueError("the board draws 1 to %d seats, got %r" % (MAX_SEATS, seats))
        layout = self.layout
        self.seats = seats
        self.depth = depth
        self.concentric = self.centre >= 0 and self.rings >= depth
        outer = self.outer_size
        self.sector = outer // seats
        for ring in range(self.rings):
            for s in range(seats):
                self._seat_led[ring * MAX_SEATS + s] = layout.index(ring, layout.seat_position(ring, s, seats))
        for s in range(seats):
            k = layout.seat_position(0, s, seats)
            self._gap_led[s] = layout.index(0, k - 1)
            for j in range(self.sector):
                self._bar_led[s * outer + j] = layout.index(0, k + j)
            if self.sector >= 3:
                self._home_led[2 * s] = layout.index(0, k - 1)
                self._home_led[2 * s + 1] = layout.index(0, k + 1)
            else:
                self._home_led[2 * s] = -1
                self._home_led[2 * s + 1] = -1

    # -- pixels ---------------------------------------------------------------------------------
    put = staticmethod(set_led)

    def seat_led(self, seat, ring=0):
        return self._seat_led[ring * MAX_SEATS + seat]

    # -- seats ----------------------------------------------------------------------------------
    def home(self, frame, seat, rgb, level=FULL):
        """The seat's marks beside its angle on the outer ring (concentric targets only)."""
        if self.concentric:
            home = self._home_led
            a = home[2 * seat]
            if a >= 0:
                set_led(frame, a, rgb, level)
                set_led(frame, home[2 * seat + 1], rgb, level)
            elif self.depth == 0:
                set_led(frame, self._seat_led[seat], rgb, level)
        else:
            set_led(frame, self._bar_led[seat * self.outer_size], rgb, level)

    def dealer(self, frame, seat, rgb, level=FULL):
        """The dealer's mark: its home LEDs, or the gap before its sector on a bar display."""
        if self.concentric:
            self.home(frame, seat, rgb, level)
        elif self.sector >= 2:
            set_led(frame, self._gap_led[seat], rgb, level)

    def token(self, frame, seat, circle, rgb, level=FULL, mix=False):
        """A token `circle` circles in from the outside; circle >= depth is l'enfer.
        mix adds to what is there (the two halves of a glide) instead of replacing it."""
        depth = self.depth
        put = add_led if mix else set_led
        if self.concentric:
            if circle >= depth:
                put(frame, self.centre, rgb, level)
            else:
                put(frame, self._seat_led[circle * MAX_SEATS + seat], rgb, level)
        else:
            left = depth - circle
            self.bar(frame, seat, left if left > 0 else 0, depth, rgb, level, mix)

    def bar(self, frame, seat, amount, full, rgb, level=FULL, mix=False):
        """amount out of full, as a bar at the seat: inward across the rings, or along its sector.

        When there are fewer LEDs than steps, the bar is scaled and its last LED lit in proportion
        to the part it stands for (half a step: half as bright), so neighbouring values still
        look different; a value above zero always lights something.
        """
        if full <= 0 or amount <= 0:
            return
        if amount > full:
            amount = full
        put = add_led if mix else set_led
        concentric = self.concentric
        if concentric:
            slots = self.rings
        else:
            slots = self.sector - 1 if self.sector > 1 else 1
        if full <= slots:
            lit = amount
            part = 0
        else:
            scaled = amount * slots * FULL // full  # in 256ths of an LED
            lit = scaled >> 8
            part = scaled & (FULL - 1)
        if concentric:
            leds = self._seat_led
            for ring in range(lit):
                put(frame, leds[ring * MAX_SEATS + seat], rgb, level)
            if part:
                put(frame, leds[lit * MAX_SEATS + seat], rgb, level * (part if part > 48 else 48) >> 8)
            return
        leds = self._bar_led
        base = seat * self.outer_size
        for j in range(lit):
            put(frame, leds[base + j], rgb, level)
        if part:
            put(frame, leds[base + lit], rgb, level * (part if part > 48 else 48) >> 8)

    def centre_led(self, frame, rgb, level=FULL):
        if self.centre >= 0:
            set_led(frame, self.centre, rgb, level)

    # -- counts, for menus ------------------------------------------------------------------------
    def dots(self, frame, count, total, rgb, level=FULL, ring=0):
        """`count` of `total` evenly spaced dots on a ring: how the menus show a value."""
        if total <= 0:
            return
        layout = self.layout
        if ring >= self.rings:
            ring = 0
        for i in range(count if count < total else total):
            self.put(frame, layout.index(ring, layout.seat_position(ring, i, total)), rgb, level)

    def dot(self, frame, i, total, rgb, level=FULL, ring=0):
        """Dot i of `total` evenly spaced around a ring (seat i's angle when total is the seats)."""
        layout = self.layout
        if ring >= self.rings:
            ring = 0
        self.put(frame, layout.index(ring, layout.seat_position(ring, i, total)), rgb, level)

    def ring_fill(self, frame, ring, rgb, level=FULL):
        layout = self.layout
        for k in range(layout.ring_sizes[ring]):
            self.put(frame, layout.index(ring, k), rgb, level)


def fade(now, start, duration):
    """Progress of an animation as a level 0..256 (integers: no float on the render path)."""
    t = ticks_diff(now, start)
    if t <= 0:
        return 0
    if t >= duration:
        return FULL
    return t * FULL // duration
