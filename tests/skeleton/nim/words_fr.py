"""Nim's words in French (games.nim.words loads this module or words_en, never both)."""

REFUSALS = {}  # the engine refuses with the shared codes only
HEADER = "Nim: reste %d"
TAKE = "prendre %d"
TAKEN = "Pris: %d"
STANDINGS = "Pris"
TAKES = "%s prend %d: %d"
