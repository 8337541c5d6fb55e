"""The tip (issue 26): every game with bots declares advise(state, seat) in games/<game>/advice.py,
what its menu's bot would do in that seat's place and why, and words each reason in both
languages in its help words (help_<lang>.WHY; app.tips, games/__init__.py).

Games are played at random from seeded deals; at every decision of a seat the advice must be a
legal move, the very move the menu's bot plays there, with a reason its words say in a line of 16
in French and in English."""

from app.tips import advise, reason
from engine.rng import Rng
from games import GAMES, bots_of
from support import seat_decisions

LANGS = ("fr", "en")
DECISIONS = 400  # a game's decisions checked, over as many seeded games as that takes


def why_codes(advice):
    """The WHY_* codes an advice module declares, by value."""
    return sorted([getattr(advice, name) for name in dir(advice) if name.startswith("WHY_")])


def advice_of(described):
    return __import__(described.package + ".advice", None, None, ["advise"])


def checked_decisions(described):
    mode = [m for m in described.modes if m.bots][0]  # the mode bots play (deck, table)
    bots = bots_of(mode.engine)
    codes = why_codes(advice_of(described))
    assert codes == list(range(len(codes))) and codes, (described.name, codes)
    reasons = {}
    for state, player, seed in seat_decisions(mode, DECISIONS):
        action, why, value = advise(mode.engine, state, player)
        assert action in state.legal_actions(), (described.name, action)
        assert action == bots.BOTS[described.bot]().choose(state, player, Rng(seed)), described.name
        assert why in codes, (described.name, why)
        for lang in LANGS:
            line = reason(mode.engine, lang, why, value)
            assert 0 < len(line) <= 16 and "%" not in line, (described.name, lang, line)
            reasons[(lang, why)] = line
    return reasons


def test_every_games_advice_is_its_bots_legal_move_with_a_reason_in_both_languages():
    for described in GAMES:
        if described.bot is None:
            continue
        reasons = checked_decisions(described)
        whys = set([why for _, why in reasons])
        assert len(whys) >= 2, "%s: random play reached only reasons %r" % (described.name, whys)


def test_the_help_words_give_every_reason_the_advice_declares():
    for described in GAMES:
        if described.bot is None:
            continue
        engine = [m for m in described.modes if m.bots][0].engine
        codes = why_codes(advice_of(described))
        for lang in LANGS:
            for why in codes:
                assert 0 < len(reason(engine, lang, why, 999)) <= 16, (described.name, lang, why)
