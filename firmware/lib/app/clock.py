"""Milliseconds that wrap at 2^30 on every runtime, and the only arithmetic allowed on them.

The ESP32's time.ticks_ms() wraps at 2^30 (its small-int range); the unix port wraps much later
and CPython never does. Masking every reading to 30 bits makes the simulator and the tests hit the
same wrap as the board, so a bug that only shows after 12 days of uptime shows in a unit test.
"""

from engine.compat import const

TICKS_PERIOD = const(1 << 30)
_TICKS_MASK = const((1 << 30) - 1)
_TICKS_HALF = const(1 << 29)


def _wrapped_add(t, delta):
    """The tick count delta ms after (or before, if negative) t."""
    return (t + delta) & _TICKS_MASK


def _wrapped_diff(a, b):
    """a - b in ms, signed, correct across the wrap while |a - b| < 2^29 ms (6.2 days)."""
    d = (a - b) & _TICKS_MASK
    if d >= _TICKS_HALF:
        d -= TICKS_PERIOD
    return d


ticks_add = _wrapped_add
ticks_diff = _wrapped_diff
try:
    import time as _time

    # On the ESP32 the port's own functions already wrap at 2^30: use them, because they never
    # allocate, whereas t + delta above 2^30 would build a heap integer there.
    _native_add = getattr(_time, "ticks_add", None)
    _native_diff = getattr(_time, "ticks_diff", None)
    if (_native_add is not None and _native_diff is not None
            and _native_add(TICKS_PERIOD - 1, 1) == 0 and _native_diff(0, TICKS_PERIOD - 1) == 1):
        ticks_add = _native_add
        ticks_diff = _native_diff
except ImportError:
    pass


class SystemClock:
    """The real clock, read as 30-bit ticks."""

    def __init__(self):
        import time

        self._read = getattr(time, "ticks_ms", None) or self._cpython_ms

    @staticmethod
    def _cpython_ms():
        import time

        return time.monotonic_ns() // 1000000  # pyright: ignore[reportAttributeAccessIssue]  (CPython only)

    def ticks_ms(self):
        return self._read() & _TICKS_MASK


class ManualClock:
    """A clock that moves only when told to; it starts 5 s before the wrap so tests cross it."""

    def __init__(self, start=TICKS_PERIOD - 5000):
        self.now = start & _TICKS_MASK

    def ticks_ms(self):
        return self.now

    def advance(self, ms):
        if ms < 0:
            raise ValueError("a clock cannot go back: advance(%r)" % (ms,))
        self.now = ticks_add(self.now, ms)
        return self.now
