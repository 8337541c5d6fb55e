"""The store on real littlefs (os.VfsLfs2, the ESP32's filesystem) on a RAM flash chip that loses
power after any number of block writes, that fills up, and whose newest snapshot holds the wrong
thing (with a valid checksum) when the power comes back."""

import gc
import json
import os

from app.session import Session
from store import container, reader
from store.files import Files, crc32
from store.storage import Store
from test_store_files import (
    RamBlockDevice,
    fingerprint,
    mount_ram,
    run_op,
    scripted_ops,
    unmount,
)

OPTIONS = {"players": 4, "circles": 2}
FINISH_EVERY = 20  # play the rest of the game to the end after one cut in FINISH_EVERY


def _light_print(session):
    """A checksum of what the session saves (moves, undo/redo memory): equal, same game.
    A checksum rather than the text keeps 300 of them within the unix port's 2 MB heap."""
    doc = session.document()
    return crc32(json.dumps([doc["seq"], list(doc["moves"]), doc["redo"], doc["putback"],
                             doc["floor"]]).encode())


def _logged_run(device, ops, opts):
    """The uninterrupted run on littlefs, logging every block write with the ops confirmed."""
    device.log = [None] * 4000
    device.log_len = 0
    device.mark = -1  # -1: not even the new game is confirmed
    prints = {}
    point = mount_ram(device, fresh=False)
    try:
        session = Session(Store(point, compact_every=16))
        session.new_game("tanturlurette", opts)
        device.mark = 0
        prints[0] = _light_print(session)
        for i, op in enumerate(ops):
            run_op(session, op)
            device.mark = i + 1
            prints[i + 1] = _light_print(session)
        record = session.record()
    finally:
        unmount(point)
    return device.log, device.log_len, prints, record


def _set(key, value):
    return lambda doc: doc.__setitem__(key, value)


# One wrong field per run, in turn (each passes the checksum: the file is rewritten whole)
WRONG = (("moves", lambda doc: doc["moves"].append(60000)), ("seq", _set("seq", -1)),
         ("seq", _set("seq", 10 ** 9)), ("names", _set("names", 5)),
         ("bots", _set("bots", "threshold")), ("game", _set("game", "belote")),
         ("options", _set("options", {"players": 99})), ("id", _set("id", 99)),
         ("redo", _set("redo", [5])), ("putback", _set("putback", 5)), ("floor", _set("floor", "2")),
         ("v", _set("v", 0)))


def _damage_newest(point, run):
    """Rewrite the newest snapshot with one wrong field (WRONG, in turn) and a valid checksum,
    when an older one is there to fall back to; returns its name, or None."""
    folder = point + "/game"
    try:
        names = os.listdir(folder)
    except OSError:  # a cut before the game began
        return None
    gens = sorted(int(n[1:]) for n in names if n[0] == "s" and n[1:].isdigit())
    if len(gens) < 2:
        return None
    name = "s%d" % gens[-1]
    path = folder + "/" + name
    doc = reader.decode(container.SNAPSHOT, Files().read(path))
    WRONG[run % len(WRONG)][1](doc)
    Files().write_atomic(path, container.encode(container.SNAPSHOT, doc))
    return name


def _cut_everywhere(torn, stride=1, damage=False):
    opts, ops, reference = scripted_ops(seed=12, options=OPTIONS)
    assert reference.state.is_over()
    # Every big buffer first: the log pins small objects all over the heap, and a fragmented
    # unix-port heap may then have no 24 KB block left for another chip.
    gc.collect()
    blank = RamBlockDevice(48, 512)  # small blocks: more commits per block, more cut points
    os.VfsLfs2.mkfs(blank)  # type: ignore[attr-defined]
    image = blank.copy()  # the chip as it was before write k
    device = blank.copy()
    log, writes, prints, record = _logged_run(blank, ops, opts)
    assert record == reference.record()
    runs = confirmed_total = lost = finished = wrong = 0
    for k in range(writes):
        if k % stride:
            image.apply(log[k], False)
            continue
        confirmed = log[k][3]  # ops confirmed when write k began
        device.data[:] = image.data
        if torn:
            device.apply(log[k], True)
        point = mount_ram(device, fresh=False)
        try:
            damaged = _damage_newest(point, runs) if damage else None
            session = Session(Store(point, compact_every=16))
            report = session.resume()
            if session.state is None:
                assert confirmed < 0 and report is None, (k, report)
                session.new_game("tanturlurette", opts)
            resumed = session.seq
            assert resumed == confirmed or resumed == confirmed + 1, (k, confirmed, resumed)
            assert _light_print(session) == prints[resumed], k
            if damaged:  # set aside, and the previous snapshot with the journal took over
                assert report["quarantined"][-1].endswith(damaged), (k, report)
            elif report is not None:
                assert report["quarantined"] == [], (k, report)
            if k % FINISH_EVERY == 0 or k == writes - 1:
                for op in ops[resumed:]:
                    run_op(session, op)
                assert session.record() == record, k
                finished += 1
        finally:
            unmount(point)
        image.apply(log[k], False)
        runs += 1
        wrong += damaged is not None
        confirmed_total += max(confirmed, 0)
        lost += max(0, confirmed - resumed)
    assert lost == 0 and runs * stride >= writes > len(ops)
    assert not damage or wrong > runs // 2
    print("littlefs power cuts%s%s: %d runs (a cut at %s block write or erase of a %d-action "
          "game), %d actions confirmed before the cuts (all runs), %d lost; %d runs played on "
          "to the end: same record" % (" mid-write" if torn else "",
                                       (", then the newest snapshot made wrong in %d" % wrong
                                        if damage else ""), runs,
                                       ("every" if stride == 1 else "1 in %d" % stride),
                                       len(ops), confirmed_total, lost, finished))


def test_power_cut_before_every_block_write():
    _cut_everywhere(False)


def test_power_cut_in_the_middle_of_block_writes():
    _cut_everywhere(True, stride=5)  # a sample: the clean cut above already covers every write


def test_power_cut_then_a_newest_snapshot_that_holds_the_wrong_thing():
    _cut_everywhere(False, stride=3, damage=True)


def test_names_are_on_flash_once_set_names_returns():
    opts, ops, _ = scripted_ops(seed=12, options=OPTIONS, max_ops=40)
    device = RamBlockDevice(48, 512)
    point = mount_ram(device)
    try:
        session = Session(Store(point, compact_every=16))
        session.new_game("tanturlurette", opts, names=["A", "B", "C", "D"])
        for op in ops[:24]:
            run_op(session, op)
        image = device.copy()
        device.log = [None] * 200
        device.log_len = 0
        assert session.set_names(["Wu", "Xi", "Yo", "Zed"])
        log, writes = device.log, device.log_len
        kept = fingerprint(session)
    finally:
        unmount(point)
    assert writes > 0
    for k in range(writes + 1):  # a cut before each write of set_names, and after the last
        chip = image.copy()
        for entry in log[:k]:
            chip.apply(entry, False)
        point = mount_ram(chip, fresh=False)
        try:
            resumed = Session(Store(point, compact_every=16))
            report = resumed.resume()
            assert report["resumed"] and fingerprint(resumed) == kept, k
            if k == writes:
                assert resumed.names == ["Wu", "Xi", "Yo", "Zed"]
            else:
                assert resumed.names in (["A", "B", "C", "D"], ["Wu", "Xi", "Yo", "Zed"]), k
        finally:
            unmount(point)
    print("set_names power cuts: %d runs, the names on flash once it returned" % (writes + 1))


def _fill(point):
    """Fill the chip with committed data (littlefs drops what an unflushed file held)."""
    names = []
    for size in (256, 16, 1):
        name = point + "/filler%d" % size
        names.append(name)
        f = open(name, "wb")
        try:
            while True:
                f.write(b"\x00" * size)
                f.flush()
        except OSError as err:
            assert err.args[0] == 28
        try:
            f.close()
        except OSError:
            pass
    return names


def test_full_littlefs_plays_on_in_memory_and_saves_once_there_is_room():
    opts, ops, reference = scripted_ops(seed=13, options=OPTIONS)
    device = RamBlockDevice(24, 512)
    point = mount_ram(device)
    try:
        events = []
        session = Session(Store(point, compact_every=16),
                          on_event=lambda kind, payload: events.append((kind, payload)))
        session.new_game("tanturlurette", opts)
        for op in ops[:20]:
            run_op(session, op)
        fillers = _fill(point)
        for op in ops[20:60]:
            run_op(session, op)
        storage = [p for k, p in events if k == "storage"]
        # littlefs says ENOSPC (28) for data blocks, and may say 36 when its metadata is full
        assert len(storage) == 1 and storage[0]["ok"] is False and storage[0]["errno"] in (28, 36)
        assert session.unsaved
        for name in fillers:
            os.remove(name)
        run_op(session, ops[60])
        assert not session.unsaved and [p for k, p in events if k == "storage"][-1]["ok"]
        kept = fingerprint(session)
    finally:
        unmount(point)
    point = mount_ram(device, fresh=False)
    try:
        resumed = Session(Store(point))
        report = resumed.resume()
        assert report["resumed"] and fingerprint(resumed) == kept
    finally:
        unmount(point)
