"""Piccolo scorekeeper: contract, taker and result per deal; payoff, standings to 41, winners."""

import json

from engine.core import TABLE, TERMINAL, BadRecord, IllegalAction
from engine.play import replay
from engine.rng import Rng
from games import new_state
from games.piccolo import words as words
from games.piccolo.rules import BID, GENERALE, MISERE, PASS, PICCOLO, PICCOLO_TABLE
from games.piccolo.score import State, from_dict
from support import expect_raises, said, scaled


def deal(state, contract, taker, result):
    state.apply(contract)
    state.apply(taker)
    state.apply(result)


def test_entry_sequence_and_prompts():
    state = State()
    assert state.current_player() == TABLE and state.dealer == 0 and state.round == 1
    assert state.entry_range() == (26, 70)
    labels = dict([(a, words.entry_label("fr", state, a)) for a in state.extra_actions()])
    assert labels[BID + MISERE] == "misere" and labels[PASS] == "tous passent"
    assert BID + GENERALE in labels
    for lang in ("fr", "en"):
        for line in words.prompt(lang, state):
            assert len(line) <= 16
        for action in state.extra_actions():
            label = words.entry_label(lang, state, action)
            assert len(label) <= 14, label  # shown after "> " on a 16-character line
    state.apply(BID + PICCOLO)
    assert state.entry_range() == (1, 4) and state.extra_actions() == []
    assert words.prompt("en", state) == ["piccolo", "Taker?"]
    state.apply(3)
    assert state.entry_range() == (0, 10) and state.entry_seat() == 2
    assert words.prompt("fr", state)[1] == "Plis du preneur?"
    state.apply(1)
    assert state.scores == [0, 0, 5, 0] and state.round == 2 and state.dealer == 1


def test_points_bids_and_their_checks():
    state = State()
    err = expect_raises(IllegalAction, state.apply, 50)
    assert "no 50 bid: pick piccolo after 70" in said(err, "piccolo")
    assert said(err, "piccolo", "fr") == "Pas de 50: choisir piccolo apres 70"
    expect_raises(IllegalAction, state.apply, 25)
    expect_raises(IllegalAction, state.apply, 71)
    expect_raises(IllegalAction, state.apply, BID + 33)
    state.apply(36)
    err = expect_raises(IllegalAction, state.apply, 1)
    assert "seat 1 deals and sits out" in said(err, "piccolo")
    state.apply(2)
    assert state.entry_range() == (0, 70)
    before = state.to_dict()
    err = expect_raises(IllegalAction, state.apply, 71)
    assert "0 to 70" in said(err, "piccolo")
    assert state.to_dict() == before
    state.apply(35)  # short of 36: each adversary gets 4
    assert state.scores == [0, 0, 4, 4]
    assert state.history == [[0, 1, 36, 35, 0, False, 4]]


def test_all_pass_passes_the_deal():
    state = State({"dealer": 3})
    state.apply(PASS)
    assert state.dealer == 0 and state.round == 2 and state.scores == [0, 0, 0, 0]


def test_generale_option():
    state = State({"generale": False})
    assert BID + GENERALE not in state.extra_actions()
    expect_raises(IllegalAction, state.apply, BID + GENERALE)
    state = State()
    deal(state, BID + GENERALE, 2, 10)
    assert state.scores == [0, 7, 0, 0]  # règle 13's top line
    assert state.history == [[0, 1, GENERALE, 0, 10, True, 7]]
    state = State({"generale_payoff": 10})  # the house pays it 10
    deal(state, BID + GENERALE, 2, 10)
    deal(state, BID + GENERALE, 3, 9)  # failed: each adversary gets 10
    assert state.scores == [10, 10, 0, 10]
    assert state.history[1][-1] == 10


def test_first_winner_leaves_and_three_go_on_with_the_dealer_playing():
    state = State()
    for _ in range(6):  # seat 1 makes piccolo sur table (7) six times: 42
        while 2 not in [s + 1 for s in state.active]:
            state.apply(PASS)
        deal(state, BID + PICCOLO_TABLE, 2, 1)
    assert state.scores[1] == 42 and state.winning_order == [1] and state.out[1]
    assert not state.is_over()
    assert len(state.active) == 3 and state.dealer in state.active
    err = expect_raises(IllegalAction, lambda: deal(state, 30, 2, 40))
    assert "seat 2 has won and left" in said(err, "piccolo")
    assert state.phase_name() == "taker"
    state.apply(state.dealer + 1)  # with three left, the dealer may take
    state.apply(40)
    assert state.scores[state.history[-1][1]] == 3


def seat_1_has_won(scores):
    """A game where seat 1 has reached the target and left: seats 2, 3 and 0 play (the dealer
    with them), with these scores."""
    state = State()
    state.scores = list(scores)
    state.out[1] = True
    state.winning_order = [1]
    state.active[:] = [2, 3, 0]
    return state


def test_second_winner_ends_the_game_the_other_two_lose():
    state = seat_1_has_won([0, 41, 30, 38])
    deal(state, 30, 3, 30)  # the third player (seat 2) makes 30: 33
    assert not state.is_over()
    deal(state, MISERE + BID, 4, 0)  # the fourth player (seat 3) makes a misère: 42
    assert state.is_over() and state.current_player() == TERMINAL
    assert state.winning_order == [1, 3] and state.returns() == [-1, 1, -1, 1]


def test_adversaries_crossing_together_for_second_place():
    state = seat_1_has_won([0, 41, 38, 39])
    deal(state, 30, 1, 10)  # seat 0 fails: seats 2 and 3 get 3 each: 41 and 42
    assert state.winning_order == [1, 3] and state.is_over()


def test_adversaries_tied_for_second_place_the_first_in_the_order_of_play_wins_it():
    state = seat_1_has_won([0, 41, 38, 38])
    deal(state, 30, 1, 10)  # seat 0 fails: seats 2 and 3 both reach 41; seat 2 plays first
    assert state.scores == [0, 41, 41, 41]
    assert state.is_over() and state.winners() == [1, 2] and state.returns() == [-1, 1, 1, -1]
    assert state.history[-1] == [state.history[-1][0], 0, 30, 10, 0, False, 3]


def test_adversaries_crossing_together_with_four_in_the_game_rank_by_score():
    state = State({"dealer": 0})
    state.scores = [0, 10, 39, 40]
    deal(state, MISERE + BID, 2, 1)  # seat 1's misère fails: 43 and 44
    assert state.is_over() and state.winners() == [3, 2] and state.returns() == [-1, -1, 1, 1]


def test_random_entries_are_checked_and_replay():
    rng = Rng(99)
    for game in range(scaled(60, 10)):
        state = new_state("piccolo_score", {"dealer": game % 4, "target": 21})
        steps = 0
        while not state.is_over():
            low, high = state.entry_range()
            extras = state.extra_actions()
            pick = rng.below(high - low + 1 + len(extras) + 3)
            value = low + pick - 3 if pick < high - low + 4 else extras[pick - (high - low + 4)]
            if state.is_legal(value):
                state.apply(value)
            else:
                before = state.to_dict()
                expect_raises(IllegalAction, state.apply, value)
                assert state.to_dict() == before
            steps += 1
            assert steps < 5000
        assert len(state.winning_order) >= 2
        copy = replay(json.loads(json.dumps(state.record())))
        assert copy.to_dict() == state.to_dict()
        assert from_dict(json.loads(json.dumps(state.to_dict()))).to_dict() == state.to_dict()


def test_from_dict_refuses_a_state_that_does_not_fit():
    state = State()
    deal(state, 30, 2, 31)
    data = state.to_dict()
    assert from_dict(data).to_dict() == data
    data["scores"] = [0, 30, 0]
    assert "scores" in str(expect_raises(BadRecord, from_dict, data))
    data = state.to_dict()
    data["history"] = [[0, 1, 30, 31, 0, "yes", 3]]
    assert "history" in str(expect_raises(BadRecord, from_dict, data))
    data = state.to_dict()
    data["phase"] = 7
    assert "phase" in str(expect_raises(BadRecord, from_dict, data))
