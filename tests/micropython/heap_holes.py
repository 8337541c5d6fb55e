"""A fragmented heap on the MicroPython unix port, to measure the largest block an operation needs.

What fails on a board deep into a game is not the memory free in all (17 to 51 KB there) but the
largest free block: an allocation bigger than that raises MemoryError whatever else is free.
holes(size) makes such a heap on purpose. Every free region of the heap is taken (big ones by a
few huge blocks, the gaps between objects one GC block at a time), then one huge block, ROOM
bytes or more, is given back and cut into holes of exactly `size` bytes, each followed by one
GC block that stays taken. Inside, most of ROOM is free, and no free block is bigger than `size`:
any single allocation of more than `size` bytes raises MemoryError, and nothing else does.

largest_block(prepare, run) runs prepare() on a whole heap, then run(prepared) inside holes, and
finds by bisection the smallest hole size at which run neither raises MemoryError nor returns
False: the largest block run needs, to a GC block (4 words: 32 bytes here). The unix port has
64-bit words, so its figures are up to twice an ESP32's (32-bit).
"""

import gc
import sys

WORD = 8 if sys.maxsize > 1 << 32 else 4
BLOCK = 4 * WORD  # MicroPython's GC block
ROOM = 1 << 17  # at least this much of the heap is cut into holes
SLACK = 4 * BLOCK  # see holes.__enter__: how far a hole may grow while an operation runs
_PIECES = 40
_PROBES = 256


class holes:
    """A context manager: the heap inside holds no free block bigger than size bytes."""

    def __init__(self, size):
        self.size = size
        self.ballast = self.sizes = self.gaps = self.cut = self.seps = self.probes = None

    def __enter__(self):
        size = self.size
        if size % BLOCK or size < 2 * BLOCK:
            raise ValueError("holes of whole GC blocks, two at least")
        gc.collect()
        # Each list is one block, made while there is room for it.
        self.ballast = [None] * _PIECES
        self.sizes = [0] * _PIECES
        self.probes = [None] * _PROBES
        self.cut = [None] * (gc.mem_free() // (size + BLOCK) + 1)
        self._cut()
        # A failed allocation's exception may sit in a gap beside a hole, kept by a stale
        # pointer on the stack of _cut while it ran: gone now, so collect, and take any free
        # block bigger than a hole that this made. One object freed later may still join a
        # hole: SLACK bounds that.
        gc.collect()
        probes = self.probes
        items = size // WORD - 2
        try:
            for i in range(_PROBES):
                probes[i] = (None,) * (items + 4)
        except MemoryError:
            pass
        return self

    def _cut(self):
        """Take every free block, then give one huge block back cut into holes. Nothing is
        allocated here but the fillers, and no call is made: a call may allocate, and leave a
        gap behind."""
        size = self.size
        ballast = self.ballast
        sizes = self.sizes  # the ballast's sizes: the blocks are never looked at again
        cut = self.cut
        # 1. The big free regions: huge blocks, halved while they do not fit.
        piece = 1 << 24
        made = 0
        while made < _PIECES and piece >= 4 * size:
            try:
                ballast[made] = bytearray(piece)
                sizes[made] = piece
                made += 1
            except MemoryError:
                piece //= 2
        # 2. The gaps between objects: a chain of 1-block tuples (a 2-tuple is 4 words), each
        # holding the one before, until the heap is full.
        gaps = None
        try:
            while True:
                gaps = (gaps, None)
        except MemoryError:
            pass
        self.gaps = gaps
        # 3. The room: the biggest huge block given back, cut into size-byte tuples (2 words,
        # then items), each followed by a 1-block separator, then the rest in 1 blocks.
        room = 0
        for i in range(made):
            if sizes[i] > sizes[room]:
                room = i
        if sizes[room] < ROOM:
            raise AssertionError("no %d-byte room on this heap" % ROOM)
        count = min(len(cut), sizes[room] // (size + BLOCK) + 1)
        ballast[room] = None
        gc.collect()
        items = size // WORD - 2
        seps = None
        cuts = 0
        try:
            while cuts < count:
                cut[cuts] = (None,) * items
                cuts += 1
                seps = (seps, None)
        except MemoryError:
            pass
        try:
            while True:
                seps = (seps, None)
        except MemoryError:
            pass
        self.seps = seps
        # 4. The holes.
        for i in range(cuts):
            cut[i] = None

    def __exit__(self, *exc):
        self.ballast = self.sizes = self.gaps = self.cut = self.seps = self.probes = None
        gc.collect()
        return False


def largest_block(prepare, run, low=8 * BLOCK, high=1 << 14):
    """The smallest hole size, to a GC block, that lets run(prepare()) through (see the module
    docstring), by bisection between low and high bytes; None if even high does not."""
    if not _passes(prepare, run, high):
        return None
    low //= BLOCK
    high //= BLOCK
    while low < high:
        middle = (low + high) // 2
        if _passes(prepare, run, middle * BLOCK):
            high = middle
        else:
            low = middle + 1
    return high * BLOCK


def _passes(prepare, run, size):
    prepared = prepare()
    try:
        with holes(size):
            return run(prepared) is not False
    except MemoryError:
        return False
