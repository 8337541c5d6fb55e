"""Names that hide or turn text, as an older firmware let them in, on everything the host shows.

The device refuses them now (tests/portable/test_proto_commands.py); the games it took them in
live on in its history and in older databases. Whatever the host shows of them carries each such
character as a visible escape, and two players whose names differ only by them stay two players.
"""

import io
import json
import sqlite3

from history_games import play
from proto.names import name_char_problem
from test_host_tools import _plug, session_game

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools.cli import main as cli
from host_tools.db import LogStore
from host_tools.logger import Logger
from host_tools.names import shown_name, shown_names

# a right-to-left override, a zero-width space, a private-use character, a tag, a noncharacter
HIDDEN = ("\u202e", "\u200b", "\ue000", "\U000e0041", "\ufdd0")
OLD_NAMES = [["Anne", "Anne\u200b", "\u202eenna", "Dom\ue000"], ["Anne\u200b", "Anne", "Bea\U000e0041", "Dom\ue000"]]
SHOWN = [["Anne", "Anne\\u200b", "\\u202eenna", "Dom\\ue000"], ["Anne\\u200b", "Anne", "Bea\\U000e0041", "Dom\\ue000"]]


def _raw_hidden(text):
    return [char for char in HIDDEN if char in text]


def test_shown_name_makes_each_hidden_character_visible_and_keeps_names_apart():
    assert [shown_names(names) for names in OLD_NAMES] == SHOWN
    assert shown_name("Bérénice") == "Bérénice" and shown_name("李雷 😀") == "李雷 😀"  # text stays text
    assert shown_name("Anne\ufdd0\U0010ffff") == "Anne\\ufdd0\\U0010ffff"
    assert shown_name("\x1b[2J") == "\\u001b[2J"  # as view.shown writes a control character
    variants = ["Anne", "Anne\u200b", "Anne\u200c", "Anne\u200b\u200b", "An\u200bne", "\u2066Anne\u2069"]
    assert len({shown_name(name) for name in variants}) == len(variants)
    for name in variants + ["Anne\\u200b"]:
        assert shown_name(shown_name(name)) == shown_name(name)  # a name shown already stays as it is
        assert not any(name_char_problem(char) for char in shown_name(name))
    assert shown_names(None) is None and shown_name(None) is None


def _old_database(path):
    """A database an older host tool wrote: two finished games whose names hold hidden characters,
    stored as they came."""
    LogStore(path).close()
    old = sqlite3.connect(path)
    for names, seed in zip(OLD_NAMES, (5, 6), strict=True):
        session, _events = play("tanturlurette", {"players": 4, "circles": 2}, names, seed)
        record = session.history[0]
        old.execute("INSERT INTO games (source, game, options, names, moves, finished, returns, rounds, verified)"
                    " VALUES ('pull', ?, ?, ?, ?, 1, ?, ?, 'ok')",
                    (record["game"], json.dumps(record["options"]), json.dumps(record["names"]),
                     json.dumps(list(record["moves"])), json.dumps(record["returns"]), record["rounds"]))
    old.commit()
    old.close()


def test_names_of_old_records_are_shown_harmless_by_every_command(tmp_path, capsys):
    db = str(tmp_path / "old.sqlite")
    _old_database(db)
    store = LogStore(db, write=False)
    assert [game["names"] for game in store.games()] == SHOWN
    store.close()
    assert cli(["stats", "--db", db]) == 0
    out = capsys.readouterr().out
    assert not _raw_hidden(out)
    lines = out.splitlines()
    players = [line.split()[0] for line in lines[lines.index(next(x for x in lines if x.startswith("player"))) + 1:]
               if line.strip()]
    # "Anne" and "Anne" with a zero-width space are two players, with two games each
    assert sorted(players) == sorted(["Anne", "Anne\\u200b", "\\u202eenna", "Bea\\U000e0041", "Dom\\ue000"])
    assert [line.split()[1] for line in out.splitlines() if line.split()[:1] in (["Anne"], ["Anne\\u200b"])] == ["2", "2"]
    for argv in (["replay", "--db", db, "--game", "1"], ["verify", "--db", db],
                 ["export", "--db", db, str(tmp_path / "deals.csv"), "--games", str(tmp_path / "games.csv")],
                 ["sheet", "--db", db, "--game", "2", str(tmp_path / "sheet.svg")],
                 ["board", "--db", db, "--game", "1", str(tmp_path / "board.svg")]):
        assert cli(argv) == 0, argv
        out = capsys.readouterr()
        assert not _raw_hidden(out.out + out.err), argv
    assert "\\u202eenna" in cli_out(capsys, ["replay", "--db", db, "--game", "1"])
    for name in ("deals.csv", "games.csv", "sheet.svg", "board.svg"):
        with open(tmp_path / name, encoding="utf-8") as f:
            text = f.read()
        assert not _raw_hidden(text), name
        assert "Dom\\ue000" in text, name


def cli_out(capsys, argv):
    assert cli(argv) == 0
    return capsys.readouterr().out


def test_names_an_older_firmware_sends_are_logged_and_pulled_harmless(tmp_path):
    names = OLD_NAMES[0]
    store = LogStore(str(tmp_path / "l.sqlite"))
    out = io.StringIO()
    logger = Logger(store, out=out, live=False)
    session, events = session_game(seed=8, names=names)
    for event in events:
        logger.handle(event)
    assert logger.tracker.names == SHOWN[0]
    logger.handle({"boot": 1, "seq": 9000, "type": "state", "data": {"id": 1, "state": dict(session.record(), over=True)}})
    store.add_pulled_game(session.history[0], 1)  # the same game: its row
    other, _events = session_game(seed=9, names=names)
    store.add_pulled_game(other.history[0], 2)
    games = store.games()
    stored = [row[0] for row in store.db.execute("SELECT names FROM games ORDER BY id")]
    store.close()
    assert len(games) == 2 and all(game["finished"] for game in games)
    assert [game["names"] for game in games] == [SHOWN[0], SHOWN[0]]
    assert not _raw_hidden("".join(stored) + out.getvalue())


def test_state_command_shows_hidden_characters_of_names_harmless(monkeypatch, capsys):
    session, _ = session_game(seed=31, stop_after=50, names=OLD_NAMES[0])
    _plug(monkeypatch, session)
    out = cli_out(capsys, ["state", "--port", "loop"])
    assert not _raw_hidden(out) and "Anne\\u200b" in out and "\\u202eenna" in out
