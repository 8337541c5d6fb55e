"""Tanturlurette's facts (engine/core.py): every apply() says what the table may see, as kinds and
ints, and the words module words each one in both languages within the OLED's 16 columns."""

from app.i18n import seat_name, wrap
from engine.core import CHANCE, TABLE
from engine.rng import Rng
from games.tanturlurette import rules as T
from games.tanturlurette import words as words
from games.tanturlurette.bots import BOTS
from support import scaled

DECISIONS = {T.F_KEEP, T.F_SWAP, T.F_BLOCKED, T.F_DRAW, T.F_TAKE, T.F_REFUSE, T.F_REENTER, T.F_RETIRE}


def facts_of(state):
    facts, count = state.facts()
    return [tuple(facts[4 * i:4 * i + 4]) for i in range(count)]


def play_telling(options, seed, check):
    """Play a game with bots (the table marks the lowest seat in board mode); check(state, who,
    action, facts) after every move."""
    state = T.State(options)
    rng = Rng(seed)
    bot = BOTS["counting"]()
    for _ in range(20000):
        if state.is_over():
            return state
        who = state.current_player()
        if who == CHANCE:
            action = state.chance_outcome(rng.below(state.chance_count()))
        elif who == TABLE:
            live = [s for s in range(state.n) if not state.out[s]]
            action = T.LOSERS + (1 << live[rng.below(len(live))])
        else:
            action = bot.choose(state, who, rng)
        state.apply(action)
        check(state, who, action, facts_of(state))
    raise AssertionError("no end")


def label_in(lang):
    return lambda seat: seat_name(lang, seat)


def check_told(told, state, who, action, facts):
    """One decision fact naming the seat that acted; every fact worded in both languages."""
    if who >= 0:
        kinds = [f for f in facts if f[0] in DECISIONS]
        assert len(kinds) == 1 and kinds[0][1] == who, (who, action, facts)
    told.extend(facts)
    for kind, a, b, c in facts:
        for lang in ("fr", "en"):
            line = words.tell(lang, state, kind, a, b, c, label_in(lang))
            assert line and "?" not in line[:1], (kind, line)
            if kind in DECISIONS:
                assert len(line) <= 16, line  # one line, always
            lines = wrap(line, 4)  # a list of seats wraps, never cut in a word
            assert " ".join(lines) == line and len(lines) <= 3, lines


def test_every_decision_is_one_fact_naming_the_seat_that_made_it():
    for mode in ("deck", "board"):
        for seed in range(scaled(8, 2)):
            told = []
            options = {"players": 4 + seed % 5, "mode": mode, "king_blocks": seed % 2 == 1, "circles": 2}
            state = play_telling(options, seed, lambda st, who, action, facts, told=told:
                                 check_told(told, st, who, action, facts))
            reveals = [f for f in told if f[0] == T.F_REVEAL]
            assert len(reveals) == state.round, (len(reveals), state.round)
            over = [f for f in told if f[0] == T.F_OVER]
            won = 0
            for s in state.winners():
                won |= 1 << s
            assert over == [(T.F_OVER, won, state.pot(), 0)]
            fell = [f for f in told if f[0] == T.F_FELL]
            assert fell and all(f[1] for f in fell)


def test_a_king_refusing_the_swap_in_deck_mode_is_told():
    state = T.State({"players": 4, "king_blocks": True})
    state.apply(0)  # seat 0 deals: seat 1 is first to act, seat 2 its neighbour
    cards = [0, 4, 4 * 12 + 1, 8]  # seat 2 holds a King
    state.deal_fixed(cards)
    assert state.current_player() == 1
    state.apply(T.SWAP)
    assert facts_of(state) == [(T.F_BLOCKED, 1, 2, 0)]
    assert state.hand[1] == 4  # nothing was exchanged
    assert words.tell("fr", state, T.F_BLOCKED, 1, 2, 0, label_in("fr")) == "Roi! J3 refuse"


def test_the_first_dealer_and_a_dealer_turning_up_are_told():
    state = T.State({"players": 4})
    state.apply(2)
    assert facts_of(state) == [(T.F_DEALER, 2, 0, 0)]
    assert words.tell("en", state, T.F_DEALER, 2, 0, 0, label_in("en")) == "Dealer: P3"
