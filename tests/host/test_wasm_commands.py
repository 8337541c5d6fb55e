"""Every protocol command is answered in a few KB a loop turn, whatever the history's size, on the
32-bit WebAssembly port (issue 25: a host polling the device).

tests/wasm/commands_heap.mjs plays a host against the default build (tests/wasm/commands_ops.py):
a device keeping 200 finished games (one of 3315 moves) and a 48 KB damaged file, a game of 600
moves on the table; each command, every page of it, one loop turn a call, the heap read around
each turn (the port collects nothing inside a call: a turn's figure is all it allocated, garbage
included). Before pages, list_games allocated 1.6 MB in its one turn, the first pull_game page of
the long game 205 KB, and pull_file of the damaged file ran out of memory: now each command is a
page a command line, and a command that reads files is carried out a step a turn (proto.link);
the state line goes out a few pieces a turn, and the handlers are let go once a command is
answered.
"""

import io
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "bench"))

from wasm_commands import run_commands  # noqa: E402

from host_tools.deploy import build_lib  # noqa: E402

TURN_MOST = 10 * 1024  # what a turn of a paged command allocates at most, garbage included
BLOCK_MOST = 2 * 1024  # no command allocates a block over 2 KB
LIVE_MOST = 1024  # what a command leaves living: its handlers are let go once it is answered
PAGED = ("list_games", "pull_game", "pull_game_short", "list_quarantine", "pull_file", "list_games_again")
# get_state writes the game's moves from the game itself, a few pieces a turn (proto.link's
# send_steps): its turn no longer grows with the game (16 KB for 600 moves when written in one)
STATE = ("get_state", "get_state_again")
# its first turn loads the handlers and encodes the line's fields besides its first pieces (12 KB)
STATE_TURN_MOST = 13 * 1024


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    return run_commands(build_lib(str(tmp_path_factory.mktemp("wasm_commands")), None, out=io.StringIO()))


def test_every_command_is_answered_and_does_its_work(report):
    assert report["problems"] == ""
    assert report["history"] == 200
    for name, found in report["commands"].items():
        assert found["answered"] and not found["grew"], (name, found)
    assert report["pages"]["list_games"] == 50 and report["pages"]["pull_file"] == 256


@pytest.mark.parametrize("name", PAGED)
def test_a_paged_command_costs_a_few_kb_a_turn(report, name):
    found = report["commands"][name]
    assert found["allocated"] <= TURN_MOST, found
    assert found["largest"]["bytes"] <= BLOCK_MOST, found
    assert found["live"] <= LIVE_MOST, found


@pytest.mark.parametrize("name", STATE)
def test_the_state_of_a_long_game_costs_a_few_kb_a_turn(report, name):
    """The 600-move game's state line goes out over several turns, a few pieces each (before:
    16 KB in one turn, growing with the game)."""
    found = report["commands"][name]
    assert found["turns"] > 1 and found["allocated"] <= STATE_TURN_MOST, found
    assert found["live"] <= LIVE_MOST, found


def test_no_command_allocates_a_block_over_2_kb(report):
    for name, found in report["commands"].items():
        assert found["largest"]["bytes"] <= BLOCK_MOST, (name, found)


def test_the_handlers_are_let_go_once_a_command_is_answered(report):
    """Issue 25: a host polling kept proto.commands (8 KB on this port) and store.pages (2 KB)
    in the heap from its first line on; each is let go once the command is answered."""
    for name in ("hello", "version", "list_games"):
        assert report["commands"][name]["live"] <= LIVE_MOST, (name, report["commands"][name])
