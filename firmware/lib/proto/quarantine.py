"""The commands that read the quarantine, the damaged files the boot set aside (docs/PROTOCOL.md,
"Pages"): list_quarantine and pull_file. Loaded by proto.commands for one of them and let go with
the command code once it is answered (proto.link), apart from proto.history, so that a job reading
the history never holds this module, nor the other way round.
"""

from store.files import join

from proto.commands import FILE_PIECE, QUARANTINE_PAGE  # small ints, copied
from proto.fields import cursor, field, store_of
from proto.wire import E_BAD_ARGS, E_FAILED, CommandError

_ANY_SIZE = 1 << 30  # a quarantined file is read a piece at a time, however big


def _quarantined_number(name):
    """K of a quarantined file's name q<K>-<name>, or -1 for any other string (a path)."""
    from store.storage import quarantine_number

    return quarantine_number(name) if "/" not in name else -1


_BASE64 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _base64(data):
    """data in base64 (RFC 4648, padded), as a str: written into one buffer. The WebAssembly
    port's binascii is Python that allocates some 100 KB for a piece (the board's is C)."""
    out = bytearray((len(data) + 2) // 3 * 4)
    at = 0
    for i in range(0, len(data), 3):
        left = len(data) - i
        bits = data[i] << 16 | (data[i + 1] << 8 if left > 1 else 0) | (data[i + 2] if left > 2 else 0)
        out[at] = _BASE64[bits >> 18]
        out[at + 1] = _BASE64[bits >> 12 & 63]
        out[at + 2] = _BASE64[bits >> 6 & 63] if left > 1 else 61  # =
        out[at + 3] = _BASE64[bits & 63] if left > 2 else 61
        at += 4
    return out.decode()


def _quarantined_piece(store, name, offset, count):
    """(size, data): the quarantined file's length, and its count bytes from offset (fewer at its
    end, none past it). OSError if there is no such file."""
    path = join(store.quarantine_dir, name)
    size = store.files.size(path, _ANY_SIZE)
    with store.files.open(path, "rb") as f:
        f.seek(offset)
        return size, f.read(count)


def list_quarantine(app, link, command):
    """A page of the damaged files set aside, oldest first: those numbered over the one
    named `after` (its q<K>), QUARANTINE_PAGE at most, and `more`. A job, as list_games."""
    after = command.get("after")
    number = 0
    if after is not None:
        number = _quarantined_number(field(command, "after", str))
    store = store_of(app)
    if store is None:
        return {"files": [], "more": False}
    return _list_quarantined(store, number)


def _list_quarantined(store, number):
    yield  # store.pages is loaded in the next turn, not in the dispatcher's
    from store.pages import numbered_page
    from store.storage import quarantine_number

    _numbers, names, more = yield from numbered_page(store.quarantine_dir, quarantine_number, number,
                                                     QUARANTINE_PAGE)
    return {"files": names, "more": more}


def pull_file(app, link, command):
    """A piece of a quarantined (damaged) file, as base64, for the host to look at: its
    FILE_PIECE bytes from `offset` (0 unless given), the file's `size`, and `more` when
    bytes follow. The host asks again from offset + the bytes it got."""
    name = field(command, "name", str)
    offset = cursor(command, "offset")
    store = store_of(app)
    if store is None or _quarantined_number(name) < 0:
        raise CommandError(E_FAILED, "no quarantined file %r" % name)
    return _piece(store, name, offset)


def _piece(store, name, offset):
    yield  # the piece is read in the next turn, not in the dispatcher's
    try:
        size, data = _quarantined_piece(store, name, offset, FILE_PIECE)
    except (OSError, ValueError):  # no such file, or one past the longest read back
        raise CommandError(E_FAILED, "no quarantined file %r" % name) from None
    if offset > size:
        raise CommandError(E_BAD_ARGS, "offset: file %r has %d bytes, got %d" % (name, size, offset))
    return {"name": name, "size": size, "offset": offset, "base64": _base64(data),
            "more": offset + len(data) < size}
