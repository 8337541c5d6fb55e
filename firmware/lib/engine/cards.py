"""The 52-card deck as small integers: card = rank * 4 + suit, rank 0 = Ace ... 12 = King.

Ordering by rank is then `card >> 2`, so the games compare integers, never objects.
"""

from engine.compat import const

DECK_SIZE = const(52)
KING = const(12)

# The English names ("7C", "KS"), for logs, records and host tools: the device shows the app's
# words for a card in its language (app.i18n.card_word), one name everywhere on a screen.
_RANK_NAMES = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
SUIT_LETTERS = "SHDC"


def suit_name(suit):
    return SUIT_LETTERS[suit & 3]


def card_name(card):
    if card < 0 or card >= DECK_SIZE:
        return "?"
    return _RANK_NAMES[card >> 2] + SUIT_LETTERS[card & 3]

