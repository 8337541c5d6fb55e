"""A line written in pieces (get_state's) that runs out of memory half-way, on the unix port.

Each piece of the moves is made as it goes out (proto.wire.frame_pieces), so the heap can fail
after the line began: the line is then ended where it was cut (the host drops it: no CRC), counted
lost with its number, and the next line goes out whole. micropython.heap_lock() makes the heap
fail from a chosen write on.
"""

from array import array

import micropython
from long_game import AppStandIn
from proto import wire
from proto.link import Link
from store.container import PIECE
from support import expect_raises


class _Port:
    """Keeps what it is given; locks the heap once write number lock_at is kept, and unlocks it
    at the newline that ends a cut line. While locked it only counts: keeping allocates."""

    def __init__(self, lock_at):
        self.lock_at = lock_at
        self.kept = []
        self.writes = 0
        self.locked = False

    def write(self, data):
        self.writes += 1
        if self.locked:
            if data != b"\n":
                return
            micropython.heap_unlock()
            self.locked = False
        self.kept.append(bytes(data))
        if self.writes == self.lock_at:
            self.locked = True
            micropython.heap_lock()


def test_a_line_that_runs_out_half_way_is_ended_lost_and_the_next_one_whole():
    moves = array("H", range(6 * PIECE))
    for lock_at in (1, 2, 3, 5):  # after the prefix, the opening, one piece, three pieces
        port = _Port(lock_at)
        link = Link(AppStandIn(None), lambda: None, port.write)
        try:
            link.send("state", {"id": 1, "state": {"v": 1, "moves": moves}})
        finally:
            if port.locked:
                micropython.heap_unlock()
        assert not port.locked, lock_at  # the cut line was ended
        assert link.lost_lines == 1 and link.seq == 1, lock_at
        link.send("ok", {"cmd": "get_state", "id": 1})
        lines = b"".join(port.kept).split(b"\n")
        assert len(lines) == 3 and lines[-1] == b"", (lock_at, lines)
        expect_raises(wire.LineError, wire.parse_line, lines[0], True)
        answer = wire.parse_line(lines[1], True)
        assert answer["type"] == "ok" and answer["seq"] == 1  # the lost line's number shows


def test_a_line_in_pieces_with_no_room_to_begin_is_lost_and_nothing_written():
    port = _Port(0)
    link = Link(AppStandIn(None), lambda: None, port.write)
    payload = {"id": 1, "state": {"moves": array("H", range(100))}}
    micropython.heap_lock()
    try:
        link.send("state", payload)
    finally:
        micropython.heap_unlock()
    assert port.kept == [] and link.lost_lines == 1 and link.seq == 1
