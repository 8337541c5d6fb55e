"""Tanturlurette's bots: how often each loses a round, with a 95% interval.

Runs standalone under MicroPython and CPython (tests/bench/run.py runs both); the rounds are seeded
and the engine is the same on both, so both print the same figures. Method: one measured bot sits
among a field of another kind, its seat turning round the table so that every place in the order
of play (first to speak ... dealer) gets as many rounds; a round is lost when the bot holds the
lowest rank (ties lose too; all tied is nobody's loss). ROUNDS rounds a figure, at 4, 6 and 8
players, king_blocks off:
  tant_lose_<bot>_among_<field>_<n>p   percent of its rounds the bot lost, ± the 95% interval
The fields are the device's default bot (position) and the bot it replaced (counting); the
beginner level's bot (position, a random move one decision in three) sits among them too. Among n
identical players the average is a little over 1/n (ties): 25% at 4 players. A better bot loses
less than the field; the interval says whether two bots differ.
"""

import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware/lib")
sys.path.insert(0, HERE + "/../tools")

from benchlib import proportion_interval  # noqa: E402
from games.tanturlurette.bots import BOTS  # noqa: E402
from tant_rounds import round_losers  # noqa: E402

ROUNDS = 8000  # the same on both runtimes: their figures must agree
HEROES = ("position", "counting", "threshold", "beginner", "random")
FIELDS = ("position", "counting")
PLAYERS = (4, 6, 8)


def tenths(part, whole):
    """part / whole as a percent to a tenth, rounded half up in integers: the runtimes' float
    formats round 25.25 differently, and both must print the same figure."""
    tenth = (2000 * part + whole) // (2 * whole)
    return "%d.%d" % (tenth // 10, tenth % 10)


def losing_rate(hero, field, players, seed):
    """(rounds lost, rounds) for one `hero` bot among `field` bots."""
    lost = 0
    for r in range(ROUNDS):
        seat = r % players
        bots = [BOTS[field]() for _ in range(players)]
        bots[seat] = BOTS[hero]()
        lost += round_losers(players, 0, seed * 100003 + r, bots) >> seat & 1
    return lost, ROUNDS


def main():
    for field in FIELDS:
        for players in PLAYERS:
            for hero in HEROES:
                lost, rounds = losing_rate(hero, field, players, players)
                half = proportion_interval(lost, rounds)[1]
                print("tant_lose_%s_among_%s_%dp: %s %% ±%s (n=%d)" % (hero, field, players, tenths(lost, rounds),
                                                                     tenths(int(half * 1000000 + 0.5), 1000000),
                                                                     rounds))


main()
