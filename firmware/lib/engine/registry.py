"""Game names to modules, imported on demand so the board only loads the game being played.

GAMES (the engine modules that play a game or keep its score) and PACKS (each game's modules)
are derived from the descriptors of engine.games, the one list of games.
"""

import os
import sys

import engine
from engine.core import BadRecord
from engine.games import GAMES as _DESCRIPTORS


def _engines():
    names = []
    for game in _DESCRIPTORS:
        for mode in game.modes:
            if mode.engine not in names:
                names.append(mode.engine)
    return tuple(names)


GAMES = _engines()
# Each game's engine modules beyond the shared ones: what `tanturlurette deploy --games` leaves
# out of a build, and what starting a game lets go of.
PACKS = {}
for _game in _DESCRIPTORS:
    PACKS[_game.name] = _game.engine


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
    path = getattr(engine, "__file__", None) or ""  # a frozen package has no __file__
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
    let_go("engine." + name)  # imported only to know it is there
    return True


def let_go(dotted):
    """Drop a module (e.g. "engine.bourre") from sys.modules and from its package, so that its
    code is collected once nothing else holds it; importing it again loads it afresh."""
    sys.modules.pop(dotted, None)
    cut = dotted.rfind(".")
    package = sys.modules.get(dotted[:cut]) if cut > 0 else None
    name = dotted[cut + 1:]
    if package is not None and name in package.__dict__:
        delattr(package, name)


def forget_other_packs(name):
    """Let go of the engine modules of every game but the one whose engine is `name`.

    A game played earlier, or checked by the menu (Achéron's deck file), may have loaded them:
    their code would stay in the heap for nothing. A module another game shares (deck32) is kept
    when the game played uses it too. A game outside the descriptors (a test's) keeps none.
    """
    keep = ()
    for game in _DESCRIPTORS:
        for mode in game.modes:
            if mode.engine == name:
                keep = game.engine
    for game in _DESCRIPTORS:
        for module in game.engine:
            if module not in keep:
                let_go("engine." + module)


def new_state(name, options=None):
    return game_module(name).State(options)


def check_problem(described):
    """None when the checked game `described` (an engine.games.Game) can start, else what setting
    up any of its modes would raise (app.i18n.setup_refusal words it, its str goes to the log).
    Its check module (engine.games) judges it, e.g. Achéron's deck file read, without loading
    its engines, and keeps what it read for the game's start; the setup menu lets the module go
    after judging, the start (app.core) keeps it."""
    try:
        __import__("engine." + described.checked, None, None, ["check"]).check()
    except Exception as err:  # the module missing; a user-editable data file failing in any way
        return err
    return None
