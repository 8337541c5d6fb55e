"""La Bourre rules, scenario by scenario with fixed hands, then seeded random deals (both runtimes)."""

import json

from engine.cards import card_name
from engine.core import CHANCE, BadOptions, BadRecord, IllegalAction
from engine.play import play_out, replay
from engine.rng import Rng
from games.bourre.bots import PlanBot, RandomBot
from games.bourre.rules import (
    DRAW_ONE,
    DRAW_TWO,
    PH_DISCARD,
    PH_EXCHANGE,
    PH_OVER,
    PH_PLAY,
    PIQUET_DECK,
    STAND,
    State,
    ante,
    from_dict,
    normalize_options,
    share_pot,
    strength,
)
from support import expect_raises, scaled

CARD = dict([(card_name(c), c) for c in PIQUET_DECK])


def cards(text):
    return [CARD[name] for name in text.split()]


def deal(state, hands):
    """Deal fixed hands: the engine deals one card at a time round the table from the leader."""
    n = state.n
    for i in range(5 * n):
        seat = (state.leader + i) % n
        state.apply(hands[seat][i // n])


def three_player_deal(deals=1):
    state = State({"players": 3, "deals": deals, "stake": 1, "eldest": 0})
    deal(state, [cards("7S KS 8H 9D 7C"), cards("9S QH AD 10D JH"), cards("8S 9H 7D KD QD")])
    for _ in range(3):
        state.apply(STAND)
    return state


def test_deck_is_32_cards_ranked_king_high():
    assert len(PIQUET_DECK) == 32
    order = cards("7S 8S 9S 10S AS JS QS KS")
    assert [strength(c) for c in order] == list(range(8))


def test_options_have_defaults_and_refuse_bad_values():
    assert normalize_options({}) == {"players": 4, "deals": 7, "stake": 1, "eldest": 0,
                                     "putback": "mixed"}
    assert normalize_options({"putback": "under"})["putback"] == "under"
    assert "mixed, under" in str(expect_raises(BadOptions, normalize_options, {"putback": "aside"}))
    err = expect_raises(BadOptions, normalize_options, {"players": 7})
    assert "players" in str(err) and "2 to 6" in str(err)
    expect_raises(BadOptions, normalize_options, {"eldest": 4, "players": 4})
    expect_raises(BadOptions, normalize_options, {"deals": 0})
    expect_raises(BadOptions, normalize_options, {"colour": 1})


def test_five_cards_each_and_everyone_antes_the_base():
    state = State({"players": 4, "stake": 5})
    assert state.staked == [5, 5, 5, 5] and state.pot() == 20
    assert state.current_player() == CHANCE and state.chance_count() == 32
    rng = Rng(3)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcome(rng.below(state.chance_count())))
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert state.stock.size == 12
    assert state.phase == PH_EXCHANGE and state.current_player() == state.leader == 0


def test_climbing_trick_goes_to_the_last_player_to_have_played():
    state = three_player_deal()
    assert state.phase == PH_PLAY and state.current_player() == 0
    state.apply(CARD["7S"])
    # seat 1 holds 9S: it must climb, and only a higher spade is legal
    assert state.current_player() == 1
    assert state.legal_actions() == [CARD["9S"]]
    before = state.to_dict()
    err = expect_raises(IllegalAction, state.apply, CARD["QH"])
    assert "9S" in str(err)
    assert state.to_dict() == before  # refused: nothing changed
    state.apply(CARD["9S"])
    # seat 2 holds only 8S, which cannot beat 9S: skipped; the turn comes round to seat 0
    assert state.current_player() == 0 and state.legal_actions() == [CARD["KS"]]
    state.apply(CARD["KS"])
    assert state.tricks == [1, 0, 0]
    assert state.last_taker == 0 and state.last_trick == cards("7S 9S KS")
    assert state.current_player() == 0  # the taker leads again


def test_unbeaten_lead_is_removed_and_the_next_player_leads():
    state = three_player_deal()
    for name in ("7S", "9S", "KS"):
        state.apply(CARD[name])
    state.apply(CARD["7C"])  # nobody holds a higher club
    assert state.dead == [CARD["7C"]] and state.tricks == [1, 0, 0]
    assert state.current_player() == 1


def test_whole_deal_with_dead_cards_left_with_a_lone_player():
    state = three_player_deal()
    for name in ("7S", "9S", "KS", "7C", "JH", "7D", "9D", "10D", "QD", "KD", "8H", "QH", "AD"):
        assert state.current_player() >= 0, name
        state.apply(CARD[name])
    # seat 2 is the last with cards: 9H cannot make a trick alone and is dead
    assert state.is_over()
    assert state.tricks == [1, 1, 1] and state.totals == [1, 1, 1]
    assert CARD["9H"] in state.dead
    assert state.payout == [1, 1, 1] and state.returns() == [0, 0, 0]


def test_a_second_deal_rotates_the_lead_to_the_right_and_antes_again():
    state = three_player_deal(deals=3)
    for name in ("7S", "9S", "KS", "7C", "JH", "7D", "9D", "10D", "QD", "KD", "8H", "QH", "AD"):
        state.apply(CARD[name])
    assert state.round == 2 and state.leader == 1
    assert state.staked == [2, 2, 2]  # nobody was bourru
    assert state.current_player() == CHANCE and state.stock.size == 32


def test_the_bourru_antes_double():
    assert ante(3, False) == 3 and ante(3, True) == 6
    state = State({"players": 2, "deals": 2, "stake": 2})
    deal(state, [cards("KS KH KD KC QS"), cards("7S 7H 7D 7C 8S")])
    state.apply(STAND)
    state.apply(STAND)
    # sevens and eights never beat a King or Queen: whatever is played, seat 1 takes nothing
    rng = Rng(1)
    while state.round == 1:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert state.bourru == [False, True]
    assert state.staked == [4, 6]


def draw(state, *names):
    """The seat to exchange draws these cards (each must be a legal chance outcome)."""
    state.apply(DRAW_ONE + len(names) - 1)
    for name in names:
        assert state.current_player() == CHANCE and CARD[name] in state.legal_actions()
        state.apply(CARD[name])


def put_back(state, *names):
    for name in names:
        assert state.phase == PH_DISCARD
        state.apply(CARD[name])


def test_at_six_players_every_seat_exchanges_with_the_cards_put_back():
    state = State({"players": 6, "deals": 1, "eldest": 2})
    deal(state, [cards("AS QS JS 10S 9S"), cards("8S 7S AH QH JH"), cards("7C 8C 9C 10C JC"),
                 cards("10H 9H 8H 7H QC"), cards("KC AC KD QD JD"), cards("AD 10D 9D 8D 7D")])
    assert state.pack_size() == 2 and state.current_player() == 2
    assert state.legal_actions() == [STAND, DRAW_ONE, DRAW_TWO]
    draw(state, "KS", "KH")  # the whole pack
    assert state.legal_actions() == sorted(state.hands[2]) and len(state.hands[2]) == 7
    put_back(state, "7C", "8C")
    # the pack holds what seat 2 put back: the next seat may draw it, and the turn went on
    assert state.phase == PH_EXCHANGE and state.current_player() == 3
    assert state.pack_size() == 2 and state.legal_actions() == [STAND, DRAW_ONE, DRAW_TWO]
    state.apply(DRAW_ONE)
    assert state.legal_actions() == cards("7C 8C") and state.chance_count() == 2
    state.apply(CARD["7C"])
    put_back(state, "7H")
    assert state.current_player() == 4
    draw(state, "8C", "7H")
    put_back(state, "8C", "7H")  # the cards just drawn may go straight back
    for seat in (5, 0, 1):  # every seat is asked, the last ones too
        assert state.phase == PH_EXCHANGE and state.current_player() == seat
        state.apply(STAND)
    assert state.phase == PH_PLAY and state.current_player() == 2
    assert state.hands[2] == cards("9C 10C JC KS KH") and CARD["7C"] in state.hands[3]
    assert sorted(state.stock.cards[:2]) == cards("7H 8C") and sum(state.holder_counts()) == 32
    # what a seat put back only it knows
    assert state.view(2)["discards"] == cards("7C 8C") and state.view(3)["discards"] == cards("7H")
    assert state.view(3)["discard_counts"] == [0, 0, 2, 1, 2, 0] and state.view(3)["stock"] == 2


def test_at_five_players_every_seat_may_draw_two():
    state = State({"players": 5, "deals": 1})
    rng = Rng(9)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcome(rng.below(state.chance_count())))
    for seat in range(5):
        assert state.current_player() == seat and state.pack_size() == 7
        state.apply(DRAW_TWO)
        for _ in range(2):
            state.apply(state.chance_outcome(rng.below(state.chance_count())))
        for card in sorted(state.hands[seat])[:2]:
            state.apply(card)
    assert state.phase == PH_PLAY and [len(d) for d in state.discards] == [2] * 5
    assert [len(h) for h in state.hands] == [5] * 5 and state.pack_size() == 7


def test_cards_put_under_the_pack_come_out_once_the_rest_is_drawn_in_their_order():
    state = State({"players": 5, "deals": 1, "putback": "under"})
    deal(state, [cards("7S 8S 9S 10S AS"), cards("7H 8H 9H 10H AH"), cards("7D 8D 9D 10D AD"),
                 cards("7C 8C 9C 10C AC"), cards("JS JH JD JC QC")])
    assert state.stock.sorted() == cards("QS QH QD KS KH KD KC")
    draw(state, "KS", "QS")
    put_back(state, "7S", "8S")
    assert state.current_player() == 1 and state.pack_size() == 7 and state.view(4)["under"] == 2
    state.apply(DRAW_TWO)
    # under the pack: not drawn while cards never dealt remain
    assert CARD["7S"] not in state.legal_actions()
    expect_raises(IllegalAction, state.apply, CARD["7S"])
    for name in ("KH", "QH"):
        state.apply(CARD[name])
    put_back(state, "7H", "8H")
    draw(state, "KD", "QD")
    put_back(state, "7D", "8D")
    state.apply(DRAW_TWO)
    assert state.legal_actions() == cards("KC")  # the last card never dealt
    state.apply(CARD["KC"])
    # then the first card put under: one outcome, known to the seat that put it there
    assert state.legal_actions() == cards("7S") and state.chance_count() == 1
    assert state.chance_outcome(0) == CARD["7S"]
    expect_raises(IllegalAction, state.apply, CARD["8S"])
    state.apply(CARD["7S"])
    put_back(state, "7C", "8C")
    draw(state, "8S")
    put_back(state, "JS")
    assert state.phase == PH_PLAY and state.current_player() == 0
    assert state.below == cards("7H 8H 7D 8D 7C 8C") + [CARD["JS"]] and state.stock.size == 0
    assert sum(state.holder_counts()) == 32
    copy = from_dict(json.loads(json.dumps(state.to_dict())))
    assert copy.to_dict() == state.to_dict() and copy.below == state.below
    assert replay(json.loads(json.dumps(state.record()))).to_dict() == state.to_dict()


def test_the_plan_bot_never_draws_the_cards_put_back_under_the_pack():
    """Its docstring's promise: a weak hand draws as many cards as were never dealt, no more,
    as the next ones would be the rejects the seats before put under the pack."""
    state = State({"players": 5, "deals": 1, "putback": "under"})
    deal(state, [cards("JS JH JD JC QC"), cards("7H 8H 9H 10H AH"), cards("7D 8D 9D 10D AD"),
                 cards("7C 8C 9C 10C AC"), cards("7S 8S 9S 10S AS")])
    bot = PlanBot()
    rng = Rng(1)
    assert bot.choose(state, 0, rng) == STAND  # no weak card: nothing to exchange
    state.apply(STAND)
    assert bot.choose(state, 1, rng) == DRAW_TWO
    draw(state, "KS", "QS")
    put_back(state, "7H", "8H")
    draw(state, "KH", "QH")  # seat 2, whose two weakest go under the pack too
    put_back(state, "7D", "8D")
    assert state.stock.size == 3 and bot.choose(state, 3, rng) == DRAW_TWO
    draw(state, "KD", "QD")
    put_back(state, "7C", "8C")
    # one card never dealt, six put back: a draw of two would bring back the 7 of hearts
    assert state.stock.size == 1 and state.view(4)["under"] == 6
    assert bot.choose(state, 4, rng) == DRAW_ONE


def test_cards_put_back_are_mixed_into_the_pack_and_hidden_from_others():
    state = State({"players": 2, "deals": 1})
    rng = Rng(4)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcome(rng.below(state.chance_count())))
    state.apply(DRAW_TWO)
    state.apply(state.chance_outcome(0))
    state.apply(state.chance_outcome(0))
    gone = sorted(state.hands[0])[:2]
    state.apply(gone[0])
    state.apply(gone[1])
    # back among the 22 cards of the pack, each as likely to come out as any other
    assert state.stock.has(gone[0]) and state.stock.has(gone[1])
    assert state.pack_size() == 22 and not state.below
    state.apply(DRAW_ONE)
    assert state.chance_count() == 22 and gone[0] in state.legal_actions()
    assert state.view(0)["discards"] == gone
    assert state.view(1)["discards"] == [] and state.view(1)["discard_counts"] == [2, 0]


# Records made when the cards put back were set aside and the exchange ended with the stock.
OLD_THREE_PLAYERS = {
    "v": 1, "game": "bourre", "options": {"players": 3, "deals": 2, "stake": 1, "eldest": 0},
    "moves": [1, 25, 41, 51, 37, 36, 46, 30, 50, 2, 35, 40, 42, 45, 43, 66, 29, 28, 29, 28, 66, 38,
              34, 25, 30, 65, 47, 36, 2, 50, 43, 51, 1, 45, 34, 42, 46, 35, 47, 40, 37, 41, 39, 48,
              27, 44, 26, 24, 31, 36, 51, 1, 43, 30, 33, 42, 28, 66, 50, 40, 31, 33, 66, 29, 32,
              26, 29, 66, 41, 25, 27, 24, 40, 48, 32, 44, 39, 43, 51, 25, 1, 41, 28, 36, 42, 50]}
OLD_SIX_PLAYERS = {
    "v": 1, "game": "bourre", "options": {"players": 6, "deals": 2, "stake": 1, "eldest": 0},
    "moves": [2, 30, 34, 38, 51, 50, 41, 35, 47, 48, 43, 49, 29, 44, 45, 42, 36, 1, 3, 31, 0, 39,
              37, 24, 27, 28, 26, 25, 32, 40, 66, 46, 33, 27, 29, 33, 45, 49, 24, 28, 0, 48]}


def test_old_records_replay_unless_the_stock_ran_out_in_an_exchange():
    state = replay(OLD_THREE_PLAYERS)  # the same cards drawn and played as when it was recorded
    assert state.is_over() and state.totals == [4, 3, 5] and state.payout == [0, 0, 6]
    assert state.options["putback"] == "mixed"
    # seat 0 drew the last two cards: the next seat is now asked to exchange, the record plays
    err = expect_raises(BadRecord, replay, OLD_SIX_PLAYERS)
    assert "move 35 of the record does not apply" in str(err) and "stand" in str(err)


def test_view_hides_the_other_hands():
    state = three_player_deal()
    view = state.view(1)
    assert view["hand"] == sorted(cards("9S QH AD 10D JH"))
    assert view["hand_sizes"] == [5, 5, 5]
    text = json.dumps(view)
    assert "KS" not in text and "hands" not in view
    assert json.loads(text)["pot"] == 3


def test_pot_goes_to_most_tricks_and_ties_share_with_the_remainder_in_order():
    assert share_pot(10, [3, 5, 1], 0) == [0, 10, 0]
    assert share_pot(11, [4, 1, 4], 1) == [5, 0, 6]  # from seat 1 round: seat 2 gets the odd unit
    assert sum(share_pot(13, [2, 2, 2, 0], 3)) == 13


def test_seeded_random_deals_conserve_cards_and_the_pot():
    rng = Rng(20240)
    bots = [RandomBot()] * 6
    for game in range(scaled(150, 25)):
        n = 2 + game % 5
        state = State({"players": n, "deals": 1 + game % 3, "stake": 1 + game % 4,
                       "putback": ("mixed", "under")[game // 5 % 2]})
        turns = []  # the seats asked to exchange, this deal
        while not state.is_over():
            if state.phase == PH_EXCHANGE:
                turns.append(state.current_player())
            elif state.phase == PH_PLAY and turns:
                # every seat had its turn, from the leader round the table
                assert turns == [(state.leader + i) % n for i in range(n)], turns
                turns = []
            player = state.current_player()
            if player == CHANCE:
                state.apply(state.chance_outcome(rng.below(state.chance_count())))
            else:
                action = bots[player].choose(state, player, rng)
                if state.phase == PH_PLAY and state.trick:
                    # nothing outside legal_actions is ever accepted
                    for c in state.hands[player]:
                        if c not in state.legal_actions():
                            expect_raises(IllegalAction, state.apply, c)
                state.apply(action)
            if state.phase != 0:
                assert sum(state.holder_counts()) == 32
        assert sum(state.payout) == state.pot()
        assert sum(state.returns()) == 0
        copy = replay(json.loads(json.dumps(state.record())))
        assert copy.to_dict() == state.to_dict()


def test_to_dict_round_trips_and_the_copy_plays_on_identically():
    for stop in (0, 1, 2):
        state = State({"players": 3, "deals": 3})
        bots = [PlanBot()] * 3
        play_out(state, bots, Rng(5), until_round=stop)
        for _ in range(7 * stop):  # stop in the middle of the exchange or of a trick
            if not state.is_over():
                player = state.current_player()
                if player == CHANCE:
                    state.apply(state.chance_outcome(0))
                else:
                    state.apply(bots[player].choose(state, player, None))
        copy = from_dict(json.loads(json.dumps(state.to_dict())))
        assert copy.to_dict() == state.to_dict()
        play_out(state, bots, Rng(9))
        play_out(copy, bots, Rng(9))
        assert copy.record() == state.record() and copy.payout == state.payout


def test_from_dict_refuses_a_tampered_state():
    state = State({"players": 3, "deals": 2})
    play_out(state, [PlanBot()] * 3, Rng(5), until_round=1)
    good = json.dumps(state.to_dict())
    data = json.loads(good)
    data["hands"][0].append(data["stock"][0])  # one card in two places
    err = expect_raises(BadRecord, from_dict, data)
    assert "both in" in str(err)
    data = json.loads(good)
    data["stock"].pop()
    assert "missing" in str(expect_raises(BadRecord, from_dict, data))
    data = json.loads(good)
    data["totals"] = [1, 2]
    assert "totals" in str(expect_raises(BadRecord, from_dict, data))
    data = json.loads(good)
    data["stock"][0] = 20  # a 6: not in the 32-card deck
    assert "32-card" in str(expect_raises(BadRecord, from_dict, data))
    data = json.loads(good)
    data["phase"] = 9
    assert "phase" in str(expect_raises(BadRecord, from_dict, data))
    expect_raises(BadRecord, from_dict, {"game": "piccolo"})
    expect_raises(BadRecord, from_dict, [])


def test_game_ends_after_the_fixed_number_of_deals():
    state = State({"players": 4, "deals": 3})
    play_out(state, [PlanBot()] * 4, Rng(77))
    assert state.phase == PH_OVER and state.round == 3
    assert state.winners() == [s for s in range(4) if state.totals[s] == max(state.totals)]


def test_hand_lines_show_the_hand_within_the_oled_width():
    from games.bourre.words import hand_lines

    def seat_lines(state, seat, lang):
        return hand_lines(lang, state, seat)

    state = three_player_deal()
    state.apply(CARD["7S"])
    for lang in ("fr", "en"):
        lines = seat_lines(state, 1, lang)
        assert 2 <= len(lines) <= 4
        for line in lines:
            assert len(line) <= 16, line
    assert "9S" in " ".join(seat_lines(state, 1, "en")) and "7S" in seat_lines(state, 1, "en")[-2]
    assert "KS" not in " ".join(seat_lines(state, 1, "en"))


def test_from_dict_refuses_bad_options_as_a_bad_record():
    state = State({"players": 2})
    data = state.to_dict()
    data["options"] = {"players": 9}
    err = expect_raises(BadRecord, from_dict, data)
    assert "players" in str(err)


def test_every_card_played_and_every_trick_is_a_fact_worded_in_both_languages():
    """Issue 14's worked example for the pub games: the card engine tells each exchange, each
    card played and by whom, and each trick and who took it."""
    from app.i18n import wrap
    from games.bourre import words as words
    from games.bourre.bots import BOTS
    from games.bourre.rules import F_DEAD, F_EXCHANGE, F_PLAY, F_TRICK, PH_EXCHANGE, PH_PLAY
    from support import played_moves, told_lines

    state = State({"players": 4, "deals": 2})
    plays = tricks = 0
    for who, phase, action, told in played_moves(state, BOTS["plan"]().choose, Rng(5)):
        if phase == PH_PLAY:
            assert told[0][:3] == (F_PLAY, who, action), told
            plays += 1
            tricks += len([f for f in told if f[0] in (F_TRICK, F_DEAD)])
        elif phase == PH_EXCHANGE:
            assert told[0][:2] == (F_EXCHANGE, who)
        for line in told_lines(words, state, told):
            assert line and len(wrap(line, 2)) == 1, line
    assert plays >= 8 and tricks >= 2
