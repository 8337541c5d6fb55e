"""The memory policy: which code stays in the heap when, and the one module that loads and lets go
of modules (nothing else in the firmware touches sys.modules).

On the board a module's code lives in the heap for as long as sys.modules (or its package, or a
caller) holds it, and the 32-bit heap is counted in a few KB at the worst turn (docs/DEVICE.md).
So, beyond what every turn needs (the loop, the app core, the session and the store, the shared
engine modules engine.core, engine.rng, engine.cards, engine.compat, the games' descriptors in
`games`, the link, the shared words of the table's language):

- a game's code (its package, games/<name>/, and the shared modules its descriptor names: the pub
  games' screens, engine.deck32) is loaded when Play is pressed or a saved game resumes, and only
  what the mode played needs: the card game at a table never loads its scorekeeper. It stays while
  the game plays. Starting a game lets go of every other game's (let_go_games: one played before,
  or loaded by the menu's check); a game's end lets go of every game's, a turn before the setup
  menu opens, so that no turn holds the game's code, garbage once let go, with the menu's;
- the menus' code (app.modes.menu) is let go while a game plays (app.core.App.switch) and loaded
  again when the game menu or the setup menu opens;
- a game whose data a user may edit (a `checked` game: Achéron's deck) is judged by its check
  module alone when the menu reaches it, which is let go after (let_go_since);
- words come one language at a time (app.i18n.OneLanguage); a screen seldom shown (the board's
  boot screens, why a game cannot start) loads its module for the screen and lets it go at once
  (for_screen);
- a game's rules pages (games/<game>/help_<lang>) are loaded while the game menu shows them and
  let go when they close (app.modes.menu.GameMenu); a person's tip (app.tips, with the game's
  advice module and the reason's words it reads) is loaded when a person asks for one and let go
  once it is worded (app.modes.table, Tanturlurette's screen);
- a game's setup menu words (games/<game>/setup_<lang>: its rows' labels and value words) are
  loaded while the setup menu shows that game, or a refusal of its settings is worded, and let go
  of at once (games.setup_words): the menu's reference alone holds them, so they go when the game
  row moves on or with the menu, and never stay while a game plays;
- the protocol's command handlers (proto.commands, the module of the command's own it loads,
  store.pages) are loaded for each host command and let go once it is answered, the dispatcher
  as soon as a command is a job under way (proto.link): a host polling keeps none between lines;
- the store's readers (READERS: store.reader, the checks of a snapshot, a history file or the
  menu's memory as they are read; store.moves_reader, the moves read again) are imported by
  the store's and the settings' readers when they read, and let go once the boot has resumed the game and read the menu's memory (Session.resume,
  App), or a host command that read a kept game is answered: a game playing writes its files
  and never reads one, and the archive's check of a file it holds (container.holds) reads only
  a CRC;
- code that runs once a boot goes after it: the config's loader (proto.CONFIG_CODE, after the boot
  read it and for as long as the protocol's set_config runs), the resume code (app.resume), the
  self-test once it has run; code that runs once a game's data is read goes after it too (Achéron's
  deck reader, games.acheron.deck_file, let go as soon as the deck is made).

Letting go drops a module from sys.modules and from its package, so that the collector takes its
code once no caller holds it; importing it again loads it afresh. tests/micropython/test_app_packs.py,
test_app_let_go.py and tests/host/test_wasm_session.py check the policy.
"""

import sys

_GAMES = "games."
# reading the store's files (the checks; the moves read again): a boot's and a host command's,
# never a game turn's
READERS = ("store.reader", "store.moves_reader")


def load(dotted):
    """The module called `dotted`, imported if it is not loaded yet (an ImportError when it is not
    on the device)."""
    # a non-empty fromlist makes __import__ return the module itself, not its top package
    return __import__(dotted, None, None, ["_"])


def is_loaded(dotted):
    return dotted in sys.modules


def let_go(dotted):
    """Drop the module `dotted` (e.g. "games.bourre.rules") from sys.modules and from its package,
    so that its code is collected once nothing else holds it; importing it again loads it afresh."""
    sys.modules.pop(dotted, None)
    cut = dotted.rfind(".")
    package = sys.modules.get(dotted[:cut]) if cut > 0 else None
    name = dotted[cut + 1:]
    if package is not None and name in package.__dict__:
        delattr(package, name)


def let_go_readers():
    """Let go of the store's readers (READERS), once what needed a file read has read it."""
    for name in READERS:
        let_go(name)


def loaded_under(prefix):
    """The loaded modules whose name starts with `prefix` (a package's: "games.acheron")."""
    return [name for name in sys.modules if name.startswith(prefix)]


def let_go_since(before, prefix):
    """Let go of the modules under `prefix` loaded since `before` (a loaded_under(prefix))."""
    for name in loaded_under(prefix):
        if name not in before:
            let_go(name)


def for_screen(dotted):
    """A module for a screen seldom shown (its words, the code that words it), imported for it and
    let go at once: what it holds lives as long as the caller keeps it, then is collected."""
    module = load(dotted)
    let_go(dotted)
    return module


_BEGINNER = "engine.beginner"  # the beginner level's bot (each game's bots seat it)


def let_go_games(engine=None):
    """Let go of the code of every game but the one the engine named `engine` plays (None: of every
    game): every module of its package and the shared modules it names (its descriptor's `shared`).
    A shared module stays when the game kept names it too (engine.deck32 for La Bourre and
    Piccolo)."""
    registry = sys.modules.get("games")  # the descriptors; not imported here: they import this module
    if registry is None:  # no game's code can be loaded without them (its package imports them)
        return
    kept = registry.of_engine(engine)[0] if engine is not None else None
    keep = kept.package if kept is not None else None
    for name in loaded_under(_GAMES):
        if keep is None or not (name == keep or name.startswith(keep + ".")):
            let_go(name)
    shared = kept.shared if kept is not None else ()
    for described in registry.GAMES:
        for name in described.shared:
            if name not in shared:
                let_go(name)
    let_go(_BEGINNER)  # a beginner's code, imported when one was seated: the next game seats its own
