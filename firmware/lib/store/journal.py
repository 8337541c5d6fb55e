"""Journal entries: one fixed 12-byte record per operation, each with its own CRC-32.

entry = struct "<BBHII": op, format version, argument (the action), sequence number, CRC-32 of the
first 8 bytes. The store writes each entry as its own small file (see store.storage for why); the
fixed size and the checksum make a torn or damaged entry obvious.
"""

import struct

from engine.compat import const

from store.files import crc32

ENTRY_SIZE = 12
VERSION = 1
# the operations an entry records (app.session plays them, app.resume replays them)
OP_ACT = const(1)  # a move: the argument is the action
OP_UNDO = const(2)
OP_REDO = const(3)


class FutureFormat(ValueError):
    pass


def check_version(what, version, current, unknown=ValueError):
    """Refuse any version but current: FutureFormat for one a newer firmware wrote."""
    if isinstance(version, int) and version > current:
        raise FutureFormat("%s %d is newer than this firmware (%d)" % (what, version, current))
    if version != current:
        raise unknown("unknown %s %r" % (what, version))


def encode(op, arg, seq):
    head = struct.pack("<BBHI", op, VERSION, arg, seq)
    return head + struct.pack("<I", crc32(head))


def decode(data, seq):
    """(op, arg) of the entry that must carry sequence number seq.

    Raises ValueError with a short reason ("short" for a cut during the write) and FutureFormat
    for an entry from a newer firmware.
    """
    if len(data) != ENTRY_SIZE:
        raise ValueError("short" if len(data) < ENTRY_SIZE else "%d bytes" % len(data))
    op, version, arg, found, crc = struct.unpack("<BBHII", data)
    if crc != crc32(data[:8]):
        raise ValueError("bad checksum")
    check_version("entry format", version, VERSION)
    if found != seq:
        raise ValueError("sequence %d where %d was due" % (found, seq))
    return op, arg
