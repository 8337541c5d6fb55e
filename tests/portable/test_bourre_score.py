"""La Bourre scorekeeper: tricks entered per deal, antes, bourrus, pot and winner."""

import json

from engine.bourre_score import State, from_dict, max_tricks
from engine.core import TABLE, TERMINAL, BadRecord, IllegalAction
from engine.play import replay
from engine.registry import new_state
from engine.rng import Rng
from support import expect_raises, scaled


def enter(state, tricks):
    for t in tricks:
        state.apply(t)


def test_entries_start_from_the_leader_and_the_leader_rotates_right():
    state = State({"players": 3, "deals": 3, "eldest": 2})
    assert state.current_player() == TABLE
    assert state.entry_range() == (0, 5) and state.extra_actions("fr") == []
    assert state.entry_seat() == 2
    state.apply(1)
    assert state.entry_seat() == 0 and state.tricks == [0, 0, 1]
    enter(state, [2, 3])
    assert state.round == 2 and state.entry_seat() == 0 and state.leader == 0
    assert state.totals == [2, 3, 1]


def test_prompts_are_short_and_in_both_languages():
    state = State({"players": 6, "deals": 99, "stake": 1000})
    for lang in ("fr", "en"):
        lines = state.prompt(lang)
        assert 1 <= len(lines) <= 2
        for line in lines:
            assert len(line) <= 16, line
    assert state.prompt("fr")[1] == "Plis de J1 ?"
    assert state.prompt("en")[1] == "Tricks of P1?"


def test_impossible_totals_are_refused_with_the_reason_and_nothing_changes():
    state = State({"players": 2, "deals": 2})
    assert max_tricks(2) == 5 and max_tricks(3) == 7 and max_tricks(6) == 15
    state.apply(4)
    before = state.to_dict()
    err = expect_raises(IllegalAction, state.apply, 2)
    assert "at most 5 tricks with 2 players; 4 entered" in str(err)
    assert state.to_dict() == before
    err = expect_raises(IllegalAction, state.apply, 6)
    assert "0 to 5 tricks" in str(err)
    expect_raises(IllegalAction, state.apply, -1)
    expect_raises(IllegalAction, state.apply, "1")
    assert state.legal_actions() == [0, 1]
    state.apply(1)
    assert state.round == 2


def test_antes_bourrus_pot_and_winner():
    state = State({"players": 3, "deals": 2, "stake": 2})
    assert state.staked == [2, 2, 2] and state.pot() == 6
    enter(state, [3, 0, 2])  # seat 1 took nothing: bourru, antes double next deal
    assert state.bourru == [False, True, False]
    assert state.staked == [4, 6, 4] and state.pot() == 14
    enter(state, [1, 3, 1])  # deal 2 is led by seat 1
    assert state.current_player() == TERMINAL and state.is_over()
    assert state.totals == [4, 1, 5]
    assert state.payout == [0, 0, 14] and state.returns() == [-4, -6, 10]
    assert state.standings() == [4, 1, 5] and state.target() is None
    expect_raises(IllegalAction, state.apply, 0)


def test_tied_winners_share_the_pot_and_nothing_is_lost():
    state = State({"players": 4, "deals": 1, "stake": 5, "eldest": 1})
    enter(state, [3, 0, 3, 1])  # seats 1, 2, 3, 0: seats 1 and 3 tie on 3
    assert state.totals == [1, 3, 0, 3]
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
