"""The line format: encoding, decoding and the fixed-size line reader, on both runtimes."""

from engine.rng import Rng
from proto import wire
from support import expect_raises


def test_event_line_has_prefix_fields_and_newline():
    line = wire.encode_event(7, "act", {"a": 3, "name": "swap"}, ms=1234)
    assert line.startswith(wire.PREFIX)
    assert line.endswith(b"\n")
    assert line.count(b"\n") == 1
    obj = wire.parse_line(line)
    assert obj["seq"] == 7 and obj["type"] == "act" and obj["ms"] == 1234
    assert obj["data"] == {"a": 3, "name": "swap"}
    assert "utc" not in obj


def test_non_ascii_names_round_trip():
    line = wire.encode_event(0, "game", {"names": ["Anaïs", "Gwénaël"]}, utc=1764460800)
    obj = wire.parse_line(line)
    assert obj["data"]["names"] == ["Anaïs", "Gwénaël"]
    assert obj["utc"] == 1764460800


def test_damaged_prefixed_line_is_refused_by_checksum():
    line = wire.encode_event(1, "act", {"a": 12})
    damaged = line.replace(b'"a":12', b'"a":13')  # still valid JSON: only the CRC can tell
    err = expect_raises(wire.LineError, wire.parse_line, damaged)
    assert err.code == wire.E_BAD_LINE and "checksum" in err.message


def test_cut_line_is_refused():
    line = wire.encode_event(1, "act", {"a": 12})
    for cut in (5, len(line) // 2, len(line) - 3):
        err = expect_raises(wire.LineError, wire.parse_line, line[:cut])
        assert err.code == wire.E_BAD_LINE


def test_bare_json_command_accepted_unless_prefix_required():
    assert wire.parse_line(b'{"cmd":"hello","id":1}\r\n') == {"cmd": "hello", "id": 1}
    err = expect_raises(wire.LineError, wire.parse_line, b'{"cmd":"hello"}', True)
    assert "prefix" in err.message


def test_garbage_lines_refused_with_reasons():
    for bad in (b"hello", b"[1,2]", b"{not json}", b'\xff\xfe{"cmd":1}', b"{\xff}"):
        err = expect_raises(wire.LineError, wire.parse_line, bad)
        assert err.code == wire.E_BAD_LINE


def test_noise_is_never_taken_for_a_line():
    line = wire.encode_event(2, "boot", {})
    noisy = b"MicroPython v1.29 on 2026-01-01; ESP32\r\n>>> " + line
    expect_raises(wire.LineError, wire.parse_line, noisy, True)  # the host looks for the prefix first
    assert wire.parse_line(noisy[noisy.find(wire.PREFIX):], True)["type"] == "boot"
    for noise in (b"Traceback (most recent call last):", b">>> ", b"rst:0x1 (POWERON_RESET)"):
        assert expect_raises(wire.LineError, wire.parse_line, noise, True).code == wire.E_BAD_LINE


class _Collector:
    def __init__(self):
        self.lines = []
        self.errors = []

    def on_line(self, view, length):
        self.lines.append(bytes(view[:length]))

    def on_error(self, code, message):
        self.errors.append(code)


def _reader(size=32, cut_ms=1000):
    c = _Collector()
    return c, wire.LineReader(c.on_line, c.on_error, size, cut_ms)


def _diff(a, b):
    return a - b


def test_reader_splits_lines_across_chunks():
    c, r = _reader()
    r.feed(b"abc\r\nde", 0)
    r.feed(b"f\n\nxyz", 1)
    assert c.lines == [b"abc", b"def"]
    r.feed(b"\n", 2)
    assert c.lines == [b"abc", b"def", b"xyz"] and c.errors == []


def test_reader_drops_over_long_line_whole_and_keeps_next():
    c, r = _reader(size=8)
    r.feed(b"0123456789abcdef", 0)
    r.feed(b"ghij\nok\n", 1)
    assert c.errors == [wire.E_TOO_LONG]
    assert c.lines == [b"ok"]
    c2, r2 = _reader(size=8)
    r2.feed(b"01234567\n", 0)  # exactly the buffer size still fits
    assert c2.lines == [b"01234567"] and c2.errors == []


def test_reader_expires_a_cut_line_so_it_cannot_glue_to_the_next():
    c, r = _reader(cut_ms=1000)
    r.feed(b'{"cmd":"hel', 0)
    assert not r.expire(999, _diff)
    assert r.expire(1000, _diff)
    assert c.errors == [wire.E_CUT]
    r.feed(b'{"cmd":"hello"}\n', 1500)
    assert c.lines == [b'{"cmd":"hello"}']


def test_reader_does_not_cut_slow_typing():
    c, r = _reader(cut_ms=1000)
    for i, ch in enumerate(b"{}"):
        r.feed(bytes([ch]), i * 900)
        assert not r.expire(i * 900 + 899, _diff)
    r.feed(b"\n", 2000)
    assert c.lines == [b"{}"] and c.errors == []


def test_reader_random_bytes_never_break_it():
    rng = Rng(5)
    c, r = _reader(size=16)
    for _ in range(200):
        chunk = bytes([rng.below(256) for _ in range(rng.below(40))])
        r.feed(chunk, 0)
        assert r.length <= 16
    r.expire(10000, _diff)
    r.feed(b"\nfine\n", 10001)
    assert c.lines[-1] == b"fine"
    assert all(len(line) <= 16 for line in c.lines)
