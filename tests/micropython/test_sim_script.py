"""The simulator: script parsing, scripted runs replaying a whole game, the terminal drawing."""

import json
import os

from app.buttons import KEEP, OK, SWAP
from app.clock import ManualClock
from app.ring import RingLayout
from app_rig import make_rig, start, state
from engine.core import TABLE
from sim import run as sim_run
from sim.script import ScriptError, parse_script
from sim.term import KeyPresses, grid_positions
from support import expect_raises

_PARTS = __file__.split("/")[:-1]
_ROOT = ("/".join(_PARTS[:-2]) or ".") if len(_PARTS) >= 2 else "../.."
WORK = _ROOT + "/build/sim_tests"


def work_path(name):
    for folder in (_ROOT + "/build", WORK):
        try:
            os.mkdir(folder)
        except OSError:
            pass  # already there
    return WORK + "/" + name


def test_parse_script_reads_times_buttons_and_comments():
    steps = parse_script("# start\n100 OK down\n\n180 o up\n50 keep DOWN\n")
    assert steps == [(50, KEEP, True), (100, OK, True), (180, OK, False)]


def test_parse_script_names_the_bad_line():
    err = expect_raises(ScriptError, parse_script, "100 OK down\n200 JUMP up\n")
    assert "line 2" in str(err) and "JUMP" in str(err)
    err = expect_raises(ScriptError, parse_script, "100 OK sideways\n")
    assert "line 1" in str(err)
    err = expect_raises(ScriptError, parse_script, "soon OK down\n")
    assert "not a time" in str(err)
    err = expect_raises(ScriptError, parse_script, "-5 OK down\n")
    assert "negative" in str(err)


def test_bad_arguments_print_usage_and_fail():
    assert sim_run.main(["--bogus", "1"]) == 2
    assert sim_run.main(["--script", "x.txt"]) == 2  # --out is needed
    assert sim_run.main(["--seed", "many"]) == 2


def read_out(path):
    """The output's lines, frames replaced by their length: whole games do not fit the heap."""
    lines = []
    with open(path) as f:
        for line in f:
            if line.strip():
                item = json.loads(line)
                if "frame" in item:
                    item["frame"] = len(item["frame"])
                lines.append(item)
    return lines


def replay(driver, name):
    """Write the driver's presses as a script, run it through `run.py --script`, read the output."""
    script = work_path(name + ".txt")
    out = work_path(name + ".jsonl")
    with open(script, "w") as f:
        f.write("\n".join(driver.script) + "\n")
    assert sim_run.main(["--script", script, "--out", out, "--seed", "1", "--tail", "20000"]) == 0
    return read_out(out)


def acts(lines):
    return [line["payload"]["action"] for line in lines
            if line.get("event") == "act"]


def test_scripted_board_game_replays_the_same_game():
    driver = make_rig(seed=1)
    start(driver, mode="board", circles=2)
    for _ in range(800):
        st = state(driver)
        if st.is_over():
            break
        player = st.current_player()
        if player == TABLE:
            driver.press(OK)  # marks the first live seat (where the cursor starts)
            driver.press(KEEP)  # back past the first live seat: the confirm slot
            driver.press(OK)
        elif player >= 0:
            driver.press(SWAP if len(st.moves) % 3 else KEEP)
        else:
            driver.run_for(100)
    assert state(driver).is_over()
    lines = replay(driver, "board")
    assert acts(lines) == list(state(driver).moves)
    kinds = [line["event"] for line in lines if "event" in line]
    assert kinds[0] == "boot" and "game" in kinds and "over" in kinds
    frames = [line["frame"] for line in lines if "frame" in line]
    assert frames and all(f == 6 * 93 for f in frames)  # 93 LEDs, 6 hex digits each
    texts = [line["text"] for line in lines if "text" in line]
    assert texts[-1][1].startswith("Gagne") or texts[-1][1].startswith("Partage")


def test_scripted_deck_game_with_bots_replays_the_same_cards():
    driver = make_rig(seed=1)
    start(driver)
    for _ in range(10000):
        st = state(driver)
        if st.is_over():
            break
        player = st.current_player()
        if driver.app.mode.reveal:
            driver.press(OK)
        elif player >= 0 and driver.app.is_human(player):
            driver.press(KEEP if st.hand[player] >> 2 >= 6 else SWAP)
        else:
            driver.run_for(100)
    assert state(driver).is_over()
    lines = replay(driver, "deck")
    assert acts(lines) == list(state(driver).moves)


def test_grid_places_every_led_once():
    for rings in ([32, 24, 16, 12, 8, 1], [24], [16, 8, 1]):
        layout = RingLayout({"rings": rings})
        cells = grid_positions(layout)
        assert sorted(cells.values()) == list(range(layout.num_leds)), rings


def test_keys_become_timed_presses():
    clock = ManualClock()
    keys = KeyPresses(clock, 700)
    keys.key("k")
    assert keys.levels() == 1 << KEEP
    clock.advance(100)
    assert keys.levels() == 0
    keys.key("O")  # capital: a long press
    clock.advance(800)
    assert keys.levels() == 1 << OK
    clock.advance(100)
    assert keys.levels() == 0
    keys.key("p")
    clock.advance(5000)
    assert keys.levels() == 1 << OK  # held until p again
    keys.key("p")
    assert keys.levels() == 0
    keys.key("q")
    assert keys.quit


def test_the_terminal_names_each_cue_as_the_app_numbers_it():
    import app.core
    from sim.term import CUE_NAMES

    for cue, name in enumerate(CUE_NAMES):
        assert getattr(app.core, "CUE_" + name.upper()) == cue, name
