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
    assert config["power"] == {"budget_ma": 450, "brightness": 40} and config["language"] == "en"
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
