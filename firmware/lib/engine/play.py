"""Driving a game with bots: chance from the shared PRNG, decisions from one bot per seat."""

from engine.core import CHANCE, TERMINAL


def play_out(state, bots, rng, until_round=None, max_steps=200000):
    """Play until the game ends, or until state.round passes until_round; return the steps taken.

    bots has a bot for each seat (anything with choose(state, seat, rng)). A TABLE decision
    (board mode, scorekeeping) needs people, so it stops the bots with an error.
    """
    steps = 0
    # Bound methods fetched once: the loop then allocates nothing on MicroPython.
    current_player = state.current_player
    apply = state.apply
    chance_count = state.chance_count
    chance_outcome = state.chance_outcome
    below = rng.below
    last_round = 0xFFFF if until_round is None else until_round
    while steps < max_steps:
        player = current_player()
        if player == TERMINAL or state.round > last_round:
            return steps
        if player == CHANCE:
            apply(chance_outcome(below(chance_count())))
        elif player >= 0:
            apply(bots[player].choose(state, player, rng))
        else:
            raise ValueError("bots cannot act for the table: phase " + state.phase_name())
        steps += 1
    raise RuntimeError("game did not end within %d steps" % max_steps)
