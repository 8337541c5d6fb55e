"""The 32-card piquet deck (7 to King and Aces) that La Bourre and Piccolo deal from.

Cards stay engine.cards integers; this module holds what both games do with that deck: the
stock they deal from, OLED card lines, and reading saved card lists back.
"""

from engine.cards import DECK_SIZE, card_name
from engine.core import BadRecord, bag_take, read_ints

# Ranks 1 to 5 (the 2 to the 6) are left out of the 52.
PIQUET_DECK = tuple([c for c in range(DECK_SIZE) if c >> 2 == 0 or c >> 2 >= 6])


class Stock:
    """The undealt cards as a dense bag: chance outcome i is cards[i], and removal is O(1)."""

    __slots__ = ("cards", "at", "size")

    def __init__(self):
        self.cards = bytearray(DECK_SIZE)
        self.at = bytearray(DECK_SIZE)
        self.size = 0

    def fill(self, deck):
        cards = self.cards
        at = self.at
        i = 0
        for c in deck:
            cards[i] = c
            at[c] = i
            i += 1
        self.size = i

    def has(self, card):
        return 0 <= card < DECK_SIZE and self.at[card] < self.size and self.cards[self.at[card]] == card

    def take(self, card):
        self.size = bag_take(self.cards, self.at, self.size, card)

    def put(self, card):
        """A card back into the bag: the next outcome index, as likely as any card already there."""
        i = self.size
        self.cards[i] = card
        self.at[card] = i
        self.size = i + 1

    def sorted(self):
        return sorted(self.cards[: self.size])


# -- reading a saved state (docs/FORMATS.md): BadRecord names the first bad field ---------------
def read_cards(data, key):
    values = read_ints(data, key, -1, 0, DECK_SIZE - 1)
    for c in values:
        if 0 < c >> 2 < 6:
            raise BadRecord("%s holds %d, not a card of the 32-card deck" % (key, c))
    return values


def read_hands(data, key, count):
    """A list of `count` card lists."""
    values = data.get(key)
    if type(values) is not list or len(values) != count:
        raise BadRecord("%s must be a list of %d card lists, got %r" % (key, count, values))
    return [read_cards({key: v}, key) for v in values]


def check_every_card_once(places):
    """The 32 cards, each in exactly one of the (name, cards) places."""
    where = {}
    for name, cards in places:
        for c in cards:
            if c in where:
                raise BadRecord("card %s is both in %s and in %s" % (card_name(c), where[c], name))
            where[c] = name
    if len(where) != len(PIQUET_DECK):
        raise BadRecord("%d cards are missing from the state" % (len(PIQUET_DECK) - len(where)))
