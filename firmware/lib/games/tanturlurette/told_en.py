"""What happened in Tanturlurette, in English (tell): the log's words at every table, loaded with
the game whatever its language; words_en takes them from here. The French ones are in
words_fr."""

from games.tanturlurette.rules import (
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
)

FACTS = {
    F_DEALER: "Dealer: %s",
    F_KEEP: "%s keeps",
    F_SWAP: "%s swaps: %s",
    F_BLOCKED: "King! %s refuses",
    F_DRAW: "%s draws",
    F_TURNED_UP: "%s turns up %s",
    F_TAKE: "%s takes",
    F_REFUSE: "%s refuses",
    F_THIRD: "%s keeps the 3rd",
    F_FELL: "In l'enfer: %s",
    F_REENTER: "%s comes back",
    F_RETIRE: "%s retires",
    F_OUT: "Out: %s",
}
ALL_TIED = "All tied: no move"
LOSE = "Loses: %s"
SHARED = "Shared: %s"
WINNER = "Winner: %s"
