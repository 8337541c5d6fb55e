"""Why La Bourre's scorekeeper refuses an entry: the codes it shares with its words.

games.bourre.score refuses with them (why_illegal: (code, args...)); games.bourre.words's languages
word them. They live apart so that the words load without the scorekeeper's engine, which a game
the device deals (games.bourre.rules) never runs (docs/DEVICE.md).
"""

from engine.compat import const

# Why an entry is refused (why_illegal: (code, args...)), worded by games/bourre/words.py.
R_TRICKS_RANGE = const(16)  # (cards a hand): a player's tricks run from 0 to a hand
R_LEADER_MOST = const(17)  # (most): the leader, who plays first, takes at most this many
R_PLAYER_MOST = const(18)  # (most): any other player
R_DEAL_MOST = const(19)  # (most, left): the tricks of a deal together
