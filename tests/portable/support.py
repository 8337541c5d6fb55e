"""Helpers for tests that run on both CPython (pytest) and MicroPython (tests/mprun.py)."""

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


def said(err, game, lang="en"):
    """The sentence the device shows for an IllegalAction of `game` (its words module's)."""
    from app.words import of

    return of(game).refusal(lang, err.why)
