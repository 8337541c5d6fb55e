"""Tanturlurette's words (app/words/__init__.py lists what a words module declares). Its own
screens (app.modes.tant) take most of theirs from app.i18n; these serve the generic table mode
and the telling of what happened (tell, below)."""

from engine.tanturlurette import (
    BLOCKED,
    DRAW,
    F_BLOCKED,
    F_DEALER,
    F_DRAW,
    F_FELL,
    F_KEEP,
    F_OUT,
    F_OVER,
    F_REENTER,
    F_REFUSE,
    F_RETIRE,
    F_REVEAL,
    F_SWAP,
    F_TAKE,
    F_THIRD,
    F_TURNED_UP,
    KEEP,
    LOSERS,
    REENTER,
    REFUSE,
    RETIRE,
    SWAP,
    TAKE,
)

from app.i18n import card_word, say
from app.i18n import refusal as _shared

# What each fact says (engine.tanturlurette F_*): %s are seats (their labels), in argument order.
# A mask argument shows as the seats in it.
FACTS = {
    F_DEALER: ("Donneur: %s", "Dealer: %s"),
    F_KEEP: ("%s garde", "%s keeps"),
    F_SWAP: ("%s change: %s", "%s swaps: %s"),
    F_BLOCKED: ("Roi! %s refuse", "King! %s refuses"),  # the neighbour (second seat) refuses
    F_DRAW: ("%s pioche", "%s draws"),
    F_TURNED_UP: ("%s retourne %s", "%s turns up %s"),
    F_TAKE: ("%s prend", "%s takes"),
    F_REFUSE: ("%s refuse", "%s refuses"),
    F_THIRD: ("%s garde la 3e", "%s keeps the 3rd"),
    F_FELL: ("En enfer: %s", "In l'enfer: %s"),
    F_REENTER: ("%s revient", "%s comes back"),
    F_RETIRE: ("%s se retire", "%s retires"),
    F_OUT: ("Elimine: %s", "Out: %s"),
}

REFUSALS = {}  # the engine refuses with the shared codes only
CHOICES = {KEEP: ("garde", "keep"), SWAP: ("change", "swap"), DRAW: ("pioche", "draw"), TAKE: ("prend", "take"),
           REFUSE: ("refuse", "refuse"), REENTER: ("revient", "comes back"), RETIRE: ("sort", "retires"),
           BLOCKED: ("Roi: refuse", "King: refused")}


def refusal(lang, why):
    return _shared(lang, why, REFUSALS)


def header(lang, state):
    """The game and the deal (what is being done shows in the move offered)."""
    return "Tant %s %d" % (say(lang, ("tour", "round")), state.round)


def action_label(lang, state, action):
    if action >= LOSERS:
        return say(lang, ("perdants", "losers")) + " %d" % (action - LOSERS)
    return say(lang, CHOICES.get(action, ("?", "?")))


def hand_lines(lang, state, seat):
    return [say(lang, ("Ta carte %s", "Your card %s")) % card_word(lang, state.hand[seat])]


def _seats(mask, n, label):
    return " ".join([label(s) for s in range(n) if mask >> s & 1])


def tell(lang, state, kind, a, b, c, label):
    """One OLED line for a fact; label(seat) names a seat (the host's name for it, else J1)."""
    if kind == F_REVEAL:
        if not c:  # every live seat held the same rank
            return say(lang, ("Tous egaux: rien", "All tied: no move"))
        return say(lang, ("Perd: %s", "Loses: %s")) % _seats(b, state.seats(), label)
    if kind == F_OVER:
        winners = _seats(a, state.seats(), label)
        if a & (a - 1):  # more than one seat shares the pot
            return say(lang, ("Partage: %s", "Shared: %s")) % winners
        return say(lang, ("Gagne: %s", "Winner: %s")) % winners
    row = FACTS.get(kind)
    if row is None:
        return "?%d" % kind
    text = say(lang, row)
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
