"""Every command the host sends fits one line the board's serial ring holds (proto.wire.LINE_MAX);
the host refuses, before sending anything, a command that would not (issue 13 item 5)."""

import json

import pytest
from app.config import DEFAULT_CONFIG, copy_config, load_config
from proto.commands import CLOCK_MAX, MAX_SEATS, NAME_MAX
from proto.link import Link
from proto.wire import LINE_MAX, PROTOCOL_VERSION, frame, parse_line

from host_tools.device import Device, DeviceError

ID_MAX = 2 ** 31 - 1  # a command id of ten digits: a billion requests into one session


def line_length(cmd, **fields):
    """The bytes of the line the host sends for this command, newline excluded, with the
    longest id it could give it."""
    command = dict(fields)
    command["cmd"] = cmd
    command["id"] = ID_MAX
    return len(frame(command)) - 1


def test_each_fixed_size_command_fits_at_its_worst():
    worst = {
        "hello": {"protocol": PROTOCOL_VERSION},
        "version": {}, "get_state": {}, "list_games": {}, "list_quarantine": {}, "get_config": {},
        "repl": {},
        "set_clock": {"time": CLOCK_MAX},
        "pull_game": {"game_id": ID_MAX, "start": ID_MAX},  # a page of a game (PROTOCOL.md)
        # the store's own names in the quarantine: q<K>-<file of the game folder>
        "pull_file": {"name": "q%d-e%d.%d" % (ID_MAX, ID_MAX, ID_MAX)},
        # the most names, each the longest, of plain letters: the logger's --names at its largest
        "set_names": {"names": ["W" * NAME_MAX] * MAX_SEATS},
        # what `tanturlurette config` sends for a whole section of the board's wiring
        "set_config": {"config": {"pins": DEFAULT_CONFIG["pins"]}},
    }
    for cmd, fields in worst.items():
        assert line_length(cmd, **fields) <= LINE_MAX, (cmd, line_length(cmd, **fields))


def test_names_take_two_bytes_an_accent_and_eight_long_names_with_a_few_still_fit():
    plain = line_length("set_names", names=["W" * NAME_MAX] * MAX_SEATS)
    accented = ["Françoise-Hélène"] * MAX_SEATS  # 16 characters, 3 of them accented
    assert line_length("set_names", names=accented) == plain + 3 * MAX_SEATS <= LINE_MAX
    assert line_length("set_names", names=["é" * NAME_MAX] * MAX_SEATS) > LINE_MAX


class Recorder:
    """pyserial's surface, keeping what the host wrote; the device never answers."""

    def __init__(self):
        self.written = []

    def write(self, data):
        self.written.append(data)

    def flush(self):
        pass

    def read(self, n):
        return b""

    in_waiting = 0


def test_a_command_longer_than_the_ring_holds_is_refused_and_nothing_is_sent():
    ser = Recorder()
    device = Device(ser, timeout=0.05)
    names = ["é" * NAME_MAX] * MAX_SEATS
    with pytest.raises(DeviceError, match=r"set_names: the command line would be 3\d\d bytes, the "
                                          r"device reads at most %d" % LINE_MAX):
        device.request("set_names", names=names)
    with pytest.raises(DeviceError, match="set_config: the command line would be"):
        device.request("set_config", config=copy_config(DEFAULT_CONFIG))
    assert ser.written == []
    with pytest.raises(DeviceError, match="no answer"):  # one that fits goes out, whole
        device.request("set_names", names=["Anaïs", "Bertrand", "Cléo", "Dédé"], retries=0)
    assert len(ser.written) == 1 and len(ser.written[0]) <= LINE_MAX + 1
    assert "Anaïs".encode() in ser.written[0]  # as UTF-8, as the board writes names too


def test_a_string_that_is_no_text_is_one_clear_error():
    device = Device(Recorder(), timeout=0.05)
    with pytest.raises(DeviceError, match="not text"):
        device.request("set_config", config={"language": "\udcff"})  # an undecodable argv byte


class _App:
    def __init__(self):
        self.config = copy_config(DEFAULT_CONFIG)
        self.session = None

    def pop_event(self):
        return None


def test_set_config_in_several_commands_adds_the_changes_up(tmp_path):
    """A change too long for one line goes in several: each set_config merges into what the
    previous one wrote, not into the config the device booted with."""
    path = str(tmp_path / "config.json")
    with open(path, "w") as f:
        json.dump(DEFAULT_CONFIG, f)
    out = []
    inbox = []
    link = Link(_App(), lambda: inbox.pop(0) if inbox else None, out.append, config_path=path)
    for number, change in enumerate(({"language": "en"}, {"power": {"brightness": 40}}), 1):
        inbox.append(frame({"cmd": "set_config", "config": change, "id": number}))
        link.poll(number * 10)
    replies = [parse_line(line) for chunk in out for line in chunk.split(b"\n") if line]
    assert [r["type"] for r in replies] == ["ok", "ok"]
    config, messages = load_config(path)
    assert messages == [] and config["language"] == "en" and config["power"]["brightness"] == 40
