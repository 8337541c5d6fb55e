"""Property test of the device's command input: any bytes, cut anywhere, never lose a good command.

Hypothesis builds a stream of good commands and garbage lines (any bytes but a newline, any length,
over-long ones included) and feeds it to the Link in chunks cut at random places. Every good
command must be answered ok with its id, in order; every garbage line gets an error or, when blank,
nothing; the game is untouched and the line buffer never grows.
"""

from games.tanturlurette.rules import State
from hypothesis import given, settings
from hypothesis import strategies as st
from proto.link import Link
from proto.wire import LINE_MAX, frame, parse_line

import host_tools  # noqa: F401  (firmware/lib on the path)


class _Session:
    def __init__(self):
        self.state = State({"players": 4})
        self.names = None
        self.history = []
        self.store = None
        self.game_id = 0
        self.finished = False


class _App:
    def __init__(self):
        self.session = _Session()
        self.config = {}

    def pop_event(self):
        return None

    def snapshot(self):  # app.core.App's: what the device shows
        return {"mode": "_App", "text": []}


garbage_line = st.binary(max_size=LINE_MAX * 2).map(lambda b: b.replace(b"\n", b"")).map(lambda b: b + b"\n")
good_command = st.sampled_from(["hello", "version", "get_state", "list_games", "get_config"])
segment = st.one_of(st.tuples(st.just("garbage"), garbage_line),
                    st.tuples(st.just("good"), good_command),
                    st.tuples(st.just("bare"), good_command))


@settings(max_examples=150, deadline=None)
@given(st.lists(segment, max_size=25), st.lists(st.integers(min_value=1, max_value=300), min_size=1, max_size=40))
def test_good_commands_survive_any_garbage(segments, cuts):
    stream = b""
    expected = []
    garbage = 0
    for i, (kind, value) in enumerate(segments):
        if kind == "garbage":
            stream += value
            garbage += 1 if value.replace(b"\r", b"") != b"\n" else 0  # the reader skips \r
        elif kind == "good":
            stream += frame({"cmd": value, "id": i})
            expected.append(i)
        else:  # typed by hand: bare JSON
            stream += b'{"cmd":"%s","id":%d}\r\n' % (value.encode(), i)
            expected.append(i)
    chunks = []
    k = 0
    while stream:
        size = cuts[k % len(cuts)]
        chunks.append(stream[:size])
        stream = stream[size:]
        k += 1
    app = _App()
    out = []
    link = Link(app, lambda: chunks.pop(0) if chunks else None, out.append)
    now = 0
    # the chunks, then the turns of the commands still under way or waiting in the device
    while chunks or link.working() or link.answer_due is not None or link.unfed is not None:
        link.poll(now)
        now += 1  # far below the cut-line timeout: no line is dropped for waiting
        assert link.reader.length <= LINE_MAX
    events = [parse_line(line, True) for line in b"".join(out).split(b"\n") if line]
    oks = [e["data"]["id"] for e in events if e["type"] == "ok"]
    errors = [e for e in events if e["type"] == "error"]
    assert oks == expected
    assert len(errors) <= garbage  # at most one error a line; one that parses by chance says ok
    assert all(e["data"]["id"] is None or e["data"]["id"] not in expected for e in errors)
    assert len(app.session.state.moves) == 0
