"""Fixtures of the host tests: `stored`, real games of every kind logged into SQLite
(tests/host/history_games.py), for the history's tests (stats, sheets, export, boards); and one
locale for every test, so that a host tool's default language (host_tools.lang: the locale's
when neither --lang nor the device says) is English whatever the machine running them says."""

import pytest
from history_games import stored  # noqa: F401  (a fixture: pytest finds it here)


@pytest.fixture(autouse=True)
def english_locale(monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
