"""What happened in La Bourre, in English (tell): the log's words at every table, loaded with the
game whatever its language; words_en takes them from here. The French ones are in words_fr."""

PLAYS = "%s plays %s"
LEADS = "%s leads %s"
TRICK_TO = "Trick to %s"
DEAD = "Dead card: %s"
STANDS = "%s stands"
DRAWS = "%s draws %d"
PUTS_BACK = "%s puts %d back"
PUTS_UNDER = "%s puts %d under"
NO_BOURRU = "No bourru"
BOURRU_PAYS = "Bourru %s pays %d"
BOURRUS_PAY = "Bourrus %s pay %d"
WINNER = "Winner: %s"
WINNERS = "Winners: %s"
POT_TO = "Pot %d to %s"
POT_SPLIT = "Pot %d split: %s"


def lone(seat, dead):
    """A lone player's cards: how many are dead."""
    return "%s alone: %d dead" % (seat, dead)


def tricks(count):
    """"1 trick", "0 tricks"."""
    return "%d trick%s" % (count, "" if count == 1 else "s")
