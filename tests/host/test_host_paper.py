"""The device's seat colours on white paper: readable (measured), the same hues, still apart."""

import pytest
from app.colours import SEAT_COLOURS
from test_hw_ring import smallest_difference

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools.paper import (
    LINE_CONTRAST,
    TEXT_CONTRAST,
    contrast_with_white,
    hex_colour,
    paper_colour,
    picture_format,
    srgb_linear,
)


def _bytes(rgb):
    """The colour as it is written into a file: sRGB bytes, back to 0..1."""
    return tuple(int(h, 16) / 255 for h in (hex_colour(rgb)[1:3], hex_colour(rgb)[3:5], hex_colour(rgb)[5:7]))


def test_the_wcag_formula_gives_its_known_values():
    assert contrast_with_white((0.0, 0.0, 0.0)) == pytest.approx(21.0)
    assert contrast_with_white((1.0, 1.0, 1.0)) == pytest.approx(1.0)
    assert contrast_with_white((0x76 / 255,) * 3) == pytest.approx(4.54, abs=0.01)  # the usual #767676


@pytest.mark.parametrize("contrast", [LINE_CONTRAST, TEXT_CONTRAST])
def test_every_seat_reaches_the_contrast_on_white(contrast):
    for seat in range(len(SEAT_COLOURS)):
        assert contrast_with_white(_bytes(paper_colour(seat, contrast))) >= contrast, seat
    # the LED colours themselves would not: J8's pale yellow is 1.1 to 1 on white
    led = [tuple(c / 255 for c in colour) for colour in SEAT_COLOURS]
    assert min(contrast_with_white(c) for c in led) < 1.2


def test_the_hues_are_the_leds():
    """Only the light is scaled: each channel keeps its share of the LED's light."""
    for seat, led in enumerate(SEAT_COLOURS):
        light = [srgb_linear(c) for c in _bytes(paper_colour(seat))]
        top = max(light)
        for channel in range(3):
            assert light[channel] / top == pytest.approx(led[channel] / 255, abs=0.02), (seat, channel)


def test_the_seats_stay_apart_for_colour_blind_readers():
    linear = [tuple(255 * srgb_linear(c) for c in _bytes(paper_colour(s))) for s in range(len(SEAT_COLOURS))]
    assert smallest_difference(linear) >= 18
    assert smallest_difference(linear[:4]) >= 28
    # darkening each seat only as far as it needs, on its own, would merge orange and red
    alone = []
    for led in SEAT_COLOURS:
        full = [c / 255 for c in led]
        y = 0.2126 * full[0] + 0.7152 * full[1] + 0.0722 * full[2]
        scale = min(1.0, (1.05 / LINE_CONTRAST - 0.05) / y)
        alone.append(tuple(255 * c * scale for c in full))
    assert smallest_difference(alone) < 5


def test_picture_formats_are_named_in_the_error():
    assert picture_format("sheet.PDF", ("png", "pdf")) == "pdf"
    with pytest.raises(ValueError, match=r"ending in \.png or \.pdf, got sheet\.gif"):
        picture_format("sheet.gif", ("png", "pdf"))
    with pytest.raises(ValueError, match="got sheet"):
        picture_format("sheet", ("png", "pdf", "svg"))
