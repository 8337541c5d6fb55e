"""The numbers Achéron's scorekeeper shares with its words: its steps, its buttons' actions, its
facts and why it refuses an entry.

games.acheron.score plays with them; games.acheron.words and its languages word them. They live
apart so that the words load without the scorekeeper's engine: a game the device deals
(games.acheron.rules) tells its deals' ends in the scorekeeper's steps but never runs its code, about
10 KB of heap on a 32-bit MicroPython (docs/DEVICE.md).
"""

from engine.compat import const

# steps of a deal
ST_PLAY = const(0)
ST_MELDS = const(1)
ST_CARDS = const(2)
ST_WILDS = const(3)
ST_ITEMS = const(4)
ST_OVER = const(5)

# actions: 0..max_melds are the number entered (0 is also "OK, go on"); then the buttons
NAMING = const(0x100)  # NAMING + seat: that player failed to use a name, -5
JOCRISSE = const(0x200)
SOUPIR = const(0x201)  # Soupir et Jocrisse
CHANDELLE = const(0x202)
ITEMS = const(0x300)  # ITEMS + mask: a player's end-of-deal items together, then the next player
ITEM_JOCRISSE = const(1)
ITEM_SOUPIR = const(2)
ITEM_CHANDELLE = const(4)

# Facts (engine/core.py), seats 0-based: each entry as it is confirmed. The kinds the card game
# also records (F_SLIP, F_JOCRISSE, F_CANDLE, F_POINTS, F_OVER) keep its arguments; these two are
# the scorekeeper's own (numbered after games.acheron.rules's).
F_PLAYED = const(11)  # (round): the table says the deal is over; the entries begin
F_ENTRY = const(12)  # (seat, step, value): the number entered at ST_MELDS, ST_CARDS or ST_WILDS

# Why an entry is refused (why_illegal: (code, args...)), worded by games/acheron/words.py.
R_ITEMS_LATER = const(16)  # the end-of-deal items come after the cards in hand
R_NUMBER_RANGE = const(17)  # (most): a number from 0 to most
R_MELDS_MOST = const(18)  # (most): the points a deal lays at most, all players together
R_CARDS_MOST = const(19)  # (deck): the hands would hold more cards than the deck
R_WILDS_MOST = const(20)  # (count): there are only so many wild cards
R_CANDLE_MARKED = const(21)  # this player's Chandelle is marked already
R_PERSONNAGES_MOST = const(22)  # (count): more Chandelles than personnages
R_NO_CARD_PERSONNAGE = const(23)  # the hand entered has no card left to be the personnage
R_JOCRISSE_MARKED = const(24)  # this player's Jocrisse is marked already
R_ONE_BAISER = const(25)  # one Baiser in the deck: another player has the Jocrisse
R_NO_CARD_BAISER = const(26)  # the hand entered has no card left to be the Baiser
R_SOUPIR_CARDS = const(27)  # the Soupir needs the Baiser and a Reine, Sainte or veuf in hand
R_ONE_SHORT_HAND = const(28)  # only one hand can end the deal under 3 cards
R_TOMBEAU_NO_CANDLE = const(29)  # Grand Tombeau lays the personnages: none is left for a Chandelle
R_OTHERS_NEED_3 = const(30)  # the hands still to enter hold 3 cards or more each
R_POINTS_NEED_CARDS = const(31)  # (points, cards): so many points need so many cards laid
R_NO_PLAYER_LAYS = const(32)  # (points): more than one player can lay
R_NO_DEAL_LAYS = const(33)  # (points): more than a deal can lay
R_SHORT_OR_TOMBEAU = const(34)  # a hand ends at 2 cards or fewer, unless Grand Tombeau ended the deal
R_LAID_SCORE_LEAST = const(35)  # (cards, points): so many cards laid score at least so many points
R_TOO_FEW_POINTS = const(36)  # too few points for the cards laid
R_BAISER_ONE_OF = const(37)  # one Baiser: Jocrisse or Soupir et Jocrisse, never both
R_ITEMS_MARKED = const(38)  # this player's items are marked already
