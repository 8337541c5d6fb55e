"""A database another program holds (an SQLite browser with a change not saved, a backup): the
logger reads the device on, says it waits, and writes every line once when the database is free;
pull waits for it. The other program is a real second SQLite connection holding the write lock.

SQLite waits 10 ms a try here, and a wait is said at once (the quick fixture): the tests wait for
what they need to have happened (the logger's words, the lines read), never for a time.
"""

import io
import json
import sqlite3
import sys
import threading
import time

import pytest
from proto.link import Link
from test_host_tools import LoopbackSerial, _App, _plug, session_game

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools import db as db_module
from host_tools.cli import main as cli
from host_tools.db import LogStore
from host_tools.lang import Messages
from host_tools.logger import Logger

BUSY_WAITING = Messages("en", "db")("busy_waiting")
FREE = "database free again"


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(db_module, "BUSY_S", 0.01)
    monkeypatch.setattr(db_module, "SAY_AFTER_S", 0.0)
    monkeypatch.setattr(db_module, "RETRY_S", 0.0)


def _hold(path, how="IMMEDIATE"):
    """Another program's connection to the database at path, holding its write lock, in the
    middle of a change of its own."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN %s" % how)
    other.execute("INSERT INTO skipped_lines (received, reason, length, line) VALUES (0, 'the other program', 0, x'')")
    return other


def _wait(predicate, what, seconds=60):
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for " + what)
        time.sleep(0.01)


def _stored(path):
    store = LogStore(path, write=False)
    try:
        return store.events(), store.games(), store.skipped_lines()
    finally:
        store.close()


def _jsonl_keys(path):
    with open(path, encoding="utf-8") as f:
        return [(entry["boot"], entry["seq"]) for entry in map(json.loads, f)]


def test_a_held_database_makes_the_logger_wait_then_write_every_line_once(tmp_path, quick):
    db, jsonl = str(tmp_path / "l.sqlite"), str(tmp_path / "e.jsonl")
    store = LogStore(db, jsonl)
    out = io.StringIO()
    logger = Logger(store, out=out, live=False)
    session, events = session_game(seed=12)
    events.append({"boot": 1, "seq": len(events), "type": "state",
                   "data": {"id": 1, "state": dict(session.record(), over=True)}})
    other = _hold(db, "EXCLUSIVE")
    for event in events:
        logger.handle(event)  # never raises, never waits for the lock
    logger.skip(b"@TL {cut", "skipped as damaged: cut")
    assert out.getvalue().count(BUSY_WAITING) == 1 and FREE not in out.getvalue()
    assert len(logger.writes.waiting) == len(events) + 1
    assert other.execute("SELECT count(*) FROM events").fetchone() == (0,)
    assert _jsonl_keys(jsonl) == [(1, e["seq"]) for e in events]  # the file has them all already
    other.execute("COMMIT")  # the other program saves its change and lets go
    assert logger.writes.retry() == 0
    assert out.getvalue().count(FREE) == 1
    for event in events[-5:]:
        logger.handle(event)  # the same lines again (a reconnect): stored once
    store.close()
    stored, games, skipped = _stored(db)
    assert [(e["boot"], e["seq"]) for e in stored] == [(1, e["seq"]) for e in events]
    assert [e["data"] for e in stored] == [e["data"] for e in events]
    [game] = games
    assert game["finished"] and game["verified"] == "ok" and game["moves"] == list(session.state.moves)
    assert [s["reason"] for s in skipped] == ["the other program", "skipped as damaged: cut"]
    assert len(_jsonl_keys(jsonl)) == len(events) + 5


def test_a_live_log_reads_the_device_on_while_the_database_is_held(tmp_path, quick):
    session, events = session_game(seed=13)
    app = _App(session)
    app.events = [(e["type"], e["data"]) for e in events]  # the device's lines, one a loop turn
    cable = LoopbackSerial(lambda read, write: Link(app, read, write))
    db, jsonl = str(tmp_path / "l.sqlite"), str(tmp_path / "e.jsonl")
    out = io.StringIO()
    opened, go, stop = threading.Event(), threading.Event(), threading.Event()
    holder = {}

    def run():  # SQLite wants its connection used by the thread that made it
        store = LogStore(db, jsonl)
        try:
            logger = holder["logger"] = Logger(store, out=out, live=False, timeout=5.0, lang="en")
            opened.set()
            go.wait(60)
            logger.run("loop", stop.is_set, 0.05, opened=("loop", cable))
        finally:
            store.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert opened.wait(60)
    other = _hold(db)
    go.set()
    logger = holder["logger"]
    link = cable.link
    # hello, set_clock, get_state and its state line come after the game's lines
    _wait(lambda: not thread.is_alive() or (link.seq >= len(events) + 4 and len(logger.writes.waiting) == link.seq),
          "every line the device sent read while the database is held")
    assert thread.is_alive() and not app.events and cable.to_host == b""
    assert BUSY_WAITING in out.getvalue() and not logger.finished
    other.execute("ROLLBACK")  # the other program gives its change up and lets go
    _wait(lambda: logger.finished or not thread.is_alive(), "the game stored finished")
    stop.set()
    thread.join(60)
    assert not thread.is_alive() and not logger.writes.waiting
    assert FREE in out.getvalue()
    stored, [game], skipped = _stored(db)
    keys = [(e["boot"], e["seq"]) for e in stored]
    assert keys == sorted(set(keys)) == [(link.boot_id, seq) for seq in range(link.seq)]
    assert _jsonl_keys(jsonl) == keys
    assert game["finished"] and game["verified"] == "ok" and game["moves"] == list(session.state.moves)
    assert skipped == []


def test_pull_waits_for_a_held_database_then_stores_the_games(tmp_path, quick, monkeypatch, capsys):
    session, _events = session_game(seed=14)
    _plug(monkeypatch, session)
    db = str(tmp_path / "p.sqlite")
    LogStore(db).close()
    other = _hold(db)
    said = []

    def say(text):
        said.append(text)
        print(text, file=sys.stderr)

    monkeypatch.setattr(db_module, "say_on_stderr", say)
    result = {}
    thread = threading.Thread(target=lambda: result.update(code=cli(["pull", "--port", "loop", "--db", db])),
                              daemon=True)
    thread.start()
    _wait(lambda: said or not thread.is_alive(), "pull to say it waits")
    assert said == [BUSY_WAITING] and thread.is_alive()
    other.execute("COMMIT")
    thread.join(60)
    assert result["code"] == 0
    captured = capsys.readouterr()
    assert "1 game(s) on the device, 1 new" in captured.out
    assert BUSY_WAITING in captured.err and FREE in captured.err
    _events, [game], _skipped = _stored(db)
    assert game["finished"] and game["moves"] == list(session.state.moves) and game["device_game_id"] == 1


def test_a_long_wait_is_said_in_the_commands_language(quick):
    said = []
    for lang in ("fr", "en"):
        wait = db_module.LockWait(said.append, lang)
        wait.held()
        wait.free()
    assert said[0].startswith("base de données occupée") and said[1].startswith("base de données libre")
    assert said[2] == BUSY_WAITING and said[3].startswith(FREE)
