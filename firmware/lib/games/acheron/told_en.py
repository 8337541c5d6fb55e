"""What happened in Achéron, in English (tell, applied): the log's words at every table, loaded
with the game whatever its language; words_en takes them from here. The French ones are in
words_fr."""

from games.acheron.codes import F_PLAYED, ST_CARDS, ST_MELDS, ST_WILDS
from games.acheron.rules import END_HOW_ACHERON, END_HOW_TOMBEAU, F_DEAL, F_DRAW, F_PASS, F_SLIP

FACTS = {
    F_DEAL: "%s deals",
    F_DRAW: "%s draws from %s",
    F_PASS: "%s lays nothing",
    F_SLIP: "%s name slip -5",
    F_PLAYED: "Deal %d over",
}
ENDS = {END_HOW_ACHERON: "%s cries Acheron", END_HOW_TOMBEAU: "The deal is over"}
STALL = "Deal stalled"
ENTRIES = {ST_MELDS: "%s laid %d", ST_CARDS: "%s: %d in hand", ST_WILDS: "%s Orph/Ste/Re %d"}
TIED = "Tied: %s (%d)"
WINNER = "Winner: %s (%d)"
SLIP_ITEM = "%s name slip -%d"
SLIPS_ITEM = "%s slips x%d -%d"
