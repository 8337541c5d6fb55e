"""Tanturlurette's words (app/words/__init__.py lists what a words module declares). Its own
screens (app.modes.tant) take most of theirs from app.i18n; these serve the generic table mode
and the telling of what happened (tell, below)."""

from engine.tanturlurette import BLOCKED, DRAW, KEEP, LOSERS, REENTER, REFUSE, RETIRE, SWAP, TAKE

from app.i18n import card_word, say
from app.i18n import refusal as _shared

REFUSALS = {}  # the engine refuses with the shared codes only
# The phases by engine.tanturlurette's PH_* number.
PHASES = (("tirage", "lot"), ("donne", "deal"), ("garde/change", "keep/swap"), ("garde/pioche", "keep/draw"),
          ("pioche", "draw"), ("prend/refuse", "take/refuse"), ("perdants", "losers"), ("retour", "re-entry"),
          ("fin", "over"))
CHOICES = {KEEP: ("garde", "keep"), SWAP: ("change", "swap"), DRAW: ("pioche", "draw"), TAKE: ("prend", "take"),
           REFUSE: ("refuse", "refuse"), REENTER: ("revient", "comes back"), RETIRE: ("sort", "retires"),
           BLOCKED: ("Roi: refuse", "King: refused")}


def refusal(lang, why):
    return _shared(lang, why, REFUSALS)


def header(lang, state):
    return ("Tant. %d %s" % (state.round, say(lang, PHASES[state.phase])))[:16]


def action_label(lang, state, action):
    if action >= LOSERS:
        return say(lang, ("perdants", "losers")) + " %d" % (action - LOSERS)
    return say(lang, CHOICES.get(action, ("?", "?")))


def hand_lines(lang, state, seat):
    return [say(lang, ("Ta carte %s", "Your card %s")) % card_word(lang, state.hand[seat])]
