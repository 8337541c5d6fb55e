"""Piccolo règles 1 to 14, scenario by scenario with fixed hands, then seeded random deals."""

import json

from engine.cards import card_name
from engine.core import CHANCE, TERMINAL, BadOptions, BadRecord, IllegalAction
from engine.play import play_out, replay
from engine.rng import Rng
from games.piccolo.bots import PlanBot, RandomBot
from games.piccolo.rules import (
    BID,
    GENERALE,
    MISERE,
    MISERE_TABLE,
    PASS,
    PH_BID,
    PH_DEAL,
    PH_DISCARD,
    PH_PLAY,
    PH_TRUMP,
    PICCOLO,
    PICCOLO_TABLE,
    PIQUET_DECK,
    TOURNE,
    TRUMP,
    State,
    card_points,
    from_dict,
    made,
    normalize_options,
    payoff,
    strength,
)
from support import expect_raises, scaled

CARD = dict([(card_name(c), c) for c in PIQUET_DECK])
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3


def cards(text):
    return [CARD[name] for name in text.split()]


def deal(state, hands, tourne):
    """Deal fixed hands (seat -> cards) and tourne, in the engine's 3-3-2-2 dealing order."""
    piles = {}
    for seat in hands:
        piles[seat] = list(hands[seat])
    piles[TOURNE] = list(tourne)
    for i in range(32):
        state.apply(piles[state.deal_to[i]].pop(0))
    assert state.phase == PH_BID


# Dealer 0; seats 1, 2, 3 play. Seat 1 holds the spades, seat 2 hearts, seat 3 diamonds; the
# clubs are shared out so that voids exist.
HANDS = {
    1: cards("10S AS KS QS JS 9S 8S 7S 10C 7C"),
    2: cards("10H AH KH QH JH 9H 8H 7H AC 8C"),
    3: cards("10D AD KD QD JD 9D 8D 7D KC 9C"),
}
TOURNE_CARDS = cards("QC JC")


def bid_and_take(level, taker=1, trump=None, discards=None):
    state = State({"dealer": 0})
    deal(state, HANDS, TOURNE_CARDS)
    for seat in (1, 2, 3):
        assert state.current_player() == seat
        state.apply(BID + level if seat == taker else PASS)
        if state.phase != PH_BID:
            break
    for card in discards or cards("QC JC"):
        state.apply(card)
    if trump is not None:
        state.apply(TRUMP + trump)
    return state


def test_four_players_32_cards_manille_order():
    assert len(PIQUET_DECK) == 32
    assert [strength(c) for c in cards("7S 8S 9S JS QS KS AS 10S")] == list(range(8))
    expect_raises(BadOptions, normalize_options, {"players": 3})
    assert normalize_options({})["target"] == 41


def test_deal_3_3_2_2_with_a_two_card_tourne_after_the_first_packet():
    state = State({"dealer": 2})
    assert state.active == [3, 0, 1]  # the dealer sits out; his right speaks first
    plan = list(state.deal_to[:32])
    assert plan[:11] == [3, 3, 3, 0, 0, 0, 1, 1, 1, TOURNE, TOURNE]
    assert plan[11:20] == [3, 3, 3, 0, 0, 0, 1, 1, 1]
    assert plan[20:] == [3, 3, 0, 0, 1, 1, 3, 3, 0, 0, 1, 1]
    while state.phase == PH_DEAL:
        state.apply(state.chance_outcome(0))
    assert [len(h) for h in state.hands] == [10, 10, 0, 10] and len(state.tourne) == 2


def test_bidding_starts_at_26_and_contracts_slot_between_the_points():
    state = State({"dealer": 0})
    deal(state, HANDS, TOURNE_CARDS)
    legal = state.legal_actions()
    assert legal[0] == PASS and legal[1] == BID + 26
    assert BID + 25 not in legal
    expect_raises(IllegalAction, state.apply, BID + 25)
    # misère is level 40: between 39 and 41 there is nothing else
    assert state.action_name(BID + MISERE) == "bid misere"
    assert MISERE == 40 and PICCOLO == 50 and MISERE_TABLE == 60
    assert PICCOLO_TABLE == 71 and GENERALE == 72
    state.apply(BID + 39)
    assert state.current_player() == 2
    assert state.legal_actions()[1] == BID + MISERE
    state.apply(BID + MISERE)
    state.apply(BID + 70)
    assert state.legal_actions() == [PASS, BID + PICCOLO_TABLE, BID + GENERALE]


def test_a_pass_is_final_and_the_last_bidder_takes():
    state = State({"dealer": 0})
    deal(state, HANDS, TOURNE_CARDS)
    state.apply(PASS)
    state.apply(BID + 30)
    state.apply(BID + 31)
    assert state.current_player() == 2  # seat 1 passed and is skipped
    state.apply(PASS)
    assert state.taker == 3 and state.level == 31 and state.phase == PH_DISCARD


def test_nobody_bids_the_cards_are_thrown_in_and_the_deal_passes_right():
    state = State({"dealer": 0})
    deal(state, HANDS, TOURNE_CARDS)
    for _ in range(3):
        state.apply(PASS)
    assert state.round == 2 and state.dealer == 1 and state.phase == PH_DEAL
    assert state.scores == [0, 0, 0, 0]


def test_generale_ends_the_bidding_and_is_an_option():
    state = State({"dealer": 0})
    deal(state, HANDS, TOURNE_CARDS)
    state.apply(BID + GENERALE)
    assert state.taker == 1 and state.phase == PH_DISCARD
    off = State({"dealer": 0, "generale": False})
    deal(off, HANDS, TOURNE_CARDS)
    assert BID + GENERALE not in off.legal_actions()
    off.apply(BID + PICCOLO_TABLE)
    assert off.phase == PH_DISCARD  # nothing can outbid it any more


def test_taker_takes_the_tourne_discards_two_and_names_trump():
    state = State({"dealer": 0})
    deal(state, HANDS, TOURNE_CARDS)
    state.apply(BID + 30)
    state.apply(PASS)
    state.apply(PASS)
    assert len(state.hands[1]) == 12 and CARD["QC"] in state.hands[1]
    assert state.view(2)["hand_sizes"][1] == 12 and state.view(2)["discards"] == []
    state.apply(CARD["7C"])
    state.apply(CARD["QC"])
    assert state.view(1)["discards"] == cards("7C QC") and state.phase == PH_TRUMP
    state.apply(TRUMP + SPADES)
    assert state.trump == SPADES and state.phase == PH_PLAY
    assert state.current_player() == 1  # the dealer's right leads


def test_contracts_are_played_without_trump():
    state = bid_and_take(MISERE)
    assert state.phase == PH_PLAY and state.trump == -1


def test_everyone_follows_suit():
    state = bid_and_take(30, trump=SPADES)
    state.apply(CARD["10C"])  # taker leads a club
    assert state.legal_actions() == [CARD["AC"], CARD["8C"]]
    expect_raises(IllegalAction, state.apply, CARD["7H"])


def test_adversary_must_trump_on_the_taker_but_may_discard_on_the_partner():
    state = bid_and_take(30, trump=SPADES, discards=cards("QC JC"))
    # taker (seat 1, trumps spades) leads 7C: seat 2 beats it with the ace
    state.apply(CARD["7C"])
    state.apply(CARD["AC"])
    # seat 3 holds KC, 9C: it follows suit, higher not required of adversaries
    assert state.legal_actions() == [CARD["9C"], CARD["KC"]]


def _crafted_trick(hands, trick, seats):
    """Seat 1 took at 30 with spades as trump; then the hands and the trick are set by hand."""
    state = bid_and_take(30, trump=SPADES)
    for seat in hands:
        state.hands[seat] = cards(hands[seat])
    state.trick = cards(trick)
    state.trick_seats = seats
    state.to_act = state.active[(state.active.index(seats[-1]) + 1) % 3]
    return state


def test_the_taker_must_head_the_trick():
    state = _crafted_trick({1: "AC 8C 9S", 2: "KH", 3: "9D"}, "QC", [3])
    assert state.current_player() == 1 and state.legal_actions() == [CARD["AC"]]
    state = _crafted_trick({1: "JC 8C 9S", 2: "KH", 3: "9D"}, "QC", [3])
    assert sorted(state.legal_actions()) == sorted(cards("JC 8C"))  # cannot head: follow suit
    state = _crafted_trick({1: "AC 9S 7S", 2: "KH", 3: "9D"}, "7D", [3])
    assert sorted(state.legal_actions()) == sorted(cards("9S 7S"))  # void: trump


def test_adversary_may_discard_when_the_partner_is_master():
    state = _crafted_trick({1: "AC", 2: "KH 10S 7S", 3: "9D"}, "10D 8D", [3, 1])
    assert state.current_player() == 2
    assert sorted(state.legal_actions()) == sorted(cards("KH 10S 7S"))
    state = _crafted_trick({1: "AC", 2: "KH 10S 7S", 3: "9D"}, "7D 8D", [3, 1])
    assert state.current_player() == 2
    # 8D (the taker) beats 7D: seat 2 must trump on the taker
    assert sorted(state.legal_actions()) == sorted(cards("10S 7S"))


def test_taker_void_must_overtrump_or_play_anything_when_it_cannot():
    state = State({"dealer": 0})
    deal(state, HANDS, TOURNE_CARDS)
    state.apply(BID + 30)
    state.apply(PASS)
    state.apply(PASS)
    state.apply(CARD["QC"])
    state.apply(CARD["JC"])
    state.apply(TRUMP + CLUBS)
    # hand-craft the trick: seat 2 led a heart, seat 3 trumped with KC; taker (seat 1) void
    state.hands[1] = cards("10S AS 10C 7C")
    state.hands[2] = cards("AH 8H")
    state.hands[3] = cards("9D 8D")
    state.trick = cards("7H KC")
    state.trick_seats = [2, 3]
    state.to_act = 1
    assert state.legal_actions() == [CARD["10C"]]  # overtrump with the manille
    state.hands[1] = cards("10S AS 7C")
    assert sorted(state.legal_actions()) == sorted(cards("10S AS 7C"))  # cannot: anything


def test_adversary_void_must_overtrump_the_taker():
    state = bid_and_take(30, trump=SPADES)
    state.hands[1] = cards("AS 9S")
    state.hands[2] = cards("KH 10S 7S")
    state.hands[3] = cards("9D 8D")
    state.trick = cards("7D 8S")
    state.trick_seats = [3, 1]
    state.to_act = 2
    assert sorted(state.legal_actions()) == [CARD["10S"]]


def test_in_misere_only_following_suit_is_compulsory():
    state = bid_and_take(MISERE)
    state.apply(CARD["10C"])
    assert sorted(state.legal_actions()) == sorted(cards("AC 8C"))
    state.apply(CARD["8C"])
    state.apply(CARD["9C"])  # lower, and no obligation to beat
    taker, level, _points, tricks, won, _pay = state.last_result
    assert (taker, level, tricks, won) == (1, MISERE, 1, False)


def test_misere_fails_at_its_first_trick_and_pays_each_adversary():
    state = bid_and_take(MISERE)
    for name in ("10C", "8C", "9C"):
        state.apply(CARD[name])
    assert state.round == 2 and state.last_result[4] is False
    assert state.scores == [0, 0, 4, 4]


def test_sur_table_spreads_the_taker_hand_after_the_first_card():
    state = bid_and_take(MISERE_TABLE)
    assert state.view(2)["spread"] == {}
    state.apply(CARD["7S"])
    assert state.view(2)["spread"] == {"1": sorted(state.hands[1])}


def test_points_deal_counts_70_and_the_discards_count_for_the_taker():
    state = bid_and_take(36, trump=SPADES, discards=cards("10C JC"))
    play_out(state, [PlanBot()] * 4, Rng(3), until_round=1)
    taker, level, points, tricks, won, pay = state.last_result
    assert taker == 1 and level == 36 and tricks >= 8
    assert points == state.counted[1] >= card_points(cards("10C JC")) + tricks
    assert sum(state.counted) == 70 and state.counted[0] == 0
    assert won == (points >= 36) and pay == 4
    assert state.scores == [0, 4, 0, 0] if won else state.scores == [0, 0, 4, 4]


def test_payoff_table_of_regle_13():
    assert [payoff(v) for v in (26, 35, 36, 45, 46, 55, 56, 65, 66, 70)] == [3, 3, 4, 4, 5, 5, 6, 6, 7, 7]
    assert payoff(MISERE) == 4 and payoff(PICCOLO) == 5 and payoff(MISERE_TABLE) == 6
    assert payoff(PICCOLO_TABLE) == 7 and payoff(GENERALE) == 7  # the house option pays it 10
    assert made(MISERE, 50, 0) and not made(MISERE, 0, 1)
    assert made(PICCOLO, 0, 1) and not made(PICCOLO, 0, 0) and not made(PICCOLO_TABLE, 0, 2)
    assert made(GENERALE, 70, 10) and not made(GENERALE, 69, 9)
    assert made(40 + 1, 41, 3) and not made(41, 40, 3)


def test_first_to_41_wins_and_leaves_then_three_play_with_the_dealer():
    state = bid_and_take(MISERE)
    state.scores = [0, 0, 37, 30]
    for name in ("10C", "8C", "9C"):  # the taker takes a trick: the misère fails
        state.apply(CARD[name])
    assert state.scores == [0, 0, 41, 34]
    assert state.winning_order == [2] and state.out == [False, False, True, False]
    assert not state.is_over()
    assert state.dealer == 1 and state.active == [3, 0, 1]  # the dealer plays too
    while state.phase == PH_DEAL:
        state.apply(state.chance_outcome(0))
    assert [len(h) for h in state.hands] == [10, 10, 0, 10] and len(state.tourne) == 2
    assert state.current_player() == 3


def test_game_plays_to_two_winners_and_the_other_two_lose():
    for seed in range(scaled(6, 2)):
        state = State({"dealer": seed % 4})
        play_out(state, [PlanBot()] * 4, Rng(100 + seed))
        assert state.current_player() == TERMINAL
        assert len(state.winning_order) >= 2
        for s in state.winning_order:
            assert state.scores[s] >= 41
        assert sorted(state.returns()).count(1) == len(state.winning_order)


def test_view_hides_hands_and_the_tourne():
    state = State({"dealer": 0})
    deal(state, HANDS, TOURNE_CARDS)
    view = state.view(2)
    assert view["hand"] == sorted(HANDS[2]) and view["tourne"] == 2
    assert CARD["10S"] not in view["hand"]
    json.dumps(view)


def test_seeded_random_deals_conserve_cards_and_accept_only_legal_cards():
    rng = Rng(777)
    bots = [RandomBot()] * 4
    counted = 0
    for game in range(scaled(120, 20)):
        state = State({"dealer": game % 4, "target": 15})
        while not state.is_over():
            player = state.current_player()
            if player == CHANCE:
                state.apply(state.chance_outcome(rng.below(state.chance_count())))
            elif state.phase == PH_BID and rng.below(4):
                state.apply(PASS)  # random bids are mostly passes, so that deals get played
            else:
                if state.phase == PH_PLAY:
                    legal = state.legal_actions()
                    for c in state.hands[player]:
                        if c not in legal:
                            expect_raises(IllegalAction, state.apply, c)
                last_count = state.counted
                tenth = state.phase == PH_PLAY and sum(state.tricks) == 9  # the deal's last trick
                state.apply(bots[player].choose(state, player, rng))
                if state.counted is not last_count:  # a deal has just ended, counted (règle 12)
                    assert state.counted[state.last_result[0]] == state.last_result[2]
                    if tenth:
                        assert sum(state.counted) == 70
                        counted += 1
                    else:  # a contract decided early: fewer than ten tricks counted
                        assert sum(state.counted) < 70
            if state.phase != PH_DEAL:
                assert sum(state.holder_counts()) == 32
        copy = replay(json.loads(json.dumps(state.record())))
        assert copy.to_dict() == state.to_dict()
    assert counted > 0


def test_points_always_total_70_over_seeded_deals_played_to_the_end():
    rng = Rng(4242)
    bots = [PlanBot()] * 4
    counted = 0
    for deal_no in range(scaled(80, 12)):
        state = State({"dealer": deal_no % 4})
        play_out(state, bots, rng, until_round=1)
        if state.counted:
            assert sum(state.counted) == 70
            counted += 1
    assert counted >= scaled(60, 8)


def test_to_dict_round_trips_and_the_copy_plays_on_identically():
    bots = [PlanBot()] * 4
    for stop in (0, 3, 40, 75):  # in the deal, the bidding, the discards or the play
        state = State({"dealer": 1})
        play_out(state, bots, Rng(6), until_round=1)
        for _ in range(stop):
            player = state.current_player()
            state.apply(state.chance_outcome(0) if player == CHANCE else bots[player].choose(state, player, None))
        copy = from_dict(json.loads(json.dumps(state.to_dict())))
        assert copy.to_dict() == state.to_dict()
        play_out(state, bots, Rng(11))
        play_out(copy, bots, Rng(11))
        assert copy.record() == state.record() and copy.returns() == state.returns()


def test_from_dict_refuses_a_tampered_state():
    state = State({"dealer": 1})
    play_out(state, [PlanBot()] * 4, Rng(6), until_round=1)
    for _ in range(40):
        state.apply(state.chance_outcome(0) if state.current_player() == CHANCE else state.legal_actions()[0])
    good = json.dumps(state.to_dict())
    data = json.loads(good)
    data["tourne"] = data["hands"][state.active[0]][:2]
    assert "both in" in str(expect_raises(BadRecord, from_dict, data))
    data = json.loads(good)
    data["hands"][state.active[0]] = []
    assert "missing" in str(expect_raises(BadRecord, from_dict, data))
    data = json.loads(good)
    data["out"][2] = True
    assert "winning_order" in str(expect_raises(BadRecord, from_dict, data))
    data = json.loads(good)  # two winners end a game: a third is never saved
    data["out"] = [True, True, True, False]
    data["winning_order"] = [0, 1, 2]
    assert "winning_order" in str(expect_raises(BadRecord, from_dict, data))
    data = json.loads(good)
    data["trump"] = 4
    assert "trump" in str(expect_raises(BadRecord, from_dict, data))
    data = json.loads(good)
    data["moves"].append(70000)
    assert "moves" in str(expect_raises(BadRecord, from_dict, data))
    expect_raises(BadRecord, from_dict, {"game": "bourre"})


def test_hand_lines_show_hand_contract_and_trick_within_the_oled_width():
    from app.i18n import card_word
    from games.piccolo.words import hand_lines

    def seat_lines(state, seat, lang):
        return hand_lines(lang, state, seat)

    state = bid_and_take(30, trump=SPADES)
    for lang in ("fr", "en"):
        lines = seat_lines(state, 1, lang)
        shown = " ".join(lines[:-1]).split()  # every one of the ten cards, then the contract
        assert sorted(shown) == sorted([card_word(lang, c) for c in state.hands[1]]), lines
    assert lines[-1] == "P2 30 pts"
    state.apply(CARD["10C"])
    for seat in (1, 2, 3):
        for lang in ("fr", "en"):
            for line in seat_lines(state, seat, lang):
                assert len(line) <= 16, line
    lines = seat_lines(state, 2, "en")
    assert lines[-1] == "S: 10C"
    shown = " ".join(lines[:-1]).split()
    assert sorted(shown) == sorted([card_name(c) for c in state.hands[2]])
    assert seat_lines(state, 2, "fr")[-1] == "Pi: 10Tr"


# -- the générale's payoff, two players crossing together, the view after a deal --------------------
def rigged(options, level, plays, discards="QC JC", trump=None, hands=None, tourne="QC JC"):
    """A fresh game from options; this deal's first player (the dealer's right) gets HANDS[1]'s
    cards, the next HANDS[2]'s, the last HANDS[3]'s (or `hands`, by the same roles), and bids
    `level` while the others pass; then the cards `plays` (names) are played in order."""
    state = State(options)
    deal_rigged(state, level, plays, discards, trump, hands, tourne)
    return state


def deal_rigged(state, level, plays, discards="QC JC", trump=None, hands=None, tourne="QC JC"):
    roles = hands or HANDS
    deal(state, dict([(state.active[i], roles[i + 1]) for i in range(3)]), cards(tourne))
    taker = state.active[0]
    state.apply(BID + level)
    while state.phase == PH_BID:
        state.apply(PASS)
    assert state.taker == taker
    for card in cards(discards):
        state.apply(card)
    if trump is not None:
        state.apply(TRUMP + trump)
    for card in cards(plays):
        state.apply(card)


# The taker (the dealer's right) holds the eight spades and the two top clubs; whatever is
# played, he takes every trick.
GENERALE_HANDS = {
    1: cards("10S AS KS QS JS 9S 8S 7S 10C AC"),
    2: cards("10H AH KH QH JH 9H 8H 7H JC 9C"),
    3: cards("10D AD KD QD JD 9D 8D 7D 8C 7C"),
}
ALL_TEN = "10S 7H 7D AS 8H 8D KS 9H 9D QS JH JD JS QH QD 9S KH KD 8S AH AD 7S 10H 10D 10C JC 8C AC 9C 7C"


def test_a_generale_made_pays_7_by_default_and_10_as_a_house_option():
    # Règle 13's table stops at « 7 points pour 66 à 70 points ou un piccolo sur table demandés »;
    # ten tricks are 70 points.
    for options, pay in (({"dealer": 0}, 7), ({"dealer": 0, "generale_payoff": 10}, 10)):
        state = rigged(options, GENERALE, ALL_TEN, discards="KC QC", trump=SPADES,
                       hands=GENERALE_HANDS, tourne="KC QC")
        assert state.round == 2, state.phase_name()
        assert state.last_result == [1, GENERALE, 70, 10, True, pay]
        assert state.scores == [0, pay, 0, 0]
    assert payoff(GENERALE) == 7 and payoff(GENERALE, 10) == 10 and payoff(PICCOLO_TABLE, 10) == 7


def test_a_generale_failed_pays_each_adversary_the_same_7_or_10():
    for options, pay in (({"dealer": 0}, 7), ({"dealer": 0, "generale_payoff": 10}, 10)):
        state = rigged(options, GENERALE, "7C AC 9C", trump=SPADES)  # seat 2's ace takes a trick
        assert state.round == 2 and state.last_result[4] is False
        assert state.scores == [0, 0, pay, pay]


def test_the_generale_payoff_option_takes_7_or_10_only():
    assert normalize_options({})["generale_payoff"] == 7
    assert normalize_options({"generale_payoff": 10})["generale_payoff"] == 10
    for bad in (8, 9, 0, "10", True, 10.0, None):
        err = expect_raises(BadOptions, normalize_options, {"generale_payoff": bad})
        assert "generale_payoff" in str(err) and "7 or 10" in str(err), str(err)


def test_two_adversaries_crossing_with_four_in_the_game_rank_by_score():
    # seat 3 ends on 43, seat 2 on 41: seat 3 is the first winner, seat 2 the second
    state = bid_and_take(MISERE)
    state.scores = [5, 20, 37, 39]
    for name in ("10C", "8C", "9C"):
        state.apply(CARD[name])
    assert state.is_over() and state.winners() == [3, 2] and state.winning_order == [3, 2]
    assert state.returns() == [-1, -1, 1, 1]


def test_two_adversaries_tied_with_four_in_the_game_rank_in_the_order_of_play():
    state = bid_and_take(MISERE)  # dealer 0: seat 2 plays before seat 3
    state.scores = [5, 20, 37, 37]
    for name in ("10C", "8C", "9C"):
        state.apply(CARD[name])
    assert state.is_over() and state.winners() == [2, 3]


def three_left(scores):
    """Seat 2 has won the first deal and left: the second deal is dealt by seat 1 to seats 3, 0
    and 1 (3 first); then the scores are set to `scores`."""
    state = bid_and_take(MISERE)
    state.scores = [0, 0, 37, 0]
    for name in ("10C", "8C", "9C"):  # seat 1's misère fails: 4 to seats 2 and 3
        state.apply(CARD[name])
    assert state.winners() == [2] and state.dealer == 1 and state.active == [3, 0, 1]
    state.scores = list(scores)
    return state


def test_two_crossing_for_second_place_at_equal_scores_give_one_second_winner():
    state = three_left([37, 37, 41, 10])
    deal_rigged(state, MISERE, "10C 8C 9C")  # seat 3 takes the trick: seats 0 and 1 get 4 each
    assert state.scores == [41, 41, 41, 10]
    assert state.is_over() and state.winners() == [2, 0]  # seat 0 plays before seat 1
    assert state.returns() == [1, -1, 1, -1]
    assert sorted(state.returns()) == [-1, -1, 1, 1]


def test_two_crossing_for_second_place_the_higher_score_wins_it():
    state = three_left([37, 38, 41, 10])
    deal_rigged(state, MISERE, "10C 8C 9C")
    assert state.scores == [41, 42, 41, 10]
    assert state.is_over() and state.winners() == [2, 1] and state.returns() == [-1, 1, 1, -1]


def pairs(seats, names):
    return [[seats[i], CARD[names.split()[i]]] for i in range(3)]


# Each way a deal ends: (level, trump, cards played, the deciding trick's seats by role,
# the taker's points, his tricks, each adversary's points by role). The taker is role 1.
ENDINGS = (
    (MISERE, None, "10C AC KC", 16, 1, (0, 0)),  # lost on its first trick: 10C+AC+KC, the discards
    (MISERE_TABLE, None, "10C AC KC", 16, 1, (0, 0)),
    (PICCOLO, None, "10S 7H 7D AS 8H 8D", 14, 2, (0, 0)),  # a second trick: 10S+AS, 2 tricks, discards
    (PICCOLO_TABLE, None, "10S 7H 7D AS 8H 8D", 14, 2, (0, 0)),
    (GENERALE, SPADES, "7C AC 9C", 3, 0, (5, 0)),  # the adversaries' first trick: AC and the trick
)


def test_the_view_after_a_deal_shows_that_deal_however_it_ended():
    for level, trump, plays, taker_points, taker_tricks, others in ENDINGS:
        state = State({"dealer": 0})
        play_out(state, [PlanBot()] * 4, Rng(5), until_round=1)  # a first deal, to its end
        assert state.round == 2
        before = state.view(0)
        seats = list(state.active)  # taker, then the two adversaries in the order of play
        deal_rigged(state, level, plays, trump=trump)
        assert state.round == 3 and state.phase == PH_DEAL, (level, state.phase_name())
        last = " ".join(plays.split()[-3:])
        for seat in range(4):
            view = state.view(seat)
            assert view["last_trick"] == pairs(seats, last), (level, view["last_trick"])
            expected = [0, 0, 0, 0]
            expected[seats[0]] = taker_points
            expected[seats[1]], expected[seats[2]] = others
            assert view["counted"] == expected, (level, view["counted"], before["counted"])
            assert view["last_result"][:4] == [seats[0], level, taker_points, taker_tricks]
        copy = from_dict(json.loads(json.dumps(state.to_dict())))
        assert copy.view(1) == state.view(1)


def test_the_view_between_deals_shows_a_deal_played_to_the_tenth_trick():
    state = rigged({"dealer": 0}, GENERALE, ALL_TEN, discards="KC QC", trump=SPADES,
                   hands=GENERALE_HANDS, tourne="KC QC")
    view = state.view(2)
    assert view["phase"] == "deal" and view["round"] == 2
    assert view["last_trick"] == pairs([1, 2, 3], "AC 9C 7C")
    assert view["counted"] == [0, 70, 0, 0]


def test_a_deal_thrown_in_leaves_the_view_on_the_last_deal_played():
    state = rigged({"dealer": 0}, MISERE, "10C AC KC")
    shown = state.view(0)
    for _ in range(state.chance_count()):
        state.apply(state.chance_outcome(0))
    for _ in range(3):
        state.apply(PASS)  # nobody bids: no trick, no points
    view = state.view(0)
    assert view["round"] == 3 and view["dealer"] == 2
    for key in ("last_trick", "counted", "last_result"):
        assert view[key] == shown[key], key


def test_each_bid_pass_and_trump_is_a_fact_worded_in_both_languages():
    """Issue 14's worked example for Piccolo: the bidding and the trump are told."""
    from app.i18n import wrap
    from games.piccolo import words as words
    from games.piccolo.rules import F_BID, F_TRUMP, PH_BID, PH_TRUMP, State
    from support import played_moves, told_lines

    state = State({"target": 21})
    bots = [PlanBot() for _ in range(4)]
    bids = trumps = 0
    for who, phase, action, told in played_moves(state, lambda st, who, rng: bots[who].choose(st, who, rng),
                                                 Rng(3), lambda st: st.round >= 6):
        if phase == PH_BID:
            assert told[0] == (F_BID, who, 0 if action == 100 else action - 100, 0), told
            bids += 1
        elif phase == PH_TRUMP:
            assert told == [(F_TRUMP, who, action - 200, 0)], told
            trumps += 1
        else:
            continue  # the rest of the telling: test_piccolo_tell.py
        for line in told_lines(words, state, told[:1]):
            assert line and len(wrap(line, 2)) == 1 and len(line) <= 16, line
    assert bids >= 6 and trumps >= 1
