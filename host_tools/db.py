"""The host's log: every event line to a JSON-lines file and to SQLite, and the games they make.

Events are keyed by (boot, seq), so a line seen twice (a resend, a reconnect) is stored once; a
line that comes again with other content under the same number is said (add_event). A game is
written as it goes, after each move, so a crash of the host loses nothing the device confirmed.

One device game is one row, whatever the logger's restarts, unplugs and pulls: a logger that
finds the device in a game it was not following asks find_game for the row of that game (the
same game and options, the same first moves: tracker.same_game) and goes on with it; a finished
game is keyed by the hash of its record, and a game pulled from the device's history completes
the row of its live log. A row is closed once the logger saw the device leave its game (another
game began): no later snapshot is taken for it.

Only events that passed host_tools.schema come here; a line skipped (damaged, or not what its type
holds) goes to skipped_lines, as it came, with the reason.

The commands that only read (verify, replay, stats, board) open the database with write=False: a
file that is not there, not SQLite or not this tool's is a StoreError, and nothing is created. The
writers (log, pull) make a new file, and refuse one that is not SQLite or is another program's.

Another program may hold the database (an SQLite browser with a change not saved, a second
logger, a backup): the database is in WAL mode, so readers never wait, but a writer waits for the
write lock. Each writing method is one unit (unit()): all of it is written, or none of it.
By default a unit waits for the lock as long as it takes (pull does), saying so on stderr once it
has waited SAY_AFTER_S, and again when it goes on (LockWait). The logger never waits: its work goes
through a Backlog, which does each piece as soon as the database lets and keeps the rest in order
meanwhile, so that the serial line is read all along and nothing is written twice or lost.
"""

import collections
import contextlib
import hashlib
import json
import os
import re
import sqlite3
import sys
import time

from host_tools.lang import Messages
from host_tools.names import shown_names
from host_tools.tracker import line_key, same_game

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    received REAL NOT NULL,
    boot INTEGER,
    seq INTEGER,
    type TEXT NOT NULL,
    ms INTEGER,
    utc INTEGER,
    data TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS events_boot_seq ON events (boot, seq);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL,
    boot INTEGER,
    start_seq INTEGER,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    names TEXT,
    moves TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    returns TEXT,
    rounds INTEGER,
    started REAL,
    ended REAL,
    record_hash TEXT,
    device_game_id INTEGER,
    verified TEXT,
    closed INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS games_record ON games (record_hash);
CREATE TABLE IF NOT EXISTS skipped_lines (
    id INTEGER PRIMARY KEY,
    received REAL NOT NULL,
    reason TEXT NOT NULL,
    length INTEGER NOT NULL,
    line BLOB NOT NULL
);
"""
SCHEMA_NAMES = re.findall(r"EXISTS (\w+)", SCHEMA)  # its tables and indexes
SKIPPED_KEEP = 4096  # bytes of a skipped line kept: enough to see what it was
# add_event's answers: a line not seen before, the same line again, another line under its number
NEW, SEEN, DIFFERS = "new", "seen", "differs"
BUSY_S = 0.2  # how long SQLite waits for a lock another program holds, at each try
SAY_AFTER_S = 5.0  # a wait for the database is said once it is this long
RETRY_S = 0.5  # a Backlog waiting for the database tries again at most this often (retry_due)


class StoreError(Exception):
    """The database (or event file) cannot be used: missing, unreadable, not this tool's."""


class DatabaseBusy(Exception):
    """Another program holds the database's write lock: a unit that was not to wait did nothing."""


def _is_busy(err):
    """Whether an SQLite error is a lock another connection holds (SQLITE_BUSY, SQLITE_LOCKED)."""
    return isinstance(err, sqlite3.OperationalError) and getattr(err, "sqlite_errorcode", None) in (
        sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def say_on_stderr(text):
    print(text, file=sys.stderr, flush=True)


class LockWait:
    """A wait for the database another program holds: said once it has lasted SAY_AFTER_S, and
    its end said too, in lang (host_tools/messages/db_<lang>.py)."""

    def __init__(self, say, lang="en"):
        self.say = say
        self.lang = lang
        self.since = None  # time.monotonic() of the first try that found the database held
        self.said = False

    def held(self):
        now = time.monotonic()
        if self.since is None:
            self.since = now
        if not self.said and now - self.since >= SAY_AFTER_S:
            self.said = True
            self.say(Messages(self.lang, "db")("busy_waiting"))

    def free(self):
        if self.said:
            self.say(Messages(self.lang, "db")("busy_over",
                                               seconds=round(time.monotonic() - self.since)))
        self.since = None
        self.said = False


def record_hash(record):
    """Identity of a finished game: its game, options and moves (names can be set later)."""
    key = json.dumps([record.get("game"), record.get("options"), list(record.get("moves") or [])],
                     sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def _names(value):
    """Names as a column holds them: shown_names, as every reader gets them."""
    return json.dumps(shown_names(value)) if value is not None else None


def _ours(db, empty_too):
    """Whether db holds this tool's tables (or, with empty_too, no table at all: a new file)."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return {"events", "games"} <= tables or (empty_too and not tables)


def _uri_path(path):
    """path as the path part of an SQLite file: URI (the characters a URI gives a meaning escaped)."""
    from urllib.parse import quote

    return quote(os.path.abspath(path))


class LogStore:
    """The database (and the JSON-lines file) of one command. busy_s: how long SQLite waits for
    the lock at each try (BUSY_S unless given); say: where a long wait is said (stderr), in
    lang."""

    def __init__(self, db_path, jsonl_path=None, write=True, busy_s=None, say=None, lang="en"):
        self.db_path = db_path
        self.jsonl_path = jsonl_path
        self.jsonl = None
        self.busy_s = BUSY_S if busy_s is None else busy_s
        self.lock_wait = LockWait(say or say_on_stderr, lang)
        self._in_unit = False
        try:
            self.db = self._open_db(db_path, write)
        except OSError as err:  # its folder cannot be made
            raise StoreError("cannot write %s: %s" % (err.filename or db_path, err.strerror)) from None
        try:
            if jsonl_path:
                os.makedirs(os.path.dirname(os.path.abspath(jsonl_path)), exist_ok=True)
                self.jsonl = open(jsonl_path, "a", encoding="utf-8")
        except OSError as err:
            self.db.close()
            raise StoreError("cannot write %s: %s" % (err.filename or jsonl_path, err.strerror)) from None

    def _open_db(self, path, write):
        if path != ":memory:" and os.path.isdir(path):
            raise StoreError("%s is a folder, not a database" % path)
        if not write and path != ":memory:" and not os.path.exists(path):
            raise StoreError("no database at %s (tanturlurette log or pull makes one)" % path)
        try:
            if write:
                if path != ":memory:":
                    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
                db = sqlite3.connect(path, timeout=self.busy_s)
                if not _ours(db, empty_too=True):
                    db.close()
                    raise StoreError("%s is an SQLite database, but not one of tanturlurette's (no games table)"
                                     % path)
                # WAL: a commit per event stays cheap, and a crash of the host keeps every committed one
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                self.db = db
                have = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
                columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
                if not set(SCHEMA_NAMES) <= have or "closed" not in columns:
                    self._make_tables()  # a new file, or a database of an older host tool
                return db
            # read and write if the file allows, so that closing tidies SQLite's -wal and -shm;
            # mode=rw never creates the file
            db = sqlite3.connect("file:%s?mode=rw" % _uri_path(path), uri=True)
            ours = _ours(db, empty_too=False)
        except sqlite3.DatabaseError as err:
            raise StoreError("%s is not a database this tool can use (%s)" % (path, err)) from None
        if not ours:
            db.close()
            raise StoreError("%s is an SQLite database, but not one of tanturlurette's (no games table)" % path)
        return db

    def _make_tables(self):
        with self.unit():
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self.db.execute(statement)
            if "closed" not in [row[1] for row in self.db.execute("PRAGMA table_info(games)")]:
                self.db.execute("ALTER TABLE games ADD COLUMN closed INTEGER NOT NULL DEFAULT 0")

    def close(self):
        if self.jsonl:
            self.jsonl.close()
            self.jsonl = None
        self.db.close()

    # -- units of work --------------------------------------------------------------------------
    @contextlib.contextmanager
    def unit(self, wait=True):
        """Work on the database written whole or not at all: it begins by taking the write lock
        (BEGIN IMMEDIATE), so that nothing in it waits for another program, and commits at its
        end; an exception rolls it all back. With wait, a lock another program holds is waited
        for (and the wait said: LockWait); without, DatabaseBusy is raised, nothing done. A unit
        inside a unit is part of it."""
        if self._in_unit:
            yield
            return
        while True:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                break
            except sqlite3.OperationalError as err:
                if not _is_busy(err):
                    raise
            if not wait:
                raise DatabaseBusy()
            self.lock_wait.held()
        self._in_unit = True
        try:
            yield
            self._commit()
        except BaseException:
            self.db.rollback()
            raise
        finally:
            self._in_unit = False
        self.lock_wait.free()

    def _commit(self):
        """Commit, waiting if need be: in WAL mode the writer holds all it needs already, but a
        file SQLite could not put in WAL mode needs readers gone (SQLite keeps the transaction
        for a retry)."""
        while True:
            try:
                self.db.commit()
                return
            except sqlite3.OperationalError as err:
                if not _is_busy(err):
                    raise
            self.lock_wait.held()

    # -- events ---------------------------------------------------------------------------------
    def add_line(self, event, received):
        """Append one decoded event line to the JSON-lines file (if any), with when it came."""
        if self.jsonl:
            entry = dict(event)
            entry["received"] = received
            self.jsonl.write(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n")
            self.jsonl.flush()

    def add_event(self, event, received=None, to_file=True):
        """Store one decoded event line (to_file: in the JSON-lines file too, add_line): NEW; SEEN
        when this (boot, seq) was stored already with the same content; DIFFERS when a line of
        other content was (the first one stays)."""
        received = time.time() if received is None else received
        if to_file:
            self.add_line(event, received)
        data = json.dumps(event.get("data"), ensure_ascii=False)
        with self.unit():
            cur = self.db.execute(
                "INSERT OR IGNORE INTO events (received, boot, seq, type, ms, utc, data)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (received, event.get("boot"), event.get("seq"), event.get("type", "?"), event.get("ms"),
                 event.get("utc"), data))
        if cur.rowcount == 1:
            return NEW
        kind, stored = self.db.execute("SELECT type, data FROM events WHERE boot IS ? AND seq = ?",
                                       (event.get("boot"), event.get("seq"))).fetchone()
        return SEEN if kind == event.get("type") and json.loads(stored) == event.get("data") else DIFFERS

    def add_skipped(self, line, reason, received=None):
        """Keep a line from the device that was skipped (its first SKIPPED_KEEP bytes) and why."""
        with self.unit():
            self.db.execute("INSERT INTO skipped_lines (received, reason, length, line) VALUES (?, ?, ?, ?)",
                            (time.time() if received is None else received, reason, len(line),
                             bytes(line[:SKIPPED_KEEP])))

    def skipped_lines(self):
        return [{"received": r, "reason": why, "length": n, "line": line} for r, why, n, line in
                self.db.execute("SELECT received, reason, length, line FROM skipped_lines ORDER BY id")]

    def game_events(self, start, leave_out=None):
        """The stored events of a game first seen on the line start (boot, seq), in the device's
        order: that boot's lines from start up to the next `game` line, less the line leave_out."""
        boot, seq = start
        found = []
        for b, s, t, ms, u, d in self.db.execute(
                "SELECT boot, seq, type, ms, utc, data FROM events WHERE boot IS ? AND seq >= ? ORDER BY seq",
                (boot, seq)):
            if t == "game" and s > seq:
                break
            event = {"boot": b, "seq": s, "type": t, "ms": ms, "utc": u, "data": json.loads(d)}
            if line_key(event) != leave_out:
                found.append(event)
        return found

    def events(self, boot=None):
        query = "SELECT boot, seq, type, ms, utc, data FROM events"
        args = ()
        if boot is not None:
            query += " WHERE boot = ?"
            args = (boot,)
        rows = self.db.execute(query + " ORDER BY id", args).fetchall()
        return [{"boot": b, "seq": s, "type": t, "ms": ms, "utc": u, "data": json.loads(d)}
                for b, s, t, ms, u, d in rows]

    def language_events(self):
        """The stored lines that may say the device's language (host_tools.lang.device_language):
        its boot lines and its answers to get_config, oldest first."""
        return [{"type": t, "data": json.loads(d)} for t, d in self.db.execute(
            "SELECT type, data FROM events WHERE type = 'boot' OR (type = 'ok' AND data LIKE '%get_config%')"
            " ORDER BY id")]

    # -- games ----------------------------------------------------------------------------------
    def save_live_game(self, row_id, record, start=None):
        """Insert or update the game being logged; returns its row id. start: (boot, seq) of the
        line the game was first seen on (its `game` line, or the snapshot that found it)."""
        boot, start_seq = start or (None, None)
        with self.unit():
            if row_id is None:
                cur = self.db.execute(
                    "INSERT INTO games (source, boot, start_seq, game, options, names, moves, started)"
                    " VALUES ('log', ?, ?, ?, ?, ?, ?, ?)",
                    (boot, start_seq, record["game"], json.dumps(record["options"]), _names(record.get("names")),
                     json.dumps(list(record["moves"])), time.time()))
                return cur.lastrowid
            self.db.execute("UPDATE games SET moves = ?, names = COALESCE(?, names), options = ?,"
                            " boot = COALESCE(?, boot), start_seq = COALESCE(?, start_seq) WHERE id = ?",
                            (json.dumps(list(record["moves"])), _names(record.get("names")),
                             json.dumps(record["options"]), boot, start_seq, row_id))
        return row_id

    def find_game(self, record):
        """The row of the device game that record (a snapshot) is a moment of, or None: a
        finished row only if it holds that very record, an open one if it is the same game
        (tracker.same_game); the latest of them."""
        moves = list(record.get("moves") or [])
        for row_id, options, stored, finished in self.db.execute(
                "SELECT id, options, moves, finished FROM games WHERE game = ? AND (finished = 1 OR closed = 0)"
                " ORDER BY id DESC", (record.get("game"),)):
            candidate = {"game": record.get("game"), "options": json.loads(options), "moves": json.loads(stored)}
            if finished:
                if candidate["options"] == record.get("options") and candidate["moves"] == moves:
                    return row_id
            elif same_game(candidate, record):
                return row_id
        return None

    def game_start(self, row_id):
        """(boot, seq) of the line a stored game was first seen on, or None."""
        row = self.db.execute("SELECT boot, start_seq FROM games WHERE id = ?", (row_id,)).fetchone()
        return None if row is None or row[1] is None else (row[0], row[1])

    def close_game(self, row_id):
        """The device left this game (another began): no later snapshot continues it. A game
        left with no move at all was no game: its row goes."""
        with self.unit():
            self.db.execute("DELETE FROM games WHERE id = ? AND finished = 0 AND moves = '[]'", (row_id,))
            self.db.execute("UPDATE games SET closed = 1 WHERE id = ?", (row_id,))

    def finish_game(self, row_id, record, returns, rounds, verified=None):
        """Mark a logged game finished; if the same game is already stored (pulled), merge."""
        digest = record_hash(record)
        with self.unit():
            other = self.db.execute("SELECT id FROM games WHERE record_hash = ?", (digest,)).fetchone()
            if other and other[0] != row_id:
                if row_id is not None:
                    self.db.execute("DELETE FROM games WHERE id = ?", (row_id,))
                row_id = other[0]
            self.db.execute(
                "UPDATE games SET moves = ?, names = COALESCE(?, names), finished = 1, returns = ?,"
                " rounds = ?, ended = ?, record_hash = ?, verified = COALESCE(?, verified) WHERE id = ?",
                (json.dumps(list(record["moves"])), _names(record.get("names")), json.dumps(returns), rounds,
                 time.time(), digest, verified, row_id))
        return row_id

    def holds_finished(self, row_id, record):
        """Whether row row_id is that record, finished."""
        row = self.db.execute("SELECT record_hash FROM games WHERE id = ? AND finished = 1", (row_id,)).fetchone()
        return row is not None and row[0] == record_hash(record)

    def add_pulled_game(self, record, device_game_id=None, verified=None):
        """Store a finished game from the device's history; (row id, True if the database did not
        hold it whole). A game logged live in part (the logger stopped, or the cable was out, before
        its end) is that row, completed with the device's record."""
        with self.unit():
            return self._add_pulled_game(record, device_game_id, verified)

    def _add_pulled_game(self, record, device_game_id, verified):
        digest = record_hash(record)
        row = self.db.execute("SELECT id FROM games WHERE record_hash = ?", (digest,)).fetchone()
        if row:
            self.db.execute("UPDATE games SET device_game_id = COALESCE(device_game_id, ?),"
                            " names = COALESCE(names, ?) WHERE id = ?",
                            (device_game_id, _names(record.get("names")), row[0]))
            return row[0], False
        finished = 1 if record.get("finished", True) else 0
        fields = (json.dumps(list(record["moves"])), finished, json.dumps(record.get("returns")),
                  record.get("rounds"), time.time(), digest, device_game_id, verified)
        partial = self._live_part_of(record)
        if partial is not None:
            self.db.execute(
                "UPDATE games SET moves = ?, finished = ?, returns = ?, rounds = ?, ended = ?, record_hash = ?,"
                " device_game_id = ?, verified = ?, names = COALESCE(?, names), closed = 1 WHERE id = ?",
                fields + (_names(record.get("names")), partial))
            return partial, True
        cur = self.db.execute(
            "INSERT INTO games (source, game, options, names, moves, finished, returns, rounds, ended,"
            " record_hash, device_game_id, verified, closed) VALUES ('pull', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)",
            (record["game"], json.dumps(record["options"]), _names(record.get("names"))) + fields)
        return cur.lastrowid, True

    def _live_part_of(self, record):
        """The row of a game logged live, unfinished, that record (from the history) completes."""
        for row_id, options, stored in self.db.execute(
                "SELECT id, options, moves FROM games WHERE source = 'log' AND finished = 0 AND game = ?"
                " ORDER BY id DESC", (record["game"],)):
            if same_game({"game": record["game"], "options": json.loads(options), "moves": json.loads(stored)},
                         record):
                return row_id
        return None

    def games(self, finished_only=False):
        columns = [row[1] for row in self.db.execute("PRAGMA table_info(games)")]
        closed = "closed" if "closed" in columns else "0"  # read-only, a database of an older host tool
        query = ("SELECT id, source, game, options, names, moves, finished, returns, rounds, started,"
                 " ended, device_game_id, verified, %s FROM games" % closed)
        if finished_only:
            query += " WHERE finished = 1"
        out = []
        for row in self.db.execute(query + " ORDER BY id"):
            (gid, source, game, options, names, moves, finished, returns, rounds, started, ended,
             device_id, verified, left) = row
            out.append({
                "v": 1, "id": gid, "source": source, "game": game, "options": json.loads(options),
                "names": shown_names(json.loads(names)) if names else None, "moves": json.loads(moves),
                "finished": bool(finished), "returns": json.loads(returns) if returns else None,
                "rounds": rounds, "started": started, "ended": ended, "device_game_id": device_id,
                "verified": verified, "closed": bool(left),
            })
        return out

    def game(self, game_id):
        for game in self.games():
            if game["id"] == game_id:
                return game
        return None


class Backlog:
    """Work on the database done in order, none of it waiting for a lock another program holds.

    put(work, *args) runs work(*args) in a unit (LogStore.unit, wait=False) at once, unless the
    database is held or earlier work still waits: then it waits here, in order, and retry() does
    what it can of it. A piece that found the database held did nothing, so nothing is done twice
    or lost; what waits is in memory only (the logger's lines are in the JSON-lines file already).
    The caller retries when it has time (retry_due, or when its serial line is quiet), so that a
    held database never keeps it from reading: each try costs the store's busy_s at most. The
    wait is said once it is long, and its end (LockWait)."""

    def __init__(self, store, say, lang="en"):
        self.store = store
        self.waiting = collections.deque()
        self.lock_wait = LockWait(say, lang)
        self.tried = 0.0  # time.monotonic() of the last try that found the database held

    def put(self, work, *args):
        self.waiting.append((work, args))
        if len(self.waiting) == 1:
            self.retry()

    def retry_due(self):
        """Whether work waits and the last try is RETRY_S old."""
        return bool(self.waiting) and time.monotonic() - self.tried >= RETRY_S

    def retry(self):
        """Do the waiting work, oldest first, while the database lets; how many pieces still wait."""
        while self.waiting:
            work, args = self.waiting[0]
            try:
                with self.store.unit(wait=False):
                    work(*args)
            except DatabaseBusy:
                self.tried = time.monotonic()
                self.lock_wait.held()
                return len(self.waiting)
            self.waiting.popleft()
        self.lock_wait.free()
        return 0

    def finish(self):
        """Do all the waiting work, waiting for the database as long as it takes."""
        while self.retry():
            pass
