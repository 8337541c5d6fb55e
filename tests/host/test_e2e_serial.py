"""End to end over a real serial path, without hardware.

The firmware simulator (the real app, under the MicroPython unix port) serves the protocol on one
pty; the host tool's logger reads another through pyserial; a relay thread between the two is the
cable: it injects garbage and cut lines in both directions, and unplugs the host side for a
while in the middle of the game. The game must come out whole in
SQLite, verified by replay, equal to the game the same script plays without any of that.

The scripted simulator runs on a simulated clock, as fast as the machine allows; the host runs in
real time. Nothing here may depend on how the two compare, so every step waits for what it needs
to have happened, never for a time: the simulator holds its script until the logger has opened
(--wait-host), the cable injects only between whole lines and holds the host's bytes back while
the device times out a cut line, and a game that must be killed mid-way first stops where it waits
for a human.
"""

import json
import os
import select
import shutil
import struct
import subprocess
import threading
import time
import tty
import xml.etree.ElementTree as ET

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
SIM = os.path.join(ROOT, "firmware", "sim", "run.py")
SEED = "7"
NAMES = ["Anaïs", "Bertrand", "Cléo", "Dédé"]

pytestmark = pytest.mark.skipif(not os.path.exists(MICROPYTHON), reason="needs the unix port in .venv")

from engine.play import replay  # noqa: E402
from proto.wire import encode_event, frame, parse_line  # noqa: E402

import host_tools  # noqa: E402,F401  (firmware/lib on the path)
from host_tools.cli import main as cli  # noqa: E402
from host_tools.db import LogStore  # noqa: E402
from host_tools.logger import Logger  # noqa: E402


# -- the script: a human at seat 0 keeps everything, three bots play the other seats ------------
def _press(lines, t, button):
    lines.append("%d %s down" % (t, button))
    lines.append("%d %s up" % (t + 80, button))
    return t + 200


def game_script(until=None, turns=None):
    """Menu: 2 circles and no re-entry, then play; the human presses KEEP and OK in turn. With `until`, the
    presses stop after the second OK at or after that time (the first ends the reveal of the
    round that decided the game, the second closes the finished game); with `turns`, after that
    many KEEP and OK: the game then waits for the human for good."""
    lines = []
    t = 200
    for _ in range(5):
        t = _press(lines, t, "SWAP")  # cursor down to "circles"
    t = _press(lines, t, "OK")
    t = _press(lines, t, "OK")  # 4 -> 5 -> 2 circles: a short game
    t = _press(lines, t, "SWAP")  # "re-entry"
    t = _press(lines, t, "OK")  # off: a fallen player is out, so the game ends within the script
    for _ in range(6):
        t = _press(lines, t, "KEEP")
    t = _press(lines, t, "OK")  # play
    t += 500
    done = 0
    closing = 0  # OKs pressed since the game ended
    while t < 200000 and (turns is None or done < turns):
        t = _press(lines, t, "KEEP") + 300
        ok_at = t
        t = _press(lines, t, "OK") + 300
        done += 1
        if until is not None and ok_at >= until:
            closing += 1
            if closing == 2:
                break
    return "\n".join(lines) + "\n"


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


def scripted_events(tmp, script, name, tail_ms):
    """Play a script without serial (the events go to --out); returns its events in order."""
    out = os.path.join(tmp, name + ".jsonl")
    subprocess.run([MICROPYTHON, SIM, "--script", _write(os.path.join(tmp, name + ".txt"), script),
                    "--out", out, "--seed", SEED, "--tail", str(tail_ms)],
                   check=True, capture_output=True, timeout=120)
    with open(out) as f:
        items = [json.loads(line) for line in f]
    return [(item["t"], item["event"], item["payload"]) for item in items if "event" in item]


def reference_game(tmp):
    """Play the script without serial; returns (time of the first 'over', its game's moves)."""
    moves = []
    for t, kind, payload in scripted_events(tmp, game_script(), "ref", 100):
        if kind == "act":
            assert payload["move"] == len(moves)
            moves.append(payload["action"])
        elif kind == "over":
            return t, moves
    raise AssertionError("the reference game did not end")


# -- the simulator and a host that opens first --------------------------------------------------
class Lines:
    """The device's lines as a host reads them from a pty master."""

    def __init__(self, fd):
        self.fd = fd
        self.pending = b""

    def next(self, seconds):
        """The next device line (a dict), or None if none came within seconds."""
        deadline = time.monotonic() + seconds
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return None
            self.pending += os.read(self.fd, 4096)
        line, self.pending = self.pending.split(b"\n", 1)
        return parse_line(line, need_prefix=True)

    def until(self, predicate, seconds, what):
        """The lines up to and including the first that satisfies predicate."""
        seen = []
        while True:
            line = self.next(seconds)
            if line is None:
                raise AssertionError("no %s; got %r" % (what, [(e["type"], e["data"]) for e in seen]))
            seen.append(line)
            if predicate(line):
                return seen


def _answer_to(command_id):
    return lambda line: line["type"] == "ok" and line["data"]["id"] == command_id


def test_the_simulator_hears_a_host_that_spoke_first_and_plays_only_once_asked_for_the_state(tmp_path):
    """A logger opens its port and says hello before the simulator has opened its own end; the
    simulator must answer it, and --wait-host must hold the script until the host asked for the
    state, however long the host takes between its commands."""
    tmp = str(tmp_path)
    master, slave = os.openpty()
    tty.setraw(master)
    script = _write(os.path.join(tmp, "play.txt"), "200 OK down\n280 OK up\n")  # Play, at once
    os.write(master, frame({"cmd": "hello", "protocol": 1, "id": 1}))
    sim = subprocess.Popen([MICROPYTHON, SIM, "--serial", os.ttyname(slave), "--script", script,
                            "--out", os.path.join(tmp, "out.jsonl"), "--seed", SEED,
                            "--tail", "100000000", "--wait-host"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    lines = Lines(master)
    try:
        seen = lines.until(_answer_to(1), 60, "answer to the hello sent before the port was open")
        os.write(master, frame({"cmd": "set_names", "names": NAMES, "id": 2}))
        seen += lines.until(_answer_to(2), 60, "answer to set_names")
        time.sleep(0.5)  # a slow host: the simulator must not take the silence for the end of it
        while True:
            line = lines.next(0.1)
            if line is None:
                break
            seen.append(line)
        assert "game" not in [line["type"] for line in seen]
        os.write(master, frame({"cmd": "get_state", "id": 3}))
        after = lines.until(lambda line: line["type"] == "game", 60, "game once the state was asked for")
    finally:
        sim.kill()
        sim.wait(10)
        os.close(master)
        os.close(slave)
    answered = [i for i, line in enumerate(after) if _answer_to(3)(line)]
    assert answered and answered[0] < len(after) - 1  # the game began after the answer
    assert after[-1]["data"]["names"] == NAMES  # given while the script was held: the game has them


# -- the cable ----------------------------------------------------------------------------------
class Cable:
    """Two ptys and a relay thread between their masters.

    It never pushes back on the device: what the host has not read yet waits in the relay, as in
    a host's USB buffers, so the device's port never finds the line blocked and drops nothing.
    Injected bytes go in between whole lines of the traffic they join, so that they damage only
    what they are meant to. A cut line injected towards the device with hold_until holds the
    host's bytes back until the device's answer (hold_until, on its way to the host) has come: a
    host line sent meanwhile would glue onto the cut line, whatever the device's timer."""

    def __init__(self, folder):
        self.dev_master, dev_slave = os.openpty()
        tty.setraw(self.dev_master)
        self.dev_slave = dev_slave  # held open so the device side never sees a hang-up
        self.device_path = os.ttyname(dev_slave)
        self.link_path = os.path.join(folder, "ttyTANT0")  # a stable name, like /dev/serial/by-id
        self.host_master = None
        self.to_device = []  # injected: (bytes, hold_until or None)
        self.to_host = []  # injected
        self.host_out = bytearray()  # on its way to the host, in order
        self.host_mid_line = False  # the host's last byte was not a newline
        self.device_mid_line = False  # nor the device's
        self.hold_until = None
        self.held = b""  # the host's bytes held back
        self.released = 0  # holds that ended
        self.seen = b""  # what the device sent since the hold began (its end), to find hold_until
        self.dropped = 0
        self.lost = bytearray()  # what the device said to nobody (the last 64 KB)
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.plug()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def plug(self):
        master, slave = os.openpty()
        tty.setraw(master)
        os.set_blocking(master, False)
        path = os.ttyname(slave)
        os.close(slave)  # the pair lives while the master is open
        if os.path.lexists(self.link_path):
            os.unlink(self.link_path)
        os.symlink(path, self.link_path)
        with self.lock:
            self.host_master = master
            self.host_mid_line = False

    def unplug(self):
        with self.lock:
            master, self.host_master = self.host_master, None
            self.dropped += len(self.host_out)
            self._lose(self.host_out)
            self.host_out = bytearray()
        os.unlink(self.link_path)
        os.close(master)  # the host's reads now fail, as on a USB unplug

    def inject_to_device(self, data, hold_until=None):
        with self.lock:
            self.to_device.append((data, hold_until))

    def inject_to_host(self, data):
        with self.lock:
            self.to_host.append(data)

    def pending(self):
        """Whether injected bytes are still to go, or the host's bytes are held."""
        with self.lock:
            return bool(self.to_device or self.to_host or self.hold_until is not None)

    def _run(self):
        while not self.stop.is_set():
            with self.lock:
                while self.to_device and not self.host_mid_line and self.hold_until is None:
                    data, self.hold_until = self.to_device.pop(0)
                    self.seen = b""
                    self._write_all(self.dev_master, data)
                host = self.host_master
                if host is not None and not self.device_mid_line:
                    for data in self.to_host:
                        self.host_out += data
                    self.to_host = []
                if host is not None and self.host_out:
                    try:
                        del self.host_out[:os.write(host, self.host_out)]
                    except BlockingIOError:
                        pass  # the host reads slowly: the rest waits here
                    except OSError:
                        self.host_out = bytearray()
                waiting = host is not None and bool(self.host_out)
            readable = [self.dev_master] + ([host] if host is not None else [])
            try:
                ready = select.select(readable, [host] if waiting else [], [], 0.02)[0]
            except (OSError, ValueError):
                continue
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    continue
                with self.lock:
                    if fd == self.dev_master:
                        self._from_device(data)
                    elif fd == self.host_master:
                        self._from_host(data)

    def _from_device(self, data):
        self.seen = self.seen[-64:] + data
        if self.hold_until is not None and self.hold_until in self.seen:
            self.hold_until = None
            self.released += 1
            self._from_host(self.held)
            self.held = b""
        if self.host_master is None:
            self.dropped += len(data)  # unplugged: the device talks to nobody
            self._lose(data)
        else:
            self.host_out += data
        if data:
            self.device_mid_line = not data.endswith(b"\n")

    def _lose(self, data):
        self.lost += data
        del self.lost[:-65536]

    def _from_host(self, data):
        if self.hold_until is not None:
            self.held += data
        elif data:
            self._write_all(self.dev_master, data)
            self.host_mid_line = not data.endswith(b"\n")

    @staticmethod
    def _write_all(fd, data):
        try:
            while data:
                data = data[os.write(fd, data):]
        except OSError:
            pass

    def close(self):
        self.stop.set()
        self.thread.join(2)
        for fd in (self.dev_master, self.dev_slave, self.host_master):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass


def start_sim(cable, tmp, script, seed, *flags):
    """The simulator on the cable's device end, its script held until the host has opened."""
    log = open(os.path.join(tmp, "sim%s.log" % seed), "w")
    with log:  # the child keeps its own copy of the file
        return subprocess.Popen([MICROPYTHON, SIM, "--serial", cable.device_path, "--script", script,
                                 "--out", os.path.join(tmp, "out%s.jsonl" % seed), "--seed", seed,
                                 "--tail", "100000000", "--wait-host"] + list(flags),
                                stdout=log, stderr=subprocess.STDOUT)


def _wait(predicate, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("timed out waiting for " + what)


class LoggerThread:
    """A logger as `tanturlurette log` runs one, in a thread, on its own connection to the files."""

    def __init__(self, port, db, jsonl=None, **kwargs):
        self.stop = threading.Event()
        self.holder = {}

        def run():  # SQLite wants its connection used by the thread that made it
            store = LogStore(db, jsonl)
            with open(os.devnull, "w") as quiet:
                self.holder["logger"] = Logger(store, live=False, timeout=1.0, out=quiet, **kwargs)
                try:
                    self.holder["logger"].run(port, self.stop.is_set, 0.2)
                finally:
                    store.close()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        _wait(lambda: "logger" in self.holder, 10, "the logger")
        self.logger = self.holder["logger"]

    def end(self):
        self.stop.set()
        self.thread.join(10)
        assert not self.thread.is_alive()


def scripted_game(tmp):
    """The reference game's moves, the script that plays it to its end, and a cable for it."""
    over_at, expected = reference_game(tmp)
    return expected, _write(os.path.join(tmp, "game.txt"), game_script(until=over_at)), Cable(tmp)


# -- the run, once for all the tests below -------------------------------------------------------
BAD_COMMANDS = [
    (b"\x00\xff\xfe\x1b[2Jgarbage!\n", "bad_line"),
    (b"{" + b"x" * 900 + b"}\n", "too_long"),
    (b'{"cmd":"launch_rocket","id":9001}\n', "unknown_command"),
    (b'{"cmd":"pull_game","game_id":"latest","id":9002}\n', "bad_args"),
    (b'{"cmd":"set_names","names":[1,2,3,4],"id":9003}\n', "bad_args"),
    (b'{"cmd":"get_st', "cut_line"),  # no newline ever comes: the device must drop it in time
]


@pytest.fixture(scope="module")
def logged(tmp_path_factory):
    tmp = str(tmp_path_factory.mktemp("e2e"))
    expected_moves, script, cable = scripted_game(tmp)
    db = os.path.join(tmp, "games.sqlite")
    jsonl = os.path.join(tmp, "events.jsonl")
    running = LoggerThread(cable.link_path, db, jsonl, names=NAMES)
    logger = running.logger
    sim = start_sim(cable, tmp, script, SEED)
    try:
        _wait(lambda: logger.tracker.active() and len(logger.tracker.moves) >= 10, 60, "the game to start")
        oks = logger.counts.get("ok", 0)
        cable.unplug()
        cable.inject_to_device(b'{"cmd":"version","id":9100}\n')  # answered into the void
        _wait(lambda: cable.dropped > 0, 60, "the device to talk into the void")
        cable.plug()
        _wait(lambda: logger.counts.get("ok", 0) >= oks + 3, 60, "the logger to reconnect")  # hello, clock, state
        for data, _code in BAD_COMMANDS[:-1]:
            cable.inject_to_device(data)
        cut, _code = BAD_COMMANDS[-1]
        cable.inject_to_device(cut, hold_until=b'"cut_line"')
        _wait(lambda: cable.released and logger.counts.get("error", 0) >= len(BAD_COMMANDS), 60,
              "the error events")
        cable.inject_to_host(b"MicroPython v1.29.0 on 2026-11-29; ESP32 module with ESP32\r\n>>> \r\n")
        cable.inject_to_host(encode_event(5, "act", {"action": 1}).replace(b'"action":1', b'"action":0'))
        cable.inject_to_host(b'@TL {"seq":77,"type":"ac')  # a cut line that runs into the next
        _wait(lambda: logger.finished, 120, "the game to be finished and stored")
        running.end()
        pulled = _run_cli(["pull", "--port", cable.link_path, "--db", db])
    finally:
        running.stop.set()
        sim.kill()
        sim.wait(10)
        cable.close()
    return {"tmp": tmp, "db": db, "jsonl": jsonl, "expected": expected_moves, "logger": logger,
            "cable": cable, "pulled": pulled}


def _run_cli(argv):
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = cli(argv)
    return code, buf.getvalue()


def test_full_game_is_stored_whole_and_verified(logged):
    store = LogStore(logged["db"])
    games = store.games()
    store.close()
    assert len(games) == 1, games
    game = games[0]
    assert game["finished"] and game["verified"] == "ok"
    assert game["moves"] == logged["expected"]  # the same game as without serial, move for move
    assert game["names"] == NAMES
    state = replay(game)
    assert state.is_over() and game["returns"] == list(state.returns())


def test_the_unplug_lost_lines_but_not_the_game(logged):
    cable = logged["cable"]
    assert cable.dropped > 0  # the device really talked into the void while unplugged
    assert logged["logger"].counts.get("ok", 0) >= 2 * 3  # hello, clock, state: once per connection


def test_every_bad_command_got_its_error_event(logged):
    store = LogStore(logged["db"])
    errors = [e["data"] for e in store.events() if e["type"] == "error"]
    store.close()
    codes = [e.get("code") for e in errors]
    for _data, code in BAD_COMMANDS:
        assert code in codes, (code, codes)
    answered = {e.get("id") for e in errors}
    assert {9001, 9002, 9003} <= answered


def test_events_are_in_jsonl_and_sqlite_once_each(logged):
    with open(logged["jsonl"], encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    store = LogStore(logged["db"])
    events = store.events()
    store.close()
    keys = [(e["boot"], e["seq"]) for e in events]
    assert len(keys) == len(set(keys))
    logged_keys = {(e["boot"], e["seq"]) for e in lines}
    assert logged_keys <= set(keys)
    # only `pull`, which stores into SQLite alone, added events after the logger stopped
    assert {e["type"] for e in events if (e["boot"], e["seq"]) not in logged_keys} <= {"ok"}
    kinds = {e["type"] for e in events}
    assert {"boot", "game", "act", "round", "ok", "state", "error"} <= kinds  # "over" may fall in the unplug


def test_pull_finds_the_same_game_already_stored(logged):
    code, out = logged["pulled"]
    assert code == 0, out
    assert "already stored" in out and "(ok)" in out
    assert "0 new" in out


def test_verify_command_on_the_database(logged):
    code, out = _run_cli(["verify", "--db", logged["db"], "--lang", "en"])
    assert code == 0 and "ok" in out and "over" in out
    code, out = _run_cli(["verify", "--jsonl", logged["jsonl"], "--lang", "en"])
    assert code == 0, out


def _png_size_and_text(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    from PIL import Image

    with Image.open(path) as image:
        image.verify()
    with Image.open(path) as image:
        text = dict(image.text)
    return (width, height), text


def test_plots_are_pngs_of_the_logged_game(logged):
    plots = os.path.join(logged["tmp"], "plots")
    code, out = _run_cli(["stats", "--db", logged["db"], "--plots", plots])
    assert code == 0, out
    for name in NAMES:
        assert name in out  # the leaderboard is by player name
    store = LogStore(logged["db"])
    game = store.games()[0]
    store.close()
    state = replay(game)
    size, text = _png_size_and_text(os.path.join(plots, "game%d-positions.png" % game["id"]))
    assert size == (800, 500)
    data = json.loads(text["Description"])
    assert [data["positions"][n][-1] for n in NAMES] == list(state.pos)
    assert data["rounds"][-1] == state.round
    size, text = _png_size_and_text(os.path.join(plots, "game%d-pot.png" % game["id"]))
    assert size == (800, 500) and json.loads(text["Description"])["pot"][-1] == state.pot()
    size, text = _png_size_and_text(os.path.join(plots, "tanturlurette.png"))
    wins = json.loads(text["Description"])["panels"]["wins"]
    assert size == (1200, 500)
    assert {n for n, w in wins.items() if w} == {NAMES[s] for s, r in enumerate(state.returns()) if r > 0}


def test_board_pictures_of_the_logged_game(logged):
    svg = os.path.join(logged["tmp"], "board.svg")
    png = os.path.join(logged["tmp"], "board.png")
    assert _run_cli(["board", "--db", logged["db"], "--size", "600", svg])[0] == 0
    assert _run_cli(["board", "--db", logged["db"], "--round", "2", png])[0] == 0
    store = LogStore(logged["db"])
    game = store.games()[0]
    store.close()
    state = replay(game)
    root = ET.parse(svg).getroot()
    assert root.get("width") == "600" and root.get("height") == "600"
    ns = "{http://www.w3.org/2000/svg}"
    tokens = [c for c in root.iter(ns + "circle") if c.get("class") == "token"]
    assert [int(t.get("data-pos")) for t in tokens] == list(state.pos)
    assert [int(t.get("data-stakes")) for t in tokens] == list(state.stakes)
    leds = [c for c in root.iter(ns + "circle") if c.get("class") == "led"]
    assert len(leds) == 93
    texts = " ".join(t.text or "" for t in root.iter(ns + "text"))
    for name in NAMES:
        assert name in texts
    size, _text = _png_size_and_text(png)
    assert size == (480, 480)


def test_tool_is_installed_as_a_console_command():
    exe = shutil.which("tanturlurette", path=os.path.join(ROOT, ".venv", "bin"))
    assert exe is not None
    result = subprocess.run([exe, "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    for command in ("log", "pull", "replay", "verify", "stats", "board", "deploy", "state", "names", "config"):
        assert command in result.stdout


def test_log_command_end_to_end(tmp_path):
    """The installed command, as a person runs it: it finds the game, stores it, and stops."""
    tmp = str(tmp_path)
    expected, script, cable = scripted_game(tmp)
    db = os.path.join(tmp, "cli.sqlite")
    jsonl = os.path.join(tmp, "cli.jsonl")
    exe = os.path.join(ROOT, ".venv", "bin", "tanturlurette")
    log = subprocess.Popen([exe, "log", "--port", cable.link_path, "--db", db, "--jsonl", jsonl,
                            "--names", ",".join(NAMES), "--games", "1", "--duration", "120", "--no-live",
                            "--lang", "en"],  # the simulator's config says French
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    sim = start_sim(cable, tmp, script, SEED)
    try:
        out = log.communicate(timeout=150)[0]
    finally:
        log.kill()
        sim.kill()
        sim.wait(10)
        cable.close()
    assert log.returncode == 0, out
    assert "game 1 finished and stored (verified)" in out
    assert "logged 1 finished game(s)" in out
    store = LogStore(db)
    [game] = store.games()
    store.close()
    assert game["moves"] == expected and game["names"] == NAMES and game["verified"] == "ok"


def test_a_logger_restarted_mid_game_stores_the_game_once_and_verifies_it(tmp_path):
    """Issue 16: the logger stopped mid-game and started again stored the game twice (a stale
    copy in progress beside the whole one), and verify --jsonl found a false divergence. While
    no logger runs the cable is out, so the event file has a gap: the new logger takes up the
    stored game, and verify --jsonl says where the gap is and checks those moves from the
    device's record."""
    tmp = str(tmp_path)
    expected, script, cable = scripted_game(tmp)
    db = os.path.join(tmp, "games.sqlite")
    jsonl = os.path.join(tmp, "events.jsonl")
    first = LoggerThread(cable.link_path, db, jsonl, names=NAMES)
    second = None
    sim = start_sim(cable, tmp, script, SEED)
    try:
        _wait(lambda: first.logger.tracker.active() and len(first.logger.tracker.moves) >= 10, 60,
              "the game to start")
        cable.unplug()  # the device plays on: what it says now reaches no event file
        first.end()  # Ctrl-C
        stored = LogStore(db)
        [partial] = stored.games()
        stored.close()
        assert not partial["finished"]
        _wait(lambda: b'"type":"act"' in cable.lost, 60, "a move made while no logger ran")
        cable.plug()
        second = LoggerThread(cable.link_path, db, jsonl, names=NAMES)
        _wait(lambda: second.logger.finished, 120, "the game to be finished and stored")
        second.end()
    finally:
        for running in (first, second):
            if running is not None:
                running.stop.set()
        sim.kill()
        sim.wait(10)
        cable.close()
    store = LogStore(db)
    games = store.games()
    store.close()
    assert len(games) == 1, [(g["id"], len(g["moves"]), g["finished"]) for g in games]
    [game] = games
    assert game["id"] == partial["id"] and game["finished"] and game["verified"] == "ok"
    assert game["moves"] == expected and game["names"] == NAMES
    assert game["moves"][:len(partial["moves"])] == partial["moves"]
    code, out = _run_cli(["verify", "--db", db, "--lang", "en"])
    assert code == 0 and out == "game %d (log): ok, %d moves, round %d, over\n" % (
        game["id"], len(expected), replay(game).round)
    code, out = _run_cli(["verify", "--jsonl", jsonl, "--lang", "en"])
    assert code == 0, out
    [line] = out.splitlines()
    assert line.startswith("logged game 1: ok, %d moves" % len(expected)), line
    assert "; a gap in the events: move" in line and "from the device's record only" in line
    gap = line.split("a gap in the events: move")[1].split(" from")[0].lstrip("s ")
    first_missing = int(gap.split(",")[0].split(" to ")[0])
    assert first_missing >= len(partial["moves"])  # the moves the first logger saw were checked


def spam_script(until_ms):
    """Only the human's presses (KEEP, then OK), for a device that resumes a game at boot."""
    lines = []
    t = 500
    while t < until_ms:
        t = _press(lines, t, "KEEP") + 300
        t = _press(lines, t, "OK") + 300
    return "\n".join(lines) + "\n"


def test_a_device_killed_mid_game_resumes_and_the_log_keeps_every_confirmed_move(tmp_path):
    tmp = str(tmp_path)
    store_dir = os.path.join(tmp, "flash")
    os.mkdir(store_dir)
    # the first life stops pressing after 8 turns: the game then waits for the human, and the
    # power is cut once the host has every move made until then (a run without serial counts them)
    first_script = game_script(turns=8)
    first_ref = scripted_events(tmp, first_script, "first_ref", 60000)
    acts = [payload["action"] for _t, kind, payload in first_ref if kind == "act"]
    assert acts and "over" not in [kind for _t, kind, _payload in first_ref]
    first = _write(os.path.join(tmp, "first.txt"), first_script)
    second = _write(os.path.join(tmp, "second.txt"), spam_script(300000))
    cable = Cable(tmp)
    db = os.path.join(tmp, "k.sqlite")
    running = LoggerThread(cable.link_path, db)
    logger = running.logger
    sim = start_sim(cable, tmp, first, "7", "--store", store_dir)
    try:
        _wait(lambda: logger.tracker.active() and len(logger.tracker.moves) >= len(acts), 60,
              "the game to wait for the human")
        sim.kill()  # a power cut, as far as the device can tell
        sim.wait(10)
        seen = list(logger.tracker.moves)
        sim = start_sim(cable, tmp, second, "8", "--store", store_dir)
        _wait(lambda: logger.finished, 120, "the resumed game to be finished and stored")
        running.end()
        code, pulled = _run_cli(["pull", "--port", cable.link_path, "--db", db])
    finally:
        running.stop.set()
        sim.kill()
        sim.wait(10)
        cable.close()
    store = LogStore(db)
    games = store.games()
    events = store.events()
    store.close()
    boots = {e["boot"] for e in events}
    assert len(boots) == 2  # the log saw both lives of the device
    assert seen == acts  # the host had every move made before the cut
    game = next(g for g in games if g["id"] == logger.finished[0])
    assert game["finished"] and game["verified"] == "ok"
    assert game["moves"][:len(seen)] == seen  # nothing the host saw confirmed was lost
    assert len(game["moves"]) > len(seen)
    assert code == 0 and "device game 1 -> game %d, already stored (ok)" % game["id"] in pulled


# -- tanturlurette config against the simulator, as README runs it -------------------------------
class InteractiveSim:
    """The simulator as a person runs it: its terminal a pty (what it draws is read and dropped),
    its serial port the cable's device end; quit() presses q."""

    def __init__(self, cable, env, *flags):
        import fcntl
        import termios

        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.proc = subprocess.Popen([MICROPYTHON, SIM, "--serial", cable.device_path] + list(flags),
                                     stdin=slave, stdout=slave, stderr=subprocess.STDOUT,
                                     env=dict(os.environ, **env))
        os.close(slave)
        self.screen = bytearray()
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()

    def _drain(self):
        while True:
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            if not data:
                return
            self.screen += data[-4096:]

    def quit(self):
        os.write(self.master, b"q")
        code = self.proc.wait(30)
        os.close(self.master)
        return code


def _config_via_cli(port, *settings):
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli(["config", "--port", port] + list(settings))
    return code, out.getvalue(), err.getvalue()


def test_config_changes_the_interactive_simulator_from_its_next_start(tmp_path):
    """README's simulator (no --config) keeps a config of its own: `tanturlurette config` changes
    it, and the next start uses it; with --store DIR it is DIR/config.json, beside the saves."""
    tmp = str(tmp_path)
    env = {"XDG_CONFIG_HOME": os.path.join(tmp, "xdg")}
    own = os.path.join(tmp, "xdg", "tanturlurette", "sim", "config.json")
    cable = Cable(tmp)
    try:
        sim = InteractiveSim(cable, env)
        code, out, err = _config_via_cli(cable.link_path, "language=en", "power.brightness=40")
        assert code == 0, err
        assert "applies when the device restarts" in out
        assert sim.quit() == 0
        with open(own) as f:
            saved = json.load(f)
        assert saved["language"] == "en" and saved["power"]["brightness"] == 40
        sim = InteractiveSim(cable, env)
        code, out, err = _config_via_cli(cable.link_path)
        assert code == 0, err
        shown_config = json.loads(out)
        assert shown_config["language"] == "en" and shown_config["power"]["brightness"] == 40
        assert sim.quit() == 0
        store = os.path.join(tmp, "flash")
        os.mkdir(store)
        sim = InteractiveSim(cable, env, "--store", store)
        code, _out, err = _config_via_cli(cable.link_path, "power.brightness=50")
        assert code == 0, err
        assert sim.quit() == 0
        with open(os.path.join(store, "config.json")) as f:
            assert json.load(f)["power"]["brightness"] == 50
        with open(own) as f:
            assert json.load(f)["power"]["brightness"] == 40  # the store's, not the simulator's own
    finally:
        cable.close()


def test_a_scripted_simulator_without_a_config_file_says_so_in_one_line(tmp_path):
    tmp = str(tmp_path)
    cable = Cable(tmp)
    script = _write(os.path.join(tmp, "idle.txt"), "100000 OK down\n100080 OK up\n")
    sim = subprocess.Popen([MICROPYTHON, SIM, "--serial", cable.device_path, "--script", script,
                            "--out", os.path.join(tmp, "out.jsonl"), "--tail", "100000000"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        code, _out, err = _config_via_cli(cable.link_path, "language=en")
    finally:
        sim.kill()
        sim.wait(10)
        cable.close()
    assert code == 1 and err == "config: set_config: this device has no writable config (failed)\n"
