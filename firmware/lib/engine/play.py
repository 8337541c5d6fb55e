"""Driving a game with bots: chance from the shared PRNG, decisions from one bot per seat."""

from engine.core import CHANCE, TERMINAL, sample_chance


def play_out(state, bots, rng, until_round=None, max_steps=200000):
    """Play until the game ends, or until state.round passes until_round; return the steps taken.

    bots has a bot for each seat (anything with choose(state, seat, rng)). A TABLE decision
    (board mode, scorekeeping) needs people, so it stops the bots with an error.
    """
    steps = 0
    while steps < max_steps:
        player = state.current_player()
        if player == TERMINAL:
            return steps
        if until_round is not None and state.round > until_round:
            return steps
        if player == CHANCE:
            sample_chance(state, rng)
        elif player >= 0:
            state.apply(bots[player].choose(state, player, rng))
        else:
            raise ValueError("bots cannot act for the table: phase " + state.phase_name())
        steps += 1
    raise RuntimeError("game did not end within %d steps" % max_steps)
