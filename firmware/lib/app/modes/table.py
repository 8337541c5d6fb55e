"""Table play for any engine game: bots in their seats, humans choosing among the legal actions.

The seat to act (or the whole table, for a TABLE decision) cycles through its legal actions with
KEEP (back) and SWAP (on), and holding OK (a long press) plays the one shown: a short OK never
plays (app/modes/base.py's rule). A short OK shows the hand of the seat to act on the OLED, the
peek, when a human is to act, and a second one hides it. While a bot is to act, KEEP and SWAP go
through the state's table_actions() (what anyone may enter at any moment, e.g. Achéron's naming
slips), when it has some, and a long OK enters the one shown. Undo is in the game menu (long
BACK, or KEEP and SWAP together). The words (the header, a move, the peek) are the game's words
module's (app/words/<game>.py). Chance (deals, draws) is resolved by the device. The ring shows
each seat's standing as a bar (scaled to the game's target, or to the leader) and blinks the
seat to act.
"""

from array import array

from engine.core import CHANCE, TABLE
from engine.registry import game_module

from app.board import blink_on
from app.buttons import KEEP, LONG, OK, PRESS, SWAP
from app.clock import ticks_add, ticks_diff
from app.colours import CURSOR, seat_colour
from app.cues import CUE_ACT, CUE_TURN, CUE_WIN
from app.i18n import pack, seat_name, tr
from app.modes.base import Mode

BOT_MS = 700
MAX_SEATS = 8


class GameMode(Mode):
    """What table play and scorekeeping share: bots, chance, standings on the ring, the end."""

    in_game = True

    def __init__(self, app):
        Mode.__init__(self, app)
        session = app.session
        self.module = game_module(session.game)
        self.words = app.words()
        self.n = session.state.seats()
        self.bots = [None] * self.n
        names = session.bots or []
        if names:
            bots_module = __import__("engine." + session.game + "_bots", None, None, ["BOTS"])
            table = bots_module.BOTS
            for s in range(self.n):
                name = names[s] if s < len(names) else None
                if name is not None and name not in table:  # saved by firmware with other bots
                    app.log("error", {"message": "unknown bot %r at seat %d" % (name, s)})
                    name = sorted(table)[0]
                if name is not None:
                    self.bots[s] = table[name]()
        self.standing = array("i", [0] * MAX_SEATS)
        self.full = 1  # the bar length the standings are scaled to
        self.next_at = 0
        self.announced = -1
        self.told_lines = []  # the last facts told (app.core: told), oldest first

    def enter(self, now):
        self.app.board.setup(self.n, self.app.board.rings)
        self.next_at = ticks_add(now, BOT_MS)
        self.refresh(now)

    def resync(self, now):
        self.announced = -1
        del self.told_lines[:]  # what was told may have been taken back
        self.enter(now)

    def refresh(self, now):
        """Cache what draw() needs, so drawing allocates nothing."""
        state = self.app.session.state
        standings = state.standings()
        top = 1
        for s in range(self.n):
            v = standings[s]
            self.standing[s] = v
            if v > top:
                top = v
        target = state.target()
        self.full = target or top
        self.app.touch()

    def human_to_act(self):
        player = self.app.session.state.current_player()
        return player == TABLE or (player >= 0 and self.bots[player] is None)

    def play(self, action, now):
        app = self.app
        player = app.session.state.current_player()
        if not app.act(action, now):
            self.next_at = ticks_add(now, BOT_MS)  # a refused bot retries at a bot's pace
            return False
        if player != CHANCE:
            app.sound(CUE_ACT)
        if app.session.state.is_over():
            app.sound(CUE_WIN)
        self.next_at = ticks_add(now, BOT_MS)
        self.after_play(now)
        self.refresh(now)
        return True

    def after_play(self, now):
        pass

    def told(self, line, kind, now):
        lines = self.told_lines
        lines.append(line)
        while len(lines) > 2:
            lines.pop(0)

    def tick(self, now):
        app = self.app
        state = app.session.state
        player = state.current_player()
        if player == CHANCE:
            return self.play(app.session.chance_outcome(app.rng), now)
        if player >= 0 and self.bots[player] is not None:
            # a bot waits while a button is held: what a person is entering (a naming slip
            # during the bot's turn, held to confirm) stays what the screen shows
            if not app.held() and ticks_diff(now, self.next_at) >= 0:
                return self.play(self.bots[player].choose(state, player, app.rng), now)
            return False
        if not state.is_over() and self.announced != len(state.moves):
            self.announced = len(state.moves)
            app.sound(CUE_TURN)
        return False

    def highlighted(self):
        """The seat to blink: the one to act."""
        return self.app.session.state.current_player()

    def draw(self, frame, now):
        board = self.app.board
        on = blink_on(now)
        lit = self.highlighted()
        over = self.app.session.state.is_over()
        for s in range(self.n):
            colour = seat_colour(s)
            level = 0 if s == lit and not on else 256
            board.home(frame, s, colour, 96 if level else 0)
            board.bar(frame, s, self.standing[s], self.full, colour, level if not over else 160)
        if lit == TABLE and on:
            board.centre_led(frame, CURSOR)

    def standings_lines(self, lang):
        return pack(["%s %d" % (seat_name(lang, s), self.standing[s]) for s in range(self.n)])

    def handle_over(self, event, now):
        if event & 3 == PRESS and event >> 2 == OK:
            self.app.finish_game(now)
            return True
        return False

    def over_lines(self, lang):
        out = [tr(lang, "game_over")]
        out += self.standings_lines(lang)
        out.append(tr(lang, "to_menu"))
        return out


class TableMode(GameMode):
    def __init__(self, app):
        GameMode.__init__(self, app)
        self.legal = []
        self.cursor = 0
        self.peeking = False

    def refresh(self, now):
        GameMode.refresh(self, now)
        state = self.app.session.state
        player = state.current_player()
        if self.human_to_act():
            self.legal = state.legal_actions()
        else:
            self.legal = state.table_actions() if player >= 0 else []
        if self.cursor >= len(self.legal):
            self.cursor = 0
        self.peeking = False

    def after_play(self, now):
        self.cursor = 0

    def handle(self, event, now):
        app = self.app
        if app.session.state.is_over():
            return self.handle_over(event, now)
        if not self.legal:
            return False
        button = event >> 2
        kind = event & 3
        if button == OK and kind == LONG:  # the deliberate act: play the move shown
            return self.play(self.legal[self.cursor], now)
        if kind != PRESS:
            return False
        count = len(self.legal)
        if button == KEEP:
            self.cursor = (self.cursor - 1) % count
        elif button == SWAP:
            self.cursor = (self.cursor + 1) % count
        elif button == OK:  # harmless: the peek, shown or hidden
            if not self.human_to_act() or self.app.session.state.current_player() < 0:
                return False
            self.peeking = not self.peeking
            app.touch()
            return True
        else:
            return False
        return app.moved()

    def lines(self):
        app = self.app
        lang = app.lang
        state = app.session.state
        if state.is_over():
            return self.over_lines(lang)
        words = self.words
        out = [words.header(lang, state)] + self.told_lines[-1:]  # what just happened
        player = state.current_player()
        if player >= 0:
            name = seat_name(lang, player)
            out.append(tr(lang, "bot_thinks" if self.bots[player] is not None else "to_act") % name)
        if self.peeking and player >= 0:
            out += list(words.hand_lines(lang, state, player))[:4]
        elif self.legal:
            out.append("> " + words.action_label(lang, state, self.legal[self.cursor]))
            out.append(tr(lang, "choose"))
            if self.human_to_act() and player >= 0:
                out.append(tr(lang, "peek_hint"))
        out += self.standings_lines(lang)
        return out[:8]
