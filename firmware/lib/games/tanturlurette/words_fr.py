"""Tanturlurette's words in French (games.tanturlurette.words loads this module or
words_en, never both: they declare the same names)."""

from games.tanturlurette.rules import (
    BLOCKED,
    DRAW,
    F_BLOCKED,
    F_DEALER,
    F_DRAW,
    F_FELL,
    F_KEEP,
    F_OUT,
    F_REENTER,
    F_REFUSE,
    F_RETIRE,
    F_SWAP,
    F_TAKE,
    F_THIRD,
    F_TURNED_UP,
    KEEP,
    REENTER,
    REFUSE,
    RETIRE,
    SWAP,
    TAKE,
)

REFUSALS = {}  # the engine refuses with the shared codes only
CHOICES = {KEEP: "garde", SWAP: "change", DRAW: "pioche", TAKE: "prend", REFUSE: "refuse",
           REENTER: "revient", RETIRE: "sort", BLOCKED: "Roi: refuse"}
LOSERS_LABEL = "perdants %d"  # the table marking losers: the mask
HEADER = "Tant tour %d"
YOUR_CARD = "Ta carte %s"
# Its own screens (games.tanturlurette.screen; the shared words are app.i18n's)
STANDINGS = "Cercles"  # the head's row: each seat's circles still to go, x once out
REVEAL = "Cartes tour %d"  # the round's reveal, every card of round N
REFUSED = "Refus: %s"  # the cards the dealer turned up for all and refused, in the reveal

# What happened (tell; the English in told_en). What each fact says
# (games.tanturlurette.rules F_*): %s are seats (their labels), in argument order. A mask argument
# shows as the seats in it.
FACTS = {
    F_DEALER: "Donneur: %s",
    F_KEEP: "%s garde",
    F_SWAP: "%s change: %s",
    F_BLOCKED: "Roi! %s refuse",  # the neighbour (second seat) refuses
    F_DRAW: "%s pioche",
    F_TURNED_UP: "%s retourne %s",
    F_TAKE: "%s prend",
    F_REFUSE: "%s refuse",
    F_THIRD: "%s garde la 3e",
    F_FELL: "En enfer: %s",
    F_REENTER: "%s revient",
    F_RETIRE: "%s se retire",
    F_OUT: "Elimine: %s",
}
ALL_TIED = "Tous egaux: rien"  # every live seat held the same rank
LOSE = "Perd: %s"
SHARED = "Partage: %s"  # more than one seat shares the pot
WINNER = "Gagne: %s"
