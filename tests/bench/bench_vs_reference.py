"""The device's bots against a reference player of the host's own, in all four games, with 95%
intervals.

CPython only (tests/bench/run.py runs it under CPython alone): the reference, tests/bench/
reference.py, is a host tool, not firmware. It plays by determinization: at each decision it
deals the cards its seat cannot know at random, SAMPLES times, plays each action and the rest of
the deal out with the game's default bot in every seat, and keeps the action with the best mean
outcome for its seat (its docstring: the method, what it reads, its measure in each game). It
knows only what its seat may know, as the device's bots; it is not a perfect player, but one
that looks ahead where the bots follow rules, so the figures say how far the bots are from a
player who thinks a deal ahead, and where (a game whose bot the reference beats by a wide margin
is the one to improve).

Method, as bench_bot_strength.py and bench_tant_bots.py: at a table of four, one measured player
(the hero) among a field of another kind, the hero's seat turning round the table game after
game so that every place in the order of play gets as many games; every game is seeded
(engine.rng.Rng, a seed of its own each). Three tables a game:
  <default>_among_reference   the device's default bot (its descriptor's bot=) among references
  random_among_reference      the random bot among references: the floor, what no skill makes
  reference_among_<default>   the reference among the device's default bots
The measures are those of the device benches:
Tanturlurette, ROUNDS_TANT = 800 single rounds (tests/tools/tant_rounds.py, king_blocks off):
  tant_lose_<hero>_among_<field>_4p   percent of its rounds the hero lost (ties lose; all tied
        is nobody's loss); among four alike, a little over 25%.
La Bourre, GAMES_BOURRE = 200 one-deal games (n = games), the hero in seat g % 4:
  bourre_<hero>_among_<field>_tricks  the hero's tricks in the deal
  bourre_<hero>_among_<field>_share   its part of the pot, percent (fair: 25%). One deal, not
        bench_bot_strength's seven: the reference weighs a deal at a time, and seven would cost
        seven times as much.
Piccolo, DEALS_PICCOLO = 96 single deals (a multiple of 12: the dealer turns with the deal and
the hero sits in each of the three seats that play in turn):
  piccolo_<hero>_among_<field>_points  the hero's points per deal
  piccolo_<hero>_among_<field>_gain    the paired gain: its points minus those of the field's
        kind in its seat, on the same deals (the same seeds and seats), deal by deal; the
        floor's own points are piccolo_<field>_among_<field>_points
Achéron, DEALS_ACHERON = 400 one-deal games (n = deals), the hero in seat g % 4:
  acheron_<hero>_among_<field>_margin  the hero's score minus the field's mean score in the deal
        (0 for a player no better than the field)
Intervals (benchlib): a mean ±1.96·sd/sqrt(n); a proportion ±1.96·sqrt(p(1-p)/n), or its Wilson
interval where fewer than 10 successes or failures make the normal approximation poor.
The references draw SAMPLES = 8 worlds a decision. About 5 minutes on CPython on one core here
(run with -t to print each game's time, lines run.py does not read).
"""

import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware/lib")
sys.path.insert(0, HERE + "/../tools")

import games  # noqa: E402
import games.acheron.bots as acheron_bots  # noqa: E402
import games.acheron.rules as acheron  # noqa: E402
import games.bourre.bots as bourre_bots  # noqa: E402
import games.bourre.rules as bourre  # noqa: E402
import games.piccolo.bots as piccolo_bots  # noqa: E402
import games.piccolo.rules as piccolo  # noqa: E402
import games.tanturlurette.bots as tant_bots  # noqa: E402
from benchlib import elapsed_us, now_us, print_mean, print_proportion  # noqa: E402
from engine.play import play_out  # noqa: E402
from engine.rng import Rng  # noqa: E402
from reference import ReferenceBot  # noqa: E402
from tant_rounds import round_losers  # noqa: E402

ROUNDS_TANT = 800  # a multiple of the 4 seats
GAMES_BOURRE = 200  # a multiple of the 4 seats
DEALS_PICCOLO = 96  # a multiple of 12: 4 dealers times the 3 seats that play
DEALS_ACHERON = 400  # a multiple of the 4 seats
SAMPLES = 8  # the references' worlds a decision
SEATS = 4
REFERENCE = "reference"
RANDOM = "random"
TIMING = "-t" in sys.argv


def maker(bots, kind):
    """A new player of that kind: a name in the game's BOTS, or the reference."""
    if kind == REFERENCE:
        return lambda: ReferenceBot(SAMPLES)
    return bots[kind]


def tables(name):
    """(hero, field) pairs: the default bot and the random bot among references, the reference
    among default bots."""
    best = games.game(name).bot
    return [(best, REFERENCE), (RANDOM, REFERENCE), (REFERENCE, best)]


def seated(bots, hero, field, seat):
    hero_bot = maker(bots, hero)
    field_bot = maker(bots, field)
    return [hero_bot() if s == seat else field_bot() for s in range(SEATS)]


def tant_lost(hero, field):
    """Rounds the hero lost, of ROUNDS_TANT, at four players."""
    lost = 0
    for r in range(ROUNDS_TANT):
        seat = r % SEATS
        lost += round_losers(SEATS, 0, 4 * 100003 + r, seated(tant_bots.BOTS, hero, field, seat)) >> seat & 1
    return lost


def bourre_games(hero, field):
    """Per game: the hero's part of the pot (a fraction) and its tricks."""
    shares, tricks = [], []
    for g in range(GAMES_BOURRE):
        seat = g % SEATS
        state = bourre.State({"players": SEATS, "deals": 1})
        play_out(state, seated(bourre_bots.BOTS, hero, field, seat), Rng(11 + g * 7919))
        shares.append(state.payout[seat] / float(state.pot()))
        tricks.append(state.totals[seat])
    return shares, tricks


def piccolo_points(hero, field):
    """Per deal, the points of the seat measured (the dealer turns, the seat with it)."""
    points = []
    for d in range(DEALS_PICCOLO):
        dealer = d % SEATS
        # the seat measured turns over the three that play (the dealer sits out), dealer by dealer
        seat = (dealer + 1 + (d // SEATS) % (SEATS - 1)) % SEATS
        state = piccolo.State({"dealer": dealer})
        play_out(state, seated(piccolo_bots.BOTS, hero, field, seat), Rng(3 + d * 7919), until_round=1)
        points.append(state.scores[seat])
    return points


def acheron_margins(hero, field):
    """Per deal, the hero's score minus the field's mean score, in thirds of a point (ints)."""
    margins = []
    for g in range(DEALS_ACHERON):
        seat = g % SEATS
        state = acheron.State({"players": SEATS, "deals": 1})
        play_out(state, seated(acheron_bots.BOTS, hero, field, seat), Rng(1 + g * 7919))
        mine = state.scores[seat]
        margins.append((SEATS - 1) * mine - (sum(state.scores) - mine))
    return margins


def lap(what, start):
    if TIMING:
        print("# %s %.1f s" % (what, elapsed_us(start) / 1e6))
    return now_us()


def main():
    start = now_us()
    for hero, field in tables("tanturlurette"):
        print_proportion("tant_lose_%s_among_%s_4p" % (hero, field), tant_lost(hero, field), ROUNDS_TANT)
    start = lap("tanturlurette", start)
    for hero, field in tables("bourre"):
        shares, tricks = bourre_games(hero, field)
        name = "bourre_%s_among_%s_" % (hero, field)
        print_mean(name + "tricks", tricks, "tricks/deal")
        print_mean(name + "share", shares, "%", 100.0, 1)
    start = lap("bourre", start)
    floors = {}  # the field's kind in the hero's seat: the same deals, so one run a field
    for hero, field in tables("piccolo"):
        if field not in floors:
            floors[field] = piccolo_points(field, field)
            print_mean("piccolo_%s_among_%s_points" % (field, field), floors[field], "points/deal")
        mine = piccolo_points(hero, field)
        name = "piccolo_%s_among_%s_" % (hero, field)
        print_mean(name + "points", mine, "points/deal")
        print_mean(name + "gain", [mine[d] - floors[field][d] for d in range(DEALS_PICCOLO)], "points/deal")
    start = lap("piccolo", start)
    for hero, field in tables("acheron"):
        # the margins are counted in thirds of a point: shown per point
        print_mean("acheron_%s_among_%s_margin" % (hero, field), acheron_margins(hero, field), "points/deal",
                   1.0 / (SEATS - 1))
    lap("acheron", start)


main()
