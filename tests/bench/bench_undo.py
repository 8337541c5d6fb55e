"""Undo and redo figures: the time and the bytes of one undo and one redo early in a game (move
~30) and late in a long one (move ~3,000), for every game. Runs under MicroPython and CPython.

Method: each game's long game (tests/portable/long_games.py: bots at the seats, the table's
entries and chance from the shared PRNG), stopped at the first decision from move 30 and from
move 3,000 (La Bourre's scorekeeper ends at its 99th deal: near its end instead). No store: an
undo's store part is one journal entry, and a snapshot every 32 operations (bench_store).
  <game>_<at>_move            the move the figures below are taken at
  <game>_undo_<at>_us, _B     one undo in a session that played the moves through Session.act:
                              the fastest time (the machine is shared: other load only adds
                              time), and the most bytes, over 8 undo/redo pairs
  <game>_redo_<at>_us, _B     one redo, in the same pairs
  <game>_resumed_undo_<at>_us, _B   the first undo after Session.resume read the game back from
                              a snapshot (a store on littlefs in RAM on MicroPython), over 4
                              resumes
  <game>_undo_turn_<at>_B     the most bytes one loop turn of an undo spread over turns allocates
                              (Session.undo(sliced=True), then advance() a turn, as the App
                              does), over PAIRS undos; _turns: the most turns one took
Bytes: MicroPython, every byte the operation allocated (gc.mem_alloc() before and after, the
collector disabled between), "B alloc"; CPython, tracemalloc's peak above the heap before it,
"B peak" (timed and traced in separate runs: tracemalloc slows every allocation).
"""

import gc
import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware/lib")
sys.path.insert(0, HERE + "/../portable")

from app.session import Session  # noqa: E402
from benchlib import ON_MICROPYTHON, elapsed_us, now_us  # noqa: E402
from games import ENGINES  # noqa: E402
from long_games import decision_after, late_position, played, saved  # noqa: E402
from store.storage import Store  # noqa: E402
from test_store_files import clean_root, scratch_root  # noqa: E402

PAIRS = 8  # undo/redo pairs a position
RESUMES = 4  # resumes a position, each followed by one undo (CPython: traced one in two)
BYTES = "B alloc" if ON_MICROPYTHON else "B peak"

if not ON_MICROPYTHON:
    import tracemalloc


def measure(op, traced):
    """(µs, bytes) of one call of op. MicroPython gives both (the collection that precedes them
    is not timed); CPython the bytes when traced (the time is then None), else the time (the
    bytes None)."""
    gc.collect()
    if ON_MICROPYTHON:
        gc.disable()
        before = gc.mem_alloc()
        start = now_us()
        try:
            op()
        finally:
            us = elapsed_us(start)
            spent = gc.mem_alloc() - before
            gc.enable()
        return us, spent
    if not traced:
        start = now_us()
        op()
        return elapsed_us(start), None
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    try:
        op()
    finally:
        peak = tracemalloc.get_traced_memory()[1] - before
        tracemalloc.stop()
    return None, peak


def one_way(session, op):
    def run():
        if not op():
            raise SystemExit("nothing to %s at move %d" % (op.__name__, len(session.state.moves)))
    return run


def figures(costs):
    """(the fewest µs, the most bytes) of (µs, bytes) pairs, the Nones left out."""
    return (min([us for us, _ in costs if us is not None]),
            max([spent for _, spent in costs if spent is not None]))


def storm(session):
    """(undo, redo): (µs, bytes) each, over PAIRS undo/redo pairs (CPython: traced one in two)."""
    undo = one_way(session, session.undo)
    redo = one_way(session, session.redo)
    undos = []
    redos = []
    for i in range(PAIRS):
        undos.append(measure(undo, i % 2))
        redos.append(measure(redo, i % 2))
    return figures(undos), figures(redos)


def sliced(session):
    """(the most bytes a turn of a sliced undo allocated, the most turns one took), over PAIRS
    undo/redo pairs (CPython: traced)."""
    worst = turns = 0
    for _ in range(PAIRS):
        _us, spent = measure(lambda: session.undo(True), True)
        worst = max(worst, spent)
        more = True
        took = 1
        while more:
            done = []
            _us, spent = measure(lambda done=done: done.append(session.advance()), True)
            more = done[0]
            worst = max(worst, spent)
            took += 1
        turns = max(turns, took)
        session.redo()
    return worst, turns


def resumed_undo(game, count):
    """(µs, bytes) of the first undo after a resume of the game's first count moves."""
    root = scratch_root()
    try:
        saved(game, count, Store(root))
        costs = []
        for i in range(RESUMES):
            session = Session(Store(root))
            report = session.resume()
            if not (report and report["resumed"] and len(session.state.moves) == count):
                raise SystemExit("%s: the resume did not restore %d moves: %r" % (game, count, report))
            session.store = None  # the undo alone (see the module docstring)
            costs.append(measure(one_way(session, session.undo), i % 2))
        return figures(costs)
    finally:
        clean_root(root)


def main():
    for game in ENGINES:
        for label, count in (("30", decision_after(game, 30)), ("3000", late_position(game))):
            print("%s_%s_move: %d moves" % (game, label, count))
            session = played(game, count)
            undo, redo = storm(session)
            turn_bytes, turns = sliced(session)
            for op, (us, spent) in (("undo", undo), ("redo", redo),
                                    ("resumed_undo", resumed_undo(game, count))):
                print("%s_%s_%s_us: %d us" % (game, op, label, us))
                print("%s_%s_%s_B: %d %s" % (game, op, label, spent, BYTES))
            print("%s_undo_turn_%s_B: %d %s" % (game, label, turn_bytes, BYTES))
            print("%s_undo_turn_%s_turns: %d turns" % (game, label, turns))


main()
