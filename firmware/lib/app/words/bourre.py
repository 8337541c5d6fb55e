"""La Bourre's words (app/words/__init__.py lists what a words module declares)."""

from engine.bourre_score import R_DEAL_MOST, R_LEADER_MOST, R_PLAYER_MOST, R_TRICKS_RANGE

from app.i18n import refusal as _shared

REFUSALS = {
    R_TRICKS_RANGE: ("De 0 a %d plis par joueur", "0 to %d tricks a player"),
    R_LEADER_MOST: ("Le premier a jouer fait %d plis au plus", "the leader takes %d tricks at most"),
    R_PLAYER_MOST: ("Un joueur fait %d plis au plus", "a player takes %d tricks at most"),
    R_DEAL_MOST: ("%d plis par donne au plus, il en reste %d", "%d tricks a deal at most, %d left"),
}


def refusal(lang, why):
    return _shared(lang, why, REFUSALS)
