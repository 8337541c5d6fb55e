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


def _number(name, prefix):
    """N of a file name prefix + N (digits only), or -1."""
    digits = name[len(prefix):]
    return int(digits) if name.startswith(prefix) and digits.isdigit() else -1


def _numbers(names, prefix):
    """The numbers N of the names prefix + N, smallest first."""
    found = []
    for name in names:
        number = _number(name, prefix)
        if number >= 0:
            found.append(number)
    found.sort()
    return found


def _entry_key(name):
    """(game id, seq) of an entry file name "e<id>.<seq>", or None."""
    dot = name.find(".")
    key = (_number(name[:dot], "e"), _number(name[dot:], "."))
    return key if min(key) >= 0 else None


def _quarantine_number(name):
    """K of a quarantine file name "q<K>-<name>", or -1."""
    return _number(name.split("-")[0], "q") if "-" in name else -1


def _trouble(what, err):
    """Why a file was set aside: the check it failed, or what kept it from being read."""
    if isinstance(err, ValueError):  # container.BadFile, journal.FutureFormat, ...
        return "%s: %s" % (what, err)
    return "%s unreadable: %r" % (what, err)  # OSError, MemoryError, a parser's recursion


class Store:
    def __init__(self, root="/", files=None, history_limit=20, quarantine_limit=8,
                 compact_every=32, max_read=MAX_READ):
        """history_limit: finished games kept; quarantine_limit: bad files kept; compact_every:
        journal entries between snapshots (the journal files a boot reads at most)."""
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
    def snapshot(self, doc):
        """Save the whole session document as the next generation; returns the game id.

        A document with id 0 starts a new game: the previous game's files are removed first and
        the game id is the generation of this first snapshot.
        """
        gen = self.gen + 1
        if not doc["id"]:
            self.clear()
            self.files.makedirs(self.game_dir)
            doc["id"] = gen
        data = container.encode(container.SNAPSHOT, doc)
        path = join(self.game_dir, "s%d" % gen)
        try:
            self.files.write_atomic(path, data)
        except OSError as err:
            kept = self.quarantined() if err.args and err.args[0] == ENOSPC else ()
            if not kept:
                raise
            for name in kept:  # a full filesystem gives up the quarantine first, then retries
                self.files.remove_quietly(join(self.quarantine_dir, name))
            self.files.write_atomic(path, data)
        self.bytes_written += len(data)
        self.game_id = doc["id"]
        # The previous good snapshot stays as the fallback of this one: the older snapshots,
        # the entries the fallback already contains and the entries of other games go.
        for name in self._list(self.game_dir):
            key = _entry_key(name)
            if (key and (key[0] != self.game_id or key[1] <= self._good_seq)
                    or -1 < _number(name, "s") < self._good_gen):
                self.files.remove_quietly(join(self.game_dir, name))
        self.gen = self._good_gen = gen
        self._good_seq = doc["seq"]
        self.entries = 0
        return self.game_id

    def append(self, op, arg, seq):
        """One journal entry, on flash before returning; True when a snapshot is due."""
        data = journal.encode(op, arg, seq)
        with self.files.open(join(self.game_dir, "e%d.%d" % (self.game_id, seq)), "wb") as f:
            f.write(data)
        self.entries += 1
        self.bytes_written += len(data)
        return self.entries >= self.compact_every

    def clear(self):
        """Remove the current game's files (after archiving it): snapshots first ("s" sorts
        after "e"), so a cut halfway leaves nothing that could be resumed."""
        for name in reversed(self._list(self.game_dir)):
            self.files.remove_quietly(join(self.game_dir, name))
        self.game_id = 0
        self.entries = 0

    # -- boot -----------------------------------------------------------------------------------
    def load(self):
        """Find the unfinished game. Never raises; returns a dict:
        doc (the snapshot document or None), entries ((op, arg, seq) after it, in order),
        discarded (sentences; any: write a fresh snapshot), quarantined (file names).
        """
        result = {"doc": None, "entries": [], "discarded": [], "quarantined": []}
        try:
            self._load(result)
        except Exception as err:  # the filesystem itself failing must not stop the boot
            result["discarded"].append("storage error at boot: %r" % (err,))
        return result

    def _load(self, result):
        discarded = result["discarded"]
        snaps = {}  # generation -> file name
        entries = {}  # (game id, seq) -> file name
        for name in self._list(self.game_dir):
            key = _entry_key(name)
            gen = _number(name, "s")
            if key:
                entries[key] = name
            elif gen >= 0:
                snaps[gen] = name
            elif name.endswith(".tmp"):  # a snapshot cut before its rename: the old one stands
                self.files.remove_quietly(join(self.game_dir, name))
            else:
                self._aside(result, name, "unknown file %s" % name)
        self.gen = max(snaps) if snaps else 0
        doc = None
        gen = 0
        for gen in sorted(snaps, reverse=True):
            name = snaps[gen]
            try:
                doc = container.decode(container.SNAPSHOT,
                                       self.files.read(join(self.game_dir, name), self.max_read))
                for key, kind in (("id", int), ("seq", int), ("game", str), ("moves", list)):
                    if not isinstance(doc.get(key), kind):
                        raise container.BadFile("no %s in the document" % key)
                break
            except Exception as err:
                doc = None
                self._aside(result, name, _trouble("snapshot " + name, err))
        mine = {}
        for key, name in entries.items():
            if doc is not None and key[0] == doc["id"]:
                mine[key[1]] = name
            else:  # another game's leftovers (a cut while clearing it), or no snapshot at all
                self.files.remove_quietly(join(self.game_dir, name))
        if doc is None:
            if entries:
                discarded.append("%d journal entries without a snapshot dropped" % len(entries))
            return
        if gen != self.gen:
            discarded.append("went back to the previous snapshot")
        result["doc"] = doc
        self.game_id = doc["id"]
        self._good_gen = gen
        self._good_seq = doc["seq"]
        self._read_entries(result, mine, doc["seq"])
        self.entries = len(result["entries"])

    def _read_entries(self, result, mine, seq):
        """The entries that continue seq, in order; the first bad one ends the journal."""
        last = max(mine) if mine else seq
        while seq + 1 in mine:
            name = mine.pop(seq + 1)
            path = join(self.game_dir, name)
            try:
                op, arg = journal.decode(self.files.read(path, 4 * journal.ENTRY_SIZE), seq + 1)
            except Exception as err:
                if str(err) == "short" and seq + 1 == last:  # the one being written at the cut
                    result["discarded"].append("an unfinished last action was dropped")
                    self.files.remove_quietly(path)
                else:
                    self._aside(result, name, _trouble("journal entry " + name, err))
                break
            seq += 1
            result["entries"].append((op, arg, seq))
        later = 0  # beyond a damaged or missing entry: unreachable, and in the way of new ones
        for number in mine:
            if number > seq:
                later += 1
                self.files.remove_quietly(join(self.game_dir, mine[number]))
        if later:
            result["discarded"].append("%d later journal entries dropped" % later)

    def _aside(self, result, name, why):
        result["discarded"].append(why)
        self._quarantine(name, result["quarantined"])

    def quarantine_current(self):
        """Set the current game aside (its record would not replay): its snapshots go to the
        quarantine, its journal entries are removed. Returns the quarantined names."""
        moved = []
        for name in self._list(self.game_dir):
            if name.startswith("s"):
                self._quarantine(name, moved)
        self.clear()
        return moved

    # -- quarantine -----------------------------------------------------------------------------
    def _quarantine(self, name, moved):
        """Rename a bad file of the game folder into the quarantine folder and add its new name
        to moved; if even that fails, delete it."""
        path = join(self.game_dir, name)
        try:
            self.files.makedirs(self.quarantine_dir)
            kept = self.quarantined()
            number = _quarantine_number(kept[-1]) + 1 if kept else 1
            while len(kept) >= self.quarantine_limit:
                self.files.remove_quietly(join(self.quarantine_dir, kept.pop(0)))
            new = "q%d-%s" % (number, name)
            self.files.rename(path, join(self.quarantine_dir, new))
            moved.append(new)
        except OSError:
            self.files.remove_quietly(path)

    def quarantined(self):
        """Names in the quarantine folder, oldest first."""
        names = [n for n in self._list(self.quarantine_dir) if _quarantine_number(n) >= 0]
        names.sort(key=_quarantine_number)
        return names

    def read_quarantined(self, name):
        return self.files.read(join(self.quarantine_dir, name))

    # -- history --------------------------------------------------------------------------------
    def archive(self, doc):
        """Keep a finished game; returns its history id. Archiving the same game twice is a no-op."""
        self.files.makedirs(self.history_dir)
        numbers = _numbers(self._list(self.history_dir), "h")
        ident = 1
        if numbers:
            ident = numbers[-1] + 1
            try:
                last = self.read_history(numbers[-1])
                if last.get("id") == doc.get("id") and last.get("moves") == doc.get("moves"):
                    return numbers[-1]
            except (ValueError, OSError):
                pass
        data = container.encode(container.HISTORY, doc)
        self.files.write_atomic(join(self.history_dir, "h%d" % ident), data)
        self.bytes_written += len(data)
        numbers.append(ident)
        while len(numbers) > self.history_limit:
            self.files.remove_quietly(join(self.history_dir, "h%d" % numbers.pop(0)))
        return ident

    def list_history(self):
        """Summaries of the kept games, oldest first: id, game, finished, moves, rounds, names,
        returns; a damaged entry has id and error instead."""
        out = []
        for ident in _numbers(self._list(self.history_dir), "h"):
            summary = {"id": ident}
            try:
                doc = self.read_history(ident)
                for key in ("game", "finished", "rounds", "names", "returns"):
                    summary[key] = doc.get(key)
                summary["moves"] = len(doc.get("moves") or ())
            except (ValueError, OSError) as err:
                summary["error"] = str(err)
            out.append(summary)
        return out

    def history_bytes(self, ident):
        """The stored file as it is on flash (header line + JSON), for the host to pull."""
        return self.files.read(join(self.history_dir, "h%d" % ident), self.max_read)

    def read_history(self, ident):
        """The record of one kept game (engine.play.replay accepts it); raises
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
