"""No buffer of the store grows with the length of a game, proved on a fragmented heap.

A 3315-move Piccolo game (the issue's example: 13 KB as a JSON list) and its first 30 moves are
saved, archived, listed and resumed inside heap_holes.holes(size), a heap with no free block
bigger than size bytes; heap_holes.largest_block finds the smallest size each operation gets
through, to a GC block. Each must be the same for both games (within heap_holes.SLACK: a few
digits more, and the noise of the method): what a long game needs in one block is what a short
one needs. pull_game sends a page of PAGE moves at a time: pulling the long game must need what
pulling a game of one page does. Resuming rebuilds the game, so the game's own arrays grow with
it, as they did while it was played: the engine's move list (2 bytes a move) is the largest
block a resume needs, and nothing else grows.
"""

import gc

from app.session import Session
from engine.piccolo_bots import PlanBot
from engine.play import play_out
from engine.registry import new_state
from engine.rng import Rng
from heap_holes import BLOCK, SLACK, largest_block
from proto.commands import PAGE, Commands
from proto.wire import encode_event
from store.files import Files, join
from store.storage import Store
from test_store_files import RamBlockDevice, mount_ram, unmount

LONG = 3315
SHORT = 30
OPTIONS = {"players": 4, "target": 41}


def _moves():
    """The moves of a whole Piccolo game of the plan bots (seed 2: 3315 moves, 47 deals)."""
    state = new_state("piccolo", OPTIONS)
    play_out(state, [PlanBot() for _ in range(4)], Rng(2))
    return state.moves


_MOVES = []


def _session(count, store=None):
    if not _MOVES:
        _MOVES.append(_moves())
        assert len(_MOVES[0]) == LONG
    session = Session(store)
    session.new_game("piccolo", OPTIONS, names=["Anaëlle", "Loïc", "Zoé", "Dom"])
    session._quiet = True  # the moves as a resume replays them: no checkpoints, no saves
    for move in _MOVES[0][:count]:
        session._apply(move)
    session._quiet = False
    session.seq = count  # one operation a move
    return session


class _Flash:
    """littlefs on a RAM chip, mounted once for all measures (its buffers are made at mount)."""

    def __init__(self):
        self.device = RamBlockDevice(256, 512)
        self.point = mount_ram(self.device)
        self.last = None

    def fresh(self, name, keep=False):
        """An empty folder for one store; unless keep, the last one made is removed."""
        if self.last is not None:
            _remove_tree(self.last)
        root = join(self.point, name)
        Files().makedirs(root)
        self.last = None if keep else root
        return root

    def close(self):
        unmount(self.point)


def _remove_tree(folder):
    files = Files()
    for name in files.listdir(folder):
        path = join(folder, name)
        try:
            files.remove(path)
        except OSError:  # a folder
            _remove_tree(path)
            import os

            os.rmdir(path)


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
            session = _session(count)
            store = Store(flash.fresh("save%d" % runs[0]))
            session.store = store
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
            session = _session(count, Store(flash.fresh("archive%d" % runs[0])))
            return session

        def archive(session):
            ident = session.finish(abandon=True)
            return ident is not None and not session.unsaved

        archived = _figures(lambda count: largest_block(lambda: prepare(count), archive))
        stores = {}
        for count in (LONG, SHORT, PAGE):  # one more, kept, for what reads the history back
            session = _session(count, Store(flash.fresh("history%d" % count, keep=True)))
            session.finish(abandon=True)
            stores[count] = session.store

        def again(count):  # the same game archived twice: the copy kept is checked, not read
            store = stores[count]
            doc = store.read_history(1)
            doc["moves"] = _MOVES[0][:count]
            return lambda: store.archive(doc) == 1

        twice = _figures(lambda count: largest_block(lambda: again(count), lambda run: run()))
        listed = _figures(lambda count: largest_block(
            lambda: None, lambda _: stores[count].list_history()[0]["moves"] == count))

        def pull_all(count, keep=None):
            """What the device sends for the host's pages; the moves go to keep, if given."""
            commands = Commands(_App(stores[count]), None)
            got = 0
            while True:
                page = commands.run({"cmd": "pull_game", "game_id": 1, "start": got})
                encode_event(1, "ok", page)  # the line the link sends
                got += len(page["moves"])
                if keep is not None:
                    keep.extend(page["moves"])
                if got >= page["total"]:
                    return got

        kept = []
        pull_all(LONG, kept)
        assert kept == list(_MOVES[0])
        pulled = _figures(lambda count: largest_block(
            lambda: None, lambda _: pull_all(count) == count), PAGE)
        print("largest block needed (moves: bytes): archive %r, archive again %r, list_games %r, "
              "pull_game %r" % (archived, twice, listed, pulled))
        for sizes in (archived, twice, listed):
            _same(sizes)
        _same(pulled, PAGE)
    finally:
        flash.close()


def test_resuming_reads_in_pieces_and_needs_no_bigger_block_than_the_games_own_arrays():
    flash = _Flash()
    try:
        roots = {}
        stores = {}
        for count in (LONG, SHORT):
            roots[count] = flash.fresh("resume%d" % count, keep=True)
            session = _session(count, Store(roots[count]))
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
            session = Session(Store(roots[count]))
            report = session.resume()
            return bool(report and report["resumed"]) and len(session.state.moves) == count

        read = _figures(lambda count: largest_block(lambda: None, lambda _: read_all(count)))
        resumed = _figures(lambda count: largest_block(lambda: None, lambda _: resume(count)))
        # the engine's move list: 2 bytes a move, grown 8 moves at a time, in whole GC blocks
        array_block = (2 * (LONG + 8) + BLOCK - 1) // BLOCK * BLOCK
        print("largest block needed (moves: bytes): reading a snapshot back %r, resuming %r; the "
              "game's move list: %d bytes" % (read, resumed, array_block))
        _same(read)
        assert resumed[SHORT] <= 1024 and resumed[LONG] <= array_block + SLACK, resumed
    finally:
        flash.close()


class _App:
    """What proto.commands reads of the app for the history: a session with a store."""

    def __init__(self, store):
        self.session = Session(store)
