"""The games this firmware knows, declared without importing a line of their engines.

One `Game` a game; `GAMES` lists them in the setup menu's order. Everything that lists games
reads it: engine.registry (the engine names, each game's pack of modules), the setup menu (games,
modes, seat counts, rows and bots, with no engine imported while browsing), the app (which mode
module plays a game, which module words it) and host_tools/deploy.py (the files of a build).
A test checks every descriptor against its engines (tests/portable/test_game_interface.py).

Game
  name      the game's name, also its play engine's module (engine.<name>)
  engine    its engine modules beyond the shared ones (core, compat, rng, cards, registry): its
            pack, which a build may leave out and which starting another game lets go of
  app       the app modules that serve only the games using them (a mode module); its words,
            app.words.<name>, are its own too (a build without the game leaves them out)
  data      data files of the game, relative to firmware/lib (Achéron's editable deck)
  bot       the bot empty seats get (a name in engine.<name>_bots.BOTS), or None
  checked   the engine module (one of `engine`) whose check() raises when the game cannot start
            (a user-editable data file gone wrong), or None: the menu runs it when the cursor
            reaches the game, then lets it go, without loading the game's engines
  modes     its Mode descriptors, in menu order

Mode
  name      the menu's word for it ("deck", "board", "table", "score")
  engine    the engine module that plays it (engine.<engine>; "<game>_score" for a scorekeeper)
  screen    the app mode that shows it, module and class ("app.modes.tant.TantMode")
  seats     (fewest, most) seats the engine takes
  rows      the setup rows fixed before play: (option, values, default); values SEATS for an
            option naming a seat of the table (the values are then the seats)
  fixed     options the mode itself sets, as (option, value) pairs (Tanturlurette's "mode")
  bots      True when the seats left to bots may be filled (else every seat is a person)
  display   True when the mode needs the OLED (reading a virtual card): without one it goes last
"""

SEATS = "seats"  # a row whose values are the seats at the table


class Mode:
    def __init__(self, name, engine, screen, seats, rows, fixed=(), bots=False, display=False):
        self.name = name
        self.engine = engine
        self.screen = screen
        self.seats = seats
        self.rows = rows
        self.fixed = fixed
        self.bots = bots
        self.display = display


class Game:
    def __init__(self, name, engine, app, modes, bot=None, data=(), checked=None):
        self.name = name
        self.engine = engine
        self.app = app
        self.modes = modes
        self.bot = bot
        self.data = data
        self.checked = checked

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
_PUB_SCREENS = ("app.modes.table", "app.modes.score")
_TANT = "app.modes.tant.TantMode"
_TABLE = "app.modes.table.TableMode"
_SCORE = "app.modes.score.ScoreMode"

GAMES = (
    Game("tanturlurette", ("tanturlurette", "tanturlurette_bots"), ("app.modes.tant",), (
        Mode("deck", "tanturlurette", _TANT, (4, 8), _TANT_ROWS, (("mode", "deck"),), True, True),
        Mode("board", "tanturlurette", _TANT, (4, 8), _TANT_ROWS, (("mode", "board"),)),
    ), bot="counting"),
    Game("acheron", ("acheron", "acheron_bots", "acheron_score", "acheron_codes", "acheron_deck"), _PUB_SCREENS, (
        Mode("table", "acheron", _TABLE, (3, 6), (
            _ACHERON_TARGET, ("lay", ("drawn", "free"), "drawn"), ("jocrisse", ("piece", "baiser"), "piece"),
            _CHANDELLE, ("five_fee", ("any", "etoile"), "any"), ("rouge_queen", ("wild", "any"), "wild"),
            ("personnages", ("pair", "alone"), "pair"), ("draw_from", ("previous", "next"), "previous")),
            bots=True),
        Mode("score", "acheron_score", _SCORE, (3, 6), (_ACHERON_TARGET, _CHANDELLE)),
    ), bot="meld", data=("engine/acheron_deck.json",), checked="acheron_deck"),
    Game("bourre", ("bourre", "bourre_bots", "bourre_score", "bourre_codes", "deck32"), _PUB_SCREENS, (
        Mode("table", "bourre", _TABLE, (2, 6), _BOURRE_ROWS + (("putback", ("mixed", "under"), "mixed"),),
             bots=True),
        Mode("score", "bourre_score", _SCORE, (2, 6), _BOURRE_ROWS),  # real cards: no put-back row
    ), bot="plan"),
    Game("piccolo", ("piccolo", "piccolo_bots", "piccolo_score", "piccolo_codes", "deck32"), _PUB_SCREENS, (
        Mode("table", "piccolo", _TABLE, (4, 4), _PICCOLO_ROWS, bots=True),
        Mode("score", "piccolo_score", _SCORE, (4, 4), _PICCOLO_ROWS),
    ), bot="plan"),
)


def game(name):
    """The Game called name, or None."""
    for g in GAMES:
        if g.name == name:
            return g
    return None


def of_engine(engine):
    """(Game, Mode) whose mode is played by the engine module `engine`, or (None, None).
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
