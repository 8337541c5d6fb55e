"""hardware/POWER.md's figures, recomputed from the firmware's own estimate (app.power) and ring
drawing (app.board), and the budgets it recommends checked against the config's limits."""

import json
import os
import re

from app import power
from app.board import Board
from app.clock import ManualClock
from app.config import DEFAULT_CONFIG, copy_config
from app.core import App
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
        frame = busiest_game_frame(rings)
    elif what == "self-test, outer ring red":
        Board(layout).ring_fill(frame, 0, (255, 0, 0))
    else:
        raise AssertionError("POWER.md row names an unknown frame: %r" % what)
    return frame


def busiest_game_frame(rings):
    """The brightest frame of the first second of an 8-player board-mode game on the real app:
    every seat's token and home marks, the dealer, l'enfer, and the seat to act blinking."""
    config = copy_config(DEFAULT_CONFIG)
    config["leds"] = {"rings": rings, "outer_first": True, "reverse": [False] * len(rings),
                      "offsets": [0] * len(rings), "color_order": "GRB"}
    clock = ManualClock()
    app = App(config, clock)
    app.rng.seed(1)
    assert app.start_game("tanturlurette", {"players": 8, "mode": "board"}, None, clock.ticks_ms())
    for _ in range(1000):  # the lot for the first dealer, then the first decision
        app.tick(clock.advance(10))
        if app.session.state.current_player() >= 0:
            break
    assert app.session.state.current_player() >= 0, "no seat to act"
    busiest = None
    for _ in range(100):
        now = clock.advance(10)
        app.tick(now)
        app.render(now)
        if busiest is None or sum(app.frame) > sum(busiest):
            busiest = bytearray(app.frame)
    return busiest


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
        for budget in (340, 2300):
            scale = power.encode(frame, out, 255, budget, "GRB")
            sent = bytearray(len(frame))
            for i in range(len(frame)):
                sent[i] = out[i]
            assert power.estimate_ma(sent) <= budget, (leds, budget, scale)


def test_the_default_config_is_the_usb_build():
    with open(os.path.join(ROOT, "firmware", "config.json"), encoding="utf-8") as f:
        config = json.load(f)
    text = open(POWER_MD, encoding="utf-8").read()
    assert config["power"]["source"] == "usb" and '`power.source: "usb"`' in text
    assert config["power"]["budget_ma"] == 340 and "`power.budget_ma: 340`" in text
    assert "`power.brightness: 96`" in text and config["power"]["brightness"] == 96


def rest_of_device_worst_ma():
    """The worst-case column of POWER.md's table of everything on the 5 V besides the LEDs: its
    parts added up, checked against the total row."""
    parts = []
    total = None
    for line in open(POWER_MD, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not line.startswith("| ") or "mA" not in cells[2]:
            continue
        figure = int(re.search(r"(\d+) mA", cells[2]).group(1))
        if "total" in cells[0]:
            total = figure
        else:
            parts.append(figure)
    assert total is not None and len(parts) >= 4, "POWER.md lost its table of the rest of the device"
    assert sum(parts) == total, "POWER.md: the parts add up to %d mA, the total says %d" % (sum(parts), total)
    return total


def test_the_usb_build_stays_under_500_ma_at_worst():
    """Issue 13: the old 450 mA cap let the device draw 565 mA from a 500 mA USB port, more with
    the estimate's error. The LEDs at the default cap, 22 mA a channel where the estimate says 20,
    plus every other part at its worst, must stay under 500 mA."""
    with open(os.path.join(ROOT, "firmware", "config.json"), encoding="utf-8") as f:
        budget = json.load(f)["power"]["budget_ma"]
    rest = rest_of_device_worst_ma()
    worst = -(-budget * 22 // 20) + rest
    assert worst < 500, "the USB build can draw %d mA" % worst
    # the firmware's own figure, from which app.config bounds the budget, is the same
    assert power.OTHERS_MA == rest and power.worst_case_ma(budget, 93) == worst
    assert power.worst_case_ma(power.MAX_BUDGET_MA["usb"], 93) < 500


def test_the_supply_budget_follows_the_firmware_docs_rule():
    # docs/DEVICE.md: about 80 % of the supply's rating, less 100 mA for the ESP32
    text = open(POWER_MD, encoding="utf-8").read()
    budget = 3000 * 8 // 10 - 100
    assert "5 V 3 A" in text and "`power.budget_ma: %d`" % budget in text
    assert power.MAX_BUDGET_MA["supply"] == budget and power.worst_case_ma(budget, 93) <= 3000
    assert "%d mA" % power.worst_case_ma(budget, 93) in text
