"""Achéron's setup menu words in French (games.setup_words loads this module or setup_en,
never both, while the menu shows the game or a refusal of its settings is worded, and lets it go
with them; the contract is in games/__init__.py)."""

# option -> its label in the setup menu's row
LABELS = {
    "target": "But",
    "lay": "Pose",
    "jocrisse": "Jocrisse",
    "chandelle": "Chandelle",
    "five_fee": "Fee a 5",
    "rouge_queen": "Rouge",
    "personnages": "Perso",  # do wild cards and the Baiser take personnages?
    "draw_from": "Pioche",
}
# a value that is a word -> the word the row shows
WORDS = {
    "drawn": "tiree",
    "free": "libre",
    "piece": "piece",
    "baiser": "baiser",
    "gift": "don",
    "transfer": "paie",
    "any": "toute",
    "etoile": "etoile",
    "wild": "la Reine",
    "pair": "apparies",
    "alone": "seuls",
    "previous": "avant",
    "next": "apres",
}
