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
    steps = parse_script("# start\n50 keep DOWN\n100 OK down\n\n100 o up\n180 SWAP up\n")
    assert steps == [(50, KEEP, True), (100, OK, True), (100, OK, False), (180, SWAP, False)]


def test_parse_script_names_the_bad_line():
    err = expect_raises(ScriptError, parse_script, "100 OK down\n200 JUMP up\n")
    assert "line 2" in str(err) and "JUMP" in str(err)
    err = expect_raises(ScriptError, parse_script, "100 OK sideways\n")
    assert "line 1" in str(err)
    err = expect_raises(ScriptError, parse_script, "soon OK down\n")
    assert "not a time" in str(err)
    err = expect_raises(ScriptError, parse_script, "-5 OK down\n")
    assert "negative" in str(err)
    err = expect_raises(ScriptError, parse_script, "100 OK down\n180 OK up\n# back\n50 KEEP down\n")
    assert "line 4" in str(err) and "time order" in str(err)


def test_a_bad_script_line_is_one_message_and_nothing_runs():
    path = work_path("bad.txt")
    out = work_path("bad.jsonl")
    with open(path, "w") as f:
        f.write("100 OK down\n180 OK up\n200 JUMP up\n")
    try:
        os.remove(out)
    except OSError:
        pass  # not there
    assert sim_run.main(["--script", path, "--out", out]) == 2
    expect_raises(OSError, os.stat, out)  # nothing ran, so nothing was written


def write_long_script(path, events, buttons=("KEEP", "OK", "SWAP")):
    """events button events: a 40 ms press (past the debounce) every 60 ms, cycling through buttons
    (KEEP, OK, SWAP by default: OK comes on Jouer, the menu not wrapping, so games are played)."""
    with open(path, "w") as f:
        for i in range(events // 2):
            button = buttons[i % len(buttons)]
            f.write("%d %s down\n%d %s up\n" % (60 * i, button, 60 * i + 40, button))


def test_read_steps_takes_one_line_at_a_time():
    import gc

    from sim.script import read_steps

    pulled = [0]

    def lines():
        for i in range(20000):
            pulled[0] += 1
            yield "%d OK %s" % (10 * i, "down" if i % 2 == 0 else "up")

    steps = read_steps(lines())
    assert next(steps) == (0, OK, True)
    gc.collect()
    before = gc.mem_alloc()
    count = 1
    last = None
    for step in steps:
        count += 1
        last = step
        assert pulled[0] == count  # one line a step, none read ahead
    gc.collect()
    assert count == 20000 and last == (199990, OK, False)
    assert gc.mem_alloc() - before < 1024  # nothing kept of the lines it read


def _heap_while_playing(name, events, buttons):
    """The live heap (after a collection, every 500 steps) while run.py plays a generated script."""
    import gc

    import sim.script

    path = work_path(name + ".txt")
    write_long_script(path, events, buttons)
    read_steps = sim.script.read_steps
    samples = []

    def sampled(lines):
        for count, step in enumerate(read_steps(lines)):
            if count % 500 == 499:
                gc.collect()
                samples.append(gc.mem_alloc())
            yield step

    sim.script.read_steps = sampled  # run.py takes it from sim.script when it runs a script
    try:
        assert sim_run.main(["--script", path, "--out", work_path(name + ".jsonl"), "--tail", "100"]) == 0
    finally:
        sim.script.read_steps = read_steps
    assert len(samples) >= 2 * (events // 500)  # the check pass and the run were both sampled
    return max(samples[len(samples) // 2:])  # the run's


def test_the_simulators_bookkeeping_stays_flat_as_the_script_grows():
    # up and down the setup menu: the app's own state is the same after 1 000 events or 6 000,
    # so any growth would be the simulator's (it used to keep every press: some 200 KB more here)
    short = _heap_while_playing("menu_short", 1000, ("KEEP", "SWAP"))
    long = _heap_while_playing("menu_long", 6000, ("KEEP", "SWAP"))
    assert long - short < 4096, (short, long)


def test_a_script_twice_the_old_limit_runs_in_the_default_heap():
    """5 000 events ran out of the unix port's default 2 MB heap when the simulator kept every
    step; 10 000 (playing games through the menu) must run there, as 10^6 do (make bench)."""
    import sys

    path = work_path("long_games.txt")
    out = work_path("long_games.jsonl")
    write_long_script(path, 10000)
    # no -X heapsize: the default heap, as `micropython firmware/sim/run.py` gets it
    status = os.system("%s %s/firmware/sim/run.py --script %s --out %s --tail 100 > %s 2>&1" % (
        sys.executable, _ROOT, path, out, work_path("long_games.log")))
    with open(work_path("long_games.log")) as f:
        said = f.read()
    assert status == 0, said  # it exits only once the whole script has run
    assert not said
    with open(out) as f:
        games = sum(1 for line in f if '"event": "game"' in line)
    assert games >= 1  # the presses played, not only the menu


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
            driver.long(OK)  # a long OK on the centre confirms
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
    assert texts[-1][0].startswith("Gagne") or texts[-1][0].startswith("Partage"), texts[-1]


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


def test_keys_become_presses_counted_in_reads():
    from sim.term import GAP_READS, PRESS_READS, long_reads

    clock = ManualClock()  # the wall clock, 20 ms a read: a long press's reads outlast its time
    keys = KeyPresses(clock, 700)
    masks = []

    def read(n):
        for _ in range(n):
            masks.append(keys.levels())
            clock.advance(20)

    keys.key("k")
    keys.key("O")  # capital: a long press, after k and a gap
    read(200)
    runs = []  # (mask, reads in a row)
    for mask in masks:
        if runs and runs[-1][0] == mask:
            runs[-1][1] += 1
        else:
            runs.append([mask, 1])
    assert runs == [[1 << KEEP, PRESS_READS], [0, GAP_READS], [1 << OK, long_reads(700)],
                    [0, 200 - PRESS_READS - GAP_READS - 85]] and long_reads(700) == 85, runs
    keys.key("p")
    clock.advance(5000)
    assert keys.levels() == 1 << OK  # held until p again
    keys.key("p")
    assert keys.levels() == 0
    keys.key("q")
    assert keys.quit


def test_the_terminal_names_each_cue_as_the_app_numbers_it():
    import app.cues
    from sim.term import CUE_NAMES

    assert CUE_NAMES[:3] == ("click", "act", "error") and len(CUE_NAMES) == 8
    for cue, name in enumerate(CUE_NAMES):
        assert getattr(app.cues, "CUE_" + name.upper()) == cue, name
