"""list_games, pull_game, list_quarantine and pull_file against the real store on a filesystem
(a RAM littlefs under the unix port, a temp folder on CPython)."""

import json
from binascii import a2b_base64

from app.session import Session
from engine.play import replay
from engine.rng import Rng
from games.tanturlurette.bots import BOTS
from proto import wire
from proto.commands import LIST_PAGE
from proto.link import Link
from store.files import Files, join
from store.pages import SCAN_STEP
from store.storage import Store
from support import ON_MICROPYTHON
from test_store_files import RamBlockDevice, clean_root, mount_ram, scratch_root

TURNS_MOST = 2000  # turns a command may take: a page of a big history, checked file by file


class _App:
    def __init__(self, session):
        self.session = session
        self.events = []

    def pop_event(self):
        return None

    def snapshot(self):  # app.core.App's: what the device shows
        return {"mode": "fake", "text": []}


def _finished_game(session, seed, names):
    session.new_game("tanturlurette", {"players": 4, "circles": 2}, names=names)
    rng = Rng(seed)
    bots = [BOTS["threshold"]() for _ in range(4)]
    while not session.state.is_over():
        player = session.state.current_player()
        if player < 0:
            session.act(session.chance_outcome(rng))
        else:
            session.act(bots[player].choose(session.state, player, rng))
    session.finish()
    return session.record()


def _ask(link, inbox, out, command, turns=None):
    """The answer to command, polling the link a turn at a time until it comes (a command that
    reads files takes a few); turns, a list, gets how many it took."""
    inbox.append(command)
    lines = []
    taken = 0
    while not lines and taken < TURNS_MOST:
        link.poll(0)
        taken += 1
        lines = [wire.parse_line(line, True) for line in b"".join(out).split(b"\n") if line]
    del out[:]
    if turns is not None:
        turns.append(taken)
    assert lines, "no answer in %d turns to %r" % (TURNS_MOST, command)
    return lines[-1]


def test_history_from_the_store_through_the_link():
    root = scratch_root()
    try:
        session = Session(Store(root))
        first = _finished_game(session, 1, ["Anne", "Bea", "Cyr", "Dom"])
        second = _finished_game(session, 2, None)
        inbox = []
        out = []
        link = Link(_App(session), lambda: inbox.pop(0) if inbox else None, out.append)
        listing = _ask(link, inbox, out, b'{"cmd":"list_games","id":1}\n')["data"]["games"]
        assert [g["id"] for g in listing] == [1, 2]
        assert listing[0]["names"] == ["Anne", "Bea", "Cyr", "Dom"] and listing[0]["finished"]
        assert listing[1]["moves"] == len(second["moves"])
        page = _ask(link, inbox, out, b'{"cmd":"pull_game","game_id":1,"id":2}\n')["data"]
        pulled = page["record"]
        assert page["start"] == 0 and page["total"] == len(first["moves"])
        pulled["moves"] = page["moves"]
        while len(pulled["moves"]) < page["total"]:  # the rest, a page at a time
            more = b'{"cmd":"pull_game","game_id":1,"start":%d}\n' % len(pulled["moves"])
            pulled["moves"] += _ask(link, inbox, out, more)["data"]["moves"]
        assert pulled["moves"] == first["moves"] and pulled["names"] == first["names"]
        assert list(replay(pulled).returns()) == pulled["returns"]
        missing = _ask(link, inbox, out, b'{"cmd":"pull_game","game_id":9,"id":3}\n')
        assert missing["type"] == "error" and "no finished game 9" in missing["data"]["message"]
        # a history file damaged on flash: listed as such, and refused with the reason
        with open(join(join(root, "history"), "h2"), "wb") as f:
            f.write(b"\x00garbage")
        listing = _ask(link, inbox, out, b'{"cmd":"list_games","id":4}\n')["data"]["games"]
        assert listing[1]["id"] == 2 and "error" in listing[1]
        damaged = _ask(link, inbox, out, b'{"cmd":"pull_game","game_id":2,"id":5}\n')
        assert damaged["type"] == "error" and "damaged" in damaged["data"]["message"]
        assert _ask(link, inbox, out, b'{"cmd":"list_quarantine"}\n')["data"]["files"] == []
    finally:
        clean_root(root)


def test_quarantined_files_can_be_pulled_byte_for_byte():
    from binascii import a2b_base64

    root = scratch_root()
    try:
        store = Store(root)
        session = Session(store)
        session.new_game("tanturlurette", {"players": 4})
        session.act(session.chance_outcome(Rng(3)))
        game_dir = join(root, "game")
        names = [n for n in _listdir(game_dir) if n.startswith("s")]
        assert names, "the session saved a snapshot"
        with open(join(game_dir, names[0]), "wb") as f:
            f.write(b"\xde\xad not a snapshot")
        resumed = Session(Store(root))
        report = resumed.resume()
        assert report is not None and report["quarantined"]
        inbox = []
        out = []
        link = Link(_App(resumed), lambda: inbox.pop(0) if inbox else None, out.append)
        files = _ask(link, inbox, out, b'{"cmd":"list_quarantine","id":1}\n')["data"]["files"]
        assert files == report["quarantined"]
        got = _ask(link, inbox, out, b'{"cmd":"pull_file","name":"%s","id":2}\n' % files[0].encode())
        assert got["type"] == "ok"
        assert a2b_base64(got["data"]["base64"]) == b"\xde\xad not a snapshot"
        nope = _ask(link, inbox, out, b'{"cmd":"pull_file","name":"../config.json","id":3}\n')
        assert nope["type"] == "error" and nope["data"]["code"] == wire.E_FAILED
    finally:
        clean_root(root)


def _listdir(folder):
    import os

    return os.listdir(folder)


BIG_HISTORY = 201
BIG_FILE = 20000  # bytes of a damaged file: 100 KB of answer in one line before it came in pieces


def _big_root():
    """A folder with room for a big history: littlefs on a 512 KB RAM chip under the unix port."""
    return mount_ram(RamBlockDevice(1024, 512)) if ON_MICROPYTHON else scratch_root()


def _all_pages(link, inbox, out, command, cursor, turns):
    """Every page of a paged command: the ok answers, asking again from cursor(answer)."""
    pages = []
    while True:
        answer = _ask(link, inbox, out, (json.dumps(command) + "\n").encode(), turns)
        assert answer["type"] == "ok", answer
        pages.append(answer["data"])
        if not answer["data"]["more"]:
            return pages
        command = dict(command)
        command.update(cursor(answer["data"]))


def _linked(root):
    """A link to a device resuming the store at root: (link, its inbox, its output)."""
    inbox = []
    out = []
    return Link(_App(Session(Store(root))), lambda: inbox.pop(0) if inbox else None, out.append), inbox, out


def _game_pages(link, inbox, out, turns):
    """Every list_games page, each asked after the last id of the one before."""
    return _all_pages(link, inbox, out, {"cmd": "list_games", "id": 1},
                      lambda data: {"after": data["games"][-1]["id"]}, turns)


def test_every_command_is_answered_with_a_big_history_and_a_big_damaged_file():
    """201 kept games and a 20 KB quarantined file: each command is answered, a page at a time,
    in a bounded number of loop turns (list_games had no answer at all before: its one line of
    every game did not fit in memory), and the command after the big pull is answered too."""
    root = _big_root()
    try:
        store = Store(root)
        session = Session(store)
        session.new_game("tanturlurette", {"players": 4, "circles": 2}, names=["Anne", "Bea", "Cyr", "Dom"])
        session.act(session.chance_outcome(Rng(1)))
        session.finish(abandon=True)
        history = join(root, "history")
        data = Files().read(join(history, "h1"))
        for number in range(2, BIG_HISTORY + 1):
            Files().write_atomic(join(history, "h%d" % number), data)
        Files().makedirs(join(root, "quarantine"))
        damaged = bytes(range(256)) * (BIG_FILE // 256) + b"end"
        Files().write_atomic(join(join(root, "quarantine"), "q3-s9"), damaged)
        link, inbox, out = _linked(root)
        turns = []
        pages = _game_pages(link, inbox, out, turns)
        listed = [game["id"] for page in pages for game in page["games"]]
        assert listed == list(range(1, BIG_HISTORY + 1))
        assert all(len(page["games"]) <= LIST_PAGE for page in pages)
        files = _all_pages(link, inbox, out, {"cmd": "list_quarantine", "id": 2},
                           lambda data: {"after": data["files"][-1]}, turns)
        assert [name for page in files for name in page["files"]] == ["q3-s9"]
        pieces = _all_pages(link, inbox, out, {"cmd": "pull_file", "name": "q3-s9", "id": 3},
                            lambda data: {"offset": data["offset"] + len(a2b_base64(data["base64"]))}, turns)
        assert b"".join(a2b_base64(piece["base64"]) for piece in pieces) == damaged
        assert all(piece["size"] == len(damaged) for piece in pieces)
        after = _ask(link, inbox, out, b'{"cmd":"list_games","id":4}\n', turns)
        assert after["type"] == "ok" and after["data"]["more"]
        last = _ask(link, inbox, out, b'{"cmd":"pull_game","game_id":%d,"id":5}\n' % BIG_HISTORY, turns)
        assert last["type"] == "ok" and last["data"]["total"] == 1 and not last["data"]["more"]
        # a page's turns: the folder read SCAN_STEP names a turn, then each game of the page
        assert max(turns) <= BIG_HISTORY // SCAN_STEP + 1 + LIST_PAGE * 8, turns
    finally:
        clean_root(root)


def test_a_page_of_long_games_is_cut_to_a_few_turns():
    """list_games checks each game of a page whole, a KB a turn: a page ends before the game
    whose file would bring the bytes it checks over LIST_BYTES (it holds one at least), so that
    a page of the longest games is answered in fewer turns than proto.link.APP_WAIT_TURNS, the
    app held for all of them, and the pages still give every game once."""
    from long_game import LONG, loaded
    from proto.commands import LIST_BYTES
    from proto.link import APP_WAIT_TURNS

    root = _big_root()
    try:
        kept = loaded(LONG, Store(root))
        moves = len(kept.state.moves)
        kept.finish(abandon=True)
        history = join(root, "history")
        data = Files().read(join(history, "h1"))
        assert LIST_BYTES // 2 < len(data) <= LIST_BYTES  # one long game a page
        for number in range(2, 5):
            Files().write_atomic(join(history, "h%d" % number), data)
        link, inbox, out = _linked(root)
        turns = []
        pages = _game_pages(link, inbox, out, turns)
        assert [[game["id"] for game in page["games"]] for page in pages] == [[1], [2], [3], [4]]
        assert all(page["games"][0]["moves"] == moves for page in pages)
        assert max(turns) <= APP_WAIT_TURNS, turns
    finally:
        clean_root(root)


def test_a_second_command_in_the_same_read_waits_for_the_first_to_be_answered():
    """A host that does not wait for the answer: its second line, read with the first while the
    first is carried out over turns, waits (proto.link's unfed bytes) and is answered after it,
    in order; a third line in the port waits behind them."""
    root = scratch_root()
    try:
        session = Session(Store(root))
        _finished_game(session, 1, None)
        inbox = [b'{"cmd":"list_games","id":1}\n{"cmd":"version","id":2}\n{"cmd":"get_st', b'ate","id":3}\n']
        out = []
        link = Link(_App(session), lambda: inbox.pop(0) if inbox else None, out.append)
        for _turn in range(TURNS_MOST):
            link.poll(0)
            if b"".join(out).count(b'"type":"ok"') == 3:
                break
        answers = [wire.parse_line(line, True) for line in b"".join(out).split(b"\n") if line]
        assert [(a["type"], a["data"]["id"]) for a in answers if a["type"] != "state"] == [
            ("ok", 1), ("ok", 2), ("ok", 3)]
    finally:
        clean_root(root)
