"""La Bourre's words in French (games.bourre.words loads this module or words_en, never both:
they declare the same names)."""

from games.bourre.codes import R_DEAL_MOST, R_LEADER_MOST, R_PLAYER_MOST, R_TRICKS_RANGE
from games.bourre.rules import DRAW_ONE, DRAW_TWO, R_MUST_BEAT, R_NOT_HELD, STAND

CHOICES = {STAND: "je garde tout", DRAW_ONE: "j'en change 1", DRAW_TWO: "j'en change 2"}

REFUSALS = {
    R_TRICKS_RANGE: "De 0 a %d plis par joueur",
    R_LEADER_MOST: "Le premier a jouer fait %d plis au plus",
    R_PLAYER_MOST: "Un joueur fait %d plis au plus",
    R_DEAL_MOST: "%d plis par donne au plus, il en reste %d",
    # these two name a card (its one name, app.i18n.card_word): refusal() fills it in
    R_NOT_HELD: "Tu n'as pas %s",
    R_MUST_BEAT: "Il faut battre %s dans sa couleur",
}

HEADER = "Bourre donne %d"
DREW = "Tire: "  # the peek: the cards just drawn
TOP = "Pli "  # the peek: the trick's last cards
TRICKS_POT = "Plis %d pot %d"
GAME_OVER = "Partie finie"
DEAL_POT = "Donne %d/%d pot %d"
TRICKS_OF = "Plis de %s ?"
STANDINGS = "Plis"  # the standings' row: each seat's tricks over the game
PUT_BACK_HINT = "Tenir OK:ecarter"  # the card shown goes back to the pack (menu row "Ecart")

# What happened (tell; the English in told_en).
PLAYS = "%s joue %s"
LEADS = "%s entame %s"
TRICK_TO = "Pli pour %s"
DEAD = "Pli mort: %s"
STANDS = "%s garde tout"
DRAWS = "%s pioche %d"
PUTS_BACK = "%s en remet %d"
PUTS_UNDER = "%s met %d dessous"
NO_BOURRU = "Aucun bourru"
BOURRU_PAYS = "Bourru %s paie %d"
BOURRUS_PAY = "Bourrus %s paient %d"
WINNER = "Gagne: %s"
WINNERS = "Gagnants: %s"
POT_TO = "Pot %d pour %s"
POT_SPLIT = "Pot %d partage: %s"


def lone(seat, dead):
    """A lone player's cards: how many are dead."""
    return ("%d morte chez %s" if dead == 1 else "%d mortes chez %s") % (dead, seat)


def tricks(count):
    """"3 plis", "1 pli", "0 pli": French counts nought in the singular."""
    return "%d pli%s" % (count, "s" if count > 1 else "")
