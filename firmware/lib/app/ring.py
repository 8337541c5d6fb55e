"""Where each logical ring position sits on the LED chain.

Vendors of concentric WS2812 targets chain the rings outer-first or centre-first, and each ring
starts at its own angle and may run either way. The app thinks in (ring, k): ring 0 is the outer
ring, k counts positions from angle 0 in the direction of play. A lookup table built once maps that
to the physical index, so drawing costs one list read per LED and allocates nothing.
"""

MAX_LEDS = 512


class RingLayout:
    def __init__(self, leds_config):
        sizes = leds_config.get("rings") if isinstance(leds_config, dict) else None
        # type() is int: a JSON true is no ring size
        if (not isinstance(sizes, (list, tuple)) or not sizes
                or not all(type(size) is int and size > 0 for size in sizes) or sum(sizes) > MAX_LEDS):
            raise ValueError("leds.rings must list positive ring sizes, %d LEDs at most, got %r"
                             % (MAX_LEDS, sizes))
        count = len(sizes)
        reverse = leds_config.get("reverse") or [False] * count
        offsets = leds_config.get("offsets") or [0] * count
        if len(reverse) != count or len(offsets) != count:
            raise ValueError("leds.reverse and leds.offsets need one entry per ring (%d)" % count)
        self.ring_sizes = list(sizes)
        self.num_leds = total = sum(sizes)
        self._start = []  # first logical slot of each ring in the table
        self._table = [0] * total
        outer_first = leds_config.get("outer_first", True)
        start = 0
        for ring in range(count):
            size = sizes[ring]
            offset = offsets[ring]
            if type(offset) is not int or not 0 <= offset < size:
                raise ValueError("ring %d offset must be from 0 to %d, got %r" % (ring, size - 1, offset))
            self._start.append(start)
            # where the ring begins on the chain: the inner rings come first when it begins at the centre
            base = start if outer_first else total - start - size
            step = -1 if reverse[ring] else 1
            for k in range(size):
                self._table[start + k] = base + (offset + step * k) % size
            start += size
        # a last ring of one LED, inside others, is the centre
        self.centre = self._table[total - 1] if sizes[-1] == 1 and count > 1 else -1

    def index(self, ring, k):
        """The physical LED index of position k (taken modulo the ring size) on ring `ring`."""
        return self._table[self._start[ring] + k % self.ring_sizes[ring]]

    def seat_position(self, ring, seat, seats):
        """The position nearest to seat `seat` of `seats` spread evenly from angle 0, in integers
        only (no float allocation): round(seat / seats * size) modulo the ring size."""
        size = self.ring_sizes[ring]
        return ((2 * seat * size + seats) // (2 * seats)) % size

    def new_frame(self):
        return bytearray(3 * self.num_leds)
