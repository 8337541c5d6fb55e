"""The Piccolo plan bot makes its contract more often than random play does.

Seeded single deals. Bidding is the plan bot's in every case, and the adversaries are plan bots;
only the taker's card play differs: plan against random legal cards. A fully random table, which
bids at random too, is the floor.
"""

from engine.core import CHANCE
from engine.rng import Rng
from games.piccolo.bots import PlanBot, RandomBot, RandomPlayBot
from games.piccolo.rules import PH_BID, State

DEALS = 2000


def make_rate(taker_bot, other_bot):
    rng = Rng(3)
    taken = made = 0
    for deal in range(DEALS):
        state = State({"dealer": deal % 4})
        while state.round == 1:
            player = state.current_player()
            if player == CHANCE:
                state.apply(state.chance_outcome(rng.below(state.chance_count())))
            elif state.phase == PH_BID or player != state.taker:
                state.apply(other_bot.choose(state, player, rng))
            else:
                state.apply(taker_bot.choose(state, player, rng))
        if state.last_result:
            taken += 1
            made += state.last_result[4]
    return made / float(taken)


def test_plan_bot_makes_its_contract_more_often_than_random_play():
    plan = make_rate(PlanBot(), PlanBot())
    random_play = make_rate(RandomPlayBot(), PlanBot())
    random_table = make_rate(RandomBot(), RandomBot())
    print("piccolo contracts made: plan %.1f%%, random card play %.1f%%, random table %.1f%%"
          % (100 * plan, 100 * random_play, 100 * random_table))
    assert plan > random_play + 0.02
    assert plan > random_table + 0.5
