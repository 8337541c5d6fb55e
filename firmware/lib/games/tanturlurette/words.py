"""Tanturlurette's words (games/__init__.py lists what a words module declares). Its own
screens (games.tanturlurette.screen) take most of theirs from app.i18n; these serve the generic table mode
and the telling of what happened (tell, below). The words themselves are in
words_fr, words_en and told_en (games/__init__.py)."""

from app.i18n import OneLanguage, card_word
from app.i18n import refusal as _shared

from games.tanturlurette import told_en as _TOLD_EN
from games.tanturlurette.rules import (
    F_BLOCKED,
    F_FELL,
    F_OUT,
    F_OVER,
    F_REVEAL,
    F_SWAP,
    F_TURNED_UP,
    LOSERS,
)

_WORDS = OneLanguage("games.tanturlurette.words_")


def _told(lang):
    """The words of what happened in lang: the English ones are the log's at every table."""
    return _TOLD_EN if lang == "en" else _WORDS.of(lang)


def own(lang):
    """The words of Tanturlurette's own screens in lang (games.tanturlurette.screen), beyond app.i18n's:
    the module of lang (words_fr or _en)."""
    return _WORDS.of(lang)


def standings_label(lang):
    """The standings are each seat's circles still to go before l'enfer."""
    return _WORDS.of(lang).STANDINGS


def hint(lang, state):
    """Tanturlurette's own mode gives its hints by phase (games.tanturlurette.screen)."""
    return None


def refusal(lang, why):
    return _shared(lang, why, _WORDS.of(lang).REFUSALS)


def header(lang, state):
    """The game and the deal (what is being done shows in the move offered)."""
    return _WORDS.of(lang).HEADER % state.round


def action_label(lang, state, action):
    words = _WORDS.of(lang)
    if action >= LOSERS:
        return words.LOSERS_LABEL % (action - LOSERS)
    return words.CHOICES.get(action, "?")


def hand_lines(lang, state, seat):
    return [_WORDS.of(lang).YOUR_CARD % card_word(lang, state.hand[seat])]


def _seats(mask, n, label):
    return " ".join([label(s) for s in range(n) if mask >> s & 1])


def tell(lang, state, kind, a, b, c, label):
    """One OLED line for a fact; label(seat) names a seat (the host's name for it, else J1)."""
    words = _told(lang)
    if kind == F_REVEAL:
        if not c:  # every live seat held the same rank
            return words.ALL_TIED
        return words.LOSE % _seats(b, state.seats(), label)
    if kind == F_OVER:
        winners = _seats(a, state.seats(), label)
        if a & (a - 1):  # more than one seat shares the pot
            return words.SHARED % winners
        return words.WINNER % winners
    text = words.FACTS.get(kind)
    if text is None:
        return "?%d" % kind
    if kind == F_FELL or kind == F_OUT:
        return text % _seats(a, state.seats(), label)
    if kind == F_BLOCKED:
        return text % label(b)
    if kind == F_SWAP:
        return text % (label(a), label(b))
    if kind == F_TURNED_UP:
        return text % (label(a), card_word(lang, b))
    return text % label(a)


def lit_seat(kind, a, b, c):
    """Tanturlurette's own mode draws every decision as a token moving: no fact lights a seat."""
    return -1


def table_lines(lang, state, seat, label):
    """The cards stay face down until the round's reveal: nothing to read on the table."""
    return []
