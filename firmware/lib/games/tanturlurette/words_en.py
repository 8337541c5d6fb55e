"""Tanturlurette's words in English (games.tanturlurette.words loads this module or
words_fr, never both: they declare the same names; what happened is the log's too, in
told_en)."""

from games.tanturlurette.rules import BLOCKED, DRAW, KEEP, REENTER, REFUSE, RETIRE, SWAP, TAKE
from games.tanturlurette.told_en import ALL_TIED, FACTS, LOSE, SHARED, WINNER  # noqa: F401

REFUSALS = {}  # the engine refuses with the shared codes only
CHOICES = {KEEP: "keep", SWAP: "swap", DRAW: "draw", TAKE: "take", REFUSE: "refuse",
           REENTER: "comes back", RETIRE: "retires", BLOCKED: "King: refused"}
LOSERS_LABEL = "losers %d"
HEADER = "Tant round %d"
YOUR_CARD = "Your card %s"
STANDINGS = "Circles"
REVEAL = "Round %d cards"
REFUSED = "Refused: %s"
