"""Reading the checksummed JSON files store.container writes (snapshots and history): loaded for
the reading and let go of after it (app.memory), as no game's turn reads one.

read takes a file in SCAN_CHUNK-byte pieces: one pass checks the length and the CRC, keeps the members
other than "moves" (HEAD_MAX bytes at most, in any order) and checks and counts the moves;
Document.each_move then reads the moves again, from where the first pass found them
(store.moves_reader, loaded for it). A file cut
short, a flipped bit or garbage fails with store.container.BadFile; a newer version with
FutureFormat. decode does the same on bytes in memory (tests and host tools).

Who reads: the boot (a saved game resumed, app.resume; the menu's memory, app.settings), and the
host's commands (store.pages, through proto.link, which lets go of them once answered). A game
playing writes (store.container.Body) and never reads, so this module stays out of its heap
(issue 25: some 5 KB on the 32-bit port); Store.archive's check of a file it already holds
(container.holds) reads only a CRC and stays with the writer.
"""

import json

from engine.compat import const

from store.container import VERSION, BadFile, complete
from store.files import crc32
from store.journal import check_version

# bytes read() checks at a time: checking allocates nothing but the chunk read
SCAN_CHUNK = const(256)
# chunks read_steps checks between two yields: a KB a step, so that a host's pull_game of the
# longest game (3315 moves, 14 KB) checks its file in some 15 loop turns, fewer than
# proto.link.APP_WAIT_TURNS (tests/host/test_wasm_commands.py holds a step's heap)
STEP_CHUNKS = const(4)
HEAD_MAX = const(8192)  # the body's bytes besides the move list (redo holds two rounds at most)
_HEADER_MAX = const(64)
_DEPTH_MAX = const(32)  # nesting a document may have: deeper is garbage, not a game
_MOVE_DIGITS = const(5)  # 65535
_MOVES_KEY = b"moves"
_KEY_OTHER = const(99)  # a key's bytes matched so far once it is not "moves"


def _not_a_move(byte, item):
    return BadFile("moves holds %r in its item %d, not an integer 0..65535" % (chr(byte), item))


class _Scan:
    """Takes a body in chunks: keeps its text but the items of its top-level "moves" list, which
    becomes null, and checks and counts those items. problem: the first thing wrong, or None.
    Feeding a chunk allocates nothing but the head's growth and the views of the slices it
    takes: a key is matched against "moves" a byte at a time, never copied."""

    def __init__(self, head_max):
        self.head = bytearray()
        self.head_max = head_max
        self.offset = 0  # body bytes fed before the current chunk
        self.problem = None
        self.count = -1  # moves in the list, -1 when there is none (yet)
        self.moves_at = -1  # where the list's items start, in body bytes
        self.in_moves = False
        # the move list's item being read (_moves): its digits so far and their value, whether
        # a space followed them, whether a comma came before it (an item is then required)
        self.digits = 0
        self.value = 0
        self.spaced = False
        self.after_comma = False
        self.depth = 0
        self.in_string = False
        self.escape = False
        self.in_object = False  # the body is an object: its depth-1 strings are keys and values
        self.want_key = False  # the next depth-1 string is a key
        # the depth-1 key being read: how many of its bytes matched "moves" (_KEY_OTHER once
        # one did not), or -1 outside a key; and whether the last key read was "moves"
        self.key_matched = -1
        self.moves_key = False
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
                i = start = self._moves(chunk, i, size)
                if self.in_moves:  # the list goes on in the next chunk
                    return
                continue
            c = chunk[i]
            i += 1
            if self.in_string:
                if self.escape:
                    self.escape = False
                elif c == 0x22:  # the closing quote
                    self.in_string = False
                    if self.key_matched >= 0:
                        self.moves_key = self.key_matched == len(_MOVES_KEY)
                        self.key_matched = -1
                else:
                    if c == 0x5C:  # backslash
                        self.escape = True
                    matched = self.key_matched
                    if matched >= 0:  # a backslash too: an escaped key is not the plain "moves"
                        if matched < len(_MOVES_KEY) and c == _MOVES_KEY[matched]:
                            self.key_matched = matched + 1
                        else:
                            self.key_matched = _KEY_OTHER
                continue
            if c in b" \t\r\n":
                continue
            want_list = self.want_list
            self.want_list = False
            if c == 0x22:
                self.in_string = True
                if self.want_key and self.depth == 1:
                    self.key_matched = 0
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
                elif c == 0x3A and self.moves_key:  # "moves":
                    if self.moves_at >= 0:
                        raise BadFile("moves given twice")
                    self.want_list = True
                    self.moves_at = 0  # a moves member was seen, a list or not
        self.head.extend(chunk[start:size])
        if len(self.head) > self.head_max:
            raise BadFile("more than %d bytes besides the moves" % self.head_max)

    def _moves(self, chunk, i, size):
        """Check and count the move list's items in chunk[i:size], a byte at a time and
        allocating nothing (so that a step of read_steps may check a KB): JSON integers
        0..65535 with no leading zero, a comma between two, spaces around them. Returns where
        it stopped: past the list's "]", which ends in_moves, else size. BadFile names what is
        wrong and the item it is in."""
        digits = self.digits
        value = self.value
        spaced = self.spaced
        while i < size:
            c = chunk[i]
            i += 1
            if 0x30 <= c <= 0x39:
                if spaced or digits == _MOVE_DIGITS or (digits == 1 and value == 0):
                    raise _not_a_move(c, self.count)  # "1 2", six digits, a leading zero
                value = value * 10 + c - 0x30
                digits += 1
            elif c == 0x2C or c == 0x5D:  # , ]
                if digits:
                    if value > 0xFFFF:
                        raise BadFile("moves holds %d, outside 0..65535" % value)
                    self.count += 1
                elif c == 0x2C or self.after_comma:  # an item missing: "[,", ",,", ",]"
                    raise _not_a_move(c, self.count)
                self.after_comma = c == 0x2C
                digits = value = 0
                spaced = False
                if c == 0x5D:
                    self.in_moves = False
                    break
            elif c == 0x20 or c == 0x0A or c == 0x0D or c == 0x09:
                spaced = digits > 0
            else:  # a sign, a fraction, an exponent, a string, a list, true, false, null
                raise _not_a_move(c, self.count)
        self.digits = digits
        self.value = value
        self.spaced = spaced
        return i

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
        self.opener = opener
        # where the next each_move that starts there may go on from: (the index of a move, where
        # it starts in the file)
        self.mark = (0, moves_at)
        self.moves_at = moves_at  # the first byte of the list's items, in the file

    def each_move(self, act, start=0, stop=-1):
        """Call act(move) for the moves start..stop-1 (stop -1: to the end), reading the file
        again (store.moves_reader.each_move, loaded for it: a command that only checks files
        holds none of that code); what act raises stops the reading and is raised. BadFile if
        the file no longer holds the list read() checked."""
        from store.moves_reader import each_move

        each_move(self, act, start, stop)

    def kept(self):
        """This document as plain values (a tuple), none of them this module's: what a caller
        keeps between its uses while the reader is let go (a Document kept would keep the
        module's code in the heap with its class). resumed() makes it a Document again."""
        return (self.kind, self.header, self.size, self.head, self.count, self.mark, self.moves_at)

    def moves(self, start=0, stop=-1):
        """The moves start..stop-1 as a list: for a page, or for tests (it grows with stop)."""
        out = []
        self.each_move(out.append, start, stop)
        return out


def read(opener, size, kind, head_max=HEAD_MAX):
    """Check the container file opener() opens (a fresh file object from its start at each
    call; size: its length in bytes) in one pass over SCAN_CHUNK-byte pieces; returns its Document.

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
        buffer = bytearray(SCAN_CHUNK)  # each chunk read into it: no garbage a chunk
        view = memoryview(buffer)
        while data:
            got = crc32(data, got)
            scan.feed(data)
            chunks += 1
            if chunks == STEP_CHUNKS:
                chunks = 0
                yield
            data = view[:f.readinto(buffer)]
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
        # bounded: HEAD_MAX; parsed where it is, not copied (both runtimes' loads take a
        # bytearray, which the board's stubs do not say)
        head = json.loads(scan.head)  # pyright: ignore[reportArgumentType]
    except ValueError:
        raise BadFile("body is not JSON") from None
    if not isinstance(head, dict):
        raise BadFile("body is not an object")
    check_version("document version", head.get("v"), VERSION, BadFile)
    if scan.count >= 0:
        del head["moves"]  # the null the list's place holds
    return Document(opener, kind, header, size, head, scan.count, start + scan.moves_at)


def resumed(kept, opener, size):
    """The Document whose kept() is kept, if the file opener() opens (size bytes) is still the
    one it was read from (the same size and header line, its CRC, read again without the rest);
    else None."""
    kind, header, known_size, head, count, mark, moves_at = kept
    if size != known_size:
        return None
    f = opener()
    try:
        if f.read(len(header)) != header:
            return None
    finally:
        f.close()
    document = Document(opener, kind, header, size, head, count, moves_at)
    document.mark = mark
    return document


def decode(kind, data):
    """The document in data, the bytes of a whole file, moves included as a list (tests and
    tools)."""
    from io import BytesIO

    document = read(lambda: BytesIO(data), len(data), kind)
    doc = document.head
    if document.count >= 0:
        doc["moves"] = document.moves()
    return doc
