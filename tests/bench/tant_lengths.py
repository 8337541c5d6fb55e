"""The setup menu's Tanturlurette length line: how many rounds a game lasts, by its settings.

For every combination the menu offers of players, circles, re-entry and the re-entry cap, GAMES
seeded games of the bot the menu gives empty seats (the descriptor's) are played out with
engine.play, and the median and the 95th percentile of their rounds are kept (the longest game
is no figure to show: it grows with the number of games played, to 1,195 rounds over 200 games
of counting bots at 8 players, 2 circles and free re-entry). The King rule and the tie rule stay
at their defaults: they change a median by a round or two.

The table is two bytes a combination (app.modes.menu.TANT_LENGTHS, app.modes.menu.length_rounds
reads one back; up to 100 a round exact, above that by tens), in the order
`index(players, circle, reentry, cap)` gives (the descriptor's own order of values).

    .venv/bin/python tests/bench/tant_lengths.py           # write the table into app/modes/menu.py
    .venv/bin/python tests/bench/tant_lengths.py --check   # exit 1 when the table is not current

Deterministic on CPython (the shared PRNG, seeds 0..GAMES-1): tests/host/test_tant_lengths.py
plays a sample of the combinations again and finds the same bytes. It takes a few minutes.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))

from engine.play import play_out  # noqa: E402
from engine.rng import Rng  # noqa: E402
from games import default_bot, game  # noqa: E402
from games.tanturlurette.bots import BOTS  # noqa: E402
from games.tanturlurette.rules import State  # noqa: E402

GAMES = 200  # seeded games a combination
MENU = os.path.join(ROOT, "firmware", "lib", "app", "modes", "menu.py")
_TABLE_LINES = re.compile(r"TANT_LENGTHS = \(.*?\)\n", re.S)


def offered():
    """(players, circles, caps): the values the setup menu offers Tanturlurette, in its order."""
    mode = game("tanturlurette").modes[0]
    rows = {}
    for name, values, _default in mode.rows:
        rows[name] = values
    low, high = mode.seats
    return tuple(range(low, high + 1)), rows["circles"], rows["reentry_cap"]


def combinations():
    """Every (players, circles, reentry, cap) in table order: per player count, per circle count,
    re-entry off, then on under each cap."""
    players, circles, caps = offered()
    out = []
    for n in players:
        for c in circles:
            out.append((n, c, False, 0))
            for cap in caps:
                out.append((n, c, True, cap))
    return out


def encode(rounds):
    """One byte for a count of rounds: exact up to 100, by tens above (the menu reads "~")."""
    if rounds <= 100:
        return rounds
    return min(255, 100 + (rounds - 100 + 5) // 10)


def figures(players, circles, reentry, cap, games=GAMES):
    """(median, 95th percentile) rounds of `games` seeded games of the menu's bot in every seat."""
    rounds = []
    bots = [BOTS[default_bot("tanturlurette")]() for _ in range(players)]
    for seed in range(games):
        state = State({"players": players, "circles": circles, "reentry": reentry, "reentry_cap": cap})
        play_out(state, bots, Rng(seed))
        rounds.append(state.round)
    rounds.sort()
    return rounds[len(rounds) // 2], rounds[len(rounds) * 95 // 100]


def entry(combination, games=GAMES):
    """The table's two bytes for one combination."""
    middle, long = figures(*combination, games=games)
    return bytes((encode(middle), encode(long)))


def source(table):
    """The table as menu.py's source: one bytes literal a player count."""
    players, circles, caps = offered()
    per_count = 2 * len(circles) * (1 + len(caps))
    lines = ["TANT_LENGTHS = (  # tests/bench/tant_lengths.py writes it: per player count, then circles\n"]
    for i, n in enumerate(players):
        part = table[i * per_count:(i + 1) * per_count]
        lines.append("    %r  # %d players\n" % (part, n))
    lines.append(")\n")
    return "".join(lines)


def main(argv):
    table = b"".join(entry(c) for c in combinations())
    with open(MENU) as f:
        text = f.read()
    new = _TABLE_LINES.sub(lambda _match: source(table), text, count=1)
    if "--check" in argv:
        if new != text:
            print("app/modes/menu.py's TANT_LENGTHS is not current: run tests/bench/tant_lengths.py")
            return 1
        print("TANT_LENGTHS is current")
        return 0
    with open(MENU, "w") as f:
        f.write(new)
    print("TANT_LENGTHS written: %d bytes" % len(table))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
