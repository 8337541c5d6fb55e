"""A checked file's moves read again (store.reader.Document.each_move): the reading is this
module's, loaded by the first call and let go of with store.reader (app.memory.READERS), so
that a host command that only checks files (list_games) holds none of its code.
"""

from engine.compat import const

from store.container import BadFile

CHUNK = const(128)  # bytes each_move reads at a time: a page of moves (32) is one or two


def each_move(document, act, start=0, stop=-1):
    """Call act(move) for the moves start..stop-1 of document (a store.reader.Document; stop
    -1: to the end), reading its file again in CHUNK-byte pieces, a byte at a time and
    allocating nothing but the pieces (the pieces before start are only counted); what act
    raises stops the reading and is raised. BadFile if the file no longer holds the list
    read() checked. document.mark is where the next call that starts there goes on from."""
    if stop < 0 or stop > document.count:
        stop = document.count
    if start >= stop:
        return
    index, at = document.mark  # the moves of a page follow the page before's
    if start < index:
        index, at = 0, document.moves_at
    value = -1  # the move being read, -1 before its first digit
    f = document.opener()
    try:
        f.seek(at)
        while index < stop:
            chunk = f.read(CHUNK)
            if not chunk:
                break
            size = len(chunk)
            commas = chunk.count(b",")
            if index + commas < start and b"]" not in chunk:  # counted, not read
                index += commas
                value = -1 if chunk[size - 1] == 0x2C else 0  # a move goes on, whatever its digits
                at += size
                continue
            i = 0
            while i < size:
                c = chunk[i]
                i += 1
                if 0x30 <= c <= 0x39:
                    value = (value * 10 if value > 0 else 0) + c - 0x30
                elif c == 0x2C or c == 0x5D:  # , ]
                    if value >= 0:
                        if index >= start:
                            act(value)
                        index += 1
                        value = -1
                    if c == 0x5D or index == stop:
                        break
                elif not (c == 0x20 or c == 0x0A or c == 0x0D or c == 0x09):
                    break  # not what read() checked: the count says so below
            if index == stop:
                document.mark = (index, at + i)
                break
            if i < size:  # the list ended, or a byte no move list holds
                break
            at += size
    finally:
        f.close()
    if index < stop:
        document.mark = (0, document.moves_at)
        raise BadFile("the move list changed since it was checked: it ends at move %d" % index)
