"""How strong the device's bots are at La Bourre, Piccolo and Achéron, with 95% intervals.

Runs standalone under MicroPython and CPython (tests/bench/run.py runs both) and prints
`name: value unit` lines, the interval and the sample size in the unit part. Every game and deal
is seeded (engine.rng.Rng, a seed of its own each) and the engine is the same on both runtimes,
so both print the same figures: a difference between them is a finding, not noise.

Method. The measured bot (the hero) sits among a field of another kind at the games' default
table of four, its seat turning round the table game after game so that every place in the order
of play gets as many games: a seat's advantage cancels. The heroes are each game's default bot
(its descriptor's `bot=`, games/__init__.py) and its other non-random bots (Achéron's greedy);
the fields are each of its random bots (BOTS names starting "random"). Each game has the measure
that shows skill in that game, after the host tests:

La Bourre, GAMES_BOURRE = 2000 whole games of 7 deals (n = games), the hero in seat g % 4:
  bourre_plan_vs_random_share        the game is played for the pot, which goes to the most tricks
        over all the deals and is fed by antes that a bourru (no trick in a deal) doubles: the
        hero's part of the pot, percent, averaged over the games (test_bourre_bots.py's "pot won",
        a shared pot counting the part the rules give the hero). Fair share at 4: 25%.
  bourre_plan_vs_random_tricks       what the share is made of: the hero's tricks per deal, and
  bourre_plan_vs_random_field_tricks the field's per seat in the same games.
Piccolo, DEALS_PICCOLO = 12000 single deals (n = deals, or the deals the seat took for _made):
the dealer turns with the deal and the hero sits in each of the three seats that play in turn
(the dealer sits out). A deal scores contracts made or failed (règle 13): the taker scores when
it makes the contract, each adversary when it fails. So the skill is bidding what a hand can
make, then making it (test_piccolo_bots.py's make_rate), and beating the others' contracts:
  piccolo_plan_vs_<field>_taken      percent of the deals the hero took the contract
  piccolo_plan_vs_<field>_made       percent of those contracts it made
  piccolo_plan_vs_<field>_points     the hero's points per deal, as taker and as adversary
  piccolo_<field>_in_plan_seat_*     the floor: the same three figures for the same deals (the
        same seeds and seats) with the hero's seat played by the field's kind too
  piccolo_plan_vs_<field>_gain       the hero's points minus the floor's, deal by deal
  Against random-play, which bids and discards as the plan bot does, the cards, bids and
  contracts of the two runs are the same: the figures differ by card play alone. Against random,
  which bids at random, the cards dealt are the same and the rest is not.
Achéron, DEALS_ACHERON = 4000 one-deal games (n = deals), the hero in seat g % 4; the game is a
race to a points target, deal after deal (test_acheron_bots.py's mean_deal_score):
  acheron_<hero>_vs_random_points    the hero's score per deal
  acheron_<hero>_vs_random_margin    the hero's score minus the field's average in that deal:
        the paired difference, 0 for a bot no better than the field
Intervals (benchlib): a mean is shown as mean ±1.96·sd/sqrt(n) (the Bourre share is a mean of
per-game parts: a shared pot makes a game no plain win or loss); a proportion as p ±1.96·
sqrt(p(1-p)/n), the normal approximation, and where it is poor, fewer than 10 successes or 10
failures, as its Wilson score interval instead: `0.1 % [0.0, 0.1] (Wilson, n=12000)`.
Run with -t to print each game's time too (lines run.py does not read). About 35 s on the
MicroPython unix port here, 20 s on CPython.
"""

import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware/lib")

import games  # noqa: E402
import games.acheron.bots as acheron_bots  # noqa: E402
import games.acheron.rules as acheron  # noqa: E402
import games.bourre.bots as bourre_bots  # noqa: E402
import games.bourre.rules as bourre  # noqa: E402
import games.piccolo.bots as piccolo_bots  # noqa: E402
import games.piccolo.rules as piccolo  # noqa: E402
from benchlib import elapsed_us, now_us, print_mean, print_proportion  # noqa: E402
from engine.play import play_out  # noqa: E402
from engine.rng import Rng  # noqa: E402

# the same on both runtimes: their figures must agree
GAMES_BOURRE = 2000  # whole games of 7 deals; a multiple of the 4 seats
DEALS_PICCOLO = 12000  # a multiple of 12: 4 dealers times the 3 seats that play
DEALS_ACHERON = 4000  # a multiple of the 4 seats
SEATS = 4  # the default table of all three games
TIMING = "-t" in sys.argv


def kinds(name, bots):
    """(heroes, fields) of a game: its default bot first, then its other non-random bots; its
    random bots (BOTS names starting "random") are the fields."""
    best = games.game(name).bot
    names = sorted(bots)  # MicroPython's dicts keep no order
    heroes = [best] + [k for k in names if k != best and not k.startswith("random")]
    fields = [k for k in names if k.startswith("random")]
    return heroes, fields


def label(kind):
    return kind.replace("-", "_")


def seated(bots, hero, field, seat):
    return [bots[hero]() if s == seat else bots[field]() for s in range(SEATS)]


# The loops below keep only small ints, in lists made before they start: on MicroPython a value
# kept each game (a float, a tuple, a list grown by append) lands between that game's garbage,
# and a thousand of them spread over the heap leave no hole for the next large block.
def bourre_games(hero, field):
    """Per game, int lists: the hero's payout and the pot, its tricks and the field's."""
    n = GAMES_BOURRE
    paid, pots, mine, others = [0] * n, [0] * n, [0] * n, [0] * n
    for g in range(n):
        seat = g % SEATS
        state = bourre.State({"players": SEATS})
        play_out(state, seated(bourre_bots.BOTS, hero, field, seat), Rng(11 + g * 7919))
        paid[g] = state.payout[seat]
        pots[g] = state.pot()
        mine[g] = state.totals[seat]
        others[g] = sum(state.totals) - mine[g]
    return paid, pots, mine, others


def piccolo_deals(hero, field):
    """Per deal, for the seat measured: its points, 1 when it took the contract, 1 when it made
    it."""
    n = DEALS_PICCOLO
    points, took, made = bytearray(n), bytearray(n), bytearray(n)  # a deal scores 0 to 10
    for d in range(n):
        dealer = d % SEATS
        # the seat measured turns over the three that play (the dealer sits out), dealer by dealer
        seat = (dealer + 1 + (d // SEATS) % (SEATS - 1)) % SEATS
        state = piccolo.State({"dealer": dealer})
        play_out(state, seated(piccolo_bots.BOTS, hero, field, seat), Rng(3 + d * 7919), until_round=1)
        points[d] = state.scores[seat]
        result = state.last_result  # None: everybody passed, the cards were thrown in
        if result and result[0] == seat:
            took[d] = 1
            made[d] = 1 if result[4] else 0
    return points, took, made


def acheron_deals(hero, field):
    """Per deal, int lists: the hero's score and the sum of the field's."""
    n = DEALS_ACHERON
    mine, others = [0] * n, [0] * n
    for g in range(n):
        seat = g % SEATS
        state = acheron.State({"players": SEATS, "deals": 1})
        play_out(state, seated(acheron_bots.BOTS, hero, field, seat), Rng(1 + g * 7919))
        mine[g] = state.scores[seat]
        others[g] = sum(state.scores) - mine[g]
    return mine, others


def print_piccolo(name, deals):
    points, took, made = deals
    taken = sum(took)
    print_proportion(name + "_taken", taken, len(took))
    if taken:
        print_proportion(name + "_made", sum(made), taken)
    else:  # no proportion to show: a line run.py does not read
        print("# %s_made: no contract taken" % name)
    print_mean(name + "_points", points, "points/deal")


def lap(what, start):
    if TIMING:
        print("# %s %.1f s" % (what, elapsed_us(start) / 1e6))
    return now_us()


def main():
    start = now_us()
    deals = bourre.OPTION_DEFAULTS["deals"]
    heroes, fields = kinds("bourre", bourre_bots.BOTS)
    for hero in heroes:
        for field in fields:
            paid, pots, mine, others = bourre_games(hero, field)
            name = "bourre_%s_vs_%s_" % (label(hero), label(field))
            print_mean(name + "share", [paid[g] / float(pots[g]) for g in range(len(pots))], "%", 100.0, 1)
            print_mean(name + "tricks", mine, "tricks/deal", 1.0 / deals)
            print_mean(name + "field_tricks", others, "tricks/deal", 1.0 / (deals * (SEATS - 1)))
    start = lap("bourre", start)
    heroes, fields = kinds("piccolo", piccolo_bots.BOTS)
    for hero in heroes:
        for field in fields:
            mine = piccolo_deals(hero, field)
            floor = piccolo_deals(field, field)
            print_piccolo("piccolo_%s_vs_%s" % (label(hero), label(field)), mine)
            print_piccolo("piccolo_%s_in_%s_seat" % (label(field), label(hero)), floor)
            print_mean("piccolo_%s_vs_%s_gain" % (label(hero), label(field)),
                       [mine[0][d] - floor[0][d] for d in range(DEALS_PICCOLO)], "points/deal")
    start = lap("piccolo", start)
    heroes, fields = kinds("acheron", acheron_bots.BOTS)
    for hero in heroes:
        for field in fields:
            mine, others = acheron_deals(hero, field)
            name = "acheron_%s_vs_%s_" % (label(hero), label(field))
            print_mean(name + "points", mine, "points/deal")
            # the field's average is others / 3: the margin counted in thirds of a point
            print_mean(name + "margin", [(SEATS - 1) * mine[g] - others[g] for g in range(len(mine))],
                       "points/deal", 1.0 / (SEATS - 1))
    lap("acheron", start)


main()
