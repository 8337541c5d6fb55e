"""Achéron on CPython: hypothesis over options and seeds, the scorekeeper's arithmetic, deck files."""

import json

import games.acheron.rules as A
import games.acheron.score as S
import test_acheron_bots as bots_tests
import test_acheron_props as props
from engine.core import IllegalAction
from engine.play import play_out, replay
from engine.rng import Rng
from games.acheron.bots import BOTS, RandomBot
from hypothesis import given, settings
from hypothesis import strategies as st

OPTIONS = st.fixed_dictionaries({
    "players": st.integers(3, 6),
    "deals": st.integers(1, 4),
    "draw_from": st.sampled_from(["previous", "next"]),
    "five_fee": st.sampled_from(["any", "etoile"]),
    "rouge_queen": st.sampled_from(["wild", "any"]),
    "personnages": st.sampled_from(["pair", "alone"]),
    "jocrisse": st.sampled_from(["piece", "baiser"]),
    "chandelle": st.sampled_from(["gift", "transfer"]),
    "lay": st.sampled_from(["drawn", "free"]),
    "stall_laps": st.integers(1, 4),
})


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(1, 2**32 - 1), options=OPTIONS)
def test_any_options_any_seed_cards_conserved_deals_end_scores_add_up(seed, options):
    state = props.play_checked(seed, options)
    again = replay(json.loads(json.dumps(state.record())))
    assert again.to_dict() == state.to_dict()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(1, 2**32 - 1), players=st.integers(3, 6))
def test_bots_games_to_100_conserve_and_add_up(seed, players):
    kinds = ["meld", "greedy", "random"]
    bots = [BOTS[kinds[(seed + s) % 3]]() for s in range(players)]
    state = props.play_checked(seed, {"players": players}, bots, check_every=5)
    assert max(state.scores) >= 100


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(1, 2**32 - 1), players=st.integers(3, 6),
       chandelle=st.sampled_from(["gift", "transfer"]))
def test_scorekeeper_random_entries_add_up_and_refusals_change_nothing(seed, players, chandelle):
    rng = Rng(seed)
    state = S.State({"players": players, "chandelle": chandelle, "target": 60})
    slips = [0] * players
    steps = 0
    while not state.is_over() and steps < 400:
        legal = state.legal_actions()
        probe = rng.below(state.max_melds + 2)
        if probe not in legal and not (S.NAMING <= probe < S.NAMING + players):
            before = state.to_dict()
            try:
                state.apply(probe)
            except IllegalAction:
                pass
            else:
                raise AssertionError("entry %d was not legal but applied" % probe)
            assert state.to_dict() == before
        action = legal[rng.below(len(legal))]
        if S.NAMING <= action < S.NAMING + players:
            slips[action - S.NAMING] += 1
        state.apply(action)
        steps += 1
    # the running totals are the deal totals plus the slips of the deal in progress
    for s in range(players):
        dealt = sum([d[s] for d in state.deals])
        assert state.scores[s] == dealt + state.deal_rows()[s]["slips"]
    assert sum([sum(d) for d in state.deals]) + sum([r["slips"] for r in state.deal_rows()]) \
        == sum(state.scores)


def test_bad_json_deck_file_is_refused_with_the_path(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text('{"v": 1, "cards": [')
    try:
        A.load_deck(str(path))
    except A.BadDeck as err:
        assert "not valid JSON" in str(err) and str(path) in str(err)
    else:
        raise AssertionError("a broken deck file was accepted")


def test_an_edited_deck_file_is_loaded(tmp_path):
    data = json.loads(open(A.deck_path()).read())
    data["cards"][0]["fr"] = "Prince au luth"
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data))
    deck = A.load_deck(str(path))
    assert deck.label(0, "fr") == "Prince au luth" and deck.signature == A.load_deck().signature


def rates(kind, other, players, deals):
    mine = others = wins = 0
    for g in range(deals):
        seat = g % players
        state = A.State({"players": players, "deals": 1})
        bots = [BOTS[kind]() if s == seat else BOTS[other]() for s in range(players)]
        play_out(state, bots, Rng(g * 2654435761 + 1))
        mine += state.scores[seat]
        others += (sum(state.scores) - state.scores[seat]) / (players - 1)
        wins += state.scores[seat] == max(state.scores)
    return mine / deals, others / deals, wins / deals


def test_meld_bot_beats_random_at_every_table_size():
    for players in (3, 4, 5, 6):
        mine, others, wins = rates("meld", "random", players, 400)
        assert mine > others + 1.5, (players, mine, others)
        assert wins > 1.2 / players, (players, wins)


def test_meld_bot_wins_most_full_games_against_random():
    wins = 0
    games = 60
    for g in range(games):
        seat = g % 4
        state = A.State({"players": 4})
        bots = [BOTS["meld"]() if s == seat else RandomBot() for s in range(4)]
        play_out(state, bots, Rng(g * 40503 + 7))
        wins += seat in state.winners()
    assert wins / games > 0.6, wins


def test_the_portable_bot_measure_agrees():
    mine, others = bots_tests.mean_deal_score("meld", 4, 200, seed0=11)
    assert mine > others
