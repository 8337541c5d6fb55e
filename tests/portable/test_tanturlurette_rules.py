"""Tanturlurette, rule by rule, with fixed cards (docs/RULES.md says where each rule comes from).

Cards are rank * 4 + suit, rank 0 = Ace ... 12 = King. With 4 players and seat 3 dealing, the
order of play is 0, 1, 2, 3: seat 0 keeps or swaps, seats 1 and 2 keep or draw, then the dealer.
"""

import json

from engine.core import CHANCE, TABLE, TERMINAL, BadOptions, BadRecord, IllegalAction
from engine.play import replay
from games.tanturlurette.rules import (
    BLOCKED,
    DRAW,
    KEEP,
    LOSERS,
    PH_DEAL,
    PH_KEEP_OR_DRAW,
    PH_MARK,
    PH_OFFER,
    PH_OVER,
    PH_REENTRY,
    PH_SWAP,
    PH_TURN_UP,
    REENTER,
    REFUSE,
    RETIRE,
    SWAP,
    TAKE,
    State,
    from_dict,
    normalize_options,
)
from support import expect_raises


def card(rank, suit=0):
    return rank * 4 + suit


ACE, TWO, THREE, FIVE, SEVEN, NINE, TEN, QUEEN, KING = 0, 1, 2, 4, 6, 8, 9, 11, 12


def start(options=None, dealer=3, setup=None):
    """A state at the lot for the first dealer, adjusted by setup(dict) through to_dict/from_dict."""
    state = State(options)
    if setup:
        data = state.to_dict()
        setup(data)
        state = from_dict(data)
    state.apply(dealer)
    return state


def deal(state, cards):
    """Deal cards[seat] to each live seat, in the engine's deal order."""
    state.deal_fixed(cards)


def seen_cards(state, seat):
    return sorted(c for c, _where in state.view(seat)["seen"])


def four(cards, options=None, dealer=3, setup=None):
    state = start(options, dealer, setup)
    deal(state, cards)
    return state


# -- start and turn order ------------------------------------------------------------------------
def test_first_dealer_is_drawn_by_lot_among_all_seats():
    state = State({"players": 6})
    assert state.current_player() == CHANCE
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]
    assert state.chance_count() == 6
    assert [state.chance_outcome(i) for i in range(6)] == [0, 1, 2, 3, 4, 5]
    assert state.round == 0
    state.apply(4)
    assert state.dealer == 4 and state.round == 1 and state.phase == PH_DEAL
    assert state.pos == [0] * 6 and state.stakes == [1] * 6  # one token each, on the outer circle


def test_deal_goes_clockwise_from_the_dealers_left_and_ends_with_the_dealer():
    state = start({"players": 6}, dealer=1)
    receivers = []
    for c in range(6):
        receivers.append(state.deal_seat())
        assert state.current_player() == CHANCE
        state.apply(card(c + 3))
    # play goes right (seat + 1); clockwise is the other way: 0, 5, 4, 3, 2, then the dealer 1
    assert receivers == [0, 5, 4, 3, 2, 1]
    assert state.hand == [card(3), card(8), card(7), card(6), card(5), card(4)]
    assert state.order == [2, 3, 4, 5, 0, 1]
    assert state.current_player() == 2  # the player to the dealer's right acts first
    assert state.deal_seat() == -1


def test_each_player_sees_only_his_own_card_after_the_deal():
    state = four([card(FIVE), card(NINE), card(TWO), card(KING)])
    for seat in range(4):
        view = state.view(seat)
        assert view["card"] == state.hand[seat]
        assert seen_cards(state, seat) == [state.hand[seat]]


def test_a_fixed_deal_is_checked_whole_before_any_card_is_dealt():
    state = start()
    before = state.to_dict()
    for bad in ([card(TWO)] * 4, [card(TWO), card(FIVE), card(NINE)], [1, 2, 3, 52],
                [1, 2, 3, "4"]):
        err = expect_raises(IllegalAction, state.deal_fixed, bad)
        assert "card" in str(err)
        assert state.to_dict() == before
    state.deal_fixed([card(TWO), card(FIVE), card(NINE), card(KING)])
    assert list(state.moves) == [3, card(NINE), card(FIVE), card(TWO), card(KING)]
    expect_raises(IllegalAction, state.deal_fixed, [4, 5, 6, 7])  # the deal is done


def test_the_deal_takes_cards_from_the_stock_only():
    state = start()
    state.apply(card(FIVE))
    assert card(FIVE) not in state.legal_actions()
    err = expect_raises(IllegalAction, state.apply, card(FIVE))
    assert "card" in str(err)
    assert state.chance_count() == 51


# -- keep or swap --------------------------------------------------------------------------------
def test_swap_exchanges_with_the_right_hand_neighbour_who_cannot_refuse():
    state = four([card(TWO), card(NINE), card(FIVE), card(KING)])
    assert state.phase == PH_SWAP and state.current_player() == 0
    assert state.legal_actions() == [KEEP, SWAP]  # nothing for the neighbour to say
    state.apply(SWAP)
    assert state.hand[0] == card(NINE) and state.hand[1] == card(TWO)
    assert seen_cards(state, 0) == sorted([card(TWO), card(NINE)])
    assert seen_cards(state, 1) == sorted([card(TWO), card(NINE)])
    assert seen_cards(state, 2) == [card(FIVE)]  # the others do not see the exchanged cards
    assert state.view(0)["seen"] == [[card(TWO), 1], [card(NINE), 0]]  # and where his card went


def test_keep_changes_nothing_and_passes_the_turn_right():
    state = four([card(TWO), card(NINE), card(FIVE), card(KING)])
    state.apply(KEEP)
    assert state.hand == [card(TWO), card(NINE), card(FIVE), card(KING)]
    assert state.current_player() == 1


def test_every_player_acts_once_on_the_card_he_holds_by_then():
    state = four([card(TWO), card(THREE), card(FIVE), card(SEVEN), card(NINE)], {"players": 5},
                 dealer=4)
    assert [state.role(s) for s in range(5)] == ["swap", "swap", "draw", "draw", "dealer"]
    state.apply(SWAP)  # seat 0 gives the 2 to seat 1 and takes the 3
    assert state.current_player() == 1
    state.apply(SWAP)  # seat 1 passes on the 2 it just received and takes the 5
    assert state.hand[:3] == [card(THREE), card(FIVE), card(TWO)]
    assert state.phase == PH_KEEP_OR_DRAW and state.current_player() == 2


# -- who draws -----------------------------------------------------------------------------------
def phases_by_turn(state):
    """Play KEEP for everyone, noting each player's phase, until the reveal."""
    seen = []
    round_number = state.round
    while state.round == round_number and state.current_player() >= 0:
        seen.append((state.current_player(), state.phase))
        state.apply(KEEP)
    return seen


def test_with_four_players_the_last_two_before_the_dealer_and_the_dealer_draw():
    state = four([card(TWO), card(NINE), card(FIVE), card(KING)])
    assert phases_by_turn(state) == [(0, PH_SWAP), (1, PH_KEEP_OR_DRAW), (2, PH_KEEP_OR_DRAW),
                                     (3, PH_KEEP_OR_DRAW)]


def test_with_eight_players_five_swap_and_three_draw():
    state = start({"players": 8}, dealer=0)
    deal(state, [card(r) for r in range(8)])
    turns = phases_by_turn(state)
    assert [seat for seat, _ in turns] == [1, 2, 3, 4, 5, 6, 7, 0]
    assert [phase for _, phase in turns] == [PH_SWAP] * 5 + [PH_KEEP_OR_DRAW] * 3


def out_seats(*seats):
    def setup(data):
        for s in seats:
            data["out"][s] = True
    return setup


def test_with_three_players_both_non_dealers_draw_and_eliminated_seats_are_skipped():
    state = start({"players": 4}, dealer=3, setup=out_seats(1))
    assert state.order == [0, 2, 3]
    deal(state, [card(TWO), -1, card(FIVE), card(KING)])
    assert state.hand[1] == -1  # nothing dealt to the eliminated seat
    assert phases_by_turn(state) == [(0, PH_KEEP_OR_DRAW), (2, PH_KEEP_OR_DRAW), (3, PH_KEEP_OR_DRAW)]


def test_with_two_players_the_only_non_dealer_draws_then_the_dealer():
    state = start({"players": 4}, dealer=2, setup=out_seats(1, 3))
    assert state.order == [0, 2]
    deal(state, [card(TWO), -1, card(FIVE), -1])
    assert phases_by_turn(state) == [(0, PH_KEEP_OR_DRAW), (2, PH_KEEP_OR_DRAW)]


def test_a_swap_skips_an_eliminated_neighbour():
    state = start({"players": 5}, dealer=4, setup=out_seats(1))
    deal(state, [card(TWO), -1, card(NINE), card(FIVE), card(KING)])
    state.apply(SWAP)
    assert state.hand[0] == card(NINE) and state.hand[2] == card(TWO)


# -- keep or draw --------------------------------------------------------------------------------
def test_draw_turns_up_a_stock_card_that_only_the_drawer_sees_and_take_keeps_it():
    state = four([card(NINE), card(TWO), card(FIVE), card(KING)])
    state.apply(KEEP)
    state.apply(DRAW)
    assert state.phase == PH_TURN_UP and state.current_player() == CHANCE
    assert len(state.legal_actions()) == 48  # any card still in the stock
    state.apply(card(QUEEN))
    assert state.phase == PH_OFFER and state.current_player() == 1
    assert state.legal_actions() == [TAKE, REFUSE]
    assert state.view(1)["offer"] == card(QUEEN)
    for other in (0, 2, 3):
        assert state.view(other)["offer"] == -1
        assert card(QUEEN) not in seen_cards(state, other)
    state.apply(TAKE)
    assert state.hand[1] == card(QUEEN)
    assert list(state.discard[: state.discard_len]) == [card(TWO)]  # the replaced card, face down
    assert card(TWO) not in seen_cards(state, 0)
    assert state.current_player() == 2


def test_after_two_refusals_the_third_card_is_kept_without_a_choice():
    state = four([card(NINE), card(TWO), card(FIVE), card(KING)])
    state.apply(KEEP)
    state.apply(DRAW)
    state.apply(card(ACE))
    state.apply(REFUSE)
    assert state.phase == PH_TURN_UP
    state.apply(card(THREE))
    assert state.drawn == 2
    state.apply(REFUSE)
    state.apply(card(ACE, 1))  # the third card: no TAKE or REFUSE follows
    assert state.hand[1] == card(ACE, 1)
    assert state.current_player() == 2 and state.phase == PH_KEEP_OR_DRAW
    assert sorted(state.discard[: state.discard_len]) == sorted([card(ACE), card(THREE), card(TWO)])
    assert seen_cards(state, 1) == sorted([card(ACE), card(ACE, 1), card(TWO), card(THREE)])
    assert seen_cards(state, 2) == [card(FIVE)]  # refused cards go face down


def test_the_dealers_turned_cards_are_shown_to_all():
    state = four([card(NINE), card(TEN), card(QUEEN), card(TWO)])
    for _ in range(3):
        state.apply(KEEP)
    assert state.current_player() == 3
    state.apply(DRAW)
    state.apply(card(THREE))
    for seat in range(4):
        assert state.view(seat)["offer"] == card(THREE)
        assert card(THREE) in seen_cards(state, seat)
    state.apply(REFUSE)
    state.apply(card(SEVEN))
    for seat in range(4):
        where = dict((c, w) for c, w in state.view(seat)["seen"])
        assert where[card(THREE)] == -1 and where[card(SEVEN)] == -3  # discarded, offered
        if seat != 3:
            assert card(TWO) not in where  # the dealer's own card stays hidden
    state.apply(TAKE)
    assert state.last_hands[3] == card(SEVEN)  # the round is over: every card is revealed


def test_drawing_keeps_the_stock_discard_and_hands_to_52_cards():
    state = four([card(NINE), card(TWO), card(FIVE), card(KING)])
    state.apply(SWAP)
    state.apply(DRAW)
    state.apply(card(ACE))
    state.apply(REFUSE)
    state.apply(card(THREE))
    cards = list(state.stock[: state.stock_len]) + list(state.discard[: state.discard_len])
    cards += [c for c in state.hand if c >= 0] + [state.offer]
    assert sorted(cards) == list(range(52))


# -- reveal --------------------------------------------------------------------------------------
def keep_all(state):
    while state.current_player() >= 0 and state.phase in (PH_SWAP, PH_KEEP_OR_DRAW):
        state.apply(KEEP)


def test_the_lowest_card_moves_one_circle_inward_and_the_next_dealer_is_to_the_right():
    state = four([card(NINE), card(THREE), card(FIVE), card(KING)])
    keep_all(state)
    assert state.pos == [0, 1, 0, 0]
    assert state.last_hands == [card(NINE), card(THREE), card(FIVE), card(KING)]  # revealed to all
    assert state.last_losers == 1 << 1
    assert state.round == 2 and state.dealer == 0 and state.phase == PH_DEAL
    assert state.standings() == [4, 3, 4, 4] and state.target() is None


def test_tied_lowest_players_all_move():
    state = four([card(THREE, 0), card(NINE), card(THREE, 2), card(KING)])
    keep_all(state)
    assert state.pos == [1, 0, 1, 0]


def test_nobody_moves_when_everyone_holds_the_same_rank():
    state = four([card(SEVEN, 0), card(SEVEN, 1), card(SEVEN, 2), card(SEVEN, 3)])
    keep_all(state)
    assert state.pos == [0, 0, 0, 0] and state.round == 2


def test_suits_do_not_count():
    state = four([card(FIVE, 3), card(FIVE, 0), card(NINE), card(KING)])
    keep_all(state)
    assert state.pos == [1, 1, 0, 0]


def test_the_next_dealer_skips_an_eliminated_seat():
    state = start({"players": 5}, dealer=0, setup=out_seats(1))
    deal(state, [card(NINE), -1, card(THREE), card(FIVE), card(KING)])
    keep_all(state)
    assert state.dealer == 2 and state.order == [3, 4, 0, 2]


# -- l'enfer, re-entry and the end --------------------------------------------------------------
def positions(pos, stakes=None, out=None):
    def setup(data):
        data["pos"] = list(pos)
        if stakes:
            data["stakes"] = list(stakes)
        for s in out or ():
            data["out"][s] = True
    return setup


def test_reaching_lenfer_allows_reentry_while_a_token_is_on_the_outer_circle():
    state = four([card(TWO), card(NINE), card(FIVE), card(KING)],
                 setup=positions([3, 2, 1, 0]))
    keep_all(state)
    assert state.pos[0] == 4 and state.phase == PH_REENTRY
    assert state.current_player() == 0 and state.legal_actions() == [REENTER, RETIRE]
    assert state.standings() == [0, 2, 3, 4]
    state.apply(REENTER)
    assert state.pos == [0, 2, 1, 0] and state.stakes == [2, 1, 1, 1] and state.pot() == 5
    assert state.out == [False] * 4 and state.round == 2


def test_reentry_can_be_declined():
    state = four([card(TWO), card(NINE), card(FIVE), card(KING)],
                 setup=positions([3, 2, 1, 0]))
    keep_all(state)
    state.apply(RETIRE)
    assert state.out == [True, False, False, False]
    assert state.order == [2, 3, 1] and state.dealer == 1


def test_no_reentry_when_no_token_is_left_on_the_outer_circle():
    state = four([card(TWO), card(NINE), card(FIVE), card(KING)],
                 setup=positions([3, 2, 1, 1]))
    keep_all(state)
    assert state.out == [True, False, False, False] and state.phase == PH_DEAL
    assert state.standings() == [0, 2, 3, 3]


def test_the_reentry_condition_is_checked_once_and_each_fallen_player_is_asked_in_order():
    # seats 0 and 2 fall together; seat 3 is on the outer circle, so both may come back
    state = four([card(TWO, 0), card(NINE), card(TWO, 1), card(KING)],
                 setup=positions([3, 1, 3, 0]))
    keep_all(state)
    assert state.fallen == [0, 2]
    state.apply(REENTER)
    assert state.current_player() == 2
    state.apply(REENTER)
    assert state.pos == [0, 1, 0, 0] and state.stakes == [2, 1, 2, 1]


def test_reentry_off_eliminates_at_once():
    state = four([card(TWO), card(NINE), card(FIVE), card(KING)], {"reentry": False},
                 setup=positions([3, 2, 1, 0]))
    keep_all(state)
    assert state.out[0] and state.phase == PH_DEAL


def test_a_player_falls_and_comes_back_as_often_as_the_text_allows_by_default():
    # « s'il reste encore au moins un jeton ... il peut alors reprendre un nouveau jeton »: no limit
    state = four([card(TWO), card(NINE), card(FIVE), card(KING)],
                 setup=positions([3, 2, 1, 0], stakes=[8, 1, 1, 1]))  # seven re-entries already
    keep_all(state)
    assert state.phase == PH_REENTRY and state.current_player() == 0
    state.apply(REENTER)
    assert state.stakes[0] == 9 and state.reentries(0) == 8


def test_the_house_cap_on_reentries_puts_a_capped_player_out_as_if_he_retired():
    for cap in (1, 2, 3):
        # seat 0 has come back cap times: this fall is his last, and he is not asked
        state = four([card(TWO), card(NINE), card(FIVE), card(KING)], {"reentry_cap": cap},
                     setup=positions([3, 2, 1, 0], stakes=[cap + 1, 1, 1, 1]))
        keep_all(state)
        assert state.out == [True, False, False, False] and state.phase == PH_DEAL, cap
        assert state.order == [2, 3, 1] and state.dealer == 1 and state.stakes[0] == cap + 1
        # one re-entry fewer: he is asked, and may come back
        state = four([card(TWO), card(NINE), card(FIVE), card(KING)], {"reentry_cap": cap},
                     setup=positions([3, 2, 1, 0], stakes=[cap, 1, 1, 1]))
        keep_all(state)
        assert state.phase == PH_REENTRY and state.current_player() == 0, cap
        state.apply(REENTER)
        assert state.reentries(0) == cap and state.pos[0] == 0 and not state.out[0]


def test_the_cap_counts_each_player_apart_when_two_fall_together():
    # seats 0 and 2 fall in the same round; seat 0 has used his one re-entry, seat 2 has not
    state = four([card(TWO, 0), card(NINE), card(TWO, 1), card(KING)], {"reentry_cap": 1},
                 setup=positions([3, 1, 3, 0], stakes=[2, 1, 1, 1]))
    keep_all(state)
    assert state.out[0] and state.fallen == [2] and state.current_player() == 2
    state.apply(REENTER)
    assert state.pos == [4, 1, 0, 0] and state.stakes == [2, 1, 2, 1] and state.order == [2, 3, 1]
    # both capped: nobody is asked, both are out and the round goes on
    state = four([card(TWO, 0), card(NINE), card(TWO, 1), card(KING)], {"reentry_cap": 1},
                 setup=positions([3, 1, 3, 0], stakes=[2, 1, 2, 1]))
    keep_all(state)
    assert state.out == [True, False, True, False] and state.phase == PH_DEAL


def test_the_last_capped_fall_can_end_the_game():
    state = start({"reentry_cap": 2}, dealer=1, setup=positions([3, 0, 4, 4], stakes=[3, 1, 1, 1],
                                                                 out=[2, 3]))
    deal(state, [card(TWO), card(NINE), -1, -1])
    keep_all(state)
    assert state.phase == PH_OVER and state.winners() == [1] and state.payout == [0, 6, 0, 0]


def test_board_mode_applies_the_cap_too():
    state = start({"mode": "board", "circles": 2, "reentry_cap": 1}, dealer=3,
                  setup=positions([1, 0, 0, 0], stakes=[2, 1, 1, 1]))
    keep_all(state)
    state.apply(LOSERS + 1)
    assert state.out[0] and state.phase == PH_KEEP_OR_DRAW and state.order == [2, 3, 1]


def test_the_last_player_standing_wins_every_stake():
    state = start({"reentry": False}, dealer=1,
                  setup=positions([3, 2, 0, 0], stakes=[2, 1, 1, 3], out=[2, 3]))
    deal(state, [card(TWO), card(NINE), -1, -1])
    keep_all(state)
    assert state.phase == PH_OVER and state.is_over() and state.current_player() == TERMINAL
    assert state.payout == [0, 7, 0, 0]
    assert state.returns() == [-2, 6, -1, -3] and sum(state.returns()) == 0
    assert state.winners() == [1]
    assert state.legal_actions() == []
    expect_raises(IllegalAction, state.apply, KEEP)


def test_returns_are_zero_until_the_game_is_over():
    state = four([card(TWO), card(NINE), card(FIVE), card(KING)])
    assert state.returns() == [0, 0, 0, 0]


def test_last_players_falling_together_without_reentry_share_the_pot_remainder_in_order():
    # Only the all_tied_move variant lets every last player fall in one round.
    def last_two(data):
        positions([3, 3, 4, 4], stakes=[3, 2, 1, 1], out=[2, 3])(data)

    state = start({"all_tied_move": True}, dealer=1, setup=last_two)
    deal(state, [card(SEVEN, 0), card(SEVEN, 1), -1, -1])
    keep_all(state)
    assert state.phase == PH_OVER and state.pos[:2] == [4, 4]
    # pot 7 between two: 3 each, and the spare token to seat 0, first in the order of play
    assert state.payout == [4, 3, 0, 0]
    assert state.returns() == [1, 1, -1, -1] and sum(state.returns()) == 0


def test_all_tied_move_variant_moves_everyone_when_all_hold_the_same_rank():
    state = four([card(SEVEN, 0), card(SEVEN, 1), card(SEVEN, 2), card(SEVEN, 3)],
                 {"all_tied_move": True})
    keep_all(state)
    assert state.pos == [1, 1, 1, 1]
    board = start({"mode": "board", "all_tied_move": True}, dealer=3)
    keep_all(board)
    board.apply(LOSERS + 0b1111)
    assert board.pos == [1, 1, 1, 1]


# -- options -------------------------------------------------------------------------------------
def test_circles_option_sets_how_many_moves_reach_lenfer():
    for circles in (2, 3, 4, 5):
        state = four([card(TWO), card(NINE), card(FIVE), card(KING)], {"circles": circles},
                     setup=positions([circles - 1, 1, 1, 1]))
        assert state.standings() == [1, circles - 1, circles - 1, circles - 1]
        keep_all(state)
        assert state.out[0], circles  # no outer-circle token: eliminated
    for bad in (1, 6, "4", 4.0, True, None):
        err = expect_raises(BadOptions, normalize_options, {"circles": bad})
        assert "circles" in str(err) and "2 to 5" in str(err)


def test_default_options():
    assert normalize_options() == {"players": 4, "circles": 4, "reentry": True,
                                   "king_blocks": False, "mode": "deck", "all_tied_move": False,
                                   "reentry_cap": 0}
    assert normalize_options(None) == normalize_options({})


def test_bad_options_are_refused_with_a_clear_message():
    cases = ({"players": 3}, {"players": 9}, {"reentry": "yes"}, {"king_blocks": 1},
             {"mode": "cards"}, {"colour": "red"})
    for options in cases:
        err = expect_raises(BadOptions, State, options)
        assert list(options)[0] in str(err), str(err)
    err = expect_raises(BadOptions, State, {"players": 9})
    assert "4 to 8" in str(err)
    for bad in (-1, 10, "2", True, 1.0, None):
        err = expect_raises(BadOptions, State, {"reentry_cap": bad})
        assert "reentry_cap" in str(err) and "0 to 9" in str(err), str(err)
    for not_an_object in ("players=4", [4], 4):
        assert "JSON object" in str(expect_raises(BadOptions, State, not_an_object))


def test_king_blocks_in_deck_mode_shows_the_king_and_refuses_the_exchange():
    state = four([card(TWO), card(KING, 2), card(FIVE), card(NINE)], {"king_blocks": True})
    assert state.legal_actions() == [KEEP, SWAP]
    state.apply(SWAP)
    assert state.hand[0] == card(TWO) and state.hand[1] == card(KING, 2)
    for seat in range(4):
        assert card(KING, 2) in seen_cards(state, seat)
    assert state.current_player() == 1


def test_without_king_blocks_a_king_is_exchanged_like_any_card():
    state = four([card(TWO), card(KING, 2), card(FIVE), card(NINE)])
    state.apply(SWAP)
    assert state.hand[0] == card(KING, 2) and state.hand[1] == card(TWO)
    assert card(KING, 2) not in seen_cards(state, 2)


# -- board mode ----------------------------------------------------------------------------------
def test_board_mode_records_decisions_and_the_table_marks_the_losers():
    state = start({"mode": "board", "players": 5}, dealer=4)
    assert state.phase == PH_SWAP and state.current_player() == 0  # no virtual deal
    state.apply(SWAP)
    state.apply(KEEP)
    state.apply(DRAW)
    assert state.phase == PH_OFFER and state.current_player() == 2
    state.apply(REFUSE)
    state.apply(REFUSE)  # the third card is kept: the turn passes
    assert state.current_player() == 3
    state.apply(DRAW)
    state.apply(TAKE)
    state.apply(KEEP)
    assert state.phase == PH_MARK and state.current_player() == TABLE
    assert len(state.legal_actions()) == 31  # any non-empty set of the five live seats
    assert state.action_name(LOSERS + 0b00101) == "losers 0,2"
    state.apply(LOSERS + 0b00101)
    assert state.pos == [1, 0, 1, 0, 0] and state.round == 2 and state.dealer == 0
    assert state.view(1)["card"] == -1 and state.view(1)["seen"] == []


def test_board_mode_marking_every_live_seat_means_nobody_moves():
    state = start({"mode": "board"}, dealer=3, setup=out_seats(2))
    keep_all(state)
    assert state.phase == PH_MARK
    assert not state.is_legal(LOSERS + 0b0100)  # an eliminated seat cannot lose
    assert not state.is_legal(LOSERS)  # someone always holds the lowest card
    state.apply(LOSERS + 0b1011)
    assert state.pos == [0, 0, 0, 0]


def test_board_mode_king_blocks_adds_the_blocked_action():
    state = start({"mode": "board", "king_blocks": True})
    assert state.legal_actions() == [KEEP, SWAP, BLOCKED]
    state.apply(BLOCKED)
    assert state.current_player() == 1
    plain = start({"mode": "board"})
    err = expect_raises(IllegalAction, plain.apply, BLOCKED)
    assert "keep, swap" in str(err)


def test_board_mode_reentry():
    state = start({"mode": "board", "circles": 2}, dealer=3, setup=positions([1, 0, 0, 0]))
    keep_all(state)
    state.apply(LOSERS + 1)
    assert state.phase == PH_REENTRY and state.current_player() == 0
    state.apply(REENTER)
    assert state.pos == [0, 0, 0, 0] and state.stakes[0] == 2


# -- errors ------------------------------------------------------------------------------------
def assert_refused(state, action, *names):
    before = json.dumps(state.to_dict())
    err = expect_raises(IllegalAction, state.apply, action)
    for name in names:
        assert name in str(err), (name, str(err))
    assert json.dumps(state.to_dict()) == before  # nothing changed, not even the move list
    return err


def test_illegal_actions_name_the_legal_ones_and_change_nothing():
    state = four([card(NINE), card(TWO), card(FIVE), card(KING)])
    err = assert_refused(state, DRAW, "keep, swap", "seat 0", "keep-or-swap")
    assert err.legal == [KEEP, SWAP] and err.action == DRAW
    assert_refused(state, TAKE, "keep, swap")
    assert_refused(state, "keep", "keep, swap")
    assert_refused(state, True, "keep, swap")
    assert_refused(state, 1.0, "keep, swap")
    assert_refused(state, -1, "keep, swap")
    state.apply(KEEP)
    assert_refused(state, SWAP, "keep, draw", "seat 1")
    state.apply(DRAW)
    assert_refused(state, card(NINE), "chance")  # in a hand, not in the stock
    assert_refused(state, 52, "chance")
    assert_refused(state, TAKE + 1000, "chance")
    state.apply(card(QUEEN))
    assert_refused(state, KEEP, "take, refuse")


def test_replay_refuses_bad_records_with_a_clear_error():
    good = {"v": 1, "game": "tanturlurette", "options": {}, "moves": [3, card(TWO)]}
    assert replay(good).hand[2] == card(TWO)
    cases = (
        ([1, 2], "JSON object"),
        ({"v": 2, "game": "tanturlurette", "options": {}, "moves": []}, "version"),
        ({"v": 1, "game": "belote", "options": {}, "moves": []}, "unknown game"),
        ({"v": 1, "game": "tanturlurette", "options": {}, "moves": "3"}, "move list"),
        ({"v": 1, "game": "tanturlurette", "options": {}, "moves": [3, card(TWO), card(TWO)]},
         "move 2"),
        ({"v": 1, "game": "tanturlurette", "options": {}, "moves": [9]}, "move 0"),
    )
    for record, words in cases:
        err = expect_raises(BadRecord, replay, record)
        assert words in str(err), (words, str(err))
    expect_raises(BadOptions, replay, {"v": 1, "game": "tanturlurette",
                                       "options": {"players": 2}, "moves": []})


def test_from_dict_refuses_states_that_do_not_add_up():
    state = four([card(NINE), card(TWO), card(FIVE), card(KING)])
    good = state.to_dict()
    assert from_dict(json.loads(json.dumps(good))).to_dict() == good

    def broken(change):
        data = json.loads(json.dumps(good))
        change(data)
        return expect_raises(BadRecord, from_dict, data)

    assert "pos" in str(broken(lambda d: d.__setitem__("pos", [0, 0, 9, 0])))
    assert "hand" in str(broken(lambda d: d.__setitem__("hand", [1, 2, 3])))
    assert "twice" in str(broken(lambda d: d["discard"].append(card(NINE))))
    assert "52" in str(broken(lambda d: d["stock"].pop()))
    assert "phase" in str(broken(lambda d: d.__setitem__("phase", 42)))
    assert "options" in str(broken(lambda d: d.__setitem__("options", {"players": 12})))
    assert "game" in str(broken(lambda d: d.__setitem__("game", "bourre")))
    assert "out" in str(broken(lambda d: d.__setitem__("out", [0, 0, 0, 0])))
    expect_raises(BadRecord, from_dict, "not a state")
