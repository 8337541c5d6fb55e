"""An undo spread over loop turns (Session.undo(sliced=True), then advance() once a turn, as the
App does): late in a long game no turn replays more than the session's slice of moves and, on
the unix port, none allocates more than TURN_BYTES, where the same undo in one call allocates
more than that; a storm of sliced undos, read half-way now and then (any other call finishes
the replay first), then as many redos, ends exactly where the game stood, every undo where a
replay of its record does, each undo said once."""

from app import session as session_module
from engine.play import replay
from engine.rng import Rng
from games import ENGINES
from long_games import LONG_GAMES, counting, decision_after, forget, late_position, moves_of, played
from support import ON_MICROPYTHON, cost

# The most one loop turn of an undo may allocate on the unix port (64-bit words: about twice
# the board's). The largest turn is the one that makes the checkpoint's state from its JSON
# (a game's from_dict: about 11 KB here); a slice of the replay is 16 moves at most. The undo
# in one call allocated 22 to 34 KB at these moves (a round or two replayed in one turn).
TURN_BYTES = 14 * 1024
SLICED = ("piccolo", "acheron", "bourre", "tanturlurette")
UNDOS = 6


def test_a_late_undo_spreads_its_replay_over_turns_of_bounded_work():
    try:
        for game in SLICED:
            session = played(game, late_position(game))
            before = session.state.to_dict()
            applied = counting(session)
            for _ in range(UNDOS):
                done, spent = cost(lambda session=session: session.undo(True))
                assert done and session.rebuilding is not None, game
                assert spent <= TURN_BYTES, (game, "the undo's own turn", spent)
                more = True
                turns = 0
                while more:
                    applied[0] = 0
                    more, spent = cost(session.advance)
                    turns += 1
                    assert applied[0] <= session_module.SLICE_MOVES, (game, applied[0])
                    assert spent <= TURN_BYTES, (game, "a turn of the replay", spent)
                assert session.rebuilding is None and turns >= 2, (game, turns)
                assert session.state.to_dict() == replay(session.record()).to_dict(), game
            for _ in range(UNDOS):
                assert session.redo(), game
            assert session.state.to_dict() == before, game
            if ON_MICROPYTHON and game != "tanturlurette":  # what slicing spares a turn
                done, spent = cost(session.undo)
                assert done and session.rebuilding is None, game
                assert spent > TURN_BYTES, (game, "the undo in one call", spent)
    finally:
        forget()


def test_a_storm_of_sliced_undos_then_redos_ends_where_the_game_stood():
    try:
        for game in ENGINES:
            said = []
            session = played(game, decision_after(game, 400))
            session.on_event = lambda kind, payload, said=said: said.append(kind)
            before = session.state.to_dict()
            moves = list(session.state.moves)
            rng = Rng(11)
            undone = 0
            while undone < 12 and session.can_undo():
                assert session.undo(True), game
                undone += 1
                for _ in range(rng.below(4)):  # part of the replay, or none: the next call ends it
                    session.advance()
                if rng.below(2):
                    assert session.state.to_dict() == replay(session.record()).to_dict(), game
            assert undone >= 2, game
            assert session.state.to_dict() == replay(session.record()).to_dict(), game
            assert said.count("undo") == undone, (game, said)
            for _ in range(undone):
                assert session.redo(), game
            assert not session.can_redo(), game
            assert session.state.to_dict() == before, game
            assert list(session.state.moves) == moves, game
    finally:
        forget()


def _session(game, heavy_later):
    session = session_module.Session()
    session.heavy_later = heavy_later
    session.new_game(game, LONG_GAMES[game][0])
    return session


def test_a_checkpoint_left_to_a_later_turn_is_the_one_made_at_once():
    """heavy_later (the App's): a move that begins a round leaves the round's checkpoint to
    catch_up(), which the App calls in the loop turn after. Whenever it comes (at once, or not
    before the next move, undo or redo, which take it first) the checkpoints are the ones a
    session making them at once holds, JSON for JSON, and undos from them rebuild the same
    games."""
    try:
        for game in ENGINES:
            eager = _session(game, False)
            later = _session(game, True)
            rng = Rng(7)
            due = caught = taken_by_next = undos = 0
            for move in moves_of(game, 500):
                if later.checkpoint_due:
                    taken_by_next += 1  # the next act takes it before applying its move
                assert later.act(move) == eager.act(move), game
                assert later.state.to_dict() == eager.state.to_dict(), game
                if later.checkpoint_due:
                    due += 1
                    assert not eager.checkpoint_due and later.work_due(), game
                    if rng.below(2):
                        later.catch_up()
                        caught += 1
                        assert not later.checkpoint_due, game
                if not later.checkpoint_due:
                    assert later._checkpoints == eager._checkpoints, (game, len(later.state.moves))
                if rng.below(25) == 0 and eager.can_undo():
                    undos += 1
                    assert later.undo() and eager.undo(), game
                    assert not later.checkpoint_due, game
                    assert later.state.to_dict() == eager.state.to_dict(), game
                    assert later._checkpoints == eager._checkpoints, game
                    assert later.redo() and eager.redo(), game
                    assert later.state.to_dict() == eager.state.to_dict(), game
                if later.state.is_over():
                    break
            assert due >= 3 and caught >= 1 and taken_by_next >= 1 and undos >= 3, (
                game, due, caught, taken_by_next, undos)
    finally:
        forget()
