"""Line format of the serial protocol, shared by the device and the host tool (docs/PROTOCOL.md).

A device line is  PREFIX + compact JSON object + " " + CRC-32 of the JSON in 8 hex digits + "\n".
The prefix sets our lines apart from REPL banners, tracebacks and print() noise on the same port;
the CRC catches lines that a cut or a glitch left as still-valid JSON.
Host lines are the same; a bare JSON object (typed by hand in a terminal) is accepted too.
Text goes as UTF-8, not as JSON escapes, on both runtimes: an accented name takes 2 bytes, not 6.

A line whose objects hold a game's moves as a member (engine.core.Moves, or an array: in the
get_state snapshot) is written in pieces (frame_parts, frame_pieces): the items straight from
them, PIECE moves at a time (store.container.move_pieces, as the store writes them), and the CRC
computed as the pieces go, so that no buffer grows with the game. Joined, the pieces are frame()'s
line for the same object with the moves a list: the same bytes, key order and escaping included.
"""

import json

from engine.compat import const
from store.container import STREAMED, move_pieces
from store.files import crc32  # the store's CRC-32: binascii's, or its own where a build lacks it

PROTOCOL_VERSION = const(1)
PREFIX = b"@TL "
# On the board, the REPL's UART interrupt moves each byte that arrives into a ring of RX_RING
# bytes (MicroPython's ESP32 port; one slot stays free, so it holds RX_RING - 1), and only the
# loop's serial read empties it, once a turn. A turn can block far longer than a line takes to
# arrive (an OLED refresh 25 ms, a save up to 1.5 s: docs/DEVICE.md), so a command line and its
# newline must fit in the ring whole: then no turn, however long, loses a byte of it (the host
# sends one command and waits for its answer). tests/micropython/test_hw_serial_ring.py models it.
RX_RING = const(260)
LINE_MAX = const(240)  # longest command line the device accepts, newline excluded

# Error codes of the protocol itself (app errors use "app").
E_BAD_LINE = "bad_line"  # not JSON, not an object, bad CRC, not UTF-8
E_TOO_LONG = "too_long"  # longer than LINE_MAX: dropped up to the next newline
E_CUT = "cut_line"  # bytes that no newline followed in time
E_UNKNOWN = "unknown_command"
E_BAD_ARGS = "bad_args"  # a field of the wrong type or out of range
E_FAILED = "failed"  # a well-formed command that the device could not carry out


class LineError(ValueError):
    """A line that is not a valid protocol line; .code is one of the E_* codes."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class CommandError(LineError):
    """A command the device refuses: .code (one of the E_* codes) and .message say why. Here, not
    with the handlers (proto.commands), which are let go after each command: a caller that holds
    the class catches it still from the handlers loaded again."""


def _checksum(body):
    return b"%08x" % crc32(body)


# Compact, and on CPython text as UTF-8 as MicroPython writes it, not as \u escapes (MicroPython's
# json takes no ensure_ascii argument). The arguments are given by name, not from a dict: a call
# with **kwargs builds them on the heap at each line.
_SEPARATORS = (",", ":")


def _dumps_as_utf8(obj):  # CPython's: MicroPython's json (and its stubs) take no ensure_ascii
    return json.dumps(obj, separators=_SEPARATORS, ensure_ascii=False)  # pyright: ignore[reportCallIssue]


def _dumps_compact(obj):  # MicroPython's, which writes text as UTF-8 already
    return json.dumps(obj, separators=_SEPARATORS)


try:
    _dumps_as_utf8("")
    _dumps = _dumps_as_utf8
except TypeError:
    _dumps = _dumps_compact


def frame(obj):
    """One protocol line (bytes, newline included) for a JSON-able dict: the same bytes on both
    runtimes. A string that is no text (a lone surrogate) raises UnicodeError on CPython.
    The JSON is written once (its str's bytes are the line's body: on MicroPython encode() shares
    them) and copied once, into the line, joined in one allocation: each `+` of a chain of them
    would copy the whole line again."""
    body = _dumps(obj).encode()
    return b"".join((PREFIX, body, b" %08x\n" % crc32(body)))


def holds_array(obj):
    """Whether the dict obj, or a dict among its members at any depth, has an array as a member:
    then its line is written in pieces (frame_parts)."""
    for key in obj:
        value = obj[key]
        if isinstance(value, STREAMED) or (type(value) is dict and holds_array(value)):
            return True
    return False


def frame_parts(obj):
    """The JSON of obj as frame() writes it, as a list of parts: bytes, and the arrays of ints
    that its dicts hold as members (holds_array), left as they are for frame_pieces. Everything
    else is encoded here, so that what cannot be (TypeError, ValueError, UnicodeError, as frame
    raises them; MemoryError) fails before a byte is written; the parts but the arrays are as
    small as the object is without them. A dict that holds an array must have str keys."""
    parts = []
    texts = []
    _walk(obj, parts, texts)
    parts.append("".join(texts).encode())
    return parts


def _walk(value, parts, texts):
    """Append value's JSON to texts, and at each array the texts so far, then the array, to
    parts. A dict is written member by member in its own order, which is json.dumps' order on
    both runtimes (a MicroPython dict's depends on how it was built, so it is not rebuilt)."""
    if isinstance(value, STREAMED):
        texts.append("[")
        parts.append("".join(texts).encode())
        del texts[:]
        parts.append(value)
        texts.append("]")
    elif type(value) is dict and holds_array(value):
        opening = "{"
        for key in value:
            if type(key) is not str:
                raise TypeError("keys must be str, got %r" % (key,))
            texts.append(opening + _dumps(key) + ":")
            opening = ","
            _walk(value[key], parts, texts)
        texts.append("}")
    else:
        texts.append(_dumps(value))


def frame_pieces(parts, counted=None):
    """The line of frame_parts(obj), a piece at a time: the prefix, the JSON (an array's items
    PIECE moves a piece), a space, the CRC-32 of the JSON computed as the pieces went, and the
    newline. Joined, they are frame(obj) with each array of obj a list. counted(), when given, is
    called as each piece of moves is handed out (proto.link counts them a turn)."""
    yield PREFIX
    crc = 0
    for part in parts:
        if isinstance(part, STREAMED):
            for piece in move_pieces(part):
                crc = crc32(piece, crc)
                if counted is not None:
                    counted()
                yield piece
        else:
            crc = crc32(part, crc)
            yield part
    yield b" %08x\n" % crc


def event_object(seq, kind, data, ms=None, utc=None, boot=None):
    """A device line's object: sequence number, type, payload, boot id, device ticks, wall time
    once set."""
    obj = {"seq": seq, "type": kind, "data": data}
    if boot is not None:
        obj["boot"] = boot
    if ms is not None:
        obj["ms"] = ms
    if utc is not None:
        obj["utc"] = utc
    return obj


def encode_event(seq, kind, data, ms=None, utc=None, boot=None):
    """A device line (bytes) for a payload JSON holds whole (no array: see frame_parts)."""
    return frame(event_object(seq, kind, data, ms, utc, boot))


def parse_line(line, need_prefix=False):
    """Decode one line (bytes, without or with its newline) into a dict.

    A prefixed line must carry a valid CRC; a bare JSON object is accepted unless need_prefix.
    Raises LineError with a code and a message that says what was wrong.
    """
    line = line.strip()
    if line.startswith(PREFIX):
        rest = line[len(PREFIX):]
        cut = rest.rfind(b" ")
        if cut < 0:
            raise LineError(E_BAD_LINE, "prefixed line has no checksum")
        body = rest[:cut]
        if _checksum(body) != rest[cut + 1:].lower():
            raise LineError(E_BAD_LINE, "checksum mismatch: line damaged or cut")
    elif need_prefix:
        raise LineError(E_BAD_LINE, "no protocol prefix")
    else:
        body = line
    if body.startswith(b"{"):
        try:
            obj = json.loads(body.decode())
        except UnicodeError:  # before ValueError, of which it is a kind
            raise LineError(E_BAD_LINE, "line is not valid UTF-8") from None
        except ValueError:
            raise LineError(E_BAD_LINE, "not valid JSON") from None
        if isinstance(obj, dict):
            return obj
    raise LineError(E_BAD_LINE, "expected a JSON object")


class LineReader:
    """Splits a byte stream into lines in one fixed buffer, never growing.

    Complete lines and problems are handed to on_line(mv, length) and on_error(code, message) as
    feed() meets them. on_line returning True (its command goes on over loop turns) stops the
    feed after that line: feed() then returns the bytes of data it did not take, for the caller
    to feed once the command is over (None when it took them all). A line longer than the buffer is dropped whole (up to
    its newline) and reported once. A partial line that got no byte for cut_ms is dropped by
    expire() and reported, so a cut line cannot glue itself to the next command; the timer restarts
    at each byte so that a person typing slowly in a terminal is not cut. The `now` given to feed()
    and expire() is the sender's time: real time whenever a real host sends (proto.link says which
    clock the device reads).
    """

    def __init__(self, on_line, on_error, size=LINE_MAX, cut_ms=1500):
        self.buf = bytearray(size)
        self.view = memoryview(self.buf)
        self.length = 0
        self.overflow = False
        self.last = 0  # ticks of the latest byte of the pending partial line
        self.cut_ms = cut_ms
        self.on_line = on_line
        self.on_error = on_error

    def feed(self, data, now):
        buf = self.buf
        size = len(buf)
        at = 0
        count = len(data)
        while at < count:  # by index, not enumerate(): no tuple a byte
            byte = data[at]
            at += 1
            if byte == 10:  # newline ends the line
                if self.overflow:
                    self.overflow = False
                    self.on_error(E_TOO_LONG, "line longer than %d bytes dropped" % size)
                elif self.length:
                    length = self.length
                    self.length = 0
                    if self.on_line(self.view[:length], length) and at < count:
                        return data[at:]
                continue
            if byte == 13:
                continue
            self.last = now
            if self.overflow:
                continue
            if self.length == size:
                self.overflow = True
                self.length = 0
                continue
            buf[self.length] = byte
            self.length += 1
        return None

    def expire(self, now, ticks_diff):
        """Drop a partial line that waited too long for its newline; True if one was dropped."""
        if not (self.length or self.overflow) or ticks_diff(now, self.last) < self.cut_ms:
            return False
        dropped = self.length
        self.length = 0
        if self.overflow:
            self.overflow = False
            self.on_error(E_TOO_LONG, "line longer than %d bytes dropped" % len(self.buf))
        else:
            self.on_error(E_CUT, "%d bytes without a newline dropped" % dropped)
        return True
