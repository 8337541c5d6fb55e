"""Achéron over many seeded random games, on both runtimes: the invariants of every deal."""

import json

import games.acheron.rules as A
from engine.core import CHANCE, TERMINAL, BadRecord, IllegalAction
from engine.play import replay, sample_chance
from engine.rng import Rng
from games.acheron.bots import BOTS, RandomBot
from support import expect_raises, scaled
from test_acheron_fixtures import all_cards, json_round_trip


def turn_bound(state):
    """The most turns a deal can last: at most stall_laps laps pass between two turns that lay
    something, and each such turn takes at least one card out of the hands for good."""
    return (state.size + 1) * state.options["stall_laps"] * state.n


def play_checked(seed, options, bots=None, check_every=1):
    """Play a whole game, checking the invariants after every step; returns the state."""
    rng = Rng(seed)
    state = A.State(options)
    n = state.n
    bots = bots or [RandomBot(slips=True) for _ in range(n)]
    deal_totals = [0] * n
    rounds_seen = 0
    turns_this_deal = 0
    step = 0
    while not state.is_over():
        deal_before = state.round
        player = state.current_player()
        if player == CHANCE:
            sample_chance(state, rng)
        else:
            action = bots[player].choose(state, player, rng)
            if action == A.END:
                turns_this_deal += 1
            state.apply(action)
        step += 1
        if state.round != deal_before or state.is_over():
            if state.last_deal is not None and state.last_deal["deal"] > rounds_seen:
                rounds_seen = state.last_deal["deal"]
                for s in range(n):
                    deal_totals[s] += state.last_deal["totals"][s]
                    row = state.last_deal["rows"][s]
                    assert row["total"] == sum([row[k] for k in row if k != "total"])
                assert deal_totals == state.scores, (deal_totals, state.scores)
            turns_this_deal = 0
        assert turns_this_deal <= turn_bound(state), "a deal did not end"
        if step % check_every == 0 and state.phase != A.PH_FIRST_DEALER:
            assert all_cards(state) == list(range(state.size))
    assert state.current_player() == TERMINAL
    assert state.returns() == state.scores
    return state


def test_random_games_conserve_cards_end_every_deal_and_add_up():
    for seed in range(scaled(24, 8)):
        n = 3 + seed % 4
        play_checked(seed + 1, {"players": n, "deals": 3, "stall_laps": 1 + seed % 3,
                                "personnages": ("pair", "alone")[seed // 4 % 2]})


def test_bot_games_reach_the_target():
    for seed in range(scaled(8, 4)):
        n = 3 + seed % 4
        state = play_checked(100 + seed, {"players": n}, [BOTS["meld"]() for _ in range(n)],
                             check_every=7)
        assert max(state.scores) >= 100


def test_record_replays_through_json_to_the_same_state():
    for seed in range(scaled(16, 6)):
        rng = Rng(seed + 50)
        n = 3 + seed % 4
        state = A.State({"players": n, "deals": 2, "five_fee": ("any", "etoile")[seed % 2]})
        bots = [RandomBot(slips=True) for _ in range(n)]
        stop = 60 + rng.below(200)
        while not state.is_over() and len(state.moves) < stop:
            p = state.current_player()
            if p == CHANCE:
                sample_chance(state, rng)
            else:
                state.apply(bots[p].choose(state, p, rng))
        record = json.loads(json.dumps(state.record()))
        again = replay(record)
        assert again.to_dict() == state.to_dict()


def test_to_dict_from_dict_round_trip_and_play_on_identically():
    rng = Rng(9)
    state = A.State({"players": 4})
    bots = [BOTS["meld"]() for _ in range(4)]
    while len(state.moves) < 150:
        p = state.current_player()
        if p == CHANCE:
            sample_chance(state, rng)
        else:
            state.apply(bots[p].choose(state, p, rng))
    copy = A.from_dict(json_round_trip(state.to_dict()))
    assert copy.to_dict() == state.to_dict()
    for _ in range(100):
        if state.is_over():
            break
        legal = state.legal_actions()
        assert copy.legal_actions() == legal
        action = legal[rng.below(len(legal))]
        state.apply(action)
        copy.apply(action)
    assert copy.to_dict() == state.to_dict()


def test_from_dict_refuses_a_state_whose_cards_do_not_add_up():
    rng = Rng(3)
    state = A.State({"players": 3})
    while len(state.moves) < 40:
        sample_chance(state, rng) if state.current_player() == CHANCE else state.apply(A.END)
    data = json_round_trip(state.to_dict())
    data["hands"][0].append(data["hands"][1][0])  # one card in two hands
    err = expect_raises(BadRecord, A.from_dict, data)
    assert "add up" in str(err)
    data = json_round_trip(state.to_dict())
    del data["scores"]
    assert "scores" in str(expect_raises(BadRecord, A.from_dict, data))


def test_illegal_action_changes_nothing_and_names_the_legal_ones():
    rng = Rng(4)
    state = A.State({"players": 3})
    while state.phase != A.PH_LAY:
        sample_chance(state, rng)
    before = state.to_dict()
    for bad in (A.PAIR | 40 << 6 | 41, 999, A.GRAND_TOMBEAU, -1):
        if state.is_legal(bad):
            continue
        err = expect_raises(IllegalAction, state.apply, bad)
        assert "legal: end turn" in str(err)
        assert state.to_dict() == before


def test_views_show_only_the_own_hand():
    rng = Rng(5)
    state = A.State({"players": 4})
    while state.phase != A.PH_LAY:
        sample_chance(state, rng)
    for seat in range(4):
        view = state.view(seat)
        assert view["hand"] == sorted(state.hands[seat])
        assert view["counts"] == [len(h) for h in state.hands]
        text = json.dumps(view)
        for other in range(4):
            if other != seat:
                assert "hands" not in view and sorted(state.hands[other]) != view["hand"]
        assert len(text) < 4000


def test_deals_rotate_the_dealer_to_the_left():
    rng = Rng(6)
    state = A.State({"players": 5, "deals": 3, "stall_laps": 1})
    dealers = []
    while not state.is_over():
        if state.phase == A.PH_DEAL and state.dealt == 0:
            dealers.append(state.dealer)
        if state.current_player() == CHANCE:
            sample_chance(state, rng)
        else:
            state.apply(A.END)
    assert len(dealers) == 3
    assert dealers[1] == (dealers[0] + 1) % 5 and dealers[2] == (dealers[1] + 1) % 5


def test_action_names_and_hand_lines_fit_the_oled():
    """TableMode shows "> " + the words' action_label (a meld's cards on the lines after it, by
    their names) and up to four hand_lines of 16."""
    from games.acheron import words as words

    for seed in range(scaled(6, 2)):
        rng = Rng(seed + 70)
        state = A.State({"players": 3 + seed % 4, "deals": 2, "lay": ("drawn", "free")[seed % 2]})
        bots = [RandomBot(slips=True) for _ in range(state.n)]
        while not state.is_over():
            p = state.current_player()
            if p == CHANCE:
                sample_chance(state, rng)
                continue
            for action in state.legal_actions():
                for lang in ("fr", "en"):
                    lines = words.action_label(lang, state, action).split("\n")
                    assert len(lines[0]) <= 14 and all(len(line) <= 16 for line in lines), lines
                    if action & A.KIND_MASK in (A.PAIR, A.TRIPLET, A.ROUGE):
                        cards = [action >> 6 & 63, action & 63]  # named in full, not "SirL"
                        assert lines[1:] == [state.deck.label(c, lang) for c in cards], lines
                    else:
                        assert len(lines) == 1, lines
            lines = words.hand_lines("fr", state, p)
            assert 1 <= len(lines) <= 4
            shown = 0
            for line in lines:
                assert len(line) <= 16, line
                shown += len([w for w in line.split(" ") if not w.startswith("+")])
            assert shown == min(len(state.hands[p]), 11 if len(state.hands[p]) > 12 else 12)
            state.apply(bots[p].choose(state, p, rng))
