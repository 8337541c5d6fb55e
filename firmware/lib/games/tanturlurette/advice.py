"""The tip for Tanturlurette (issue 26): what the menu's bot would do in a person's place, and why.

Loaded only when a person asks (a long KEEP) and let go once it has answered (app.tips), so a
game nobody asks about holds none of it. Like the bot it asks, it reads only what the seat may
know; its reasons are worded by help_<lang>.WHY (a tuple in the order of WHY_*).
"""

from engine.cards import DECK_SIZE

from games.tanturlurette.bots import PositionBot, knows_a_lower_rank
from games.tanturlurette.rules import PH_REENTRY, REENTER

# Why the advice is what it is; the value it comes with is in the comment.
WHY_BEATS = 0  # the card kept or refused beats this many unseen cards in 10
WHY_LOWER_SEEN = 1  # the seat saw a lower rank in a live hand: its card cannot be the lowest
WHY_POT = 2  # re-entry: the pot (the value) is worth a new stake
WHY_POT_SMALL = 3  # re-entry: the pot (the value) is not worth one


def advise(state, seat):
    """What the menu's bot (PositionBot) would do in seat's place, and why: (action, why, value),
    why one of WHY_*. It reads what the bot reads, the seat's knowledge only, so it may be shown
    to the seat's player (in the peek: the reason tells about the card)."""
    bot = PositionBot()
    action = bot.choose(state, seat, None)
    if state.phase == PH_REENTRY:
        return action, WHY_POT if action == REENTER else WHY_POT_SMALL, state.pot()
    rank = bot.entry(state, seat)[1]
    if knows_a_lower_rank(state, seat, rank):
        return action, WHY_LOWER_SEEN, 0
    seen = state.seen
    base = seat * DECK_SIZE
    unseen = lower = 0
    for card in range(DECK_SIZE):
        if not seen[base + card]:
            unseen += 1
            if card >> 2 < rank:
                lower += 1
    return action, WHY_BEATS, (lower * 10 + unseen // 2) // unseen if unseen else 10
