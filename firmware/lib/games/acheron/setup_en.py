"""Achéron's setup menu words in English (games.setup_words loads this module or setup_fr,
never both, while the menu shows the game or a refusal of its settings is worded, and lets it go
with them; the contract is in games/__init__.py)."""

# option -> its label in the setup menu's row
LABELS = {
    "target": "Target",
    "lay": "Lay",
    "jocrisse": "Jocrisse",
    "chandelle": "Chandelle",
    "five_fee": "Fairy at 5",  # the fairy (fee) worth 5 with the Widower star
    "rouge_queen": "Rouge",
    "personnages": "Perso",  # do wild cards and the Baiser take personnages?
    "draw_from": "Draw",
}
# a value that is a word -> the word the row shows
WORDS = {
    "drawn": "drawn",
    "free": "free",
    "piece": "piece",
    "baiser": "kiss",  # the Baiser is The Kiss in English (the deck file)
    "gift": "gift",
    "transfer": "pays",
    "any": "any",
    "etoile": "star",
    "wild": "Queen",
    "pair": "paired",
    "alone": "alone",
    "previous": "previous",
    "next": "next",
}
