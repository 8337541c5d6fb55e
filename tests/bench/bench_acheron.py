"""Achéron figures: time of one full deal played by bots, per-move replay time, bot strength.

Runs standalone under MicroPython and CPython (tests/bench/run.py runs both) and prints
`name: value unit` lines. Methods:
  deal_<bots>_<n>p_us   median over every deal of many seeded games to 100 of the time of one
                        full deal: the 33 dealt cards, every draw and meld, the end-of-deal count
                        and the start of the next deal.
  move_us               engine alone: replaying recorded games, time per move (no bots, no PRNG).
  moves_per_deal        how long a deal's record is, on average (meld bots, 4 players).
  record_bytes_per_deal the JSON record of a game divided by its deals.
  meld_margin_points    meld bot's one-deal score minus the random bots' average, 4 players, the
                        bot's seat rotating round the table.
  score_range_us        the scorekeeper (4 players): median time of entry_range(), which checks
                        each value at the ends against every end of the deal still possible, over
                        the entries of seeded deals (a fresh DealBounds cache each game)
  state_heap_bytes      the live heap a 4-player game holds after its first deal (the deck and its
                        pair table loaded before, so they do not count). MicroPython: gc.mem_alloc()
                        after gc.collect(); CPython: tracemalloc's current size.
"""

import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware/lib")

import json  # noqa: E402

import games.acheron.score as score  # noqa: E402
from benchlib import (  # noqa: E402
    elapsed_us,
    heap_now,
    heap_start,
    heap_stop,
    median,
    now_us,
    replay_us_per_move,
)
from engine.play import play_out  # noqa: E402
from engine.rng import Rng  # noqa: E402
from games.acheron.bots import BOTS  # noqa: E402
from games.acheron.rules import State  # noqa: E402

GAMES = 20


def deal_times(kind, players, games=GAMES):
    """Per-deal times over whole games, and the records of those games."""
    times = []
    records = []
    for g in range(games):
        rng = Rng(1000 + g)
        state = State({"players": players})
        bots = [BOTS[kind]() for _ in range(players)]
        play_out(state, bots, rng, until_round=0)  # the draw for the first dealer
        while not state.is_over():
            start = now_us()
            play_out(state, bots, rng, until_round=state.round)
            times.append(elapsed_us(start))
        records.append(state.record())
    return times, records


def meld_margin(deals=200, players=4):
    mine = others = 0
    for g in range(deals):
        seat = g % players
        state = State({"players": players, "deals": 1})
        bots = [BOTS["meld"]() if s == seat else BOTS["random"]() for s in range(players)]
        play_out(state, bots, Rng(g * 7919 + 1))
        mine += state.scores[seat]
        others += sum(state.scores) - state.scores[seat]
    return mine / deals - others / (deals * (players - 1))


def score_range_times(games=10):
    times = []
    for g in range(games):
        rng = Rng(300 + g)
        state = score.State({"players": 4, "target": 300})
        while not state.is_over() and len(state.moves) < 60:
            start = now_us()
            low, high = state.entry_range()
            times.append(elapsed_us(start))
            value = low + rng.below(high - low + 1)
            state.apply(value if not state.why_illegal(value) else low)
    return times


def state_heap():
    State({"players": 4})  # loads the deck and the pair table first
    start = heap_start()
    state = State({"players": 4})
    play_out(state, [BOTS["meld"]() for _ in range(4)], Rng(5), until_round=1)
    used = heap_now(start)
    heap_stop(start)
    return used if state.round == 2 else -1


def main():
    for kind, players in (("meld", 4), ("meld", 3), ("meld", 6), ("random", 4)):
        times, records = deal_times(kind, players)
        print("deal_%s_%dp_us: %d us" % (kind, players, median(times)))
        if kind == "meld" and players == 4:
            deals = sum([len([m for m in r["moves"]]) for r in records])
            count = len(times)
            print("moves_per_deal: %.1f moves" % (deals / count))
            size = sum([len(json.dumps(r)) for r in records])
            print("record_bytes_per_deal: %d bytes" % (size // count))
            print("move_us: %.1f us" % replay_us_per_move(records))
    print("meld_margin_points: %.2f points" % meld_margin())
    print("score_range_us: %d us" % median(score_range_times()))
    print("state_heap_bytes: %d bytes" % state_heap())


main()
