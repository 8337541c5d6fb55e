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

Snapshots and history files are container files (store.container), written and read back in
pieces: no buffer here grows with the game.

Every game starts with a snapshot; the game id is the generation of that first snapshot. A new
snapshot (compaction) gets the next generation; the previous good one and the entries after it
are kept, so a damaged snapshot falls back to it and loses nothing. Nothing read at boot may
raise: the boot reports what it discarded and moves bad files aside.

The store keeps track of what the game folder holds once it has seen it all (a snapshot's cleanup
or clear that listed it, every removal done): then later cleanups remove by name what it wrote
(the fallback's predecessor, the entries the fallback holds) without listing the folder, whose
listing costs a string and more a file on the board's heap at every snapshot. Anything it did not
write itself or could not remove (a boot's leftovers of a cut, a removal or a write that failed,
a file of another kind) makes the next cleanup list the folder again, as the first one after a
boot always does; the files removed and their order are those the listing would give. What the files hold is
checked by the session (app.session), which knows the games; journal_problem is the one rule
about the files themselves, shared by the writer (snapshot) and the boot.
"""

from store import container, journal
from store.files import ENOSPC, MAX_READ, Files, join

_QUARANTINE_READ = 65536


def _digits(name, start, end):
    """The number name[start:end] spells (ASCII digits only, at least one), or -1. Read a
    character at a time, not sliced: a snapshot reads every name of the game folder."""
    if start >= end:
        return -1
    number = 0
    for i in range(start, end):
        digit = ord(name[i]) - 48
        if digit < 0 or digit > 9:
            return -1
        number = number * 10 + digit
    return number


def _number(name, prefix):
    """N of a file name prefix + N (digits only), or -1."""
    return _digits(name, len(prefix), len(name)) if name.startswith(prefix) else -1


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
    if dot < 0 or not name.startswith("e"):
        return None
    game = _digits(name, 1, dot)
    seq = _digits(name, dot + 1, len(name))
    return (game, seq) if game >= 0 and seq >= 0 else None


def quarantine_number(name):
    """K of a quarantine file name "q<K>-<name>", or -1."""
    return _number(name.split("-")[0], "q") if "-" in name else -1


def journal_problem(ident, seq, journal):
    """Why a snapshot of game ident that holds operations 1..seq cannot be the one the journal
    entries beside it belong to (journal: their (game id, seq) pairs), or None.

    Every operation's entry is written before any snapshot that holds it, and entries are
    deleted only once the snapshot before the newest holds them. So beside the newest snapshot,
    and beside the one before it (its fallback), the game's journal is empty or holds the entry
    of the snapshot's last operation or of the one after it. Entries of another game can only be
    leftovers of a removal that failed, beside a new game's first snapshot (seq 0).
    """
    own = [number for game, number in journal if game == ident]
    if own:
        if seq not in own and seq + 1 not in own:
            return "the journal of game %d holds entries %d..%d, neither %d nor %d" % (
                ident, min(own), max(own), seq, seq + 1)
    elif journal and seq:
        return "the journal beside it is of game %d, not of game %d" % (min(journal)[0], ident)
    return None


# What the items of a document's lists may be (type(), not isinstance: JSON true is no number)
def is_name(value):
    return type(value) is str


def is_bot(value):
    return value is None or type(value) is str  # a bot's name, or None for a human


def is_move(value):
    return type(value) is int and 0 <= value <= 0xFFFF


def list_problem(doc, key, good, count=-1, nullable=False):
    """Why doc[key] is not a list (of count items, unless -1) whose items all pass good(), or
    None; nullable: null is accepted too."""
    if key not in doc:
        return "no %s" % key
    value = doc[key]
    if value is None and nullable:
        return None
    if type(value) is not list or (count >= 0 and len(value) != count):
        return "%s must be %s%s, got %s" % (key, "null or " if nullable else "",
                                            "a list" if count < 0 else "a list of %d" % count,
                                            shown(value))
    for item in value:
        if not good(item):
            return "%s holds %s" % (key, shown(item))
    return None


def shown(value):
    """A value read from a file, for an error message: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


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
        # the root as a folder to join a name to ("/" on the board): root_dir + name is a file
        # beside the store's own folders, as the app's files are (app.core: the menu's memory, the self-test's marker)
        self.root_dir = join(root, "")
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
        self.unread = False  # the game folder holds a game the boot had no memory to read
        # When _known: the game folder holds nothing but snapshots of generations
        # _first_gen..gen and entries of game_id numbered _first_seq + 1.._last_entry (some
        # may be missing); otherwise the next cleanup lists it (see the module docstring).
        self._known = False
        self._first_gen = 0
        self._first_seq = 0
        self._last_entry = 0

    # -- the current game -----------------------------------------------------------------------
    def snapshot(self, doc):
        """Save the whole session document as the next generation. Returns True when a boot will
        take it (journal_problem finds nothing: its journal holds its last operation), False
        when it is on flash but its operation's entry is missing (a journal write failed).

        A document with id 0 starts a new game: the previous game's files are removed first and
        the game id, the generation of this first snapshot, is written into doc["id"].
        """
        gen = self.gen + 1
        new = not doc["id"]
        if new:
            self.clear()
            self.files.makedirs(self.game_dir)
            doc["id"] = gen
        elif doc["id"] != self.game_id:  # not the game whose files the store keeps track of
            self._known = False
        try:
            self._write(join(self.game_dir, "s%d" % gen), container.SNAPSHOT,
                        container.Body(doc))
        except BaseException:  # its temp file may be left behind
            self._known = False
            raise
        self.gen = gen  # on flash: even if what follows fails, the next snapshot is gen + 1
        self.game_id = doc["id"]
        # The previous good snapshot stays as the fallback of this one: the older snapshots,
        # the entries the fallback already contains and the entries of other games go.
        kept = self._drop_known() if self._known else self._drop_listed(doc["seq"])
        self._good_gen = gen
        self._good_seq = doc["seq"]
        self.entries = 0
        return journal_problem(self.game_id, doc["seq"], kept) is None

    def append(self, op, arg, seq):
        """One journal entry, on flash before returning; True when a snapshot is due."""
        data = journal.encode(op, arg, seq)
        path = self._entry_path(self.game_id, seq)
        try:
            with self.files.open(path, "wb") as f:
                f.write(data)
        except Exception:  # OSError, MemoryError: a torn entry would stop the journal at boot
            if not self.files.remove_quietly(path):
                self._known = False
            raise
        if self._last_entry <= self._first_seq:  # the first on flash: the range starts here
            self._first_seq = seq - 1
        elif seq <= self._first_seq:  # out of the range the store keeps track of
            self._known = False
        self._last_entry = max(self._last_entry, seq)
        self.entries += 1
        self.bytes_written += len(data)
        return self.entries >= self.compact_every

    def clear(self):
        """Remove the current game's files (after archiving it): snapshots first ("s" sorts
        after "e"), so a cut halfway leaves nothing that could be resumed. When the boot could
        not read the game there (unread), its snapshots go to the quarantine instead, for the
        host to pull: that game was never archived."""
        unread = self.unread
        self.unread = False
        gone = True  # every file of the folder removed
        if self._known and not unread:
            snapshot = self._numbered("s")
            for gen in range(self.gen, self._first_gen - 1, -1):
                gone = self.files.remove_quietly(snapshot % gen) and gone
            entry = self._numbered("e%d." % self.game_id)
            for seq in range(self._last_entry, self._first_seq, -1):
                gone = self.files.remove_quietly(entry % seq) and gone
        else:
            names = self._names(self.game_dir)
            gone = names is not None and not unread  # the quarantine's own removals are quiet
            for name in reversed(names or []):
                if unread and _number(name, "s") >= 0:
                    self._quarantine(name, [])
                else:
                    gone = self.files.remove_quietly(join(self.game_dir, name)) and gone
        self._known = gone
        self._first_gen = self.gen + 1
        self._first_seq = self._last_entry = 0
        self.game_id = 0
        self.entries = 0

    def _drop_known(self):
        """The cleanup of a snapshot when the store knows what the folder holds: the entries up
        to the previous snapshot's seq and the snapshots before it, by name; returns the
        (game id, seq) of an entry kept beside the new snapshot, the newest, if any (all
        journal_problem needs of them: none is newer than the snapshot)."""
        upto = min(self._good_seq, self._last_entry)
        gone = True
        entry = self._numbered("e%d." % self.game_id)
        for seq in range(self._first_seq + 1, upto + 1):
            gone = self.files.remove_quietly(entry % seq) and gone
        snapshot = self._numbered("s")
        for gen in range(self._first_gen, self._good_gen):
            gone = self.files.remove_quietly(snapshot % gen) and gone
        self._first_seq = max(self._first_seq, upto)
        self._first_gen = max(self._first_gen, self._good_gen)
        self._known = gone
        return [(self.game_id, self._last_entry)] if self._last_entry > self._first_seq else []

    def _drop_listed(self, seq):
        """The cleanup of a snapshot (holding operations 1..seq) from a listing of the folder;
        returns the (game id, seq) of the entries kept. The store knows the folder after it
        when every removal was done and nothing else is there."""
        kept = []
        known = True
        first_gen = self.gen
        first_seq = seq
        last = 0
        names = self._names(self.game_dir)
        for name in names or []:
            key = _entry_key(name)
            number = _number(name, "s")
            if (key and (key[0] != self.game_id or key[1] <= self._good_seq)
                    or -1 < number < self._good_gen):
                known = self.files.remove_quietly(join(self.game_dir, name)) and known
            elif key:
                kept.append(key)
                first_seq = min(first_seq, key[1] - 1)
                last = max(last, key[1])
            elif -1 < number <= self.gen:
                first_gen = min(first_gen, number)
            else:  # not a file the store writes there (a temp file, say)
                known = False
        self._known = known and names is not None
        self._first_gen = first_gen
        self._first_seq = first_seq
        self._last_entry = max(last, first_seq)
        return kept

    # -- boot -----------------------------------------------------------------------------------
    # The session resumes in three steps: load() lists what is on flash, the session reads the
    # snapshots newest first (read_snapshot) with the journal entries after each (read_entry),
    # checks them and sets aside the ones that fail (set_aside), then settle() keeps the journal
    # of the game it resumed and removes the rest. Nothing of these raises but the two reads.
    def load(self):
        """What the game folder holds. Never raises; returns a dict:
        snapshots (their generations, newest first), journal (the (game id, seq) of every entry
        file), discarded (sentences; any: write a fresh snapshot), quarantined (file names).
        Temp files of cut snapshot writes are removed and unknown files set aside.
        """
        report = {"snapshots": [], "journal": set(), "discarded": [], "quarantined": []}
        self._known = False
        try:
            for name in self.listed(self.game_dir):
                key = _entry_key(name)
                gen = _number(name, "s")
                if key:
                    report["journal"].add(key)
                elif gen >= 0:
                    report["snapshots"].append(gen)
                elif name.endswith(".tmp"):  # a snapshot cut before its rename: the old one stands
                    self.files.remove_quietly(join(self.game_dir, name))
                else:
                    self._aside(report, name, "unknown file %s" % name)
        except Exception as err:  # the filesystem itself failing must not stop the boot
            report["discarded"].append("storage error at boot: %r" % (err,))
        report["snapshots"].sort(reverse=True)
        self.gen = report["snapshots"][0] if report["snapshots"] else 0
        return report

    def read_snapshot(self, gen):
        """The store.reader.Document of snapshot generation gen, as far as the container can tell
        it good (its moves read on demand): raises container.BadFile (or FutureFormat), OSError,
        ValueError for a file over max_read."""
        return self._open(join(self.game_dir, "s%d" % gen), container.SNAPSHOT)

    def read_entry(self, ident, seq):
        """(op, arg) of journal entry seq of game ident; raises ValueError ("short" for one cut
        while written) or OSError."""
        return journal.decode(self.files.read(self._entry_path(ident, seq),
                                              4 * journal.ENTRY_SIZE), seq)

    def set_aside(self, report, gen, err):
        """Quarantine snapshot generation gen, which failed a check (err says which)."""
        self._aside(report, "s%d" % gen, _trouble("snapshot s%d" % gen, err))

    def settle(self, report, ident=0, gen=0, seq=0, reached=0, stop=None):
        """Resume game ident from snapshot generation gen (holding operations 1..seq) with its
        journal applied up to reached; ident 0: nothing resumed. stop: (error, damaged) for the
        entry reached + 1 that ended the journal: damaged (it failed its own checks) or not (it
        did not apply), it is quarantined, except a short last entry (the one being written at
        a cut), which is removed. Every later entry and every entry of another game is removed,
        so no boot can apply them."""
        entries = report["journal"]
        later = 0
        for key in entries:
            if key[0] == ident and key[1] <= reached:
                continue
            name = "e%d.%d" % key
            if key[0] != ident and ident:  # another game's leftovers (a cut while clearing it)
                self.files.remove_quietly(join(self.game_dir, name))
            elif key[1] == reached + 1 and stop is not None:
                err, damaged = stop
                last = max(n for g, n in entries if g == ident)
                if damaged and str(err) == "short" and key[1] == last:
                    report["discarded"].append("an unfinished last action was dropped")
                    self.files.remove_quietly(join(self.game_dir, name))
                else:
                    what = "journal entry " + name + ("" if damaged else " does not apply")
                    self._aside(report, name, _trouble(what, err))
            else:
                later += 1
                self.files.remove_quietly(join(self.game_dir, name))
        if not ident:
            if later:
                report["discarded"].append("%d journal entries without a snapshot dropped" % later)
            return
        if later:  # beyond a damaged or missing entry: unreachable, and in the way of new ones
            report["discarded"].append("%d later journal entries dropped" % later)
        if gen != self.gen:
            report["discarded"].append("went back to the previous snapshot")
        self.game_id = ident
        self._good_gen = gen
        self._good_seq = seq
        self.entries = reached - seq

    def _aside(self, report, name, why):
        report["discarded"].append(why)
        self._quarantine(name, report["quarantined"])

    # -- quarantine -----------------------------------------------------------------------------
    def _quarantine(self, name, moved):
        """Rename a bad file of the game folder into the quarantine folder and add its new name
        to moved; if even that fails, delete it."""
        path = join(self.game_dir, name)
        try:
            self.files.makedirs(self.quarantine_dir)
            kept = self.quarantined()
            number = quarantine_number(kept[-1]) + 1 if kept else 1
            while len(kept) >= self.quarantine_limit:
                self.files.remove_quietly(join(self.quarantine_dir, kept.pop(0)))
            new = "q%d-%s" % (number, name)
            self.files.rename(path, join(self.quarantine_dir, new))
            moved.append(new)
        except OSError:
            self.files.remove_quietly(path)

    def quarantined(self):
        """Names in the quarantine folder, oldest first."""
        names = [n for n in self.listed(self.quarantine_dir) if quarantine_number(n) >= 0]
        names.sort(key=quarantine_number)
        return names

    def read_quarantined(self, name):
        """A quarantined file whole, 64 KB at most: for tests and tools (pull_file sends it in
        pieces: proto.quarantine). What the history holds is read by store.pages."""
        return self.files.read(join(self.quarantine_dir, name), _QUARANTINE_READ)

    # -- history --------------------------------------------------------------------------------
    def archive(self, doc):
        """Keep a finished game (doc: the history document, its moves an array or a list);
        returns its history id. Archiving the same game twice is a no-op: the last file is
        compared by its header and checksum, not read back."""
        self.files.makedirs(self.history_dir)
        numbers = _numbers(self.listed(self.history_dir), "h")
        body = container.Body(doc)
        ident = 1
        if numbers:
            ident = numbers[-1] + 1
            path = join(self.history_dir, "h%d" % numbers[-1])
            try:
                if container.holds(self.opener(path), self.files.size(path, self.max_read),
                                   container.HISTORY, body):
                    return numbers[-1]
            except (ValueError, OSError):
                pass
        self._write(join(self.history_dir, "h%d" % ident), container.HISTORY, body)
        numbers.append(ident)
        while len(numbers) > self.history_limit:
            self.files.remove_quietly(join(self.history_dir, "h%d" % numbers.pop(0)))
        return ident

    def remove_history(self, ident):
        self.files.remove(join(self.history_dir, "h%d" % ident))

    # -- helpers --------------------------------------------------------------------------------
    def _write(self, path, kind, body):
        """Write body (a container.Body) as a file of that kind, atomically; a full filesystem
        gives up the quarantine first, then the write is tried once more."""
        try:
            self.files.write_atomic(path, body.pieces(kind))
        except OSError as err:
            kept = self.quarantined() if err.args and err.args[0] == ENOSPC else ()
            if not kept:
                raise
            for name in kept:
                self.files.remove_quietly(join(self.quarantine_dir, name))
            self.files.write_atomic(path, body.pieces(kind))
        self.bytes_written += len(body.header(kind)) + body.length

    def opener(self, path):
        """What opens the file path for store.reader.read, afresh at each call."""
        files = self.files
        return lambda: files.open(path, "rb")

    def _open(self, path, kind):
        from store.reader import read  # loaded at a boot's resume, let go after it (app.memory)

        return read(self.opener(path), self.files.size(path, self.max_read), kind)

    def _entry_path(self, ident, seq):
        return join(self.game_dir, "e%d.%d" % (ident, seq))

    def _numbered(self, prefix):
        """The format of the paths of the game folder prefix + N, N given by %."""
        return join(self.game_dir, prefix).replace("%", "%%") + "%d"

    def listed(self, folder):
        """The names in folder, sorted; none when it cannot be listed."""
        return self._names(folder) or []

    def _names(self, folder):
        """The names in folder, sorted; None when it cannot be listed (it may not be there)."""
        try:
            return sorted(self.files.listdir(folder))
        except OSError:
            return None
