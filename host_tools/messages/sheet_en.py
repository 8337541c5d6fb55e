"""The score sheet's words in English (host_tools.sheet); the same keys in sheet_fr."""

MESSAGES = {
    "title": "%(kind)s · game %(id)s",
    # the line under the title: the game's settings
    "players": ("%(n)d player", "%(n)d players"),
    "circles": ("%(n)d circle", "%(n)d circles"),
    "reentry": "re-entry",
    "no_reentry": "no re-entry",
    "reentry_cap": ("at most %(n)d re-entry", "at most %(n)d re-entries"),
    "real_cards": "real cards",
    "device_deals": "the device deals",
    "deals": ("%(n)d deal", "%(n)d deals"),
    "stake": "stake %(n)d",
    "target": "target %(n)d",
    "kept_at_table": "kept at the table",
    "played_on_device": "played on the device",
    # the columns
    "deal": "deal",
    "dealer": "dealer",
    "leads": "leads",
    "the_deal": "the deal",
    # the words in a player's cell (short: the cell is narrow)
    "cell_out": "out",
    "cell_fell": "fell",
    "cell_back": "back",
    "cell_made": "made",
    "cell_failed": "failed",
    "cell_deals": "deals",
    "cell_won": "won",
    "cell_first": "1st",
    "cell_second": "2nd",
    "cell_cried": "cried",
    "cell_tombeau": "G. Tombeau",
    "cell_chandelle": "Chand.",
    "cell_soupir": "Soupir",
    # what the small words mean, at the foot of each page
    "key_tanturlurette": "Each player's circles left before l'enfer; -1: a circle lost; fell: into l'enfer;"
                         " back: fell and came back with a new stake.",
    "key_bourre": "Each player's tricks in all, and this deal's; bourru: no trick, antes double next deal.",
    "key_piccolo": "Each player's points, and this deal's; made, failed: the taker's contract; deals: the"
                   " dealer sits out; won: left the table; 1st, 2nd: the winners.",
    "key_acheron": "Each player's points, and this deal's; cried: Achéron; G. Tombeau: Grand Tombeau;"
                   " Chand.: Chandelle (kept a personnage); Jocrisse, Soupir; slips: names not used.",
    # the result
    "in_progress": ("In progress after %(n)d deal.", "In progress after %(n)d deals."),
    "winners_piccolo": "Winners: first: %(first)s, second: %(second)s.",
    "winner_piccolo": "Winner: first: %(first)s.",
    "winners": ("Winner: %(names)s.", "Winners: %(names)s."),
    "tokens": ("%(n)d token", "%(n)d tokens"),
    "stakes": ("%(n)d stake", "%(n)d stakes"),
    "takes_pot": "%(name)s takes the pot: %(amount)s.",
    "share_pot": "%(names)s share the pot of %(amount)s: %(shares)s.",
    "names_and": " and ",
    "won_or_lost": "Won or lost: %(list)s.",
    "final": "Final %(what)s: %(list)s.",
}
