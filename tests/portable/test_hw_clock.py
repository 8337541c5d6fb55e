"""app.clock: ticks wrap at 2^30 on every runtime, and only ticks_add/ticks_diff cross the wrap."""

from app.clock import TICKS_PERIOD, ManualClock, SystemClock, ticks_add, ticks_diff
from support import expect_raises


def test_period_is_two_to_the_thirty():
    assert TICKS_PERIOD == 1073741824


def test_ticks_add_wraps_forward_and_back():
    assert ticks_add(TICKS_PERIOD - 1, 1) == 0
    assert ticks_add(TICKS_PERIOD - 10, 25) == 15
    assert ticks_add(5, -10) == TICKS_PERIOD - 5
    assert ticks_add(0, 0) == 0


def test_ticks_diff_is_signed_across_the_wrap():
    assert ticks_diff(0, TICKS_PERIOD - 1) == 1
    assert ticks_diff(TICKS_PERIOD - 1, 0) == -1
    assert ticks_diff(15, TICKS_PERIOD - 10) == 25
    assert ticks_diff(1000, 400) == 600
    assert ticks_diff(400, 1000) == -600


def test_ticks_diff_inverts_ticks_add_over_many_starts_and_deltas():
    starts = (0, 1, 12345, TICKS_PERIOD // 2, TICKS_PERIOD - 1, TICKS_PERIOD - 5000)
    deltas = (0, 1, -1, 700, -700, 86400000, -86400000, TICKS_PERIOD // 2 - 1, -(TICKS_PERIOD // 2))
    for start in starts:
        for delta in deltas:
            later = ticks_add(start, delta)
            assert 0 <= later < TICKS_PERIOD
            assert ticks_diff(later, start) == delta, (start, delta)


def test_half_period_is_the_limit_of_ordering():
    # exactly half a period apart reads as "before": the same convention as MicroPython's own
    assert ticks_diff(TICKS_PERIOD // 2, 0) == -(TICKS_PERIOD // 2)
    assert ticks_diff(TICKS_PERIOD // 2 - 1, 0) == TICKS_PERIOD // 2 - 1


def test_manual_clock_starts_before_the_wrap_and_crosses_it():
    clock = ManualClock()
    start = clock.ticks_ms()
    assert start == TICKS_PERIOD - 5000
    clock.advance(4999)
    assert clock.ticks_ms() == TICKS_PERIOD - 1
    clock.advance(2)
    assert clock.ticks_ms() == 1
    assert ticks_diff(clock.ticks_ms(), start) == 5001


def test_manual_clock_refuses_to_go_back():
    clock = ManualClock(start=100)
    err = expect_raises(ValueError, clock.advance, -1)
    assert "advance" in str(err)
    assert clock.ticks_ms() == 100


def test_manual_clock_start_is_wrapped():
    assert ManualClock(start=TICKS_PERIOD + 7).ticks_ms() == 7


def test_system_clock_is_in_range_and_moves_forward():
    clock = SystemClock()
    first = clock.ticks_ms()
    assert 0 <= first < TICKS_PERIOD
    later = first
    for _ in range(2000):
        later = clock.ticks_ms()
        assert 0 <= later < TICKS_PERIOD
    assert 0 <= ticks_diff(later, first) < 10000
