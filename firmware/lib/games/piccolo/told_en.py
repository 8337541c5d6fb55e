"""What happened in Piccolo, in English (tell), and the contracts' names: the log's words at every
table, loaded with the game whatever its language; words_en takes them from here. The French
ones are in words_fr."""

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

LEVELS = {MISERE: "misere", PICCOLO: "piccolo", MISERE_TABLE: "open misere",
          PICCOLO_TABLE: "open piccolo", GENERALE: "generale"}
POINTS = "%d pts"
SPREAD = "%s spreads:"
PASSES = "%s passes"
BIDS = "%s bids %d"
TAKES = "%s takes %s"
CONTRACT = "Contract %s"
MAKES = "%s makes %s"
FAILS = "%s fails %s"
FACTS = {
    F_TRUMP: "Trump %s: %s",
    F_THROWN: "All pass, %s deals",
    F_DISCARD: "%s discards %d/2",
    F_PLAY: "%s plays %s",
    F_WINNER: "1st winner: %s",
    F_WINNERS: "1st %s, 2nd %s",
    F_LOSERS: "Losers: %s",
    F_PAID: "+%d to %s",
}


def nth_trick(seat, count):
    """A trick taken and which of the seat's it is this deal: "P2's 3rd trick" (ten at most)."""
    return "%s's %d%s trick" % (seat, count, ("st", "nd", "rd")[count - 1] if 1 <= count <= 3 else "th")
