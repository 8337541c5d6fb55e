"""A game's move list never needs a large block of the heap (issue 13's fragmentation): Moves
keeps its items in blocks of 256, each allocated whole when the one before is full and never
moved. An array grows 8 items at a time, each time into a new block of its whole size once the
one after it is taken: late in a 3,000-move Piccolo game the WebAssembly port found no free 6 KB
block among the bytes it had, and grew its heap (the board's would raise MemoryError).

uctypes.addressof gives where a block's items are; micropython.heap_lock() proves a move that
fits its block allocates nothing."""

import micropython
import uctypes
from app.session import Session
from engine.core import Moves
from long_game import OPTIONS, long_moves

BLOCK = 256


def blocks(moves):
    return [uctypes.addressof(chunk) for chunk in moves._chunks]


def test_a_long_game_s_blocks_stay_where_they_were_made():
    session = Session()
    session.new_game("piccolo", OPTIONS)
    seen = {}
    for move in long_moves():
        session._apply(move)
        for moves in (session.state.moves, session._chance_phases):
            where = blocks(moves)
            known = seen.setdefault(id(moves), [])
            assert where[:len(known)] == known, "a block moved at move %d" % len(moves)
            seen[id(moves)] = where
    count = len(long_moves())
    for moves, size in ((session.state.moves, 2), (session._chance_phases, 1)):
        assert len(moves) == count and len(moves._chunks) == (count + BLOCK - 1) // BLOCK
        assert all(len(bytes(chunk)) == BLOCK * size for chunk in moves._chunks)  # 512 bytes at most
    assert list(session.state.moves) == list(long_moves())


def test_a_move_allocates_nothing_but_a_new_block_every_256():
    moves = Moves()
    for i in range(BLOCK + 1):
        moves.append(i)  # the second block exists: the next 255 moves fit it
    micropython.heap_lock()
    try:
        for i in range(BLOCK - 1):
            moves.append(i)
        full = len(moves)
        try:
            moves.append(7)  # a third block: the one allocation
        except MemoryError:
            pass
    finally:
        micropython.heap_unlock()
    assert full == 2 * BLOCK and len(moves) == full  # the move that needed a block was refused whole
    moves.append(7)
    assert len(moves) == full + 1 and moves[-1] == 7 and moves[full - 1] == BLOCK - 2
