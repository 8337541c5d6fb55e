"""Piccolo's words in English (games.piccolo.words loads this module or words_fr, never both: they
declare the same names; what happened is the log's too, in told_en)."""

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
from games.piccolo.told_en import (  # noqa: F401
    BIDS,
    CONTRACT,
    FACTS,
    FAILS,
    LEVELS,
    MAKES,
    PASSES,
    POINTS,
    SPREAD,
    TAKES,
    nth_trick,
)

REFUSALS = {
    R_NO_GENERALE: "generale is off in this game",
    R_BID_AS_NUMBER: "enter points bids as numbers",
    R_BID_RANGE: "points bids run from %d to %d",
    R_NAMED_AFTER: "no %d bid: pick %s after 70",
    R_TAKER_RANGE: "the taker is a seat from 1 to %d",
    R_TAKER_OUT: "seat %d has won and left",
    R_TAKER_DEALS: "seat %d deals and sits out",
    R_POINTS_RANGE: "taker's points: 0 to %d",
    R_TRICKS_RANGE: "taker's tricks: 0 to %d",
}

HEADER = "Piccolo deal %d"
TRUMP_LABEL = "trump %s"
PASS_LABEL = "pass"
BID_LABEL = "bid %d"
ALL_PASSED = "all passed"
NO_TRUMP = "NT"
GAME_OVER = "Game over"
DEAL_DEALER = "Deal %d dealer %s"
CONTRACT_ASK = "Contract?"
TAKER_ASK = "Taker?"
POINTS_ASK = "Taker's points?"
TRICKS_ASK = "Taker's tricks?"
DISCARD_HINT = "Hold OK: discard"
TRUMP_HINT = "Hold OK: choose"
