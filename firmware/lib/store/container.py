"""Checksummed JSON files (snapshots and history): one header line, then the JSON body.

    TTS 1 89abcdef 1234\n{"bots": null, ..., "v": 1, "moves": [3,17,0,...]}

kind tag ("TTS" snapshot, "TTH" history), format version, CRC-32 of the body in hex, body length.
The body is one JSON object, which a host reads whole with json.loads.

Nothing here holds a buffer that grows with the game. The move list, the one member that does,
is written straight from the game's array, _BODY_MOVES moves at a time, after the other members
(Body: one pass over the pieces measures the CRC and the length the header needs, a second writes
them; the moves' digits go into one small buffer of the Body's, so a save leaves no garbage a
piece). Reading (read) takes the file in CHUNK-byte pieces: one pass checks the length and the
CRC, keeps the members other than "moves" (HEAD_MAX bytes at most, in any order) and checks and
counts the moves; Document.each_move then reads the moves again, from where the first pass found
them. A file cut short, a flipped bit or garbage fails with BadFile; a newer version with
FutureFormat. encode and decode do the same on bytes in memory (tests and host tools).
"""

import json
from array import array
from collections import OrderedDict

from engine.compat import const
from engine.core import Moves

from store.files import crc32
from store.journal import check_version

VERSION = 1
SNAPSHOT = "TTS"
HISTORY = "TTH"
PIECE = const(32)  # moves a piece of move_pieces holds: at most 32 * 6 bytes
_BODY_MOVES = const(64)  # moves a piece of a Body holds: its buffer, 64 * 7 bytes
CHUNK = const(48)  # bytes read at a time (see read)
# chunks read_steps checks between two yields: the check of a chunk of moves makes some 600
# bytes of garbage, so a step stays near 1 KB (tests/host/test_wasm_commands.py)
STEP_CHUNKS = const(2)
HEAD_MAX = const(8192)  # the body's bytes besides the move list (redo holds two rounds at most)
_HEADER_MAX = const(64)
_DEPTH_MAX = const(32)  # nesting a document may have: deeper is garbage, not a game
_MOVE_DIGITS = const(5)  # 65535
_MOVE_TOP = const(100000)  # a list streamed holds moves of 5 digits at most (a test's, signed)
_MOVES_KEY = b"moves"
_MOVE_FORMAT = b",%d" * PIECE
_NO_MOVE = (b".", b"e", b"E", b"-", b'"', b"t", b"f", b"n", b"a", b"[", b"{")  # JSON, no move


class BadFile(ValueError):
    pass


# -- writing --------------------------------------------------------------------------------------
STREAMED = (Moves, array)  # the move lists written in pieces as they are (here and proto.wire)


def _is_move_list(moves):
    """A move list the writer streams: the game's Moves (or an array), or a list of ints.
    Anything else (a test's wrong value) is written by json.dumps with the rest."""
    if isinstance(moves, STREAMED):
        return True
    if type(moves) is not list:
        return False
    for move in moves:
        if type(move) is not int or not -_MOVE_TOP < move < _MOVE_TOP:
            return False
    return True


def move_pieces(moves):
    """The items of the JSON list of moves (the game's Moves, an array or a list of ints, not
    copied), PIECE moves a piece, commas between them and no brackets: b"3,17,0", b",5,..." (no
    piece for no move). The store's bodies and the protocol's state line (proto.wire) write the
    moves with it."""
    count = len(moves)
    for start in range(0, count, PIECE):
        end = min(start + PIECE, count)
        # ",%d" a move; the first piece without its leading comma
        yield _MOVE_FORMAT[0 if start else 1:3 * (end - start)] % tuple(moves[i] for i in range(start, end))


def _in_key_order(obj, skip=None):
    """The dict obj as an OrderedDict in key order, its dicts too, but for the member skip:
    json.dumps writes it in that order on both runtimes, so the same document is the same bytes
    whatever order its dicts were built in (a MicroPython dict's order depends on that), which
    lets Store.archive tell a game it holds by the header alone. One json.dumps of it makes
    a tenth of the garbage of a json.dumps a key and a value (an Achéron snapshot's took 2.7 KB
    on a 32-bit port)."""
    ordered = OrderedDict()
    for key in sorted(obj):
        if key != skip:
            value = obj[key]
            ordered[key] = _in_key_order(value) if type(value) is dict else value
    return ordered


def _digits_into(buf, at, move):
    """Write move in decimal into buf from at (room for a sign and _MOVE_DIGITS); returns the
    end."""
    if move < 0:  # a test's wrong move, written as json writes it
        buf[at] = 45
        at += 1
        move = -move
    if move < 10:
        buf[at] = 48 + move
        return at + 1
    scale = 10
    while scale <= move:
        scale *= 10
    while scale > 1:
        scale //= 10
        buf[at] = 48 + move // scale % 10
        at += 1
    return at


class Body:
    """The JSON body of doc, made in pieces: its members but "moves" in one text (in key order),
    then the moves (an array or a list of ints, not copied) _BODY_MOVES at a time. crc and length
    are known from the start, so the header goes first; pieces() may be taken more than once.

    The moves' pieces are written into one buffer of the Body's (a sign, 5 digits and a comma a move)
    and handed out as views of it, each good until the next is taken: a save makes no garbage a
    piece (it is written, or counted, at once). encode() copies them."""

    def __init__(self, doc):
        moves = doc.get("moves")
        if _is_move_list(moves):
            # the members but the moves, without the closing brace, then the moves' opening
            members = json.dumps(_in_key_order(doc, "moves")).encode()
            self.opening = memoryview(members)[:-1]
            self._moves_opening = b', "moves": [' if len(members) > 2 else b'"moves": ['
            self.moves = moves
            self._buffer = bytearray(_BODY_MOVES * (_MOVE_DIGITS + 2))
        else:
            self.opening = json.dumps(_in_key_order(doc)).encode()
            self.moves = None
        crc = length = 0
        for piece in self.body_pieces():
            crc = crc32(piece, crc)
            length += len(piece)
        self.crc = crc
        self.length = length

    def header(self, kind):
        return ("%s %d %08x %d\n" % (kind, VERSION, self.crc, self.length)).encode()

    def body_pieces(self):
        """The body's pieces; those of the moves are views of one buffer (see the class)."""
        yield self.opening
        moves = self.moves
        if moves is None:
            return
        yield self._moves_opening
        buf = self._buffer
        view = memoryview(buf)
        count = len(moves)
        for start in range(0, count, _BODY_MOVES):
            at = 0
            for i in range(start, min(start + _BODY_MOVES, count)):
                if i:
                    buf[at] = 44  # ,
                    at += 1
                at = _digits_into(buf, at, moves[i])
            yield view[:at]
        yield b"]}"

    def pieces(self, kind):
        """The whole file: the header line, then the body (pieces as body_pieces gives them)."""
        yield self.header(kind)
        for piece in self.body_pieces():
            yield piece


def encode(kind, doc):
    """The whole file of doc as bytes (tests and tools: the store writes Body's pieces)."""
    return b"".join([bytes(piece) for piece in Body(doc).pieces(kind)])


# -- reading --------------------------------------------------------------------------------------
def _text(data):
    try:
        return repr(bytes(data).decode())
    except ValueError:
        return repr(bytes(data))


def _move(piece):
    """The move a piece of the move list spells (JSON digits), or BadFile."""
    digits = piece.strip()
    if (not digits or len(digits) > _MOVE_DIGITS or not digits.isdigit()
            or (digits[0] == 48 and len(digits) > 1)):  # JSON has no leading zeros
        raise BadFile("moves holds %s, not an integer 0..65535" % _text(digits[:12]))
    move = int(digits)
    if move > 0xFFFF:
        raise BadFile("moves holds %d, outside 0..65535" % move)
    return move


def _moves_in(text, final, seen):
    """(moves, rest) of text, a stretch of a move list: the moves up to its last comma, or all
    of it when final (the list's "]" follows), as a list (a chunk's worth at most), and what
    follows that last comma. seen: moves before text (for "[]"). Raises BadFile naming a piece
    that is no move (JSON digits, 0..65535)."""
    end = len(text)
    if final:
        if not seen and not text.strip():
            return [], b""  # []
    else:
        end = text.rfind(b",")
        if end < 0:
            return [], _rest(text)
    rest = b"" if final else _rest(text[end + 1:])
    text = text[:end]
    # The quick way, in C: JSON reads the run, and it must be the run JSON writes back, with
    # or without the space after each comma (this writer's, the previous firmware's): that
    # leaves no empty piece, no leading zero, no space between digits. Then no fraction,
    # exponent, sign, string, list, object, true, false or null, and every move <= 65535.
    moves = None
    try:
        moves = json.loads(b"[" + text + b"]")
    except ValueError:
        pass
    if type(moves) is list and moves:
        again = json.dumps(moves)[1:-1]
        if again.replace(", ", ",").encode() == text or again.encode() == text:
            for sign in _NO_MOVE:
                if sign in text:
                    break
            else:
                if max(moves) <= 0xFFFF:
                    return moves, rest
    return [_move(piece) for piece in text.split(b",")], rest  # names the piece that is wrong


def _rest(text):
    """The start of the next move, kept for the next chunk: bounded, whatever the file holds."""
    text = text.lstrip()
    if len(text) > 2 * _MOVE_DIGITS:
        stripped = text.rstrip()
        if len(stripped) > _MOVE_DIGITS:
            raise BadFile("moves holds %s..., not an integer 0..65535" % _text(stripped[:12]))
        text = stripped + b" "  # a space after a digit still separates it from the next
    return text


class _Scan:
    """Takes a body in chunks: keeps its text but the items of its top-level "moves" list, which
    becomes null, and checks and counts those items. problem: the first thing wrong, or None."""

    def __init__(self, head_max):
        self.head = bytearray()
        self.head_max = head_max
        self.offset = 0  # body bytes fed before the current chunk
        self.problem = None
        self.count = -1  # moves in the list, -1 when there is none (yet)
        self.moves_at = -1  # where the list's items start, in body bytes
        self.rest = b""
        self.in_moves = False
        self.depth = 0
        self.in_string = False
        self.escape = False
        self.in_object = False  # the body is an object: its depth-1 strings are keys and values
        self.want_key = False  # the next depth-1 string is a key
        self.key = None  # the depth-1 key being read (its first bytes), or None
        self.last_key = b""
        self.want_list = False  # after "moves": a "[" starts the move list

    def feed(self, chunk):
        try:
            if self.problem is None:
                self._feed(chunk)
        except ValueError as err:  # BadFile: a move that is not one, a body nested too deep
            self.problem = str(err)
        self.offset += len(chunk)

    def _feed(self, chunk):
        size = len(chunk)
        i = start = 0
        while i < size:
            if self.in_moves:
                end = chunk.find(b"]", i)
                moves, self.rest = _moves_in(self.rest + chunk[i:size if end < 0 else end],
                                             end >= 0, self.count)
                self.count += len(moves)
                if end < 0:
                    return
                self.in_moves = False
                i = start = end + 1
                continue
            c = chunk[i]
            i += 1
            if self.in_string:
                if self.escape:
                    self.escape = False
                elif c == 0x5C:  # backslash
                    self.escape = True
                elif c == 0x22:  # the closing quote
                    self.in_string = False
                    if self.key is not None:
                        self.last_key = bytes(self.key)
                        self.key = None
                elif self.key is not None and len(self.key) <= len(_MOVES_KEY):
                    self.key.append(c)
                continue
            if c in b" \t\r\n":
                continue
            want_list = self.want_list
            self.want_list = False
            if c == 0x22:
                self.in_string = True
                if self.want_key and self.depth == 1:
                    self.key = bytearray()
                    self.want_key = False
            elif c == 0x5B and want_list:  # "moves": [
                self.head.extend(chunk[start:i - 1])
                self.head.extend(b"null")
                start = i
                self.in_moves = True
                self.count = 0
                self.moves_at = self.offset + i
            elif c == 0x7B or c == 0x5B:  # { [
                self.depth += 1
                if self.depth > _DEPTH_MAX:
                    raise BadFile("nested more than %d deep" % _DEPTH_MAX)
                if self.depth == 1 and c == 0x7B:
                    self.in_object = self.want_key = True
            elif c == 0x7D or c == 0x5D:  # } ]
                self.depth -= 1
            elif self.depth == 1 and self.in_object:
                if c == 0x2C:  # , : the next member's key
                    self.want_key = True
                elif c == 0x3A and self.last_key == _MOVES_KEY:  # "moves":
                    if self.moves_at >= 0:
                        raise BadFile("moves given twice")
                    self.want_list = True
                    self.moves_at = 0  # a moves member was seen, a list or not
        self.head.extend(chunk[start:size])
        if len(self.head) > self.head_max:
            raise BadFile("more than %d bytes besides the moves" % self.head_max)

    def finish(self):
        if self.problem is None and self.in_moves:
            self.problem = "the move list is not closed"
        return self.problem


class Document:
    """A container file that passed read(): head holds its members but "moves", count its moves
    (-1 when it has no move list: then head["moves"] holds what it had instead, if anything)."""

    def __init__(self, opener, kind, header, size, head, count, moves_at):
        self.kind = kind
        self.header = header  # the header line: with size, what tells the file unchanged
        self.size = size
        self.head = head
        self.count = count
        self._opener = opener
        # where the next each_move that starts there may go on from: (the index of a move,
        # where the chunk that holds it starts in the file, the bytes before it in that chunk)
        self._mark = (0, moves_at, b"")
        self._moves_at = moves_at  # the first byte of the list's items, in the file

    def each_move(self, act, start=0, stop=-1):
        """Call act(move) for the moves start..stop-1 (stop -1: to the end), reading the file
        again in chunks; what act raises stops the reading and is raised. BadFile if the file
        no longer holds the list read() checked."""
        if stop < 0 or stop > self.count:
            stop = self.count
        if start >= stop:
            return
        index, at, rest = self._mark  # the moves of a page follow the page before's
        if start < index:
            index, at, rest = 0, self._moves_at, b""
        f = self._opener()
        try:
            f.seek(at)
            while index < stop:
                self._mark = (index, at, rest)
                chunk = f.read(CHUNK)
                at += len(chunk)
                if not chunk:
                    break
                end = chunk.find(b"]")
                text = rest + (chunk if end < 0 else chunk[:end])
                commas = text.count(b",")
                if end < 0 and index + commas <= start:  # skipped unparsed: read() checked it
                    index += commas
                    rest = _rest(text[text.rfind(b",") + 1:])
                    continue
                moves, rest = _moves_in(text, end >= 0, index)
                for move in moves:
                    if start <= index < stop:
                        act(move)
                    index += 1
                if end >= 0:
                    break
        finally:
            f.close()
        if index < stop:
            self._mark = (0, self._moves_at, b"")
            raise BadFile("the move list changed since it was checked: it ends at move %d" % index)

    def moves(self, start=0, stop=-1):
        """The moves start..stop-1 as a list: for a page, or for tests (it grows with stop)."""
        out = []
        self.each_move(out.append, start, stop)
        return out


def complete(steps):
    """Run steps, a generator that yields between pieces of its work (read_steps), to its end in
    one go; what it returns."""
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return done.value


def read(opener, size, kind, head_max=HEAD_MAX):
    """Check the container file opener() opens (a fresh file object from its start at each
    call; size: its length in bytes) in one pass over CHUNK-byte pieces; returns its Document.

    Raises BadFile (or FutureFormat) for what fails a check, OSError if it cannot be read."""
    return complete(read_steps(opener, size, kind, head_max))


def read_steps(opener, size, kind, head_max=HEAD_MAX):
    """read() a step at a time: a generator that yields after every STEP_CHUNKS chunks and
    returns the Document. What a chunk's check allocates is garbage at once, so a step costs
    the heap the same whatever the file's size: the protocol spreads a long file's check over
    loop turns with it (proto.commands). The file stays open between steps."""
    f = opener()
    try:
        data = f.read(_HEADER_MAX)
        end = data.find(b"\n")
        if end < 0:
            raise BadFile("no header line" if data else "empty file")
        header = data[:end + 1]
        try:
            found, version, crc, length = data[:end].decode().split(" ")
            version = int(version)
            crc = int(crc, 16)
            length = int(length)
        except ValueError:  # not text (a UnicodeError is a ValueError), not four fields, numbers
            raise BadFile("bad header line") from None
        if found != kind:
            raise BadFile("not a %s file" % kind)
        check_version(kind + " format", version, VERSION, BadFile)
        start = end + 1
        if size - start != length:
            raise BadFile("%d bytes of body, header says %d" % (size - start, length))
        scan = _Scan(head_max)
        got = 0
        data = data[start:]
        chunks = 0
        while data:
            got = crc32(data, got)
            scan.feed(data)
            chunks += 1
            if chunks == STEP_CHUNKS:
                chunks = 0
                yield
            data = f.read(CHUNK)
    finally:
        f.close()
    if scan.offset != length:  # the file changed since its size was taken
        raise BadFile("%d bytes of body, header says %d" % (scan.offset, length))
    if got != crc:
        raise BadFile("checksum mismatch")
    problem = scan.finish()
    if problem:
        raise BadFile(problem)
    try:
        head = json.loads(bytes(scan.head))  # bounded: HEAD_MAX
    except ValueError:
        raise BadFile("body is not JSON") from None
    if not isinstance(head, dict):
        raise BadFile("body is not an object")
    check_version("document version", head.get("v"), VERSION, BadFile)
    if scan.count >= 0:
        del head["moves"]  # the null the list's place holds
    return Document(opener, kind, header, size, head, scan.count, start + scan.moves_at)


def unchanged(document, opener, size):
    """Whether the file opener() opens (size bytes) is still the one document was read from:
    the same size and header line (its CRC), read again without the rest."""
    if size != document.size:
        return False
    f = opener()
    try:
        return f.read(len(document.header)) == document.header
    finally:
        f.close()


def holds(opener, size, kind, body):
    """Whether the file opener() opens is body, whole and intact: its header line is the one body
    would have and its bytes pass that CRC (read in chunks, nothing else parsed)."""
    header = body.header(kind)
    if size != len(header) + body.length:
        return False
    f = opener()
    try:
        if f.read(len(header)) != header:
            return False
        got = 0
        data = f.read(CHUNK)
        while data:
            got = crc32(data, got)
            data = f.read(CHUNK)
    finally:
        f.close()
    return got == body.crc


def decode(kind, data):
    """The document in data, the bytes of a whole file, moves included as a list (tests and
    tools)."""
    from io import BytesIO

    document = read(lambda: BytesIO(data), len(data), kind)
    doc = document.head
    if document.count >= 0:
        doc["moves"] = document.moves()
    return doc
