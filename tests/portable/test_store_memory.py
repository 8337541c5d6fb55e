"""A MemoryError while saving, archiving or resuming is survived like a full flash (issue 13,
item 4, for the session's own paths): the device says so, the game goes on in memory, saving
resumes when it can, and nothing on flash is lost or set aside for it.

The MemoryError is injected where the store allocates: opening a file, writing a piece of it,
reading one back (MemFail, a file layer that raises it on the paths it is told to).
"""

from app.session import Session
from kept_games import list_history, read_history
from store.files import Files, join
from store.storage import Store
from test_store_content import boot
from test_store_files import (
    WrappedFile,
    clean_root,
    fingerprint,
    read_all,
    run_op,
    scratch_root,
    scripted_ops,
)
from test_store_recovery import COMPACT, watched

ENOMEM = 12


class MemFail(Files):
    """Raises MemoryError on the files whose name starts with one of `writes` when they are
    opened for writing (or, with after set, once that many bytes of them are written), and on
    those starting with one of `reads` when they are opened for reading."""

    def __init__(self):
        self.writes = ()
        self.reads = ()
        self.after = -1
        self.raised = 0

    def _hit(self, path, prefixes):
        return path.rsplit("/", 1)[-1].startswith(prefixes)

    def open(self, path, mode):
        if "r" in mode:
            if self.reads and self._hit(path, self.reads):
                self.raised += 1
                raise MemoryError("memory allocation failed, allocating 13264 bytes")
            return Files.open(self, path, mode)
        if self.writes and self._hit(path, self.writes):
            if self.after < 0:
                self.raised += 1
                raise MemoryError("memory allocation failed, allocating 13264 bytes")
            return _FailingFile(Files.open(self, path, mode), self)
        return Files.open(self, path, mode)


class _FailingFile(WrappedFile):
    written = 0

    def write(self, data):
        if self.written + len(data) > self.disk.after:
            self.disk.raised += 1
            raise MemoryError("memory allocation failed, allocating 192 bytes")
        self.written += len(data)
        return self.f.write(data)


def _storage(events):
    return [p for k, p in events if k == "storage"]


def test_a_memory_error_while_saving_is_reported_and_the_game_saves_again():
    for where, writes, after in (("snapshot", ("s",), -1), ("snapshot", ("s",), 200),
                                 ("journal", ("e", "s"), -1)):
        root = scratch_root()
        try:
            files = MemFail()
            session, events = watched(root, files)
            opts, ops, _ = scripted_ops(seed=14, max_ops=60)
            session.new_game("tanturlurette", opts)
            for op in ops[:10]:
                run_op(session, op)
            files.writes, files.after = writes, after
            for op in ops[10:40]:  # two compactions due meanwhile: every save fails
                run_op(session, op)
            assert files.raised, where
            report = _storage(events)
            assert len(report) == 1 and report[0]["ok"] is False, report
            assert report[0]["errno"] == ENOMEM and report[0]["where"] == where, report
            assert report[0]["message"] == "out of memory: playing on in memory"
            assert session.unsaved and session.seq == 40  # the game went on in memory
            assert not [n for n in read_all(root) if n.endswith(".tmp")]  # nothing half written
            stuck, _ = boot(root)  # the flash holds what was saved before: the journal up to
            assert stuck.seq == (10 if where == "journal" else COMPACT), (where, stuck.seq)
            files.writes = ()
            run_op(session, ops[40])
            assert not session.unsaved and _storage(events)[-1] == {"ok": True,
                                                                   "message": "saved again"}
            resumed, report = boot(root)
            assert fingerprint(resumed) == fingerprint(session) and report["discarded"] == []
        finally:
            clean_root(root)


def test_a_memory_error_while_archiving_keeps_the_game_until_it_is_archived():
    root = scratch_root()
    try:
        files = MemFail()
        session, events = watched(root, files)
        opts, ops, _ = scripted_ops(seed=15, max_ops=30)
        session.new_game("tanturlurette", opts, names=["Anne", "Bea", "Cyr", "Dom"])
        for op in ops:
            run_op(session, op)
        finished = list(session.state.moves)
        files.writes = ("h",)
        assert session.finish(abandon=True) is None
        report = _storage(events)
        assert [(p["where"], p["errno"]) for p in report] == [("archive", ENOMEM)]
        assert session.finished and list_history(session.store) == []
        # the next game starts and is played in memory: its first snapshot would remove the
        # files of the game not archived yet, so none is written while the archive fails
        session.new_game("tanturlurette", {"players": 5})
        session.act(session.state.legal_actions()[0])
        assert session.unsaved and list_history(session.store) == []
        kept, _ = boot(root)  # a power cut now resumes the finished game, not lost
        assert list(kept.state.moves) == finished
        # that next game is abandoned too while the flash still fails, and one more starts
        second = list(session.state.moves)
        session.new_game("tanturlurette", {"players": 6})
        assert list_history(session.store) == [] and list(boot(root)[0].state.moves) == finished
        files.writes = ()
        session.act(session.state.legal_actions()[0])  # the archives go first, then the save
        listed = list_history(session.store)
        assert [g["moves"] for g in listed] == [len(finished), len(second)], listed
        assert read_history(session.store, 1)["names"] == ["Anne", "Bea", "Cyr", "Dom"]
        assert not session.unsaved and _storage(events)[-1]["message"] == "saved again"
        resumed, report = boot(root)
        assert fingerprint(resumed) == fingerprint(session) and resumed.state.n == 6
    finally:
        clean_root(root)


def test_a_memory_error_while_resuming_sets_nothing_aside():
    for failing in (("s",), ("e",)):
        root = scratch_root()
        try:
            session = Session(Store(root, compact_every=COMPACT))
            opts, ops, _ = scripted_ops(seed=16, max_ops=40)
            session.new_game("tanturlurette", opts)
            for op in ops:
                run_op(session, op)
            before = read_all(root)
            files = MemFail()
            files.reads = failing
            again = Session(Store(root, files=files, compact_every=COMPACT))
            report = again.resume()
            assert files.raised and again.state is None and report["resumed"] is False
            assert report["discarded"] == [
                "out of memory while resuming: the saved game stays on flash"], report
            assert report["quarantined"] == [] and read_all(root) == before
            resumed, report = boot(root)  # the next boot, with memory to spare
            assert fingerprint(resumed) == fingerprint(session) and report["discarded"] == []
            # a new game started instead: the game never read goes to the quarantine, not away
            files.reads = ()
            again.new_game("tanturlurette", {"players": 5})
            kept = again.store.quarantined()
            assert sorted(n.split("-", 1)[1] for n in kept) == sorted(
                n for n in before if n.startswith("s")), kept
            assert list_history(again.store) == [] and boot(root)[0].state.n == 5
        finally:
            clean_root(root)


def test_the_storage_report_itself_may_run_out_of_memory():
    """When even the event cannot be made, the game still goes on and saves again later."""
    root = scratch_root()
    try:
        files = MemFail()

        def on_event(kind, payload):
            if kind == "storage":
                raise MemoryError("no room for the event")

        session = Session(Store(root, files=files, compact_every=COMPACT), on_event=on_event)
        opts, ops, _ = scripted_ops(seed=17, max_ops=40)
        session.new_game("tanturlurette", opts)
        files.writes = ("e", "s")
        for op in ops[:20]:
            run_op(session, op)
        assert session.unsaved and session.seq == 20
        files.writes = ()
        run_op(session, ops[20])
        assert not session.unsaved
        resumed, _ = boot(root)
        assert fingerprint(resumed) == fingerprint(session)
    finally:
        clean_root(root)


def test_no_temp_file_is_left_when_a_piece_cannot_be_made():
    root = scratch_root()
    try:
        files = MemFail()
        store = Store(root, files=files)
        session = Session(store)
        session.new_game("tanturlurette", {"players": 4})
        files.writes, files.after = ("s",), 40
        doc = session.document()
        try:
            store.snapshot(doc)
            raise AssertionError("the snapshot did not fail")
        except MemoryError:
            pass
        names = Files().listdir(join(root, "game"))
        assert [n for n in names if n.endswith(".tmp")] == [] and "s2" not in names
    finally:
        clean_root(root)
