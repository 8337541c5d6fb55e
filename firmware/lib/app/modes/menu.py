"""The setup menu (what to play) and the in-game menu (continue, undo, redo, rules, new game).

Both work with the buttons and the ring alone: KEEP and SWAP move the cursor (a blinking dot on
the outer ring, one dot per line), OK changes the value under it or starts the game; the inner
ring shows the value as dots (players in their seat colours, humans bright and bots dim, a seat
option as that seat's dot, a count as that many dots and no limit as the whole ring, green for yes
and one red dot for no). The OLED, when fitted, lists the lines with a '>' cursor.

The rows: Play, the game, the mode, players, humans, the bots' level (normal, or the beginner
level: each game's "beginner" bot, its menu bot playing a random move one decision in three, for
children), then the mode's own options, and last the self-test; all of them from the games' descriptors (games), so browsing imports no engine.
Only the games whose engine module is on the device are listed (a build may leave game packs
out). A game whose descriptor is `checked` (Acheron and its editable deck file) is judged by its
check module when the cursor reaches it (games.acheron.deck reads the deck file; no engine is
built); if it cannot start it is skipped with a notice saying why, and the other games still work.
The modules the check loaded are let go at once.
The game row shows the game's title (its descriptor's); the game's option rows are worded by its
setup words (games.setup_words: games/<game>/setup_<lang>.py, LABELS and WORDS), loaded when the
menu first words a row of the game and held by the menu alone while it shows that game: they go
when the game row moves on, or with the menu. The rows the menu owns (mode, players, humans, level, yes,
no, a count's no limit, the modes' names) are the shared messages' (app.i18n).
"""

from engine.compat import const
from games import GAMES as DESCRIPTORS
from games import SEATS, check_problem, game, installed, is_seat_option, of_engine, setup_words

from app.board import blink_on
from app.buttons import BACK, KEEP, LONG, OK, PRESS, SWAP, event_button, event_kind
from app.colours import ALERT, BLUE, CONFIRM, CURSOR, DIM, RED, seat_colour
from app.cues import CUE_ERROR
from app.i18n import seat_name, setup_refusal, tr, wrap
from app.memory import let_go, let_go_since, load, loaded_under
from app.modes.base import Mode

_MAX_COUNT_DOTS = const(24)  # a number up to this shows as that many dots; larger ones by their position
NO_LIMIT_OPTIONS = ("reentry_cap",)  # counts whose 0 means no limit: a word, and the whole inner ring
_SELFTEST_COLOURS = (RED, CONFIRM, BLUE)  # the colours the self-test sweeps, shown on its row
_NO_WORDS = {}  # a game's setup words not loaded (never written to)
LEVELS = ("normal", "beginner")  # the level row: the game's menu bot, or its "beginner" bot
BEGINNER = "beginner"  # the bot every game with bots names so (games/__init__.py)

# How long a Tanturlurette game lasts, for the menu's length line: two bytes (the median and the
# 95th percentile of the rounds of 200 seeded games of its default bots, length_rounds reads each)
# for every players, circles, re-entry and cap the menu offers, in the order SetupMenu.length
# reads them. Made by playing them: tests/bench/tant_lengths.py (tests/host/test_tant_lengths.py
# checks a sample is current).
TANT_LENGTHS = (  # tests/bench/tant_lengths.py writes it: per player count, then circles
    b'\x07\x08\x0f3\x0b\x0f\x0e\x15\x0f\x1c\n\x0c\r\x1c\r\x14\r\x1a\r\x1b\r\x10\x0e\x1a\x0e\x19\x0e\x1a\x0e\x1a\x11\x13\x11\x1b\x11\x1b\x11\x1b\x11\x1b'  # 4 players
    b'\x08\n!\\\x0f\x13\x17\x1c\x1c%\r\x0f\x14/\x12\x1a\x14$\x14*\x11\x13\x13\'\x13"\x13&\x13\'\x16\x19\x17\'\x17&\x17\'\x17\''  # 5 players
    b'\n\x0c5p\x13\x17\x1c!",\x0f\x11\x1aA\x18"\x1a/\x1a<\x15\x17\x188\x18*\x185\x188\x1a\x1d\x1b4\x1b1\x1b4\x1b4'  # 6 players
    b'\x0c\rd\x7f\x17\x1a"\',4\x12\x14\'f &&9\'I\x18\x1b\x1eH\x1e2\x1eC\x1eF\x1e" > 7 > >'  # 7 players
    b"\x0e\x0fj\xb3\x1b\x1e(,5;\x15\x176k$+1A6S\x1c\x1f'e'8'R'a#&'P'F'P'P"  # 8 players
)


def length_rounds(byte):
    """A count of rounds from a byte of TANT_LENGTHS: exact up to 100, by tens above."""
    return byte if byte <= 100 else 100 + (byte - 100) * 10


def playable_games():
    """The games the setup menu lists: those whose engine module is on the device (the registry's
    `installed`, which this module passes on), in the descriptors' order."""
    games = []
    for g in DESCRIPTORS:
        if installed(g.name):
            games.append(g.name)
    return games


def row_values(offered, seats):
    """A row's values at a table of `seats`: the seats themselves for a SEATS row."""
    return list(range(seats)) if offered == SEATS else offered


def marked(selected, text):
    """A menu line: the '>' cursor, or two spaces, then the text."""
    return ("> " if selected else "  ") + text


def menu_line(selected, label, shown):
    """"> label: value" in 16 characters: the space after the colon goes first, then the cursor's
    space (">label:value"); no word is cut (a test walks every row of every game in both
    languages), and a line still too long is cut at 16 as any other."""
    line = marked(selected, "%s: %s" % (label, shown))
    if len(line) > 16:
        line = marked(selected, "%s:%s" % (label, shown))
    if len(line) > 16:
        line = (">" if selected else " ") + line[2:]
    return line


class CursorMenu(Mode):
    """Rows with a cursor: KEEP and SWAP move it, the other buttons go to `pressed`. With
    `wraps` False the cursor stops at the first and the last row."""

    cursor = 0
    rows: "tuple | list" = ()
    wraps = True

    def handle(self, event, now):
        if event_kind(event) != PRESS:
            return False
        button = event_button(event)
        if button == KEEP or button == SWAP:
            cursor = self.cursor + (1 if button == SWAP else -1)
            if not self.wraps and not 0 <= cursor < len(self.rows):
                return False  # at an end: Jouer never leads up into the self-test
            self.cursor = cursor % len(self.rows)
            return self.app.moved()
        return self.pressed(button, now)

    def pressed(self, button, now):
        """A button other than KEEP and SWAP was pressed; True when something visible changed."""
        return False

    def draw(self, frame, now):
        """One dim dot per row round the outer ring; the cursor's dot blinks."""
        board = self.app.board
        rows = len(self.rows)
        for i in range(rows):
            if i != self.cursor:
                board.dot(frame, i, rows, DIM)
            elif blink_on(now):
                board.dot(frame, i, rows, CURSOR)


class SetupMenu(CursorMenu):
    """The rows come from the games' descriptors (games): browsing imports no engine. A game
    whose descriptor names a check module (a data file the user may edit) is judged by it once
    when the cursor reaches it, to know it can start, and the module is let go at once.

    The cursor does not wrap (Jouer is the top, the self-test the bottom). The menu opens on the
    last game started, with the settings it was started with (app.settings: app.menu_memory,
    kept on flash beside the saves); a game never started opens with its defaults. While the menu
    is open each game keeps what is set for it (browsed; every mode's rows alike) when the game
    row, or the mode row, moves on and comes back; only a game started is remembered after."""

    wraps = False

    def __init__(self, app):
        Mode.__init__(self, app)
        self.games = playable_games()
        self.problems = app.game_problems  # checked game -> what setting it up raised (None: it can)
        self.memory = app.menu_memory["games"]  # game -> the settings it was last started with
        wanted = app.menu_memory["game"]
        if wanted not in self.games:  # never started, or a game this build leaves out
            wanted = app.config["game"]  # app.config: a loaded config has every key
        self.values: dict = {"game": self.games.index(wanted) if wanted in self.games else 0}
        self.seats_wanted = app.config["seats"]
        # the chosen game's options: those it was last started with, then as set here (every
        # mode's: a row another mode lacks keeps its value), used as its rows appear
        self.recalled = {}
        # game -> its settings as set while this menu is open, kept when the game row moves on (in
        # the memory's form: app.settings.remember); let go with the menu
        self.browsed = {}
        self._configure_game()

    # -- rows -----------------------------------------------------------------------------------
    def problem(self, described):
        """Why the game cannot start (None: it can); only a checked game is judged, once a boot."""
        if not described.checked:
            return None
        problems = self.problems
        if described.name not in problems:
            # what the check loads is let go after it; it loads again at the start
            before = loaded_under(described.package)
            problems[described.name] = check_problem(described)
            let_go_since(before, described.package)
        return problems[described.name]

    def _configure_game(self):
        """Rebuild the rows for the chosen game, skipping (with a notice) games that cannot start."""
        games = self.games
        index = self.values["game"]
        skipped = []
        modes = []  # none when no game at all is listed
        described = None
        for _ in games:
            described = game(games[index])
            if described is None:  # playable_games lists descriptors only
                break
            modes = []  # the modes the game can be played in here, in menu order
            later = []  # modes that need the OLED, on a board without one
            display = self.app.config["display"]["enabled"]
            if self.problem(described) is None:
                for mode in described.modes:
                    (later if mode.display and not display else modes).append(mode)
            modes += later  # without an OLED nobody could peek at a virtual card: last then
            if modes:
                break
            skipped.append(games[index])
            index = (index + 1) % len(games)
        if skipped:
            app = self.app
            why = None
            g = None
            notice = [tr(app.lang, "unavailable")]
            for name in skipped:
                g = game(name)
                why = g and self.problem(g)
                app.log("error", {"message": ("game %s unavailable: %s" % (name, why or ""))[:160]})
                notice.append(g.title if g is not None else name)
            if len(skipped) == 1 and why:  # room for the reason, in the table's language
                notice += wrap(setup_refusal(app.lang, why, g), 4)
            app.sound(CUE_ERROR)
            app.notify(notice)
        self.values = {"game": index, "mode": 0, "humans": self.values.get("humans", 0),
                       "level": self.values.get("level", 0)}
        self.option_names = []
        self.words_lang = None  # this game's setup words load when a row of it is worded
        self.labels = self.value_words = _NO_WORDS  # the previous game's go now
        self.modes = modes
        recall = (self.browsed.get(games[index]) or self.memory.get(games[index])) if modes else None
        self.recalled = {}
        if recall is not None:
            for i in range(len(modes)):
                if modes[i].name == recall["mode"]:
                    self.values["mode"] = i
            self.seats_wanted = recall["players"]
            if "humans" in recall:
                self.values["humans"] = recall["humans"] - 1  # the row's values start at 1
            self.values["level"] = LEVELS.index(recall.get("level", LEVELS[0]))
            self.recalled = dict(recall["options"])  # the memory's own stays as it was saved
        self.choices: dict = {"game": games, "mode": [m.name for m in modes]}  # row -> the values OK steps through
        if modes and described is not None:
            self.game = described.name
            self.described = described
            self._configure_mode()
        else:  # not one game can be set up: only the self-test is left to offer
            self.game = None
            self.rows = ["selftest"]
            self.cursor = 0

    def _configure_mode(self):
        """Rebuild the rows and their values for the chosen mode or player count: the player
        counts, the humans kept within the seats, and each option's values at this table (a seat
        option offers the seats there are), keeping the value chosen so far, else the default."""
        choices = self.choices
        values = self.values
        mode = self.modes[values["mode"]]
        self.engine_name = mode.engine
        low, high = mode.seats
        counts = list(range(low, high + 1))
        choices["players"] = counts
        values["players"] = counts.index(self.seats_wanted) if self.seats_wanted in counts else 0
        n = self.n = self.seats_wanted = self.value("players")  # the seats at the table
        rows = ["play", "game", "mode", "players"]
        if mode.bots and self.described.bot is not None:
            rows.append("humans")
            choices["humans"] = range(1, n + 1)
            values["humans"] = min(values["humans"], n - 1)
            rows.append("level")
            choices["level"] = LEVELS
        names = []
        recalled = self.options_set()
        for name, offered, default in mode.rows:
            # the value chosen so far (in this mode or another), else the default
            keep = recalled.get(name, default)
            names.append(name)
            offered = row_values(offered, n)
            choices[name] = offered
            values[name] = offered.index(keep) if keep in offered else 0
        self.option_names = names
        self.rows = rows + names + ["selftest"]
        if self.cursor >= len(self.rows):
            self.cursor = 0

    def value(self, key):
        return self.choices[key][self.values[key]]

    def humans(self):
        """The humans at the table, or None when the mode seats no bots (every seat a person)."""
        return self.value("humans") if "humans" in self.rows else None

    def level(self):
        """The bots' level chosen, or None when the mode seats no bots."""
        return self.value("level") if "level" in self.rows else None

    def chosen(self):
        """The options of the mode as set: option -> value."""
        chosen = {}
        for name in self.option_names:
            chosen[name] = self.value(name)
        return chosen

    def options_set(self):
        """The game's options as set in any of its modes, those of the rows shown included."""
        recalled = self.recalled
        for name in self.option_names:
            recalled[name] = self.value(name)
        return recalled

    # -- buttons --------------------------------------------------------------------------------
    def pressed(self, button, now):
        if button != OK:
            return False
        app = self.app
        row = self.rows[self.cursor]
        if row == "play":  # when the game cannot start, the app shows why, with its error sound
            options = {"players": self.n}
            for name, value in self.modes[self.values["mode"]].fixed:
                options[name] = value
            for name in self.option_names:
                options[name] = self.value(name)
            bots = None
            humans = self.humans()
            level = self.level()
            if humans is not None:
                bot = BEGINNER if level == BEGINNER else self.described.bot
                bots = [None] * humans + [bot] * (self.n - humans)
            # started over the next turns; once it is, the settings are noted for next time
            app.begin_game(self.engine_name, options, bots,
                           (self.game, self.value("mode"), self.n, humans, self.chosen(), level), now)
            return True
        if row == "selftest":
            app.start_selftest(now, back_to=self)
            return True
        if row == "game" and self.game is not None:  # its values wait for the game's return
            entry = {"mode": self.value("mode"), "players": self.n, "options": self.options_set()}
            humans = self.humans()
            if humans is not None:
                entry["humans"] = humans
                entry["level"] = self.level()
            self.browsed[self.game] = entry
        self.values[row] = (self.values[row] + 1) % len(self.choices[row])
        if row == "players":
            self.seats_wanted = self.value(row)
        if row == "game":
            self._configure_game()
        elif row == "mode" or row == "players":  # the other rows change nothing else
            self._configure_mode()
        return app.moved()

    # -- output ---------------------------------------------------------------------------------
    def setup_words(self):
        """The chosen game's setup words in the table's language (self.labels, self.value_words),
        loaded when first asked for this game and language and held by the menu alone."""
        lang = self.app.lang
        if self.words_lang != lang:
            try:
                words = setup_words(self.described, lang)
                self.labels, self.value_words = words.LABELS, words.WORDS
            except ImportError:  # a game installed in part: its rows shown by their keys
                self.labels = self.value_words = _NO_WORDS
            self.words_lang = lang

    def line(self, row, selected):
        lang = self.app.lang
        if row == "play" or row == "selftest":
            return marked(selected, tr(lang, row))
        if row == "game":  # the name alone: "Jeu: Tanturlurette" is longer than a line
            return marked(selected, self.described.title)
        value = self.value(row)
        own = row in self.option_names  # one of the game's rows: its setup words word it
        if own:
            self.setup_words()
        if isinstance(value, bool):
            shown = tr(lang, "yes" if value else "no")
        elif is_seat_option(row):
            shown = seat_name(lang, value)
        elif row in NO_LIMIT_OPTIONS and value == 0:
            shown = tr(lang, "no_limit")
        elif isinstance(value, str):  # an option's word, or a mode's name (a shared word)
            shown = self.value_words.get(value, value) if own else tr(lang, value)
        else:
            shown = str(value)
        return menu_line(selected, self.labels.get(row, row) if own else tr(lang, row), shown)

    def length(self):
        """(median, 95th percentile) rounds of a game as set, or None for a game without a table
        (TANT_LENGTHS: Tanturlurette's, whatever the King and tie rules)."""
        if self.game != "tanturlurette":
            return None
        values = self.values
        caps = len(self.choices["reentry_cap"])
        i = (self.n - self.modes[values["mode"]].seats[0]) * len(self.choices["circles"]) + values["circles"]
        i = 2 * (i * (1 + caps) + (1 + values["reentry_cap"] if self.value("reentry") else 0))
        return length_rounds(TANT_LENGTHS[i]), length_rounds(TANT_LENGTHS[i + 1])

    def lines(self):
        lang = self.app.lang
        current = self.rows[self.cursor]
        length = self.length()
        shown = 7 if length is None else 6  # the rows on screen, the cursor's among them
        first = max(0, self.cursor - shown + 1)
        out = [] if self.game else [tr(lang, "no_game")]
        for row in self.rows[first:first + shown]:
            out.append(self.line(row, row == current))
        if length is not None:  # "~26 tours, <69"; the comma goes when a line has no room for it
            line = tr(lang, "length") % length
            out.append(line if len(line) <= 16 else line.replace(",", ""))
        out.append(tr(lang, "menu_hint"))
        return out

    def draw(self, frame, now):
        CursorMenu.draw(self, frame, now)
        board = self.app.board
        row = self.rows[self.cursor]
        if row == "selftest":  # red, green and blue dots: the colours the self-test sweeps
            for i in range(3):
                board.dot(frame, i, 3, _SELFTEST_COLOURS[i], 256, 1)
            return
        if row == "play":
            if blink_on(now):
                board.centre_led(frame, CONFIRM)
            row = "humans" if "humans" in self.rows else "players"
        value = self.value(row)
        if row == "players" or row == "humans" or is_seat_option(row):
            for s in range(self.n):
                if is_seat_option(row):  # every seat dim, the chosen one bright
                    level = 256 if s == value else 24
                else:  # the humans bright, the bots dim (every seat a human on the players row)
                    level = 256 if s < value else 40
                board.dot(frame, s, self.n, seat_colour(s), level, 1)
        elif isinstance(value, bool):  # yes: two green dots; no: one red
            board.dots(frame, 2 if value else 1, 2, CONFIRM if value else ALERT, 256, 1)
        elif row in NO_LIMIT_OPTIONS and value == 0:
            board.dots(frame, _MAX_COUNT_DOTS, _MAX_COUNT_DOTS, CURSOR, 256, 1)
        else:
            offered = self.choices[row]  # the values of an option are all of one type
            if type(value) is int and (min(offered) >= 1 or row in NO_LIMIT_OPTIONS) and \
                    max(offered) <= _MAX_COUNT_DOTS:
                board.dots(frame, value, max(offered), CURSOR, 256, 1)  # a count: that many dots
            else:
                board.dots(frame, self.values[row] + 1, len(offered) + 1, CURSOR, 256, 1)


class GameMenu(CursorMenu):
    """Long BACK (or KEEP+SWAP held) during a game: continue, undo, redo, or a new game, in every
    mode. KEEP and SWAP move the cursor; holding OK does what the row says, as confirming is
    holding OK on every screen (app/modes/base.py): a short OK does nothing but say so, with the
    error cue and a notice ("OK: tenir appuye"). A short BACK, or a long one, goes back to the
    game. Under the rows a hint says the keys.

    Undo takes back the last decision (with bots, back to the last human one) and Redo puts back
    what the undo took, the bots' moves included, both then back in the game; with nothing to
    take back or put back the row says so ("Annuler: rien") and OK stays in the menu, with the
    error cue and a notice. New game asks first ("Abandonner ?"): holding OK again abandons the
    game (archived, unfinished, as a finished one is) and opens the setup menu; KEEP, SWAP or
    BACK keep it and show the rows again, and a short OK there only says to hold it.

    Rules shows the game's rules a page at a time, in the table's language (games/<game>/
    help_<lang>.PAGES: pages of up to 7 lines of 16, loaded while they show and let go after):
    KEEP and SWAP page back and on, round, and OK or BACK go back to the rows. Reading them
    changes nothing in the game."""

    rows = ("continue", "undo", "redo", "rules", "new_game")

    def __init__(self, app, back_to):
        Mode.__init__(self, app)
        self.back_to = back_to
        self.asking = False  # the new game's confirmation is on screen
        self.pages = None  # the game's rules pages while they show, else None
        self.help = None  # their module's name, let go when they close
        self.page = 0

    def open_rules(self):
        app = self.app
        described = of_engine(app.session.game)[0]
        name = (described.package if described is not None else "games") + ".help_" + app.lang
        try:
            self.pages = load(name).PAGES
        except ImportError:  # a build without this game's pages: the rows say nothing changed
            app.sound(CUE_ERROR)
            return True
        self.help = name
        self.page = 0
        return app.moved()

    def close_rules(self):
        self.pages = None
        if self.help is not None:
            let_go(self.help)
        self.help = None
        return self.app.moved()

    def read_rules(self, event):
        """A press while the rules show: KEEP and SWAP turn the page, OK and BACK close them."""
        if event_kind(event) != PRESS:
            return False
        button = event_button(event)
        if button == OK or button == BACK:
            return self.close_rules()
        pages = self.pages or ()
        self.page = (self.page + (-1 if button == KEEP else 1)) % len(pages)
        return self.app.moved()

    def handle(self, event, now):
        button = event_button(event)
        kind = event_kind(event)
        if self.pages is not None:
            return self.read_rules(event)
        if button == OK and kind == LONG:
            if self.asking:
                self.app.finish_game(now)
                return True
            return self.act(self.rows[self.cursor], now)
        if button == OK and kind == PRESS:  # harmless: it only says how to confirm
            app = self.app
            app.sound(CUE_ERROR)
            app.notify([tr(app.lang, "hold_longer")], now)
            return True
        if not self.asking:
            return CursorMenu.handle(self, event, now)
        if kind == PRESS:  # KEEP, SWAP, BACK: the game is kept
            self.asking = False
            return self.app.moved()
        return False

    def pressed(self, button, now):
        return button == BACK and self.act(self.rows[0], now)  # BACK: continue

    def act(self, row, now):
        """Do what a row says (OK held on it, or BACK: continue); True (the screen changes)."""
        app = self.app
        session = app.session
        if row == "new_game":
            self.asking = True
            return app.moved()
        if row == "rules":
            return self.open_rules()
        if (row == "undo" and not session.can_undo()) or (row == "redo" and not session.can_redo()):
            app.sound(CUE_ERROR)  # stay: the row already says there is nothing to do
            app.notify([tr(app.lang, "nothing_" + row)], now)
            return True
        game = self.back_to
        app.switch(game, now)
        if row == "undo":
            app.undo(now)
        elif row == "redo":
            app.redo(now)  # the bots' moves the undo took are redone too, a loop turn each
        return True

    def draw(self, frame, now):
        CursorMenu.draw(self, frame, now)
        if self.asking and blink_on(now):  # the centre blinks red: the game is at stake
            self.app.board.centre_led(frame, ALERT)

    def lines(self):
        lang = self.app.lang
        if self.asking:
            return [tr(lang, "abandon_ask"), tr(lang, "abandon_yes"), tr(lang, "abandon_no")]
        if self.pages is not None:
            return list(self.pages[self.page]) + [tr(lang, "rules_page") % (self.page + 1, len(self.pages))]
        session = self.app.session
        current = self.rows[self.cursor]
        out = []
        for row in self.rows:
            key = row
            if (row == "undo" and not session.can_undo()) or (row == "redo" and not session.can_redo()):
                key = row + "_none"
            out.append(marked(row == current, tr(lang, key)))
        out.append(tr(lang, "rows_hint"))  # no blank line: a notice above hides only the last hint
        out.append(tr(lang, "hold_confirm"))
        out.append(tr(lang, "back_hint"))
        return out
