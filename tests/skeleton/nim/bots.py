"""Nim's bots, by name (games: the descriptor's `bot` names the one empty seats get)."""

from engine.core import RandomBot
from games.nim.rules import TAKE_ONE, TAKE_TWO


class Leaver:
    """Leaves the next seat a multiple of three when it can (the winning move at two seats)."""

    name = "leaver"

    def choose(self, state, seat, rng):
        return TAKE_TWO if state.left % 3 == 2 else TAKE_ONE


def _beginner():
    from engine.beginner import BeginnerBot

    return BeginnerBot(Leaver(), RandomBot())


BOTS = {"leaver": Leaver, "beginner": _beginner}
