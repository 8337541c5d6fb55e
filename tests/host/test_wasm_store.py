"""No allocation of the store grows with the length of a game, on a 32-bit MicroPython.

Issue 13's second budget, checked on the WebAssembly port (the ESP32's object layout and
collector): a 3,000-move game resumes, saves, archives, is listed and pulled with the same largest
allocation as a 150-move one, and get_state sends it whole in one line with it too.
tests/wasm/store_heap.mjs runs each operation of tests/wasm/store_ops.py in one call on the
default build, through the real store on the port's filesystem (the browser simulator's flash), and reads the heap around the call: the largest block
the operation allocated (the port collects nothing inside a call) and the largest stretch it
allocated and gave back within it (free blocks painted before the call, the collector zeroing what
it hands out). Both must be the same for the long game as for the short one, within SLACK, and
small. pull_game sends PAGE moves a reply: the long game is held to a game of one full page.
Resuming rebuilds the game, whose own lists (one item per move: the engine's moves, the session's
mark of each) grow with it as they did in play, in blocks of 256 items; nothing else does. Both
games have crossed two round ends, so both hold undo's checkpoints (app.session): a state's JSON
without its moves, some 670 bytes for Piccolo whatever the game's length.

The unix port's proof, on a fragmented heap (64-bit words), is tests/micropython/test_store_heap.py.
"""

import io
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "bench"))

from wasm_store import run_store  # noqa: E402

from host_tools.deploy import build_lib  # noqa: E402

LONG, SHORT, PAGE = 3315, 150, 32
BLOCK = 16  # the collector's block on 32 bits: 4 words
# The members besides the moves carry the game's counts and scores (seq, rounds, floor, each
# seat's returns), a few digits longer after 3,315 moves than after 150, as are a page's "start"
# and "total": up to 31 more characters take at most two more blocks.
SLACK = 2 * BLOCK
SMALL = 1024  # every line the link sends stays under 1 KB: no buffer of the store comes near it
GROWING = ("resume", "save", "state", "archive", "archive_again", "list")  # compared with the 150-move game
WRITES = ("save", "archive")  # what they allocate in all is held down too (issue 13's heap budget)
WRITE_MOST = 16 * 1024  # a write of the long game, all it allocates, garbage included
# All a compaction between boots (the snapshot, then its cleanup: the fallback and the 32 entries
# it holds removed) and an archive (the history file, then the game's files removed) allocate for
# the long game. Listing the game folder for the cleanup cost some 4.5 KB more: a string, a tuple
# and a sorted copy a name (12.1 KB and 14.7 KB then; 7.6 KB and 10.7 KB without).
COMPACT_MOST = 9 * 1024
ARCHIVE_MOST = 12 * 1024


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    return run_store(build_lib(str(tmp_path_factory.mktemp("wasm_store")), None, out=io.StringIO()))


def largest(found):
    """The most one allocation of the operation took: kept, or given back within it."""
    return max(found["largest"]["bytes"], found["largest_freed"])


def test_the_meter_sees_a_block_kept_and_a_block_given_back(report):
    kept = report["meter"]["kept"]
    assert kept["largest"]["bytes"] == 7008 and kept["largest"]["kind"] == "h"  # 7000 B of data
    freed = report["meter"]["freed"]
    assert freed["largest"]["bytes"] == BLOCK  # what list.clear() keeps of 2000 items
    assert freed["largest_freed"] == 8000 - BLOCK  # the rest, given back
    assert not kept["grew"] and not freed["grew"]


def test_every_operation_did_its_work_in_the_heap_it_was_given(report):
    assert report["counts"] == [LONG, SHORT, PAGE]
    assert report["operations"] == ["resume", "save", "compact", "state", "archive", "archive_again", "list", "pull"]
    for count in report["counts"]:
        for name, found in report["games"][str(count)].items():
            assert found["ok"], (count, name)
            assert not found["grew"], (count, name)  # every block it made is in the tables read
            assert found["largest"]["bytes"] <= found["allocated"], (count, name)
        long, short = report["games"][str(LONG)], report["games"][str(count)]
        for name in report["operations"]:  # the long game does more work, in small pieces
            assert long[name]["allocated"] >= short[name]["allocated"], (count, name)


@pytest.mark.parametrize("name", GROWING)
def test_a_long_game_needs_no_bigger_block_than_a_short_one(report, name):
    long, short = report["games"][str(LONG)][name], report["games"][str(SHORT)][name]
    assert largest(long) <= largest(short) + SLACK, (long, short)
    assert largest(long) <= SMALL, long
    # a write's work shows in its ok (store_ops checks the files), as a list's does (its check
    # counts every move, allocating nothing a chunk): the others allocate as they go
    if name not in WRITES + ("list",):
        assert long["allocated"] > 3 * short["allocated"], "the long game's work was not done"


@pytest.mark.parametrize("name", WRITES)
def test_a_write_of_a_long_game_makes_no_garbage_a_move(report, name):
    """Nothing is collected inside a loop turn on this port: a snapshot or an archive needs all
    it allocates. The moves' pieces reuse one buffer (store.container.Body), so the long game
    costs under a byte a move more than the short one (a tuple, a slice and a bytes a piece of
    32 moves made it 35 bytes a move: 122 KB for the long game)."""
    long, short = report["games"][str(LONG)][name], report["games"][str(SHORT)][name]
    assert long["ok"] and short["ok"]
    assert long["allocated"] - short["allocated"] <= LONG - SHORT, (long, short)
    assert long["allocated"] <= WRITE_MOST, long


def test_pulling_a_long_game_needs_what_one_page_needs(report):
    long, page = report["games"][str(LONG)]["pull"], report["games"][str(PAGE)]["pull"]
    assert largest(long) <= largest(page) + SLACK, (long, page)
    assert largest(long) <= SMALL, long
    assert long["largest"]["looks"].startswith('text "@TL {')  # a reply's line, as sent


def test_a_resumed_game_holds_its_moves_in_blocks_of_256(report):
    """The resume rebuilds the game, whose per-move lists grow with it as they did in play, a
    block at a time (engine.core.Moves): its largest block is a short game's (it used to be the
    engine's move array, 6.6 KB for the long game, moved 8 moves at a time as it grew)."""
    for count in (LONG, SHORT):
        blocks = report["games"][str(count)]["resume"]["arrays"]
        # a block of the moves (2 bytes an item) and one of the marks (1 byte) per 256 moves
        assert len(blocks) == 2 * ((count + 255) // 256), (count, blocks)
        assert sorted(set(blocks)) == [256, 512], (count, blocks)


@pytest.mark.parametrize("name, most", [("compact", COMPACT_MOST), ("archive", ARCHIVE_MOST)])
def test_a_cleanup_removes_the_files_it_knows_without_listing_the_folder(report, name, most):
    """Nothing is collected inside a loop turn on this port: the snapshot turn of a long game
    (issue 13's tightest, Piccolo's) pays for all its cleanup allocates. The store knows what it
    wrote since the listing after the boot (store.storage), so it removes those files by name."""
    long = report["games"][str(LONG)][name]
    assert long["ok"], long
    assert long["allocated"] <= most, long
