"""app.buttons: debouncing, long presses, several buttons, the clock wrap, and the event queue."""

from app.buttons import (
    BACK,
    BUTTON_NAMES,
    DOWN,
    KEEP,
    LONG,
    OK,
    PRESS,
    SWAP,
    UP,
    Debouncer,
    event_button,
    event_kind,
    make_event,
)
from app.clock import TICKS_PERIOD, ManualClock, ticks_add
from support import expect_raises

KIND_NAMES = ("DOWN", "UP", "PRESS", "LONG")


def event_name(event):
    """'OK PRESS' and the like, for test messages."""
    return "%s %s" % (BUTTON_NAMES[event_button(event)], KIND_NAMES[event_kind(event)])


def drain(debouncer):
    names = []
    while True:
        event = debouncer.pop()
        if event < 0:
            return names
        names.append(event_name(event))


def run(debouncer, clock, steps, sample_ms=1):
    """steps: (levels_mask, duration_ms) pairs, sampled every sample_ms like the main loop."""
    for mask, duration in steps:
        for _ in range(0, duration, sample_ms):
            debouncer.update(mask, clock.ticks_ms())
            clock.advance(sample_ms)
    return drain(debouncer)


def bit(button):
    return 1 << button


def test_event_encoding_round_trips():
    for button in (KEEP, SWAP, OK, BACK):
        for kind in (DOWN, UP, PRESS, LONG):
            event = make_event(button, kind)
            assert 0 <= event < 16
            assert event_button(event) == button
            assert event_kind(event) == kind
    assert BUTTON_NAMES == ("KEEP", "SWAP", "OK", "BACK")
    assert event_name(make_event(OK, LONG)) == "OK LONG"


def test_clean_short_press():
    d = Debouncer(25, 700)
    clock = ManualClock()
    assert run(d, clock, [(0, 10), (bit(OK), 100), (0, 50)]) == ["OK DOWN", "OK UP", "OK PRESS"]


def test_down_needs_the_level_to_hold_for_debounce_ms():
    d = Debouncer(25, 700)
    clock = ManualClock()
    assert run(d, clock, [(bit(KEEP), 24)]) == []
    assert run(d, clock, [(bit(KEEP), 2)]) == ["KEEP DOWN"]


def test_chatter_on_press_and_release_gives_one_press():
    d = Debouncer(25, 700)
    clock = ManualClock()
    press_bounce = [(bit(SWAP), 2), (0, 1), (bit(SWAP), 3), (0, 2), (bit(SWAP), 1), (0, 4)]
    release_bounce = [(0, 3), (bit(SWAP), 2), (0, 1), (bit(SWAP), 5), (0, 2), (bit(SWAP), 1)]
    events = run(d, clock, press_bounce + [(bit(SWAP), 200)] + release_bounce + [(0, 100)])
    assert events == ["SWAP DOWN", "SWAP UP", "SWAP PRESS"]


def test_spikes_shorter_than_debounce_are_ignored():
    d = Debouncer(25, 700)
    clock = ManualClock()
    steps = []
    for gap in range(1, 24, 3):
        steps += [(bit(OK), gap), (0, 30)]
    assert run(d, clock, steps) == []


def test_mashing_gives_one_press_per_real_press_and_never_both_kinds():
    # 20 presses of 40 ms with 40 ms gaps, each with bounce at both edges
    d = Debouncer(25, 700)
    clock = ManualClock()
    one = [(bit(KEEP), 1), (0, 1), (bit(KEEP), 40), (0, 1), (bit(KEEP), 1), (0, 40)]
    events = []
    for _ in range(20):  # the loop pops every frame: drain after each press as it would
        events += run(d, clock, one)
    assert events.count("KEEP PRESS") == 20
    assert events.count("KEEP DOWN") == 20
    assert events.count("KEEP LONG") == 0
    # strictly alternating DOWN, UP, PRESS
    assert events == ["KEEP DOWN", "KEEP UP", "KEEP PRESS"] * 20


def test_mashing_faster_than_debounce_is_one_hold():
    # a hand hammering at 10 ms per contact never leaves the level stable: one long hold at most
    d = Debouncer(25, 700)
    clock = ManualClock()
    events = run(d, clock, [(bit(OK), 30)] + [(0, 5), (bit(OK), 10)] * 40 + [(0, 60)])
    assert events == ["OK DOWN", "OK UP", "OK PRESS"]


def test_long_press_fires_once_while_held_then_no_press():
    d = Debouncer(25, 700)
    clock = ManualClock()
    assert run(d, clock, [(bit(BACK), 699)]) == ["BACK DOWN"]
    assert run(d, clock, [(bit(BACK), 2)]) == ["BACK LONG"]
    assert run(d, clock, [(bit(BACK), 3000)]) == []
    assert run(d, clock, [(0, 50)]) == ["BACK UP"]


def test_long_is_measured_from_the_first_edge():
    d = Debouncer(25, 700)
    clock = ManualClock()
    start = clock.ticks_ms()
    d.update(bit(OK), start)
    d.update(bit(OK), ticks_add(start, 25))
    assert drain(d) == ["OK DOWN"]
    d.update(bit(OK), ticks_add(start, 699))
    assert drain(d) == []
    d.update(bit(OK), ticks_add(start, 700))
    assert drain(d) == ["OK LONG"]


def test_just_short_of_long_is_a_press():
    d = Debouncer(25, 700)
    clock = ManualClock()
    # released at 690 ms: the release settles after 700 ms, yet no LONG fires while it does
    assert run(d, clock, [(bit(OK), 690), (0, 40)]) == ["OK DOWN", "OK UP", "OK PRESS"]


def test_several_buttons_are_independent():
    d = Debouncer(25, 700)
    clock = ManualClock()
    events = run(d, clock, [
        (bit(KEEP), 50),
        (bit(KEEP) | bit(SWAP), 50),
        (bit(SWAP), 800),
        (bit(SWAP) | bit(OK), 50),
        (0, 50),
    ])
    assert events == [
        "KEEP DOWN", "SWAP DOWN", "KEEP UP", "KEEP PRESS", "SWAP LONG", "OK DOWN",
        "SWAP UP", "OK UP", "OK PRESS",
    ]


def test_bits_above_the_buttons_are_ignored():
    d = Debouncer(25, 700)
    clock = ManualClock()
    assert run(d, clock, [(0xF0, 100), (0, 100)]) == []


def test_across_the_wrap():
    d = Debouncer(25, 700)
    clock = ManualClock(start=TICKS_PERIOD - 10)  # the press starts 10 ms before the wrap
    events = run(d, clock, [(bit(OK), 20), (bit(OK), 10)])
    assert events == ["OK DOWN"]
    assert clock.ticks_ms() < 100
    assert run(d, clock, [(bit(OK), 700)]) == ["OK LONG"]
    d2 = Debouncer(25, 700)
    clock2 = ManualClock(start=TICKS_PERIOD - 300)
    assert run(d2, clock2, [(bit(KEEP), 295), (bit(KEEP), 20), (0, 40)]) == [
        "KEEP DOWN", "KEEP UP", "KEEP PRESS"]


def test_slow_loop_sampling_still_debounces():
    # the loop may only sample every 20 ms while an animation frame is built
    d = Debouncer(25, 700)
    clock = ManualClock()
    assert run(d, clock, [(bit(SWAP), 60), (0, 60)], sample_ms=20) == ["SWAP DOWN", "SWAP UP", "SWAP PRESS"]


def test_the_press_counts_once_it_has_held_for_debounce_ms():
    d = Debouncer(25, 700)
    clock = ManualClock()
    assert run(d, clock, [(bit(OK), 10)]) == []
    assert run(d, clock, [(bit(OK), 30)]) == ["OK DOWN"]


def test_queue_overflow_keeps_the_oldest_and_counts_the_rest():
    d = Debouncer(0, 700)
    clock = ManualClock()
    for _ in range(12):  # 12 presses x 3 events = 36 events into a 32-slot queue
        d.update(bit(KEEP), clock.advance(1))
        d.update(0, clock.advance(1))
    assert d.dropped == 4
    events = drain(d)
    assert len(events) == 32
    assert events[:3] == ["KEEP DOWN", "KEEP UP", "KEEP PRESS"]
    assert d.pop() == -1


def test_zero_debounce_acts_at_once():
    d = Debouncer(0, 700)
    clock = ManualClock()
    d.update(bit(OK), clock.ticks_ms())
    assert drain(d) == ["OK DOWN"]


def test_bad_timings_are_refused():
    assert "debounce_ms" in str(expect_raises(ValueError, Debouncer, 50, 50))
    expect_raises(ValueError, Debouncer, -1, 700)
