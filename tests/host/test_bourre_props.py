"""La Bourre properties over thousands of random deals (hypothesis): cards and the pot conserved,
every seat exchanges (at 5 and 6 players too), nothing illegal accepted, records replayed through
JSON."""

import json

from engine.core import CHANCE, IllegalAction
from engine.play import replay
from engine.rng import Rng
from games.bourre.bots import PlanBot, RandomBot
from games.bourre.rules import DRAW_TWO, PH_DEAL, PH_EXCHANGE, PH_PLAY, PUTBACKS, State
from games.bourre.score import max_seat_tricks
from hypothesis import given, settings
from hypothesis import strategies as st

BOTS = (RandomBot(), PlanBot())


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(1, 2**32 - 1), players=st.integers(2, 6), deals=st.integers(1, 4),
       stake=st.integers(1, 50), eldest=st.integers(0, 5), mix=st.integers(0, 63),
       putback=st.sampled_from(PUTBACKS))
def test_random_games_conserve_cards_and_pot(seed, players, deals, stake, eldest, mix, putback):
    rng = Rng(seed)
    state = State({"players": players, "deals": deals, "stake": stake, "eldest": eldest % players,
                   "putback": putback})
    staked_by_rule = [stake] * players
    round_seen = 1
    turns = []  # the seats asked to exchange in this deal
    while not state.is_over():
        player = state.current_player()
        if state.phase == PH_EXCHANGE:
            # the pack keeps its size, so every seat may draw two
            assert state.pack_size() == 32 - 5 * players and DRAW_TWO in state.legal_actions()
            turns.append(player)
        elif state.phase == PH_PLAY and turns:
            assert turns == [(state.leader + i) % players for i in range(players)], turns
            turns = []
        if player == CHANCE:
            state.apply(state.chance_outcome(rng.below(state.chance_count())))
        else:
            if state.phase == PH_PLAY:
                legal = set(state.legal_actions())
                for card in range(52):
                    if card not in legal:
                        try:
                            state.apply(card)
                        except IllegalAction:
                            continue
                        raise AssertionError("illegal card %d accepted" % card)
            state.apply(BOTS[mix >> (player % 6) & 1].choose(state, player, rng))
        if state.phase != PH_DEAL:
            assert sum(state.holder_counts()) == 32
        # the bounds the scorekeeper holds entries to (test_bourre_bounds.py finds them)
        assert state.tricks[state.leader] <= max_seat_tricks(True)
        assert max(state.tricks) <= max_seat_tricks(False)
        if state.round != round_seen:
            round_seen = state.round
            for s in range(players):
                staked_by_rule[s] += stake * (2 if state.bourru[s] else 1)
            assert state.staked == staked_by_rule
    assert sum(state.totals) <= deals * (5 * players // 2)
    assert sum(state.payout) == state.pot() == sum(staked_by_rule)
    assert sum(state.returns()) == 0
    best = max(state.totals)
    assert [s for s in range(players) if state.payout[s]] == [
        s for s in range(players) if state.totals[s] == best]
    copy = replay(json.loads(json.dumps(state.record())))
    assert copy.to_dict() == state.to_dict() and copy.payout == state.payout
