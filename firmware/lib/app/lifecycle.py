"""A game's start and its finish, each spread over loop turns so that no turn holds all of it.

On this heap the garbage of a turn is collected only between turns (the board's collector runs
when the heap is short, the WebAssembly port's between calls): the code of the game that ends,
the menu's, the next game's engine and its first snapshot must not all be live, garbage
included, in one turn. So App.begin_game (Play) makes a GameStart and App.finish_game (past the
result) a GameFinish, held in App.passage while it lasts; each loop turn App.tick hands it the
turn (turn(app, now): True when something visible changed) instead of the mode's tick, and
App.handle gives the buttons to no mode. On its last turn the passage takes itself out of
App.passage before doing that turn's work, so that a MemoryError there (app.loop says it and
plays on) is not met again at every turn after; the App then lets go of this module
(app.core.LIFECYCLE): a game playing holds none of it. The work itself is the App's (show_game,
put_away_game, to_setup) but for what the start and the finish alone do: loading the game's
code (load_game), the session's new game (make_game) and the archive (GameFinish).

GameStart's fields: game (the engine module), options, bots, remember (the settings noted for
the menu the turn after the game shows: App.note_setup), checked (the game's descriptor when it
has a data file to check, Achéron's deck; else None), step (the next turn's, below) and why
(None, or why the game could not start, as the log says it: the OLED words it, make_game).
"""

from engine.compat import const
from games import bots_of, check_problem, game_module, of_engine, words_of

from app.i18n import setup_refusal
from app.memory import load

# GameStart's steps, a loop turn each (step: the work of the next turn)
LOADED = const(0)  # Play's own turn: begin_game let go of other games' code, loaded this one's
# (a checked game's code waits for LOAD)
CHECK = const(1)  # a checked game's data read (its check keeps what it read: 14 KB of garbage),
# before its code is loaded: the most heap a start needed was this turn with Achéron's code live
LOAD = const(6)  # a checked game's code loaded
MAKE = const(2)  # the session's new game, its state and first snapshot; the menu still shows
SHOW = const(3)  # its screen; the turn after, the App notes its settings for the menu
STARTED = const(4)  # the game shows
FAILED = const(5)  # it could not start: said on the OLED, and Play may be pressed again

# GameFinish's steps
ARCHIVED = const(0)  # finish_game's own turn: the game went to the history
PUT_AWAY = const(1)  # its state and code let go, its screen kept (Unchanged)
TO_MENU = const(2)  # the setup menu opens
FINISHED = const(3)


def make_game(app, game, options, bots, now):
    """The session's new game: its state and first snapshot. None when made, else why it cannot
    start, as the log says it, after the OLED has said it in the table's language."""
    try:
        app.session.new_game(game, options, bots=bots)
    except (ValueError, OSError, ImportError) as err:  # BadOptions, bad seats, a missing file
        why = "cannot start %s: %s" % (game, err)
        app.log_error(why)
        app.show_error(setup_refusal(app.lang, err, of_engine(game)[0]), now)
        return why
    return None


def load_game(app, game):
    """Import the code a start of the game played by the engine named `game` needs: its engine,
    its words, the mode that shows it and its bots (games.bots_of). Raises as the start would
    (ImportError, BadRecord)."""
    game_module(game)
    described, mode = of_engine(game)
    if described is None or mode is None:
        return
    words_of(game)
    bots_of(game)
    load(mode.screen[:mode.screen.rfind(".")])


class GameStart:
    def __init__(self, app, game, options, bots, remember):
        """Play's turn: the game's code loaded (load_game), other games' let go already; a
        checked game's waits for its data's check (LOAD)."""
        described = of_engine(game)[0]
        self.checked = described if described is not None and described.checked else None
        if self.checked is None:
            try:
                load_game(app, game)
            except Exception:  # the make meets it again, and says why
                pass
        self.game = game
        self.options = options
        self.bots = bots
        self.remember = remember
        self.step = LOADED
        self.why = None

    def turn(self, app, now):
        step = self.step
        if step == LOADED:  # its code loaded in the turn's events: nothing more in this one
            self.step = CHECK if self.checked is not None else MAKE
            return False
        if step == CHECK:
            self.step = LOAD
            check_problem(self.checked)  # a problem: the make meets it, and says why
            return False
        if step == LOAD:
            self.step = MAKE
            try:
                load_game(app, self.game)
            except Exception:  # the make meets it again, and says why
                pass
            return False
        if step == MAKE:
            self.step = SHOW
            self.why = make_game(app, self.game, self.options, self.bots, now)
            if self.why is not None:  # said: the setup menu stays, Play may be pressed again
                self.step = FAILED
                app.passage = None
                return True
            return False
        self.step = STARTED
        app.passage = None
        app.show_game(self.game, now, self.remember)
        return True


class GameFinish:
    def __init__(self, app):
        """The game archived (App.finish_game's turn), the menu's memory noted first if the game
        ended in the turn after it showed."""
        app.note_setup()
        session = app.session
        if session.state is not None and not session.finished:
            session.finish(abandon=not session.state.is_over())
        self.step = ARCHIVED

    def turn(self, app, now):
        step = self.step
        if step == ARCHIVED:  # archived in the turn's events: nothing more in this one
            self.step = PUT_AWAY
            return False
        if step == PUT_AWAY:
            self.step = TO_MENU
            app.put_away_game(now)
            return False
        self.step = FINISHED
        app.passage = None
        app.to_setup(now)
        return True
