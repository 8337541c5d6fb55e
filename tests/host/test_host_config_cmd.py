"""get_config and set_config through the device's Link, against the firmware's own config loader."""

import json
import os

from app.config import DEFAULT_CONFIG, copy_config, load_config
from proto.link import Link
from proto.wire import parse_line

import host_tools  # noqa: F401  (firmware/lib on the path)


class _App:
    def __init__(self, config):
        self.config = config
        self.session = None

    def pop_event(self):
        return None

    def snapshot(self):  # app.core.App's: what the device shows
        return {"mode": "fake", "text": []}


def _link(tmp_path):
    path = str(tmp_path / "config.json")
    with open(path, "w") as f:
        json.dump(DEFAULT_CONFIG, f)
    out = []
    inbox = []
    link = Link(_App(copy_config(DEFAULT_CONFIG)), lambda: inbox.pop(0) if inbox else None, out.append,
                config_path=path)

    def send(command):
        inbox.append(json.dumps(command).encode() + b"\n")
        link.poll(0)
        lines = [parse_line(line) for chunk in out for line in chunk.split(b"\n") if line]
        del out[:]
        return lines[-1]

    return path, send


def test_get_config_returns_the_config_in_use(tmp_path):
    _path, send = _link(tmp_path)
    reply = send({"cmd": "get_config", "id": 1})
    assert reply["type"] == "ok" and reply["data"]["config"] == DEFAULT_CONFIG


def test_set_config_merges_checks_and_writes_atomically(tmp_path):
    path, send = _link(tmp_path)
    reply = send({"cmd": "set_config", "id": 2, "config": {"power": {"brightness": 40}, "language": "en"}})
    assert reply["type"] == "ok" and reply["data"]["restart"] is True
    config, messages = load_config(path)
    assert messages == []
    assert config["power"] == dict(DEFAULT_CONFIG["power"], brightness=40) and config["language"] == "en"
    assert config["leds"] == DEFAULT_CONFIG["leds"]  # untouched sections stay whole
    assert os.listdir(str(tmp_path)) == ["config.json"]


def test_set_config_refuses_what_the_boot_would_correct_and_keeps_the_file(tmp_path):
    path, send = _link(tmp_path)
    with open(path, "rb") as f:
        before = f.read()
    for change, words in (({"power": {"brightness": "lots"}}, "brightness"),
                          ({"speakers": 2}, "unknown key 'speakers'"),
                          ({"power": {"volts": 5}}, "power.volts")):
        reply = send({"cmd": "set_config", "id": 3, "config": change})
        assert reply["type"] == "error" and reply["data"]["code"] == "bad_args", reply
        assert words in reply["data"]["message"]
        with open(path, "rb") as f:
            assert f.read() == before
        assert os.listdir(str(tmp_path)) == ["config.json"]  # no temp file left behind


def test_set_config_refuses_what_could_harm_the_board_with_the_bound_and_why(tmp_path):
    """Issue 12: a 1 ms watchdog, a 20 A cap at brightness 255 and active-high buttons on a board
    whose buttons close to ground were all accepted. Each is refused through the real Link, its
    message naming the value, the bound and the reason, and the file stays as it was."""
    path, send = _link(tmp_path)
    with open(path, "rb") as f:
        before = f.read()
    for change, words in (
            ({"watchdog_ms": 1}, ("watchdog_ms", "got 1", "4000 to 60000", "slowest turn")),
            ({"power": {"budget_ma": 20000, "brightness": 255}},
             ("power.budget_ma", "got 20000", "100 to 340", "500 mA")),
            ({"buttons": {"active_low": False}},
             ("buttons.active_low", "got false", "ground", "never pressed")),
            ({"display": {"i2c_addr": 39}}, ("display.i2c_addr", "got 39", "60, 61"))):
        reply = send({"cmd": "set_config", "id": 4, "config": change})
        assert reply["type"] == "error" and reply["data"]["code"] == "bad_args", reply
        for word in words:
            assert word in reply["data"]["message"], (word, reply["data"]["message"])
        with open(path, "rb") as f:
            assert f.read() == before
        assert os.listdir(str(tmp_path)) == ["config.json"]


def test_set_config_lets_the_supply_build_raise_its_budget(tmp_path):
    path, send = _link(tmp_path)
    reply = send({"cmd": "set_config", "id": 5,
                  "config": {"power": {"source": "supply", "budget_ma": 2300, "brightness": 255}}})
    assert reply["type"] == "ok", reply
    config, messages = load_config(path)
    assert messages == [] and config["power"] == {"source": "supply", "budget_ma": 2300, "brightness": 255}
