"""The render and input paths allocate nothing in steady state: proved with heap_lock.

Under micropython.heap_lock() any allocation raises MemoryError, so each call below would fail
if a cursor move, a frame during an animation, or a whole idle loop turn allocated a byte.
"""

import micropython
from app.buttons import KEEP, PRESS, SWAP, make_event
from app.loop import step
from app_rig import keep_to_marking, make_rig, start, state


def locked(func, a, b=None, c=None, d=None, count=2):
    """func(a, b) (or with 1 or 4 arguments) with the heap locked. No *args: unpacking them
    would itself allocate under the lock."""
    micropython.heap_lock()
    try:
        if count == 1:
            result = func(a)
        elif count == 2:
            result = func(a, b)
        else:
            result = func(a, b, c, d)
    finally:
        micropython.heap_unlock()
    return result


def test_cursor_move_in_the_marking_phase_allocates_nothing():
    driver = make_rig(seed=9)
    start(driver, mode="board")
    keep_to_marking(driver)
    app = driver.app
    now = driver.hw.clock.ticks_ms()
    before = app.mode.cursor
    assert locked(app.handle, make_event(SWAP, PRESS), now) is True
    assert app.mode.cursor != before
    assert locked(app.handle, make_event(KEEP, PRESS), now) is True
    assert app.mode.cursor == before


def test_cursor_move_in_the_setup_menu_allocates_nothing():
    driver = make_rig(seed=1)
    app = driver.app
    now = driver.hw.clock.ticks_ms()
    assert locked(app.handle, make_event(SWAP, PRESS), now) is True
    assert app.mode.cursor == 1


def test_render_during_a_token_glide_allocates_nothing():
    driver = make_rig(seed=9)
    start(driver, mode="board")
    keep_to_marking(driver)
    mode = driver.app.mode
    mode._mark(SWAP, 0)  # to seat 1
    mode._mark(2, 0)  # OK: mark it
    clock = driver.hw.clock
    for _ in range(4):
        mode._mark(SWAP, 0)
        if mode.cursor == mode.n:
            break
    mode._confirm(clock.ticks_ms())  # a long OK on the centre: the glide starts
    assert mode.moving
    app = driver.app
    app.render(clock.ticks_ms())  # the text is rebuilt once, outside the lock
    changed = 0
    for _ in range(6):
        clock.advance(70)
        changed += locked(app.render, clock.ticks_ms(), count=1)
    assert changed >= 3, "the glide changes the frame as it goes"


def test_render_during_the_dealer_spin_allocates_nothing():
    driver = make_rig(seed=9)
    start(driver, mode="board")
    app = driver.app
    clock = driver.hw.clock
    app.render(clock.ticks_ms())
    assert state(driver).current_player() == -1  # the lot for the first dealer
    changed = 0
    for _ in range(4):  # the spinning dot moves a LED every 40 ms (hidden while it passes a seat)
        clock.advance(50)
        changed += locked(app.render, clock.ticks_ms(), count=1)
    assert changed >= 2, "the spin changes the frame as it goes"


def test_idle_loop_turn_with_debouncer_allocates_nothing():
    driver = make_rig(seed=9)
    start(driver, mode="board")
    driver.run_for(1800)
    assert state(driver).current_player() >= 0
    app, hw, debouncer = driver.app, driver.hw, driver.debouncer
    for _ in range(40):  # blinking: the frame changes and goes through app.power too
        locked(step, app, hw, debouncer, None, count=4)
        hw.clock.advance(10)


def test_debouncer_bounce_allocates_nothing():
    driver = make_rig(seed=9)
    debouncer = driver.debouncer
    clock = driver.hw.clock
    for level in (1, 0, 1, 0, 1, 1, 1, 1, 1, 0):
        clock.advance(5)
        locked(debouncer.update, level, clock.ticks_ms())
