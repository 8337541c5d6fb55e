"""The store behind app.session.Session: the current game on flash, finished games, quarantine.

Layout under root (on the board "/", littlefs):
  game/s<N>        snapshot generation N: the session document (container "TTS")
  game/j<N>        journal of the operations after snapshot N (store.journal entries)
  history/h<K>     finished or abandoned games (container "TTH"); the oldest dropped first
  quarantine/q<K>-<name>   files that failed their checks, kept for the host to pull

Every game starts with a snapshot; the game id is the generation of that first snapshot. A new
snapshot (compaction) gets the next generation and the generation before it is kept, so a damaged
snapshot falls back to the previous one plus both journals. Nothing read at boot may raise:
load() reports what it discarded and moves bad files aside.
"""

from store import container, journal
from store.files import ENOSPC, Files, join

COMPACT_EVERY = 64  # journal entries between snapshots: about 800 bytes of journal
HISTORY_LIMIT = 20
QUARANTINE_LIMIT = 8


def _numbered(names, prefix):
    """{number: name} of the names that are prefix + digits."""
    found = {}
    cut = len(prefix)
    for name in names:
        digits = name[cut:]
        if name.startswith(prefix) and digits and digits.isdigit():
            found[int(digits)] = name
    return found


def _quarantine_number(name):
    dash = name.find("-")
    digits = name[1:dash] if dash > 1 else ""
    return int(digits) if name.startswith("q") and digits.isdigit() else -1


class Store:
    def __init__(self, root="/", files=None, history_limit=HISTORY_LIMIT,
                 quarantine_limit=QUARANTINE_LIMIT, compact_every=COMPACT_EVERY):
        self.files = files or Files()
        self.game_dir = join(root, "game")
        self.history_dir = join(root, "history")
        self.quarantine_dir = join(root, "quarantine")
        self.history_limit = history_limit
        self.quarantine_limit = quarantine_limit
        self.compact_every = compact_every
        self.gen = 0  # the highest generation used; the next snapshot gets gen + 1
        self._good_gen = 0  # the newest snapshot known good: kept as the fallback
        self.game_id = 0
        self.entries = 0  # journal entries since the snapshot
        self.bytes_written = 0  # what this store handed to the filesystem, for the bench
        self._journal_started = False  # its header is on flash

    # -- the current game -----------------------------------------------------------------------
    def start(self, doc):
        """Save a new game's first snapshot, replacing the previous game's files; returns its id."""
        self.clear()
        self._ensure(self.game_dir)
        gen = self.gen + 1
        doc["id"] = gen
        self._write_snapshot(gen, doc)
        self.game_id = gen
        return gen

    def snapshot(self, doc):
        """Compact: the whole session document as a new generation; then a fresh journal."""
        if not self.game_id:
            self.start(doc)
            return
        doc["id"] = self.game_id
        fallback = self._good_gen
        self._write_snapshot(self.gen + 1, doc)
        self._drop_generations_before(fallback)

    def _write_snapshot(self, gen, doc):
        data = container.encode(container.SNAPSHOT, doc)
        path = join(self.game_dir, "s%d" % gen)
        try:
            self.files.write_atomic(path, data)
        except OSError as err:
            if not err.args or err.args[0] != ENOSPC or not self._make_room():
                raise
            self.files.write_atomic(path, data)
        self.bytes_written += len(data)
        self.gen = gen
        self._good_gen = gen
        self.entries = 0
        self._journal_started = False

    def wants_snapshot(self):
        return self.entries >= self.compact_every or not self.game_id

    def append(self, op, arg, seq):
        """One journal entry, on flash before returning (open, append, close: no handle stays
        open between button presses, so nothing half-open survives a reset or a remount)."""
        data = journal.encode(op, arg, seq)
        if not self._journal_started:
            data = journal.header(self.game_id) + data
        mode = "ab" if self._journal_started else "wb"
        with self.files.open(join(self.game_dir, "j%d" % self.gen), mode) as f:
            f.write(data)
        self._journal_started = True
        self.entries += 1
        self.bytes_written += len(data)

    def clear(self):
        """Remove the current game's files (after archiving it)."""
        for name in self._list(self.game_dir):
            self.files.remove_quietly(join(self.game_dir, name))
        self.game_id = 0
        self.entries = 0
        self._journal_started = False

    def _drop_generations_before(self, keep):
        for name in self._list(self.game_dir):
            digits = name[1:]
            if name[:1] in ("s", "j") and digits.isdigit() and int(digits) < keep:
                self.files.remove_quietly(join(self.game_dir, name))

    # -- boot -----------------------------------------------------------------------------------
    def load(self):
        """Find the unfinished game. Never raises; returns a dict:
        doc (the snapshot document or None), entries ((op, arg, seq) after it, in order),
        discarded (sentences), quarantined (file names), dirty (True: write a fresh snapshot).
        """
        result = {"doc": None, "entries": [], "discarded": [], "quarantined": [], "dirty": False}
        try:
            self._load(result)
        except OSError as err:  # the filesystem itself failing must not stop the boot
            result["discarded"].append("storage error at boot: %s" % err)
            result["dirty"] = True
        return result

    def _load(self, result):
        discarded = result["discarded"]
        names = self._list(self.game_dir)
        snaps = _numbered(names, "s")
        journals = _numbered(names, "j")
        for name in names:
            if name.endswith(".tmp"):  # a snapshot cut before its rename: the old one stands
                self.files.remove_quietly(join(self.game_dir, name))
            elif name not in snaps.values() and name not in journals.values():
                self._aside(result, name, "unknown file %s" % name)
        newest = 0
        for gen in list(snaps) + list(journals):
            newest = max(newest, gen)
        self.gen = newest
        doc = None
        chosen = 0
        for gen in sorted(snaps, reverse=True):
            try:
                doc = self._read_snapshot(snaps[gen])
                chosen = gen
                break
            except ValueError as err:  # BadFile, FutureFormat, a document missing its fields
                self._aside(result, snaps[gen], "snapshot %s: %s" % (snaps[gen], err))
            except OSError as err:
                self._aside(result, snaps[gen], "snapshot %s unreadable: %s" % (snaps[gen], err))
        if doc is None:
            for gen in sorted(journals):
                self._aside(result, journals[gen], "journal %s has no snapshot" % journals[gen])
            return
        if chosen != max(snaps):
            discarded.append("went back to the previous snapshot")
            result["dirty"] = True
        result["doc"] = doc
        self._good_gen = chosen
        self.game_id = doc["id"]
        self.entries = 0
        self._journal_started = False
        seq = doc["seq"]
        entries = result["entries"]
        for gen in sorted(journals):
            if gen < chosen:
                continue
            name = journals[gen]
            if gen != chosen:
                result["dirty"] = True  # a journal beyond the snapshot: compact it all again
            good, seq = self._read_journal(result, name, doc["id"], seq, entries)
            if not good:
                break
            if gen == self.gen and not result["dirty"] and good == "headed":
                self._journal_started = True  # appends continue this file
                self.entries = len(entries)

    def _read_snapshot(self, name):
        doc = container.decode(container.SNAPSHOT, self.files.read(join(self.game_dir, name)))
        for key, kind in (("id", int), ("seq", int), ("game", str), ("moves", list)):
            if not isinstance(doc.get(key), kind):
                raise container.BadFile("no %s in the document" % key)
        return doc

    def _read_journal(self, result, name, game_id, seq, entries):
        """Append the entries of one journal that continue seq; returns (status, last seq) where
        status is "" after a problem, "empty" for an empty file, "headed" when all was good."""
        try:
            found_id, found, problem = journal.parse(self.files.read(join(self.game_dir, name)))
        except journal.FutureFormat as err:
            self._aside(result, name, "journal %s: %s" % (name, err))
            return "", seq
        except OSError as err:
            self._aside(result, name, "journal %s unreadable: %s" % (name, err))
            return "", seq
        if found_id is not None and found_id != game_id:
            self._aside(result, name, "journal %s belongs to another game" % name)
            return "", seq
        for op, arg, entry_seq in found:
            if entry_seq <= seq:
                continue  # already inside the snapshot
            if entry_seq != seq + 1:
                self._aside(result, name, "journal %s skips from %d to %d" % (name, seq, entry_seq))
                return "", seq
            entries.append((op, arg, entry_seq))
            seq = entry_seq
        if problem == "short":
            result["discarded"].append("an unfinished last action was dropped")
            result["dirty"] = True
            return "", seq
        if problem:
            self._aside(result, name, "journal %s: %s" % (name, problem))
            return "", seq
        return ("headed" if found_id is not None else "empty"), seq

    def _aside(self, result, name, why):
        result["discarded"].append(why)
        result["dirty"] = True
        moved = self._quarantine(join(self.game_dir, name), name)
        if moved:
            result["quarantined"].append(moved)

    def quarantine_current(self):
        """Move every file of the current game aside (its record would not replay)."""
        moved = []
        for name in self._list(self.game_dir):
            new = self._quarantine(join(self.game_dir, name), name)
            if new:
                moved.append(new)
        self.game_id = 0
        return moved

    # -- quarantine -----------------------------------------------------------------------------
    def _quarantine(self, path, name):
        """Rename a bad file into the quarantine folder; if even that fails, delete it."""
        try:
            self._ensure(self.quarantine_dir)
            kept = self.quarantined()
            number = _quarantine_number(kept[-1]) + 1 if kept else 1
            while len(kept) >= self.quarantine_limit:
                self.files.remove_quietly(join(self.quarantine_dir, kept.pop(0)))
            new = "q%d-%s" % (number, name)
            self.files.rename(path, join(self.quarantine_dir, new))
            return new
        except OSError:
            self.files.remove_quietly(path)
            return None

    def quarantined(self):
        """Names in the quarantine folder, oldest first."""
        names = [n for n in self._list(self.quarantine_dir) if _quarantine_number(n) >= 0]
        names.sort(key=_quarantine_number)
        return names

    def read_quarantined(self, name):
        return self.files.read(join(self.quarantine_dir, name))

    def _make_room(self):
        """On a full filesystem, give up the quarantine first; True if anything was freed."""
        kept = self.quarantined()
        for name in kept:
            self.files.remove_quietly(join(self.quarantine_dir, name))
        return bool(kept)

    # -- history --------------------------------------------------------------------------------
    def archive(self, doc):
        """Keep a finished game; returns its history id. Archiving the same game twice is a no-op."""
        self._ensure(self.history_dir)
        found = self._history_names()
        numbers = sorted(found)
        if numbers:
            try:
                last = self.read_history(numbers[-1])
                if last.get("id") == doc.get("id") and last.get("moves") == doc.get("moves"):
                    return numbers[-1]
            except (ValueError, OSError):
                pass
        ident = numbers[-1] + 1 if numbers else 1
        data = container.encode(container.HISTORY, doc)
        self.files.write_atomic(join(self.history_dir, "h%d" % ident), data)
        self.bytes_written += len(data)
        numbers.append(ident)
        while len(numbers) > self.history_limit:
            self.files.remove_quietly(join(self.history_dir, "h%d" % numbers.pop(0)))
        return ident

    def _history_names(self):
        return _numbered(self._list(self.history_dir), "h")

    def list_history(self):
        """Summaries of the kept games, oldest first: id, game, finished, moves, rounds, names,
        returns; a damaged entry has id and error instead."""
        out = []
        for ident in sorted(self._history_names()):
            try:
                doc = self.read_history(ident)
                out.append({"id": ident, "game": doc.get("game"), "finished": doc.get("finished"),
                            "moves": len(doc.get("moves") or ()), "rounds": doc.get("rounds"),
                            "names": doc.get("names"), "returns": doc.get("returns")})
            except (ValueError, OSError) as err:
                out.append({"id": ident, "error": str(err)})
        return out

    def history_bytes(self, ident):
        """The stored file as it is on flash (header line + JSON), for the host to pull."""
        return self.files.read(join(self.history_dir, "h%d" % ident))

    def read_history(self, ident):
        """The record of one kept game (engine.registry.replay accepts it); raises
        container.BadFile if damaged, OSError if there is no such game."""
        return container.decode(container.HISTORY, self.history_bytes(ident))

    def remove_history(self, ident):
        self.files.remove(join(self.history_dir, "h%d" % ident))

    # -- helpers --------------------------------------------------------------------------------
    def _list(self, folder):
        try:
            return sorted(self.files.listdir(folder))
        except OSError:
            return []

    def _ensure(self, folder):
        self.files.makedirs(folder)
