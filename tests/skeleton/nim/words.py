"""Nim's words (games/__init__.py lists what a words module declares); the words themselves are in
words_fr, words_en and told_en."""

from app.i18n import OneLanguage
from app.i18n import refusal as _shared
from games.nim import told_en as _TOLD_EN
from games.nim.rules import F_TAKE

_WORDS = OneLanguage("games.nim.words_")


def _told(lang):
    """The words of what happened in lang: the English ones are the log's at every table."""
    return _TOLD_EN if lang == "en" else _WORDS.of(lang)


def refusal(lang, why):
    return _shared(lang, why, _WORDS.of(lang).REFUSALS)


def header(lang, state):
    return _WORDS.of(lang).HEADER % state.left


def action_label(lang, state, action):
    return _WORDS.of(lang).TAKE % action


def hand_lines(lang, state, seat):
    return [_WORDS.of(lang).TAKEN % state.taken[seat]]


def tell(lang, state, kind, a, b, c, label):
    if kind == F_TAKE:
        return _told(lang).TAKES % (label(a), b, c)
    return None


def lit_seat(kind, a, b, c):
    return a if kind == F_TAKE else -1


def standings_label(lang):
    return _WORDS.of(lang).STANDINGS


def hint(lang, state):
    return None


def table_lines(lang, state, seat, label):
    return []
