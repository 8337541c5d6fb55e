"""The setup menu (what to play) and the in-game menu (continue, undo, redo, new game).

Both work with the buttons and the ring alone: KEEP and SWAP move the cursor (a blinking dot on
the outer ring, one dot per line), OK changes the value under it or starts the game; the inner
ring shows the value as dots (players in their seat colours, humans bright and bots dim, a seat
option as that seat's dot, a count as that many dots, green for yes and one red dot for no). The
OLED, when fitted, lists the lines with a '>' cursor.

The rows: Play, the game, the mode, players, humans, then the game's own options (the engine
module's SETUP_CHOICES, Tanturlurette's circles and house rules), and last the self-test. A game
whose engine cannot set up a game (a missing module, a broken data file such as Acheron's deck)
is skipped with a notice saying why; the other games still work.
"""

from engine.core import BadOptions, BadRecord
from engine.registry import GAMES, game_module

from app.board import blink_on
from app.buttons import BACK, KEEP, OK, PRESS, SWAP
from app.colours import ALERT, BLUE, CONFIRM, CURSOR, DIM, RED, seat_colour
from app.core import CUE_ERROR, wrap
from app.i18n import fit, option_label, option_word, seat_name, tr
from app.modes.base import Mode

MAX_PLAYERS = 8
MAX_COUNT_DOTS = 24  # a number up to this shows as that many dots; larger ones by their position
ROW_PLAY = "play"
ROW_SELFTEST = "selftest"
_FIXED_ROWS = ("play", "game", "mode", "players", "humans", "selftest")
# Tanturlurette's options: its engine names no SETUP_CHOICES, and its defaults come from the engine.
TANT_CHOICES = (("circles", (2, 3, 4, 5)), ("reentry", (True, False)), ("king_blocks", (False, True)),
                ("all_tied_move", (False, True)))
SEAT_OPTIONS = ("eldest", "dealer")  # options whose value is a seat


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


def setup_problem(name):
    """None when the engine `name` can set up a game with its defaults, else why not (short)."""
    try:
        module = game_module(name)
    except (ImportError, BadRecord) as err:
        return "not installed (%s)" % err
    try:
        module.State(None)
    except Exception as err:  # a user-editable data file can fail in any way
        return str(err) or err.__class__.__name__
    return None


def setup_choices(name, module):
    """The game's menu options: (option, values) pairs, as the engine module declares them."""
    choices = getattr(module, "SETUP_CHOICES", None)
    if choices is None and name == "tanturlurette":
        return TANT_CHOICES
    return choices or ()


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


def menu_line(selected, label, shown):
    """"> label: value" in 16 characters: the space goes first, then the label is cut, never the value."""
    head = "> " if selected else "  "
    line = "%s%s: %s" % (head, label, shown)
    if len(line) <= 16:
        return line
    room = 16 - len(head) - 1 - len(shown)
    if room < 1:
        return fit(line)
    return "%s%s:%s" % (head, label[:room], shown)


class SetupMenu(Mode):
    def __init__(self, app):
        Mode.__init__(self, app)
        config = app.config
        self.games = playable_games()
        self.problems = {}  # engine name -> why it cannot set up a game (None: it can)
        wanted = config.get("game", "tanturlurette")
        self.values: dict = {"game": self.games.index(wanted) if wanted in self.games else 0}
        self.seats_wanted = config.get("seats", 4)
        self.cursor = 0
        self.game = None
        self.engine_name = ""
        self.choices: dict = {}  # row -> the values OK steps through
        self.n = 0
        self.option_names = []
        self.counted = {}  # option -> the largest value, for numbers shown as dots
        self._configure_game()

    # -- rows -----------------------------------------------------------------------------------
    def problem(self, name):
        if name not in self.problems:
            self.problems[name] = setup_problem(name)
        return self.problems[name]

    def usable_modes(self, game):
        """The modes the game can be played in here, in menu order; empty when none works."""
        if game == "tanturlurette":
            # without an OLED nobody could peek at a virtual card: board mode comes first then
            display = self.app.config.get("display", {}).get("enabled", True)
            modes = ["deck", "board"] if display else ["board", "deck"]
            return modes if self.problem(game) is None else []
        modes = []
        if self.problem(game) is None:
            modes.append("table")
        if game + "_score" in GAMES and self.problem(game + "_score") is None:
            modes.append("score")
        return modes

    def _configure_game(self):
        """Rebuild the rows for the chosen game, skipping (with a notice) games that cannot start."""
        games = self.games
        skipped = []
        modes = []
        for _ in range(len(games)):
            modes = self.usable_modes(games[self.values["game"]])
            if modes:
                break
            skipped.append(games[self.values["game"]])
            self.values["game"] = (self.values["game"] + 1) % len(games)
        if skipped:
            self._say_unavailable(skipped)
        humans = self.values.get("humans", 0)
        self.values = {"game": self.values["game"], "mode": 0, "humans": humans}
        self.option_names = []
        if not modes:  # not one game can be set up: only the self-test is left to offer
            self.game = None
            self.choices = {"game": games}
            self.rows = [ROW_SELFTEST]
            self.cursor = 0
            self.n = 0
            return
        self.game = games[self.values["game"]]
        self.choices = {"game": games, "mode": modes}
        self._configure_mode()

    def _say_unavailable(self, skipped):
        app = self.app
        lang = app.lang
        lines = [tr(lang, "unavailable")]
        for game in skipped:
            why = self.problem(game)
            if why is None:  # the card game works but not its scorekeeper, or the reverse
                why = self.problem(game + "_score") or ""
            app.log("error", {"message": ("game %s unavailable: %s" % (game, why))[:160]})
            lines.append(game)
        if len(skipped) == 1:
            lines += wrap(oled_reason(self.problem(skipped[0]) or ""), 4)
        app.sound(CUE_ERROR)
        app.notify(lines[:6])

    def _configure_mode(self):
        choices = self.choices
        mode = choices["mode"][self.values["mode"]]
        game = self.game or ""  # set: only a menu with a game has a mode row
        self.engine_name = game + "_score" if mode == "score" else game
        module = game_module(self.engine_name)
        counts = player_range(module)
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
        names = [name for name, _values in setup_choices(self.engine_name, module)]
        for name in self.option_names:  # the last mode's options this one does not have
            if name not in names:
                choices.pop(name, None)
                self.values.pop(name, None)
        self.option_names = names
        rows += names
        rows.append(ROW_SELFTEST)
        self.rows = rows
        if self.cursor >= len(rows):
            self.cursor = 0
        self._fit_humans()

    def seat_count(self):
        return self.n

    def _fit_humans(self):
        """Recount the seats after a change, and keep the humans and seat options within them."""
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
        self._fit_options()

    def _fit_options(self):
        """Offer each option's values that the engine accepts with this player count (an eldest
        seat must exist), keeping the value chosen so far, else the engine's default."""
        module = game_module(self.engine_name)
        base = {"players": self.n} if "players" in self.choices else {}
        defaults = module.normalize_options(base)
        self.counted = {}
        for name, values in setup_choices(self.engine_name, module):
            accepted = [v for v in values if accepts(module, base, name, v)]
            if not accepted:
                raise BadOptions("option %s: the game accepts none of %r" % (name, values))
            if name in self.values:
                keep = self.choices[name][self.values[name]]
            else:
                keep = defaults.get(name)
            self.choices[name] = accepted
            self.values[name] = accepted.index(keep) if keep in accepted else 0
            numbers = [v for v in accepted if isinstance(v, int) and not isinstance(v, bool)]
            if numbers and len(numbers) == len(accepted) and name not in SEAT_OPTIONS:
                top = max(numbers)
                if min(numbers) >= 1 and top <= MAX_COUNT_DOTS:
                    self.counted[name] = top

    def value(self, key):
        return self.choices[key][self.values[key]]

    def options(self):
        options = {}
        if "players" in self.choices:
            options["players"] = self.value("players")
        if self.game == "tanturlurette":
            options["mode"] = self.value("mode")
        for name in self.option_names:
            if name in self.choices:
                options[name] = self.value(name)
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
            if row == ROW_SELFTEST:
                app.start_selftest(now, back_to=self)
                return True
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
        """The row's OLED line without its cursor mark: "label: value"."""
        return self.line(row, False)[2:]

    def line(self, row, selected):
        lang = self.app.lang
        if row == ROW_PLAY or row == ROW_SELFTEST:
            return ("> " if selected else "  ") + tr(lang, row)
        if row == "game":
            return menu_line(selected, tr(lang, row), self.game)
        value = self.value(row)
        if isinstance(value, bool):
            shown = tr(lang, "yes" if value else "no")
        elif row in SEAT_OPTIONS:
            shown = seat_name(lang, value)
        elif row == "mode":
            shown = tr(lang, value)
        elif isinstance(value, str):
            shown = option_word(lang, value)
        else:
            shown = str(value)
        name = tr(lang, row) if row in _FIXED_ROWS else option_label(lang, row)
        return menu_line(selected, name, shown)

    def lines(self):
        rows = self.rows
        first = self.cursor - 6 if self.cursor > 6 else 0
        out = []
        if self.game is None:
            out.append(tr(self.app.lang, "no_game"))
        for i in range(first, min(len(rows), first + 7)):
            out.append(self.line(rows[i], i == self.cursor))
        out.append(tr(self.app.lang, "menu_hint"))
        return out[:8]

    def draw(self, frame, now):
        board = self.app.board
        draw_rail(board, frame, len(self.rows), self.cursor, now)
        row = self.rows[self.cursor]
        if row == ROW_SELFTEST:  # red, green and blue dots: the colours the self-test sweeps
            board.dot(frame, 0, 3, RED, 256, 1)
            board.dot(frame, 1, 3, CONFIRM, 256, 1)
            board.dot(frame, 2, 3, BLUE, 256, 1)
            return
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
            return
        value = self.value(row)
        if isinstance(value, bool):
            if value:
                board.dots(frame, 2, 2, CONFIRM, 256, 1)
            else:
                board.dots(frame, 1, 2, ALERT, 256, 1)
        elif row in SEAT_OPTIONS:
            n = self.seat_count()
            for s in range(n):
                board.dot(frame, s, n, seat_colour(s), 256 if s == value else 24, 1)
        elif row in self.counted:
            board.dots(frame, value, self.counted[row], CURSOR, 256, 1)
        else:
            board.dots(frame, index + 1, len(self.choices[row]) + 1, CURSOR, 256, 1)


def oled_reason(text):
    """A reason for 16-character lines: a file path shows as its file name (the log keeps it all)."""
    words = []
    for word in text.split():
        if "/" in word:
            word = word.rsplit("/", 1)[1] or word
        words.append(word)
    return " ".join(words)


def accepts(module, base, name, value):
    """Whether the engine takes option `name` = value on top of `base`."""
    options = dict(base)
    options[name] = value
    try:
        module.normalize_options(options)
    except BadOptions:
        return False
    return True


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
