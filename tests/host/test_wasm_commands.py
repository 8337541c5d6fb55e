"""Every protocol command is answered in a few KB a loop turn, whatever the history's size, on the
32-bit WebAssembly port (issue 25: a host polling the device).

tests/wasm/commands_heap.mjs plays a host against the default build (tests/wasm/commands_ops.py):
a device keeping 200 finished games (one of 3315 moves) and a 48 KB damaged file, a game of 600
moves on the table; each command, every page of it, one loop turn a call, the heap read around
each turn (the port collects nothing inside a call: a turn's figure is all it allocated, garbage
included). Before pages, list_games allocated 1.6 MB in its one turn, the first pull_game page of
the long game 205 KB, and pull_file of the damaged file ran out of memory: now each command is a
page a command line, and a command that reads files is carried out a step a turn (proto.link).
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
LIVE_MOST = 1024  # what a command leaves living, once the handlers are loaded
HANDLERS_MOST = 10 * 1024  # the handlers themselves, loaded at the host's first command
PAGES_MOST = 3 * 1024  # store.pages, loaded with the first command that reads the history
PAGED = ("list_games", "pull_game", "pull_game_short", "list_quarantine", "pull_file", "list_games_again")
# get_state writes the game's moves from the game itself, a piece at a time, but each piece is a
# new bytes object: its turn grows with the game (16 KB for 600 moves), left for later
UNBOUNDED = ("get_state", "get_state_again")


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
    assert found["live"] <= (PAGES_MOST if name == "list_games" else LIVE_MOST), found


def test_no_command_allocates_a_block_over_2_kb(report):
    for name, found in report["commands"].items():
        assert found["largest"]["bytes"] <= BLOCK_MOST, (name, found)


def test_the_handlers_cost_little_to_keep(report):
    assert report["commands"]["hello"]["live"] <= HANDLERS_MOST, report["commands"]["hello"]
