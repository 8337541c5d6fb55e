"""The input and LED output paths allocate nothing: proved under micropython.heap_lock()."""

import micropython
from app.board import set_led
from app.buttons import OK, SWAP, Debouncer
from app.clock import ManualClock, ticks_add
from app.colours import SEAT_COLOURS
from app.power import encode, estimate_ma
from app.ring import RingLayout


def locked(func, a, b, c, d):
    """func(a, b, c, d) with the heap locked: any allocation raises MemoryError.

    Fixed arguments, because a *args call would itself allocate its tuple.
    """
    micropython.heap_lock()
    try:
        result = func(a, b, c, d)
    finally:
        micropython.heap_unlock()
    return result


def press_and_release(debouncer, start, rounds, _unused):
    now = start
    seen = 0
    for _ in range(rounds):
        for _ in range(40):
            debouncer.update(1 << OK, now)
            now = ticks_add(now, 1)
        for _ in range(800):  # long enough for a LONG too
            debouncer.update((1 << OK) | (1 << SWAP), now)
            now = ticks_add(now, 1)
        for _ in range(40):
            debouncer.update(0, now)
            now = ticks_add(now, 1)
        while debouncer.pop() >= 0:
            seen += 1
    return seen


def test_debouncer_allocates_nothing_across_the_wrap():
    debouncer = Debouncer(25, 700)
    start = ManualClock().ticks_ms()  # 5 s before the wrap: the rounds below cross it
    seen = locked(press_and_release, debouncer, start, 8, None)
    assert seen == 8 * 6  # OK and SWAP each: DOWN, LONG, UP (no PRESS after a LONG)
    assert debouncer.dropped == 0


def draw_and_encode(layout, frame, out, rounds):
    scale = 0
    for n in range(rounds):
        for ring in range(len(layout.ring_sizes)):
            for k in range(layout.ring_sizes[ring]):
                set_led(frame, layout.index(ring, k), SEAT_COLOURS[(k + n) & 7])
        scale = encode(frame, out, 96, 450, "GRB")
        estimate_ma(out, 255)
    return scale


def test_drawing_and_encoding_allocate_nothing():
    layout = RingLayout({"rings": [32, 24, 16, 12, 8, 1], "outer_first": False,
                         "reverse": [True, False, True, False, True, False], "offsets": [3, 2, 1, 0, 0, 0]})
    frame = layout.new_frame()
    out = bytearray(len(frame))
    scale = locked(draw_and_encode, layout, frame, out, 5)
    assert 0 < scale < 96  # the whole disc lit is over budget: the cap path ran
    assert estimate_ma(out, 255) <= 450
