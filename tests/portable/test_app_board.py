"""Drawing on the ring: tokens on their circles, l'enfer, bars on a single ring, blinking."""

from app.board import FULL, Board, blink_on, fade
from app.clock import TICKS_PERIOD
from app.ring import RingLayout

DISC = {"rings": [32, 24, 16, 12, 8, 1]}
SINGLE = {"rings": [24]}
ORANGE = (255, 113, 0)


def lit(frame):
    return [i // 3 for i in range(0, len(frame), 3) if frame[i] or frame[i + 1] or frame[i + 2]]


def test_token_sits_on_its_circle_ring_at_its_seat_angle():
    layout = RingLayout(DISC)
    board = Board(layout)
    board.setup(5, 4)
    assert board.concentric
    for circle in range(4):
        frame = layout.new_frame()
        board.token(frame, 3, circle, ORANGE)
        assert lit(frame) == [layout.index(circle, layout.seat_position(circle, 3, 5))]


def test_a_token_in_l_enfer_lights_the_centre():
    layout = RingLayout(DISC)
    board = Board(layout)
    board.setup(4, 4)
    frame = layout.new_frame()
    board.token(frame, 1, 4, ORANGE)
    assert lit(frame) == [layout.centre]


def test_five_circles_use_every_ring_but_the_centre():
    layout = RingLayout(DISC)
    board = Board(layout)
    board.setup(8, 5)
    assert board.concentric and board.rings == 5


def test_single_ring_counts_circles_left_along_the_seat_sector():
    layout = RingLayout(SINGLE)
    board = Board(layout)
    board.setup(4, 4)
    assert not board.concentric and board.sector == 6
    start = layout.seat_position(0, 2, 4)
    for circle in range(5):
        frame = layout.new_frame()
        board.token(frame, 2, circle, ORANGE)
        expected = sorted(layout.index(0, start + j) for j in range(4 - circle))
        assert sorted(lit(frame)) == expected, circle


def test_short_sectors_scale_the_bar_and_dim_its_last_led_for_a_part():
    layout = RingLayout(SINGLE)
    board = Board(layout)
    board.setup(8, 4)  # three LEDs a seat: two for the bar, one gap
    start = layout.seat_position(0, 0, 8)
    first, second = layout.index(0, start), layout.index(0, start + 1)
    levels = []
    for circle in range(4):
        frame = layout.new_frame()
        board.token(frame, 0, circle, ORANGE)
        levels.append((frame[3 * first], frame[3 * second]))
    assert levels[0] == (255, 255)  # four circles left: both LEDs
    assert levels[1][0] == 255 and 0 < levels[1][1] < 255  # three: one and a half
    assert levels[2] == (255, 0)  # two: one
    assert 0 < levels[3][0] < 255 and levels[3][1] == 0  # one: half of one, still visible


def test_home_marks_and_dealer_gap_on_a_single_ring():
    layout = RingLayout(SINGLE)
    board = Board(layout)
    board.setup(4, 3)
    frame = layout.new_frame()
    board.dealer(frame, 1, (255, 255, 255), FULL)
    assert lit(frame) == [layout.index(0, layout.seat_position(0, 1, 4) - 1)]


def test_blink_and_fade_are_integer_and_cross_the_wrap():
    assert blink_on(0) and not blink_on(256) and blink_on(512)
    start = TICKS_PERIOD - 100
    assert fade(start, start, 600) == 0
    assert fade(200, start, 600) == 300 * FULL // 600  # 300 ms later, across the wrap
    assert fade(1000, start, 600) == FULL
