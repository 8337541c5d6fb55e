"""Tanturlurette's words (app/words/__init__.py lists what a words module declares)."""

from app.i18n import refusal as _shared

REFUSALS = {}  # the engine refuses with the shared codes only


def refusal(lang, why):
    return _shared(lang, why, REFUSALS)
