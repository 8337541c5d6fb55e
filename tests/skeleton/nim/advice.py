"""Nim's tip: what Leaver would do in a person's place, and why (games/__init__.py)."""

from games.nim.bots import Leaver
from games.nim.rules import TAKE_TWO

WHY_MULTIPLE = 0  # leaves the next seat a multiple of three (the value: the counters left)
WHY_NO_MOVE_WINS = 1  # no move leaves a multiple of three: takes one, the least given away


def advise(state, seat):
    """What Leaver would do in seat's place, and why: (action, why, value)."""
    action = Leaver().choose(state, seat, None)
    left = state.left - (2 if action == TAKE_TWO else 1)
    return action, WHY_MULTIPLE if left % 3 == 0 else WHY_NO_MOVE_WINS, left
