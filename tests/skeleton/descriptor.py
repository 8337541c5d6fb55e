# ruff: noqa: F821
"""Nim's descriptor, the line a game adds to GAMES in firmware/lib/games/__init__.py (the names
Game, Mode and _TABLE are that module's); tests/host/test_skeleton_game.py pastes it there in a
copy of the firmware."""

DESCRIPTOR = Game("nim", "Nim", (
    Mode("table", "nim", "rules", _TABLE, (2, 4), (("pile", (12, 9, 15, 21), 12),), bots=True),
), shared=("app.modes.table",), bot="leaver")
