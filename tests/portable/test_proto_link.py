"""The device end of the protocol against a stand-in app: every bad input gets an error event, the
loop keeps going, and no game loses a move."""

from app.clock import TICKS_PERIOD, ManualClock
from engine.play import play_out, replay
from engine.rng import Rng
from games.tanturlurette.bots import BOTS
from games.tanturlurette.rules import State
from proto import wire
from proto.link import Link
from support import ON_MICROPYTHON, expect_raises


class FakeSession:
    """The session's surface the commands use; without a store, history is a list in RAM."""

    def __init__(self, state, names, history):
        self.state = state
        self.names = names
        self.history = history
        self.store = None
        self.game_id = 0  # no store: the game has no id on the device
        self.last = None  # no finished game put away (app.session.report_of reads it)
        self.finished = False

    def set_names(self, names):  # a session without a store: nothing to save
        self.names = list(names)
        return True


class FakeApp:
    def __init__(self, state=None, history=None):
        self.events = []
        self.session = FakeSession(state, ["Anne", "Bea", "Cyr", "Dom"], history)
        self.config = {"language": "fr", "seats": 4}

    def pop_event(self):
        if self.events:
            return self.events.pop(0)
        return None

    def snapshot(self):  # what app.core.App.snapshot gives: the device's screen
        return {"mode": "FakeApp", "text": []}


def _played_state(seed=3, rounds=2):
    state = State({"players": 4})
    rng = Rng(seed)
    bots = [BOTS["threshold"]() for _ in range(4)]
    play_out(state, bots, rng, until_round=rounds)
    return state


class Wire:
    """Both ends of a fake cable: bytes queued for the device, lines the device wrote."""

    def __init__(self):
        self.inbox = []
        self.out = b""

    def read(self):
        if self.inbox:
            return self.inbox.pop(0)
        return None

    def write(self, data):
        self.out += data

    def take(self):
        lines = [wire.parse_line(line, True) for line in self.out.split(b"\n") if line]
        self.out = b""
        return lines


def _link(app=None, **kw):
    app = app or FakeApp(_played_state(), [])
    w = Wire()
    link = Link(app, w.read, w.write, **kw)
    return app, w, link


def _send(w, link, clock, data, step=10):
    """What the link says to data: the turns it reads it in, then those of a command's job
    (get_state reads the game the turn after the commands are loaded) and of its answer."""
    w.inbox.append(data)
    link.poll(clock.advance(step))
    got = w.take()
    while link.working() or link.answer_due is not None:
        link.poll(clock.advance(step))
        got += w.take()
    return got


def test_hello_answers_ok_with_versions_and_echoed_id():
    clock = ManualClock()
    app, w, link = _link()
    got = _send(w, link, clock, b'{"cmd":"hello","id":41,"protocol":1}\n')
    assert len(got) == 1
    ok = got[0]
    assert ok["type"] == "ok" and ok["data"]["id"] == 41 and ok["data"]["cmd"] == "hello"
    assert ok["data"]["protocol"] == wire.PROTOCOL_VERSION
    assert ok["data"]["boot"] == link.boot_id
    assert "get_state" in ok["data"]["commands"]


def test_prefixed_command_with_checksum_is_accepted_and_damaged_one_refused():
    clock = ManualClock()
    app, w, link = _link()
    line = wire.frame({"cmd": "version", "id": 2})
    assert _send(w, link, clock, line)[0]["type"] == "ok"
    damaged = line.replace(b'"id":2', b'"id":3')
    err = _send(w, link, clock, damaged)[0]
    assert err["type"] == "error" and err["data"]["code"] == wire.E_BAD_LINE


def _turns(w, link, clock, count, step=10):
    """The lines of each of `count` polls, a list a turn."""
    turns = []
    for _ in range(count):
        link.poll(clock.advance(step))
        turns.append(w.take())
    return turns


def test_app_events_keep_order_and_sequence_numbers_increase():
    """Queued events go out one a turn (proto.link.LINES_PER_TURN); a host line waits in the port
    until they are out, and its answer follows them, in the turn the last one went. Before: all
    of them, and the answer, in one turn."""
    clock = ManualClock()
    app, w, link = _link()
    app.events = [("boot", {"why": "power"}), ("act", {"a": 1}), ("act", {"a": 0})]
    w.inbox.append(b'{"cmd":"version","id":1}\n')
    turns = _turns(w, link, clock, 4)
    assert [[e["type"] for e in turn] for turn in turns] == [["boot"], ["act"], ["act", "ok"], []]
    got = turns[0] + turns[1] + turns[2]
    assert [e["seq"] for e in got] == [0, 1, 2, 3]
    assert got[1]["data"] == {"a": 1}
    app.events = [("over", {"winners": [2]})]
    link.poll(clock.advance(5))
    assert [(e["seq"], e["type"]) for e in w.take()] == [(4, "over")]


def test_a_burst_goes_out_a_line_a_turn_in_order_and_an_answer_waits_for_it():
    """A deal's end of an 8-seat game queues a few dozen events at once: each later turn sends one,
    in order, none dropped, and a command sent meanwhile is answered right after the last."""
    clock = ManualClock()
    app, w, link = _link()
    app.events = [("fact", {"kind": 3, "args": [n, 0, 0], "text": "seat %d pays" % n}) for n in range(30)]
    w.inbox.append(b'{"cmd":"version","id":7}\n')
    turns = _turns(w, link, clock, 32)
    assert [len(turn) for turn in turns] == [1] * 29 + [2, 0, 0]
    got = [event for turn in turns for event in turn]
    assert [e["seq"] for e in got] == list(range(31))
    assert [e["data"]["args"][0] for e in got[:30]] == list(range(30))
    assert got[30]["type"] == "ok" and got[30]["data"]["id"] == 7


def test_a_heavy_app_turn_leaves_the_link_idle_for_at_most_its_wait():
    """A turn whose app part was heavy (app.loop: a game's start, a checkpoint, an undo's slice)
    reads, sends and steps nothing, so that a command's garbage never adds to the app's in one
    turn; after HEAVY_WAIT_TURNS of them in a row the link works anyway, and a light turn resets
    the count. Nothing is lost: the line waits in the port, the events in the app's queue."""
    from proto.link import HEAVY_WAIT_TURNS

    clock = ManualClock()
    app, w, link = _link()
    app.events = [("act", {"a": 1})]
    w.inbox.append(b'{"cmd":"version","id":5}\n')
    for _ in range(3):
        link.poll(clock.advance(10), True)
        assert w.take() == [] and len(w.inbox) == 1 and len(app.events) == 1
    link.poll(clock.advance(10))  # light: the event goes out; the line waits behind it
    link.poll(clock.advance(10))
    assert [e["type"] for e in w.take()] == ["act", "ok"]
    w.inbox.append(b'{"cmd":"version","id":6}\n')
    for _ in range(HEAVY_WAIT_TURNS):
        link.poll(clock.advance(10), True)
    assert w.take() == [] and len(w.inbox) == 1
    link.poll(clock.advance(10), True)  # waited long enough: answered though the turn is heavy
    got = w.take()
    assert [(e["type"], e["data"]["id"]) for e in got] == [("ok", 6)]


def test_the_apps_heavy_parts_ahead_hold_the_next_line_for_at_most_the_wait():
    """While the app has heavy parts ahead (app.core.App.heavy_ahead: a game's start, an undo)
    the link reads no new line, so that no command's code comes on top of them, but still sends
    the app's events; after HEAVY_WAIT_TURNS in a row it reads anyway, and the host is answered."""
    from proto.link import HEAVY_WAIT_TURNS

    clock = ManualClock()
    app, w, link = _link()
    w.inbox.append(b'{"cmd":"version","id":5}\n')
    app.events = [("act", {"a": 1})]
    link.poll(clock.advance(10), False, True)
    assert [e["type"] for e in w.take()] == ["act"] and len(w.inbox) == 1
    for _ in range(HEAVY_WAIT_TURNS - 1):
        link.poll(clock.advance(10), False, True)
    assert w.take() == [] and len(w.inbox) == 1
    link.poll(clock.advance(10), False, True)  # waited long enough: read though parts are ahead
    assert [(e["type"], e["data"]["id"]) for e in w.take()] == [("ok", 5)]
    w.inbox.append(b'{"cmd":"version","id":6}\n')
    link.poll(clock.advance(10), False, True)
    assert w.take() == [] and len(w.inbox) == 1  # the count began again
    link.poll(clock.advance(10))  # nothing ahead: read at once
    assert [(e["type"], e["data"]["id"]) for e in w.take()] == [("ok", 6)]


def test_every_kind_of_bad_input_gets_an_error_and_the_game_is_untouched():
    clock = ManualClock()
    app, w, link = _link(line_max=64, cut_ms=500)
    moves_before = list(app.session.state.moves)
    cases = [
        (b"\x00\xff\xfegarbage\x1b[2J\n", wire.E_BAD_LINE, None),
        (b"x" * 200 + b"\n", wire.E_TOO_LONG, None),
        (b'{"cmd":"fly","id":5}\n', wire.E_UNKNOWN, 5),
        (b'{"cmd":7,"id":6}\n', wire.E_BAD_ARGS, 6),
        (b'{"cmd":"hello","id":"seven"}\n', wire.E_BAD_ARGS, None),
        (b'{"cmd":"pull_game","game_id":"first","id":8}\n', wire.E_BAD_ARGS, 8),
        (b'{"cmd":"set_names","names":"Anne","id":9}\n', wire.E_BAD_ARGS, 9),
        (b'{"cmd":"set_names","names":["A","B"],"id":10}\n', wire.E_BAD_ARGS, 10),
        (b'{"cmd":"set_clock","time":12,"id":11}\n', wire.E_BAD_ARGS, 11),
        (b'[1,2,3]\n', wire.E_BAD_LINE, None),
        (b'{"cmd":"set_config","config":{"language":"en"},"id":12}\n', wire.E_FAILED, 12),
    ]
    for data, code, command_id in cases:
        got = _send(w, link, clock, data)
        assert len(got) == 1, (data, got)
        assert got[0]["type"] == "error", (data, got)
        assert got[0]["data"]["code"] == code, (data, got)
        assert got[0]["data"]["id"] == command_id
        assert got[0]["data"]["message"]
    assert list(app.session.state.moves) == moves_before
    assert app.session.names == ["Anne", "Bea", "Cyr", "Dom"]
    assert _send(w, link, clock, b'{"cmd":"version","id":99}\n')[0]["type"] == "ok"


def test_cut_line_expires_and_the_next_command_is_answered():
    clock = ManualClock()
    app, w, link = _link(cut_ms=500)
    assert _send(w, link, clock, b'{"cmd":"get_st') == []
    got = _send(w, link, clock, b"", step=600)
    assert [e["data"]["code"] for e in got] == [wire.E_CUT]
    got = _send(w, link, clock, b'{"cmd":"version","id":3}\n')
    assert got[0]["type"] == "ok" and got[0]["data"]["id"] == 3


def test_the_cut_timer_counts_the_link_clock_not_the_app_clock():
    """A scripted simulator's app clock races ahead of the host on the other end: ten simulated
    seconds must not cut a line the host is still sending; 1.5 s of the link's clock does."""
    app_clock = ManualClock()
    host_clock = ManualClock(start=1000)  # another clock, at another reading
    app, w, link = _link(clock=host_clock)
    w.inbox.append(b'{"cmd":"get_st')
    link.poll(app_clock.advance(10))
    for _ in range(100):
        link.poll(app_clock.advance(100))
    assert w.take() == []
    host_clock.advance(1000)
    assert [(e["type"], e["data"]["id"]) for e in _send(w, link, app_clock, b'ate","id":5}\n')] == [
        ("state", 5), ("ok", 5)]
    w.inbox.append(b'{"cmd":"get_st')
    link.poll(app_clock.advance(10))
    host_clock.advance(1499)
    link.poll(app_clock.advance(10))
    assert w.take() == []
    host_clock.advance(1)
    link.poll(app_clock.advance(10))
    got = w.take()
    assert [e["data"]["code"] for e in got] == [wire.E_CUT]
    assert got[0]["ms"] == app_clock.now  # the line's own time is still the app's


def test_a_crashing_handler_is_reported_and_the_link_goes_on():
    clock = ManualClock()
    app, w, link = _link()
    app.session.history = [None]  # not a game record: the handler fails inside
    got = _send(w, link, clock, b'{"cmd":"list_games","id":4}\n')
    assert got[0]["type"] == "error" and got[0]["data"]["code"] == wire.E_FAILED
    assert "AttributeError" in got[0]["data"]["message"]  # None has no get()
    assert _send(w, link, clock, b'{"cmd":"version"}\n')[0]["type"] == "ok"


def test_get_state_snapshot_rebuilds_the_game_with_the_engine():
    clock = ManualClock()
    app, w, link = _link()
    state = app.session.state
    got = _send(w, link, clock, b'{"cmd":"get_state","id":1}\n')
    assert [e["type"] for e in got] == ["state", "ok"]
    snap = got[0]["data"]["state"]
    assert got[0]["data"]["id"] == 1
    assert snap["names"] == ["Anne", "Bea", "Cyr", "Dom"]
    assert snap["round"] == state.round and snap["standings"] == list(state.standings())
    rebuilt = replay(snap)
    assert list(rebuilt.moves) == list(state.moves)
    assert rebuilt.pos == state.pos and rebuilt.stakes == state.stakes


def test_a_game_that_moves_on_between_its_read_and_its_line_gets_an_error_not_the_line():
    """get_state reads the game in one turn, what the device shows in another and frames its line
    from the next (each some KB of a turn's heap): a game that moved in between (the app plays a turn once a job outlasts its
    wait) gets an error to ask again, never a line that mixes two moments of the game."""
    clock = ManualClock()
    app, w, link = _link()
    state = app.session.state
    w.inbox.append(b'{"cmd":"get_state","id":1}\n')
    link.poll(clock.advance(10))  # the line read, the commands loaded
    link.poll(clock.advance(10))  # the game read
    assert link.working() and w.take() == []
    state.apply(state.chance_outcome(0) if state.current_player() < 0 else state.legal_actions()[0])
    got = _send(w, link, clock, b"")
    assert [e["type"] for e in got] == ["error"], got
    assert "moved on" in got[0]["data"]["message"] and got[0]["data"]["id"] == 1


def test_get_state_when_idle_says_so():
    clock = ManualClock()
    app, w, link = _link(FakeApp(None, None))
    got = _send(w, link, clock, b'{"cmd":"get_state","id":1}\n')
    assert got[0]["data"]["state"] is None and got[1]["data"]["playing"] is False


def test_list_and_pull_finished_games():
    clock = ManualClock()
    finished = _played_state(seed=9, rounds=99)
    assert finished.is_over()
    doc = finished.record()
    doc["finished"] = True
    doc["returns"] = list(finished.returns())
    app, w, link = _link(FakeApp(None, [doc]))
    listing = _send(w, link, clock, b'{"cmd":"list_games","id":1}\n')[0]["data"]["games"]
    assert len(listing) == 1
    assert listing[0]["id"] == 1 and listing[0]["moves"] == len(finished.moves)
    assert listing[0]["returns"] == list(finished.returns())
    pulled = _send(w, link, clock, b'{"cmd":"pull_game","game_id":1,"id":2}\n')[0]
    assert pulled["type"] == "ok" and pulled["data"]["total"] == len(finished.moves)
    record, moves = pulled["data"]["record"], pulled["data"]["moves"]
    while len(moves) < len(finished.moves):  # a page at a time
        more = b'{"cmd":"pull_game","game_id":1,"start":%d}\n' % len(moves)
        moves += _send(w, link, clock, more)[0]["data"]["moves"]
    record["moves"] = moves
    assert replay(record).returns() == finished.returns()
    missing = _send(w, link, clock, b'{"cmd":"pull_game","game_id":5,"id":3}\n')[0]
    assert missing["type"] == "error" and "no finished game 5" in missing["data"]["message"]


def test_set_names_applies_to_the_running_game_or_the_next():
    clock = ManualClock()
    app, w, link = _link()
    got = _send(w, link, clock, '{"cmd":"set_names","names":["Anaïs","Bob","Cléo","Dédé"]}\n'.encode())
    assert got[0]["data"]["applied"] == "current game"
    assert app.session.names == ["Anaïs", "Bob", "Cléo", "Dédé"]
    idle = FakeApp(None, None)
    app2, w2, link2 = _link(idle)
    got = _send(w2, link2, clock, b'{"cmd":"set_names","names":["A","B","C","D","E"]}\n')
    assert got[0]["data"]["applied"] == "next game" and idle.session.names == ["Anne", "Bea", "Cyr", "Dom"]
    too_long = _send(w2, link2, clock, b'{"cmd":"set_names","names":["%s"]}\n' % (b"x" * 17))
    assert too_long[0]["type"] == "error"


def test_clock_set_adds_wall_time_that_follows_ticks_across_the_wrap():
    clock = ManualClock(start=TICKS_PERIOD - 1500)
    app, w, link = _link()
    got = _send(w, link, clock, b'{"cmd":"set_clock","time":1764460800,"id":1}\n')
    assert got[0]["type"] == "ok"
    assert got[0]["utc"] == 1764460800
    clock.advance(2500)  # crosses the 2^30 wrap
    got = _send(w, link, clock, b'{"cmd":"version"}\n', step=500)
    assert got[0]["utc"] == 1764460803
    assert got[0]["ms"] < 5000  # ticks wrapped; wall time did not go back


def test_names_set_while_idle_go_to_the_next_game_that_fits():
    clock = ManualClock()
    app, w, link = _link(FakeApp(None, None))
    assert _send(w, link, clock, b'{"cmd":"set_names","names":["A","B","C","D"]}\n')[0]["type"] == "ok"
    app.session.state = State({"players": 4})  # a game starts, as Session.new_game would
    app.session.names = None
    app.events.append(("game", {"game": "tanturlurette", "names": None}))
    link.poll(clock.advance(10))
    game = w.take()[0]
    assert game["type"] == "game" and game["data"]["names"] == ["A", "B", "C", "D"]
    assert app.session.names == ["A", "B", "C", "D"]
    app.events.append(("game", {"game": "tanturlurette", "names": None}))
    app.session.names = None
    link.poll(clock.advance(10))
    assert w.take()[0]["data"]["names"] is None  # used once, not for every later game


def test_names_that_do_not_fit_the_next_game_are_dropped():
    clock = ManualClock()
    app, w, link = _link(FakeApp(None, None))
    _send(w, link, clock, b'{"cmd":"set_names","names":["A","B","C","D","E"]}\n')
    app.session.state = State({"players": 4})
    app.session.names = None
    app.events.append(("game", {"game": "tanturlurette", "names": None}))
    link.poll(clock.advance(10))
    assert w.take()[0]["data"]["names"] is None and app.session.names is None


def test_an_unencodable_event_or_a_failing_port_never_stops_the_loop():
    clock = ManualClock()
    app, w, link = _link()
    app.events = [("act", {"action": object()}), ("act", {"action": 2})]
    link.poll(clock.advance(10))
    link.poll(clock.advance(10))  # a line a turn
    if ON_MICROPYTHON:  # its json writes the object's repr: the host finds a line it cannot read
        lines = [line for line in w.out.split(b"\n") if line]
        w.out = b""
        assert expect_raises(wire.LineError, wire.parse_line, lines[0], True).code == wire.E_BAD_LINE
        assert wire.parse_line(lines[1], True)["seq"] == 1
    else:
        got = w.take()
        assert [e["type"] for e in got] == ["error", "act"]
        assert "act event not encodable" in got[0]["data"]["message"]
        assert [e["seq"] for e in got] == [0, 1]

    def broken(data):
        raise OSError(5)

    link.write = broken
    app.events = [("round", {"round": 2})]
    link.poll(clock.advance(10))
    assert link.lost_lines == 1 and link.seq == 3  # the gap tells the host a line is missing
