"""The words contract's ring seat and table view (app/words/__init__.py: lit_seat, table_lines),
declared by every game's words module: the seat each fact puts forward on the ring, and Piccolo's
sur-table hand as the table mode's spread view shows it, in French and English, lines of 16, the
cards named as in the peek, whatever the hand and the host's names."""

from app.i18n import card_word, seat_name
from engine.rng import Rng
from games import GAMES
from games import words_of as of
from games.acheron import rules as A
from games.bourre import rules as B
from games.piccolo import rules as P
from games.piccolo import words as words
from games.tanturlurette import rules as T
from support import scaled
from test_piccolo_rules import PIQUET_DECK, deal
from test_piccolo_tell import LONG_NAMES, label_in  # the host's names, cut to 7 as the app does


def test_every_game_declares_its_ring_seat_and_its_table_view():
    for game in GAMES:
        for mode in game.modes:
            module = of(mode.engine)
            assert callable(module.lit_seat) and callable(module.table_lines), mode.engine


def test_each_fact_lights_the_seat_it_names_and_no_other():
    lit = words.lit_seat
    assert [lit(k, 2, 45, 0) for k in (P.F_TRICK, P.F_CONTRACT, P.F_WINNER)] == [2, 2, 2]
    for kind in (P.F_BID, P.F_PLAY, P.F_TRUMP, P.F_DISCARD, P.F_SPREAD, P.F_MADE, P.F_PAID, P.F_LOSERS):
        assert lit(kind, 2, 45, 0) == -1, kind  # the seat that acted is lit already; masks are not seats
    bourre = of("bourre")
    assert bourre.lit_seat(B.F_TRICK, 1, 3, 0) == 1
    assert [bourre.lit_seat(k, 1, 3, 0) for k in (B.F_PLAY, B.F_DEAD, B.F_EXCHANGE, B.F_OVER)] == [-1] * 4
    acheron = of("acheron")
    assert acheron.lit_seat(A.F_MELD, 4, 15, 0) == 4
    assert acheron.lit_seat(A.F_END, A.END_HOW_ACHERON, 3, 0) == 3  # the crier
    assert acheron.lit_seat(A.F_END, A.END_HOW_STALL, -1, 0) == -1
    assert acheron.lit_seat(A.F_PASS, 2, 0, 0) == -1
    tant = of("tanturlurette")
    assert [tant.lit_seat(k, 1, 2, 0) for k in range(T.F_DEALER, T.F_OVER + 1)] == [-1] * 15


def sur_table(rng):
    """A fresh deal from a shuffled deck; the first player takes a misere or piccolo sur table,
    puts aside his two first cards, and leads his first: his hand is spread."""
    state = P.State({"dealer": 0})
    cards = list(PIQUET_DECK)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    deal(state, {1: cards[0:10], 2: cards[10:20], 3: cards[20:30]}, cards[30:32])
    assert not words.table_lines("fr", state, -1, lambda s: seat_name("fr", s))
    state.apply(P.BID + (P.MISERE_TABLE if rng.below(2) else P.PICCOLO_TABLE))
    state.apply(P.PASS)
    state.apply(P.PASS)
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    assert not state.spread and not words.table_lines("en", state, 2, lambda s: seat_name("en", s))
    state.apply(state.legal_actions()[0])
    assert state.spread and state.taker == 1
    return state


def test_the_spread_view_names_its_taker_then_each_card_as_the_peek_does():
    rng = Rng(11)
    for _ in range(scaled(300, 40)):
        state = sur_table(rng)
        for lang in ("fr", "en"):
            peek = words.hand_lines(lang, state, 1)  # the taker's own: his hand, then the trick he led
            for names in (None, LONG_NAMES):
                label = label_in(lang, names)
                assert words.table_lines(lang, state, 1, label) == []  # the taker's peek shows it
                for seat in (-1, 2, 3, 0):  # a bot's turn, the adversaries, the dealer
                    lines = words.table_lines(lang, state, seat, label)
                    assert lines[0] == ("%s etale:" if lang == "fr" else "%s spreads:") % label(1), lines
                    assert 2 <= len(lines) <= 5 and all(len(x) <= 16 for x in lines), lines
                    assert all(" " <= ch <= "~" for x in lines for ch in x), lines
                    shown = " ".join(lines[1:]).split()
                    assert shown == " ".join(peek[:-1]).split(), (shown, peek)  # the same order
                    assert sorted(shown) == sorted([card_word(lang, c) for c in state.hands[1]])


def test_the_spread_view_is_gone_when_the_deal_is():
    rng = Rng(4)
    state = sur_table(rng)
    deal_round = state.round
    label = lambda s: seat_name("fr", s)  # noqa: E731
    while state.round == deal_round:
        assert words.table_lines("fr", state, -1, label), state.moves[-1]  # on the table all along
        state.apply(state.legal_actions()[0])
    assert state.phase == P.PH_DEAL and words.table_lines("fr", state, -1, label) == []
