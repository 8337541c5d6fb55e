"""Piccolo's setup menu words in English (games.setup_words loads this module or setup_fr,
never both, while the menu shows the game or a refusal of its settings is worded, and lets it go
with them; the contract is in games/__init__.py)."""

# option -> its label in the setup menu's row
LABELS = {
    "dealer": "Dealer",
    "target": "Target",
    "generale": "Generale",
    "generale_payoff": "Gen. pays",  # what a generale pays: 7 or 10
}
# a value that is a word -> the word the row shows
WORDS = {}
