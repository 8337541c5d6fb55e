"""Tanturlurette properties over thousands of hypothesis-chosen games (CPython only).

The checker is the one the portable seeded loops use (tests/portable/test_tanturlurette_props.py):
cards accounted for at every step, tokens only moving inward except on re-entry, every game ending,
exactly the pot paid out, views derived independently, record replay and snapshot resumption.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_tanturlurette_props import BOT_NAMES, play_checked

games = st.fixed_dictionaries({
    "players": st.integers(4, 8),
    "circles": st.integers(2, 5),
    "reentry": st.booleans(),
    "king_blocks": st.booleans(),
    "mode": st.sampled_from(("deck", "deck", "deck", "board")),
    "all_tied_move": st.booleans(),
    "reentry_cap": st.sampled_from((0, 0, 1, 2, 3)),
})
bot_mixes = st.lists(st.sampled_from(BOT_NAMES), min_size=1, max_size=8)
seeds = st.integers(0, 0xFFFFFFFF)
relaxed = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(max_examples=400, **relaxed)
@given(options=games, bots=bot_mixes, seed=seeds, snapshot=st.integers(0, 800))
def test_views_never_show_a_card_the_seat_may_not_see(options, bots, seed, snapshot):
    play_checked(seed, options, bots, check_views=True, snapshot_step=snapshot)


@settings(max_examples=1600, **relaxed)
@given(options=games, bots=bot_mixes, seed=seeds, snapshot=st.integers(0, 2000))
def test_cards_tokens_pot_and_replay_hold_in_every_game(options, bots, seed, snapshot):
    state = play_checked(seed, options, bots, check_views=False, snapshot_step=snapshot)
    assert state.is_over()
