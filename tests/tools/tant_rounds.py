"""Single Tanturlurette rounds at a chosen table size, for the policy generator and the bots' bench.

Runs on CPython and MicroPython. A round is played from its deal to its reveal with one bot per
seat; what counts is who lost it, so the game around it (tokens, re-entries) is left out.
"""

from engine.core import CHANCE
from engine.rng import Rng
from games.tanturlurette.rules import State


def round_start(live, king_blocks):
    """A state at the deal of a round with `live` players (2..8); seat 0 deals.

    Tables of two or three live players only arise once a game has put players out: the seats
    beyond `live` of a four-seat game are marked out before the lot.
    """
    state = State({"players": live if live > 4 else 4, "circles": 5, "king_blocks": king_blocks == 1})
    for seat in range(live, 4):
        state.out[seat] = True
    state.apply(0)  # the lot: seat 0 deals
    return state


def round_losers(live, king_blocks, seed, bots):
    """Play one round, bots[seat] in each seat, chance from Rng(seed); the mask of its losers.

    All tied is nobody's loss (nobody moves). Five circles: nobody falls in a first round, so the
    round ends when the next one starts.
    """
    state = round_start(live, king_blocks)
    rng = Rng(seed)
    while state.round == 1:
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(state.chance_outcome(rng.below(state.chance_count())))
        else:
            state.apply(bots[seat].choose(state, seat, rng))
    losers = state.last_losers
    return 0 if losers == state.live_mask() else losers
