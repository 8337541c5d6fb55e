"""The games this firmware knows: their descriptors and the registry, without importing a line
of their code, so that the setup menu lists games with no game loaded.

Each game is a package, games/<name>/ (tests/skeleton/ is the smallest one, to copy; the files a new
game needs are in docs/ARCHITECTURE.md, "Adding a game"):
  rules.py      the engine that plays it (engine/core.py declares the surface every engine keeps)
  bots.py       BOTS, its bots by name (a game without bots has none), among them "beginner" (the
                setup menu's beginner level: engine.beginner.BeginnerBot over its menu bot, imported
                when called)
  advice.py     a game with bots: advise(state, seat), what its descriptor's bot would do in
                seat's place and why, (action, why, value), why a small int of its WHY_*,
                reading only what that seat may know: a person's tip (a long KEEP, issue 26),
                loaded for each tip and let go after (app.tips)
  help_fr.py, help_en.py  what teaches the game, loaded only for it: PAGES, its rules, 3 to 6
                pages of up to 7 lines of 16 (ASCII, the game menu's Rules, loaded while they
                show); and for a game with bots WHY, each tip's reason in the order of the
                advice's WHY_* codes, one line of 16 once its %d is filled (app.tips)
  score.py      its scorekeeper engine, for a pub game (the table's entries), sharing what it reads as
                the card game does by a base class in rules.py
  codes.py      its refusal codes apart, for a game whose words must load without its scorekeeper
  words.py      its words (the contract below), their text in words_fr.py and words_en.py (the same
                names; only the table's language is loaded) and told_en.py (what happened, in the
                log's English at every table, which words_en.py takes from there)
  setup_fr.py, setup_en.py  its setup menu's words (below): loaded only while the menu shows the
                game or a refusal of its settings is worded (setup_words), never while it plays
  any module of its own: Tanturlurette's screen.py (its mode), Achéron's deck.py and the deck
                file it reads, deck.json
and an empty __init__.py (a package costs a module object on the board: nothing goes in it).
Records, saves and the protocol name a game by its engine's name (Mode.engine: "bourre",
"bourre_score"), never by a module: the registry maps the one to the other.

What is kept in memory when, and letting go of modules, is app.memory's (its docstring).

Game
  name      the game's name and its package, games/<name>/
  title     the game's name for a person, the menu's game row (ASCII, at most 14 columns): one
            string, the same in both languages as a proper name is (host_tools' HostGame.title
            too); here, not in its setup words, so that the menu names every game loading none
  modes     its Mode descriptors, in menu order
  shared    the modules outside its package that only games use (engine.deck32, the pub games'
            screens): a build holds them when a game of it names them, and the end of a game
            lets them go unless the next game names them too
  bot       the bot empty seats get (a name in its bots.BOTS), or None
  checked   the module of its package whose check() raises when the game cannot start (a
            user-editable data file gone wrong), or None: the menu runs it when the cursor reaches
            the game, then lets it go, without loading the game's engines

Mode
  name      the menu's word for it ("deck", "board", "table", "score")
  engine    the engine's name, the one records and the protocol carry ("<game>_score" for a
            scorekeeper); the one engine of its name across every game
  module    the module of the game's package that plays it ("rules", "score"); the Game makes it
            its dotted name ("games.bourre.score")
  screen    the app mode that shows it, module and class ("app.modes.table.TableMode")
  seats     (fewest, most) seats the engine takes
  rows      the setup rows fixed before play: (option, values, default); values SEATS for an
            option naming a seat of the table (the values are then the seats)
  fixed     options the mode itself sets, as (option, value) pairs (Tanturlurette's "mode")
  bots      True when the seats left to bots may be filled (else every seat is a person)
  display   True when the mode needs the OLED (reading a virtual card): without one it goes last

Its words (words.py) declare, in French and English (app.i18n.LANGS), ASCII only, lines of at
most 16 characters (a move's label's first line at most 14: it follows "> "):
  refusal(lang, why)     the reason why_illegal gave, (code, args...), as a sentence that
                         app.i18n.wrap fits into three OLED lines of 16 without cutting a word
  header(lang, state)    the table mode's first line: the game and the deal (16 columns)
  action_label(lang, state, action)  a legal move as the table mode offers it: one line, or
                         up to three joined by "\n" when one cannot name it readably (an
                         Achéron meld, then its cards by their names, one a line)
  hand_lines(lang, state, seat)      up to 4 lines: what the seat sees in its peek
  tell(lang, state, kind, a, b, c, label)  the words for a fact of the last move (kind and its
                         three int args, engine/core.py), label(seat) naming a seat as the table
                         knows it (the host's name, else J1..); None for a fact it does not tell.
                         One line of 16 for a decision; a list of seats may wrap (app.i18n.wrap).
                         The app logs each told fact ("fact" event, its English words) and the
                         mode shows it (app/modes/base.py: told)
  lit_seat(kind, a, b, c)  the seat a fact puts forward on the ring (a trick's taker, a
                         contract's taker, a meld's player...), or -1: the app hands it to the
                         mode with the fact (Mode.light), which lights it apart from the seat
                         that acted (app/modes/table.py)
  standings_label(lang)  the word for what state.standings() counts ("Plis", "Points",
                         "Cercles"): the label the standings' row starts with, so that no row
                         of numbers is left for the table to guess (table, score and
                         Tanturlurette's screens)
  hint(lang, state)      the hint under the move offered to a person, when holding OK does
                         something else than play (La Bourre's put-back: "Tenir OK:ecarter"),
                         at most 16 columns; None for the shared "Tenir OK: jouer"
  table_lines(lang, state, seat, label)  what lies face up on the table for all to read and
                         seat's own peek does not already show (seat -1: no peek, e.g. a bot's
                         turn): up to 5 lines of 16, whose first names its owner; [] when
                         nothing does. Piccolo's sur-table hand once spread; [] in the other
                         games (Achéron's melds are told as they are laid, and scored).
                         The table mode's spread view shows it (app/modes/table.py)
and a game with a scorekeeper also:
  prompt(lang, state)    the scorekeeper's two lines: what is being entered
  entry_label(lang, state, action)   an entry beyond the numbers (extra_actions())
  applied(lang, state, label)   once a deal is over, what it applied besides the numbers
                         entered, a sentence an item, label(seat) naming its seat (Achéron's
                         items and slips; [] when there was none), or None for a game whose
                         deals apply nothing more (app/modes/score.py wraps each to two lines)

Adding the telling of a pub game (issue 14 item 2): in its engine, call self.tell(F_X, args) in
_apply for each thing the table may see (a card played and by whom, a trick and its taker, a bid,
the contract, the trump...), with F_X constants beside its actions; here, word each F_X in tell()
the way games/tanturlurette/words.py does (its words in words_fr and told_en, a test checks
both languages declare the same names), and name in lit_seat the seat a fact puts forward. The
app logs and shows them with nothing more to write; tests read the "fact" events and the OLED text.
A game's codes (>= engine.core.REFUSE_GAME) are its own; the codes every game shares are worded
by app.i18n.refusal, which each module's refusal falls back on.

Its setup words, setup_fr.py and setup_en.py (the same names, ASCII, short enough that
"> label: value" fits a line of 16 with each value; a test walks every row in both languages):
  LABELS    option -> its label, for every option of its modes' rows (a label two games share,
            "target", is each game's own)
  WORDS     value -> its word, for every value of its rows that is a string ("drawn", "gift")
The rows the menu itself owns (mode, players, humans) and the words every game shares (yes, no,
a count's no limit, the modes' names, the seats) are app.i18n's.
"""

import os

from app.memory import is_loaded, let_go, let_go_since, load, loaded_under
from engine.core import BadRecord

SEATS = "seats"  # a row whose values are the seats at the table


class Mode:
    def __init__(self, name, engine, module, screen, seats, rows, fixed=(), bots=False, display=False):
        self.name = name
        self.engine = engine
        self.module = module
        self.screen = screen
        self.seats = seats
        self.rows = rows
        self.fixed = fixed
        self.bots = bots
        self.display = display


class Game:
    def __init__(self, name, title, modes, shared=(), bot=None, checked=None):
        self.name = name
        self.title = title
        self.package = "games." + name
        self.modes = modes
        self.shared = shared
        self.bot = bot
        self.checked = checked
        for mode in modes:
            mode.module = self.package + "." + mode.module

    def mode(self, name):
        """The Mode called name; KeyError when the game has none."""
        for mode in self.modes:
            if mode.name == name:
                return mode
        raise KeyError(name)


_TANT_ROWS = (("circles", (2, 3, 4, 5), 4), ("reentry", (True, False), True),
              ("reentry_cap", (0, 1, 2, 3), 0), ("king_blocks", (False, True), False),
              ("all_tied_move", (False, True), False))
# La Bourre's accounts, shared by the card engine and the scorekeeper: the deals are fixed before
# play (7 or 3 by tradition), the eldest is a seat.
_BOURRE_ROWS = (("deals", (7, 3, 1, 2, 4, 5, 6, 8, 9, 10, 12, 15, 20), 7), ("stake", (1, 2, 5, 10), 1),
                ("eldest", SEATS, 0))
_PICCOLO_ROWS = (("dealer", SEATS, 0), ("target", (41, 21, 31, 51, 61), 41), ("generale", (True, False), True),
                 ("generale_payoff", (7, 10), 7))
_ACHERON_TARGET = ("target", (100, 50, 150, 200), 100)
_CHANDELLE = ("chandelle", ("gift", "transfer"), "gift")
_PUB_SCREENS = ("app.modes.table", "app.modes.score")  # the pub games' screens: shared, not their own
_TANT = "games.tanturlurette.screen.TantMode"
_TABLE = "app.modes.table.TableMode"
_SCORE = "app.modes.score.ScoreMode"

GAMES = (
    Game("tanturlurette", "Tanturlurette", (
        Mode("deck", "tanturlurette", "rules", _TANT, (4, 8), _TANT_ROWS, (("mode", "deck"),), True, True),
        Mode("board", "tanturlurette", "rules", _TANT, (4, 8), _TANT_ROWS, (("mode", "board"),)),
    ), bot="position"),
    Game("acheron", "Acheron", (
        Mode("table", "acheron", "rules", _TABLE, (3, 6), (
            _ACHERON_TARGET, ("lay", ("drawn", "free"), "drawn"), ("jocrisse", ("piece", "baiser"), "piece"),
            _CHANDELLE, ("five_fee", ("any", "etoile"), "any"), ("rouge_queen", ("wild", "any"), "wild"),
            ("personnages", ("pair", "alone"), "pair"), ("draw_from", ("previous", "next"), "previous")),
            bots=True),
        Mode("score", "acheron_score", "score", _SCORE, (3, 6), (_ACHERON_TARGET, _CHANDELLE)),
    ), shared=_PUB_SCREENS, bot="meld", checked="deck"),
    Game("bourre", "La Bourre", (
        Mode("table", "bourre", "rules", _TABLE, (2, 6), _BOURRE_ROWS + (("putback", ("mixed", "under"), "mixed"),),
             bots=True),
        Mode("score", "bourre_score", "score", _SCORE, (2, 6), _BOURRE_ROWS),  # real cards: no put-back row
    ), shared=("engine.deck32",) + _PUB_SCREENS, bot="plan"),
    Game("piccolo", "Piccolo", (
        Mode("table", "piccolo", "rules", _TABLE, (4, 4), _PICCOLO_ROWS, bots=True),
        Mode("score", "piccolo_score", "score", _SCORE, (4, 4), _PICCOLO_ROWS),
    ), shared=("engine.deck32",) + _PUB_SCREENS, bot="plan"),
)


def game(name):
    """The Game called name, or None."""
    for g in GAMES:
        if g.name == name:
            return g
    return None


def of_engine(engine):
    """(Game, Mode) whose mode is played by the engine named `engine`, or (None, None).
    Tanturlurette's two modes share one engine: the first is returned, and the state's own
    options tell them apart."""
    for g in GAMES:
        for mode in g.modes:
            if mode.engine == engine:
                return g, mode
    return None, None


def is_seat_option(option):
    """True when a mode's row names `option` with SEATS for values: its value is a seat, 0-based
    inside, read 1-based by a person (J1..), in the menu and in a refusal alike."""
    for g in GAMES:
        for mode in g.modes:
            for row in mode.rows:
                if row[0] == option and row[1] is SEATS:
                    return True
    return False


def _engines():
    names = []
    for g in GAMES:
        for mode in g.modes:
            if mode.engine not in names:
                names.append(mode.engine)
    return tuple(names)


NAMES = tuple(g.name for g in GAMES)  # the games, in the setup menu's order
ENGINES = _engines()  # the engines' names (records', saves' and the protocol's), in that order


def _mode(engine):
    """The Mode of the engine named `engine`; BadRecord for a name no game plays."""
    mode = of_engine(engine)[1]
    if mode is None:
        raise BadRecord("unknown game %r (known: %s)" % (engine, ", ".join(ENGINES)))
    return mode


def game_module(engine):
    """The module of the engine named `engine` (games.<game>.rules, games.<game>.score), imported."""
    return load(_mode(engine).module)


def new_state(engine, options=None):
    return game_module(engine).State(options)


def words_of(engine):
    """The words module of the game whose mode the engine named `engine` plays (games.<game>.words)."""
    described = of_engine(engine)[0]
    if described is None:
        raise ValueError("no descriptor plays %s" % engine)
    return load(described.package + ".words")


def default_bot(name):
    """The name of the bot the menu seats in game `name`, which also plays a seat whose saved bot
    this firmware no longer has; ValueError for a game no bot plays."""
    described = game(name)
    if described is None or described.bot is None:
        raise ValueError("no bot plays %s" % name)
    return str(described.bot)


def bots_of(engine):
    """The bots module of the game the engine named `engine` plays (games.<game>.bots: BOTS by
    name); None for a scorekeeper or a game without bots, which no bot plays."""
    described, mode = of_engine(engine)
    if described is None or mode is None or described.bot is None or not mode.module.endswith(".rules"):
        return None
    return load(described.package + ".bots")


def installed(engine):
    """Whether the engine named `engine` is on the device, without loading it when it is a file.

    A build may leave games out (`tanturlurette deploy --games`). Importing a module to test for
    it would keep its code in RAM, so its file in the game's folder beside this package is looked
    for first; only when none is found is an import tried: it fails at once for a module that is
    not there, and costs no RAM for one frozen into the firmware image.
    """
    mode = of_engine(engine)[1]
    if mode is None:
        return False
    if is_loaded(mode.module):
        return True
    path = globals().get("__file__") or ""  # a frozen package has no __file__
    if "/" in path:
        base = path.rsplit("/", 1)[0] + "/" + mode.module[len("games."):].replace(".", "/")
        for ext in (".mpy", ".py"):
            try:
                os.stat(base + ext)
                return True
            except OSError:
                pass
    try:
        game_module(engine)
    except ImportError:
        return False
    let_go(mode.module)  # imported only to know it is there
    return True


def setup_words(described, lang):
    """The setup menu's words of the game `described` (a Game) in lang: its setup_fr or setup_en
    module (LABELS, WORDS), loaded and let go of at once, with its package when this call loaded
    it, so that the caller's reference is all that holds it (the menu's while it shows the game,
    a setup refusal's while it is worded). An ImportError when the game's folder lacks it."""
    before = loaded_under(described.package)
    try:
        return load(described.package + ".setup_" + ("en" if lang == "en" else "fr"))
    finally:
        let_go_since(before, described.package)


def check_problem(described):
    """None when the checked game `described` (a Game) can start, else what setting up any of its
    modes would raise (app.i18n.setup_refusal words it, its str goes to the log). Its check module
    judges it, e.g. Achéron's deck file read, without loading its engines, and keeps what it read
    for the game's start; the setup menu lets the module go after judging, the start (app.core)
    keeps it."""
    try:
        load(described.package + "." + described.checked).check()
    except Exception as err:  # the module missing; a user-editable data file failing in any way
        return err
    return None
