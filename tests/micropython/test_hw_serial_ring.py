"""The host's command lines against a model of the board's serial input: none is ever cut.

The model (issue 13 item 5): on the ESP32 port the REPL's UART interrupt puts each byte that
arrives into a ring of proto.wire.RX_RING bytes, one slot kept free (RX_RING - 1 usable), and
drops a byte that finds the ring full. Bytes arrive at the line's own rate, 115200 baud 8N1 (ten
bits a byte: 86.8 us). Only the loop empties the ring: once a turn, hw_esp32.usb_serial takes up
to READ_MAX bytes and the real Link reads them. A turn blocks for as long as its work takes
(an OLED refresh over SoftI2C: 25 ms; a save at the flash's slowest: 1434 ms, the figure of
test_hw_boot.test_the_watchdog_floor_outlasts_the_slowest_save), then the loop sleeps PERIOD_MS.
The host writes a command whole and waits for its answer before the next, as
host_tools.device.Device.request does.
"""

from app.loop import PERIOD_MS
from engine.rng import Rng
from hw_esp32.usb_serial import READ_MAX
from proto.link import Link
from proto.wire import LINE_MAX, RX_RING, frame, parse_line

BAUD = 115200
BYTE_NS = 10 * 1000000000 // BAUD  # start bit, 8 data bits, stop bit (rounded down: bytes come a hair early)
OLED_MS = 25  # 1 KB over SoftI2C at 400 kHz
SAVE_MS = 1434  # the slowest save: 3 sector erases and 78 page programs at the chip's maxima
HOST_MS = 2  # from the answer to the next command


class Uart:
    """The REPL UART and its ring: what the host wrote, landing byte by byte, and what was lost."""

    def __init__(self):
        self.ring = bytearray()
        self.queue = []  # (arrival ns, line) still on the wire, each line's bytes evenly spaced
        self.free_at = 0  # when the wire is free for the next byte
        self.dropped = 0
        self.fullest = 0  # the most the ring ever held

    def write(self, now_ns, line):
        start = now_ns if now_ns > self.free_at else self.free_at
        self.queue.append((start, line))
        self.free_at = start + len(line) * BYTE_NS

    def land(self, now_ns):
        """Move every byte that has arrived by now_ns into the ring, dropping what does not fit."""
        while self.queue:
            start, line = self.queue[0]
            arrived = (now_ns - start) // BYTE_NS
            if arrived <= 0:
                return
            for byte in line[:arrived]:
                if len(self.ring) < RX_RING - 1:
                    self.ring.append(byte)
                else:
                    self.dropped += 1
            if len(self.ring) > self.fullest:
                self.fullest = len(self.ring)
            if arrived < len(line):
                self.queue[0] = (start + arrived * BYTE_NS, line[arrived:])
                return
            self.queue.pop(0)

    def read(self):
        """What the board's UsbSerial.read takes off the ring in one turn."""
        taken = bytes(self.ring[:READ_MAX])
        self.ring = self.ring[READ_MAX:]
        return taken or None


class App:
    """The app as the link sees it when nothing is being played."""

    session = None

    def pop_event(self):
        return None


def padded_version(command_id, length):
    """A `version` command whose line is exactly `length` bytes, newline excluded (an unknown
    field is ignored by the device, so the padding changes nothing but the length)."""
    command = {"cmd": "version", "id": command_id, "pad": ""}
    command["pad"] = "x" * (length - len(frame(command)) + 1)
    line = frame(command)
    assert len(line) == length + 1
    return line


def turn_ms(rng):
    """How long a turn blocks before the link reads: mostly a millisecond of Python; often an
    OLED refresh; now and then a save at the flash's slowest, with its refresh."""
    draw = rng.below(20)
    if draw == 0:
        return SAVE_MS + OLED_MS
    if draw < 12:
        return OLED_MS + 1
    return 1


def serve(commands, line_length, line_max=LINE_MAX, seed=7):
    """Play `commands` host lines of line_length bytes through the model; the answers' ids in
    order, the error codes the link sent, and the bytes the ring dropped."""
    uart = Uart()
    out = []
    link = Link(App(), uart.read, out.append, line_max=line_max)
    rng = Rng(seed)
    now_ns = 0
    answered = []
    errors = []
    next_id = 1
    uart.write(now_ns, padded_version(next_id, line_length))
    while next_id <= commands:
        now_ns += turn_ms(rng) * 1000000
        uart.land(now_ns)
        link.poll(now_ns // 1000000)
        for data in out:
            event = parse_line(data, need_prefix=True)
            if event["type"] == "ok":
                answered.append(event["data"]["id"])
            elif event["type"] == "error":
                errors.append(event["data"]["code"])
            if event["type"] == "ok" or event["data"].get("id") is None:  # an answer, or a lost line
                next_id += 1
                if next_id <= commands:
                    uart.write(now_ns + HOST_MS * 1000000, padded_version(next_id, line_length))
        del out[:]
        now_ns += PERIOD_MS * 1000000  # idle
    return answered, errors, uart


def test_the_longest_command_line_fits_the_ring_with_its_newline():
    assert LINE_MAX + 1 <= RX_RING - 1
    assert READ_MAX <= RX_RING - 1  # one read never leaves the ring fuller than it can be


def test_no_host_line_is_cut_by_the_slowest_turns():
    """300 commands of the longest line, against turns that refresh the OLED and save at the
    flash's slowest, at every phase of the line: each one arrives whole and is answered."""
    answered, errors, uart = serve(300, LINE_MAX)
    assert uart.dropped == 0 and errors == [], (uart.dropped, errors)
    assert answered == list(range(1, 301))
    assert uart.fullest == LINE_MAX + 1  # a turn blocked while a whole line arrived: it waited there


def test_the_model_cuts_the_lines_the_device_used_to_take():
    """The old limit, 512 bytes: a line that does not fit the ring loses bytes as soon as a turn
    blocks while it arrives (an OLED refresh is enough), and the device answers an error."""
    answered, errors, uart = serve(60, 512, line_max=512)
    assert uart.dropped > 0 and errors, (uart.dropped, errors)
    assert len(answered) < 60
