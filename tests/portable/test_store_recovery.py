"""Session + Store on a real filesystem: resume, cuts at every byte, garbage, ENOSPC, history."""

import sys

from app.session import Session
from engine.play import replay
from kept_games import list_history, read_history
from store import container, journal, reader
from store.files import MAX_READ, Files, crc32, join
from store.storage import Store
from support import expect_raises, scaled
from test_store_files import (
    FullDisk,
    clean_root,
    fingerprint,
    read_all,
    run_op,
    scratch_root,
    scripted_ops,
)

COMPACT = 16


def write_game_dir(root, files):
    """Replace root/game with exactly these {name: bytes}."""
    fs = Files()
    folder = join(root, "game")
    fs.makedirs(folder)
    for name in fs.listdir(folder):
        fs.remove(join(folder, name))
    for name in files:
        with fs.open(join(folder, name), "wb") as f:
            f.write(files[name])


def watched(root, files=None, max_read=MAX_READ):
    """A session on a store with the given file layer (None: the real one), and the list its
    events go to."""
    events = []
    session = Session(Store(root, files=files, compact_every=COMPACT, max_read=max_read),
                      on_event=lambda kind, payload: events.append((kind, payload)))
    return session, events


def boot(root, files=None, max_read=4096):
    """A watched session resumed: (session, the boot's report, events)."""
    session, events = watched(root, files, max_read)
    report = session.resume()
    return session, report, events


def finish_script(session, ops, expected_record):
    """Play the rest of the script from where the resumed session stands; compare the record."""
    for op in ops[session.seq:]:
        run_op(session, op)
    assert session.record() == expected_record


def recorded_run(root, ops, opts):
    """Play ops on a fresh store; returns, per op count k, the files and fingerprint after k ops."""
    session = Session(Store(root, compact_every=COMPACT))
    session.new_game("tanturlurette", opts)
    steps = [(read_all(root), fingerprint(session))]
    for op in ops:
        run_op(session, op)
        steps.append((read_all(root), fingerprint(session)))
    return steps


def each_op_wrote(steps, prefix):
    """For each operation k of recorded_run's steps: (k, the files and fingerprint before it, the
    same after it, the names of the files it wrote that start with prefix)."""
    for k in range(1, len(steps)):
        before, print_before = steps[k - 1]
        after, print_after = steps[k]
        yield k, before, print_before, after, print_after, [n for n in after if n.startswith(prefix) and n not in before]


def test_resume_restores_everything_and_the_game_finishes_identically():
    opts, ops, reference = scripted_ops(seed=3)
    assert reference.state.is_over()
    root = scratch_root()
    try:
        session = Session(Store(root, compact_every=COMPACT))
        session.new_game("tanturlurette", opts, names=["Anaëlle", "Loïc", "Zoé", "Dom"])
        half = len(ops) // 2
        for op in ops[:half]:
            run_op(session, op)
        resumed, report, events = boot(root)
        assert fingerprint(resumed) == fingerprint(session)
        assert resumed.names == ["Anaëlle", "Loïc", "Zoé", "Dom"]
        assert "app.resume" not in sys.modules, "the code that reads a game back stays loaded"
        assert report["resumed"] and report["discarded"] == [] and report["quarantined"] == []
        assert report["moves"] == len(session.state.moves)
        assert report["to_act"] == session.state.current_player()
        assert all(len(line) <= 16 for line in report["lines"]) and report["lines"][0] == "Resuming"
        assert resumed.can_undo() == session.can_undo() and resumed.can_redo() == session.can_redo()
        finish_script(resumed, ops, _named(reference.record(), ["Anaëlle", "Loïc", "Zoé", "Dom"]))
        ident = resumed.finish()
        kept = read_history(resumed.store, ident)
        assert kept["moves"] == reference.record()["moves"] and kept["finished"] is True
        again, report, _ = boot(root)
        assert report is None and again.state is None  # nothing left to resume
    finally:
        clean_root(root)


def _named(record, names):
    record["names"] = names
    return record


def test_nothing_on_flash_means_no_report():
    root = scratch_root()
    try:
        session, report, events = boot(root)
        assert report is None and session.state is None and events == []
    finally:
        clean_root(root)


def test_a_cut_at_every_byte_of_a_journal_entry_loses_at_most_that_entry():
    opts, ops, reference = scripted_ops(seed=4, max_ops=scaled(60, 30))
    root = scratch_root()
    try:
        steps = recorded_run(root, ops, opts)
        runs = 0
        for k, before, print_before, after, print_after, new in each_op_wrote(steps, "e"):
            assert len(new) == 1  # every operation writes its entry
            name = new[0]
            for cut in range(journal.ENTRY_SIZE + 1):
                files = dict(before)
                files[name] = after[name][:cut]
                write_game_dir(root, files)
                session, report, _ = boot(root)
                runs += 1
                if cut == journal.ENTRY_SIZE:  # the whole entry made it: the op is confirmed
                    assert fingerprint(session) == print_after, k
                    assert report["discarded"] == []
                    continue
                assert fingerprint(session) == print_before, (k, cut)
                assert report["discarded"] == ["an unfinished last action was dropped"]
                assert report["quarantined"] == []
                # the recovered game goes on and saves again normally
                run_op(session, ops[k - 1])
                assert fingerprint(session) == print_after
                again, report, _ = boot(root)
                assert fingerprint(again) == print_after and report["discarded"] == []
        assert runs == 13 * len(ops)
        print("journal byte cuts: %d boots, 0 confirmed actions lost" % runs)
    finally:
        clean_root(root)


def test_a_cut_at_every_byte_of_a_snapshot_keeps_the_previous_state():
    opts, ops, reference = scripted_ops(seed=5, max_ops=scaled(80, 40))
    root = scratch_root()
    try:
        steps = recorded_run(root, ops, opts)
        checked = 0
        for k, before, _, after, print_after, new in each_op_wrote(steps, "s"):
            for name in new:
                data = after[name]
                # every byte of the first compaction; a sample of the later (longer) ones
                stride = scaled(1, 5) if checked == 0 else scaled(17, 61)
                for cut in range(0, len(data), stride):
                    # cut while writing the temp file: the rename never happened
                    files = dict(after)
                    del files[name]
                    files[name + ".tmp"] = data[:cut]
                    for gone in before:  # old generations are dropped only after the rename
                        files.setdefault(gone, before[gone])
                    write_game_dir(root, files)
                    session, report, _ = boot(root)
                    assert fingerprint(session) == print_after, (k, cut)
                    assert report["quarantined"] == []
                    # a snapshot damaged after its rename: back to the previous generation
                    files = dict(after)
                    files[name] = data[:cut]
                    write_game_dir(root, files)
                    session, report, _ = boot(root)
                    assert fingerprint(session) == print_after, (k, cut)
                    assert "went back to the previous snapshot" in report["discarded"]
                    assert report["quarantined"] and report["quarantined"][-1].endswith(name)
                    finish_script(session, ops, reference.record())
                    checked += 1
        assert checked > scaled(200, 60)
        print("snapshot byte cuts: %d boots, 0 confirmed actions lost" % (2 * checked))
    finally:
        clean_root(root)


def _future_snapshot(data):
    end = data.find(b"\n")
    parts = data[:end].split(b" ")
    return b" ".join([parts[0], b"2"] + parts[2:]) + data[end:]


def _future_journal(data):
    entry = bytearray(data)
    entry[1] = journal.VERSION + 1
    entry[8:12] = crc32(bytes(entry[:8])).to_bytes(4, "little")
    return bytes(entry)


def _garbage(kind, name, data):
    if kind == "random":
        return bytes((i * 97 + 13) & 0xFF for i in range(300))
    if kind == "empty":
        return b""
    if kind == "flipped":
        return data[:-1] + bytes([data[-1] ^ 0x55])
    return _future_journal(data) if name.startswith("e") else _future_snapshot(data)


def test_garbage_in_every_file_read_at_boot_never_stops_it():
    opts, ops, reference = scripted_ops(seed=6, max_ops=40)
    root = scratch_root()
    try:
        steps = recorded_run(root, ops, opts)
        files, print_end = steps[-1]
        # snapshots at ops 16 and 32; s2 and the entries after it stay as the fallback of s3
        assert sorted(files) == sorted(["s2", "s3"] + ["e1.%d" % i for i in range(17, 41)])
        for name in ("s3", "s2", "e1.20", "e1.33", "e1.37", "e1.40"):
            for kind in ("random", "empty", "future", "flipped"):
                broken = dict(files)
                broken[name] = _garbage(kind, name, files[name])
                write_game_dir(root, broken)
                session, report, _ = boot(root)
                assert report["resumed"], (name, kind)
                if name in ("s2", "e1.20"):
                    # the fallback is not read while the newest snapshot is good
                    assert report["discarded"] == [] and fingerprint(session) == print_end
                    continue
                assert report["discarded"], (name, kind)
                if name == "s3":
                    assert fingerprint(session) == print_end  # previous snapshot + entries
                else:
                    seq = int(name.split(".")[1])
                    assert fingerprint(session) == steps[seq - 1][1], (name, kind)
                if name == "e1.40" and kind == "empty":
                    # an empty last entry is what a cut while creating it leaves
                    assert report["discarded"] == ["an unfinished last action was dropped"]
                    assert report["quarantined"] == []
                else:
                    assert any(q.endswith(name) for q in report["quarantined"]), (name, kind)
                if kind == "future":
                    assert "newer than this firmware" in " ".join(report["discarded"])
                # whatever was lost, the game goes on and saves
                if not session.state.is_over():
                    session.act(session.state.legal_actions()[0])
                again, report, _ = boot(root)
                assert report["discarded"] == [] and fingerprint(again) == fingerprint(session)
        # stray files: a leftover temp file is removed quietly, an unknown one goes aside, a
        # stale entry of another game is dropped
        broken = dict(files)
        broken["s99.tmp"] = b"half a snapshot"
        broken["notes.txt"] = b"hello"
        broken["e7.41"] = files["e1.40"]
        write_game_dir(root, broken)
        session, report, _ = boot(root)
        assert fingerprint(session) == print_end
        assert report["quarantined"] and report["quarantined"][-1].endswith("notes.txt")
        assert "s99.tmp" not in read_all(root) and "e7.41" not in read_all(root)
    finally:
        clean_root(root)


def test_no_good_snapshot_at_all_boots_empty_and_keeps_the_files_aside():
    root = scratch_root()
    try:
        write_game_dir(root, {"s1": b"\x00" * 50, "e1.1": b"garbage!" * 3, "s2": b""})
        session, report, _ = boot(root)
        assert report["resumed"] is False and session.state is None
        assert len(report["quarantined"]) == 2 and len(report["discarded"]) == 3
        assert "1 journal entries without a snapshot dropped" in report["discarded"]
        assert report["lines"][0] == "No game resumed"
        assert read_all(root) == {}
        store = session.store
        assert [store.read_quarantined(q) for q in store.quarantined()] == [b"", b"\x00" * 50]
        session.new_game("tanturlurette", {"players": 4})  # and the device plays on
        assert boot(root)[1]["resumed"]
    finally:
        clean_root(root)


def test_oversized_and_pathological_snapshots_are_refused():
    opts, ops, reference = scripted_ops(seed=8, max_ops=20)
    root = scratch_root()
    try:
        steps = recorded_run(root, ops, opts)
        files, print_end = steps[-1]
        assert sorted(n for n in files if n.startswith("s")) == ["s1", "s2"]
        nested = b"[" * 5000
        body = b'{"v":1,"id":1,"seq":20,"game":"tanturlurette","moves":' + nested + b"}"
        deep = b"TTS 1 %08x %d\n" % (crc32(body), len(body)) + body
        huge = b"TTS 1 00000000 5000\n" + b" " * 5000  # boot() reads at most 4096 bytes
        for bad in (deep, huge):
            broken = dict(files)
            broken["s2"] = bad
            write_game_dir(root, broken)
            session, report, _ = boot(root)
            assert fingerprint(session) == print_end  # s1 and the entries after it
            assert report["quarantined"][-1].endswith("s2")
    finally:
        clean_root(root)


def test_quarantine_is_bounded():
    root = scratch_root()
    try:
        for i in range(5):
            write_game_dir(root, {"s%d" % (i + 1): b"junk %d" % i})
            boot(root)
        store = Store(root, quarantine_limit=3)
        write_game_dir(root, {"s9": b"last"})
        Session(store).resume()
        kept = store.quarantined()
        assert len(kept) == 3 and kept[-1].endswith("s9")
        assert store.read_quarantined(kept[-1]) == b"last"
    finally:
        clean_root(root)


def test_a_record_that_does_not_replay_is_set_aside():
    root = scratch_root()
    try:
        doc = {"v": 1, "id": 1, "game": "tanturlurette", "options": {"players": 4},
               "names": None, "bots": None, "moves": [0, 0, 0], "seq": 3, "redo": [],
               "putback": [], "floor": 1}
        write_game_dir(root, {"s1": container.encode(container.SNAPSHOT, doc)})
        session, report, _ = boot(root)
        assert not report["resumed"] and report["quarantined"] == ["q1-s1"]
        assert report["discarded"][0].startswith("snapshot s1: moves: move 2 (0) does not apply")
        doc["game"] = "belote"
        write_game_dir(root, {"s1": container.encode(container.SNAPSHOT, doc)})
        session, report, _ = boot(root)
        assert not report["resumed"] and report["quarantined"][-1].endswith("s1")
        assert "unknown game 'belote'" in report["discarded"][0]
    finally:
        clean_root(root)


def test_a_full_filesystem_is_reported_and_the_game_saves_again_once_there_is_room():
    opts, ops, reference = scripted_ops(seed=7, max_ops=70)
    root = scratch_root()
    try:
        disk = FullDisk()
        events = []
        session = Session(Store(root, files=disk, compact_every=COMPACT),
                          on_event=lambda kind, payload: events.append((kind, payload)))
        session.new_game("tanturlurette", opts)
        for op in ops[:10]:
            run_op(session, op)
        disk.full = True
        disk.room = 5  # the entry being written is cut after 5 bytes
        for op in ops[10:30]:
            run_op(session, op)  # the game goes on in memory
        storage = [p for k, p in events if k == "storage"]
        assert len(storage) == 1 and storage[0]["ok"] is False and storage[0]["errno"] == 28
        assert session.unsaved
        # while full, the flash still holds a consistent older state
        stuck, report, _ = boot(root, files=disk)
        assert report["resumed"] and stuck.seq == 10
        disk.full = False
        run_op(session, ops[30])
        storage = [p for k, p in events if k == "storage"]
        assert storage[-1]["ok"] is True and not session.unsaved
        resumed, report, _ = boot(root)
        assert fingerprint(resumed) == fingerprint(session)
        finish_script(resumed, ops, _script_record(ops, opts))
    finally:
        clean_root(root)


def _script_record(ops, opts):
    session = Session()
    session.new_game("tanturlurette", opts)
    for op in ops:
        run_op(session, op)
    return session.record()


def test_a_full_filesystem_when_starting_a_game_is_retried():
    root = scratch_root()
    try:
        disk = FullDisk()
        disk.full = True
        session = Session(Store(root, files=disk))
        session.new_game("tanturlurette", {"players": 4})
        assert session.unsaved and session.game_id == 0
        disk.full = False
        session.act(2)  # the first dealer
        assert not session.unsaved and session.game_id
        resumed, report, _ = boot(root)
        assert fingerprint(resumed) == fingerprint(session)
    finally:
        clean_root(root)


def test_history_is_bounded_listed_and_replayable():
    root = scratch_root()
    try:
        store = Store(root, history_limit=3)
        session = Session(store)
        finals = []
        for seed in range(5):
            opts, ops, reference = scripted_ops(seed=20 + seed, undo_every=1000, max_ops=5000)
            session.new_game("tanturlurette", opts, names=["A", "B", "C", "D"])
            for op in ops:
                run_op(session, op)
            finals.append(session.state.to_dict())
            ident = session.finish()
            assert ident == seed + 1
        listed = list_history(store)
        assert [h["id"] for h in listed] == [3, 4, 5]
        assert all(h["finished"] and h["game"] == "tanturlurette" for h in listed)
        assert listed[-1]["names"] == ["A", "B", "C", "D"] and sum(listed[-1]["returns"]) == 0
        for h in listed:
            assert replay(read_history(store, h["id"])).to_dict() == finals[h["id"] - 1]
        raw = Files().read(join(join(root, "history"), "h5"))
        assert reader.decode(container.HISTORY, raw)["moves"] == finals[4]["moves"]
        # archiving the same game twice (a cut between archive and clear) keeps one copy
        assert store.archive(read_history(store, 5)) == 5
        assert len(list_history(store)) == 3
        # a damaged history file is listed with its error, never raises
        with Files().open(join(join(root, "history"), "h4"), "wb") as f:
            f.write(b"TTH 1 00000000 3\nabc")
        listed = list_history(store)
        assert "error" in listed[1] and listed[1]["id"] == 4
        expect_raises(container.BadFile, read_history, store, 4)
        store.remove_history(4)
        assert [h["id"] for h in list_history(store)] == [3, 5]
    finally:
        clean_root(root)


def test_a_game_archived_again_is_kept_once_unless_the_copy_kept_is_damaged():
    root = scratch_root()
    try:
        session = Session(Store(root))
        opts, ops, _ = scripted_ops(seed=31, max_ops=30)
        session.new_game("tanturlurette", opts)
        for op in ops:
            run_op(session, op)
        doc = _history_doc(session)
        assert session.store.archive(doc) == 1
        assert session.store.archive(doc) == 1  # a cut between archive and clear, then again
        path = join(join(root, "history"), "h1")
        raw = Files().read(path)
        with Files().open(path, "wb") as f:  # one bit of the copy kept flips
            f.write(raw[:-3] + bytes([raw[-3] ^ 1]) + raw[-2:])
        assert session.store.archive(doc) == 2
        assert read_history(session.store, 2)["moves"] == list(session.state.moves)
        assert "error" in list_history(session.store)[0]
        doc["names"] = ["A", "B", "C", "D"]  # same moves, other content: another game
        assert session.store.archive(doc) == 3
    finally:
        clean_root(root)


def _history_doc(session):
    state = session.state
    doc = session.record()
    doc.update(finished=False, returns=list(state.returns()), rounds=state.round)
    return doc


def test_an_abandoned_game_is_kept_in_history():
    root = scratch_root()
    try:
        session = Session(Store(root))
        opts, ops, _ = scripted_ops(seed=30, max_ops=20)
        session.new_game("tanturlurette", opts)
        for op in ops:
            run_op(session, op)
        moves = list(session.state.moves)
        session.new_game("tanturlurette", {"players": 6})
        kept = list_history(session.store)
        assert len(kept) == 1 and kept[0]["finished"] is False and kept[0]["moves"] == len(moves)
        resumed, report, _ = boot(root)
        assert resumed.state.n == 6 and len(resumed.state.moves) == 0
    finally:
        clean_root(root)
