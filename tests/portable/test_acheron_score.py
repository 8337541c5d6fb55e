"""Achéron scorekeeper: entries, one-button items, the naming penalty, refusals, the race to 100."""

import json

import engine.acheron_score as S
from engine.core import TABLE, TERMINAL, BadRecord, IllegalAction
from engine.play import replay
from support import expect_raises


def enter_deal(state, rows):
    """rows[s] = (melds, cards, wilds, items): enter one whole deal the way the buttons would."""
    state.apply(0)  # the deal has been played
    for melds, cards, wilds, items in rows:
        state.apply(melds)
        state.apply(cards)
        if cards:
            state.apply(wilds)
            for item in items:
                state.apply(item)
            state.apply(0)


def refused(state, action, words):
    before = state.to_dict()
    err = expect_raises(IllegalAction, state.apply, action)
    assert words in str(err), str(err)
    assert state.to_dict() == before


def test_a_deal_adds_melds_minus_the_hand_plus_chandelles():
    state = S.State({"players": 3})
    assert state.current_player() == TABLE and state.round == 1 and state.target() == 100
    enter_deal(state, [(30, 2, 0, ()), (12, 6, 1, ()), (5, 9, 2, (S.JOCRISSE, S.CHANDELLE))])
    # J1: 30 - 2 + 5 (J3's Chandelle); J2: 12 - 6 - 2 + 5; J3: 5 - 9 - 4 - 10
    assert state.standings() == [33, 9, -18]
    assert state.last_deal_totals() == [33, 9, -18]
    assert state.round == 2 and state.phase_name() == "play"


def test_soupir_et_jocrisse_is_20():
    state = S.State({"players": 3})
    enter_deal(state, [(0, 3, 1, (S.SOUPIR,)), (0, 0, 0, ()), (0, 0, 0, ())])
    assert state.standings() == [-3 - 2 - 20, 0, 0]


def test_chandelle_transfer_option():
    state = S.State({"players": 4, "chandelle": "transfer"})
    enter_deal(state, [(0, 1, 0, (S.CHANDELLE,)), (0, 0, 0, ()), (0, 0, 0, ()), (0, 0, 0, ())])
    assert state.standings() == [-1 - 15, 5, 5, 5]


def test_no_cards_skips_the_wild_count_and_the_items():
    state = S.State({"players": 3})
    state.apply(0)
    state.apply(20)
    state.apply(0)
    assert state.phase_name() == "melds" and state.entry_seat() == 1


def test_naming_penalty_at_any_moment():
    state = S.State({"players": 3})
    state.apply(S.NAMING + 2)  # during play
    assert state.standings() == [0, 0, -5]
    state.apply(0)
    state.apply(S.NAMING + 0)  # while J1's melds are asked
    assert state.standings() == [-5, 0, -5] and state.phase_name() == "melds"
    enter_rest = [(10, 1, 0, ()), (0, 0, 0, ()), (0, 0, 0, ())]
    for melds, cards, wilds, _items in enter_rest:
        state.apply(melds)
        state.apply(cards)
        if cards:
            state.apply(wilds)
            state.apply(S.NAMING + 1)  # during the items
            state.apply(0)
    assert state.standings() == [10 - 1 - 5, -5, -5]
    assert state.last_deal_totals() == [4, -5, -5]


def test_the_game_ends_after_the_deal_that_reaches_the_target():
    state = S.State({"players": 3})
    enter_deal(state, [(60, 0, 0, ()), (10, 0, 0, ()), (0, 0, 0, ())])
    assert not state.is_over()
    enter_deal(state, [(45, 0, 0, ()), (10, 0, 0, ()), (0, 0, 0, ())])
    assert state.is_over() and state.current_player() == TERMINAL
    assert state.winners() == [0] and state.returns() == [105, 20, 0]
    assert state.round == 2 and state.extra_actions() == [] and state.legal_actions() == []
    assert state.prompt("fr") == ["Partie finie", "Gagne: J1"]


def test_impossible_entries_are_refused_with_the_reason():
    state = S.State({"players": 3})
    refused(state, 5, "number from 0 to 0")
    refused(state, S.JOCRISSE, "after the cards in hand")
    state.apply(0)
    refused(state, state.max_melds + 1, "number from 0 to %d" % state.max_melds)
    refused(state, -1, "number from 0")
    refused(state, S.NAMING + 3, "number from 0")  # there is no fourth player


def test_card_and_wild_totals_cannot_pass_the_deck():
    state = S.State({"players": 3})
    state.apply(0)
    state.apply(100)
    refused(state, 34, "number from 0 to 33")
    state.apply(30)
    state.apply(2)
    state.apply(0)
    refused(state, 41, "more than 140 points")
    state.apply(40)
    refused(state, 4, "pass the 33 cards")
    state.apply(3)
    refused(state, 2, "only 3 of Orphee")


def test_jocrisse_and_chandelle_need_room_in_the_hand():
    state = S.State({"players": 3})
    state.apply(0)
    state.apply(0)
    state.apply(1)
    state.apply(1)  # the one card left is a wild card
    refused(state, S.JOCRISSE, "left for the Baiser")
    refused(state, S.CHANDELLE, "left for a personnage")
    assert state.extra_actions("en")[0] == (S.NAMING, "Name slip P1")


def test_one_jocrisse_per_deal_and_soupir_needs_two_cards():
    state = S.State({"players": 3})
    state.apply(0)
    state.apply(0)
    state.apply(1)
    state.apply(0)
    refused(state, S.SOUPIR, "Soupir needs Baiser")
    state.apply(S.JOCRISSE)
    refused(state, S.SOUPIR, "marked already")
    refused(state, S.CHANDELLE, "left for a personnage")
    state.apply(0)
    state.apply(0)
    state.apply(5)
    state.apply(0)
    refused(state, S.JOCRISSE, "one Baiser")
    state.apply(S.CHANDELLE)
    refused(state, S.CHANDELLE, "marked already")


def test_prompts_fit_the_oled_in_both_languages():
    state = S.State({"players": 6})
    seen = set()
    while not state.is_over():
        for lang in ("fr", "en"):
            lines = state.prompt(lang)
            assert 1 <= len(lines) <= 2
            for line in lines:
                assert len(line) <= 16, line
            for _action, label in state.extra_actions(lang):
                assert len(label) <= 16, label
        seen.add(state.phase_name())
        low, high = state.entry_range()
        state.apply(high if state.phase_name() == "melds" and state.entry_seat() == 0 else low)
    assert seen == {"play", "melds", "cards"}
    for lang in ("fr", "en"):
        for line in state.prompt(lang):
            assert len(line) <= 16


def test_record_replays_and_state_round_trips_through_json():
    state = S.State({"players": 4})
    enter_deal(state, [(20, 2, 1, (S.CHANDELLE,)), (5, 4, 0, (S.JOCRISSE,)), (0, 0, 0, ()),
                       (3, 7, 2, ())])
    state.apply(S.NAMING + 3)
    state.apply(0)
    state.apply(12)
    again = replay(json.loads(json.dumps(state.record())))
    assert again.to_dict() == state.to_dict()
    copy = S.from_dict(json.loads(json.dumps(state.to_dict())))
    assert copy.to_dict() == state.to_dict() and copy.prompt("en") == state.prompt("en")
    bad = state.to_dict()
    bad["scores"] = [1, 2]
    expect_raises(BadRecord, S.from_dict, bad)


def test_session_logs_undoes_and_refuses():
    from app.session import Session

    events = []
    session = Session(on_event=lambda kind, payload: events.append(kind))
    session.new_game("acheron_score", {"players": 3})
    session.act(0)
    session.act(25)
    session.act(S.NAMING + 1)
    assert session.state.standings() == [0, -5, 0]
    assert session.undo() and session.state.standings() == [0, 0, 0]
    assert session.state.phase_name() == "cards"
    expect_raises(IllegalAction, session.act, 99)
    assert session.state.phase_name() == "cards"
    assert "act" in events and "undo" in events and "error" in events


def test_every_refusal_fits_three_oled_lines():
    from app.core import wrap
    from engine.rng import Rng

    reasons = set()
    rng = Rng(12)
    for _game in range(3):
        state = S.State({"players": 3, "target": 300})
        for _step in range(60):
            for probe in list(range(0, state.max_melds + 2, 3)) + [S.JOCRISSE, S.SOUPIR, S.CHANDELLE]:
                why = state.why_illegal(probe)
                if why:
                    reasons.add(why)
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    state = S.State({"players": 3})
    for entry in (0, 0, 1, 1):  # one card left, and it is a wild card
        state.apply(entry)
    reasons.add(state.why_illegal(S.JOCRISSE))
    reasons.add(state.why_illegal(S.CHANDELLE))
    state.wilds[0] = 0
    reasons.add(state.why_illegal(S.SOUPIR))
    assert len(reasons) >= 11 and "" not in reasons, reasons
    for why in reasons:
        assert " ".join(wrap(why, 3)) == why, why
