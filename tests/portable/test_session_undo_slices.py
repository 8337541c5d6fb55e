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
from long_games import counting, decision_after, forget, late_position, played
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
