"""The host's log: every event line to a JSON-lines file and to SQLite, and the games they make.

Events are keyed by (boot, seq), so a line seen twice (a resend, a reconnect) is stored once. A game
is written as it goes, after each move, so a crash of the host loses nothing the device confirmed;
a finished game is keyed by the hash of its record, so a game both logged live and pulled from the
device's history is one row. Only events that passed host_tools.schema come here; a line skipped
(damaged, or not what its type holds) goes to skipped_lines, as it came, with the reason.
"""

import hashlib
import json
import os
import sqlite3
import time

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
    verified TEXT
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
SKIPPED_KEEP = 4096  # bytes of a skipped line kept: enough to see what it was


def record_hash(record):
    """Identity of a finished game: its game, options and moves (names can be set later)."""
    key = json.dumps([record.get("game"), record.get("options"), list(record.get("moves") or [])],
                     sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def _names(value):
    return json.dumps(value) if value is not None else None


class LogStore:
    def __init__(self, db_path, jsonl_path=None):
        self.db_path = db_path
        self.jsonl_path = jsonl_path
        folder = os.path.dirname(os.path.abspath(db_path))
        os.makedirs(folder, exist_ok=True)
        self.db = sqlite3.connect(db_path)
        # WAL: a commit per event stays cheap, and a crash of the host keeps every committed one
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        if jsonl_path:
            os.makedirs(os.path.dirname(os.path.abspath(jsonl_path)), exist_ok=True)
        self.jsonl = open(jsonl_path, "a", encoding="utf-8") if jsonl_path else None

    def close(self):
        if self.jsonl:
            self.jsonl.close()
            self.jsonl = None
        self.db.close()

    # -- events ---------------------------------------------------------------------------------
    def add_event(self, event, received=None):
        """Store one decoded event line; False when (boot, seq) was already stored."""
        received = time.time() if received is None else received
        if self.jsonl:
            entry = dict(event)
            entry["received"] = received
            self.jsonl.write(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n")
            self.jsonl.flush()
        cur = self.db.execute(
            "INSERT OR IGNORE INTO events (received, boot, seq, type, ms, utc, data)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (received, event.get("boot"), event.get("seq"), event.get("type", "?"), event.get("ms"),
             event.get("utc"), json.dumps(event.get("data"), ensure_ascii=False)))
        self.db.commit()
        return cur.rowcount == 1

    def add_skipped(self, line, reason, received=None):
        """Keep a line from the device that was skipped (its first SKIPPED_KEEP bytes) and why."""
        self.db.execute("INSERT INTO skipped_lines (received, reason, length, line) VALUES (?, ?, ?, ?)",
                        (time.time() if received is None else received, reason, len(line),
                         bytes(line[:SKIPPED_KEEP])))
        self.db.commit()

    def skipped_lines(self):
        return [{"received": r, "reason": why, "length": n, "line": line} for r, why, n, line in
                self.db.execute("SELECT received, reason, length, line FROM skipped_lines ORDER BY id")]

    def events(self, boot=None):
        query = "SELECT boot, seq, type, ms, utc, data FROM events"
        args = ()
        if boot is not None:
            query += " WHERE boot = ?"
            args = (boot,)
        rows = self.db.execute(query + " ORDER BY id", args).fetchall()
        return [{"boot": b, "seq": s, "type": t, "ms": ms, "utc": u, "data": json.loads(d)}
                for b, s, t, ms, u, d in rows]

    # -- games ----------------------------------------------------------------------------------
    def save_live_game(self, row_id, record, boot=None, start_seq=None):
        """Insert or update the game being logged; returns its row id."""
        now = time.time()
        if row_id is None:
            cur = self.db.execute(
                "INSERT INTO games (source, boot, start_seq, game, options, names, moves, started)"
                " VALUES ('log', ?, ?, ?, ?, ?, ?, ?)",
                (boot, start_seq, record["game"], json.dumps(record["options"]), _names(record.get("names")),
                 json.dumps(list(record["moves"])), now))
            self.db.commit()
            return cur.lastrowid
        self.db.execute("UPDATE games SET moves = ?, names = COALESCE(?, names), options = ? WHERE id = ?",
                        (json.dumps(list(record["moves"])), _names(record.get("names")),
                         json.dumps(record["options"]), row_id))
        self.db.commit()
        return row_id

    def finish_game(self, row_id, record, returns, rounds, verified=None):
        """Mark a logged game finished; if the same game is already stored (pulled), merge."""
        digest = record_hash(record)
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
        self.db.commit()
        return row_id

    def add_pulled_game(self, record, device_game_id=None, verified=None):
        """Store a finished game from the device's history; (row id, True if it was new)."""
        digest = record_hash(record)
        row = self.db.execute("SELECT id FROM games WHERE record_hash = ?", (digest,)).fetchone()
        if row:
            self.db.execute("UPDATE games SET device_game_id = COALESCE(device_game_id, ?),"
                            " names = COALESCE(names, ?) WHERE id = ?",
                            (device_game_id, _names(record.get("names")), row[0]))
            self.db.commit()
            return row[0], False
        cur = self.db.execute(
            "INSERT INTO games (source, game, options, names, moves, finished, returns, rounds, ended,"
            " record_hash, device_game_id, verified) VALUES ('pull', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (record["game"], json.dumps(record["options"]), _names(record.get("names")),
             json.dumps(list(record["moves"])), 1 if record.get("finished", True) else 0,
             json.dumps(record.get("returns")), record.get("rounds"), time.time(), digest,
             device_game_id, verified))
        self.db.commit()
        return cur.lastrowid, True

    def games(self, finished_only=False):
        query = ("SELECT id, source, game, options, names, moves, finished, returns, rounds, started,"
                 " ended, device_game_id, verified FROM games")
        if finished_only:
            query += " WHERE finished = 1"
        out = []
        for row in self.db.execute(query + " ORDER BY id"):
            (gid, source, game, options, names, moves, finished, returns, rounds, started, ended,
             device_id, verified) = row
            out.append({
                "v": 1, "id": gid, "source": source, "game": game, "options": json.loads(options),
                "names": json.loads(names) if names else None, "moves": json.loads(moves),
                "finished": bool(finished), "returns": json.loads(returns) if returns else None,
                "rounds": rounds, "started": started, "ended": ended, "device_game_id": device_id,
                "verified": verified,
            })
        return out

    def game(self, game_id):
        for game in self.games():
            if game["id"] == game_id:
                return game
        return None
