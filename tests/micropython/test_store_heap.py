"""No buffer of the store grows with the length of a game, proved on a fragmented heap.

A 3315-move Piccolo game (the issue's example: 13 KB as a JSON list) and its first 30 moves are
saved, archived, listed and resumed inside heap_holes.holes(size), a heap with no free block
bigger than size bytes; heap_holes.largest_block finds the smallest size each operation gets
through, to a GC block. Each must be the same for both games (within heap_holes.SLACK: a few
digits more, and the noise of the method): what a long game needs in one block is what a short
one needs. pull_game sends a page of PAGE moves at a time: pulling the long game must need what
pulling a game of one page does. Resuming rebuilds the game, whose own lists grow with it, as
they did while it was played, in blocks of 256 moves (engine.core.Moves): a resume too needs what
it needs for the short game. get_state sends the whole game in one line, written to the serial in
pieces from the game's list: it must need what it needs for the short game.
"""

import gc

from app.resume import resume as resume_saved
from app.session import Session
from heap_holes import BLOCK, SLACK, largest_block
from kept_games import list_history, read_history
from long_game import LONG, NAMES, AppStandIn, loaded, long_moves, pull_all
from proto.commands import PAGE
from proto.link import Link
from proto.wire import parse_line
from store.files import Files, join
from store.storage import Store
from test_store_files import RamBlockDevice, mount_ram, remove_tree, unmount

SHORT = 30


class _Flash:
    """littlefs on a RAM chip, mounted once for all measures (its buffers are made at mount)."""

    def __init__(self):
        self.device = RamBlockDevice(256, 512)
        self.point = mount_ram(self.device)
        self.last = None

    def fresh(self, name, keep=False):
        """An empty folder for one store; unless keep, the last one made is removed."""
        if self.last is not None:
            remove_tree(self.last)
        root = join(self.point, name)
        Files().makedirs(root)
        self.last = None if keep else root
        return root

    def close(self):
        unmount(self.point)


def _figures(measure, short=SHORT):
    """{moves: size} for the long and the short game."""
    gc.collect()
    return {count: measure(count) for count in (LONG, short)}


def _same(sizes, short=SHORT):
    """The long game needs no bigger block than the short one, and that is small."""
    assert None not in sizes.values() and sizes[LONG] <= sizes[short] + SLACK, sizes
    assert sizes[LONG] <= 1024, sizes


def test_saving_needs_no_bigger_block_for_a_long_game():
    flash = _Flash()
    try:
        runs = [0]

        def prepare(count):
            runs[0] += 1
            session = loaded(count, Store(flash.fresh("save%d" % runs[0])))
            return session, session.document()

        def save(prepared):
            session, doc = prepared
            return session.store.snapshot(doc)  # raises MemoryError when a block is too big

        sizes = _figures(lambda count: largest_block(lambda: prepare(count), save))
        print("largest block a snapshot needs: %r (moves: bytes)" % sizes)
        _same(sizes)
    finally:
        flash.close()


def test_archiving_listing_and_pulling_need_no_bigger_block_for_a_long_game():
    flash = _Flash()
    try:
        runs = [0]

        def prepare(count):
            runs[0] += 1
            session = loaded(count, Store(flash.fresh("archive%d" % runs[0])))
            return session

        def archive(session):
            ident = session.finish(abandon=True)
            return ident is not None and not session.unsaved

        archived = _figures(lambda count: largest_block(lambda: prepare(count), archive))
        stores = {}
        for count in (LONG, SHORT, PAGE):  # one more, kept, for what reads the history back
            session = loaded(count, Store(flash.fresh("history%d" % count, keep=True)))
            session.finish(abandon=True)
            stores[count] = session.store

        def again(count):  # the same game archived twice: the copy kept is checked, not read
            store = stores[count]
            doc = read_history(store, 1)
            doc["moves"] = long_moves()[:count]
            return lambda: store.archive(doc) == 1

        twice = _figures(lambda count: largest_block(lambda: again(count), lambda run: run()))
        listed = _figures(lambda count: largest_block(
            lambda: None, lambda _: list_history(stores[count])[0]["moves"] == count))

        kept = []
        pull_all(stores[LONG], kept)
        assert kept == list(long_moves())
        pulled = _figures(lambda count: largest_block(
            lambda: None, lambda _: pull_all(stores[count]) == count), PAGE)
        print("largest block needed (moves: bytes): archive %r, archive again %r, list_games %r, "
              "pull_game %r" % (archived, twice, listed, pulled))
        for sizes in (archived, twice, listed):
            _same(sizes)
        _same(pulled, PAGE)
    finally:
        flash.close()


class _Serial:
    """A serial port that keeps what it is given in a buffer made once: writing allocates
    nothing, so what a measure finds is the link's. lines: how many newlines it was given."""

    def __init__(self, size=1 << 15):
        self.buffer = bytearray(size)
        self.view = memoryview(self.buffer)
        self.length = 0
        self.lines = 0

    def write(self, data):
        end = self.length + len(data)
        self.view[self.length:end] = data
        self.length = end
        self.lines += data.count(b"\n")

    def take(self):
        """The lines written since the last take, decoded."""
        lines = bytes(self.buffer[:self.length]).split(b"\n")
        self.length = self.lines = 0
        return [parse_line(line, True) for line in lines if line]


def test_get_state_sends_a_long_game_with_no_bigger_block():
    flash = _Flash()
    try:
        serial = _Serial()
        links = {}
        for count in (LONG, SHORT):
            session = loaded(count, Store(flash.fresh("state%d" % count, keep=True)))
            links[count] = Link(AppStandIn(session), lambda: None, serial.write)

        def send(count):
            serial.length = serial.lines = 0
            link = links[count]
            lost = link.lost_lines
            answer = link.commands.run_whole({"cmd": "get_state", "id": 1})
            return answer["playing"] and serial.lines == 1 and link.lost_lines == lost

        sizes = _figures(lambda count: largest_block(lambda: None, lambda _: send(count)))
        print("largest block get_state needs: %r (moves: bytes)" % sizes)
        for count in (LONG, SHORT):  # what was sent is the game, whole
            assert send(count)
            [line] = serial.take()
            snap = line["data"]["state"]
            assert snap["moves"] == list(long_moves()[:count]) and snap["names"] == NAMES
        _same(sizes)
    finally:
        flash.close()


def test_resuming_reads_in_pieces_and_needs_no_bigger_block_for_a_long_game():
    flash = _Flash()
    try:
        roots = {}
        stores = {}
        for count in (LONG, SHORT):
            roots[count] = flash.fresh("resume%d" % count, keep=True)
            session = loaded(count, Store(roots[count]))
            assert session._save()
            stores[count] = session.store

        def read_all(count):
            """What resume reads: the checked document, then every move in turn."""
            store = stores[count]
            document = store.read_snapshot(store.gen)
            seen = [0]

            def take(move):
                seen[0] += 1

            document.each_move(take)
            return seen[0] == count

        def resume(count):
            # app.resume's own call: Session.resume loads that module for it, one block of code
            # whatever the game, and would measure the import too
            session = Session(Store(roots[count]))
            report = resume_saved(session)
            return bool(report and report["resumed"]) and len(session.state.moves) == count

        read = _figures(lambda count: largest_block(lambda: None, lambda _: read_all(count)))
        resumed = _figures(lambda count: largest_block(lambda: None, lambda _: resume(count)))
        # an array of the whole move list, as the engine's was (2 bytes a move, grown 8 moves at a
        # time, in whole GC blocks): what a long game's resume needed before Moves
        array_block = (2 * (LONG + 8) + BLOCK - 1) // BLOCK * BLOCK
        print("largest block needed (moves: bytes): reading a snapshot back %r, resuming %r; a "
              "move array would be %d bytes" % (read, resumed, array_block))
        _same(read)
        _same(resumed)
        assert resumed[SHORT] <= 1024, resumed
    finally:
        flash.close()
