"""Game names to modules, imported on demand so the board only loads the game being played."""

import os
import sys

import engine
from engine.core import BadRecord

GAMES = ("tanturlurette", "acheron", "acheron_score", "bourre", "bourre_score", "piccolo", "piccolo_score")
# Each game's engine modules beyond the shared ones (core, compat, rng, cards, play, registry): what
# `tanturlurette deploy --games` leaves out of a build, and what starting a game lets go of.
PACKS = {
    "tanturlurette": ("tanturlurette", "tanturlurette_bots"),
    "bourre": ("bourre", "bourre_bots", "bourre_score", "deck32"),
    "piccolo": ("piccolo", "piccolo_bots", "piccolo_score", "deck32"),
    "acheron": ("acheron", "acheron_bots", "acheron_score"),
}


def game_module(name):
    if name not in GAMES:
        raise BadRecord("unknown game %r (known: %s)" % (name, ", ".join(GAMES)))
    # a non-empty fromlist makes __import__ return engine.<name> itself, not the engine package
    return __import__("engine." + name, None, None, ["State"])


def installed(name):
    """Whether the engine module `name` is on the device, without loading it when it is a file.

    A build may leave game packs out (`tanturlurette deploy --games`). Importing a module to test
    for it would keep its code in RAM, so a file beside engine/__init__ is looked for first; only
    when none is found is an import tried: it fails at once for a module that is not there, and
    costs no RAM for one frozen into the firmware image.
    """
    if name not in GAMES:
        return False
    if "engine." + name in sys.modules:
        return True
    path = getattr(engine, "__file__", None) or ""
    if "/" in path:
        folder = path.rsplit("/", 1)[0]
        for ext in (".mpy", ".py"):
            try:
                os.stat(folder + "/" + name + ext)
                return True
            except OSError:
                pass
    try:
        game_module(name)
    except ImportError:
        return False
    return True


def forget_other_packs(name):
    """Let go of every engine module that the game `name` (a GAMES entry) does not use.

    The setup menu builds a State of each game it shows, to check that it can start, so browsing
    it imports every pack. Once a game is chosen, their code would stay in the heap for nothing:
    taken out of sys.modules and the engine package, it is collected (and imported again if the
    menu shows those games again).
    """
    keep = PACKS.get(name.split("_")[0], ())  # a game outside the packs (a test's) keeps none
    for modules in PACKS.values():
        for module in modules:
            if module not in keep:
                sys.modules.pop("engine." + module, None)
                if module in engine.__dict__:
                    delattr(engine, module)


def new_state(name, options=None):
    return game_module(name).State(options)
