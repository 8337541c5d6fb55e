"""Piccolo's words in French (games.piccolo.words loads this module or words_en, never both:
they declare the same names)."""

from games.piccolo.codes import (
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
from games.piccolo.rules import (
    F_DISCARD,
    F_LOSERS,
    F_PAID,
    F_PLAY,
    F_THROWN,
    F_TRUMP,
    F_WINNER,
    F_WINNERS,
    GENERALE,
    MISERE,
    MISERE_TABLE,
    PICCOLO,
    PICCOLO_TABLE,
)

REFUSALS = {
    R_NO_GENERALE: "Pas de generale dans cette partie",
    R_BID_AS_NUMBER: "Une annonce en points se donne en nombre",
    R_BID_RANGE: "Annonces en points de %d a %d",
    R_NAMED_AFTER: "Pas de %d: choisir %s apres 70",
    R_TAKER_RANGE: "Le preneur est un siege de 1 a %d",
    R_TAKER_OUT: "J%d a gagne et quitte la table",
    R_TAKER_DEALS: "J%d donne et ne joue pas",
    R_POINTS_RANGE: "Points du preneur: 0 a %d",
    R_TRICKS_RANGE: "Plis du preneur: 0 a %d",
}

HEADER = "Piccolo donne %d"
TRUMP_LABEL = "atout %s"
PASS_LABEL = "je passe"
BID_LABEL = "annonce %d"
ALL_PASSED = "tous passent"  # the scorekeeper's entry
NO_TRUMP = "SA"  # sans atout
GAME_OVER = "Partie finie"
DEAL_DEALER = "Donne %d D:%s"
CONTRACT_ASK = "Contrat ?"
TAKER_ASK = "Preneur ?"
POINTS_ASK = "Points preneur ?"
TRICKS_ASK = "Plis du preneur?"
DISCARD_HINT = "Tenir OK:ecarter"  # the card shown is put aside (regle 9)
TRUMP_HINT = "Tenir OK:choisir"  # the suit shown becomes trump

# What happened (tell; the English in told_en), and the contracts' names the screens use
# too. The contracts by their level; the points bids are their number.
LEVELS = {MISERE: "misere", PICCOLO: "piccolo", MISERE_TABLE: "misere table",
          PICCOLO_TABLE: "piccolo table", GENERALE: "generale"}
POINTS = "%d points"  # a points bid
SPREAD = "%s etale:"  # the taker, then the cards (told, and the spread view)
PASSES = "%s passe"
BIDS = "%s annonce %d"
TAKES = "%s prend %s"
CONTRACT = "Contrat %s"
MAKES = "%s fait %s"
FAILS = "%s chute %s"
# What each fact says (games.piccolo.rules F_*), in argument order; the others are built in tell().
FACTS = {
    F_TRUMP: "Atout %s: %s",  # the suit, then the taker
    F_THROWN: "Tous passent, %s donne",
    F_DISCARD: "%s ecarte %d/2",
    F_PLAY: "%s joue %s",
    F_WINNER: "1er gagnant: %s",
    F_WINNERS: "1er %s, 2e %s",
    F_LOSERS: "Perdants: %s",
    F_PAID: "+%d pour %s",
}


def nth_trick(seat, count):
    """A trick taken and which of the seat's it is this deal: "3e pli de J2", "1er pli de J2"."""
    return "%d%s pli de %s" % (count, "er" if count == 1 else "e", seat)
