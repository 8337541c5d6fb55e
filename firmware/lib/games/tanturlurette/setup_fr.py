"""Tanturlurette's setup menu words in French (games.setup_words loads this module or setup_en,
never both, while the menu shows the game or a refusal of its settings is worded, and lets it go
with them; the contract is in games/__init__.py)."""

# option -> its label in the setup menu's row
LABELS = {
    "circles": "Cercles",
    "reentry": "Retour",
    "reentry_cap": "Retours",  # how many times each player may come back
    "king_blocks": "Roi bloque",
    "all_tied_move": "Tous egaux",  # all live players tied: do they all move?
}
# a value that is a word -> the word the row shows
WORDS = {}
