"""La Bourre's setup menu words in French (games.setup_words loads this module or setup_en,
never both, while the menu shows the game or a refusal of its settings is worded, and lets it go
with them; the contract is in games/__init__.py)."""

# option -> its label in the setup menu's row
LABELS = {
    "deals": "Donnes",
    "stake": "Mise",
    "eldest": "Ancien",
    "putback": "Ecart",  # where the cards exchanged go back
}
# a value that is a word -> the word the row shows
WORDS = {
    "mixed": "melange",
    "under": "dessous",
}
