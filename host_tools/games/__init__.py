"""Each game's host side, one module a game, found by the game's name in the descriptor list.

GAMES (the firmware's games package, imported here and nowhere else on the host) names the games; the host side
of the game called <name> is host_tools/games/<name>.py, whose GAME is an instance of its
subclass of HostGame (below: the interface, declared once). The shared tools (host_tools.facts,
stats, board, sheet, paper, export, cli, view) keep no table of games: they ask host(name), or
of_engine(engine) for a stored game's engine ("piccolo_score" is Piccolo). Adding a game on the
host is adding its module, and its words to the message tables (host_tools/messages: the keys
the shared tools look up by the game's name are its message_keys()). tests/host/test_host_games.py
fails for a game of GAMES without a module, or with one that lacks part of the interface.

The modules are imported when a tool first asks for their game, never by this package's import:
they import the shared tools, which import this package.
"""

import abc
import importlib

from games import GAMES

# the order the host lists the games in (the stats, --game-kind): the order they came to the
# device; a game not named here follows them, in the descriptors' order
LISTED_FIRST = ("tanturlurette", "bourre", "piccolo", "acheron")


def names():
    """Every game's name, in the host's order (LISTED_FIRST)."""
    declared = [g.name for g in GAMES]
    return tuple([n for n in LISTED_FIRST if n in declared] + [n for n in declared if n not in LISTED_FIRST])


_LOADED = {}


def host(name):
    """The HostGame of the game called name; KeyError when GAMES has no such game."""
    if name not in _LOADED:
        if name not in names():
            raise KeyError(name)
        module = importlib.import_module("host_tools.games." + name)
        game = getattr(module, "GAME", None)  # a module without one is refused below, by name
        if not isinstance(game, HostGame) or game.name != name:
            raise TypeError("host_tools/games/%s.py: GAME must be the HostGame of %r" % (name, name))
        missing = [attr for attr in HostGame.REQUIRED if getattr(game, attr) is None]
        if missing:
            raise TypeError("host_tools/games/%s.py: %s not given" % (name, ", ".join(missing)))
        _LOADED[name] = game
    return _LOADED[name]


def of_engine(engine):
    """The HostGame of the game a stored game's engine plays ("acheron_score": Achéron), or None
    for an engine no game has."""
    for g in GAMES:
        for mode in g.modes:
            if mode.engine == engine:
                return host(g.name)
    return None


class HostGame(abc.ABC):
    """What the host tools know of one game. The attributes are data; the methods with a body
    here are the games of points' way, which a game overrides where its own differs.

    Seats are 0-based, as in the engine; m, paper: host_tools.lang.Messages of the area named
    (facts, stats, sheet, board, paper). A row is one player's line of the stats (host_tools.stats),
    a deal one entry of game_facts()'s "deals" (host_tools.facts)."""

    REQUIRED = ("name", "title", "seat_facts", "order", "columns")

    name = None  # the descriptor's name: the module's name and the game's own engine's
    title = None  # the game's name for a person, the same in both languages ("La Bourre")
    # facts: the per-seat counts facts["seat"] gives, added up by name in the stats
    seat_facts = None
    # stats: the row keys the rows are sorted by, best first
    order = None
    # stats: the table's columns after the name: (heading's key in messages/stats_<lang>, least
    # width, format of the value, or None for a value given as text); stats_values() gives them
    columns = None
    # stats: the kind's three plot panels, (key, value of a row, counted): plot_panels() draws
    # them, titled by messages/stats_<lang>'s "panel_" + key
    panels = ()
    # the seat the sheet's second column names and the target's white ring marks: "dealer", or
    # "leader" (the first to play) for a game without a dealer
    opener = "dealer"
    pot_unit = "stakes"  # what a pot that pays out holds (the sheet's message key)
    steps = False  # the running totals move in steps (the sheet's plot draws steps, not lines)
    narrow_cells = False  # the sheet's cells say little: a player's column may be narrower

    # -- facts ------------------------------------------------------------------------------------
    @abc.abstractmethod
    def deals(self, state, moves, names, m):
        """Replay moves on state (the engine, new): (the deals, each host_tools.facts.deal_entry()
        with the game's own fields; the seat totals, seat_facts and any more keys)."""

    # -- stats ------------------------------------------------------------------------------------
    def new_row(self, row):
        """Add the game's keys beyond seat_facts to a new row."""
        return  # a game whose rows hold only its seat_facts adds nothing

    def add_seat(self, row, seat, s):
        """Add what seat s of one game's seat totals holds beyond seat_facts to the row."""
        return  # a game whose rows hold only its seat_facts adds nothing

    def finish_row(self, row):
        """Add the figures made of the counts (a rate, an average), once every game is counted."""
        return  # a game whose rows hold only its seat_facts adds nothing

    @abc.abstractmethod
    def stats_values(self, row):
        """The row's values, one a column."""

    def stats_lines(self, entry, lang):
        """Lines the table adds under its rows."""
        return []

    def plot_panels(self, axes, rows, colours, m):
        """Draw the three panels on axes; ({key: what it shows}, {key: its title})."""
        from host_tools.stats import bar_panels

        return bar_panels(axes, self.panels, rows, colours, m)

    def plot_game(self, facts, folder, lang):
        """Write the plots of one finished game to folder; their paths."""
        import os

        from host_tools.stats import plot_totals

        path = os.path.join(folder, "game%d-totals.png" % facts["id"])
        plot_totals(facts, path, lang)
        return [path]

    # -- the target's picture (host_tools.board) ----------------------------------------------------
    @abc.abstractmethod
    def draw_target(self, state, geo, names, shapes, m):
        """Append the LEDs (and tokens) of state to shapes; (heading, the line under it, a legend
        line a seat, the opener's seat, the word for its mark)."""

    # -- the score sheet and the CSV (host_tools.sheet, host_tools.paper) ----------------------------
    @abc.abstractmethod
    def deal_words(self, paper, facts, deal):
        """(a list of words a seat, one line about the deal)."""

    def sheet_options(self, m, options):
        """The settings the sheet's subtitle names, between the players and where it was kept."""
        return [m("target", n=options["target"])]

    def sheet_cells(self, m, facts, deal, notes):
        """A deal's cells, one a seat: (the big number, the small one beside it, the words); notes
        are the seats' words (deal_words, joined)."""
        return [self.points_cell(deal, s, notes[s]) for s in range(facts["players"])]

    @staticmethod
    def points_cell(deal, seat, words):
        """The running total, what the deal gave (signed, "" for nothing), the words."""
        points = deal["points"][seat]
        return str(deal["totals"][seat]), "%+d" % points if points else "", words

    def winners_line(self, m, winners):
        """The sheet's line naming the winners (names, in order), or None."""
        return m.count("winners", len(winners), names=", ".join(winners)) if winners else None

    def starting_total(self, options):
        """Every seat's total before the first deal, where the sheet's plot starts."""
        return 0

    def message_keys(self):
        """{area: [keys]} the shared tools look up for this game, which every language's table
        must hold (host_tools/messages/<area>_<lang>.py)."""
        return {"facts": ["totals " + self.name], "paper": ["totals_" + self.name],
                "sheet": ["key_" + self.name, "dealer" if self.opener == "dealer" else "leads", self.pot_unit],
                "board": ["key_" + self.opener],
                "stats": [key for key, _width, _form in self.columns] + ["panel_" + p[0] for p in self.panels]}
