"""Table play for any engine game: bots in their seats, humans choosing among the legal actions.

The seat to act (or the whole table, for a TABLE decision) cycles through its legal actions with
KEEP (back) and SWAP (on), and holding OK (a long press) plays the one shown: a short OK never
plays (app/modes/base.py's rule). A short OK shows the hand of the seat to act on the OLED, the
peek, when a human is to act, and a second one hides it. While a bot is to act, KEEP and SWAP go
through the state's table_actions() (what anyone may enter at any moment, e.g. Achéron's naming
slips), when it has some, and a long OK enters the one shown. None is shown at first ("K/S:
penalite"): the first SWAP shows the first, KEEP the last, and stepping past either end shows
none again, so a held OK alone never enters a penalty, and a penalty against a seat is entered
only once someone stepped to that seat. Entering one shows none again (a second hold enters
nothing); one chosen stays chosen, by its seat, while the bots play on, until it is no longer
offered or a person is to act. A penalty against a human's own seat asks nothing more: the table
enters its slips, the human's own included (an honest player owns up), stepping to it is the
deliberate choice, and undo takes one back. A bot whose time has come waits while a button is
held (what is being entered stays on screen), and the line under the bot's says so. Undo is in
the game menu (long BACK, or KEEP and SWAP together). The words (the header, a move, the peek, the spread view) are
the game's words module's (games/<game>/words.py). Chance (deals, draws) is resolved by the device.
The ring shows each seat's standing as a bar (scaled to the game's target, or to the leader) and
blinks the seat to act; the seat that just acted has the marks beside its angle lit full for
ACTED_MS, and the seat a fact puts forward (the words' lit_seat: a trick's taker, a contract's
taker, a meld's player) has them flash white, twice the blink's pace, for LIT_MS.

The tip (issue 26): a person to act holds KEEP (a long KEEP does nothing else here) to ask what
the game's bot would do in the seat's place; the next tick works it out (app.tips, loaded for it
and let go, a bot's move's cost), the move offered becomes it and, while it stays offered, the
tip and its reason show under it (`Conseil: 7Ca`, `La moins chere`) until the next move. Asking
allocates nothing; the peek says how to ask (`Tenir K: conseil`).

The spread view: while something lies face up on the table for all to read (the words'
table_lines: Piccolo's sur-table hand once spread, P10), a person glances at it as at the hand
on the table. A short OK steps through the peek (a human to act), then the spread view, then
neither; anyone may open it during a bot's turn (a hint under the bot's line says so). It shows
the hand's owner and its cards, named and ordered as in the peek, then who is to act and the
move offered, and stays open while the play goes on (the cards follow what is left of the hand)
until a short OK closes it or there is nothing to read: the deal is over, or the hand's owner is
to act (his peek shows it).

What happened is told as it happens: the engine's facts, worded by the game's words module
(app.core logs each one), the last two under the header, and a bot acts only once the table had
time to read them (READ_MS after a move that told something, BOT_MS otherwise), on the mode's
clock, never blocking the loop. The seat that just acted is lit on the ring for a moment.

A move that ends a deal (the round changes) or the game opens the deal's reveal: every line that
move told (an Achéron deal's end, items, melds and points; a trick game's last trick and result),
after the lines told just before it as context, up to whole pages of _PAGE lines between the
header ("Fin de donne 2") and a footer. One page ends on "OK: suite"; more end on
"K/S 1/3 OK:suite", and KEEP and SWAP page back and on (round). Each page shows REVEAL_MS, then
the next one comes by itself, so a longer reveal gets more time (REVEAL_MS a page) and a table
that presses nothing still sees all of it; a page turned by a press gets its full time again.
After the last page's time the reveal ends by itself while the game goes on, and at the end of
the game only on an all-bot table: a person ends it with OK, and only then comes the game-over
screen: the winner or winners (in the engine's order), the pot and each seat's payoff for games
played for stakes, else the final standings. While the game goes on, a short OK only ends the
reveal, and any other whole press (PRESS or LONG, but not KEEP or SWAP on a reveal of several
pages) ends it and counts as usual, so a person to act is never held up; the release of the long
OK that ended the deal is half a press and leaves the reveal up. Bots and chance wait for it.
Kept lines are bounded: the last _KEPT told, all a move can tell (MAX_FACTS facts, each at most
two lines); the reveal copies at most _KEPT of them when it opens, and paging and drawing
allocate nothing (tests/micropython/test_table_tell.py locks the heap).
Seats show as the names the host gave, else J1..
"""

from array import array

from engine.core import CHANCE, MAX_FACTS, TABLE
from games import bots_of, default_bot, game_module, of_engine

from app.board import blink_on
from app.buttons import KEEP, LONG, OK, PRESS, SWAP, event_button, event_kind
from app.clock import ticks_add, ticks_diff
from app.colours import CURSOR, WHITE, seat_colour
from app.cues import CUE_ACT, CUE_TURN, CUE_WIN
from app.i18n import pack, signed, tr, wrap
from app.memory import let_go, load
from app.modes.base import Mode

BOT_MS = 700  # a bot's pace when nothing was told
READ_MS = 1800  # after a move that told something: a person reads two lines of 16
REVEAL_MS = 4000  # a page of a deal's reveal: then the next page, or the reveal ends
ACTED_MS = 1200  # how long the ring keeps the seat that acted lit
LIT_MS = 1500  # how long the ring flashes the seat a fact put forward (a trick's taker)
_FLASH_SHIFT = 7  # its marks flash every 128 ms: twice the pace of the seat to act's blink
MAX_SEATS = 8
_SHOWN = 2  # told lines under the header
VIEW_HAND = 1  # what a short OK opened: the peek, the hand of the human to act
VIEW_SPREAD = 2  # or the spread view, what lies face up on the table (the words' table_lines)
_PAGE = 6  # told lines a page of a deal's reveal shows, under its header, above its footer
_TIPS = "app.tips"  # a person's tip, loaded for it (a long KEEP)
_KEPT = 2 * MAX_FACTS  # told lines kept: all one move can tell (a fact wraps to two lines at most)


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
        bots_module = bots_of(session.game) if names else None
        if bots_module is not None:  # seats some bot plays, in a game that has bots
            table = bots_module.BOTS
            for s in range(self.n):
                name = names[s] if s < len(names) else None
                if name is not None and name not in table:  # saved by firmware with other bots
                    app.log("error", {"message": "unknown bot %r at seat %d" % (name, s)})
                    described = of_engine(session.game)[0]
                    name = default_bot(described.name if described is not None else session.game)
                if name is not None:
                    self.bots[s] = table[name]()
        self.standing = array("i", [0] * MAX_SEATS)
        self.full = 1  # the bar length the standings are scaled to
        self.next_at = 0
        self.announced = -1
        self.told_lines = []  # the last facts told (app.core: told), oldest first
        self.told_count = 0  # facts told so far: a move that told something slows the bots
        self.move_told = 0  # lines told by the last move played (the last of told_lines), until
        # its deal's reveal showed them
        self.reveal = None  # the lines of the deal's reveal while it shows, else None
        self.reveal_deal = 0  # the deal it ends
        self.page = 0  # the page shown, of pages (_PAGE lines each)
        self.pages = 1
        self.reveal_at = 0  # when the page shown came up
        self.acted = -1  # the seat that acted last, lit on the ring until acted_until
        self.acted_until = 0
        self.lit = -1  # the seat the last fact put forward (Mode.light), flashed until lit_until
        self.lit_until = 0
        self.bot_waits = False  # a bot whose time has come waits for a held button's release

    def enter(self, now):
        self.app.board.setup(self.n, self.app.board.rings)
        self.bot_waits = False
        self.next_at = ticks_add(now, BOT_MS)
        self.refresh(now)

    def resync(self, now):
        self.announced = -1
        self.reveal = None  # undo or redo: the deal shown is no longer the one just played
        del self.told_lines[:]  # what was told may have been taken back
        self.move_told = 0
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

    def light(self, seat, now):
        self.lit = seat
        self.lit_until = ticks_add(now, LIT_MS)

    def play(self, action, now):
        app = self.app
        state = app.session.state
        player = state.current_player()
        round_before = state.round
        told_before = self.told_count
        self.move_told = 0
        if not app.act(action, now):
            self.next_at = ticks_add(now, BOT_MS)  # a refused bot retries at a bot's pace
            return False
        state = app.session.state
        if player != CHANCE:
            app.sound(CUE_ACT)
            self.acted = player if player >= 0 else -1
            self.acted_until = ticks_add(now, ACTED_MS)
        if state.is_over():
            app.sound(CUE_WIN)
        told = self.told_count != told_before
        wait = ticks_add(now, READ_MS if told else BOT_MS)
        if player != CHANCE or ticks_diff(wait, self.next_at) > 0:  # a deal keeps the read time
            self.next_at = wait
        if round_before > 0 and (state.round != round_before or state.is_over()) and self.told_lines:
            self.open_reveal(round_before, now)
        self.refresh(now)
        return True

    def open_reveal(self, deal, now):
        """The deal's reveal: all the last move told, after as much of what came before as fills
        its pages."""
        self.reveal = self.told_lines[-self.reveal_count():]
        self.reveal_deal = deal
        self.pages = (len(self.reveal) + _PAGE - 1) // _PAGE
        self.page = 0
        self.reveal_at = now

    def reveal_count(self):
        """How many of the lines told last the deal's reveal shows: whole pages that hold all the
        last move told."""
        told = self.move_told if self.move_told else 1
        return ((told + _PAGE - 1) // _PAGE) * _PAGE

    def turn_page(self, step, now):
        """Page the reveal on (step 1) or back (-1), round; the page gets its full time."""
        self.page = (self.page + step) % self.pages
        self.reveal_at = now
        self.app.touch()
        return True

    def page_press(self, event, now):
        """KEEP or SWAP pressed on a reveal of several pages: page back or on. True if it did."""
        button = event_button(event)
        if self.pages < 2 or event_kind(event) != PRESS or (button != KEEP and button != SWAP):
            return False
        return self.turn_page(1 if button == SWAP else -1, now)

    def end_reveal(self, now):
        self.reveal = None
        self.move_told = 0  # the reveal showed all the move told: nothing of it is news now
        self.next_at = ticks_add(now, BOT_MS)
        self.app.touch()
        return True

    def all_bots(self):
        return None not in self.bots

    def seen_reveal(self, event, now):
        """A press during a deal's reveal (the game goes on): True when the press is used up.
        KEEP and SWAP page a reveal of several pages; a short OK only ends it; any other whole
        press ends it and then counts as usual, so a person to act is never held up by it. Half
        a press (DOWN, UP: the release of the long OK that ended the deal) leaves it up."""
        kind = event_kind(event)
        if kind != PRESS and kind != LONG:
            return False  # the modes do nothing with half a press either
        if self.page_press(event, now):
            return True
        self.end_reveal(now)
        return kind == PRESS and event_button(event) == OK

    def told(self, line, kind, now):
        lines = self.told_lines
        for part in wrap(line, 2):  # a list of seats may take two lines
            lines.append(part)
            self.move_told += 1
        while len(lines) > _KEPT:
            lines.pop(0)
        self.told_count += 1

    def tick(self, now):
        app = self.app
        state = app.session.state
        if self.reveal is not None:  # no bot plays while the deal's reveal is read
            if ticks_diff(now, self.reveal_at) < REVEAL_MS:
                return False
            if self.page + 1 < self.pages:
                return self.turn_page(1, now)
            if self.all_bots() or not state.is_over():
                return self.end_reveal(now)
            return False
        player = state.current_player()
        if player == CHANCE:
            return self.play(app.session.chance_outcome(app.rng), now)
        if player >= 0 and self.bots[player] is not None:
            if ticks_diff(now, self.next_at) < 0:
                return False
            # a bot waits while a button is held: what a person is entering (a naming slip
            # during the bot's turn, held to confirm) stays what the screen shows, which says so
            if app.held():
                if self.bot_waits:
                    return False
                self.bot_waits = True
                app.touch()
                return True
            self.bot_waits = False  # played now: the move's screen has no such line
            return self.play(self.bots[player].choose(state, player, app.rng), now)
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
        to_act = self.highlighted()
        over = self.app.session.state.is_over()
        acted = self.acted if ticks_diff(self.acted_until, now) > 0 else -1
        lit = self.lit if ticks_diff(self.lit_until, now) > 0 else -1
        flash = (now >> _FLASH_SHIFT) & 1 == 0
        for s in range(self.n):
            colour = seat_colour(s)
            level = 0 if s == to_act and not on else 256
            if s == lit:  # put forward by a fact: its marks flash white
                board.home(frame, s, WHITE if flash else colour, 256)
            else:
                board.home(frame, s, colour, 256 if s == acted else 96 if level else 0)
            board.bar(frame, s, self.standing[s], self.full, colour, level if not over else 160)
        if to_act == TABLE and on:
            board.centre_led(frame, CURSOR)

    def standings_lines(self, lang):
        """The standings, led by what they count (the words' standings_label: "Plis", "Points")."""
        label = self.app.seat_label
        return pack([self.words.standings_label(lang)] + ["%s %d" % (label(s), self.standing[s]) for s in range(self.n)])

    def handle_over(self, event, now):
        """The deal's reveal (KEEP and SWAP page it), then the game over: a short OK moves on
        (it plays nothing)."""
        if self.reveal is not None and self.page_press(event, now):
            return True
        if event_kind(event) != PRESS or event_button(event) != OK:
            return False
        if self.reveal is not None:
            return self.end_reveal(now)
        self.app.finish_game(now)
        return True

    def reveal_lines(self, lang):
        reveal = self.reveal
        if reveal is None:  # callers check; a game-over screen is never left blank
            return self.over_lines(lang)
        at = self.page * _PAGE
        if self.pages > 1:
            foot = tr(lang, "reveal_page") % (self.page + 1, self.pages)
        else:
            foot = tr(lang, "next")
        return [tr(lang, "deal_end") % self.reveal_deal] + reveal[at:at + _PAGE] + [foot]

    def over_lines(self, lang):
        """The winner or winners, then the pot and each seat's payoff (a game for stakes) or the
        final standings, within 8 lines."""
        state = self.app.session.state
        label = self.app.seat_label
        winners = state.winners()
        pot = state.pot()
        out = [tr(lang, "game_over")]
        if winners:
            key = "winner" if len(winners) == 1 else "winners" if pot is not None else "winners_all"
            out += wrap(tr(lang, key) % " ".join([label(s) for s in winners]), 2)
        else:
            out.append(tr(lang, "no_winner"))
        if pot is not None:
            out.append(tr(lang, "pot_tokens") % pot)
            returns = state.returns()
            rows = pack([tr(lang, "tokens")] + ["%s %s" % (label(s), signed(returns[s])) for s in range(self.n)])
        else:
            rows = self.standings_lines(lang)
        out += rows[:7 - len(out)]  # the room above "OK: menu"
        out.append(tr(lang, "to_menu"))
        return out[:8]


class TableMode(GameMode):
    def __init__(self, app):
        GameMode.__init__(self, app)
        self.legal = []
        self.cursor = -1  # the entry shown in legal; -1: none (the table's entries start so)
        self.for_table = False  # legal is the table's entries (a bot's turn), not a seat's moves
        self.chosen = -1  # the table's entry chosen, kept while none is offered (a draw), or -1
        self.view = 0  # 0 (neither), VIEW_HAND or VIEW_SPREAD
        self.face_up = False  # something lies face up that the viewer's peek does not show
        described = of_engine(app.session.game)[0]
        self.advisable = described is not None and described.bot is not None  # a bot to ask
        self.advice_at = -1  # the move count when a person asked for advice, else -1
        self.advice = -1  # the move advised (app.tips) once worked out, else -1
        self.advice_lines_shown = []  # the tip's two lines: that move, and why

    def refresh(self, now):
        GameMode.refresh(self, now)
        app = self.app
        state = app.session.state
        player = state.current_player()
        if self.for_table and self.legal:
            self.chosen = self.legal[self.cursor] if self.cursor >= 0 else -1
        self.for_table = not self.human_to_act()
        if not self.for_table:
            self.legal = state.legal_actions()
            self.cursor = 0  # a seat's turn offers its first move (END, pass...)
            self.chosen = -1
        else:
            # a penalty is a deliberate choice: none is offered until someone steps to it, and
            # one chosen stays chosen while the bots play on (by its seat, not its place)
            self.legal = state.table_actions() if player >= 0 else []
            self.cursor = self.legal.index(self.chosen) if self.chosen in self.legal else -1
        # known here, after each move, so that a press allocates nothing to know it
        self.face_up = len(self.words.table_lines(app.lang, state, self.viewer(), app.seat_label)) > 0
        if self.view == VIEW_HAND or not self.face_up:
            self.view = 0  # a move closes the peek; the spread view stays while there is one

    def viewer(self):
        """The seat whose hand the peek shows: the human to act, else -1."""
        player = self.app.session.state.current_player()
        return player if player >= 0 and self.bots[player] is None else -1

    def next_view(self):
        """A short OK (harmless): the peek when a human is to act, then the spread view when
        there is one, then neither. True when the screen changed."""
        view = self.view
        if view == 0 and self.viewer() >= 0:
            view = VIEW_HAND
        elif view != VIEW_SPREAD and self.face_up:
            view = VIEW_SPREAD
        else:
            view = 0
        if view == self.view:
            return False
        self.view = view
        self.app.touch()
        return True

    def resync(self, now):
        self.cursor = self.chosen = -1  # undo, redo: nothing stays chosen
        self.advice_at = -1  # an undo may come back to the same move count: ask again
        GameMode.resync(self, now)

    def tick(self, now):
        return GameMode.tick(self, now) or self.give_advice()

    def give_advice(self):
        """A person asked for advice (a long KEEP): the bot's move in the seat's place, worked out
        here, a tick like a bot's move, then offered (the cursor on it) with its reason."""
        app = self.app
        state = app.session.state
        if self.advice_at != len(state.moves) or self.advice >= 0 or self.for_table \
                or not self.legal or self.reveal is not None:
            return False
        action, self.advice_lines_shown = load(_TIPS).tip_lines(app, state, state.current_player())
        let_go(_TIPS)
        self.advice = action
        if action in self.legal:
            self.cursor = self.legal.index(action)
        app.touch()
        return True

    def advice_lines(self, state):
        """The tip and why, while the move offered is the one advised; else none."""
        if self.advice < 0 or self.advice_at != len(state.moves) or self.legal[self.cursor] != self.advice:
            return []
        return self.advice_lines_shown

    def handle(self, event, now):
        app = self.app
        if app.session.state.is_over():
            return self.handle_over(event, now)
        if self.reveal is not None and self.seen_reveal(event, now):
            return True
        if not self.legal:  # a bot's turn: a short OK may still open the spread view
            return event_kind(event) == PRESS and event_button(event) == OK and self.next_view()
        button = event_button(event)
        kind = event_kind(event)
        cursor = self.cursor
        if button == OK and kind == LONG:  # the deliberate act: play the move shown
            if cursor < 0:
                return False  # nothing shown, nothing entered
            if self.for_table:
                self.cursor = -1  # entered: the next one is chosen afresh
            if self.play(self.legal[cursor], now):
                return True
            self.cursor = cursor  # refused: still shown, as it was
            return False
        if button == KEEP and kind == LONG:  # a person asks for advice: worked out in tick
            moves = len(app.session.state.moves)
            if self.for_table or not self.advisable or self.advice_at == moves:
                return False
            self.advice_at = moves
            self.advice = -1
            return True
        if kind != PRESS:
            return False
        # the table's entries and "none" (-1) make one ring: stepping past the ends shows none
        count = len(self.legal) + self.for_table
        if button == KEEP:
            self.cursor = (cursor + self.for_table - 1) % count - self.for_table
        elif button == SWAP:
            self.cursor = (cursor + self.for_table + 1) % count - self.for_table
        elif button == OK:  # harmless: the peek or the spread view, shown or hidden
            return self.next_view()
        else:
            return False
        return app.moved()

    def lines(self):
        app = self.app
        lang = app.lang
        state = app.session.state
        if self.reveal is not None:
            return self.reveal_lines(lang)
        if state.is_over():
            return self.over_lines(lang)
        words = self.words
        turn = []
        offered = ()  # the lines of the move shown
        player = state.current_player()
        human = self.human_to_act()
        if player >= 0:
            name = app.seat_label(player)
            turn.append(tr(lang, "to_act" if human else "bot_thinks") % name)
            if self.bot_waits:
                turn.append(tr(lang, "bot_waits"))
        if self.view == VIEW_SPREAD:
            return self.spread_view(lang, state, turn)
        if self.view == VIEW_HAND and player >= 0:
            turn += list(words.hand_lines(lang, state, player))[:4]
            if self.advisable:
                turn.append(tr(lang, "advice_hint"))  # the peek says how to ask
        elif self.cursor < 0 and self.legal:  # the table's entries, none chosen yet
            turn.append(tr(lang, "table_pick"))
        elif self.legal:
            offered = self.offered(lang, state)
            turn += offered
            if human:
                turn += self.advice_lines(state)
            # a bot's turn shows no hint of the human's: only how to enter the table's slip
            turn.append((human and words.hint(lang, state)) or tr(lang, "choose" if human else "confirm"))
            if human and player >= 0 and len(offered) == 1:  # a meld's cards take its place
                turn.append(tr(lang, "peek_hint"))
        if self.face_up and not human:  # anyone may look at the spread hand during a bot's turn
            turn.append(tr(lang, "spread_hint"))
        standings = self.standings_lines(lang)
        room = 7 - len(turn) - len(standings)  # what just happened: up to two lines
        if room < 1 and (len(offered) > 1 or self.view == VIEW_HAND):  # a meld's cards or the
            # peek come first, then what room leaves
            told = []
        else:
            told = self.told_lines[-_SHOWN:] if room >= _SHOWN else self.told_lines[-1:]
        body = told + turn + standings
        if len(body) >= 8:  # the standings before the deal's title: a meld's lines leave no room
            return body[:8]
        return [words.header(lang, state)] + body

    def offered(self, lang, state):
        """The move shown: "> " and its label, whose further lines (a meld's cards) follow."""
        lines = self.words.action_label(lang, state, self.legal[self.cursor]).split("\n")
        lines[0] = "> " + lines[0]
        return lines

    def spread_view(self, lang, state, turn):
        """The spread view: the header, what was told last as room allows, what lies face up (its
        owner, then its cards), who is to act and the move offered."""
        words = self.words
        shown = list(words.table_lines(lang, state, self.viewer(), self.app.seat_label))[:5] + turn
        if self.cursor >= 0 and self.legal:
            shown += self.offered(lang, state)
        room = min(7 - len(shown), _SHOWN)
        told = self.told_lines[-room:] if room > 0 else []
        return ([words.header(lang, state)] + told + shown)[:8]
