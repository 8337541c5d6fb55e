"""La Bourre's telling allocates nothing a move (issue 14: the facts array is preallocated).

Every fact the card engine and the scorekeeper record during whole games is recorded with the heap
locked (micropython.heap_lock: any allocation raises MemoryError), and the same seeded games
allocate exactly as much as they do with the engines' tell statements taken out of their source:
the arguments the engines compute for their facts cost nothing either.
"""

import gc

import micropython
from engine.core import CHANCE, GameState
from engine.rng import Rng
from games.bourre import rules as bourre
from games.bourre import score as bourre_score
from games.bourre.bots import BOTS

locked_tells = [0]


class LockedTell:
    """Before a game's State: every fact is recorded with the heap locked, and counted."""

    def tell(self, kind, a=0, b=0, c=0):
        micropython.heap_lock()
        try:
            GameState.tell(self, kind, a, b, c)
        finally:
            micropython.heap_unlock()
        locked_tells[0] += 1


class LockedCards(LockedTell, bourre.State):
    pass


class LockedScore(LockedTell, bourre_score.State):
    pass


def untold(module):
    """The module's State built from its source with every `self.tell(...)` statement replaced by
    `pass`, arguments and all."""
    with open(module.__file__) as f:
        source = f.read()
    out = []
    at = 0
    while True:
        start = source.find("self.tell(", at)
        if start < 0:
            break
        depth = 0
        end = start + len("self.tell")
        while True:  # to the call's closing parenthesis, over several lines if need be
            if source[end] == "(":
                depth += 1
            elif source[end] == ")":
                depth -= 1
                if depth == 0:
                    break
            end += 1
        out.append(source[at:start])
        out.append("pass")
        at = end + 1
    out.append(source[at:])
    assert len(out) > 2, module.__file__
    namespace = {"__name__": module.__name__ + "_untold"}
    exec("".join(out), namespace)
    return namespace["State"]


OPTIONS = ({"players": 3, "deals": 2, "putback": "under"}, {"players": 6, "deals": 1, "stake": 1000},
           {"players": 4, "deals": 2, "eldest": 2})


def play_cards(cls, options, seed):
    state = cls(options)
    rng = Rng(seed)
    bot = BOTS["plan"]()
    while not state.is_over():
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcome(rng.below(state.chance_count())))
        else:
            state.apply(bot.choose(state, state.current_player(), rng))
    return state


def fill_score(cls, options, seed):
    state = cls(dict([(k, v) for k, v in options.items() if k != "putback"]))  # real cards: no pack
    rng = Rng(seed)
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def allocated(play, cls, options, seed):
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        play(cls, options, seed)
        return gc.mem_alloc() - before
    finally:
        gc.enable()


def test_every_fact_of_whole_games_is_recorded_with_the_heap_locked():
    for seed, options in enumerate(OPTIONS):
        locked_tells[0] = 0
        state = play_cards(LockedCards, options, seed)
        assert state.is_over() and locked_tells[0] > 20 * options["deals"], locked_tells
        locked_tells[0] = 0
        state = fill_score(LockedScore, options, seed)
        assert state.is_over() and locked_tells[0] == (options["players"] + 1) * options["deals"] + 2


def test_telling_costs_no_allocation_in_the_same_games():
    cards = untold(bourre)
    score = untold(bourre_score)
    for seed, options in enumerate(OPTIONS):
        told = allocated(play_cards, bourre.State, options, seed)
        assert told == allocated(play_cards, cards, options, seed), (options, told)
        told = allocated(fill_score, bourre_score.State, options, seed)
        assert told == allocated(fill_score, score, options, seed), (options, told)
