"""La Bourre scorekeeper: tricks entered per deal, antes, bourrus, pot and winner."""

import json

from app.i18n import pack
from engine.cards import card_name
from engine.core import TABLE, TERMINAL, BadRecord, IllegalAction
from engine.play import replay
from engine.rng import Rng
from games import new_state
from games.bourre import rules as bourre
from games.bourre import words as words
from games.bourre.score import State, from_dict, max_seat_tricks, max_tricks
from support import expect_raises, said, scaled

CARD = dict([(card_name(c), c) for c in bourre.PIQUET_DECK])


def enter(state, tricks):
    for t in tricks:
        state.apply(t)


def test_entries_start_from_the_leader_and_the_leader_rotates_right():
    state = State({"players": 3, "deals": 3, "eldest": 2})
    assert state.current_player() == TABLE
    assert state.entry_range() == (0, 5) and state.extra_actions() == []
    assert state.entry_seat() == 2
    state.apply(1)
    assert state.entry_seat() == 0 and state.tricks == [0, 0, 1]
    enter(state, [2, 3])
    assert state.round == 2 and state.entry_seat() == 0 and state.leader == 0
    assert state.totals == [2, 3, 1]


def test_prompts_are_short_and_in_both_languages():
    state = State({"players": 6, "deals": 99, "stake": 1000})
    for lang in ("fr", "en"):
        lines = words.prompt(lang, state)
        assert 1 <= len(lines) <= 2
        for line in lines:
            assert len(line) <= 16, line
    assert words.prompt("fr", state)[1] == "Plis de J1 ?"
    assert words.prompt("en", state)[1] == "Tricks of P1?"


def refused(state, value):
    """The reason an entry is refused; the state must not change."""
    before = state.to_dict()
    err = expect_raises(IllegalAction, state.apply, value)
    assert state.to_dict() == before
    assert err.why == state.why_illegal(value) and err.why
    reason = said(err, "bourre")
    for lang in ("fr", "en"):  # the OLED shows three lines of it under "Erreur"
        assert len(pack(said(err, "bourre", lang).split())) <= 3
    return reason


def two_player_deal_of_two_and_three():
    """Real cards through the card engine: each lead is beaten once and the beater leads on."""
    state = bourre.State({"players": 2, "deals": 1})
    hands = ["QS KH QD KC AS", "KS QH KD QC JS"]  # seat 0 leads
    for i in range(10):
        state.apply(CARD[hands[i % 2].split()[i // 2]])
    state.apply(bourre.STAND)
    state.apply(bourre.STAND)
    for name in "QS KS QH KH QD KD QC KC AS JS".split():
        state.apply(CARD[name])
    assert state.is_over()
    return state.tricks


def test_a_real_deal_is_entered_and_five_to_none_is_refused():
    tricks = two_player_deal_of_two_and_three()
    assert tricks == [2, 3]  # the most a deal gives: 2 for the leader, 3 for the other
    state = State({"players": 2, "deals": 2})
    # five and none used to be accepted: the leader cannot take all five
    assert refused(state, 5) == "the leader takes 2 tricks at most"
    assert refused(state, 3) == "the leader takes 2 tricks at most"
    assert state.legal_actions() == [0, 1, 2]
    state.apply(tricks[0])
    assert refused(state, 4) == "a player takes 3 tricks at most"
    assert state.legal_actions() == [0, 1, 2, 3]
    state.apply(tricks[1])
    assert state.round == 2 and state.totals == [2, 3]
    # deal 2 is led by seat 1: the first entry is his, and seat 0 may now take 3
    assert state.entry_seat() == 1 and refused(state, 3) == "the leader takes 2 tricks at most"
    state.apply(0)
    state.apply(3)
    assert state.totals == [5, 3] and state.payout == [4, 0]


def test_a_deal_holds_at_most_half_the_cards_in_tricks():
    assert max_tricks(2) == 5 and max_tricks(3) == 7 and max_tricks(6) == 15
    assert max_seat_tricks(True) == 2 and max_seat_tricks(False) == 3
    state = State({"players": 3, "deals": 1})
    enter(state, [2, 3])
    # 2 + 3 + 3 = 8 tricks would need 16 cards: there are 15
    assert refused(state, 3) == "7 tricks a deal at most, 2 left"
    assert state.legal_actions() == [0, 1, 2]
    err = expect_raises(IllegalAction, state.apply, 6)
    assert "0 to 5 tricks" in said(err, "bourre")
    expect_raises(IllegalAction, state.apply, -1)
    expect_raises(IllegalAction, state.apply, "1")
    state.apply(2)
    assert state.is_over() and state.totals == [2, 3, 2]
    six = State({"players": 6, "deals": 1})
    enter(six, [2, 3, 3, 3, 3])
    assert refused(six, 2) == "15 tricks a deal at most, 1 left"


def test_antes_bourrus_pot_and_winner():
    state = State({"players": 3, "deals": 2, "stake": 2})
    assert state.staked == [2, 2, 2] and state.pot() == 6
    enter(state, [2, 0, 3])  # seat 1 took nothing: bourru, antes double next deal
    assert state.bourru == [False, True, False]
    assert state.staked == [4, 6, 4] and state.pot() == 14
    enter(state, [1, 2, 1])  # deal 2 is led by seat 1
    assert state.current_player() == TERMINAL and state.is_over()
    assert state.totals == [3, 1, 5]
    assert state.payout == [0, 0, 14] and state.returns() == [-4, -6, 10]
    assert state.standings() == [3, 1, 5] and state.target() is None
    expect_raises(IllegalAction, state.apply, 0)


def test_tied_winners_share_the_pot_and_nothing_is_lost():
    state = State({"players": 4, "deals": 1, "stake": 5, "eldest": 1})
    enter(state, [2, 0, 2, 1])  # seats 1, 2, 3, 0: seats 1 and 3 tie on 2
    assert state.totals == [1, 2, 0, 2]
    assert state.payout == [0, 10, 0, 10] and sum(state.payout) == state.pot()


def test_random_entries_keep_the_pot_and_survive_json():
    rng = Rng(31)
    for game in range(scaled(300, 40)):
        n = 2 + game % 5
        state = new_state("bourre_score", {"players": n, "deals": 1 + game % 7, "stake": 1 + game % 3})
        while not state.is_over():
            round_before = state.round
            staked_before = list(state.staked)
            value = rng.below(7)
            if value in state.legal_actions():
                state.apply(value)
            else:
                expect_raises(IllegalAction, state.apply, value)
            assert sum(state.tricks) <= max_tricks(n)
            assert state.tricks[state.leader] <= 2 and max(state.tricks) <= 3
            if state.round != round_before:  # a new deal: the bourrus of the last one ante double
                for s in range(n):
                    ante = state.stake * (2 if state.bourru[s] else 1)
                    assert state.staked[s] - staked_before[s] == ante
        assert sum(state.payout) == state.pot()
        copy = replay(json.loads(json.dumps(state.record())))
        assert copy.to_dict() == state.to_dict()
        assert from_dict(json.loads(json.dumps(state.to_dict()))).to_dict() == state.to_dict()


def test_from_dict_refuses_what_does_not_fit():
    state = State({"players": 2})
    enter(state, [2, 1])
    data = state.to_dict()
    data["staked"] = [9]
    assert "staked" in str(expect_raises(BadRecord, from_dict, data))
    data = state.to_dict()
    data["entered"] = 2
    assert "entered" in str(expect_raises(BadRecord, from_dict, data))
    data = state.to_dict()
    data["moves"] = [2, -1]
    assert "moves" in str(expect_raises(BadRecord, from_dict, data))
    data = state.to_dict()
    data["history"] = [[6, 0]]
    assert "history" in str(expect_raises(BadRecord, from_dict, data))
