"""The Piccolo plan bot makes its contract more often than random play does.

Seeded single deals. Bidding is the plan bot's in every case, and the adversaries are plan bots;
only the taker's card play differs: plan against random legal cards. A fully random table, which
bids at random too, is the floor.
"""

import games.piccolo.bots as bots
from engine.core import CHANCE
from engine.play import play_out, replay_moves
from engine.rng import Rng
from games.piccolo.bots import PlanBot, RandomBot, RandomPlayBot
from games.piccolo.rules import PH_BID, PH_PLAY, State, from_dict

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


# A deal played to its last two tricks (dealer 2; seat 1 took at 31, diamonds trump): seat 1
# leads with 9D (trump) and QH left.
END_MOVES = [41, 37, 31, 25, 47, 32, 1, 39, 50, 49, 45, 0, 24, 36, 33, 34, 27, 43, 38, 42, 30, 51, 28,
             3, 40, 48, 2, 29, 26, 35, 46, 44, 126, 100, 127, 128, 129, 130, 131, 100, 43, 40, 202,
             36, 32, 44, 37, 33, 45, 0, 28, 48, 24, 25, 42, 38, 30, 26, 39, 31, 27, 1, 29, 34, 3,
             50, 51]


def end_position():
    return replay_moves(State({"dealer": 2}), END_MOVES)


def test_void_tracking_reads_the_tricks_played_only():
    state = end_position()
    voids = bots._voids(state)
    # read again from the moves, trick by trick, with the engine's own trick winner
    expected = 0
    probe = State({"dealer": 2})
    for move in END_MOVES:
        if probe.phase == PH_PLAY and probe.trick:
            seat = probe.current_player()
            if move & 3 != probe.trick[0] & 3:
                expected |= 1 << (seat * 4 + (probe.trick[0] & 3))
        probe.apply(move)
    assert voids & expected == expected  # every void shown, and no others but void trumps:
    for bit in range(16):
        if voids >> bit & 1 and not expected >> bit & 1:
            assert bit & 3 == state.trump
    # the hidden cards swapped between the two adversaries: the same voids
    other = from_dict(state.to_dict())
    a, b = other.adversaries()
    other.hands[a], other.hands[b] = other.hands[b], other.hands[a]
    assert bots._voids(other) == voids


def points_per_deal(hero, deals=600):
    """The seat measured (turning round the table) plays its cards with hero; bids, discards and
    every other seat are the plan bot's, so the deals, bids and contracts are the same."""
    total = 0
    for d in range(deals):
        dealer = d % 4
        seat = (dealer + 1 + (d // 4) % 3) % 4
        state = State({"dealer": dealer})
        play_out(state, [hero if s == seat else PlanBot() for s in range(4)], Rng(5 + d * 7919),
                 until_round=1)
        total += state.scores[seat]
    return total / float(deals)


def test_plan_card_play_scores_more_than_random_card_play_at_a_plan_table():
    plan = points_per_deal(PlanBot())
    random_play = points_per_deal(RandomPlayBot())
    print("piccolo points a deal: plan card play %.2f, random card play %.2f" % (plan, random_play))
    assert plan > random_play + 0.1
