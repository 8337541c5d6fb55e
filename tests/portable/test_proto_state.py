"""get_state's line written in pieces, on both runtimes: the same bytes as the whole line.

The snapshot holds the game's own moves (engine.core.Moves); Link.send writes such a line piece
by piece (proto.wire.frame_parts, frame_pieces), the moves straight from them. Whatever the game and
its length, the line must be byte for byte what frame() makes of the same payload with the moves
as a list, the line Link.send wrote before (key order, escaping and CRC included: a MicroPython
dict's order is its own, and must be kept). A line cut by a failing port is ended and lost, and
what cannot be encoded fails before a byte of it is written.
"""

from array import array

from app.clock import ManualClock
from app.config import DEFAULT_CONFIG, copy_config
from app.core import App
from app.session import Session
from engine.core import Moves
from engine.rng import Rng
from games import ENGINES
from long_game import LONG, AppStandIn, loaded
from proto import wire
from proto.link import Link
from store.container import PIECE
from store.storage import Store
from support import ON_MICROPYTHON, expect_raises, first_bot, scaled
from test_session_games import _choose
from test_store_files import clean_root, scratch_root

NAMES = ['Zoé "Z"', "Loïc\\", "李雷", "😀 Max"]  # JSON escapes some, writes the rest as UTF-8
CHECKED = (0, 1, PIECE - 1, PIECE, PIECE + 1, 2 * PIECE + 1)  # move counts about a piece's end


def _listed(value):
    """value with each array member of its dicts (at any depth) replaced by a list of its
    items, in place: a key given a new value keeps its place in a MicroPython dict, a new dict
    would not."""
    if type(value) is dict:
        for key in value:
            item = value[key]
            if isinstance(item, (Moves, array)):
                value[key] = list(item)
            else:
                _listed(item)
    return value


def _streamed(obj):
    return b"".join(wire.frame_pieces(wire.frame_parts(obj)))


def test_pieces_join_to_the_line_frame_makes_of_the_lists():
    for count in (0, 1, PIECE - 1, PIECE, PIECE + 1, 3 * PIECE, 200):
        moves = array("H", [(i * 7919) % 65536 for i in range(count)])
        objects = [
            {"moves": moves},
            {"seq": 3, "type": "state",
             "data": {"id": None, "state": {"v": 1, "moves": moves, "x": 1.5}}},
            {"a": [1, {"b": None}], "z": -4, "other": array("b", [-1, 0, 5]),
             "n": {"deep": {"moves": moves, "t": True}, "s": "\"\\\n\t\u00e9"}},
            {"names": NAMES, "one": array("H", [count]), "moves": moves, "empty": {}},
        ]
        for obj in objects:
            got = _streamed(obj)
            assert got == wire.frame(_listed(obj)), (count, got)
            assert wire.parse_line(got, True) == obj


def test_a_line_without_an_array_is_no_concern_of_the_pieces():
    assert not wire.holds_array({"a": [1, 2], "b": {"c": (3,)}, "d": "moves"})
    assert wire.holds_array({"a": {"b": {"c": array("H")}}})
    obj = {"seq": 1, "data": {"names": NAMES}}
    assert _streamed(obj) == wire.frame(obj)  # one part: the whole JSON


def test_what_cannot_be_encoded_fails_before_a_byte_is_written():
    moves = array("H", range(100))
    err = expect_raises(TypeError, wire.frame_parts, {"data": {1: "a", "moves": moves}})
    assert "keys must be str" in str(err)
    out = []
    link = Link(AppStandIn(None), lambda: None, out.append)
    link.send("state", {"state": {1: "a", "moves": moves}})
    [line] = b"".join(out).split(b"\n")[:-1]  # the error in its place, whole, under its number
    event = wire.parse_line(line, True)
    assert event["type"] == "error" and "state event not encodable" in event["data"]["message"]
    assert event["seq"] == 0 and link.seq == 1 and link.lost_lines == 0
    if not ON_MICROPYTHON:  # CPython refuses to encode a lone surrogate; MicroPython writes it
        del out[:]
        link.send("state", {"state": {"names": ["Ann\ud800"], "moves": moves}})
        assert wire.parse_line(b"".join(out), True)["type"] == "error"


class _Port:
    """A serial port whose write fails (OSError) from its write number `fails` on, once."""

    def __init__(self, fails):
        self.fails = fails
        self.writes = []

    def write(self, data):
        if len(self.writes) == self.fails:
            self.fails = -1
            raise OSError(5)
        self.writes.append(bytes(data))


def test_a_line_cut_by_the_port_is_ended_lost_and_the_next_one_whole():
    moves = array("H", range(10 * PIECE))
    for fails in (0, 1, 2, 5):
        port = _Port(fails)
        link = Link(AppStandIn(None), lambda: None, port.write)
        link.send("state", {"id": 4, "state": {"moves": moves}})
        assert link.lost_lines == 1 and link.seq == 1
        link.send("ok", {"cmd": "get_state", "id": 4})
        lines = b"".join(port.writes).split(b"\n")
        # the cut line ended (none when nothing of it went out), then the answer
        assert lines[-1] == b"" and len(lines) == (2 if fails == 0 else 3), fails
        if fails:
            expect_raises(wire.LineError, wire.parse_line, lines[0], True)
        answer = wire.parse_line(lines[-2], True)
        assert answer["type"] == "ok" and answer["seq"] == 1  # the gap shows


class _Spy:
    """Link.send wrapped: each line written, and what send was given to write it."""

    def __init__(self, link):
        self.link = link
        self.out = []
        self.given = []
        self.send = link.send
        self.send_steps = link.send_steps
        link.write = self.out.append
        link.send = self.spy
        link.send_steps = self.spy_steps

    def spy(self, kind, data):
        link = self.link
        self.given.append((link.seq, kind, data, link.now, link.wall_time(), link.boot_id))
        self.send(kind, data)

    def spy_steps(self, kind, data, still):
        link = self.link
        self.given.append((link.seq, kind, data, link.now, link.wall_time(), link.boot_id))
        return (yield from self.send_steps(kind, data, still))

    def state_line(self, command_id):
        """get_state's state line as written, its writes, and frame()'s line of the same payload
        with the moves as a list (what Link.send wrote before the pieces)."""
        del self.out[:]
        del self.given[:]
        reply = self.link.commands.run_whole({"cmd": "get_state", "id": command_id})
        assert reply == {"playing": True}
        (seq, kind, data, ms, utc, boot), = self.given
        writes = len(self.out)
        sent = b"".join(self.out)
        assert kind == "state" and isinstance(data["state"]["moves"], Moves)
        return sent, writes, wire.encode_event(seq, kind, _listed(data), ms, utc, boot)


def _check(spy, session, command_id):
    sent, writes, whole = spy.state_line(command_id)
    assert sent == whole, (session.game, len(session.state.moves), sent, whole)
    count = len(session.state.moves)
    assert writes >= 3 + (count + PIECE - 1) // PIECE  # prefix, parts, pieces, CRC: not one line
    snap = wire.parse_line(sent, True)["data"]["state"]
    assert snap["moves"] == list(session.state.moves) and snap["game"] == session.game
    if session.game_id:
        assert snap["id"] == session.game_id
    else:
        assert "id" not in snap
    return snap


def _linked(session, clock):
    """A real App around session (its display goes into the snapshot) and a link to it."""
    config = copy_config(DEFAULT_CONFIG)
    app = App(config, clock, session, first_boot_selftest=False)
    link = Link(app, lambda: None, lambda data: None)
    link.poll(clock.advance(10))
    return link


def test_every_game_at_several_lengths_sends_the_line_send_wrote_whole():
    for number, game in enumerate(ENGINES):
        root = scratch_root() if number % 2 == 0 else None  # with a store (a game id), and without
        try:
            clock = ManualClock()
            session = Session(Store(root)) if root is not None else Session()
            link = _linked(session, clock)
            spy = _Spy(link)
            if number % 3 == 0:
                link.commands.run({"cmd": "set_clock", "time": 1764460800})  # lines with utc
            session.new_game(game, {})
            seats = len(session.state.standings())
            session.set_names((NAMES * 2)[:seats])
            if root is not None:
                assert session.game_id >= 1
            rng = Rng(number + 5)
            bot = first_bot(game)
            checked = 0
            for step in range(scaled(400, 140)):
                if len(session.state.moves) in CHECKED or step % 50 == 49:
                    _check(spy, session, step)
                    checked += 1
                if session.state.is_over():
                    break
                session.act(_choose(session, bot, rng))
                link.now = clock.advance(997)
            snap = _check(spy, session, 1000)
            assert checked >= 2 and snap["names"] == (NAMES * 2)[:seats], game  # 0, 1 and the last
        finally:
            if root is not None:
                clean_root(root)


def test_the_long_game_sends_the_line_send_wrote_whole():
    root = scratch_root()
    try:
        session = loaded(LONG, Store(root))
        spy = _Spy(Link(AppStandIn(session), lambda: None, lambda data: None))
        snap = _check(spy, session, 7)
        assert len(snap["moves"]) == LONG and snap["id"] == session.game_id == 1
    finally:
        clean_root(root)
