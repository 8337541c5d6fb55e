"""The seat each fact puts forward on the ring (app/words/__init__.py: lit_seat), declared by every
game's words module."""

from app.words import of
from app.words import piccolo as words
from engine import acheron as A
from engine import bourre as B
from engine import piccolo as P
from engine import tanturlurette as T
from engine.games import GAMES


def test_every_game_declares_its_ring_seat():
    for game in GAMES:
        for mode in game.modes:
            module = of(mode.engine)
            assert callable(module.lit_seat), mode.engine


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
