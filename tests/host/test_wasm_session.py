"""The firmware on the 32-bit MicroPython WebAssembly port: the harness runs it and reads its heap.

tests/wasm/session.mjs plays a session with the buttons, one loop turn per call, on a build
compiled as deploy compiles it; the heap is read between turns (tests/bench/wasm_heap.py runs the
same session for `make bench`, with the Tanturlurette build beside it). Here the default build
(every game) plays issue 13's whole session in its budget, BUDGET_KB for the firmware: the first
boot and its self-test, the menu browsed through every game, an 8-player Tanturlurette game in
each mode, and a whole game of each pub game at its largest table (Piccolo to 41 is about 2,900
moves). Its figures must be consistent, fit the budget without the heap ever growing, leave
REACHED_SPARE_KB of room in the worst turn, and repeat; the heap meter itself is checked against
allocations of known size. Then issue 25's scenarios that fit (SCENARIOS: another seed, the
longest game, a game twice, a host polling, undo/redo storms) play Achéron, or La Bourre and
Achéron short, after the self-test. It takes about six minutes of CPU (about 340,000 loop turns
for the session), driven by turns on a manual clock: no real time.
"""

import io
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "bench"))

from wasm_heap import BUDGET_KB, SPARE_KB, node, run_session, spare, worst_turn  # noqa: E402

from host_tools.deploy import build_lib  # noqa: E402

PHASES = ["selftest", "menu", "tant_deck", "tant_board", "bourre", "piccolo", "acheron"]
# The room the worst turn leaves in the budget, KB: issue 25 asks for SPARE_KB (8), and the
# default build reaches it: 10.0 in the whole session (late in Achéron's game; 10.2 before
# Tanturlurette's position bot, whose names stay interned; 8.8 before its
# deck was read before its code and a round's checkpoint got a turn of its own), 5.3 before the
# store's reader was let go when a game plays (a game only writes) and a heavy app turn left the
# host's line for the next; a change must not lose it (docs/DEVICE.md: the gap).
REACHED_SPARE_KB = SPARE_KB
# Issue 25's scenarios that fit in `make test` (tests/bench/wasm_heap.py plays each whole): each
# after the self-test alone, on Achéron, the game whose turns need the most heap (about 45 s of
# CPU for the three): the seeds 6/17 the issue named, its longest game (to 200), and two games
# in a row; then, with short games of La Bourre and Achéron, a host polling (list_games,
# pull_game, get_state a line every 25 turns: 6.3 KB spare before a job's code stopped holding the
# dispatcher and the app's part waited for it, 12.4 now) and undo/redo storms (12 undos, then 12
# redos, every 4 decisions: 1.8 KB spare before an undo rebuilt its round a slice a turn, 10.4 now).
SCENARIOS = {
    "seeds": {"phases": ["acheron"], "seed": 6, "player_seed": 17},
    "longest": {"phases": ["acheron"], "longest": True},
    "twice": {"phases": ["acheron"], "twice": True},
    "host": {"phases": ["bourre", "acheron"], "short": True, "host_every": 25},
    "undo": {"phases": ["bourre", "acheron"], "short": True, "storm_every": 4},
}
PINNED_BY_A_STRAY_WORD = 40 * 1024  # the largest pack's code a conservative collector may keep
LARGEST_GAME_BLOCK = 2 * 1024  # the largest block a game's phase allocates (Achéron's state JSON: 1.5 KB)


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    return build_lib(str(tmp_path_factory.mktemp("wasm_build")), None, out=io.StringIO())


@pytest.fixture(scope="module")
def report(lib):
    return run_session(lib, heap_kb=BUDGET_KB)


def test_the_session_plays_every_phase_to_its_end(report):
    assert report["completed"], report["error"]
    assert [p["name"] for p in report["phases"]] == ["boot"] + PHASES
    for phase in report["phases"]:
        assert phase["turns"] > 0, phase["name"]
    assert report["turns"] == sum(p["turns"] for p in report["phases"][1:])


def test_the_heap_figures_are_consistent(report):
    for phase in report["phases"]:
        name = phase["name"]
        # after a turn the heap holds all the turn allocated; after the collection, what lives
        assert 0 < phase["live_peak"] <= phase["used_peak"] <= phase["total_peak"], name
        assert phase["largest_alloc"]["bytes"] <= phase["largest_block"]["bytes"] <= phase["used_peak"], name
        assert phase["largest_block"]["bytes"] % 16 == 0, name  # whole 16-byte blocks
    for phase in report["phases"][3:]:  # the games: they begin in the setup menu, choosing
        game = phase["in_game"]
        assert 0 < game["turns"] < phase["turns"], phase["name"]
        assert game["live_peak"] <= phase["live_peak"] and game["used_peak"] <= phase["used_peak"]
    for phase in report["phases"][:3]:
        assert "in_game" not in phase, phase["name"]  # the boot, the self-test and the menu
    for key in ("live_peak", "used_peak", "total_peak"):
        assert report[key] == max(p[key] for p in report["phases"]), key
    assert report["grew"] == (report["total_peak"] > report["heap_start_total"])
    assert 0 < report["harness"] < 32 * 1024


def test_no_turn_of_any_phase_needs_more_than_the_budget(report):
    """What every turn of the session allocates, garbage included, stays within the budget (the
    heap it would fill, its collector's tables aside: the next test holds those too): the boot,
    the self-test, browsing every game (Achéron's deck check: 428 KB in one turn before it read
    the deck file alone), an 8-player Tanturlurette in each mode, and each pub game at its
    largest table (Achéron's deal ends and start needed 210 KB, Piccolo's snapshots 192, before
    a game ending and starting were spread over more turns, the scorekeepers' engines, the
    protocol's commands, the resume code and the menus left out of a game's heap, the link
    paced, and the store's cleanups made by name)."""
    assert [p["name"] for p in report["phases"]] == ["boot"] + PHASES
    for phase in report["phases"]:
        needed = phase["used_peak"] - report["harness"]
        assert needed <= BUDGET_KB * 1024, "%s needed %d bytes at %s" % (
            phase["name"], needed, phase["used_peak_at"])


def test_the_default_build_plays_every_phase_in_its_budget_without_the_heap_growing(report):
    """Issue 13: every game on an ESP32-S3 without PSRAM. On this port a turn that needs more than
    the heap has grows it instead of failing (on the board: a MemoryError), so the heap's size
    staying where it started is the budget met, at every turn, garbage included."""
    assert report["completed"], report["error"]
    assert report["heap_start"] - report["harness"] == BUDGET_KB * 1024
    assert not report["grew"], "the heap grew to %d bytes, first at %s" % (report["total_peak"], report["grew_at"])
    assert report["grew_at"] is None
    assert report["total_peak"] == report["heap_start_total"]
    assert report["used_peak"] <= report["heap_start"]


def test_the_worst_turn_leaves_room_in_the_budget(report):
    """Issue 25: the worst turn had 0.6 KB to spare (Achéron's move 279: 185.1 KB of 185.7), so a
    few bytes more, another seed or a longer game grew the heap; 4.9 KB later (180.6 KB at that
    move), 9.2 now (Achéron's start in the setup menu). It must leave REACHED_SPARE_KB."""
    assert spare(report) >= REACHED_SPARE_KB * 1024, "%.1f KB spare at %s (issue 25 wants %d)" % (
        spare(report) / 1024, worst_turn(report), SPARE_KB)


def played_in_budget(report, name):
    assert report["completed"], "%s: %s" % (name, report["error"])
    assert not report["grew"], "%s: the heap grew to %d bytes, first at %s" % (
        name, report["total_peak"], report["grew_at"])
    assert spare(report) >= REACHED_SPARE_KB * 1024, "%s: %.1f KB spare at %s" % (
        name, spare(report) / 1024, worst_turn(report))


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_each_scenario_plays_in_the_budget_with_room_to_spare(lib, name):
    """Each game played to its end and archived, what the scenario does really done (the host's
    lines, the storms' undos and redos), the heap never grown and REACHED_SPARE_KB left."""
    options = dict(SCENARIOS[name])
    report = run_session(lib, **options)
    played_in_budget(report, name)
    played = report["played"]
    games = played["games"]
    phases = options["phases"] + (["acheron_2"] if name == "twice" else [])
    assert [p["name"] for p in report["phases"]][2:] == phases
    assert len(games) == len(phases)  # each game played to its end, archived
    if name == "seeds":
        assert (report["seed"], report["player_seed"]) == (6, 17)
    if name == "longest":
        assert games[0] > 600, games  # to 200: a default game (to 100) is about 300 moves
    if name == "host":
        assert played["host_lines"] > 100
    if name == "undo":
        assert played["storms"] >= 1 and played["undone"] >= 2


def test_no_game_allocates_a_block_that_grows_with_it(report):
    """Late in a long game the heap has the bytes but few large free blocks: a game's turns
    allocate small blocks only. A move list used to be one array, moved to a new block as it grew
    (Piccolo's was 5.7 KB at move 2,833, where the heap grew); the moves are in blocks of 256 now
    (engine.core.Moves), and the store and the link write them in pieces. The bound leaves room
    for a state's JSON (a round's checkpoint); a new pool of interned names (it doubles: the next
    one would be 18 KB) would show here too."""
    for phase in report["phases"][3:]:
        alloc = phase["largest_alloc"]
        assert alloc["bytes"] <= LARGEST_GAME_BLOCK, "%s allocated %d bytes at once: %s" % (
            phase["name"], alloc["bytes"], alloc)


def game_code():
    """Every module that serves games alone: each game's package and every module in it, and the
    modules outside the packages that only games use (their `shared`)."""
    from games import GAMES

    from host_tools.deploy import package_files

    modules = set()
    for game in GAMES:
        modules.add(game.package)
        modules.update(rel[:-3].replace("/", ".").replace(".__init__", "") for rel in package_files(game.package)
                       if rel.endswith(".py"))
        modules.update(game.shared)
    return modules


def test_what_the_device_no_longer_needs_has_left_the_heap(report):
    """Issue 13: the config's loader and the code that reads a saved game back (app.resume) go
    once the boot has run them, the boot's own code too (issue 25), and a game's code
    goes when it ends and the setup menu opens, so the next game's first turn carries none of it
    (each game's phase ends in the menu, its game archived: `modules` is read there)."""
    phases = {phase["name"]: phase for phase in report["phases"]}
    for name in ("app.config", "app.boards", "app.resume", "hw_esp32.boot"):
        assert name not in phases["boot"]["modules"], name
    code = game_code()
    # tant_deck's list is read one turn into tant_board, whose player imports Tanturlurette's
    # phase numbers itself: that phase is judged by the next ones
    for name in ("tant_board", "bourre", "piccolo", "acheron"):
        left = sorted(code.intersection(phases[name]["modules"]))
        assert left == [], "%s left %s loaded in the setup menu" % (name, left)
        assert "app.config" not in phases[name]["modules"], name


def test_the_figures_repeat_and_do_not_depend_on_the_heap_size(lib):
    small = run_session(lib, heap_kb=64, phases=["menu"])
    large = run_session(lib, heap_kb=1024, phases=["menu"])
    again = run_session(lib, heap_kb=1024, phases=["menu"])
    assert small["completed"] and large["completed"], (small["error"], large["error"])
    assert small["grew"] and small["total_peak"] > small["heap_start_total"], "64 KB cannot hold the firmware"
    assert not large["grew"]
    for a, b in zip(small["phases"], large["phases"], strict=True):
        # The odd word of data that reads as an address keeps a block alive (the collector is
        # conservative), in one layout and not in another, in either heap: since the menu lets go
        # of a game's code once the cursor leaves it, one such word can keep that whole code
        # (measured 30 KB in the grown 64 KB heap; 1.5 KB held in the 1024 KB heap and not in the
        # 64 KB one after boot, selftest and menu alike).
        pinned = a["live_peak"] - b["live_peak"]
        assert abs(pinned) <= PINNED_BY_A_STRAY_WORD, a["name"]
        # Apart from what is pinned, the same objects whatever room they have: what a phase
        # allocates agrees within a few blocks; only where they sit differs.
        assert abs(a["used_peak"] - b["used_peak"] - pinned) <= 1024, a["name"]
    assert large["phases"] == again["phases"]  # the same heap, the same run: to the byte


def run_module(code):
    """Run an ES module's code with runtime.mjs imported; returns what it printed as JSON."""
    runtime = "file://" + os.path.join(ROOT, "firmware", "web", "runtime.mjs")
    script = 'import { loadRuntime } from "%s";\n%s' % (runtime, code)
    done = subprocess.run([node(), "--input-type=module", "-e", script], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_heap_meter_finds_an_allocation_of_known_size_and_its_collection():
    got = run_module("""
const rt = await loadRuntime({ heapBytes: 256 * 1024 });
rt.collect();
const live = rt.used();
const before = rt.tables.snapshot();
rt.run("keep = bytearray(5000)\\nfor i in range(40):\\n    junk = [0] * 300");
const used = rt.used();
const fresh = rt.tables.changes(before);
const scan = rt.tables.scan(before);
const info = rt.memInfo();
rt.tables.check();
rt.collect();
const after = rt.used();
rt.run("del keep");
rt.collect();
console.log(JSON.stringify({ live, used, after, freed: rt.used(), fresh, scanUsed: scan.used,
  scanNew: scan.largestNew, info, total: rt.tables.total(), gcTotal: rt.total(),
  kind: rt.tables.kind(fresh.address) }));
""")
    # 5000 bytes of data in whole blocks (5008), the largest new block; 40 lists of 300 items
    # (1200 bytes each) of garbage, all still there until the collection
    assert got["fresh"]["bytes"] == 5008 == got["scanNew"]["bytes"]
    assert got["fresh"]["address"] == got["scanNew"]["address"]
    assert got["kind"] == "h"  # raw data: the bytearray's object is a block of its own
    assert got["used"] - got["live"] >= 5008 + 40 * 1200
    assert got["scanUsed"] == got["used"] == got["info"]["used"]
    assert got["total"] == got["info"]["total"] == got["gcTotal"]
    assert got["info"]["largestBlock"] == 5008
    assert 5008 <= got["after"] - got["live"] < 5008 + 40 * 1200  # the lists were garbage
    assert got["freed"] < got["after"] - 4000  # and the bytearray too, once let go


def test_reading_the_acheron_deck_allocates_no_long_ints_on_32_bits(lib):
    """The setup menu reads Achéron's deck file when the cursor reaches the game, all in one turn.
    Its signature hashed on whole 32-bit values made three long ints a byte on a 32-bit port
    (104 KB allocated to read the 4 KB file); on 16-bit halves it is the JSON and the deck."""
    got = run_module("""
import { tree } from "%s";
const rt = await loadRuntime({ heapBytes: 512 * 1024 });
rt.install(tree("%s", "/lib"));
rt.run("import sys\\nsys.path.insert(0, '/lib')\\nimport games.acheron.rules");
rt.collect();
const live = rt.used();
rt.run("games.acheron.rules.load_deck()");
const used = rt.used() - live;
rt.collect();
console.log(JSON.stringify({ used, kept: rt.used() - live }));
""" % ("file://" + os.path.join(ROOT, "tests", "wasm", "session.mjs"), lib))
    assert 0 < got["kept"] < 8 * 1024, got  # the deck itself: its cards as bytes and labels
    assert got["used"] < 32 * 1024, got

