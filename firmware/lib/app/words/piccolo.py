"""Piccolo's words (app/words/__init__.py lists what a words module declares)."""

from engine.piccolo import GENERALE, MISERE, MISERE_TABLE, PICCOLO, PICCOLO_TABLE
from engine.piccolo_score import (
    R_BID_AS_NUMBER,
    R_BID_RANGE,
    R_NAMED_AFTER,
    R_NO_GENERALE,
    R_POINTS_RANGE,
    R_TAKER_DEALS,
    R_TAKER_OUT,
    R_TAKER_RANGE,
    R_TRICKS_RANGE,
)

from app.i18n import refusal as _shared

# The contracts by their level; the points bids are their number.
LEVELS = {MISERE: ("misere", "misere"), PICCOLO: ("piccolo", "piccolo"),
          MISERE_TABLE: ("misere sur table", "open misere"), PICCOLO_TABLE: ("piccolo sur table", "open piccolo"),
          GENERALE: ("generale", "generale")}

REFUSALS = {
    R_NO_GENERALE: ("Pas de generale dans cette partie", "generale is off in this game"),
    R_BID_AS_NUMBER: ("Une annonce en points se donne en nombre", "enter points bids as numbers"),
    R_BID_RANGE: ("Annonces en points de %d a %d", "points bids run from %d to %d"),
    R_NAMED_AFTER: ("Pas d'annonce %d: choisir %s apres 70", "no %d bid: pick %s after 70"),
    R_TAKER_RANGE: ("Le preneur est un siege de 1 a %d", "the taker is a seat from 1 to %d"),
    R_TAKER_OUT: ("J%d a gagne et quitte la table", "seat %d has won and left"),
    R_TAKER_DEALS: ("J%d donne et ne joue pas", "seat %d deals and sits out"),
    R_POINTS_RANGE: ("Points du preneur: 0 a %d", "taker's points: 0 to %d"),
    R_TRICKS_RANGE: ("Plis du preneur: 0 a %d", "taker's tricks: 0 to %d"),
}


def level_name(lang, level):
    """A contract's name, or a points bid as its number."""
    row = LEVELS.get(level)
    if row is None:
        return ("%d points" if lang == "fr" else "%d pts") % level
    return row[1] if lang == "en" else row[0]


def refusal(lang, why):
    if why and why[0] == R_NAMED_AFTER:
        return REFUSALS[R_NAMED_AFTER][lang == "en"] % (why[1], level_name(lang, why[1]))
    return _shared(lang, why, REFUSALS)
