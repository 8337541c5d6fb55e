"""The session the heap bench plays on the WebAssembly port, as a person would, with the buttons.

Each phase is a generator: it reads the app (the mode, the engine state, as a player reads the
ring and the OLED), sets the button levels through web_board.Board.set_buttons, and yields how many
loop turns to run before it looks again. Player.turn() runs exactly one loop turn per call, so
JavaScript, which calls it, gets control back between turns (the port collects only then) and
reads the heap there.

The phases (PHASES, in order; a build without a pub game has no phase for it):
  selftest      the first boot's self-test: the sweep of every ring, each button pressed, long OK
  menu          the setup menu browsed through every game: each row visited, each mode shown
  tant_deck     8-player Tanturlurette, the device deals: seat 0 peeks and decides, 7 bots
  tant_board    8-player Tanturlurette on real cards: every seat a person, the losers marked
  bourre, piccolo, acheron   a whole game of each at its largest table, one human and bots
Every game ends back in the setup menu, archived. A phase that does not reach its end within its
turn limit raises, naming where it stood.

short: every game as short as its setup rows let it be (SHORT: the fewest circles, deals or
points to play to), at the same table; the menu, the self-test and the boot are the same.

The scenarios (tests/bench/wasm_heap.py names them) vary the session with these, each counted in
turns or decisions, never in time:
  seed         the player's own choices (tant_board's losers); the board's seed (its deals) is
               session.mjs's --seed
  longest      every game as long as its setup rows let it be (the most circles, deals or points)
  host_every   a host on the serial line: every host_every turns, once the line's last command
               was read, one more command line arrives (HOST_COMMANDS in turn: get_state,
               list_games, pull_game paging through every finished game, as a host tool pulls)
  storm_every  an undo/redo storm every storm_every human decisions, mid-game: STORM undos in a
               row through the game menu (long BACK, the Undo row, OK held), then as many redos
               (the Redo row), back where the game stood; a round's start stops the undos early,
               and if the last undo left a bot to act, it plays on and there is less to redo
  twice        every game's phase played again after the first pass (named <phase>_2)
"""

# Only modules the firmware has loaded by the time the player starts (after the boot): importing
# one of its modules sooner would count it in the phase before the firmware needs it.
from app.buttons import BACK, KEEP, OK, SWAP
from engine.core import TABLE
from engine.rng import Rng
from games import installed

PRESS_TURNS = 8  # 80 ms held: past the debounce, short of a long press
GAP_TURNS = 6
START_TURNS = 300  # 3 s: what a player waits for the game to show after Play
LONG_TURNS = 80  # 800 ms: past long_ms (700)
PUB_GAMES = ("bourre", "piccolo", "acheron")
FIRMWARE_PACKAGES = ("app", "engine", "store", "proto", "hw_esp32")
MAX_TURNS = 900000  # per phase: far beyond any whole game (Piccolo to 61), short of a hang
# a short session's games: (row, value) of the game's length, the shortest the menu offers
SHORT = {"tanturlurette": ("circles", 2), "bourre": ("deals", 1), "piccolo": ("target", 21),
         "acheron": ("target", 50)}
STORM = 12  # undos in a row in a storm, then as many redos
# what a host sends, in turn (pull_game's line is made when sent: the game and page it is at)
HOST_COMMANDS = (b'{"cmd": "get_state", "id": 1}\n', b'{"cmd": "list_games", "id": 2}\n', None)
PULL_PAGE = 32  # proto.commands.PAGE, read from it once the host's first line loaded it


class PhaseStuck(RuntimeError):
    pass


class Player:
    """only: the names of the phases to play after the self-test (empty: all of them); a first
    boot always runs the self-test."""

    def __init__(self, board, only=(), seed=5, short=False, longest=False, host_every=0,
                 storm_every=0, twice=False):
        self.board = board
        self.short = short
        self.longest = longest
        self.app = board.app
        self.rng = Rng(seed)
        self.held = 0
        self.phases = phases_for(self.app, only, twice)
        self.phase = 0  # the index in self.phases of the phase playing
        self.script = None
        self.wait = 0
        self.phase_turns = 0
        self.host_every = host_every
        self.host_wait = host_every
        self.host_sent = 0  # command lines the host sent
        self.finished = []  # the moves of each game finished, in the history's order
        self.pulling = [1, 0]  # the game (its history id) and the move the next pull_game asks for
        self.storm_every = storm_every
        self.decisions = 0  # the human decisions so far
        self.stormed = False  # a storm came before the decision to make
        self.storms = 0
        self.undone = 0  # undos and redos the storms did

    def names(self):
        return [name for name, _ in self.phases]

    def played(self):
        """What the scenario did, as JSON (read once, at the end): the moves of each game finished,
        the host's command lines, the storms and the undos and redos they made."""
        import json

        return json.dumps({"games": self.finished, "host_lines": self.host_sent, "decisions": self.decisions,
                           "storms": self.storms, "undone": self.undone})

    def modules(self):
        """The firmware's modules loaded now, by name, space-separated."""
        import sys

        return " ".join(sorted(name for name in sys.modules if name.split(".")[0] in FIRMWARE_PACKAGES))

    def context(self):
        """Where the session stands, in a few words: the mode, and the game's move and round."""
        session = self.app.session
        where = type(self.app.mode).__name__
        # the state as it stands: reading session.state would finish an undo's replay here, in
        # the harness, which the app spreads over its loop turns (Session.advance)
        state = session._state
        if state is not None and not session.finished:
            where += " %s move %d round %d" % (session.game, len(state.moves), state.round)
            if session.rebuilding is not None:
                where += " (undo replaying)"
        return where

    def turn(self):
        """Run one loop turn; returns 2 * the index of the phase it belongs to, plus 1 if a game
        was being played (not the menus nor the self-test), or -1 once all phases are done."""
        while self.wait <= 0:
            if self.phase >= len(self.phases):
                return -1
            if self.script is None:
                self.script = self.phases[self.phase][1](self)
                self.phase_turns = 0
            try:
                self.wait = next(self.script)
            except StopIteration:
                self.script = None
                self.phase += 1
        self.phase_turns += 1
        if self.phase_turns > MAX_TURNS:
            raise PhaseStuck("%s: no end after %d turns; the OLED shows %r"
                             % (self.phases[self.phase][0], MAX_TURNS, self.app.text))
        if self.host_every:
            self.host_turn()
        self.board.turn()
        self.wait -= 1
        return 2 * self.phase + (1 if self.app.mode.in_game else 0)

    # -- a host on the serial line ---------------------------------------------------------------
    def host_turn(self):
        """Count a turn; every host_every turns, the host's next command line, once the device has
        read the last one (the port holds one line here, as a host waits for its answer)."""
        self.host_wait -= 1
        serial = self.board.serial
        if self.host_wait > 0 or serial.incoming is not None:
            return
        self.host_wait = self.host_every
        line = HOST_COMMANDS[self.host_sent % len(HOST_COMMANDS)]
        self.host_sent += 1
        serial.incoming = line if line is not None else self.pull_line()

    def pull_line(self):
        """pull_game's next page: each finished game from its first move to its last, a page at a
        time, then the next game, and round again (game 1 before any game is finished: refused)."""
        import sys

        commands = sys.modules.get("proto.commands")
        page = commands.PAGE if commands is not None else PULL_PAGE
        game, start = self.pulling
        line = b'{"cmd": "pull_game", "id": 3, "game_id": %d, "start": %d}\n' % (game, start)
        start += page
        if game > len(self.finished) or start > self.finished[game - 1]:
            game = game + 1 if game < len(self.finished) else 1
            start = 0
        self.pulling = [game, start]
        return line

    # -- the buttons ----------------------------------------------------------------------------
    def set(self, mask):
        self.held = mask
        self.board.set_buttons(mask)

    def press(self, button, turns=PRESS_TURNS):
        """Press and release; then, as a player watching the screen would, wait until the device
        has handled the press (app.loop leaves the keys in the debouncer while a host's command
        or an undo is under way)."""
        self.set(self.held | 1 << button)
        yield turns
        self.set(self.held & ~(1 << button))
        yield GAP_TURNS
        while self.board.debouncer.pending():
            yield 1

    def long(self, button):
        yield from self.press(button, LONG_TURNS)

    # -- the setup menu -------------------------------------------------------------------------
    def menu(self):
        mode = self.app.mode
        if type(mode).__name__ != "SetupMenu":  # by name: importing the menus would load them
            raise PhaseStuck("the setup menu was expected; the OLED shows %r" % (self.app.text,))
        return mode

    def to_row(self, row, menu=None):
        """The cursor to the row, up (KEEP) or down (SWAP): the setup menu does not wrap (menu:
        another cursor menu, the game menu)."""
        menu = menu or self.menu()
        if row not in menu.rows:
            raise PhaseStuck("menu row %s not found in %r" % (row, menu.rows))
        for _ in range(len(menu.rows)):
            at = menu.rows.index(row)
            if menu.cursor == at:
                return
            yield from self.press(SWAP if menu.cursor < at else KEEP)
        raise PhaseStuck("menu row %s not reached in %r" % (row, menu.rows))

    def choose(self, row, value):
        yield from self.to_row(row)
        menu = self.menu()
        for _ in range(len(menu.choices[row])):
            if menu.value(row) == value:
                return
            yield from self.press(OK)
        raise PhaseStuck("menu row %s never showed %r" % (row, value))

    def play(self, settings):
        """Choose each (row, value) in order, then OK on the Play row; the game must start. In a
        short session the game's length row comes last, set to its shortest."""
        for row, value in settings:
            yield from self.choose(row, value)
        if self.short:
            yield from self.choose(*SHORT[self.menu().game])
        if self.longest:
            row = SHORT[self.menu().game][0]
            yield from self.choose(row, max(self.menu().choices[row]))
        yield from self.to_row("play")
        yield from self.press(OK)
        # the start takes a few app turns (app.core.App.begin_game), and while a host's command
        # is under way the app has one turn in proto.link.APP_WAIT_TURNS + 1: a player waits
        for _ in range(START_TURNS):
            if self.app.mode.in_game:
                break
            yield 1
        if not self.app.mode.in_game:
            raise PhaseStuck("the game did not start: %r" % (self.app.text,))

    def back_to_menu(self):
        """At the end of a game: OK until the setup menu shows (the game archived)."""
        self.finished.append(len(self.app.session.state.moves))
        for _ in range(10):
            if type(self.app.mode).__name__ == "SetupMenu":
                if not self.app.session.finished:
                    raise PhaseStuck("back in the menu, but the game was not archived")
                return
            yield from self.press(OK)
            yield 50
        raise PhaseStuck("no way back to the menu from %r" % (self.app.text,))

    # -- the game menu's undo and redo ---------------------------------------------------------
    def decided(self):
        """A human decision is to be made: every storm_every of them, an undo/redo storm first.
        Returns True after a storm: the caller reads the game again before it decides."""
        if self.stormed:  # the decision the last storm came before: made now
            self.stormed = False
            return False
        self.decisions += 1
        if not self.storm_every or self.decisions % self.storm_every:
            return False
        self.stormed = True
        self.storms += 1
        session = self.app.session
        moves = len(session.state.moves)
        undone = 0
        while undone < STORM and (yield from self.game_menu_row("undo")):
            undone += 1
        redone = 0
        while redone < undone and (yield from self.game_menu_row("redo")):
            redone += 1
        self.undone += undone + redone
        if redone == undone and len(session.state.moves) != moves:
            raise PhaseStuck("the storm's redos left the game at move %d, not %d"
                             % (len(session.state.moves), moves))
        return True

    def game_menu_row(self, row):
        """Open the game menu (long BACK), go to row and hold OK on it: back in the game. Returns
        False, back in the game by a short BACK, when the row says there is nothing to do."""
        game = self.app.mode
        yield from self.long(BACK)
        menu = self.app.mode
        if type(menu).__name__ != "GameMenu":
            raise PhaseStuck("a long BACK did not open the game menu: %r" % (self.app.text,))
        session = self.app.session
        if not (session.can_undo() if row == "undo" else session.can_redo()):
            yield from self.press(BACK)
            if self.app.mode is not game:
                raise PhaseStuck("BACK did not leave the game menu: %r" % (self.app.text,))
            return False
        yield from self.to_row(row, menu)
        yield from self.long(OK)
        if self.app.mode is not game:
            raise PhaseStuck("the game menu's %s did not go back to the game: %r" % (row, self.app.text))
        return True

    def largest_table(self, game, mode):
        """The most players the menu offers for game in mode."""
        yield from self.choose("game", game)
        yield from self.choose("mode", mode)
        counts = self.menu().choices["players"]
        yield from self.choose("players", max(counts))


def phases_for(app, only=(), twice=False):
    """(name, generator function) of each phase, for the games this build has; twice: every
    game's phase played again after them all."""
    phases = [("menu", browse_menu), ("tant_deck", tant_deck), ("tant_board", tant_board)]
    for game in PUB_GAMES:
        if installed(game):
            phases.append((game, pub_game(game)))
    unknown = [name for name in only if name not in [n for n, _ in phases]]
    if unknown:
        raise ValueError("no phase %s in this build (its phases: %s)"
                         % (", ".join(unknown), ", ".join(n for n, _ in phases)))
    chosen = [(n, f) for n, f in phases if not only or n in only]
    if twice:
        chosen += [(n + "_2", f) for n, f in chosen if n != "menu"]
    return [("selftest", selftest)] + chosen


def selftest(player):
    app = player.app
    mode = app.mode
    if type(mode).__name__ != "SelfTestMode":
        raise PhaseStuck("a first boot must start in the self-test; it shows %r" % (app.text,))
    yield mode.sweep_steps * 35 + 20  # STEP_MS (350 ms) per ring and colour: the whole sweep
    for button in (KEEP, SWAP, OK, BACK):
        yield from player.press(button)
    if not mode.passed:
        raise PhaseStuck("the self-test saw every button but did not pass: %r" % (app.text,))
    yield from player.long(OK)
    yield 20
    player.menu()


def browse_menu(player):
    """Every game in turn: each of its rows visited, each of its modes shown, then the next game,
    until the menu is back on the first one."""
    menu = player.menu()
    first = menu.game
    for _ in range(len(menu.games)):
        for _ in range(len(menu.rows)):  # down every row: the menu stops at the last one
            yield from player.press(SWAP)
        yield from player.to_row("mode")
        for _ in range(len(menu.choices["mode"])):  # each mode, back to the first
            yield from player.press(OK)
        yield from player.to_row("game")
        yield from player.press(OK)
        menu = player.menu()
    if menu.game != first:
        raise PhaseStuck("the games did not come round to %s: %s" % (first, menu.game))


def tant_deck(player):
    from games.tanturlurette.rules import PH_OFFER, PH_OVER

    app = player.app
    yield from player.play((("game", "tanturlurette"), ("mode", "deck"), ("players", 8),
                            ("humans", 1)))
    mode = app.mode
    while True:
        state = app.session.state
        if state.phase == PH_OVER:
            break
        seat = state.current_player()
        if mode.reveal:
            yield from player.press(OK)
        elif seat >= 0 and app.is_human(seat):
            if (yield from player.decided()):
                continue
            player.set(1 << OK)  # hold OK: the card shows on the OLED
            yield 10
            player.set(0)
            yield GAP_TURNS
            card = state.offer if state.phase == PH_OFFER and seat != state.dealer else state.hand[seat]
            yield from player.press(KEEP if card >> 2 >= 6 else SWAP)
        else:
            yield 10
    yield from player.back_to_menu()


def tant_board(player):
    from games.tanturlurette.rules import PH_OVER

    app = player.app
    rng = player.rng
    yield from player.play((("game", "tanturlurette"), ("mode", "board"), ("players", 8)))
    mode = app.mode
    while True:
        state = app.session.state
        if state.phase == PH_OVER:
            break
        seat = state.current_player()
        if seat == TABLE:  # one loser, now and then two, among the seats still in
            live = [s for s in range(state.n) if not state.out[s]]
            mask = 1 << live[rng.below(len(live))]
            if rng.below(4) == 0:
                mask |= 1 << live[rng.below(len(live))]
            yield from mark_losers(player, mode, state.n, mask)
        elif seat >= 0:
            if (yield from player.decided()):
                continue
            yield from player.press(KEEP if rng.below(2) else SWAP)
        else:
            yield 10
    yield from player.back_to_menu()


def mark_losers(player, mode, n, mask):
    """SWAP moves the cursor round the seats and on to the centre; a short OK marks a seat, a long
    one on the centre confirms (a short OK never plays)."""
    for seat in range(n):
        if mask >> seat & 1:
            for _ in range(n + 1):
                if mode.cursor == seat:
                    break
                yield from player.press(SWAP)
            yield from player.press(OK)
    for _ in range(n + 1):
        if mode.cursor == n:
            break
        yield from player.press(SWAP)
    yield from player.long(OK)


def pub_game(game):
    def phase(player):
        app = player.app
        yield from player.largest_table(game, "table")
        yield from player.play((("humans", 1),))
        while not app.session.state.is_over():
            seat = app.session.state.current_player()
            if seat == 0 or seat == TABLE:  # the human plays the first action shown: OK held
                if (yield from player.decided()):
                    continue
                yield from player.long(OK)
            else:
                yield 10
        yield 100
        yield from player.back_to_menu()

    return phase
