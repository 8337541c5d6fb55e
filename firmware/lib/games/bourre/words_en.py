"""La Bourre's words in English (games.bourre.words loads this module or words_fr, never both:
they declare the same names; what happened is the log's too, in told_en)."""

from games.bourre.codes import R_DEAL_MOST, R_LEADER_MOST, R_PLAYER_MOST, R_TRICKS_RANGE
from games.bourre.rules import DRAW_ONE, DRAW_TWO, R_MUST_BEAT, R_NOT_HELD, STAND
from games.bourre.told_en import (  # noqa: F401
    BOURRU_PAYS,
    BOURRUS_PAY,
    DEAD,
    DRAWS,
    LEADS,
    NO_BOURRU,
    PLAYS,
    POT_SPLIT,
    POT_TO,
    PUTS_BACK,
    PUTS_UNDER,
    STANDS,
    TRICK_TO,
    WINNER,
    WINNERS,
    lone,
    tricks,
)

CHOICES = {STAND: "stand", DRAW_ONE: "change 1 card", DRAW_TWO: "change 2 cards"}

REFUSALS = {
    R_TRICKS_RANGE: "0 to %d tricks a player",
    R_LEADER_MOST: "the leader takes %d tricks at most",
    R_PLAYER_MOST: "a player takes %d tricks at most",
    R_DEAL_MOST: "%d tricks a deal at most, %d left",
    R_NOT_HELD: "you do not hold %s",
    R_MUST_BEAT: "you must beat %s in its suit",
}

HEADER = "Bourre deal %d"
DREW = "Drew: "
TOP = "Top "
TRICKS_POT = "Tricks %d pot %d"
GAME_OVER = "Game over"
DEAL_POT = "Deal %d/%d pot %d"
TRICKS_OF = "Tricks of %s?"
STANDINGS = "Tricks"
PUT_BACK_HINT = "Hold OK:put back"
