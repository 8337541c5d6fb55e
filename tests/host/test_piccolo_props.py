"""Piccolo properties over thousands of random deals (hypothesis): cards conserved, 70 points in
every deal played out, règle 11 never broken, payoffs as règle 13, records replayed."""

import json

from engine.core import CHANCE, IllegalAction
from engine.play import replay
from engine.rng import Rng
from games.piccolo.bots import PlanBot, RandomBot
from games.piccolo.rules import PASS, PH_BID, PH_DEAL, PH_PLAY, State, is_points_bid, payoff
from hypothesis import given, settings
from hypothesis import strategies as st

BOTS = (RandomBot(), PlanBot())


@settings(max_examples=1500, deadline=None)
@given(seed=st.integers(1, 2**32 - 1), dealer=st.integers(0, 3), mix=st.integers(0, 15),
       shy=st.integers(0, 3), generale_payoff=st.sampled_from((7, 10)))
def test_random_deals_conserve_cards_and_count_70(seed, dealer, mix, shy, generale_payoff):
    rng = Rng(seed)
    state = State({"dealer": dealer, "generale_payoff": generale_payoff})
    while state.round == 1:
        player = state.current_player()
        if player == CHANCE:
            state.apply(state.chance_outcome(rng.below(state.chance_count())))
            continue
        bot = BOTS[mix >> player & 1]
        if state.phase == PH_PLAY:
            legal = set(state.legal_actions())
            for card in state.hands[player]:
                if card not in legal:
                    try:
                        state.apply(card)
                    except IllegalAction:
                        continue
                    raise AssertionError("règle 11 broken: card %d accepted" % card)
        if state.phase == PH_BID and bot is BOTS[0] and rng.below(4) < shy:
            state.apply(PASS)  # random bidders mostly pass, or every deal would be a générale
        else:
            state.apply(bot.choose(state, player, rng))
        if state.phase != PH_DEAL:
            assert sum(state.holder_counts()) == 32
    if state.last_result is None:
        assert state.scores == [0, 0, 0, 0]  # thrown in
        return
    taker, level, points, tricks, won, pay = state.last_result
    assert pay == payoff(level, generale_payoff)
    # the deal that ended is counted over the tricks it had: all ten for a points bid
    assert state.counted[taker] == points and sum(state.counted) <= 70
    assert sum(state.counted) == 70 or not is_points_bid(level)
    assert state.view(dealer)["counted"] == state.counted
    expected = [0, 0, 0, 0]
    for s in range(4):
        if s != dealer and (s == taker) == won:
            expected[s] = pay
    assert state.scores == expected
    copy = replay(json.loads(json.dumps(state.record())))
    assert copy.to_dict() == state.to_dict()
