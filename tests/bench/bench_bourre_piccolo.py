"""Engine figures for La Bourre and Piccolo: µs per full deal played by bots.

Runs standalone under MicroPython and CPython (tests/bench/run.py runs both) and prints
`name: value unit` lines. Method: many seeded deals, each timed from the first card dealt to the
start of the next deal (deal, exchange or bidding, every card, the count); the median is shown.
  bourre_deal_us         4 players, plan bots
  bourre_deal_random_us  4 players, random bots
  piccolo_deal_us        plan bots in every seat (thrown-in deals are left out)
  piccolo_replay_move_us engine alone: replaying recorded Piccolo games, time per move
"""

import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware/lib")

from benchlib import ON_MICROPYTHON, elapsed_us, median, now_us, replay_us_per_move  # noqa: E402
from engine.play import play_out  # noqa: E402
from engine.rng import Rng  # noqa: E402
from games.bourre.bots import PlanBot as BourrePlan  # noqa: E402
from games.bourre.bots import RandomBot as BourreRandom  # noqa: E402
from games.bourre.rules import State as BourreState  # noqa: E402
from games.piccolo.bots import PlanBot as PiccoloPlan  # noqa: E402
from games.piccolo.rules import State as PiccoloState  # noqa: E402

DEALS = 150 if ON_MICROPYTHON else 600


def time_deals(make_state, bots, seed, keep):
    rng = Rng(seed)
    times = []
    while len(times) < DEALS:
        state = make_state()
        while not state.is_over() and len(times) < DEALS:
            before = state.round
            settled = getattr(state, "last_result", None)
            start = now_us()
            play_out(state, bots, rng, until_round=before)
            spent = elapsed_us(start)
            if keep(state, settled):
                times.append(spent)
    return median(times)


def main():
    bourre = time_deals(lambda: BourreState({"players": 4, "deals": 7}), [BourrePlan()] * 4, 1,
                        lambda s, settled: True)
    print("bourre_deal_us: %d us" % bourre)
    bourre_random = time_deals(lambda: BourreState({"players": 4, "deals": 7}), [BourreRandom()] * 4, 2,
                               lambda s, settled: True)
    print("bourre_deal_random_us: %d us" % bourre_random)
    piccolo = time_deals(lambda: PiccoloState(), [PiccoloPlan()] * 4, 3,
                         lambda s, settled: s.last_result is not settled)  # not thrown in
    print("piccolo_deal_us: %d us" % piccolo)
    records = []
    rng = Rng(4)
    for _ in range(3 if ON_MICROPYTHON else 10):
        state = PiccoloState()
        play_out(state, [PiccoloPlan()] * 4, rng)
        records.append(state.record())
    print("piccolo_replay_move_us: %d us" % replay_us_per_move(records))


main()
