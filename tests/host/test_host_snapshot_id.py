"""The snapshot's game id: a device with a store puts its game's id in get_state's snapshot (the
`game` event's id), and the host takes the snapshot with it or, from an older firmware, without."""

import json
import zlib

import pytest
from app.session import Session
from engine.rng import Rng
from games.tanturlurette.bots import BOTS
from proto.link import Link
from proto.wire import PREFIX, frame, parse_line
from store.storage import Store
from test_host_tools import log_bytes

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools.db import LogStore
from host_tools.schema import BadEvent, check_event


class _App:
    def __init__(self):
        self.session = None
        self.config = {}
        self.queue = []

    def pop_event(self):
        return self.queue.pop(0) if self.queue else None

    def snapshot(self):  # app.core.App's: what the device shows
        return {"mode": "TantMode", "text": []}


def _device_game(root):
    """Every line a device with a store sends for a whole game, then get_state's lines."""
    app = _App()
    app.session = session = Session(Store(root), on_event=lambda *event: app.queue.append(event))
    inbox = []
    out = []
    link = Link(app, lambda: inbox.pop(0) if inbox else None, out.append)
    names = ["Anaïs", "Bea", "Cyr", "Dédé"]
    session.new_game("tanturlurette", {"players": 4, "circles": 2}, names=names)
    rng = Rng(4)
    bots = [BOTS["threshold"]() for _ in range(4)]
    while not session.state.is_over():
        state = session.state
        player = state.current_player()
        if player < 0:
            session.act(session.chance_outcome(rng))
        else:
            session.act(bots[player].choose(state, player, rng))
        link.poll(0)
    inbox.append(frame({"cmd": "get_state", "id": 9}))
    link.poll(0)
    while link.working() or link.answer_due is not None:  # get_state's turns, then its answer's
        link.poll(0)
    return [line + b"\n" for line in b"".join(out).split(b"\n") if line], session


def _reframed(line, **state):
    """line, a state line, with its snapshot's fields changed (None: taken away)."""
    event = parse_line(line, True)
    snap = event["data"]["state"]
    for key, value in state.items():
        if value is None:
            del snap[key]
        else:
            snap[key] = value
    body = json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()
    return PREFIX + body + b" %08x\n" % zlib.crc32(body)


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    return _device_game(str(tmp_path_factory.mktemp("store")))


def test_the_snapshot_carries_the_id_the_game_event_gave(device):
    lines, session = device
    events = [parse_line(line, True) for line in lines]
    [game] = [e for e in events if e["type"] == "game"]
    [state] = [e for e in events if e["type"] == "state" and "state" in e["data"]]
    assert state["data"]["state"]["id"] == game["data"]["id"] == session.game_id == 1
    check_event(state)


@pytest.mark.parametrize("with_id", [True, False], ids=["with its id", "without"])
def test_the_host_logs_the_game_whether_the_snapshot_has_the_id_or_not(device, with_id):
    lines, session = device
    if not with_id:
        lines = [_reframed(line, id=None) if b'"state":{' in line else line for line in lines]
    store = LogStore(":memory:")
    logger, reader = log_bytes(store, b"".join(lines))
    assert reader.skipped == 0 and logger.skipped == 0
    [row] = store.games()
    assert row["finished"] and row["verified"] == "ok" and row["moves"] == list(session.state.moves)


@pytest.mark.parametrize("wrong", ["one", -1, 2 ** 40, 1.5, True])
def test_an_id_that_is_no_count_is_refused_with_its_field(device, wrong):
    lines, _session = device
    [line] = [line for line in lines if b'"state":{' in line]
    with pytest.raises(BadEvent, match=r"state\.state\.id"):
        check_event(parse_line(_reframed(line, id=wrong), True))
