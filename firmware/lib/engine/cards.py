"""The 52-card deck as small integers: card = rank * 4 + suit, rank 0 = Ace ... 12 = King.

Ordering by rank is then `card >> 2`, so the games compare integers, never objects.
"""

from engine.compat import const

DECK_SIZE = const(52)
KING = const(12)

# Per language, the 13 rank names from the Ace, then the 4 suits. Letters, not symbols: the
# OLED's built-in font is ASCII only.
_RANK_NAMES = {"fr": "As 2 3 4 5 6 7 8 9 10 V D R".split(), "en": "A 2 3 4 5 6 7 8 9 10 J Q K".split()}
_SUIT_NAMES = {"fr": "Pi Co Ca Tr".split(), "en": "SHDC"}  # en: one letter a suit


def suit_name(suit, lang="en"):
    return _SUIT_NAMES.get(lang, "SHDC")[suit & 3]


def card_name(card, lang="en"):
    if card < 0 or card >= DECK_SIZE:
        return "?"
    return _RANK_NAMES.get(lang, _RANK_NAMES["en"])[card >> 2] + suit_name(card, lang)


def wrap_cells(cells, width=16):
    """Short cells ("7Co", "J2 12") joined by spaces into as few lines as fit the width (the OLED
    shows 16 characters a line)."""
    lines = []
    line = ""
    for cell in cells:
        if line and len(line) + 1 + len(cell) > width:
            lines.append(line)
            line = cell
        else:
            line = (line + " " + cell) if line else cell
    if line:
        lines.append(line)
    return lines
