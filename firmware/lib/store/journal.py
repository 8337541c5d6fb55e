"""Journal entries: one fixed 12-byte record per operation, each with its own CRC-32.

entry = struct "<BBHII": op, format version, argument (the action), sequence number, CRC-32 of the
first 8 bytes. The store writes each entry as its own small file (see store.storage for why); the
fixed size and the checksum make a torn or damaged entry obvious.
"""

import struct

from store.files import crc32

ENTRY_SIZE = 12
VERSION = 1


class FutureFormat(ValueError):
    pass


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
    if version != VERSION:
        if version > VERSION:
            raise FutureFormat("entry format %d is newer than this firmware (%d)"
                               % (version, VERSION))
        raise ValueError("unknown entry format %d" % version)
    if found != seq:
        raise ValueError("sequence %d where %d was due" % (found, seq))
    return op, arg
