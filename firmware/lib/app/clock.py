"""Milliseconds that wrap at 2^30 on every runtime, and the only arithmetic allowed on them.

The ESP32's time.ticks_ms() wraps at 2^30 (its small-int range); the unix port wraps much later
and CPython never does. Masking every reading to 30 bits makes the simulator and the tests hit the
same wrap as the board, so a bug that only shows after 12 days of uptime shows in a unit test.
"""

import time

from engine.compat import const

TICKS_PERIOD = const(1 << 30)
_TICKS_MASK = const((1 << 30) - 1)
_TICKS_HALF = const(1 << 29)


def ticks_add(t, delta):
    """The tick count delta ms after (or before, if negative) t."""
    return (t + delta) & _TICKS_MASK


def ticks_diff(a, b):
    """a - b in ms, signed, correct across the wrap while |a - b| < 2^29 ms (6.2 days)."""
    return ((a - b + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF


# On the ESP32 the port's own functions already wrap at 2^30: use them, because they never
# allocate, whereas t + delta above 2^30 would build a heap integer there. (The unix port's wrap
# later, CPython has none.)
_native_add = getattr(time, "ticks_add", None)
if _native_add is not None and _native_add(TICKS_PERIOD - 1, 1) == 0:
    ticks_add, ticks_diff = _native_add, time.ticks_diff  # pyright: ignore[reportAssignmentType]

# the raw millisecond count: MicroPython's ticks_ms, or CPython's monotonic clock
_read_ms = getattr(time, "ticks_ms", None) or (
    lambda: time.monotonic_ns() // 1000000)  # pyright: ignore[reportAttributeAccessIssue]


class SystemClock:
    """The real clock, read as 30-bit ticks."""

    def ticks_ms(self):
        return _read_ms() & _TICKS_MASK


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
