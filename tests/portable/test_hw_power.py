"""app.power: the current estimate, the cap under budget_ma, and the byte order."""

from app.power import (
    CHANNEL_FULL_MA,
    IDLE_MA_PER_LED,
    MAX_BUDGET_MA,
    OTHERS_MA,
    SUPPLY_MA,
    USB_PORT_MA,
    cap_scale,
    encode,
    estimate_ma,
    worst_case_ma,
)
from app.ring import RingLayout
from engine.rng import Rng
from support import expect_raises, scaled


def white(n):
    return bytearray([255] * (3 * n))


def test_estimate_figures():
    assert estimate_ma(bytearray(3 * 93), 255) == 93 * IDLE_MA_PER_LED
    assert estimate_ma(white(1), 255) == 1 + 3 * CHANNEL_FULL_MA  # 61 mA: "about 60 mA"
    assert estimate_ma(white(93), 255) == 93 + 93 * 60  # 5673 mA, the worst case
    assert estimate_ma(white(93), 96) == 93 + 2101  # 93*765*96/255 units, 20/255 mA each, rounded up
    assert estimate_ma(bytearray([255, 0, 0] * 32), 255) == 32 + 32 * 20


def test_cap_scale_leaves_small_frames_alone():
    frame = bytearray(3 * 93)
    for i in range(0, 24, 3):
        frame[i] = 255  # 8 red LEDs
    assert cap_scale(frame, 96, 450) == 96
    assert cap_scale(bytearray(3 * 93), 200, 450) == 200


def test_full_white_disc_is_capped_under_budget():
    frame = white(93)
    out = bytearray(3 * 93)
    scale = encode(frame, out, 96, 450)
    assert 0 < scale < 96
    assert estimate_ma(out, 255) <= 450
    # and the cap is tight: one more step would exceed the budget
    assert estimate_ma(frame, scale + 1) > 450


def test_budget_below_idle_current_turns_everything_off():
    out = bytearray(3 * 93)
    assert encode(white(93), out, 255, 90) == 0
    assert out == bytearray(3 * 93)


def test_random_frames_never_exceed_budget():
    rng = Rng(7)
    out = bytearray(3 * 93)
    for _ in range(scaled(300, 60)):
        frame = bytearray(3 * 93)
        lit = rng.below(94)
        for _ in range(lit):
            i = 3 * rng.below(93)
            frame[i] = rng.below(256)
            frame[i + 1] = rng.below(256)
            frame[i + 2] = rng.below(256)
        brightness = 1 + rng.below(255)
        budget = 100 + rng.below(3000)
        scale = encode(frame, out, brightness, budget)
        assert scale <= brightness
        assert estimate_ma(out, 255) <= budget, (brightness, budget)
        if scale < brightness:
            assert estimate_ma(frame, scale + 1) > budget


def test_grb_order_and_scaling():
    layout = RingLayout({"rings": [24]})
    frame = layout.new_frame()
    frame[0:3] = bytearray((255, 128, 10))
    out = bytearray(len(frame))
    assert encode(frame, out, 255, 5000, "GRB") == 255
    assert out[0:3] == bytearray((128, 255, 10))
    assert encode(frame, out, 128, 5000, "GRB") == 128
    assert out[0:3] == bytearray((64, 128, 5))
    encode(frame, out, 255, 5000, "RGB")
    assert out[0:3] == bytearray((255, 128, 10))
    encode(frame, out, 255, 5000, "BRG")
    assert out[0:3] == bytearray((10, 255, 128))
    encode(frame, out, 255, 5000, "BGR")
    assert out[0:3] == bytearray((10, 128, 255))


def test_bad_arguments_are_refused():
    frame = white(2)
    assert "colour order" in str(expect_raises(ValueError, encode, frame, bytearray(6), 255, 450, "XYZ"))
    assert "6" in str(expect_raises(ValueError, encode, frame, bytearray(5), 255, 450))


def test_worst_case_counts_the_leds_at_the_cap_or_idle_with_the_error_and_the_rest():
    assert worst_case_ma(340, 93) == 340 + 34 + OTHERS_MA  # 489 mA
    assert worst_case_ma(341, 93) == 341 + 35 + OTHERS_MA  # the error rounded up
    # a budget below the LEDs' idle draw only turns them off: they draw their idle current anyway
    assert worst_case_ma(100, 512) == 512 + 52 + OTHERS_MA
    assert worst_case_ma(MAX_BUDGET_MA["usb"], 93) < USB_PORT_MA
    assert worst_case_ma(MAX_BUDGET_MA["supply"], 93) <= SUPPLY_MA
