"""What the bench scripts share: the runtime, a microsecond clock, the median, heap readings,
95% intervals.

Runs under MicroPython and CPython. A bench script puts firmware/lib on sys.path first (the
engine helpers below import from it), then imports what it needs from here.
"""

import gc
import math
import sys
import time

ON_MICROPYTHON = sys.implementation.name == "micropython"

if ON_MICROPYTHON:

    def now_us():
        return time.ticks_us()

    def elapsed_us(start):
        # ticks wrap: only ticks_diff gives the true interval
        return time.ticks_diff(time.ticks_us(), start)

else:
    import tracemalloc

    def now_us():
        return time.perf_counter_ns() // 1000

    def elapsed_us(start):
        return time.perf_counter_ns() // 1000 - start


def median(values):
    """The middle value (the upper middle for an even count); 0 when there are none."""
    values = sorted(values)
    return values[len(values) // 2] if values else 0


# -- 95% intervals for figures measured on seeded samples (bot strength: bench_bot_strength.py,
# bench_tant_bots.py). Plain arithmetic and math.sqrt, so both runtimes print the same digits.
def proportion_interval(successes, n, z=1.96):
    """(p, half): the proportion successes / n and the half-width of its interval, p ± half, by
    the normal approximation z·sqrt(p(1 - p) / n) (z = 1.96: 95%). It is poor when fewer than
    about 10 successes or 10 failures were seen. (0.0, 1.0) when n is 0: nothing is known."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / float(n)
    return p, z * math.sqrt(p * (1 - p) / n)


def wilson_interval(successes, n, z=1.96):
    """(low, high): the Wilson score interval of the proportion successes / n (z = 1.96: 95%),
    for when proportion_interval's normal approximation is poor (fewer than about 10 successes or
    10 failures): it stays inside 0..1 and is not empty at 0 or n successes. (0.0, 1.0) when n
    is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / float(n)
    zz = z * z / n
    centre = (p + zz / 2) / (1 + zz)
    half = z * math.sqrt(p * (1 - p) / n + zz / (4 * n)) / (1 + zz)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values, z=1.96):
    """(mean, half): the mean of values and the half-width of its interval, mean ± half, where
    half = z·sd/sqrt(n) with the sample standard deviation (n - 1); z = 1.96: 95%. (mean, 0.0)
    for a single value, (0.0, 0.0) for none."""
    n = len(values)
    if not n:
        return 0.0, 0.0
    mean = sum(values) / float(n)
    if n == 1:
        return mean, 0.0
    spread = 0.0
    for v in values:
        spread += (v - mean) * (v - mean)
    return mean, z * math.sqrt(spread / (n - 1) / n)


# -- heap: MicroPython reads gc.mem_alloc() after a collection, so only what is alive counts;
# CPython reads tracemalloc, which heap_start starts and heap_stop stops.
def print_proportion(name, successes, n):
    """A proportion and its 95% interval as a bench line: the normal approximation, or the Wilson
    interval where it is poor (fewer than 10 successes or 10 failures)."""
    if min(successes, n - successes) >= 10:
        p, half = proportion_interval(successes, n)
        print("%s: %.1f %% ±%.1f (n=%d)" % (name, 100 * p, 100 * half, n))
    else:  # the normal approximation is poor here
        low, high = wilson_interval(successes, n)
        print("%s: %.1f %% [%.1f, %.1f] (Wilson, n=%d)" % (name, 100.0 * successes / max(n, 1), 100 * low,
                                                           100 * high, n))


def print_mean(name, values, unit, scale=1.0, places=2):
    """The mean of values and its interval, both times scale, to that many decimal places."""
    mean, half = mean_interval(values)
    shown = "%%.%df" % places
    print(("%s: " + shown + " %s ±" + shown + " (n=%d)") % (name, mean * scale, unit, half * scale, len(values)))


def heap_start():
    """The level the next readings count from. Collects only on MicroPython: on CPython, where
    tracemalloc counts from its start, a collection first would shift the figures."""
    if ON_MICROPYTHON:
        gc.collect()
        return gc.mem_alloc()
    tracemalloc.start()
    return tracemalloc.get_traced_memory()[0]


def heap_now(start):
    """The live heap above start."""
    gc.collect()
    if ON_MICROPYTHON:
        return gc.mem_alloc() - start
    return tracemalloc.get_traced_memory()[0] - start


def heap_stop(start):
    """Ends a measurement; CPython returns tracemalloc's peak above start, MicroPython 0 (it
    keeps no peak: sample heap_now instead)."""
    if ON_MICROPYTHON:
        return 0
    peak = tracemalloc.get_traced_memory()[1] - start
    tracemalloc.stop()
    return peak


def replay_us_per_move(records):
    """The engine alone: replaying recorded games (no bots, no PRNG), microseconds per move."""
    from engine.play import replay

    moves = 0
    start = now_us()
    for record in records:
        replay(record)
        moves += len(record["moves"])
    return elapsed_us(start) / moves
