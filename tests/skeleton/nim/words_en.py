"""Nim's words in English (games.nim.words loads this module or words_fr, never both)."""

from games.nim.told_en import TAKES  # noqa: F401

REFUSALS = {}  # the engine refuses with the shared codes only
HEADER = "Nim: %d left"
TAKE = "take %d"
TAKEN = "Taken: %d"
STANDINGS = "Taken"
