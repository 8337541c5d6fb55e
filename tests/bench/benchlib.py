"""What the bench scripts share: the runtime, a microsecond clock, the median, heap readings.

Runs under MicroPython and CPython. A bench script puts firmware/lib on sys.path first (the
engine helpers below import from it), then imports what it needs from here.
"""

import gc
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


# -- heap: MicroPython reads gc.mem_alloc() after a collection, so only what is alive counts;
# CPython reads tracemalloc, which heap_start starts and heap_stop stops.
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
