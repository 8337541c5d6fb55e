"""The host end of the serial link: finding the board, opening it safely, commands and events.

Opening: exclusive access (a second logger or mpremote on the same port fails loudly instead of
both reading half the lines), read and write timeouts, and DTR/RTS held low from the start so
the ESP32's auto-reset circuit is not pulsed: opening the port never reboots the board.

Reading: every line from the device is decoded and checked against its event type's schema
(host_tools.schema) before anyone sees it. A line that is damaged (a wrong checksum, not UTF-8,
nested too deep to decode) or that does not fit its schema is counted, handed to on_skip(line,
reason) and skipped; nothing a device sends can stop the reader.
"""

import errno
import json
import os
import time

import serial
from proto.wire import LINE_MAX, PREFIX, PROTOCOL_VERSION, RX_RING, LineError, frame, parse_line
from serial.tools import list_ports
from store.files import crc32  # the protocol's CRC-32, as proto.wire computes it

from host_tools.schema import BadEvent, check_event

# USB bridges found on ESP32 boards: (vendor id, product id or None for any), name.
KNOWN_BRIDGES = (
    ((0x10C4, 0xEA60), "CP210x"),
    ((0x1A86, 0x7523), "CH340"),
    ((0x1A86, 0x55D4), "CH9102"),
    ((0x1A86, 0x55D3), "CH343"),  # the UART port of some ESP32-S3-DevKitC-1 (hardware/boards/)
    ((0x0403, 0x6001), "FT232"),
    ((0x303A, None), "Espressif native USB"),
)
BAUD = 115200


class DeviceError(RuntimeError):
    pass


def bridge_name(vid, pid):
    for (v, p), name in KNOWN_BRIDGES:
        if vid == v and (p is None or pid == p):
            return name
    return None


def find_port(ports=None):
    """The device path of the first USB serial bridge known to sit on ESP32 boards."""
    ports = list_ports.comports() if ports is None else ports
    found = [p.device for p in ports if bridge_name(p.vid, p.pid)]
    if not found:
        seen = ", ".join(p.device for p in ports) or "none"
        raise DeviceError("no ESP32 serial port found (ports seen: %s); give one with --port" % seen)
    return sorted(found)[0]


def open_serial(port, baud=BAUD, timeout=0.2):
    ser = serial.Serial()
    ser.port = port
    ser.baudrate = baud
    ser.timeout = timeout
    ser.write_timeout = 2.0
    ser.exclusive = True
    ser.dtr = False  # set before open: pyserial applies them as it opens, with no pulse
    ser.rts = False
    try:
        ser.open()
    except (serial.SerialException, OSError) as err:
        raise DeviceError("cannot open %s: %s" % (port, _open_failure(port, err))) from err
    return ser


def _open_failure(port, err):
    """Why a port did not open, in words (pyserial's message repeats the path and the errno)."""
    code = None
    for cause in (err, err.__context__):  # termios' refusal of a file comes as the context
        if code is None and cause is not None and cause.args and type(cause.args[0]) is int:
            code = cause.args[0]
    if code == errno.ENOENT:
        return "there is no such port (tanturlurette ports lists them)"
    if code in (errno.EAGAIN, errno.EBUSY):
        return "in use by another program (a logger, mpremote, a serial terminal?)"
    if code == errno.EACCES:
        return "permission denied (on Linux, the user needs to be in the group that owns the port, often dialout)"
    if code in (errno.ENOTTY, errno.EINVAL):
        return "not a serial port"
    return os.strerror(code) if code else str(err)


class Device:
    """Reads event lines and sends commands over an open serial object.

    on_event(event) sees every event line as it arrives, including those that come while a
    command waits for its answer, so a logger misses nothing. on_skip(line, reason) sees each
    line skipped (and each clock field taken off a line), with what was wrong.
    """

    def __init__(self, ser, on_event=None, on_noise=None, timeout=3.0, on_skip=None):
        self.ser = ser
        self.timeout = timeout
        self.on_event = on_event
        self.on_noise = on_noise
        self.on_skip = on_skip
        self.pending = b""
        self.next_id = 1
        self.noise_lines = 0
        self.damaged_lines = 0  # a prefix, but a wrong checksum, not UTF-8, or too deep to decode
        self.invalid_lines = 0  # decoded, but not what the protocol says its type holds
        self.bad_answers = {}  # command id -> why its answer was refused
        self.skipped = 0  # lines skipped, and the latest reason
        self.last_skip = None

    def close(self):
        try:
            self.ser.close()
        except (serial.SerialException, OSError):
            pass

    def read_event(self):
        """The next event line as a dict, or None after the read timeout.

        Raises serial.SerialException when the port went away (unplugged)."""
        while True:
            cut = self.pending.find(b"\n")
            if cut < 0:
                chunk = self.ser.read(max(1, min(4096, self.ser.in_waiting or 1)))
                if not chunk:
                    return None
                self.pending += chunk
                if len(self.pending) > 1 << 20:  # a device spewing without newlines
                    self.pending = b""
                    self.noise_lines += 1
                continue
            line = self.pending[:cut]
            self.pending = self.pending[cut + 1:]
            event = self._decode(line)
            if event is None:
                continue
            if self.on_event:
                self.on_event(event)
            return event

    def _decode(self, line):
        """The event in a serial line, or None for noise or damage.

        A line cut short on the device side runs into the next one; the last prefix on a line
        starts the most recent (and complete) event, so it is tried first."""
        starts = []
        at = line.find(PREFIX)
        while at >= 0:
            starts.append(at)
            at = line.find(PREFIX, at + 1)
        if not starts:
            if line.strip():
                self.noise_lines += 1
                if self.on_noise:
                    self.on_noise(line)
            return None
        reason = None
        for at in reversed(starts):
            try:
                obj = parse_line(line[at:], need_prefix=True)
            except LineError as err:
                reason = reason or err.message  # the latest line's reason, not a cut one's
                answer_id = _answer_id_of_unreadable(line[at:])
                if answer_id is not None:
                    self.bad_answers[answer_id] = ("the device's answer is not valid UTF-8 (names that"
                                                   " an older firmware let in? deploy this one)")
                continue
            except RecursionError:  # CPython's json gives up on deep nesting this way
                reason = reason or "nested too deep to decode"
                continue
            if len(starts) > 1:
                self.damaged_lines += 1  # whatever came before it on the line was cut
            try:
                event, dropped = check_event(obj)
            except BadEvent as err:
                self.invalid_lines += 1
                if err.answer_id is not None:
                    self.bad_answers[err.answer_id] = "the device's answer does not fit the protocol: %s" % err
                self._skipped(line, "skipped as not a valid event: %s" % err)
                return None
            if self.on_skip:
                for what in dropped:
                    self.on_skip(line, "kept, " + what)
            return event
        self.damaged_lines += 1
        self._skipped(line, "skipped as damaged: %s" % reason)
        return None

    def _skipped(self, line, reason):
        self.skipped += 1
        self.last_skip = reason
        if self.on_skip:
            self.on_skip(line, reason)

    def send(self, command):
        """Write one command line. One longer than the device takes (proto.wire.LINE_MAX: what
        its receive ring holds while a loop turn blocks) is refused here, and nothing is sent."""
        try:
            line = frame(command)
        except UnicodeError:
            raise DeviceError("%s: a string in it is not text (a lone UTF-16 surrogate)"
                              % command.get("cmd")) from None
        if len(line) - 1 > LINE_MAX:
            raise DeviceError("%s: the command line would be %d bytes, the device reads at most %d (its "
                              "serial buffer holds %d while it is busy): shorten what it carries"
                              % (command.get("cmd"), len(line) - 1, LINE_MAX, RX_RING - 1))
        self.ser.write(line)
        self.ser.flush()

    def request(self, cmd, timeout=None, retries=2, **fields):
        """Send a command and wait for its ok (returns its data) or error (raises DeviceError).

        A command whose line was lost or damaged on the way is sent again."""
        skipped_before = self.skipped
        for _attempt in range(retries + 1):
            command_id = self.next_id
            self.next_id += 1
            command = dict(fields)
            command["cmd"] = cmd
            command["id"] = command_id
            self.bad_answers.clear()  # what is left answers commands that gave up already
            self.send(command)
            deadline = time.monotonic() + (timeout or self.timeout)
            resend = False
            while time.monotonic() < deadline and not resend:
                event = self.read_event()
                refused = self.bad_answers.pop(command_id, None)
                if refused is not None:
                    raise DeviceError("%s: %s" % (cmd, refused))
                if event is None:
                    continue
                data = event["data"]
                if event["type"] == "ok" and data.get("id") == command_id:
                    return data
                if event["type"] == "error":
                    if data.get("id") == command_id:
                        raise DeviceError("%s: %s (%s)" % (cmd, data.get("message"), data.get("code")))
                    if data.get("id") is None and data.get("code") in ("bad_line", "cut_line", "too_long"):
                        resend = True  # probably our own line, damaged on the way
        note = ""
        if self.skipped > skipped_before:  # the answer may have been one of them
            note = " (%d line(s) from it skipped meanwhile, the last %s)" % (
                self.skipped - skipped_before, self.last_skip)
        raise DeviceError("%s: no answer from the device after %d tries%s" % (cmd, retries + 1, note))

    def list_games(self, timeout=10.0):
        """Every finished game the device lists, oldest first, its pages read one after the other
        (PROTOCOL.md, list_games: each page the games after the last one of the page before). A
        device that pages nothing (an older firmware) answers the whole list at once, with no
        `more`."""
        games = []
        try:
            while True:
                fields = {"after": games[-1]["id"]} if games else {}
                page = self.request("list_games", timeout=timeout, **fields)
                if games and page["games"] and page["games"][0]["id"] <= games[-1]["id"]:
                    raise DeviceError("list_games: the device listed game %s again" % page["games"][0]["id"])
                games.extend(page["games"])
                if not page.get("more") or not page["games"]:
                    return games
        except (KeyError, TypeError) as err:
            raise DeviceError("list_games: unexpected reply from the device (missing %s)" % err) from None

    def pull_game(self, game_id, timeout=10.0):
        """A finished game of the device's history as one record, its moves fetched a page at a
        time (PROTOCOL.md, pull_game)."""
        try:
            page = self.request("pull_game", timeout=timeout, game_id=game_id)
            record, total, moves = page["record"], page["total"], list(page["moves"])
            while len(moves) < total:
                page = self.request("pull_game", timeout=timeout, game_id=game_id, start=len(moves))
                if not page["moves"] or page["record"] != record or page["total"] != total:
                    raise DeviceError("pull_game: game %s changed on the device while pulled" % game_id)
                moves.extend(page["moves"])
        except (KeyError, TypeError) as err:  # not the paged reply this tool reads
            raise DeviceError("pull_game: unexpected reply from the device (missing %s)" % err) from None
        record["moves"] = moves
        return record

    def hello(self):
        reply = self.request("hello", protocol=PROTOCOL_VERSION)
        if reply["protocol"] != PROTOCOL_VERSION:
            raise DeviceError("device speaks protocol %d, this tool %d" % (reply["protocol"], PROTOCOL_VERSION))
        return reply


def _answer_id_of_unreadable(line):
    """The command id answered by a prefixed line whose checksum is right but whose text is not
    UTF-8 (MicroPython sends names that CPython cannot decode, if an older firmware took them), or
    None. The id is read with the bad bytes replaced; nothing else of the line is used, so that
    the command waiting for it fails at once instead of waiting out its time."""
    try:
        line.decode()
        return None  # readable: refused for another reason
    except UnicodeDecodeError:
        pass
    body, _space, crc = line[len(PREFIX):].strip().rpartition(b" ")
    if b"%08x" % crc32(body) != crc.lower():
        return None  # damaged on the way: a resend may get a good answer
    try:
        obj = json.loads(body.decode("utf-8", "replace"))
    except (ValueError, RecursionError):
        return None
    data = obj.get("data") if isinstance(obj, dict) and obj.get("type") in ("ok", "error") else None
    answer_id = data.get("id") if isinstance(data, dict) else None
    return answer_id if type(answer_id) is int else None
