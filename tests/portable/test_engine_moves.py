"""engine.core.Moves, a game's move list in blocks of 256: what the engines, the session and the
writers use of it behaves as a list does, on both runtimes (the heap side: tests/micropython/
test_moves_heap.py)."""

from engine.core import Moves
from support import expect_raises

BLOCK = 256


def test_moves_read_back_as_the_list_they_were_given():
    for count in (0, 1, BLOCK - 1, BLOCK, BLOCK + 1, 3 * BLOCK + 7):
        items = [(i * 7919) % 65536 for i in range(count)]
        moves = Moves()
        for item in items:
            moves.append(item)
        assert len(moves) == count and list(moves) == items, count
        assert list(Moves("H", items)) == items
        for i in (0, 1, BLOCK - 1, BLOCK, count - 1):
            if 0 <= i < count:
                assert moves[i] == items[i] and moves[i - count] == items[i], (count, i)
        for start, stop in ((0, count), (1, BLOCK + 3), (BLOCK - 2, BLOCK + 2), (count - 3, count + 5)):
            assert moves.between(start, stop) == items[max(start, 0):stop], (count, start, stop)


def test_an_index_past_either_end_says_where_the_moves_end():
    moves = Moves("H", [4, 5, 6])
    for index in (3, -4, BLOCK):
        err = expect_raises(IndexError, moves.__getitem__, index)
        assert "of 3" in str(err), err


def test_cut_drops_the_moves_from_there_and_the_next_ones_take_their_place():
    items = list(range(2 * BLOCK + 10))
    moves = Moves("H", items)
    moves.cut(BLOCK - 5)
    assert len(moves) == BLOCK - 5 and list(moves) == items[:BLOCK - 5]
    for item in (900, 901, 902, 903, 904, 905, 906):  # across the block's end again
        moves.append(item)
    assert list(moves) == items[:BLOCK - 5] + [900, 901, 902, 903, 904, 905, 906]
    assert moves[-1] == 906 and moves[BLOCK] == 905
    moves.cut(len(moves) + 10)  # past the end: nothing to drop
    assert len(moves) == BLOCK + 2
    moves.cut(0)
    assert len(moves) == 0 and list(moves) == [] and moves.between(0, 5) == []


def test_a_byte_list_keeps_bytes():
    marks = Moves("B", [0, 255, 7])
    marks.append(0xFF)
    assert list(marks) == [0, 255, 7, 255]
