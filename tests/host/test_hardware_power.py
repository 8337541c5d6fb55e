"""hardware/POWER.md's figures, recomputed from the firmware's own estimate (app.power) and ring
drawing (app.board), and the budgets it recommends checked against the config's limits."""

import json
import os
import re

from app import power
from app.board import Board
from app.colours import ENFER, seat_colour
from app.ring import RingLayout

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
POWER_MD = os.path.join(ROOT, "hardware", "POWER.md")
DISC = [32, 24, 16, 12, 8, 1]
SINGLE = [24]
ROW = re.compile(r"^\| (\d+) LEDs, ([^|]+?) \| (\d+) \| (–|\d+ mA) \| (\d+) \| (\d+) mA \|$")


def frame_for(leds, what):
    rings = DISC if leds == 93 else SINGLE
    layout = RingLayout({"rings": rings, "outer_first": True})
    frame = layout.new_frame()
    if what == "all dark":
        pass
    elif what == "all white":
        for i in range(len(frame)):
            frame[i] = 255
    elif what == "Tanturlurette, 8 seats":
        board = Board(layout)
        board.setup(8, 4)
        for seat in range(8):
            board.home(frame, seat, seat_colour(seat))
            board.token(frame, seat, 0, seat_colour(seat))
        board.centre_led(frame, ENFER)
    elif what == "self-test, outer ring red":
        Board(layout).ring_fill(frame, 0, (255, 0, 0))
    else:
        raise AssertionError("POWER.md row names an unknown frame: %r" % what)
    return frame


def power_rows():
    with open(POWER_MD, encoding="utf-8") as f:
        return [ROW.match(line.strip()) for line in f if line.startswith("| ") and " LEDs, " in line]


def test_every_figure_in_power_md_is_what_the_firmware_computes():
    rows = power_rows()
    assert len(rows) >= 10 and all(rows), "a figures row does not parse"
    for row in rows:
        leds, what, brightness, budget, scale, estimate = row.groups()
        frame = frame_for(int(leds), what)
        brightness = int(brightness)
        if budget == "–":
            expected_scale = brightness
        else:
            expected_scale = power.cap_scale(frame, brightness, int(budget.split()[0]))
        expected_ma = power.estimate_ma(frame, expected_scale)
        assert (int(scale), int(estimate)) == (expected_scale, expected_ma), (
            "POWER.md row %r: says scale %s and %s mA, the firmware gives scale %d and %d mA"
            % (row.group(0), scale, estimate, expected_scale, expected_ma))


def test_the_encoded_bytes_stay_within_the_budget_the_doc_promises():
    for leds in (93, 24):
        frame = frame_for(leds, "all white")
        out = bytearray(len(frame))
        for budget in (380, 450, 2500):
            scale = power.encode(frame, out, 255, budget, "GRB")
            sent = bytearray(len(frame))
            for i in range(len(frame)):
                sent[i] = out[i]
            assert power.estimate_ma(sent) <= budget, (leds, budget, scale)


def test_the_default_config_is_the_usb_build():
    with open(os.path.join(ROOT, "firmware", "config.json"), encoding="utf-8") as f:
        config = json.load(f)
    text = open(POWER_MD, encoding="utf-8").read()
    assert config["power"]["budget_ma"] == 450 and "`power.budget_ma: 450`" in text
    assert "`power.brightness: 96`" in text and config["power"]["brightness"] == 96
