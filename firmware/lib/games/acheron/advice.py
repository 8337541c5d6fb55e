"""The tip for Achéron (issue 26): what the menu's bot would do in a person's place, and why.

Loaded only when a person asks (a long KEEP) and let go once it has answered (app.tips). Like
the bot it asks, it reads only the seat's hand and the table; its reasons are worded by
help_<lang>.WHY (a tuple in the order of WHY_*).
"""

from games.acheron.bots import MeldBot, _value
from games.acheron.rules import END, GRAND_TOMBEAU, KIND_MASK, NAMING, ROUGE

# Why the advice is what it is; the value it comes with is in the comment.
WHY_GRAND_TOMBEAU = 0  # the text's greatest combination: laid at once
WHY_ROUGE = 1  # Rouge, worth this many points: laid at once
WHY_WORTH = 2  # the meld worth the most: this many points, with the deductions it saves
WHY_WAIT_ROUGE = 3  # ends: the Baiser is kept while Rouge is within reach
WHY_NOTHING = 4  # ends: no meld to lay


def advise(state, seat):
    """What the menu's bot (MeldBot) would do in seat's place, and why: (action, why, value), why
    one of WHY_*. It reads what the bot reads, the seat's hand and the table."""
    action = MeldBot().choose(state, seat, None)
    if action == GRAND_TOMBEAU:
        return action, WHY_GRAND_TOMBEAU, 0
    if action == END:
        for other in state.legal_actions():
            if other != END and other & KIND_MASK != NAMING:
                return action, WHY_WAIT_ROUGE, 0
        return action, WHY_NOTHING, 0
    if action & KIND_MASK == ROUGE:
        return action, WHY_ROUGE, state.meld_points(action)
    return action, WHY_WORTH, _value(state, seat, action)
