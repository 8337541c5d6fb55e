"""Checksummed JSON files (snapshots and history): one header line, then the JSON body.

    TTS 1 89abcdef 1234\n{"bots": null, ..., "v": 1, "moves": [3,17,0,...]}

kind tag ("TTS" snapshot, "TTH" history), format version, CRC-32 of the body in hex, body length.
The body is one JSON object, which a host reads whole with json.loads.

Nothing here holds a buffer that grows with the game. The move list, the one member that does,
is written straight from the game's array, _BODY_MOVES moves at a time, after the other members
(Body: one pass over the pieces measures the CRC and the length the header needs, a second writes
them; the moves' digits go into one small buffer of the Body's, so a save leaves no garbage a
piece). Reading is store.reader's (loaded for a read and let go after it: a game playing
only writes); holds, the archive's check that a file it wrote is whole, reads only its CRC and
stays here. encode writes a whole file into bytes in memory (tests and host tools).
"""

import json
from array import array
from collections import OrderedDict

from engine.compat import const
from engine.core import Moves

from store.files import crc32

VERSION = 1
SNAPSHOT = "TTS"
HISTORY = "TTH"
PIECE = const(32)  # moves a piece of move_pieces holds: at most 32 * 6 bytes
_BODY_MOVES = const(64)  # moves a piece of a Body holds: its buffer, 64 * 7 bytes
_MOVE_DIGITS = const(5)  # 65535
_MOVE_TOP = const(100000)  # a list streamed holds moves of 5 digits at most (a test's, signed)
_MOVE_FORMAT = b",%d" * PIECE
_CRC_CHUNK = const(48)  # bytes holds reads at a time


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


# -- what a game's end and the readers share ------------------------------------------------------
def complete(steps):
    """Run steps, a generator that yields between pieces of its work (read_steps), to its end in
    one go; what it returns."""
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return done.value


def holds(opener, size, kind, body):
    """Whether the file opener() opens is body, whole and intact: its header line is the one body
    would have and its bytes pass that CRC (read in _CRC_CHUNK-byte pieces, nothing else parsed)."""
    header = body.header(kind)
    if size != len(header) + body.length:
        return False
    f = opener()
    try:
        if f.read(len(header)) != header:
            return False
        got = 0
        data = f.read(_CRC_CHUNK)
        while data:
            got = crc32(data, got)
            data = f.read(_CRC_CHUNK)
    finally:
        f.close()
    return got == body.crc
