"""Tanturlurette's setup menu words in English (games.setup_words loads this module or setup_fr,
never both, while the menu shows the game or a refusal of its settings is worded, and lets it go
with them; the contract is in games/__init__.py)."""

# option -> its label in the setup menu's row
LABELS = {
    "circles": "Circles",
    "reentry": "Re-entry",
    "reentry_cap": "Re-entries",  # how many times each player may come back
    "king_blocks": "King blocks",
    "all_tied_move": "All same",  # all live players tied: do they all move?
}
# a value that is a word -> the word the row shows
WORDS = {}
