"""The store behind app.session.Session: the current game on flash, finished games, quarantine.

Layout under root (on the board "/", littlefs):
  game/s<N>            snapshot generation N: the session document (container "TTS")
  game/e<id>.<seq>     journal entry number seq of game id: 12 bytes (store.journal)
  history/h<K>         finished or abandoned games (container "TTH"); the oldest dropped first
  quarantine/q<K>-<name>   files that failed their checks, kept for the host to pull

Why one small file per journal entry: littlefs never programs a block twice between erases, so
appending to a file copies its last block every time (measured: 0.86 block erases and 464
programmed bytes per 12-byte append). A file of 12 bytes lives inline in the directory's metadata
log instead: creating it is one small commit (0.07 erases, 242 bytes per entry, deleting it
included). The entry files of a game form its journal; their names give the order and each
carries its own sequence number and checksum.

Every game starts with a snapshot; the game id is the generation of that first snapshot. A new
snapshot (compaction) gets the next generation; the previous good one and the entries after it
are kept, so a damaged snapshot falls back to it and loses nothing. Nothing read at boot may
raise: load() reports what it discarded and moves bad files aside.
"""

from store import container, journal
from store.files import ENOSPC, MAX_READ, Files, join

COMPACT_EVERY = 32  # entries between snapshots: the journal files a boot reads at most
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


def _entry_key(name):
    """(game id, seq) of an entry file name "e<id>.<seq>", or None."""
    dot = name.find(".")
    if not name.startswith("e") or dot < 2:
        return None
    ident = name[1:dot]
    seq = name[dot + 1:]
    if ident.isdigit() and seq.isdigit():
        return int(ident), int(seq)
    return None


def _quarantine_number(name):
    dash = name.find("-")
    digits = name[1:dash] if dash > 1 else ""
    return int(digits) if name.startswith("q") and digits.isdigit() else -1


class Store:
    def __init__(self, root="/", files=None, history_limit=HISTORY_LIMIT,
                 quarantine_limit=QUARANTINE_LIMIT, compact_every=COMPACT_EVERY, max_read=MAX_READ):
        self.files = files or Files()
        self.max_read = max_read  # the longest snapshot or history file read back
        self.game_dir = join(root, "game")
        self.history_dir = join(root, "history")
        self.quarantine_dir = join(root, "quarantine")
        self.history_limit = history_limit
        self.quarantine_limit = quarantine_limit
        self.compact_every = compact_every
        self.gen = 0  # the highest generation used; the next snapshot gets gen + 1
        self._good_gen = 0  # the newest snapshot known good: the fallback of the next one
        self._good_seq = 0  # its sequence number
        self.game_id = 0
        self.entries = 0  # journal entries since the snapshot
        self.bytes_written = 0  # what this store handed to the filesystem, for the bench

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
        """Compact: the whole session document as a new generation."""
        if not self.game_id:
            self.start(doc)
            return
        doc["id"] = self.game_id
        fallback_gen = self._good_gen
        fallback_seq = self._good_seq
        self._write_snapshot(self.gen + 1, doc)
        self._drop_before(fallback_gen, fallback_seq)

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
        self._good_seq = doc["seq"]
        self.entries = 0

    def wants_snapshot(self):
        return self.entries >= self.compact_every or not self.game_id

    def append(self, op, arg, seq):
        """One journal entry, on flash before returning."""
        data = journal.encode(op, arg, seq)
        with self.files.open(join(self.game_dir, "e%d.%d" % (self.game_id, seq)), "wb") as f:
            f.write(data)
        self.entries += 1
        self.bytes_written += len(data)

    def clear(self):
        """Remove the current game's files (after archiving it): snapshots first, so a cut
        halfway leaves nothing that could be resumed."""
        names = self._list(self.game_dir)
        for name in names:
            if name.startswith("s"):
                self.files.remove_quietly(join(self.game_dir, name))
        for name in names:
            if not name.startswith("s"):
                self.files.remove_quietly(join(self.game_dir, name))
        self.game_id = 0
        self.entries = 0

    def _drop_before(self, keep_gen, keep_seq):
        """Remove the snapshots older than keep_gen and the entries it already contains."""
        for name in self._list(self.game_dir):
            key = _entry_key(name)
            if key is not None:
                if key[0] != self.game_id or key[1] <= keep_seq:
                    self.files.remove_quietly(join(self.game_dir, name))
            elif name.startswith("s") and name[1:].isdigit() and int(name[1:]) < keep_gen:
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
        except Exception as err:  # the filesystem itself failing must not stop the boot
            result["discarded"].append("storage error at boot: %r" % (err,))
            result["dirty"] = True
        return result

    def _load(self, result):
        discarded = result["discarded"]
        names = self._list(self.game_dir)
        snaps = _numbered(names, "s")
        entries_of = {}  # game id -> {seq: name}
        for name in names:
            key = _entry_key(name)
            if key is not None:
                if key[0] not in entries_of:
                    entries_of[key[0]] = {}
                entries_of[key[0]][key[1]] = name
            elif name.endswith(".tmp"):  # a snapshot cut before its rename: the old one stands
                self.files.remove_quietly(join(self.game_dir, name))
            elif name not in snaps.values():
                self._aside(result, name, "unknown file %s" % name)
        self.gen = max(snaps) if snaps else 0
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
            except Exception as err:  # e.g. MemoryError, or a parser's recursion on garbage
                self._aside(result, snaps[gen], "snapshot %s unreadable: %r" % (snaps[gen], err))
        mine = {}
        for ident in entries_of:
            if doc is not None and ident == doc["id"]:
                mine = entries_of[ident]
            else:  # another game's leftovers (a cut while clearing it), or no snapshot at all
                for name in entries_of[ident].values():
                    self.files.remove_quietly(join(self.game_dir, name))
                if doc is None:
                    discarded.append("%d journal entries without a snapshot dropped"
                                     % len(entries_of[ident]))
                    result["dirty"] = True
        if doc is None:
            return
        if chosen != max(snaps):
            discarded.append("went back to the previous snapshot")
            result["dirty"] = True
        result["doc"] = doc
        self.game_id = doc["id"]
        self._good_gen = chosen
        self._good_seq = doc["seq"]
        self._read_entries(result, mine, doc["seq"])
        self.entries = len(result["entries"])

    def _read_snapshot(self, name):
        doc = container.decode(container.SNAPSHOT,
                               self.files.read(join(self.game_dir, name), self.max_read))
        for key, kind in (("id", int), ("seq", int), ("game", str), ("moves", list)):
            if not isinstance(doc.get(key), kind):
                raise container.BadFile("no %s in the document" % key)
        return doc

    def _read_entries(self, result, mine, seq):
        """The entries that continue seq, in order; the first bad one ends the journal."""
        entries = result["entries"]
        last = max(mine) if mine else seq
        while seq + 1 in mine:
            name = mine.pop(seq + 1)
            try:
                data = self.files.read(join(self.game_dir, name), 4 * journal.ENTRY_SIZE)
                op, arg = journal.decode(data, seq + 1)
            except ValueError as err:  # FutureFormat is a ValueError too
                if str(err) == "short" and seq + 1 == last:
                    result["discarded"].append("an unfinished last action was dropped")
                    result["dirty"] = True
                    self.files.remove_quietly(join(self.game_dir, name))
                else:
                    self._aside(result, name, "journal entry %s: %s" % (name, err))
                break
            except Exception as err:  # OSError, MemoryError: the entry cannot be read
                self._aside(result, name, "journal entry %s unreadable: %r" % (name, err))
                break
            seq += 1
            entries.append((op, arg, seq))
        later = [name for number, name in mine.items() if number > seq]
        if later:  # beyond a damaged or missing entry: unreachable, and in the way of new ones
            result["discarded"].append("%d later journal entries dropped" % len(later))
            result["dirty"] = True
            for name in later:
                self.files.remove_quietly(join(self.game_dir, name))

    def _aside(self, result, name, why):
        result["discarded"].append(why)
        result["dirty"] = True
        moved = self._quarantine(join(self.game_dir, name), name)
        if moved:
            result["quarantined"].append(moved)

    def quarantine_current(self):
        """Set the current game aside (its record would not replay): its snapshots go to the
        quarantine, its journal entries are removed."""
        moved = []
        for name in self._list(self.game_dir):
            if name.startswith("s"):
                new = self._quarantine(join(self.game_dir, name), name)
                if new:
                    moved.append(new)
        self.clear()
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
        return self.files.read(join(self.history_dir, "h%d" % ident), self.max_read)

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
