"""Storage figures: bytes written per round, flash programmed and erased per round (littlefs),
snapshot size, and the time of an action, an undo and a resume.

Runs standalone under MicroPython and CPython (tests/bench/run.py runs both) and prints
`name: value unit` lines. Method: whole 4-player Tanturlurette games (deck mode, threshold bots,
seeds 1..GAMES) played through app.session.Session with a store, saving after every action.
  store_bytes_per_round    bytes the store hands to the filesystem (journal entries, snapshots),
                           total over the games divided by their rounds. Both runtimes.
  flash_prog_bytes_per_round, flash_erases_per_round   MicroPython only: the same games on real
                           littlefs (os.VfsLfs2) on a RAM chip of 4096-byte blocks like the
                           ESP32's, counting what littlefs programs and erases.
  snapshot_bytes           the largest snapshot written (the end of the longest game).
  act_us, undo_us          median time of Session.act with saving / of one undo, late in a game.
  resume_ms                median time of Session.resume of a game saved at its last round.
  names_prog_bytes, names_erases   MicroPython only: what littlefs programs and erases for one
                           Session.set_names (a snapshot) at the end of each game.
  resume_fallback_ms       the same when the newest snapshot passes its checksum but its moves
                           do not replay: it is set aside and the previous snapshot plus the
                           journal after it are replayed (a fresh snapshot written too).
A long game: the plan bots' 3315-move Piccolo game (seed 2, 47 deals), and its first 30 moves.
  long_snapshot_bytes      its snapshot.
  long_save_ms, long_resume_ms, long_pull_ms   median time of its snapshot, of its resume, of
                           pulling it from its history file (every pull_game page the host asks
                           for, 64 moves each); long_pull_page_ms: that time a page.
  block_<op>_<n>_moves     MicroPython only: the largest block <op> needs for the game of n
                           moves, measured on a heap with no free block bigger than that
                           (tests/micropython/heap_holes.py): save (a snapshot), archive, resume,
                           pull (every page; against a game of one page). The unix port's words
                           are 64-bit: about twice an ESP32's.
"""

import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware/lib")
sys.path.insert(0, HERE + "/../portable")
sys.path.insert(0, HERE + "/../micropython")

from app.session import Session  # noqa: E402
from benchlib import ON_MICROPYTHON, elapsed_us, median, now_us  # noqa: E402
from engine.core import CHANCE  # noqa: E402
from engine.rng import Rng  # noqa: E402
from games.tanturlurette.bots import ThresholdBot  # noqa: E402
from long_game import LONG, loaded, pull_all  # noqa: E402
from store import container, reader  # noqa: E402
from store.files import Files, join  # noqa: E402
from store.storage import Store  # noqa: E402

GAMES = 6


_chip = []  # one RAM chip for every game: the unix port's heap is 2 MB


class Scratch:
    """A folder for one store: fresh littlefs in RAM on MicroPython, a temp dir on CPython."""

    def __init__(self):
        self.device = None
        if ON_MICROPYTHON:
            from test_store_files import RamBlockDevice, mount_ram

            if not _chip:
                _chip.append(RamBlockDevice(48, 4096))
            self.device = _chip[0]
            self.root = mount_ram(self.device)
        else:
            import tempfile

            self.root = tempfile.mkdtemp()

    def close(self):
        if ON_MICROPYTHON:
            from test_store_files import unmount

            unmount(self.root)
        else:
            import shutil

            shutil.rmtree(self.root, ignore_errors=True)


def play_game(seed, scratch, act_times):
    session = Session(Store(scratch.root))
    session.new_game("tanturlurette", {"players": 4})
    rng = Rng(seed)
    bot = ThresholdBot()
    while not session.state.is_over():
        state = session.state
        player = state.current_player()
        action = session.chance_outcome(rng) if player == CHANCE else bot.choose(state, player, rng)
        start = now_us()
        session.act(action)
        if state.round >= 5:
            act_times.append(elapsed_us(start))
    return session


def spoil_newest_snapshot(root):
    """Rewrite the newest snapshot with a move that does not apply, under a valid checksum."""
    folder = join(root, "game")
    newest = max(int(n[1:]) for n in Files().listdir(folder) if n[0] == "s" and n[1:].isdigit())
    path = join(folder, "s%d" % newest)
    doc = reader.decode(container.SNAPSHOT, Files().read(path))
    doc["moves"].append(60000)
    Files().write_atomic(path, container.encode(container.SNAPSHOT, doc))


SHORT = 30


def long_game_figures(scratch):
    """The long game's figures, as the lines to print."""
    from proto.commands import PAGE
    from test_store_files import remove_tree

    lines = []
    root = scratch.root
    session = loaded(LONG, Store(join(root, "long")))
    doc = session.document()
    lines.append("long_snapshot_bytes: %d bytes" % len(container.encode(container.SNAPSHOT, doc)))
    times = {"save": [], "resume": [], "pull": []}
    for _ in range(3):
        start = now_us()
        session._save()
        times["save"].append(elapsed_us(start))
        start = now_us()
        Session(Store(join(root, "long"))).resume()
        times["resume"].append(elapsed_us(start))
    session.finish(abandon=True)
    for _ in range(3):
        start = now_us()
        pull_all(session.store)
        times["pull"].append(elapsed_us(start))
    remove_tree(join(root, "long"))
    for name in ("save", "resume"):
        lines.append("long_%s_ms: %.1f ms" % (name, median(times[name]) / 1000))
    pages = (LONG + PAGE - 1) // PAGE
    lines.append("long_pull_ms: %.1f ms" % (median(times["pull"]) / 1000))
    lines.append("long_pull_page_ms: %.2f ms" % (median(times["pull"]) / 1000 / pages))
    if not ON_MICROPYTHON:
        return lines
    from heap_holes import largest_block

    folders = [None]

    def fresh():
        """A folder for one store; the last one made goes (the chip is 192 KB)."""
        if folders[0] is not None:
            remove_tree(folders[0])
        folders[0] = join(root, "f%d" % (folders[0] is None))
        return folders[0]

    def save(count):
        return largest_block(lambda: loaded(count, Store(fresh())),
                             lambda s: s.store.snapshot(s.document()))

    def archive(count):
        return largest_block(lambda: loaded(count, Store(fresh())),
                             lambda s: s.finish(abandon=True) is not None and not s.unsaved)

    def resume(count):
        folder = fresh()
        loaded(count, Store(folder))._save()

        def run(_):
            again = Session(Store(folder))
            report = again.resume()
            return bool(report and report["resumed"]) and len(again.state.moves) == count
        return largest_block(lambda: None, run)

    def pull(count):
        kept = loaded(count, Store(fresh()))
        kept.finish(abandon=True)
        return largest_block(lambda: None, lambda _: pull_all(kept.store) == count)

    for name, measure, short in (("save", save, SHORT), ("archive", archive, SHORT),
                                 ("resume", resume, SHORT), ("pull", pull, PAGE)):
        for count in (LONG, short):
            block = measure(count)
            if block is None:  # largest_block: not even its largest holes let the operation through
                raise SystemExit("block_%s: this heap is too small to cut into holes (run with -X heapsize=8M)" % name)
            lines.append("block_%s_%d_moves: %d bytes" % (name, count, block))
    return lines


def main():
    # the long game first: the heap measures need a heap that few things have cut up yet
    scratch = Scratch()
    try:
        long_lines = long_game_figures(scratch)
    finally:
        scratch.close()
    act_times = []
    undo_times = []
    resume_times = []
    fallback_times = []
    names_cost = [0, 0]  # bytes programmed, blocks erased by set_names, over the games
    rounds = 0
    written = 0
    programmed = 0
    erases = 0
    largest = 0
    for seed in range(1, GAMES + 1):
        scratch = Scratch()
        try:
            device = scratch.device
            if device is not None:
                device.ops = device.bytes_programmed = 0
                device.erases = 0
            session = play_game(seed, scratch, act_times)
            rounds += session.state.round
            written += session.store.bytes_written
            if device is not None:
                programmed += device.bytes_programmed
                erases += device.erases
            doc_size = len(container.encode(container.SNAPSHOT, session.document()))
            largest = max(largest, doc_size)
            if device is not None:
                before = (device.bytes_programmed, device.erases)
                if not session.set_names(["Anaëlle", "Loïc", "Zoé", "Dom"]):
                    raise AssertionError("names not saved")
                names_cost[0] += device.bytes_programmed - before[0]
                names_cost[1] += device.erases - before[1]
            # undo the last decision and resume from flash, a few times each
            for _ in range(3):
                start = now_us()
                session.undo()
                undo_times.append(elapsed_us(start))
                session.redo()
            for _ in range(3):
                again = Session(Store(scratch.root))
                start = now_us()
                again.resume()
                resume_times.append(elapsed_us(start))
            spoil_newest_snapshot(scratch.root)
            again = Session(Store(scratch.root))
            start = now_us()
            report = again.resume()
            fallback_times.append(elapsed_us(start))
            if not report["resumed"] or list(again.state.moves) != list(session.state.moves):
                raise AssertionError("the fallback did not restore the game")
        finally:
            scratch.close()
    print("games: %d" % GAMES)
    print("rounds_per_game: %.1f" % (rounds / GAMES))
    print("store_bytes_per_round: %d bytes" % (written // rounds))
    if ON_MICROPYTHON:
        print("flash_prog_bytes_per_round: %d bytes" % (programmed // rounds))
        print("flash_erases_per_round: %.2f blocks" % (erases / rounds))
        print("names_prog_bytes: %d bytes" % (names_cost[0] // GAMES))
        print("names_erases: %.2f blocks" % (names_cost[1] / GAMES))
    print("snapshot_bytes: %d bytes" % largest)
    print("act_us: %d us" % median(act_times))
    print("undo_us: %d us" % median(undo_times))
    print("resume_ms: %.1f ms" % (median(resume_times) / 1000))
    print("resume_fallback_ms: %.1f ms" % (median(fallback_times) / 1000))
    for line in long_lines:
        print(line)


main()
