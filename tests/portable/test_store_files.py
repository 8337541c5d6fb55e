"""Store building blocks (CRC, journal entries, checksummed containers) and the shared fixtures of
the store tests: a scratch folder (a temp dir on CPython, littlefs in RAM on the unix port), a RAM
block device that can cut the power, a file layer that fills up, and a scripted game."""

import os

from app.session import OP_ACT, OP_REDO, OP_UNDO, Session
from engine.core import CHANCE
from engine.rng import Rng
from games.tanturlurette.bots import ThresholdBot
from store import container, journal, reader
from store.files import ENOSPC, Files, crc32, crc32_slow, join
from store.storage import Store
from support import ON_MICROPYTHON, expect_raises

# -- fixtures ---------------------------------------------------------------------------------


class RamBlockDevice:
    """A flash chip in RAM for os.VfsLfs2 (the extended block protocol: erase through ioctl).

    log: when a list, every program and erase is stored in it as (block, offset, data, mark),
    data None for an erase and mark the caller's current `mark` (e.g. the actions confirmed so
    far); log_len counts them. The list is made long enough up front: growing a long list
    needs one big free block, which a fragmented unix-port heap may not have. apply(entry, torn) replays one of them on another device: a power cut is then any
    prefix of the log, with the next write lost or, torn, half done.
    """

    def __init__(self, block_count=64, block_size=512):
        self.block_size = block_size
        self.block_count = block_count
        self.data = bytearray(b"\xff" * (block_count * block_size))
        # reads, writes and erases allocate nothing big, as on a board (the heap tests
        # measure the store's largest block, not this chip's)
        self.view = memoryview(self.data)
        self.blank = b"\xff" * block_size
        self.ops = 0
        self.bytes_programmed = 0
        self.erases = 0
        self.log = None
        self.log_len = 0
        self.mark = 0

    def readblocks(self, block, buf, offset=0):
        start = block * self.block_size + offset
        buf[:] = self.view[start:start + len(buf)]

    def writeblocks(self, block, buf, offset=None):
        if offset is None:  # the simple protocol: erase, then write whole blocks
            self.ioctl(6, block)
            offset = 0
        # the log keeps a copy: littlefs reuses its buffer
        self.apply((block, offset, buf if self.log is None else bytes(buf), self.mark), False)

    def ioctl(self, op, arg):
        if op == 4:
            return self.block_count
        if op == 5:
            return self.block_size
        if op == 6:
            self.apply((arg, 0, None, self.mark), False)
        return 0

    def apply(self, entry, torn):
        block, offset, data, _mark = entry
        start = block * self.block_size + offset
        if data is None:
            self.erases += 1
            if not torn:  # an interrupted erase leaves the block as it was, or half erased
                self.data[start:start + self.block_size] = self.blank
            else:
                half = self.block_size // 2
                self.data[start:start + half] = b"\xff" * half
        else:
            end = start + (len(data) // 2 if torn else len(data))
            self.data[start:end] = data[:end - start] if torn else data
            self.bytes_programmed += end - start
        self.ops += 1
        if self.log is not None:
            self.log[self.log_len] = entry
            self.log_len += 1

    def copy(self):
        other = RamBlockDevice(self.block_count, self.block_size)
        other.data[:] = self.data
        return other


_mounts = [0]


def mount_ram(device, fresh=True):
    """Mount a RamBlockDevice with littlefs (unix port only); returns the mount point."""
    if fresh:
        os.VfsLfs2.mkfs(device)  # type: ignore[attr-defined]
    _mounts[0] += 1
    point = "/lfs%d" % _mounts[0]
    os.mount(os.VfsLfs2(device), point)  # type: ignore[attr-defined]
    return point


def unmount(point):
    try:
        os.umount(point)  # type: ignore[attr-defined]
    except OSError:
        pass


def scratch_root():
    """An empty folder for one test; clean_root removes it."""
    if ON_MICROPYTHON:
        return mount_ram(RamBlockDevice(128, 512))
    import tempfile

    return tempfile.mkdtemp()


def clean_root(root):
    if ON_MICROPYTHON:
        unmount(root)
        return
    import shutil

    shutil.rmtree(root, ignore_errors=True)


class FullDisk(Files):
    """A file layer whose writes fail with ENOSPC while `full` is set (after `room` bytes)."""

    def __init__(self):
        self.full = False
        self.room = 0

    def open(self, path, mode):
        f = Files.open(self, path, mode)
        if "r" in mode:
            return f
        return _LimitedFile(f, self)


class WrappedFile:
    """A file whose writes a test breaks: subclasses replace write()."""

    def __init__(self, f, disk):
        self.f = f
        self.disk = disk

    def flush(self):
        self.f.flush()

    def close(self):
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _LimitedFile(WrappedFile):
    def write(self, data):
        disk = self.disk
        if disk.full:
            if len(data) > disk.room:
                self.f.write(data[:disk.room])
                disk.room = 0
                raise OSError(ENOSPC)
            disk.room -= len(data)
        return self.f.write(data)


def scripted_ops(seed=1, players=4, undo_every=9, max_ops=400, options=None):
    """A game as a list of session operations ("act", action) / ("undo",) / ("redo",), played
    by bots with an undo and sometimes a redo now and then. Replaying it gives the same game."""
    session = Session()
    opts = {"players": players}
    if options:
        opts.update(options)
    session.new_game("tanturlurette", opts)
    rng = Rng(seed)
    bot = ThresholdBot()
    ops = []
    while not session.state.is_over() and len(ops) < max_ops:
        state = session.state
        player = state.current_player()
        if player >= 0 and len(ops) % undo_every == undo_every - 1 and session.can_undo():
            session.undo()
            ops.append(("undo",))
            if rng.below(2) and session.redo():
                ops.append(("redo",))
            continue
        if player == CHANCE:
            action = session.chance_outcome(rng)
        else:
            action = bot.choose(state, player, rng)
        session.act(action)
        ops.append(("act", action))
    return opts, ops, session


def run_op(session, op):
    if op[0] == "act":
        session.act(op[1])
    elif op[0] == "undo":
        assert session.undo()
    else:
        assert session.redo()


def fingerprint(session):
    """What must survive a restart: the state, the journal position, the undo/redo memory."""
    doc = session.document()
    return (session.state.to_dict(), doc["seq"], doc["redo"], doc["putback"], doc["floor"])


def remove_tree(folder):
    """Remove folder and everything under it (littlefs or the host's filesystem)."""
    for name in os.listdir(folder):
        path = join(folder, name)
        try:
            os.remove(path)
        except OSError:  # a folder
            remove_tree(path)
    os.rmdir(folder)


def read_all(root):
    """{relative path: bytes} of every file under root/game."""
    files = Files()
    folder = join(root, "game")
    return {name: files.read(join(folder, name)) for name in sorted(files.listdir(folder))}


# -- tests of the building blocks -------------------------------------------------------------


def test_a_file_beside_the_stores_folders_is_joined_to_its_root_as_a_folder():
    for root in ("/", "/flash", "/flash/", "saves", ""):
        store = Store(root)
        assert store.root_dir + "settings.json" == join(root, "settings.json"), root
        assert store.root_dir + "game" == store.game_dir, root


def test_crc32_is_the_standard_one_on_both_runtimes():
    assert crc32(b"123456789") == 0xCBF43926
    assert crc32(b"") == 0
    # the port without binascii: the same checksums, in pieces too
    assert crc32_slow(b"123456789") == 0xCBF43926 == crc32_slow(b"6789", crc32_slow(b"12345"))
    assert crc32(b"6789", crc32(b"12345")) == 0xCBF43926


def test_journal_entries_round_trip_and_reject_damage():
    for op, arg, seq in ((OP_ACT, 3, 1), (OP_UNDO, 0, 2), (OP_REDO, 0, 70000), (OP_ACT, 65535, 9)):
        data = journal.encode(op, arg, seq)
        assert len(data) == journal.ENTRY_SIZE
        assert journal.decode(data, seq) == (op, arg)
        assert "where" in str(expect_raises(ValueError, journal.decode, data, seq + 1))
        for cut in range(journal.ENTRY_SIZE):
            assert str(expect_raises(ValueError, journal.decode, data[:cut], seq)) == "short"
        expect_raises(ValueError, journal.decode, data + b"x", seq)
        for i in range(len(data)):
            broken = bytearray(data)
            broken[i] ^= 0x10
            expect_raises(ValueError, journal.decode, bytes(broken), seq)


def test_journal_from_a_newer_firmware_is_refused():
    future = bytearray(journal.encode(OP_ACT, 1, 1))
    future[1] = journal.VERSION + 1
    future[8:12] = crc32(bytes(future[:8])).to_bytes(4, "little")
    expect_raises(journal.FutureFormat, journal.decode, bytes(future), 1)


def test_container_round_trip_and_every_cut_is_detected():
    doc = {"v": 1, "moves": [1, 2, 3], "name": "Anne"}
    data = container.encode(container.SNAPSHOT, doc)
    assert reader.decode(container.SNAPSHOT, data) == doc
    expect_raises(container.BadFile, reader.decode, container.HISTORY, data)
    for cut in range(len(data)):
        expect_raises(container.BadFile, reader.decode, container.SNAPSHOT, data[:cut])
    flipped = bytearray(data)
    flipped[-3] ^= 1
    expect_raises(container.BadFile, reader.decode, container.SNAPSHOT, bytes(flipped))


def test_container_from_a_newer_firmware_is_refused():
    data = container.encode(container.SNAPSHOT, {"v": 1})
    newer = data.replace(b"TTS 1 ", b"TTS 2 ", 1)
    expect_raises(journal.FutureFormat, reader.decode, container.SNAPSHOT, newer)
    newer_doc = container.encode(container.SNAPSHOT, {"v": 2})
    expect_raises(journal.FutureFormat, reader.decode, container.SNAPSHOT, newer_doc)


def test_store_writes_journal_entries_then_compacts():
    root = scratch_root()
    try:
        store = Store(root, compact_every=5)
        session = Session(store)
        session.new_game("tanturlurette", {"players": 4})
        assert sorted(read_all(root)) == ["s1"]
        opts, ops, _ = scripted_ops(seed=2, max_ops=12)
        for op in ops[:4]:
            run_op(session, op)
        files = read_all(root)
        assert sorted(files) == ["e1.1", "e1.2", "e1.3", "e1.4", "s1"]
        assert all(len(files["e1.%d" % i]) == journal.ENTRY_SIZE for i in range(1, 5))
        for op in ops[4:12]:
            run_op(session, op)
        # ops 5 and 10 also wrote snapshots; s2 stays as the fallback of s3, with the entries
        # after it
        assert sorted(read_all(root)) == ["e1.%d" % i for i in (10, 11, 12, 6, 7, 8, 9)] + [
            "s2", "s3"]
    finally:
        clean_root(root)


class Counted(Files):
    """Counts the listings of the game folder; the removals of the names in `stuck` fail."""

    def __init__(self):
        self.listed = 0
        self.stuck = ()

    def listdir(self, path):
        self.listed += path.endswith("game")
        return Files.listdir(self, path)

    def remove_quietly(self, path):
        if path.rsplit("/", 1)[-1] in self.stuck:
            return False
        return Files.remove_quietly(self, path)


def test_the_cleanups_list_the_game_folder_only_when_it_may_hold_what_the_store_did_not_write():
    root = scratch_root()
    try:
        files = Counted()
        session = Session(Store(root, files=files, compact_every=5))
        session.new_game("tanturlurette", {"players": 4})
        assert files.listed == 2  # its clear finds no folder, so its snapshot lists the folder
        opts, ops, _ = scripted_ops(seed=2, max_ops=40)
        for op in ops[:12]:
            run_op(session, op)
        assert files.listed == 2
        assert sorted(read_all(root)) == ["e1.%d" % i for i in (10, 11, 12, 6, 7, 8, 9)] + [
            "s2", "s3"]
        files.stuck = ("e1.6",)
        for op in ops[12:15]:  # the compaction at op 15 cannot remove e1.6
            run_op(session, op)
        assert files.listed == 2 and "e1.6" in read_all(root)
        files.stuck = ()
        for op in ops[15:20]:  # so the next one lists the folder, and it goes
            run_op(session, op)
        assert files.listed == 3
        assert sorted(read_all(root)) == ["e1.%d" % i for i in range(16, 21)] + ["s4", "s5"]
        session = Session(Store(root, files=files, compact_every=5))  # a boot lists, and so
        session.resume()  # does the first cleanup after it: a cut may have left anything
        listed = files.listed
        for op in ops[20:30]:
            run_op(session, op)
        assert files.listed == listed + 1
        assert sorted(read_all(root)) == ["e1.%d" % i for i in range(26, 31)] + ["s6", "s7"]
        session.finish(abandon=True)
        assert files.listed == listed + 1 and read_all(root) == {}
    finally:
        clean_root(root)
