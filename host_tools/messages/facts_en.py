"""What each game's record says deal by deal, in English (host_tools.facts: the notes and the
detail of each deal, the totals' label; the score sheet and the CSV export use them); facts_fr
declares the same keys."""

MESSAGES = {
    "notes_join": ", ",
    "detail_join": " · ",
    # what the running totals count
    "totals tanturlurette": "circles left",
    "totals bourre": "tricks",
    "totals piccolo": "points",
    "totals acheron": "points",
    # Tanturlurette
    "fell": "fell",
    "loses": "loses a circle",
    "back": "back",
    "out": "out",
    "lowest": "lowest: %(names)s",
    "all_tied": "all the same rank: nobody moves",
    "pot": "pot %(pot)d",
    # La Bourre
    "bourru": "bourru",
    "antes": "antes %(ante)d",
    "leads": "%(name)s leads · pot %(pot)d",
    # Piccolo
    "made": "made",
    "failed": "failed",
    "verdict": "%(made)s, pays %(pays)d",
    "bids": "%(name)s bids %(level)d, takes %(points)d points: %(verdict)s",
    "contract_one": "%(name)s: %(contract)s, 1 trick: %(verdict)s",
    "contract_many": "%(name)s: %(contract)s, %(tricks)d tricks: %(verdict)s",
    "takes": "takes %(contract)s, %(made)s",
    "thrown_in": "all passed: thrown in",
    "first_winner": "first winner",
    "second_winner": "second winner",
    "sits_out": "deals, sits out",
    "kind points": "points bid",
    # Achéron
    "acheron": "Achéron",
    "grand_tombeau": "Grand Tombeau",
    "chandelle": "Chandelle",
    "jocrisse": "Jocrisse",
    "soupir": "Soupir et Jocrisse",
    "slip_one": "1 slip",
    "slip_many": "%(count)d slips",
    "ended acheron": "Achéron cried by %(name)s",
    "ended grand_tombeau": "Grand Tombeau by %(name)s",
    "ended stall": "no meld for %(laps)d laps",
}
