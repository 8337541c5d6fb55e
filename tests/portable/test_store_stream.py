"""The streamed container (store.container): what it writes is the JSON a host reads, what the
previous firmware wrote still reads, moves are found wherever the chunks cut them, anything that
is not a move list is refused, and pull_game hands a long game over in lines of one size."""

import json

from app.session import Session
from kept_games import read_history
from long_game import LONG, NAMES, loaded, long_moves
from proto import wire
from proto.commands import PAGE
from proto.link import Link
from store import container, moves_reader, reader
from store.files import Files, crc32, join
from store.storage import Store
from support import expect_raises
from test_store_files import clean_root, fingerprint, run_op, scratch_root, scripted_ops

DOC = {"v": 1, "id": 3, "game": "tanturlurette", "options": {"players": 4, "circles": 2},
       "names": ["Anaëlle", "Loïc", "Zoé", "Dom"], "bots": None, "seq": 9, "redo": [],
       "putback": [["deal", 7]], "floor": 1, "moves": [3, 0, 65535, 17, 120, 9, 0, 1, 2]}


def _old_file(kind, doc, text=None):
    """A file as the previous firmware wrote it: the whole document through json.dumps."""
    body = (json.dumps(doc) if text is None else text).encode()
    return ("%s 1 %08x %d\n" % (kind, crc32(body), len(body))).encode() + body


def test_what_is_written_is_json_with_the_moves_last_and_reads_back():
    data = container.encode(container.SNAPSHOT, DOC)
    head, body = data.split(b"\n", 1)
    assert json.loads(body) == DOC  # a host reads it whole
    assert body.endswith(b', "moves": [3,0,65535,17,120,9,0,1,2]}')
    assert head == b"TTS 1 %08x %d" % (crc32(body), len(body))
    assert reader.decode(container.SNAPSHOT, data) == DOC
    # the same document built in another order is the same bytes (archive compares headers)
    shuffled = {}
    for key in reversed(sorted(DOC)):
        shuffled[key] = DOC[key]
    shuffled["options"] = {"circles": 2, "players": 4}
    assert container.encode(container.SNAPSHOT, shuffled) == data
    for moves in ([], [5]):
        doc = dict(DOC)
        doc["moves"] = moves
        assert reader.decode(container.HISTORY, container.encode(container.HISTORY, doc)) == doc


def test_files_of_the_previous_firmware_read_the_same():
    """Its json.dumps put the moves anywhere, with a space after each comma."""
    data = _old_file(container.SNAPSHOT, DOC)
    assert reader.decode(container.SNAPSHOT, data) == DOC
    first = dict(DOC)
    first.pop("moves")
    text = '{"moves": [3, 0, 65535, 17, 120, 9, 0, 1, 2],\n ' + json.dumps(first)[1:]
    assert reader.decode(container.SNAPSHOT, _old_file(container.SNAPSHOT, None, text)) == DOC
    pretty = '{\n  "moves": [\n    3,\n    0,\n    65535\n  ], "v": 1\n}'
    assert reader.decode(container.SNAPSHOT, _old_file(container.SNAPSHOT, None, pretty)) == {
        "moves": [3, 0, 65535], "v": 1}


def test_a_game_saved_by_the_previous_firmware_resumes():
    opts, ops, _ = scripted_ops(seed=18, max_ops=40)
    root = scratch_root()
    try:
        session = Session(Store(root, compact_every=16))
        session.new_game("tanturlurette", opts, names=["Anaëlle", "B", "C", "D"])
        for op in ops[:36]:
            run_op(session, op)
        folder = join(root, "game")
        for name in Files().listdir(folder):  # every snapshot as the old firmware wrote it
            if name.startswith("s"):
                path = join(folder, name)
                doc = reader.decode(container.SNAPSHOT, Files().read(path))
                Files().write_atomic(path, _old_file(container.SNAPSHOT, doc))
        resumed = Session(Store(root, compact_every=16))
        report = resumed.resume()
        assert report["discarded"] == [] and fingerprint(resumed) == fingerprint(session)
        for op in ops[36:]:
            run_op(resumed, op)
        assert resumed.finish(abandon=True) == 1
        assert read_history(resumed.store, 1)["moves"] == list(resumed.state.moves)
    finally:
        clean_root(root)


def test_moves_cut_anywhere_by_the_chunks_read_back():
    moves = [i * 37 % 65536 for i in range(200)]
    for pad in range(max(moves_reader.CHUNK, reader.SCAN_CHUNK) + 8):
        doc = {"v": 1, "names": ["x" * pad], "moves": moves}
        for data in (container.encode(container.HISTORY, doc),
                     _old_file(container.HISTORY, doc)):
            assert reader.decode(container.HISTORY, data) == doc, pad


def test_any_stretch_of_moves_reads_back_in_any_order():
    """Document.each_move reads the moves of any page, from the one before's end or from the
    list's start, skipping whole chunks before it by their commas: in both writers' formats,
    with moves cut anywhere by the chunks."""
    from io import BytesIO

    moves = [i * 7919 % 65536 for i in range(300)]
    doc = {"v": 1, "moves": moves}
    for data in (container.encode(container.HISTORY, doc), _old_file(container.HISTORY, doc)):
        document = reader.read(lambda data=data: BytesIO(data), len(data), container.HISTORY)
        for start, stop in ((0, 32), (32, 64), (250, 300), (5, 6), (0, 300), (299, 300), (100, 133),
                            (133, 250), (1, 2), (64, 96), (96, 120)):
            assert document.moves(start, stop) == moves[start:stop], (start, stop)


def test_anything_but_a_move_list_is_refused():
    for text in ('{"v": 1, "moves": [1,]}', '{"v": 1, "moves": [,1]}', '{"v": 1, "moves": [01]}',
                 '{"v": 1, "moves": [1 2]}', '{"v": 1, "moves": [-1]}', '{"v": 1, "moves": [1.5]}',
                 '{"v": 1, "moves": [1e3]}', '{"v": 1, "moves": [65536]}',
                 '{"v": 1, "moves": ["3"]}', '{"v": 1, "moves": [true]}',
                 '{"v": 1, "moves": [[1]]}', '{"v": 1, "moves": [1', '{"v": 1, "moves": [1] x}',
                 '{"v": 1, "moves": [1], "moves": [2]}', '{"v": 1, "moves": 5, "moves": [2]}',
                 '{"v": 1, "moves": [1' + ' ' * 600 + '2]}', '{"v": 1, "moves": [1,,2]}',
                 '{"v": 1, "moves": [123456]}', '{"v": 1, "moves": [00]}', '{"v": 1, "moves": [1, ]}',
                 '{"v": 1, "moves": [+1]}', '{"v": 1, "moves": [0x1]}',
                 '{"v": 1, "redo": ' + "[" * 40 + "]" * 40 + ', "moves": []}',
                 '{"v": 1, "names": ["' + "x" * reader.HEAD_MAX + '"], "moves": []}'):
        data = _old_file(container.HISTORY, None, text)
        expect_raises(container.BadFile, reader.decode, container.HISTORY, data)
    # a move list that is not one is left to the reader of the document, which names it
    for text, moves in (('{"v": 1, "moves": 5}', 5), ('{"v": 1, "moves": null}', None),
                        ('{"v": 1, "moves": {"a": [1]}}', {"a": [1]})):
        data = _old_file(container.HISTORY, None, text)
        assert reader.decode(container.HISTORY, data) == {"v": 1, "moves": moves}
    assert reader.decode(container.HISTORY, _old_file(container.HISTORY, None,
                            '{"v": 1, "moves": [ ], "n": "]["}')) == {"v": 1, "moves": [],
                                                                     "n": "]["}
    assert reader.decode(container.HISTORY, _old_file(container.HISTORY, None,
                            '{"v": 1, "moves": [ 0 ,\n65535\t,7 ]}')) == {"v": 1, "moves": [0, 65535, 7]}


def test_only_the_plain_top_level_moves_key_is_the_move_list():
    """Keys that start like it, end like it, are nested, or spell it with an escape are other
    members, kept as they are; a head of many chunks reads back whole."""
    from io import BytesIO

    text = ('{"v": 1, "move": [1], "movesx": [2], "xmoves": [3], "r": {"moves": [4]}, "m": "moves",'
            ' "moves": [5, 6], "w": "' + "é" * 400 + '"}')
    assert reader.decode(container.HISTORY, _old_file(container.HISTORY, None, text)) == {
        "v": 1, "move": [1], "movesx": [2], "xmoves": [3], "r": {"moves": [4]}, "m": "moves",
        "moves": [5, 6], "w": "é" * 400}
    data = _old_file(container.HISTORY, None, '{"v": 1, "mo\\u0076es": [7, 8]}')
    document = reader.read(lambda: BytesIO(data), len(data), container.HISTORY)
    assert document.count == -1 and document.head == {"v": 1, "moves": [7, 8]}


def test_pages_of_moves_and_a_file_changed_between_the_reads():
    from io import BytesIO

    moves = [i % 97 for i in range(700)]
    data = container.encode(container.HISTORY, {"v": 1, "moves": moves})
    source = [data]
    document = reader.read(lambda: BytesIO(source[0]), len(data), container.HISTORY)
    assert document.count == 700 and document.head == {"v": 1}
    for start in (0, 1, 63, 64, 255, 256, 699, 700, 900):
        for stop in (start, start + 1, start + 64, -1):
            want = moves[start:] if stop < 0 else moves[start:stop]
            assert document.moves(start, stop) == want, (start, stop)
    source[0] = container.encode(container.HISTORY, {"v": 1, "moves": moves[:300]})
    expect_raises(container.BadFile, document.moves, 250, 400)  # never moves it does not hold


def _long_game_kept(root):
    """The long game finished and kept in a store at root; a link to it, its inbox and its output."""
    session = loaded(LONG, Store(root))
    assert session.finish(abandon=True) == 1
    inbox = []
    out = []
    return Link(_App(session), lambda: inbox.pop(0) if inbox else None, out.append), inbox, out


def test_a_long_game_is_pulled_in_lines_of_one_size():
    root = scratch_root()
    try:
        link, inbox, out = _long_game_kept(root)

        def ask(command):
            inbox.append(json.dumps(command).encode() + b"\n")
            lines = []
            while not lines:  # the first page's check of the file takes a few turns
                link.poll(0)
                lines = b"".join(out).split(b"\n")[:-1]
            del out[:]
            return [len(line) for line in lines], wire.parse_line(lines[-1], True)

        got = []
        longest = 0
        while True:
            sizes, reply = ask({"cmd": "pull_game", "game_id": 1, "start": len(got), "id": 1})
            page = reply["data"]
            assert reply["type"] == "ok" and len(page["moves"]) <= PAGE
            longest = max([longest] + sizes)
            got.extend(page["moves"])
            if len(got) >= page["total"]:
                break
        assert got == list(long_moves()) and page["record"]["names"] == NAMES
        assert longest < 1024, longest  # the whole game as one line: 13 KB
        for start in (-1, len(got) + 1):
            _, reply = ask({"cmd": "pull_game", "game_id": 1, "start": start, "id": 2})
            assert reply["type"] == "error" and reply["data"]["code"] == wire.E_BAD_ARGS
        _, reply = ask({"cmd": "pull_game", "game_id": 1, "start": len(got), "id": 3})
        assert reply["data"]["moves"] == [] and reply["data"]["total"] == len(got)
    finally:
        clean_root(root)


def test_the_app_waits_out_a_long_pull_whole():
    """The first page of a long game checks its whole file, a KB a turn: some 15 turns for 3315
    moves, fewer than APP_WAIT_TURNS, and the link holds the app (app.loop leaves the keys and
    the tick) for every one of them and for the answer's turn after, so that no turn of the
    app's meets the job's code and page, nor its answer; never once the answer is out."""
    from proto.link import APP_WAIT_TURNS

    root = scratch_root()
    try:
        link, inbox, out = _long_game_kept(root)
        assert not link.holds_app()  # no command: the app plays every turn
        inbox.append(b'{"cmd":"pull_game","game_id":1,"id":1}\n')
        held = []
        while not out:
            held.append(link.holds_app())
            link.poll(0)
        assert wire.parse_line(b"".join(out).split(b"\n")[0], True)["type"] == "ok"
        assert held[0] is False  # the turn the line is read: no job yet
        # the file's check, in steps; its code goes the turn after the last, the answer the turn
        # after that, the app held
        assert all(held[1:]) and 8 < len(held) <= APP_WAIT_TURNS, held
        assert not link.holds_app()  # answered: the app plays again
    finally:
        clean_root(root)


def test_a_job_longer_than_the_wait_gives_the_app_one_turn_in_the_waits_plus_one():
    """A job that outlasts APP_WAIT_TURNS (none of the commands' does with the files the device
    writes) holds the app that many turns in a row, then lets it play one, so that a key waits
    0.3 s at most whatever the host asks."""
    from proto.link import APP_WAIT_TURNS

    link = Link(_App(None), lambda: None, [].append)
    steps = 3 * APP_WAIT_TURNS + 5

    def job():
        for _ in range(steps):
            yield
        return {}

    link.job = job()
    held = []
    while link.job is not None:
        held.append(link.holds_app())
        link.poll(0)
    runs = "".join("H" if h else "." for h in held).split(".")
    assert len(held) == steps + 1, len(held)
    # the job's code goes in a turn of its own, then its answer is framed
    assert link.answer_due is not None and link.let_go_due
    link.poll(0)
    assert link.answer_due is not None and not link.let_go_due
    link.poll(0)
    assert all(len(run) == APP_WAIT_TURNS for run in runs[:-1]) and len(runs) == 4, runs
    assert not link.holds_app()


class _App:
    def __init__(self, session):
        self.session = session

    def pop_event(self):
        return None
