"""app.ring: the (ring, k) to physical index map for every vendor wiring, and app.colours."""

from app.board import set_led
from app.colours import SEAT_COLOURS, seat_colour
from app.ring import RingLayout
from support import expect_raises

DISC = [32, 24, 16, 12, 8, 1]


def all_indexes(layout):
    return [layout.index(r, k) for r in range(len(layout.ring_sizes)) for k in range(layout.ring_sizes[r])]


def test_disc_outer_first_is_the_identity():
    layout = RingLayout({"rings": DISC})
    assert layout.num_leds == 93
    assert layout.ring_sizes == DISC
    assert all_indexes(layout) == list(range(93))
    assert layout.index(1, 0) == 32
    assert layout.centre == 92


def test_every_layout_is_a_permutation():
    for outer_first in (True, False):
        for reverse in ([False] * 6, [True] * 6, [True, False, True, False, True, False]):
            for offsets in ([0] * 6, [5, 23, 15, 0, 7, 0]):
                layout = RingLayout({"rings": DISC, "outer_first": outer_first,
                                     "reverse": reverse, "offsets": offsets})
                assert sorted(all_indexes(layout)) == list(range(93)), (outer_first, reverse, offsets)


def test_centre_first_chain_puts_the_centre_at_zero():
    layout = RingLayout({"rings": DISC, "outer_first": False})
    assert layout.centre == 0
    assert layout.index(4, 0) == 1  # the 8-LED ring follows the centre
    assert layout.index(0, 0) == 93 - 32  # the outer ring is last
    assert layout.index(0, 31) == 92


def test_offset_moves_angle_zero():
    layout = RingLayout({"rings": DISC, "offsets": [4, 0, 0, 0, 0, 0]})
    assert layout.index(0, 0) == 4
    assert layout.index(0, 27) == 31
    assert layout.index(0, 28) == 0  # wraps inside the ring, never into the next
    assert layout.index(1, 0) == 32


def test_reverse_runs_against_the_chain():
    layout = RingLayout({"rings": DISC, "reverse": [False, True, False, False, False, False],
                         "offsets": [0, 3, 0, 0, 0, 0]})
    assert [layout.index(1, k) for k in range(5)] == [35, 34, 33, 32, 55]


def test_index_takes_k_modulo_the_ring():
    layout = RingLayout({"rings": DISC})
    assert layout.index(0, 32) == layout.index(0, 0)
    assert layout.index(2, -1) == layout.index(2, 15)


def test_single_24_ring():
    layout = RingLayout({"rings": [24], "outer_first": True, "reverse": [True], "offsets": [6]})
    assert layout.num_leds == 24
    assert layout.centre == -1
    assert layout.index(0, 0) == 6
    assert layout.index(0, 1) == 5
    assert sorted(all_indexes(layout)) == list(range(24))


def test_seat_positions_are_the_nearest_leds():
    layout = RingLayout({"rings": DISC})
    # five seats on 32 LEDs: the nearest LED to each fifth of a turn
    assert [layout.seat_position(0, s, 5) for s in range(5)] == [0, 6, 13, 19, 26]
    assert layout.seat_position(5, 0, 3) == 0  # the centre's one LED
    for seats in range(2, 9):
        for ring in range(5):
            size = DISC[ring]
            for s in range(seats):
                nearest = int(s / seats * size + 0.5) % size
                assert layout.seat_position(ring, s, seats) == nearest


def test_bad_layouts_are_refused_with_a_reason():
    assert "rings" in str(expect_raises(ValueError, RingLayout, {"rings": []}))
    assert "positive" in str(expect_raises(ValueError, RingLayout, {"rings": [24, 0]}))
    assert "offset" in str(expect_raises(ValueError, RingLayout, {"rings": [24], "offsets": [24]}))
    assert "one entry per ring" in str(expect_raises(ValueError, RingLayout, {"rings": [24, 8], "reverse": [True]}))
    expect_raises(ValueError, RingLayout, {"rings": [128] * 5})


def test_a_new_frame_holds_three_bytes_an_led_and_set_led_fills_one():
    layout = RingLayout({"rings": [24]})
    frame = layout.new_frame()
    assert len(frame) == 72
    set_led(frame, 2, (1, 2, 3))
    assert frame[6:9] == bytearray((1, 2, 3))
    assert sum(frame) == 6


def test_seat_colours_are_eight_distinct_lit_colours():
    assert len(SEAT_COLOURS) == 8
    assert len(set(SEAT_COLOURS)) == 8
    for colour in SEAT_COLOURS:
        assert len(colour) == 3
        assert max(colour) == 255  # full range: brightness is applied later, once
        assert all(0 <= c <= 255 for c in colour)
    assert seat_colour(9) == SEAT_COLOURS[1]


# Machado, Oliveira & Fernandes (2009), severity 1, applied to linear RGB
CVD_VIEWS = (
    ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
)


def lab_as_seen(colour, matrix):
    linear = [c / 255 for c in colour]
    r, g, b = [min(1.0, max(0.0, sum(matrix[i][j] * linear[j] for j in range(3)))) for i in range(3)]
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def smallest_difference(colours):
    worst = 1000.0
    for matrix in CVD_VIEWS:
        seen = [lab_as_seen(c, matrix) for c in colours]
        for i in range(len(seen)):
            for j in range(i + 1, len(seen)):
                delta = sum((seen[i][k] - seen[j][k]) ** 2 for k in range(3)) ** 0.5
                worst = min(worst, delta)
    return worst


def test_seat_colours_stay_apart_under_colour_blindness():
    assert smallest_difference(SEAT_COLOURS) >= 27
    assert smallest_difference(SEAT_COLOURS[:4]) >= 44
    # the check can fail: two close blues do
    assert smallest_difference([(0, 0, 255), (40, 40, 255)]) < 20
