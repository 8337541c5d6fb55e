"""Fixtures of the host tests: `stored`, real games of every kind logged into SQLite
(tests/host/history_games.py), for the history's tests (stats, sheets, export, boards)."""

from history_games import stored  # noqa: F401  (a fixture: pytest finds it here)
