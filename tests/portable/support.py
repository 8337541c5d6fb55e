"""Helpers for tests that run on both CPython (pytest) and MicroPython (tests/mprun.py)."""

import gc
import sys

ON_MICROPYTHON = sys.implementation.name == "micropython"


def expect_raises(exc_type, func, *args, **kwargs):
    """Call func and return the exception it raised; fail if it raised nothing or something else."""
    try:
        func(*args, **kwargs)
    except exc_type as err:
        return err
    raise AssertionError("%s did not raise %s" % (getattr(func, "__name__", func), exc_type.__name__))


def scaled(cpython_count, micropython_count):
    """Loop counts for seeded property loops: the unix port is slower, so it runs fewer."""
    return micropython_count if ON_MICROPYTHON else cpython_count


def language_words(game, lang):
    """A game's words in lang, the module its words module loads (games.<game>.words_<lang>)."""
    return __import__("games.%s.words_%s" % (game, lang), None, None, ["_"])


def said(err, game, lang="en"):
    """The sentence the device shows for an IllegalAction of `game` (its words module's)."""
    from games import words_of as of

    return of(game).refusal(lang, err.why)


def played_moves(state, choose, rng, until=None):
    """Play a game out (or until until(state)), chance drawn from rng: yields, for each move a
    seat or the table makes, (who, the phase before it, the action, the facts it recorded)."""
    from engine.core import CHANCE

    while not state.is_over() and not (until and until(state)):
        who = state.current_player()
        if who == CHANCE:
            state.apply(state.chance_outcome(rng.below(state.chance_count())))
            continue
        phase = state.phase
        action = choose(state, who, rng)
        state.apply(action)
        facts, count = state.facts()
        yield who, phase, action, [tuple(facts[4 * i:4 * i + 4]) for i in range(count)]


def told_lines(words, state, facts):
    """Each fact worded in French and in English (seats as J1 / P1), None where not told."""
    from app.i18n import seat_name

    lines = []
    for kind, a, b, c in facts:
        for lang in ("fr", "en"):
            lines.append(words.tell(lang, state, kind, a, b, c, lambda s, lang=lang: seat_name(lang, s)))
    return lines


def first_bot(engine):
    """A new bot of the game the engine plays, the first by name but the beginner level's (a
    random move one decision in three: the long games keep the bots they were measured with);
    None for a scorekeeper (the table enters everything)."""
    from games import bots_of

    module = bots_of(engine)
    if module is None:
        return None
    bots = module.BOTS
    return bots[sorted([name for name in bots if name != "beginner"])[0]]()


def cost(op):
    """(what op returned, the bytes it allocated: 0 off the unix port, which has gc.mem_alloc)."""
    if not ON_MICROPYTHON:
        return op(), 0
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    try:
        done = op()
    finally:
        spent = gc.mem_alloc() - before
        gc.enable()
    return done, spent


def seat_decisions(mode, count):
    """(state, seat, seed) at `count` decisions of a seat, in games of `mode` (a games Mode) played
    at random from seeds 1, 2...; the chance outcomes drawn from the same seeds. The caller
    decides from the state as it is yielded; the game then goes on by a random legal move."""
    from engine.core import CHANCE
    from engine.rng import Rng
    from games import game_module

    module = game_module(mode.engine)
    seen = seed = 0
    while seen < count:
        seed += 1
        rng = Rng(seed)
        state = module.State(dict(mode.fixed))
        for _ in range(3000):
            if state.is_over() or seen >= count:
                break
            player = state.current_player()
            if player == CHANCE:
                state.apply(state.chance_outcome(rng.below(state.chance_count())))
                continue
            legal = state.legal_actions()
            if player >= 0:
                yield state, player, seed
                seen += 1
            state.apply(legal[rng.below(len(legal))])
