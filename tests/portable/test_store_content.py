"""Files that pass their checksum but hold the wrong thing (docs/STORAGE.md, "Boot").

Every field of a snapshot document (newest and previous), every field of a journal entry and
every field of a history document is given a wrong value and the file written back with a valid
checksum. The device must boot, resume everything the other files still hold, and never resume
a move nobody made: after the boot three more operations are played and the store booted again,
which must give exactly the uninterrupted game. Each case counts as lost when fewer operations
come back than the undamaged files hold, when the resumed game differs from the real one at that
point, or when the second boot differs. Printed: the cases and the losses per file kind and field.
"""

from app.session import OP_ACT, OP_REDO, OP_UNDO, Session
from kept_games import list_history, read_history
from store import container, journal, reader
from store.files import Files, crc32, join
from store.storage import Store
from support import ON_MICROPYTHON, expect_raises
from test_store_files import clean_root, read_all, run_op, scratch_root, scripted_ops
from test_store_recovery import COMPACT, watched, write_game_dir

NAMES = ["Anaëlle", "Loïc", "Zoé", "Dom"]
BOTS = [None, None, "threshold", None]
PLAY_ON = 3  # operations played after the first boot, before the second


def full_print(session):
    """Everything a resumed session must have right: the state, the journal position, the undo
    and redo memory, the names and bots."""
    doc = session.document()
    return (session.state.to_dict(), doc["seq"], doc["redo"], doc["putback"], doc["floor"],
            doc["names"], doc["bots"])


def record_game(root, ops, opts):
    """Play ops on a fresh store; per operation count k, the game folder and the print."""
    session = Session(Store(root, compact_every=COMPACT))
    session.new_game("tanturlurette", opts, names=NAMES, bots=BOTS)
    steps = [(read_all(root), full_print(session))]
    for op in ops:
        run_op(session, op)
        steps.append((read_all(root), full_print(session)))
    return steps


def boot(root):
    session = Session(Store(root, compact_every=COMPACT))
    return session, session.resume()


class Tally:
    """Cases tried and lost, per (file kind, field)."""

    def __init__(self):
        self.rows = {}
        self.order = []
        self.failures = []

    def add(self, kind, field, lost, what):
        key = (kind, field)
        if key not in self.rows:
            self.rows[key] = [0, 0]
            self.order.append(key)
        self.rows[key][0] += 1
        if lost:
            self.rows[key][1] += 1
            self.failures.append("%s %s %s: %s" % (kind, field, what, lost))

    def totals(self):
        tried = sum(r[0] for r in self.rows.values())
        return tried, sum(r[1] for r in self.rows.values())

    def show(self, title):
        print(title)
        for key in self.order:
            tried, lost = self.rows[key]
            print("  %-18s %-8s %3d tried, %3d lost" % (key[0], key[1], tried, lost))
        print("  total: %d tried, %d lost" % self.totals())


def check_resume(root, files, ops, steps, expected):
    """Boot the damaged folder; why it lost something, or "" when nothing was lost."""
    write_game_dir(root, files)
    try:
        session, report = boot(root)
    except Exception as err:
        return "boot raised %r" % (err,)
    if session.state is None:
        return "nothing resumed (%s)" % (report and report["discarded"])
    seq = session.seq
    if not isinstance(seq, int) or not 0 <= seq <= len(ops):
        return "resumed at seq %r" % (seq,)
    try:
        same = full_print(session) == steps[seq][1]
    except Exception as err:
        return "reading the resumed game raised %r" % (err,)
    if not same:
        return "resumed a game that never was at seq %d" % seq
    if seq < expected:
        return "resumed %d operations of %d" % (seq, expected)
    try:
        for op in ops[seq:seq + PLAY_ON]:
            run_op(session, op)
        again, _ = boot(root)
    except Exception as err:
        return "playing on raised %r" % (err,)
    later = min(seq + PLAY_ON, len(ops))
    if again.state is None or full_print(again) != steps[later][1]:
        return "after %d more operations the next boot gave seq %s, not %d" % (
            PLAY_ON, again.seq if again.state is not None else None, later)
    try:
        # what the protocol reads of a resumed game (get_state, list_games) must not raise
        list(again.names or [])
        list_history(again.store)
    except Exception as err:
        return "reading the resumed game raised %r" % (err,)
    return ""


# -- snapshot documents -------------------------------------------------------------------------

def _drop(doc, key):
    del doc[key]


def snapshot_mutations(doc, at):
    """(field, label, change) for one snapshot document; change(doc) edits a copy in place. at:
    the seq of the other snapshot and the journal's last entry."""
    seq = doc["seq"]
    moves = doc["moves"]
    rnd = at["round"]
    out = []

    def put(field, label, value):
        out.append((field, label, lambda d: d.__setitem__(field, value)))

    for field in ("v", "id", "game", "options", "names", "bots", "moves", "seq", "redo",
                  "putback", "floor"):
        out.append((field, "missing", lambda d, f=field: _drop(d, f)))
        put(field, "a string", "1")
        put(field, "an object", {"x": 1})
        if field not in ("names", "bots"):
            put(field, "null", None)
    for field in ("v", "id", "seq", "floor"):
        put(field, "-1", -1)
        put(field, "a float", 1.5)
        put(field, "true", True)
        put(field, "2**40", 1 << 40)
    put("v", "2 (newer)", 2)
    put("v", "0", 0)
    put("id", "0", 0)
    put("id", "above its generation", at["gen"] + 5)
    put("id", "another game's", doc["id"] + 1)
    put("game", "unknown", "belote")
    put("game", "another game", "bourre")
    put("game", "a number", 7)
    put("options", "out of range", {"players": 99})
    put("options", "unknown option", {"players": 4, "colour": "red"})
    put("options", "a list", [4])
    put("options", "wrong type", {"players": "4"})
    put("names", "a number", 5)
    put("names", "a string", "Anne")
    put("names", "numbers", [1, 2, 3, 4])
    put("names", "too few", ["A", "B"])
    put("names", "too many", ["A"] * 9)
    put("names", "nulls", [None] * 4)
    put("bots", "a number", 5)
    put("bots", "a string", "threshold")
    put("bots", "numbers", [1, 2, 3, 4])
    put("bots", "too few", [None])
    put("moves", "a number", 5)
    put("moves", "negative", moves[:-1] + [-1])
    put("moves", "above 65535", moves[:-1] + [70000])
    put("moves", "a string move", moves[:-1] + ["3"])
    put("moves", "a bool move", [True] + moves[1:])
    put("moves", "illegal", moves + [60000])
    put("moves", "illegal first", [900] + moves[1:])
    put("seq", "-2**31", -(1 << 31))
    put("seq", "2**32", 1 << 32)
    put("seq", "10**9", 10 ** 9)
    put("seq", "below its moves", len(moves) - 1)
    put("seq", "0", 0)
    put("seq", "behind the journal", at["other_seq"] - 1)
    put("seq", "past the journal", at["last_entry"] + 2)
    put("redo", "a number", 5)
    put("redo", "a group not a list", [5])
    put("redo", "an empty group", [[]])
    put("redo", "a triple", [[[None, 1, 2]]])
    put("redo", "a string move", [[[None, "1"]]])
    put("redo", "a move above 65535", [[[None, 70000]]])
    put("redo", "a number phase", [[[3, 1]]])
    put("redo", "does not replay", [[[None, 60000]]])
    put("putback", "a number", 5)
    put("putback", "an entry not a list", [5])
    put("putback", "a number phase", [[1, 2]])
    put("putback", "a pair short", [["deal"]])
    put("putback", "a negative outcome", [["deal", -1]])
    put("floor", "two rounds ahead", rnd + 2)
    put("floor", "behind the round", rnd - 1)
    put("floor", "10**6", 10 ** 6)
    if seq > 0:
        # these hold only for a snapshot that is not the game's first
        put("moves", "empty", [])
    return out


def _reencode(data, change):
    doc = reader.decode(container.SNAPSHOT, data)
    change(doc)
    return container.encode(container.SNAPSHOT, doc)


# -- journal entries ----------------------------------------------------------------------------

def _entry(op, version, arg, seq):
    head = bytearray(8)
    head[0] = op & 0xFF
    head[1] = version & 0xFF
    head[2:4] = (arg & 0xFFFF).to_bytes(2, "little")
    head[4:8] = (seq & 0xFFFFFFFF).to_bytes(4, "little")
    return bytes(head) + crc32(bytes(head)).to_bytes(4, "little")


def entry_mutations(data, redo_pending):
    """(field, label, bytes) for one entry; redo_pending: whether a redo would apply there."""
    op = data[0]
    arg = int.from_bytes(data[2:4], "little")
    seq = int.from_bytes(data[4:8], "little")
    out = [
        ("op", "0", _entry(0, 1, arg, seq)),
        ("op", "4", _entry(4, 1, arg, seq)),
        ("op", "255", _entry(255, 1, arg, seq)),
        ("version", "0", _entry(op, 0, arg, seq)),
        ("version", "2 (newer)", _entry(op, 2, arg, seq)),
        ("seq", "+1", _entry(op, 1, arg, seq + 1)),
        ("seq", "-1", _entry(op, 1, arg, seq - 1)),
        ("seq", "2**32-1", _entry(op, 1, arg, 0xFFFFFFFF)),
        ("arg", "65535", _entry(OP_ACT, 1, 0xFFFF, seq)),
        ("arg", "900", _entry(OP_ACT, 1, 900, seq)),
        ("arg", "undo with an argument", _entry(OP_UNDO, 1, 5, seq)),
        ("arg", "redo with an argument", _entry(OP_REDO, 1, 5, seq)),
    ]
    if not redo_pending:
        out.append(("op", "redo, nothing undone", _entry(OP_REDO, 1, 0, seq)))
    return [m for m in out if m[2] != data]


def test_wrong_content_with_a_valid_checksum_loses_nothing_the_other_files_hold():
    opts, ops, _reference = scripted_ops(seed=9, max_ops=44 + PLAY_ON)
    root = scratch_root()
    tally = Tally()
    try:
        steps = record_game(root, ops, opts)
        # k = 24: s2 (seq 16) beside s1 (seq 0), entries 1..24; k = 44: s3 (seq 32) beside s2
        # (seq 16), entries 17..44; k = 32: s3 written just now, no entry after it
        for k in (24, 32, 44):
            files = steps[k][0]
            gens = sorted(int(n[1:]) for n in files if n.startswith("s"))
            newest, other = "s%d" % gens[-1], "s%d" % gens[-2]
            docs = {n: reader.decode(container.SNAPSHOT, files[n]) for n in (newest, other)}
            entries = sorted(int(n.split(".")[1]) for n in files if n.startswith("e"))
            new_seq = docs[newest]["seq"]
            for name, kind in ((newest, "newest snapshot"), (other, "previous snapshot")):
                doc = docs[name]
                at = {"gen": int(name[1:]), "other_seq": docs[other]["seq"],
                      "last_entry": entries[-1], "round": steps[doc["seq"]][1][0]["round"]}
                for field, label, change in snapshot_mutations(doc, at):
                    broken = dict(files)
                    broken[name] = _reencode(files[name], change)
                    if broken[name] == files[name]:
                        continue  # that value is the one it holds
                    lost = check_resume(root, broken, ops, steps, k)
                    tally.add(kind, field, lost, "%s (k=%d)" % (label, k))
            picked = [s for s in (entries[0], new_seq + 1, entries[-1]) if s in entries]
            for seq in picked:
                name = "e1.%d" % seq
                kind = "journal entry" if seq > new_seq else "journal entry (fallback only)"
                redo_pending = bool(steps[seq - 1][1][2])
                for field, label, data in entry_mutations(files[name], redo_pending):
                    broken = dict(files)
                    broken[name] = data
                    # an entry that is wrong takes its operation with it, not the others
                    expected = seq - 1 if seq > new_seq else k
                    lost = check_resume(root, broken, ops, steps, expected)
                    tally.add(kind, field, lost, "%s at %s (k=%d)" % (label, name, k))
        tally.show("wrong content, valid checksum (%s):" % ("MicroPython" if ON_MICROPYTHON
                                                           else "CPython"))
        assert tally.failures == [], tally.failures[:10]
        assert tally.totals()[0] > 300
    finally:
        clean_root(root)


# -- history documents --------------------------------------------------------------------------

def history_mutations():
    out = []
    for field in ("v", "game", "options", "moves", "names", "bots", "finished", "returns",
                  "rounds"):
        out.append((field, "missing", lambda d, f=field: _drop(d, f)))
        for label, value in (("a number", 5), ("a string", "x"), ("an object", {"a": 1}),
                             ("null", None), ("a list of strings", ["a", "b"])):
            if (field, label) in (("game", "a string"), ("rounds", "a number"), ("names", "null"),
                                  ("bots", "null")):
                continue  # values that may be right: a name, a count, no names
            out.append((field, label, lambda d, f=field, v=value: d.__setitem__(f, v)))
    out.append(("v", "2 (newer)", lambda d: d.__setitem__("v", 2)))
    out.append(("moves", "negative", lambda d: d.__setitem__("moves", [-1])))
    out.append(("moves", "a bool", lambda d: d.__setitem__("moves", [True])))
    out.append(("rounds", "-1", lambda d: d.__setitem__("rounds", -1)))
    out.append(("names", "numbers", lambda d: d.__setitem__("names", [1, 2, 3, 4])))
    out.append(("returns", "a bool", lambda d: d.__setitem__("returns", [True, 0, 0, 0])))
    return out


def _history_lost(store, session, opts, ops, good):
    """Why the damaged history lost something: another kept game, the listing, the archive."""
    try:
        listed = list_history(store)
    except Exception as err:
        return "list_history raised %r" % (err,)
    if [h["id"] for h in listed] != [1, 2, 3]:
        return "listed %r" % ([h["id"] for h in listed],)
    for ident in (1, 2):
        if read_history(store, ident) != good[ident]:
            return "game %d changed" % ident
    damaged = listed[2]
    if "error" not in damaged and read_history(store, 3) != good[3]:
        for key in ("game", "moves", "names", "returns", "rounds", "finished"):
            if key in damaged and damaged[key] != _summary(good[3])[key]:
                return "the damaged game is listed as if good: %s %r" % (key, damaged[key])
    try:
        session.new_game("tanturlurette", opts, names=NAMES)
        for op in ops[:5]:
            run_op(session, op)
        record = session.record()
        ident = session.finish(abandon=True)
    except Exception as err:
        return "archiving the next game raised %r" % (err,)
    if ident != 4 or read_history(store, 4)["moves"] != record["moves"]:
        return "the next game was not archived (id %r)" % (ident,)
    return ""


def _summary(doc):
    return {"game": doc["game"], "moves": len(doc["moves"]), "names": doc["names"],
            "returns": doc["returns"], "rounds": doc["rounds"], "finished": doc["finished"]}


def test_wrong_content_in_a_history_file_loses_no_other_game():
    opts, ops, _ = scripted_ops(seed=10, max_ops=12)
    tally = Tally()
    root = scratch_root()
    try:
        store = Store(root)
        session = Session(store)
        for count in (6, 9, 12):
            session.new_game("tanturlurette", opts, names=NAMES, bots=BOTS)
            for op in ops[:count]:
                run_op(session, op)
            session.finish(abandon=True)
        folder = join(root, "history")
        good = {ident: read_history(store, ident) for ident in (1, 2, 3)}
        original = Files().read(join(folder, "h3"))
        for field, label, change in history_mutations():
            for name in Files().listdir(folder):
                if name not in ("h1", "h2", "h3"):
                    Files().remove(join(folder, name))
            doc = reader.decode(container.HISTORY, original)
            change(doc)
            Files().write_atomic(join(folder, "h3"), container.encode(container.HISTORY, doc))
            lost = _history_lost(store, session, opts, ops, good)
            tally.add("history file", field, lost, label)
        tally.show("history files, wrong content, valid checksum:")
        assert tally.failures == [], tally.failures[:10]
    finally:
        clean_root(root)


def test_a_damaged_history_file_is_reported_by_name():
    root = scratch_root()
    try:
        store = Store(root)
        session = Session(store)
        session.new_game("tanturlurette", {"players": 4})
        session.act(2)
        session.finish(abandon=True)
        path = join(join(root, "history"), "h1")
        doc = reader.decode(container.HISTORY, Files().read(path))
        doc["moves"] = 5
        Files().write_atomic(path, container.encode(container.HISTORY, doc))
        assert "moves" in str(expect_raises(container.BadFile, read_history, store, 1))
        assert "moves" in list_history(store)[0]["error"]
    finally:
        clean_root(root)


def test_entry_helper_matches_the_journal_format():
    data = journal.encode(OP_ACT, 7, 12)
    assert _entry(OP_ACT, journal.VERSION, 7, 12) == data


# -- one test for each fault the issue names ----------------------------------------------------

def _played(root, count, compact=COMPACT):
    """A game of count scripted operations on a store in root; returns (session, ops)."""
    opts, ops, _ = scripted_ops(seed=9, max_ops=count + PLAY_ON)
    session = Session(Store(root, compact_every=compact))
    session.new_game("tanturlurette", opts, names=NAMES, bots=BOTS)
    for op in ops[:count]:
        run_op(session, op)
    return session, ops


def _rewrite(root, name, change):
    path = join(join(root, "game"), name)
    Files().write_atomic(path, _reencode(Files().read(path), change))


def test_a_newest_snapshot_that_does_not_replay_falls_back_to_the_previous_one_and_its_journal():
    root = scratch_root()
    try:
        session, _ = _played(root, 40)  # s2 (seq 16) and s3 (seq 32), entries 17..40
        _rewrite(root, "s3", lambda d: d["moves"].append(60000))
        resumed, report = boot(root)
        assert report["resumed"] and full_print(resumed) == full_print(session)
        assert report["quarantined"] == ["q1-s3"]
        moves = reader.decode(container.SNAPSHOT, Files().read(
            join(join(root, "quarantine"), "q1-s3")))["moves"]
        assert report["discarded"][0].startswith("snapshot s3: moves: move %d (60000) does not "
                                                 "apply" % (len(moves) - 1))
        assert "went back to the previous snapshot" in report["discarded"]
    finally:
        clean_root(root)


def test_a_journal_entry_that_does_not_apply_ends_the_journal_for_good():
    root = scratch_root()
    try:
        session, ops = _played(root, 40)
        folder = join(root, "game")
        with Files().open(join(folder, "e1.36"), "wb") as f:
            f.write(journal.encode(OP_ACT, 900, 36))  # a valid entry of an action that is not
        resumed, first = boot(root)
        assert resumed.seq == 35
        played = Session()  # what the resumed game goes on with, in memory only
        played.new_game("tanturlurette", session.state.options, names=NAMES, bots=BOTS)
        for op in ops[:35]:
            run_op(played, op)
        for op in ops[35:38]:
            run_op(resumed, op)
            run_op(played, op)
        again, report = boot(root)  # the entries 37..40 from before must not come back
        assert len(again.state.moves) == len(played.state.moves)
        assert full_print(again) == full_print(played)
        assert report is None or report["discarded"] == []
        assert first["quarantined"] == ["q1-e1.36"]
        assert first["discarded"][0].startswith("journal entry e1.36 does not apply: ")
        assert first["discarded"][1] == "4 later journal entries dropped"
    finally:
        clean_root(root)


def test_a_snapshot_seq_out_of_range_or_off_the_journal_is_refused():
    root = scratch_root()
    try:
        session, _ = _played(root, 40)
        for seq, why in ((-1, "seq must be an integer from 0 to 4294967295, got -1"),
                         (1 << 32, "got 4294967296"),
                         (10 ** 9, "neither 1000000000 nor 1000000001"),
                         (3, "seq 3: the journal of game 1 holds entries 17..40, neither 3 nor 4")):
            _, ops = _played(root, 40)
            _rewrite(root, "s3", lambda d, v=seq: d.__setitem__("seq", v))
            resumed, report = boot(root)
            assert full_print(resumed) == full_print(session), seq
            assert why in report["discarded"][0], (seq, report["discarded"])
    finally:
        clean_root(root)


def test_names_or_bots_of_the_wrong_type_are_refused():
    root = scratch_root()
    try:
        session, _ = _played(root, 40)
        for key, value, why in (("names", 5, "names must be null or a list of 4, got 5"),
                                ("names", [1, 2, 3, 4], "names holds 1"),
                                ("names", ["A"], "a list of 4, got ['A']"),
                                ("bots", "threshold", "bots must be null or a list of 4")):
            _played(root, 40)
            _rewrite(root, "s3", lambda d, k=key, v=value: d.__setitem__(k, v))
            resumed, report = boot(root)
            assert full_print(resumed) == full_print(session), key
            assert resumed.names == NAMES and resumed.bots == BOTS
            assert why in report["discarded"][0], (key, report["discarded"])
    finally:
        clean_root(root)


# -- names: acknowledged means on flash ----------------------------------------------------------

class _App:
    """What proto.commands and proto.link use of the app: its session and its event queue."""

    def __init__(self, session):
        self.session = session
        self.events = []
        self.config = {}

    def pop_event(self):
        return self.events.pop(0) if self.events else None


def _link(session):
    from proto.link import Link

    lines = []
    return Link(_App(session), lambda: None, lines.append), lines


def _replies(lines):
    from proto.wire import parse_line

    return [parse_line(line, need_prefix=True) for line in lines]


def test_names_given_by_the_host_are_on_flash_when_acknowledged():
    root = scratch_root()
    try:
        session, _ = _played(root, 20)
        link, lines = _link(session)
        link.commands.run({"cmd": "set_names", "names": ["Wu", "Xi", "Yo", "Zed"]})
        resumed, report = boot(root)  # the power goes right after the reply
        assert resumed.names == ["Wu", "Xi", "Yo", "Zed"] and report["discarded"] == []
        assert full_print(resumed)[:5] == full_print(session)[:5]
        # names sent while no game runs go to the next game, on flash as it starts
        idle = Session(Store(root, compact_every=COMPACT))
        link, lines = _link(idle)
        link.commands.run({"cmd": "set_names", "names": ["An", "Bo", "Cy", "Di"]})
        link.app.events.extend(idle.new_game("tanturlurette", {"players": 4}))
        link.drain()
        assert _replies(lines)[0]["data"]["names"] == ["An", "Bo", "Cy", "Di"]
        resumed, report = boot(root)
        assert resumed.names == ["An", "Bo", "Cy", "Di"]
    finally:
        clean_root(root)


def test_names_that_cannot_be_saved_are_reported():
    from proto.commands import CommandError
    from test_store_files import FullDisk

    root = scratch_root()
    try:
        disk = FullDisk()
        session, events = watched(root, disk)
        session.new_game("tanturlurette", {"players": 4}, names=NAMES)
        expect_raises(ValueError, session.set_names, ["A", "B"])
        expect_raises(ValueError, session.set_names, [1, 2, 3, 4])
        disk.full = True
        assert session.set_names(["Wu", "Xi", "Yo", "Zed"]) is False
        assert session.names == ["Wu", "Xi", "Yo", "Zed"]  # held in memory, like an action
        assert [p["ok"] for k, p in events if k == "storage"] == [False]
        link, _ = _link(session)
        err = expect_raises(CommandError, link.commands.run,
                            {"cmd": "set_names", "names": ["Ann", "Xi", "Yo", "Zed"]})
        assert "not saved" in err.message
        assert boot(root)[0].names == NAMES  # the flash still holds what was saved
        disk.full = False
        assert session.set_names(["Ann", "Xi", "Yo", "Zed"]) is True
        assert [p["ok"] for k, p in events if k == "storage"] == [False, True]
        assert boot(root)[0].names == ["Ann", "Xi", "Yo", "Zed"]
    finally:
        clean_root(root)


def test_a_snapshot_whose_journal_entry_failed_is_not_called_saved():
    """The entry of an operation fails, its snapshot does not: a boot would not take that
    snapshot (its journal lacks the operation), so the game stays unsaved until both land."""

    class NoEntries(Files):
        failing = False

        def open(self, path, mode):
            if self.failing and "w" in mode and path.rsplit("/", 1)[-1].startswith("e"):
                raise OSError(5)
            return Files.open(self, path, mode)

    root = scratch_root()
    try:
        files = NoEntries()
        session, events = watched(root, files)
        opts, ops, _ = scripted_ops(seed=9, max_ops=30)
        session.new_game("tanturlurette", opts)
        for op in ops[:20]:
            run_op(session, op)
        files.failing = True
        run_op(session, ops[20])
        assert session.unsaved and [p["ok"] for k, p in events if k == "storage"] == [False]
        resumed, report = boot(root)
        assert resumed.seq == 20  # the last operation a boot can trust
        files.failing = False
        run_op(session, ops[21])
        assert not session.unsaved and events[-1][1]["message"] == "saved again"
        resumed, report = boot(root)
        assert full_print(resumed) == full_print(session) and report["discarded"] == []
    finally:
        clean_root(root)
