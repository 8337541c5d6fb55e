"""The host end of the serial link: finding the board, opening it safely, commands and events.

Opening: exclusive access (a second logger or mpremote on the same port fails loudly instead of
both reading half the lines), read and write timeouts, and DTR/RTS held low from the start so
the ESP32's auto-reset circuit is not pulsed: opening the port never reboots the board.
"""

import time

import serial
from proto.wire import PREFIX, PROTOCOL_VERSION, LineError, frame, parse_line
from serial.tools import list_ports

# USB bridges found on ESP32 boards: (vendor id, product id or None for any), name.
KNOWN_BRIDGES = (
    ((0x10C4, 0xEA60), "CP210x"),
    ((0x1A86, 0x7523), "CH340"),
    ((0x1A86, 0x55D4), "CH9102"),
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
        raise DeviceError("cannot open %s: %s" % (port, err)) from err
    return ser


class Device:
    """Reads event lines and sends commands over an open serial object.

    on_event(event) sees every event line as it arrives, including those that come while a
    command waits for its answer, so a logger misses nothing.
    """

    def __init__(self, ser, on_event=None, on_noise=None, timeout=3.0):
        self.ser = ser
        self.timeout = timeout
        self.on_event = on_event
        self.on_noise = on_noise
        self.pending = b""
        self.next_id = 1
        self.noise_lines = 0
        self.damaged_lines = 0

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
        for at in reversed(starts):
            try:
                event = parse_line(line[at:], need_prefix=True)
            except LineError:
                continue
            if len(starts) > 1:
                self.damaged_lines += 1  # whatever came before it on the line was cut
            return event
        self.damaged_lines += 1
        return None

    def send(self, command):
        self.ser.write(frame(command))
        self.ser.flush()

    def request(self, cmd, timeout=None, retries=2, **fields):
        """Send a command and wait for its ok (returns its data) or error (raises DeviceError).

        A command whose line was lost or damaged on the way is sent again."""
        for _attempt in range(retries + 1):
            command_id = self.next_id
            self.next_id += 1
            command = dict(fields)
            command["cmd"] = cmd
            command["id"] = command_id
            self.send(command)
            deadline = time.monotonic() + (timeout or self.timeout)
            resend = False
            while time.monotonic() < deadline and not resend:
                event = self.read_event()
                if event is None:
                    continue
                data = event.get("data") or {}
                if event.get("type") == "ok" and data.get("id") == command_id:
                    return data
                if event.get("type") == "error":
                    if data.get("id") == command_id:
                        raise DeviceError("%s: %s (%s)" % (cmd, data.get("message"), data.get("code")))
                    if data.get("id") is None and data.get("code") in ("bad_line", "cut_line", "too_long"):
                        resend = True  # probably our own line, damaged on the way
        raise DeviceError("%s: no answer from the device after %d tries" % (cmd, retries + 1))

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
        if reply.get("protocol") != PROTOCOL_VERSION:
            raise DeviceError("device speaks protocol %r, this tool %d" % (reply.get("protocol"), PROTOCOL_VERSION))
        return reply
