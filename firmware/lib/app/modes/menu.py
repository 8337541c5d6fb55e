"""The setup menu (what to play) and the in-game menu (continue, undo, redo, new game).

Both work with the buttons and the ring alone: KEEP and SWAP move the cursor (a blinking dot on
the outer ring, one dot per line), OK changes the value under it or starts the game; the inner
ring shows the value as dots (players in their seat colours, humans bright and bots dim, green
for yes and one red dot for no). The OLED, when fitted, lists the lines with a '>' cursor.
"""

from engine.core import BadOptions, BadRecord
from engine.registry import GAMES, game_module

from app.board import blink_on
from app.buttons import BACK, KEEP, OK, PRESS, SWAP
from app.colours import ALERT, CONFIRM, CURSOR, DIM, seat_colour
from app.core import CUE_ERROR
from app.i18n import fit, tr
from app.modes.base import Mode

MAX_PLAYERS = 8
ROW_PLAY = "play"
_BOOL_ROWS = ("reentry", "king_blocks")


def player_range(module):
    """The player counts the game accepts, found by asking its normalize_options."""
    counts = []
    for k in range(1, MAX_PLAYERS + 1):
        try:
            module.normalize_options({"players": k})
        except BadOptions:
            continue
        counts.append(k)
    return counts


def playable_games():
    return [g for g in GAMES if not g.endswith("_score")]


def installed(name):
    """Whether the engine module is on the device (the registry may name games not copied)."""
    try:
        game_module(name)
    except (ImportError, BadRecord):  # BadRecord: a name the registry does not know
        return False
    return True


def default_bot(game):
    """The bot name empty seats get, or None when the game has no bots module."""
    try:
        bots = __import__("engine." + game + "_bots", None, None, ["BOTS"]).BOTS
    except ImportError:
        return None
    preferred = getattr(game_module(game), "DEFAULT_BOT", "counting")
    if preferred in bots:
        return preferred
    return sorted(bots)[0] if bots else None


def draw_rail(board, frame, rows, cursor, now):
    """One dim dot per menu line round the outer ring; the cursor's dot blinks."""
    for i in range(rows):
        if i != cursor:
            board.dot(frame, i, rows, DIM)
        elif blink_on(now):
            board.dot(frame, i, rows, CURSOR)


class SetupMenu(Mode):
    def __init__(self, app):
        Mode.__init__(self, app)
        config = app.config
        self.games = playable_games()
        wanted = config.get("game", "tanturlurette")
        self.values: dict = {"game": self.games.index(wanted) if wanted in self.games else 0}
        self.seats_wanted = config.get("seats", 4)
        self.cursor = 0
        self._configure_game()

    # -- rows -----------------------------------------------------------------------------------
    def _configure_game(self):
        """Rebuild the rows and their choices for the chosen game (skipping missing ones)."""
        for _ in range(len(self.games)):
            if installed(self.games[self.values["game"]]):
                break
            self.values["game"] = (self.values["game"] + 1) % len(self.games)
        game = self.games[self.values["game"]]
        self.game = game
        choices: dict = {"game": self.games}
        if game == "tanturlurette":
            # without an OLED nobody could peek at a virtual card: board mode comes first then
            display = self.app.config.get("display", {}).get("enabled", True)
            choices["mode"] = ["deck", "board"] if display else ["board", "deck"]
        else:
            choices["mode"] = ["table"]
            if game + "_score" in GAMES and installed(game + "_score"):
                choices["mode"].append("score")
        self.choices = choices
        self.values["mode"] = 0
        self._configure_mode()

    def _configure_mode(self):
        choices = self.choices
        mode = choices["mode"][self.values["mode"]]
        self.engine_name = self.game + "_score" if mode == "score" else self.game
        counts = player_range(game_module(self.engine_name))
        rows = [ROW_PLAY, "game", "mode"]
        if counts:
            choices["players"] = counts
            rows.append("players")
            wanted = self.seats_wanted
            self.values["players"] = counts.index(wanted) if wanted in counts else 0
        elif "players" in choices:
            del choices["players"]
        if mode in ("deck", "table") and default_bot(self.game) is not None:
            rows.append("humans")
        if self.game == "tanturlurette":
            choices["circles"] = [2, 3, 4, 5]
            choices["reentry"] = [True, False]
            choices["king_blocks"] = [False, True]
            for key, default in (("circles", 2), ("reentry", 0), ("king_blocks", 0)):
                rows.append(key)
                self.values.setdefault(key, default)
        self.rows = rows
        self._fit_humans()

    def seat_count(self):
        return self.n

    def _fit_humans(self):
        """Recount the seats after a change, and keep the humans within them."""
        if "players" in self.choices:
            self.n = self.value("players")
            self.seats_wanted = self.n
        else:
            self.n = len(game_module(self.engine_name).State(self.options()).standings())
        if "humans" in self.rows:
            n = self.n
            self.choices["humans"] = list(range(1, n + 1))
            if self.values.get("humans", 0) >= n:
                self.values["humans"] = n - 1
            self.values.setdefault("humans", 0)

    def value(self, key):
        return self.choices[key][self.values[key]]

    def options(self):
        options = {}
        if "players" in self.choices:
            options["players"] = self.value("players")
        if self.game == "tanturlurette":
            options["mode"] = self.value("mode")
            for key in ("circles", "reentry", "king_blocks"):
                options[key] = self.value(key)
        return options

    # -- buttons --------------------------------------------------------------------------------
    def handle(self, event, now):
        if event & 3 != PRESS:
            return False
        button = event >> 2
        app = self.app
        rows = len(self.rows)
        if button == KEEP:
            self.cursor = (self.cursor - 1) % rows
        elif button == SWAP:
            self.cursor = (self.cursor + 1) % rows
        elif button == OK:
            row = self.rows[self.cursor]
            if row == ROW_PLAY:
                return self.start(now)
            self.values[row] = (self.values[row] + 1) % len(self.choices[row])
            if row == "game":
                self._configure_game()
            elif row == "mode":
                self._configure_mode()
            elif row == "players":
                self._fit_humans()
        else:
            return False
        return app.moved()

    def start(self, now):
        app = self.app
        options = self.options()
        bots = None
        if "humans" in self.rows:
            n = self.seat_count()
            humans = self.value("humans")
            bot = default_bot(self.game)
            bots = [None] * humans + [bot] * (n - humans)
        if not app.start_game(self.engine_name, options, bots, now):
            app.sound(CUE_ERROR)
        return True

    # -- output ---------------------------------------------------------------------------------
    def label(self, row):
        lang = self.app.lang
        if row == ROW_PLAY:
            return tr(lang, "play")
        if row == "game":
            shown = self.game
        else:
            value = self.value(row)
            if row in _BOOL_ROWS:
                shown = tr(lang, "yes" if value else "no")
            elif isinstance(value, str):
                shown = tr(lang, value)
            else:
                shown = str(value)
        return "%s: %s" % (tr(self.app.lang, row), shown)

    def lines(self):
        rows = self.rows
        first = self.cursor - 6 if self.cursor > 6 else 0
        out = []
        for i in range(first, min(len(rows), first + 7)):
            out.append(fit(("> " if i == self.cursor else "  ") + self.label(rows[i])))
        out.append(tr(self.app.lang, "menu_hint"))
        return out

    def draw(self, frame, now):
        board = self.app.board
        draw_rail(board, frame, len(self.rows), self.cursor, now)
        row = self.rows[self.cursor]
        if row == ROW_PLAY:
            if blink_on(now):
                board.centre_led(frame, CONFIRM)
            row = "humans" if "humans" in self.rows else "players"
            if row not in self.rows:
                return
        index = self.values[row]
        if row == "players" or row == "humans":
            n = self.seat_count()
            humans = self.value("humans") if "humans" in self.rows else n
            for s in range(n):
                board.dot(frame, s, n, seat_colour(s), 256 if s < humans or row == "players" else 40, 1)
        elif row in _BOOL_ROWS:
            if self.value(row):
                board.dots(frame, 2, 2, CONFIRM, 256, 1)
            else:
                board.dots(frame, 1, 2, ALERT, 256, 1)
        elif row == "circles":
            board.dots(frame, self.value(row), 8, CURSOR, 256, 1)
        else:
            board.dots(frame, index + 1, len(self.choices[row]) + 1, CURSOR, 256, 1)


class GameMenu(Mode):
    """Long BACK (or KEEP+SWAP held) during a game: continue, undo, redo, or a new game.
    A short BACK, or a long one, goes back to the game."""

    ROWS = ("continue", "undo", "redo", "new_game")

    def __init__(self, app, back_to):
        Mode.__init__(self, app)
        self.back_to = back_to
        self.cursor = 0

    def handle(self, event, now):
        if event & 3 != PRESS:
            return False
        button = event >> 2
        app = self.app
        if button == KEEP:
            self.cursor = (self.cursor - 1) % len(self.ROWS)
        elif button == SWAP:
            self.cursor = (self.cursor + 1) % len(self.ROWS)
        elif button == BACK:
            app.switch(self.back_to, now)
            return True
        elif button == OK:
            row = self.ROWS[self.cursor]
            if row == "new_game":
                app.finish_game(now)
                return True
            app.switch(self.back_to, now)
            if row == "undo":
                app.undo(now)
            elif row == "redo":
                app.redo(now)
                self.back_to.resync(now)
            return True
        else:
            return False
        return app.moved()

    def lines(self):
        lang = self.app.lang
        out = []
        for i in range(len(self.ROWS)):
            out.append(("> " if i == self.cursor else "  ") + tr(lang, self.ROWS[i]))
        return out

    def draw(self, frame, now):
        draw_rail(self.app.board, frame, len(self.ROWS), self.cursor, now)
