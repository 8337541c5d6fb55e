"""Where each logical ring position sits on the LED chain.

Vendors of concentric WS2812 targets chain the rings outer-first or centre-first, and each ring
starts at its own angle and may run either way. The app thinks in (ring, k): ring 0 is the outer
ring, k counts positions from angle 0 in the direction of play. A lookup table built once maps that
to the physical index, so drawing costs one list read per LED and allocates nothing.
"""

MAX_LEDS = 512


def _ints_or_default(values, count, default):
    if values is None:
        return [default] * count
    return list(values)


class RingLayout:
    def __init__(self, leds_config):
        sizes = leds_config.get("rings") if isinstance(leds_config, dict) else None
        if not isinstance(sizes, (list, tuple)) or not sizes:
            raise ValueError("leds.rings must be a non-empty list of ring sizes, got %r" % (sizes,))
        for size in sizes:
            if not isinstance(size, int) or isinstance(size, bool) or size < 1:
                raise ValueError("each ring size must be a positive integer, got %r" % (size,))
        count = len(sizes)
        outer_first = leds_config.get("outer_first", True)
        reverse = _ints_or_default(leds_config.get("reverse"), count, False)
        offsets = _ints_or_default(leds_config.get("offsets"), count, 0)
        if len(reverse) != count or len(offsets) != count:
            raise ValueError("leds.reverse and leds.offsets need one entry per ring (%d)" % count)
        self.ring_sizes = list(sizes)
        self.num_leds = sum(sizes)
        if self.num_leds > MAX_LEDS:
            raise ValueError("%d LEDs is more than the %d supported" % (self.num_leds, MAX_LEDS))
        self.ring_count = count
        # first logical slot of each ring in the table
        self._start = []
        total = 0
        for size in sizes:
            self._start.append(total)
            total += size
        self._table = [0] * self.num_leds
        for ring in range(count):
            size = sizes[ring]
            if outer_first:
                base = self._start[ring]
            else:  # the chain begins at the centre: the inner rings come first
                base = self.num_leds - self._start[ring] - size
            offset = offsets[ring]
            if not isinstance(offset, int) or isinstance(offset, bool) or not 0 <= offset < size:
                raise ValueError("ring %d offset must be from 0 to %d, got %r" % (ring, size - 1, offset))
            step = -1 if reverse[ring] else 1
            for k in range(size):
                self._table[self._start[ring] + k] = base + (offset + step * k) % size
        last = count - 1
        self.centre = self._table[self._start[last]] if sizes[last] == 1 and count > 1 else -1

    def index(self, ring, k):
        """The physical LED index of position k (taken modulo the ring size) on ring `ring`."""
        return self._table[self._start[ring] + k % self.ring_sizes[ring]]

    def position_at(self, ring, fraction):
        """The position nearest to an angle given as a fraction of a turn from angle 0."""
        size = self.ring_sizes[ring]
        return int(fraction * size + 0.5) % size

    def seat_position(self, ring, seat, seats):
        """Where seat `seat` of `seats` sits on a ring, in integers only (no float allocation)."""
        size = self.ring_sizes[ring]
        return ((2 * seat * size + seats) // (2 * seats)) % size

    def new_frame(self):
        return bytearray(3 * self.num_leds)


def put(frame, index, rgb):
    """Set one LED of a frame to an (r, g, b) tuple."""
    i = 3 * index
    frame[i] = rgb[0]
    frame[i + 1] = rgb[1]
    frame[i + 2] = rgb[2]


def clear(frame):
    for i in range(len(frame)):
        frame[i] = 0
