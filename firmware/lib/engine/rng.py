"""A small integer PRNG that gives the same numbers on CPython and MicroPython.

Neither runtime's `random` can be used: MicroPython's has no shuffle and yields other numbers for
the same seed. xorshift32 needs only shifts, xor and a 32-bit mask, which both runtimes compute
identically.
"""

from engine.compat import const

_MASK32 = const(0xFFFFFFFF)
_ZERO_SEED_REPLACEMENT = const(0x9E3779B9)  # xorshift must never hold 0


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed = int(seed) & _MASK32
        self.state = seed if seed else _ZERO_SEED_REPLACEMENT

    def next32(self):
        x = self.state
        x ^= (x << 13) & _MASK32
        x ^= x >> 17
        x ^= (x << 5) & _MASK32
        self.state = x
        return x

    def below(self, n):
        """A number in [0, n). The modulo bias is below n / 2**32, negligible for card counts."""
        if n <= 0:
            raise ValueError("Rng.below needs n > 0, got %r" % (n,))
        return self.next32() % n

    def shuffle(self, items):
        """Fisher-Yates in place."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
