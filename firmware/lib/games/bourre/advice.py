"""The tip for La Bourre (issue 26): what the menu's bot would do in a person's place, and why.

Loaded only when a person asks (a long KEEP) and let go once it has answered (app.tips). Like
the bot it asks, it reads only the seat's hand and the public table; its reasons are worded by
help_<lang>.WHY (a tuple in the order of WHY_*).
"""

from games.bourre.bots import _WEAK, PlanBot, _is_master
from games.bourre.rules import PH_DISCARD, PH_EXCHANGE, STAND, STRENGTH

# Why the advice is what it is; the value it comes with is in the comment.
WHY_ONLY = 0  # the only move the rules leave
WHY_WEAK = 1  # draws: the hand holds this many weak cards (an Ace or lower)
WHY_STRONG = 2  # stands: no weak card
WHY_NO_STOCK = 3  # stands: the pack has no card never dealt left to draw
WHY_WEAKEST = 4  # puts back its weakest card
WHY_MASTER = 5  # no card still out can beat it: it takes the trick
WHY_CHEAPEST = 6  # no sure winner: climbs as cheaply as it may
WHY_MASTER_KEPT = 7  # leads low in a suit whose master it keeps: the trick comes back to it
WHY_LONG_SUIT = 8  # leads its longest suit low (a master led dies: nothing is left to climb)


def advise(state, seat):
    """What the menu's bot (PlanBot) would do in seat's place, and why: (action, why, value), why
    one of WHY_*. It reads what the bot reads, the seat's hand and the public table."""
    action = PlanBot().choose(state, seat, None)
    legal = state.legal_actions()
    if len(legal) == 1:
        return action, WHY_ONLY, 0
    phase = state.phase
    if phase == PH_EXCHANGE:
        weak = 0
        for c in state.hands[seat]:
            if STRENGTH[c >> 2] <= _WEAK:
                weak += 1
        if action != STAND:
            return action, WHY_WEAK, weak
        return action, WHY_STRONG if weak == 0 else WHY_NO_STOCK, 0
    if phase == PH_DISCARD:
        return action, WHY_WEAKEST, 0
    if state.trick:
        return action, WHY_MASTER if _is_master(state, seat, action) else WHY_CHEAPEST, 0
    for c in legal:
        if c & 3 == action & 3 and STRENGTH[c >> 2] > STRENGTH[action >> 2] and _is_master(state, seat, c):
            return action, WHY_MASTER_KEPT, 0
    return action, WHY_LONG_SUIT, 0
