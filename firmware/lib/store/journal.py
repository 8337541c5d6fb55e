"""The journal: fixed 12-byte entries, each with its own CRC-32, appended after every operation.

entry = struct "<BBHII": op, format version, argument (the action), sequence number, CRC-32 of the
first 8 bytes. Fixed-size entries make a torn tail obvious (a short last entry) and cost 12 bytes
of flash per confirmed action. The first entry of a file is a header (op HEADER) whose sequence
field holds the game id, so a journal is never chained onto another game's snapshot.
"""

import struct

from store.files import crc32

ENTRY_SIZE = 12
VERSION = 1
HEADER = 0x48  # "H"
_FORMAT = "<BBHII"


class FutureFormat(ValueError):
    pass


def encode(op, arg, seq):
    head = struct.pack("<BBHI", op, VERSION, arg, seq)
    return head + struct.pack("<I", crc32(head))


def header(game_id):
    return encode(HEADER, 0, game_id)


def parse(data):
    """Split journal bytes into (game_id, entries, problem).

    entries is a list of (op, arg, seq) up to the first entry that fails its check; problem is
    None when every byte was good, "short" for an unfinished last entry (a cut during the write),
    or a sentence saying what was wrong. A journal written by a newer format raises FutureFormat.
    """
    if not data:
        return None, [], None  # created, then the power went before its first entry
    if len(data) < ENTRY_SIZE:
        return None, [], "short"
    entries = []
    game_id = None
    offset = 0
    size = len(data)
    while offset + ENTRY_SIZE <= size:
        op, version, arg, seq, crc = struct.unpack_from(_FORMAT, data, offset)
        if crc != crc32(data[offset:offset + 8]):
            return game_id, entries, "bad checksum at byte %d" % offset
        if version != VERSION:
            if version > VERSION and offset == 0:
                raise FutureFormat("journal format %d is newer than this firmware (%d)"
                                   % (version, VERSION))
            return game_id, entries, "unknown entry version %d at byte %d" % (version, offset)
        if offset == 0:
            if op != HEADER:
                return None, [], "no journal header"
            game_id = seq
        elif op == HEADER:
            return game_id, entries, "second header at byte %d" % offset
        else:
            entries.append((op, arg, seq))
        offset += ENTRY_SIZE
    if offset != size:
        return game_id, entries, "short"
    return game_id, entries, None
