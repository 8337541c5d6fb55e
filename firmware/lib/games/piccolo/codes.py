"""Why Piccolo's scorekeeper refuses an entry: the codes it shares with its words.

games.piccolo.score refuses with them (why_illegal: (code, args...)); games.piccolo.words's languages
word them. They live apart so that the words load without the scorekeeper's engine, which a game
the device deals (games.piccolo.rules) never runs (docs/DEVICE.md).
"""

from engine.compat import const

# Why an entry is refused (why_illegal: (code, args...)), worded by games/piccolo/words.py.
R_NO_GENERALE = const(16)  # the générale is off in this game
R_BID_AS_NUMBER = const(17)  # a points bid is entered as its number
R_BID_RANGE = const(18)  # (lowest, highest) points bid
R_NAMED_AFTER = const(19)  # (bid): that number is a named contract's level: pick the contract
R_TAKER_RANGE = const(20)  # (seats): the taker is a seat from 1 to seats
R_TAKER_OUT = const(21)  # (seat from 1): that seat has won and left
R_TAKER_DEALS = const(22)  # (seat from 1): that seat deals and sits out
R_POINTS_RANGE = const(23)  # (most): the taker's points
R_TRICKS_RANGE = const(24)  # (most): the taker's tricks
