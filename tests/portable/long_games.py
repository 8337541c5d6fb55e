"""Each game's long game, for what an undo costs early and late in a game
(tests/portable/test_session_undo_cost.py, tests/bench/bench_undo.py), on both runtimes.

LONG_GAMES   {engine name: (options, seed)}: the settings and seed of a game of more than
             3,000 moves; La Bourre's scorekeeper stops at its 99 deals (594 moves at 6 seats)
moves_of(game, count)   the game's first count moves (fewer when it ends first), an array
forget()     let go of the games played so far (the unix runner's heap holds every test before)
decision_after(game, count)   the fewest moves, count or more, after which a seat or the table
             is to decide and one has decided before: where a player presses undo
The seats are the game's bots (the first of its BOTS), the table's entries are drawn from the
shared PRNG (Piccolo's scorekeeper passes four deals in five: its longest game), chance too.
"""

from array import array

from engine.core import CHANCE, TABLE
from engine.rng import Rng
from games import game_module, new_state
from support import first_bot

LONG_GAMES = {
    "tanturlurette": ({"players": 8, "circles": 2}, 3),  # 3,310 moves, 159 rounds
    "acheron": ({"target": 1000}, 3),
    "acheron_score": ({"target": 1000}, 3),
    "bourre": ({"players": 6, "deals": 99}, 3),
    "bourre_score": ({"players": 6, "deals": 99}, 3),  # 99 deals: 594 moves
    "piccolo": ({"target": 999}, 3),
    "piccolo_score": ({"target": 999}, 3),  # passes: about 2,300 deals in 3,300 moves
}
_played = {}  # game: (its moves so far, the state they reached, the PRNG): extended on demand


def _table_entry(game, state, rng):
    legal = state.legal_actions()
    if game == "piccolo_score":
        passing = game_module(game).PASS
        if passing in legal and rng.below(5):
            return passing
    return legal[rng.below(len(legal))]


def moves_of(game, count):
    """The long game's first count moves (all of them when it has fewer)."""
    if game not in _played:
        options, seed = LONG_GAMES[game]
        _played[game] = (array("H"), new_state(game, options), first_bot(game), Rng(seed))
    moves, state, bot, rng = _played[game]
    while len(moves) < count and not state.is_over():
        player = state.current_player()
        if player == CHANCE:
            move = state.chance_outcome(rng.below(state.chance_count()))
        elif player == TABLE or bot is None:
            move = _table_entry(game, state, rng)
        else:
            move = bot.choose(state, player, rng)
        state.apply(move)
        moves.append(move)
    return moves[:count]


def forget():
    _played.clear()


def decision_after(game, count):
    """The fewest moves, count or more, after which a seat or the table is to decide, one having
    decided before (the end of the game when there is none)."""
    moves = moves_of(game, count + 200)  # a round's chance outcomes at most
    state = new_state(game, LONG_GAMES[game][0])
    decided = False
    for i, move in enumerate(moves):
        deciding = state.current_player() >= 0 or state.current_player() == TABLE
        if i >= count and deciding and decided:
            return i
        decided = decided or deciding
        state.apply(move)
    return len(moves)


def late_position(game, late=3000):
    """The decision near move `late` of the game (La Bourre's scorekeeper: near its end)."""
    return decision_after(game, min(late, len(moves_of(game, late + 20)) - 20))


def played(game, count, store=None):
    """A session that played the game's first count moves, each through Session.act."""
    from app.session import Session

    session = Session(store)
    session.new_game(game, LONG_GAMES[game][0])
    for move in moves_of(game, count):
        session.act(move)
    return session


def saved(game, count, store):
    """Save the game's first count moves on store, as one snapshot (quicker than one journal
    entry a move), for a resume to read back."""
    from app.session import Session

    session = Session(store)
    session.new_game(game, LONG_GAMES[game][0])
    session._quiet = True
    for move in moves_of(game, count):
        session._apply(move)
    session._quiet = False
    session.seq = count
    session._save()


def round_began(game, count):
    """The move at which the round being played after the game's first count moves began."""
    state = new_state(game, LONG_GAMES[game][0])
    began = 0
    for i, move in enumerate(moves_of(game, count)):
        before = state.round
        state.apply(move)
        if state.round != before:
            began = i + 1
    return began


def counting(session):
    """Count the moves the session applies from now on (its replays included): a one-item list."""
    applied = [0]
    apply = session._apply

    def counted(move):
        applied[0] += 1
        apply(move)

    session._apply = counted
    return applied
