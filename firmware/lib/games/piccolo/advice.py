"""The tip for Piccolo (issue 26): what the menu's bot would do in a person's place, and why.

Loaded only when a person asks (a long KEEP) and let go once it has answered (app.tips). Like
the bot it asks, it reads only the seat's hand and the public table; its reasons are worded by
help_<lang>.WHY (a tuple in the order of WHY_*).
"""

from games.piccolo.bots import PlanBot, _is_master, _winning, estimate_points
from games.piccolo.rules import (
    BID,
    MISERE,
    PASS,
    PH_BID,
    PH_DISCARD,
    PH_TRUMP,
    PICCOLO,
    POINTS,
    is_contract,
)

# Why the advice is what it is; the value it comes with is in the comment.
WHY_ONLY = 0  # the only move the rules leave
WHY_BID = 1  # bids: the hand is worth about this many points
WHY_FEW_HIGH = 2  # bids a misère or a piccolo: hardly a card that takes a trick
WHY_PASS = 3  # passes: the hand is worth about this many points, too few to bid higher
WHY_SHED_HIGH = 4  # puts aside, for a misère or piccolo, a card that could take a trick
WHY_VOID = 5  # puts aside a short suit's card: a void to trump in
WHY_LONGEST = 6  # names its longest strong suit trump
WHY_DUCK = 7  # a misère or piccolo: plays under the trick
WHY_WIN = 8  # takes the trick as it stands
WHY_TRUMP_IN = 9  # out of the suit led: trumps the trick
WHY_FEED = 10  # a partner takes the trick: gives it points
WHY_SURE = 11  # leads a card nobody still to play can beat
WHY_LOW = 12  # cannot take the trick, or need not: its cheapest card


def advise(state, seat):
    """What the menu's bot (PlanBot) would do in seat's place, and why: (action, why, value), why
    one of WHY_*. It reads what the bot reads, the seat's hand and the public table."""
    action = PlanBot().choose(state, seat, None)
    legal = state.legal_actions()
    if len(legal) == 1:
        return action, WHY_ONLY, 0
    phase = state.phase
    hand = state.hands[seat]
    if phase == PH_BID:
        if action == PASS:
            return action, WHY_PASS, estimate_points(hand)
        if action == BID + MISERE or action == BID + PICCOLO:
            return action, WHY_FEW_HIGH, 0
        return action, WHY_BID, estimate_points(hand)
    if phase == PH_DISCARD:
        return action, WHY_SHED_HIGH if is_contract(state.level) else WHY_VOID, 0
    if phase == PH_TRUMP:
        return action, WHY_LONGEST, 0
    trick = state.trick
    if is_contract(state.level):  # a misère or piccolo: its taker keeps under the tricks
        wins = len(trick) > 0 and action in _winning(state, legal)
        if seat == state.taker and not wins:
            return action, WHY_DUCK, 0
        return action, WHY_WIN if wins else WHY_LOW, 0
    if not trick:
        return action, WHY_SURE if _is_master(state, seat, action) else WHY_LOW, 0
    if action in _winning(state, legal):
        return action, WHY_TRUMP_IN if action & 3 == state.trump and trick[0] & 3 != state.trump else WHY_WIN, 0
    winner = state.trick_seats[state.winning_index()]
    if seat != state.taker and winner != state.taker and POINTS[action >> 2]:
        return action, WHY_FEED, 0
    return action, WHY_LOW, 0
