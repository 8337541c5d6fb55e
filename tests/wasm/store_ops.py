"""The store's operations on a long game and on short ones, one call each, for
tests/wasm/store_heap.mjs, which reads the heap around each call on the 32-bit WebAssembly port.

The games (COUNTS): the long game of the store's tests (tests/portable/long_game.py: the plan
bots' 3315-move Piccolo game, played here on this port), its first SHORT moves, and its first
PAGE moves (one pull_game page, full). Each lives on a Store of its own folder in the port's
filesystem, the browser simulator's flash. set_up(count) saves the game as play leaves it: a
snapshot JOURNAL moves before its end (long_game.loaded, then Session._save), then those moves
played through Session.act, each one journal entry. Then each operation in turn, in the order a
game meets them after a power cut (OPERATIONS):

  resume         the boot's load of the saved game, Session(Store(root)).resume() as App.boot
                 calls it: the snapshot read in pieces and replayed, then the journal
  save           a compaction of the resumed game, Session._save(), as every 32nd action makes
  compact        the next compaction, as a game meets it between boots: COMPACT_EVERY journal
                 entries appended since the save (operations the session counts, as undo and redo
                 would), then Session._save(): the fallback snapshot and the entries it holds go
  state          get_state, as the host asks it after a boot: the whole game in one line, written
                 by proto.link.Link to a port that keeps nothing (a board's UART sends it on)
  archive        the end of the resumed game, Session.finish(abandon=True): the history file
                 written, then the game's files removed
  archive_again  the same game archived once more (a cut between the archive and the removal):
                 the copy kept is checked by its header and CRC, not read back
  list           list_games in one go: kept_games.list_history
  pull           pull_game, every page: long_game.pull_all, each page's reply encoded as its line

prepare(operation, count) readies one (outside the measure: the caller collects after it);
run() runs it and returns whether it did what it must, so that a figure is never the figure of
an operation that failed. arrays() names the arrays the resumed game holds one item per move in:
the blocks of the engine's move list and of the session's mark of each move (app.session), 256
items a block, allocated as the game grew in play.
"""

from app.session import Session
from kept_games import list_history, read_history
from long_game import LONG, AppStandIn, loaded, long_moves, pull_all
from proto.commands import PAGE
from proto.link import Link
from store.files import Files, join
from store.storage import Store
from web_board import install_urandom

# past two round ends (moves 71 and 142), as the long game is: both hold undo's checkpoints,
# one state's JSON (no moves) for each of the last two rounds, as big in either game
SHORT = 150
COUNTS = (LONG, SHORT, PAGE)
JOURNAL = 10  # moves after the last snapshot: the resume replays them from their entries
COMPACT_EVERY = 32  # Store's compact_every: the entries between two snapshots
OPERATIONS = ("resume", "save", "compact", "state", "archive", "archive_again", "list", "pull")


class Games:
    def __init__(self, root="/flash"):
        install_urandom(1)  # the port has none: the serial link draws its boot id from it
        self.root = root
        self.saved = {}  # count -> the folder of its store
        self.resumed = {}  # count -> the session the resume made
        self.store = None
        self.job = None

    def counts(self):
        """COUNTS and OPERATIONS, for the caller: "count count ...|operation operation ..."."""
        return " ".join(str(c) for c in COUNTS) + "|" + " ".join(OPERATIONS)

    def set_up(self, count):
        """The first count moves of the long game saved on a store of their own."""
        folder = join(self.root, "game%d" % count)
        Files().makedirs(folder)
        session = loaded(count - JOURNAL, Store(folder))
        if not session._save():
            raise RuntimeError("the snapshot of %d moves was not saved" % (count - JOURNAL))
        for move in long_moves()[count - JOURNAL:count]:
            session.act(move)
        if session.unsaved or session.store.entries != JOURNAL:
            raise RuntimeError("the journal of the last %d moves was not saved" % JOURNAL)
        self.saved[count] = folder

    def prepare(self, operation, count):
        if operation == "resume":
            self.job = lambda: self._resume(count)
            return
        session = self.resumed[count]
        store = session.store
        if operation == "save":
            self.job = session._save
        elif operation == "compact":
            for _ in range(COMPACT_EVERY):
                session.seq += 1
                store.append(1, 0, session.seq)  # op 1 (an action), arg 0: no replay reads it
            self.job = session._save
        elif operation == "state":
            port = _Port()
            link = Link(AppStandIn(session), lambda: None, port.write)
            # once before: the first get_state interns each character of the names as it checks
            # them (the port interns a str's characters as it is iterated), once a boot
            if not port.sent(link, count):
                raise RuntimeError("get_state of %d moves was not sent whole" % count)
            port.size = port.lines = 0
            self.job = lambda: port.sent(link, count)
        elif operation == "archive":
            self.job = lambda: session.finish(abandon=True) == 1 and not session.unsaved
        elif operation == "archive_again":
            left = Files().listdir(join(self.saved[count], "game"))
            if left:
                raise RuntimeError("the archive left %s in the game folder" % " ".join(left))
            doc = read_history(store, 1)
            doc["moves"] = session.state.moves  # the game's array, as finish hands it over
            self.job = lambda: store.archive(doc) == 1
        elif operation == "list":
            self.job = lambda: list_history(store)[0]["moves"] == count
        elif operation == "pull":
            # once before: the command's code, loaded for each command and let go after it,
            # interns its names the first time only (the pool of names grows then, once a boot)
            pull_all(store)
            self.job = lambda: pull_all(store) == count
        else:
            raise ValueError("no operation %s (the operations: %s)"
                             % (operation, ", ".join(OPERATIONS)))

    def run(self):
        return self.job() is True

    def _resume(self, count):
        session = Session(Store(self.saved[count]))
        report = session.resume()
        self.resumed[count] = session
        return (report is not None and report["resumed"] and not report["discarded"]
                and len(session.state.moves) == count and session.seq == count)

    def arrays(self, count):
        """The id() of each array of the resumed game that holds its per-move items (the
        blocks of its engine.core.Moves), space-separated (the caller reads where each keeps
        its items)."""
        session = self.resumed[count]
        blocks = []
        for moves in (session.state.moves, session._chance_phases):
            if len(moves) != count:
                raise RuntimeError("a list of %d items in a game of %d moves" % (len(moves), count))
            blocks.extend(moves._chunks)
        return " ".join(str(id(block)) for block in blocks)


class _Port:
    """A serial port that keeps nothing but counts: bytes, and newlines (lines ended)."""

    def __init__(self):
        self.size = 0
        self.lines = 0

    def write(self, data):
        self.size += len(data)
        self.lines += data.count(b"\n")

    def sent(self, link, count):
        """get_state through link: True when its state line and its answer went out whole, the
        moves in them (one byte and a comma a move at least)."""
        reply = link.commands.run_whole({"cmd": "get_state", "id": 1})
        return (reply["playing"] is True and self.lines == 1 and link.lost_lines == 0
                and self.size > 2 * count)
