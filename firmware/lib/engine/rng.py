"""A small integer PRNG that gives the same numbers on CPython and MicroPython.

Neither runtime's `random` can be used: MicroPython's has no shuffle and yields other numbers for
the same seed. xorshift32 (shifts 13, 17, 5) needs only shifts, xor and masks, which both runtimes
compute identically.

The 32-bit state is kept as two 16-bit halves. On the ESP32 a MicroPython small int holds 31
bits, so a whole 32-bit value would be a heap-allocated long int at every step; on halves every
intermediate stays below 2**30, and below() and shuffle() allocate nothing. The numbers are those
of plain 32-bit xorshift (next32() joins the halves; tests/portable/test_engine_rng.py holds the
golden values).
"""

from engine.compat import const

_MASK16 = const(0xFFFF)
_MASK32 = const(0xFFFFFFFF)
_ZERO_SEED_REPLACEMENT = const(0x9E3779B9)  # xorshift must never hold 0
_SMALL_RANGE = const(16384)  # below this, (hi % n) * 65536 + lo stays under 2**30


class Rng:
    __slots__ = ("hi", "lo")

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        """Restart from seed, masked to 32 bits; seeding with a saved `state` restores it."""
        value = int(seed) & _MASK32 or _ZERO_SEED_REPLACEMENT
        self.hi = value >> 16
        self.lo = value & _MASK16

    def next32(self):
        self._step()
        return (self.hi << 16) | self.lo

    # The 32-bit state, for saving and restoring a generator (setting it is seeding with it).
    state = property(lambda self: (self.hi << 16) | self.lo, seed)

    def _step(self):
        hi = self.hi
        lo = self.lo
        # x ^= x << 13
        hi ^= ((hi << 13) | (lo >> 3)) & _MASK16
        lo ^= (lo << 13) & _MASK16
        # x ^= x >> 17
        lo ^= hi >> 1
        # x ^= x << 5
        hi ^= ((hi << 5) | (lo >> 11)) & _MASK16
        lo ^= (lo << 5) & _MASK16
        self.hi = hi
        self.lo = lo

    def below(self, n):
        """A number in [0, n). The modulo bias is below n / 2**32, negligible for card counts."""
        if n <= 0:
            raise ValueError("Rng.below needs n > 0, got %r" % (n,))
        self._step()
        if n <= _SMALL_RANGE:
            return ((self.hi % n) * 65536 + self.lo) % n
        return ((self.hi << 16) | self.lo) % n

    def shuffle(self, items):
        """Fisher-Yates in place."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
