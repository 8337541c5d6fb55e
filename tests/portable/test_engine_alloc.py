"""On MicroPython a Tanturlurette round allocates nothing but the record's growth: a block of 256
moves (512 bytes, engine.core.Moves) each time the last one is full.

gc.mem_alloc() exists only on MicroPython; on CPython these tests check nothing and say so.
"""

import gc

from engine.play import play_out
from engine.rng import Rng
from games.tanturlurette.bots import ThresholdBot
from games.tanturlurette.rules import State
from support import ON_MICROPYTHON

# Fixed costs of one play_out call (its bound methods), and the list of blocks doubling as it
# grows. A leak of 16 bytes a round would exceed it within 19 rounds.
SLACK = 256
BLOCK_COST = 2 * 256 + 64  # a block of moves: its items, its array object (unix port: 64-bit words)


def allocated_while(action, *args):
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        action(*args)
        return gc.mem_alloc() - before
    finally:
        gc.enable()


def test_rounds_allocate_only_the_record_growth():
    if not ON_MICROPYTHON:
        return  # CPython has no gc.mem_alloc; the figure is MicroPython's (make bench)
    for players, seed, last_round in ((8, 2, 31), (8, 5, 31), (5, 8, 20)):
        state = State({"players": players, "king_blocks": players == 5, "circles": 5})
        bots = [ThresholdBot() for _ in range(players)]
        rng = Rng(seed)
        play_out(state, bots, rng, until_round=1)
        blocks_before = len(state.moves._chunks)
        used = allocated_while(play_out, state, bots, rng, last_round)
        grown = BLOCK_COST * (len(state.moves._chunks) - blocks_before)
        # whole rounds, re-entries and eliminations included; the end of a game (the payout
        # lists) is a one-off and is not measured
        assert state.round == last_round + 1 and not state.is_over(), (players, seed, state.round)
        assert used <= grown + SLACK, (players, used, grown)


def test_rng_draws_allocate_nothing():
    if not ON_MICROPYTHON:
        return
    rng = Rng(9)
    items = list(range(52))

    def draw():
        for _ in range(200):
            rng.below(52)
        rng.shuffle(items)

    assert allocated_while(draw) <= 16  # at most one block of bookkeeping, not one per draw
