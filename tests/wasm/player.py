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
"""

# Only modules the firmware has loaded by the time the player starts (after the boot): importing
# one of its modules sooner would count it in the phase before the firmware needs it.
from app.buttons import BACK, KEEP, OK, SWAP
from engine.core import TABLE
from engine.rng import Rng
from games import installed

PRESS_TURNS = 8  # 80 ms held: past the debounce, short of a long press
GAP_TURNS = 6
LONG_TURNS = 80  # 800 ms: past long_ms (700)
PUB_GAMES = ("bourre", "piccolo", "acheron")
FIRMWARE_PACKAGES = ("app", "engine", "store", "proto", "hw_esp32")
MAX_TURNS = 400000  # per phase: far beyond any whole game, short of a hang
# a short session's games: (row, value) of the game's length, the shortest the menu offers
SHORT = {"tanturlurette": ("circles", 2), "bourre": ("deals", 1), "piccolo": ("target", 21),
         "acheron": ("target", 50)}


class PhaseStuck(RuntimeError):
    pass


class Player:
    """only: the names of the phases to play after the self-test (empty: all of them); a first
    boot always runs the self-test."""

    def __init__(self, board, only=(), seed=5, short=False):
        self.board = board
        self.short = short
        self.app = board.app
        self.rng = Rng(seed)
        self.held = 0
        self.phases = phases_for(self.app, only)
        self.phase = 0  # the index in self.phases of the phase playing
        self.script = None
        self.wait = 0
        self.phase_turns = 0

    def names(self):
        return [name for name, _ in self.phases]

    def modules(self):
        """The firmware's modules loaded now, by name, space-separated."""
        import sys

        return " ".join(sorted(name for name in sys.modules if name.split(".")[0] in FIRMWARE_PACKAGES))

    def context(self):
        """Where the session stands, in a few words: the mode, and the game's move and round."""
        session = self.app.session
        where = type(self.app.mode).__name__
        if session.state is not None and not session.finished:
            where += " %s move %d round %d" % (session.game, len(session.state.moves), session.state.round)
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
        self.board.turn()
        self.wait -= 1
        return 2 * self.phase + (1 if self.app.mode.in_game else 0)

    # -- the buttons ----------------------------------------------------------------------------
    def set(self, mask):
        self.held = mask
        self.board.set_buttons(mask)

    def press(self, button, turns=PRESS_TURNS):
        self.set(self.held | 1 << button)
        yield turns
        self.set(self.held & ~(1 << button))
        yield GAP_TURNS

    def long(self, button):
        yield from self.press(button, LONG_TURNS)

    # -- the setup menu -------------------------------------------------------------------------
    def menu(self):
        mode = self.app.mode
        if type(mode).__name__ != "SetupMenu":  # by name: importing the menus would load them
            raise PhaseStuck("the setup menu was expected; the OLED shows %r" % (self.app.text,))
        return mode

    def to_row(self, row):
        """The cursor to the row, up (KEEP) or down (SWAP): the menu does not wrap."""
        menu = self.menu()
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
        yield from self.to_row("play")
        yield from self.press(OK)
        for _ in range(10):  # the start takes a few loop turns (app.core.App.begin_game)
            if self.app.mode.in_game:
                break
            yield 1
        if not self.app.mode.in_game:
            raise PhaseStuck("the game did not start: %r" % (self.app.text,))

    def back_to_menu(self):
        """At the end of a game: OK until the setup menu shows (the game archived)."""
        for _ in range(10):
            if type(self.app.mode).__name__ == "SetupMenu":
                if not self.app.session.finished:
                    raise PhaseStuck("back in the menu, but the game was not archived")
                return
            yield from self.press(OK)
            yield 50
        raise PhaseStuck("no way back to the menu from %r" % (self.app.text,))

    def largest_table(self, game, mode):
        """The most players the menu offers for game in mode."""
        yield from self.choose("game", game)
        yield from self.choose("mode", mode)
        counts = self.menu().choices["players"]
        yield from self.choose("players", max(counts))


def phases_for(app, only=()):
    """(name, generator function) of each phase, for the games this build has."""
    phases = [("menu", browse_menu), ("tant_deck", tant_deck), ("tant_board", tant_board)]
    for game in PUB_GAMES:
        if installed(game):
            phases.append((game, pub_game(game)))
    unknown = [name for name in only if name not in [n for n, _ in phases]]
    if unknown:
        raise ValueError("no phase %s in this build (its phases: %s)"
                         % (", ".join(unknown), ", ".join(n for n, _ in phases)))
    return [("selftest", selftest)] + [(n, f) for n, f in phases if not only or n in only]


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
                yield from player.long(OK)
            else:
                yield 10
        yield 100
        yield from player.back_to_menu()

    return phase
