"""Achéron's words in English (games.acheron.words loads this module or words_fr, never both: they
declare the same names; what happened is the log's too, in told_en)."""

from games.acheron.codes import (
    R_BAISER_ONE_OF,
    R_CANDLE_MARKED,
    R_CARDS_MOST,
    R_ITEMS_LATER,
    R_ITEMS_MARKED,
    R_JOCRISSE_MARKED,
    R_LAID_SCORE_LEAST,
    R_MELDS_MOST,
    R_NO_CARD_BAISER,
    R_NO_CARD_PERSONNAGE,
    R_NO_DEAL_LAYS,
    R_NO_PLAYER_LAYS,
    R_NUMBER_RANGE,
    R_ONE_BAISER,
    R_ONE_SHORT_HAND,
    R_OTHERS_NEED_3,
    R_PERSONNAGES_MOST,
    R_POINTS_NEED_CARDS,
    R_SHORT_OR_TOMBEAU,
    R_SOUPIR_CARDS,
    R_TOMBEAU_NO_CANDLE,
    R_TOO_FEW_POINTS,
    R_WILDS_MOST,
    ST_CARDS,
    ST_ITEMS,
    ST_MELDS,
    ST_WILDS,
)
from games.acheron.told_en import (  # noqa: F401
    ENDS,
    ENTRIES,
    FACTS,
    SLIP_ITEM,
    SLIPS_ITEM,
    STALL,
    TIED,
    WINNER,
)

REFUSALS = {
    R_ITEMS_LATER: "items come after the cards in hand",
    R_NUMBER_RANGE: "enter a number from 0 to %d",
    R_MELDS_MOST: "no deal lays more than %d points in all",
    R_CARDS_MOST: "the hands would pass the %d cards",
    R_WILDS_MOST: "only %d of Orphee, Sainte, Reine",
    R_CANDLE_MARKED: "Chandelle is marked already",
    R_PERSONNAGES_MOST: "there are only %d personnages",
    R_NO_CARD_PERSONNAGE: "no card left for a personnage",
    R_JOCRISSE_MARKED: "Jocrisse is marked already",
    R_ONE_BAISER: "one Baiser: another has Jocrisse",
    R_NO_CARD_BAISER: "no card left for the Baiser",
    R_SOUPIR_CARDS: "Soupir needs Baiser + Reine, Sainte or veuf",
    R_ONE_SHORT_HAND: "only one hand can end under 3 cards",
    R_TOMBEAU_NO_CANDLE: "Grand Tombeau leaves no Chandelle",
    R_OTHERS_NEED_3: "the other hands need 3 cards each",
    R_POINTS_NEED_CARDS: "%d points need %d cards laid or more",
    R_NO_PLAYER_LAYS: "no player lays %d points",
    R_NO_DEAL_LAYS: "no deal lays %d points",
    R_SHORT_OR_TOMBEAU: "a hand must end at 2 cards, or Grand Tombeau",
    R_LAID_SCORE_LEAST: "%d cards laid score %d or more",
    R_TOO_FEW_POINTS: "too few points for the cards laid",
    R_BAISER_ONE_OF: "one Baiser: Jocrisse or Soupir",
    R_ITEMS_MARKED: "items are marked already",
}

HEADER = "Acheron deal %d"
SLIP_LABEL = "name slip %s"
PAIR = "Pair"  # a meld of two cards offered, its cards on the next lines
END_LABEL = "end turn"
SLIP_ENTRY = "Name slip %s"
DEAL = "Deal %d"
DEAL_OVER_ASK = "0: deal over"
GAME_OVER = "Game over"
WINNER_LINE = "Winner: %s"
STEPS = {ST_MELDS: ("%s melds laid:", "points"),
         ST_CARDS: ("%s cards left", "in hand"),
         ST_WILDS: ("%s of which", "Orphee/Ste/Reine"),
         ST_ITEMS: ("%s end of deal", "items? 0: none")}
