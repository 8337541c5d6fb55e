"""Engine figures: time and memory of Tanturlurette played by bots, 8 players, default options.

Runs standalone under MicroPython and CPython (tests/bench/run.py runs both) and prints
`name: value unit` lines. Methods:
  round_us          median over every round of many seeded games of the time of one full round
                    (deal, decisions, draws, reveal, start of the next), threshold bots.
  round_counting_us the same with the counting bots, which think more.
  move_us           engine alone: replaying recorded games, time per move (no bots, no PRNG).
  alloc_per_round   bytes allocated per round. MicroPython: gc disabled, gc.mem_alloc() delta over
                    whole games / rounds, so every allocation counts even if freed at once.
                    CPython: tracemalloc's net growth, which only shows what is kept.
                    What remains is the record itself: 2 bytes a move in an array('H').
  game_peak_heap    the worst, over several seeded games, of the live heap while one whole game
                    is played, state and bots included; longest_game_peak_heap: the same for the
                    longest of 200 seeded games (re-entries make rare games very long, and the
                    record grows by 2 bytes a move). MicroPython: gc.collect() after every step
                    and the highest gc.mem_alloc() above the level before the state was built: so
                    garbage the collector would reclaim does not count, but everything alive does.
                    CPython: tracemalloc peak above the same starting level.
  rounds_median, rounds_max   rounds per game over ROUND_GAMES seeded games of counting bots, with
                    the text's unlimited re-entry; _cap1 and _cap2 the same games under the house
                    cap of one or two re-entries a player (option reentry_cap).
"""

import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware/lib")

import gc  # noqa: E402

from benchlib import (  # noqa: E402
    ON_MICROPYTHON,
    elapsed_us,
    heap_now,
    heap_start,
    heap_stop,
    median,
    now_us,
    replay_us_per_move,
)
from engine.core import CHANCE  # noqa: E402
from engine.play import play_out, sample_chance  # noqa: E402
from engine.rng import Rng  # noqa: E402
from games.tanturlurette.bots import CountingBot, ThresholdBot  # noqa: E402
from games.tanturlurette.rules import State  # noqa: E402

PLAYERS = 8
GAMES = 60
PEAK_GAMES = 8
LONG_SEARCH = 200  # games searched for the longest, whose peak is measured too
ROUND_GAMES = 200  # games whose lengths are counted, with and without a re-entry cap

if not ON_MICROPYTHON:
    import tracemalloc


def new_game(bot_class):
    return State({"players": PLAYERS}), [bot_class() for _ in range(PLAYERS)]


def round_times(bot_class, seed):
    rng = Rng(seed)
    times = []
    records = []
    for _ in range(GAMES):
        state, bots = new_game(bot_class)
        play_out(state, bots, rng, until_round=0)  # the lot for the first dealer
        while not state.is_over():
            target = state.round
            start = now_us()
            play_out(state, bots, rng, until_round=target)
            times.append(elapsed_us(start))
        if len(records) < 10:  # a few are enough to time replays; all would not fit the heap
            records.append(state.record())
    return times, records


def alloc_per_round(seed):
    rng = Rng(seed)
    rounds = 0
    total = 0
    for _ in range(10):
        state, bots = new_game(ThresholdBot)
        play_out(state, bots, rng, until_round=1)  # past building and the first deal
        first = state.round
        gc.collect()
        if ON_MICROPYTHON:
            gc.disable()
            before = gc.mem_alloc()
            play_out(state, bots, rng)
            total += gc.mem_alloc() - before
            gc.enable()
        else:
            tracemalloc.start()
            before = tracemalloc.get_traced_memory()[0]
            play_out(state, bots, rng)
            total += tracemalloc.get_traced_memory()[0] - before
            tracemalloc.stop()
        rounds += state.round - first
    return total / rounds


def one_game_peak(seed):
    """(peak heap, moves) of the game played from Rng(seed) by threshold bots."""
    gc.collect()
    base = heap_start()
    rng = Rng(seed)
    state, bots = new_game(ThresholdBot)
    peak = 0
    while not state.is_over():
        player = state.current_player()
        if player == CHANCE:
            sample_chance(state, rng)
        else:
            state.apply(bots[player].choose(state, player, rng))
        if ON_MICROPYTHON:  # no peak kept there: sample every step
            used = heap_now(base)
            if used > peak:
                peak = used
    if not ON_MICROPYTHON:
        peak = heap_stop(base)
    return peak, len(state.moves)


def game_peaks(first_seed):
    """The worst peak of PEAK_GAMES games, and the peak of the longest of LONG_SEARCH games."""
    worst = (0, 0)
    for seed in range(first_seed, first_seed + PEAK_GAMES):
        peak = one_game_peak(seed)
        if peak[0] > worst[0]:
            worst = peak
    longest_seed = first_seed
    longest = 0
    for seed in range(first_seed, first_seed + LONG_SEARCH):
        state, bots = new_game(ThresholdBot)
        play_out(state, bots, Rng(seed))
        if len(state.moves) > longest:
            longest = len(state.moves)
            longest_seed = seed
    state = bots = None  # not counted in the next measurement
    return worst, one_game_peak(longest_seed)


def game_lengths(cap):
    """(median, longest) rounds per game of counting bots, re-entries capped at cap (0: none)."""
    bots = [CountingBot() for _ in range(PLAYERS)]
    rounds = []
    for seed in range(ROUND_GAMES):
        state = State({"players": PLAYERS, "reentry_cap": cap})
        play_out(state, bots, Rng(seed))
        rounds.append(state.round)
    return median(rounds), max(rounds)


def main():
    times, records = round_times(ThresholdBot, 11)
    print("round_us: %d us" % median(times))
    print("round_us_budget: 150 us")
    counting_times, _ = round_times(CountingBot, 12)
    print("round_counting_us: %d us" % median(counting_times))
    print("rounds_timed: %d rounds" % len(times))
    print("move_us: %.2f us" % replay_us_per_move(records))
    print("alloc_per_round: %d bytes" % alloc_per_round(13))
    (peak, moves), (long_peak, long_moves) = game_peaks(14)
    print("game_peak_heap: %d bytes" % peak)
    print("game_peak_heap_budget: 16384 bytes")
    print("moves_in_peak_game: %d moves" % moves)
    print("longest_game_peak_heap: %d bytes" % long_peak)
    print("longest_game_peak_heap_budget: 16384 bytes")
    print("moves_in_longest_game: %d moves" % long_moves)
    for cap, suffix in ((0, ""), (1, "_cap1"), (2, "_cap2")):
        middle, longest = game_lengths(cap)
        print("rounds_median%s: %d rounds" % (suffix, middle))
        print("rounds_max%s: %d rounds" % (suffix, longest))


main()
