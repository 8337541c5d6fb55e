"""One undo and one redo cost what a round costs, not what the game's length does: at move
~3,000 of each game's long game (long_games.py) as at move ~30, in a session that played the
moves and in one resumed from flash, alone and in an undo/redo storm. Counted, never timed: the
moves an undo replays (no more than the round it goes back into holds), the size of undo's
bookkeeping and, on the unix port, the bytes one undo or redo allocates (gc.mem_alloc() with the
collector off). The results stay those of a replay of the record."""


from app.session import Session
from engine.play import replay
from games import ENGINES
from long_games import counting, decision_after, forget, late_position, played, round_began, saved
from store.storage import Store
from support import cost
from test_store_files import clean_root, scratch_root

# What the late undo or redo may allocate beyond the early one on the unix port (64-bit words):
# its replay, a round of moves at most, is longer than the 30 moves of the early one (Piccolo's
# deal: about 25 KB more); a whole game replayed, or a copy of what it logged, is hundreds
# of KB.
SLACK = 40 * 1024
STORM = 4  # undo/redo pairs


def _resumed(game, count, root):
    saved(game, count, Store(root))
    session = Session(Store(root))
    report = session.resume()
    assert report["resumed"] and report["discarded"] == [] and len(session.state.moves) == count
    session.store = None  # the undo's own cost: the store's is one journal entry
    return session


def _undo_redo(session, game, count):
    """Undo then redo STORM times: (the most moves an undo replayed beyond the round it went back
    into, the most bytes an undo allocated, the most a redo did), each result checked."""
    applied = counting(session)
    before = session.state.to_dict()
    over = 0
    undo_bytes = redo_bytes = 0
    for _ in range(STORM):
        applied[0] = 0
        done, spent = cost(session.undo)
        assert done, (game, count)
        undone = len(session.state.moves)
        over = max(over, applied[0] - (undone - round_began(game, undone)))
        undo_bytes = max(undo_bytes, spent)
        assert session.state.to_dict() == replay(session.record()).to_dict(), (game, count)
        assert len(session._round_from) <= 3 and len(session._checkpoints) <= 2, (game, count)
        done, spent = cost(session.redo)
        assert done and session.state.to_dict() == before, (game, count)
        redo_bytes = max(redo_bytes, spent)
    return over, undo_bytes, redo_bytes


def test_an_undo_late_in_a_long_game_costs_what_one_early_does():
    try:
        _every_game_undoes_late_as_early()
    finally:
        forget()


def _every_game_undoes_late_as_early():
    for game in ENGINES:
        costs = {}
        for at, count in (("early", decision_after(game, 30)), ("late", late_position(game))):
            root = scratch_root()
            try:
                for how, session in (("played", played(game, count)),
                                     ("resumed", _resumed(game, count, root))):
                    over, undo_bytes, redo_bytes = _undo_redo(session, game, count)
                    assert over <= 0, "%s %s at move %d: an undo replayed %d moves more than " \
                        "the round it goes back into" % (game, how, count, over)
                    costs[at, how] = (undo_bytes, redo_bytes)
                    # a checkpoint holds the round's state, not what the game logged so far
                    kept = [len(c[2]) for c in session._checkpoints]
                    costs[at, how, "checkpoint"] = max(kept) if kept else 0
            finally:
                clean_root(root)
        for how in ("played", "resumed"):
            early = costs["early", how]
            late = costs["late", how]
            assert late[0] <= early[0] + SLACK, (game, how, "undo bytes", early[0], late[0])
            assert late[1] <= early[1] + SLACK, (game, how, "redo bytes", early[1], late[1])
            assert costs["late", how, "checkpoint"] <= 2048, (game, how, costs)
