"""Telling Achéron allocates nothing a move (issue 14): the facts go into the state's preallocated
array (engine/core.py). Proved under micropython.heap_lock(), where any allocation raises
MemoryError: the moves whose own work allocates nothing (a turn ended, a naming slip, the
scorekeeper's entries and items) are applied with the heap locked, facts and all, and every kind
of fact is recorded with the heap locked, with the largest arguments it can carry."""

import gc

import games.acheron.rules as A
import games.acheron.score as S
import micropython
from engine.core import CHANCE
from engine.rng import Rng
from games.acheron.bots import BOTS


def locked(run):
    """run() with the heap locked (run made beforehand: calling it allocates nothing itself)."""
    gc.collect()
    micropython.heap_lock()
    try:
        run()
    finally:
        micropython.heap_unlock()


def applied(state, action):
    """What a move does, facts and all, without the move list's append (an array that grows)."""
    state._fact_count = 0
    locked(lambda: state._apply(action))


def test_a_pass_and_a_naming_slip_are_told_with_the_heap_locked():
    state = A.State({"players": 4, "stall_laps": 50})
    rng = Rng(3)
    bot = BOTS["meld"]()  # it lays every turn it can: every other seat lays nothing, a pass
    passes = slips = 0
    for _ in range(3000):
        if state.is_over() or (passes >= 5 and slips >= 5):
            break
        who = state.current_player()
        if who == CHANCE:
            state.apply(state.chance_outcome(rng.below(state.chance_count())))
            continue
        if state.phase == A.PH_LAY and not state.laid_this_turn and slips < 5:
            seat = (who + 1) % state.n
            applied(state, A.NAMING + seat)  # the table enters a slip: -5 at the deal's end
            facts, count = state.facts()
            assert count == 1 and (facts[0], facts[1]) == (A.F_SLIP, seat)
            slips += 1
            state.moves.append(A.NAMING + seat)
        action = bot.choose(state, who, rng) if who % 2 else A.END
        if action == A.END and not state.laid_this_turn:
            applied(state, A.END)
            facts, count = state.facts()
            assert count == 1 and (facts[0], facts[1]) == (A.F_PASS, who)
            passes += 1
            state.moves.append(action)
        else:
            state.apply(action)
    assert passes >= 5 and slips >= 5, (passes, slips)


def test_the_scorekeepers_entries_and_items_are_told_with_the_heap_locked():
    state = S.State({"players": 3})
    state.apply(0)
    for value, kind in ((30, S.F_ENTRY), (4, S.F_ENTRY), (1, S.F_ENTRY), (S.JOCRISSE, A.F_JOCRISSE),
                        (S.CHANDELLE, A.F_CANDLE), (S.NAMING + 2, A.F_SLIP)):
        applied(state, value)
        facts, count = state.facts()
        assert count == 1 and facts[0] == kind, (value, count, facts[0])


def test_every_kind_of_fact_is_recorded_with_the_heap_locked():
    state = A.State({"players": 6})
    state._fact_count = 0
    biggest = ((A.F_MELD, 5, 50, A.PERSONNAGE | 32), (A.F_SLIP, 5, 0, 0), (A.F_DEAL, 999, 5, 0),
               (A.F_DRAW, 5, 4, 0), (A.F_PASS, 5, 0, 0), (A.F_END, A.END_HOW_STALL, -1, 0),
               (A.F_CANDLE, 63, 5, 0), (A.F_JOCRISSE, 5, 20, 0), (A.F_POINTS, 5, -140, -32767),
               (A.F_OVER, 63, 32767, 0), (S.F_PLAYED, 999, 0, 0), (S.F_ENTRY, 5, S.ST_WILDS, 3))
    for kind, a, b, c in biggest:
        locked(lambda kind=kind, a=a, b=b, c=c: state.tell(kind, a, b, c))
    facts, count = state.facts()
    assert count == len(biggest)
    assert [tuple(facts[4 * i:4 * i + 4]) for i in range(count)] == [tuple(f) for f in biggest]
    scores = [3, 120, 7, 120, 0, -2]
    state._fact_count = 0
    locked(lambda: A.tell_over(state, scores))  # the winners' mask: ints only
    assert state.facts()[1] == 1 and tuple(state.facts()[0][:3]) == (A.F_OVER, 0b1010, 120)
    locked(lambda: A.short_arg(-100000))
