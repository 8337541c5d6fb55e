"""Tanturlurette on the device, in board mode (real cards) and deck mode (the device deals).

Buttons for the seat to act: KEEP keeps (or takes the turned-up card, or comes back from
l'enfer), SWAP swaps with the right-hand neighbour (or draws, refuses, retires). In board mode,
with the King house rule, OK records that the neighbour showed a King and refused. In deck mode
the seat to act holds OK to read its card on the OLED; it hides on release. Empty seats are bots.

After the reveal in board mode the table marks the losing seats: KEEP and SWAP move a blinking
cursor over the seats and on to the centre (confirm); OK marks or unmarks a seat, or confirms on
the centre. In deck mode the device finds the losers and shows every card until OK.

The ring: each seat's marks beside its angle on the outer ring (white and slowly pulsing for the
dealer), its token
on the ring of its circle (app.board explains single-ring targets), the centre l'enfer; the seat
to act blinks. Tokens glide between circles in a short cross-fade that never blocks input.
"""

from engine.cards import card_name
from engine.core import CHANCE, TABLE
from engine.tanturlurette import (
    BLOCKED,
    DRAW,
    LOSERS,
    PH_FIRST_DEALER,
    PH_KEEP_OR_DRAW,
    PH_OFFER,
    PH_OVER,
    PH_REENTRY,
    PH_SWAP,
    REENTER,
    REFUSE,
    RETIRE,
    TAKE,
)
from engine.tanturlurette import (
    KEEP as A_KEEP,
)
from engine.tanturlurette import (
    SWAP as A_SWAP,
)

from app.board import FULL, blink_on, fade
from app.buttons import DOWN, KEEP, OK, PRESS, SWAP, UP
from app.clock import ticks_add, ticks_diff
from app.colours import ALERT, CONFIRM, CURSOR, DEALER, ENFER, POT, seat_colour
from app.core import CUE_ACT, CUE_LOSE, CUE_ROUND, CUE_TURN, CUE_WIN
from app.i18n import pack, seat_name, tr
from app.modes.base import Mode

MOVE_MS = 600  # a token's glide from one circle to the next
BOT_MS = 700  # a bot waits this long so the table can follow
DEALER_MS = 1500  # the spin that draws the first dealer
REVEAL_MS = 3000  # an all-bot table moves on from the reveal by itself
SPIN_STEP_MS = 40


class TantMode(Mode):
    in_game = True

    def __init__(self, app):
        Mode.__init__(self, app)
        state = app.session.state
        n = state.n
        self.n = n
        self.deck = state.deck_mode
        self.shown_pos = bytearray(n)  # positions drawn; they lag the engine during a glide
        self.from_pos = bytearray(n)
        self.move_start = 0
        self.moving = False
        self.cursor = 0
        self.marked = 0
        self.peeking = False
        self.reveal = False
        self.reveal_at = 0
        self.reveal_round = 0  # the round whose cards the reveal shows
        self.next_at = 0
        self.spin_start = 0
        self.announced = -1
        self._head_key = -1
        self._round_line = self._dealer_line = self._standings = ""
        bots = app.session.bots or [None] * n
        self.bots = [None] * n
        from engine.tanturlurette_bots import BOTS

        # Tanturlurette's bots keep only scratch buffers between calls (they are told the seat
        # each time), so seats with the same bot share one: seven counting bots cost one.
        shared = {}
        for s in range(n):
            name = bots[s]
            if name is not None:
                if name not in BOTS:  # a saved game from firmware with other bots
                    app.log("error", {"message": "unknown bot %r at seat %d: counting plays" % (name, s)})
                    name = "counting"
                if name not in shared:
                    shared[name] = BOTS[name]()
                self.bots[s] = shared[name]

    @property
    def holds_ok(self):
        """In deck mode holding OK is the peek, so a long OK must not undo."""
        player = self.app.session.state.current_player()
        return self.deck and player >= 0 and self.bots[player] is None

    def enter(self, now):
        state = self.app.session.state
        self.app.board.setup(self.n, state.circles)
        for s in range(self.n):
            self.shown_pos[s] = state.pos[s]
        self.moving = False
        self.reveal = False
        self.peeking = False
        self.marked = 0
        self.cursor = self._next_live(-1, 1)
        self.next_at = ticks_add(now, BOT_MS)
        self.spin_start = now
        self.app.touch()

    # -- time -----------------------------------------------------------------------------------
    def tick(self, now):
        app = self.app
        state = app.session.state
        changed = False
        if self.moving and ticks_diff(now, self.move_start) >= MOVE_MS:
            self.moving = False
            changed = True
        if self.reveal:
            if self._all_bots() and ticks_diff(now, self.reveal_at) >= REVEAL_MS:
                self._end_reveal(now)
                return True
            return changed
        player = state.current_player()
        if player == CHANCE:
            if state.phase == PH_FIRST_DEALER and ticks_diff(now, self.spin_start) < DEALER_MS:
                return changed
            self._do(app.session.chance_outcome(app.rng), now)
            return True
        if player >= 0 and self.bots[player] is not None:
            if ticks_diff(now, self.next_at) >= 0:
                self._do(self.bots[player].choose(state, player, app.rng), now)
                return True
        elif player >= 0 and self.announced != len(state.moves):
            self.announced = len(state.moves)
            app.sound(CUE_TURN)
        return changed

    def _all_bots(self):
        for bot in self.bots:
            if bot is None:
                return False
        return True

    # -- buttons --------------------------------------------------------------------------------
    def handle(self, event, now):
        app = self.app
        state = app.session.state
        button = event >> 2
        kind = event & 3
        player = state.current_player()
        human = player >= 0 and self.bots[player] is None
        if button == OK and self.deck and (kind == DOWN or kind == UP):
            peek = kind == DOWN and human and not self.reveal
            if peek != self.peeking:
                self.peeking = peek
                app.touch()
                return True
            return False
        if kind != PRESS:
            return False
        if state.phase == PH_OVER:
            if button == OK:
                app.finish_game(now)
                return True
            return False
        if self.reveal:
            if button == OK:
                self._end_reveal(now)
                return True
            return False
        if player == TABLE:
            return self._mark(button, now)
        if not human:
            return False
        action = self._action_for(state, button)
        if action < 0:
            return False
        self._do(action, now)
        return True

    def _action_for(self, state, button):
        phase = state.phase
        if phase == PH_SWAP:
            if button == OK:
                return BLOCKED if state.is_legal(BLOCKED) else -1
            return A_KEEP if button == KEEP else A_SWAP if button == SWAP else -1
        if phase == PH_KEEP_OR_DRAW:
            return A_KEEP if button == KEEP else DRAW if button == SWAP else -1
        if phase == PH_OFFER:
            return TAKE if button == KEEP else REFUSE if button == SWAP else -1
        if phase == PH_REENTRY:
            return REENTER if button == KEEP else RETIRE if button == SWAP else -1
        return -1

    def _mark(self, button, now):
        app = self.app
        n = self.n
        if button == KEEP:
            self.cursor = self._next_live(self.cursor, -1)
        elif button == SWAP:
            self.cursor = self._next_live(self.cursor, 1)
        elif button == OK:
            if self.cursor < n:
                self.marked ^= 1 << self.cursor
            elif not self.marked:
                app.show_error(tr(app.lang, "mark_losers"), now)
                return True
            else:
                marked = self.marked
                self.marked = 0
                self._do(LOSERS + marked, now)
                return True
        else:
            return False
        return app.moved()

    def _next_live(self, seat, step):
        """The next live seat from `seat` in direction step; n stands for the confirm slot."""
        state = self.app.session.state
        n = self.n
        s = seat
        for _ in range(n + 1):
            s = (s + step) % (n + 1)
            if s == n or not state.out[s]:
                return s
        return n

    # -- acting ---------------------------------------------------------------------------------
    def _do(self, action, now):
        app = self.app
        state = app.session.state
        phase_before = state.phase
        round_before = state.round
        player = state.current_player()
        out_before = 0
        for s in range(self.n):
            if state.out[s]:
                out_before |= 1 << s
        if not app.act(action, now):
            self.next_at = ticks_add(now, BOT_MS)  # a refused bot retries at a bot's pace
            return
        state = app.session.state
        if player != CHANCE:
            app.sound(CUE_ACT)
        if phase_before == PH_REENTRY and action == REENTER:
            app.log("reenter", {"seat": player, "stakes": state.stakes[player], "pot": state.pot()})
        for s in range(self.n):
            if state.out[s] and not out_before >> s & 1:
                app.log("elim", {"seat": s, "round": round_before})
        revealed = phase_before != PH_REENTRY and phase_before != PH_FIRST_DEALER and (
            state.round != round_before or state.phase == PH_REENTRY or state.phase == PH_OVER)
        self._glide(now)
        if revealed:
            app.sound(CUE_ROUND)
            if self.deck:
                self.reveal = True
                self.reveal_at = now
                self.reveal_round = round_before
        if state.phase == PH_OVER:
            app.sound(CUE_WIN)
        self.next_at = ticks_add(now, BOT_MS)
        self.cursor = self._next_live(-1, 1)
        self.peeking = False
        app.touch()

    def _glide(self, now):
        state = self.app.session.state
        moved = False
        for s in range(self.n):
            self.from_pos[s] = self.shown_pos[s]
            if self.shown_pos[s] != state.pos[s]:
                moved = True
                self.shown_pos[s] = state.pos[s]
        if moved:
            self.moving = True
            self.move_start = now
            self.app.sound(CUE_LOSE)

    def _end_reveal(self, now):
        self.reveal = False
        self.next_at = ticks_add(now, BOT_MS)
        self.app.touch()

    def resync(self, now):
        self.enter(now)
        self.announced = -1
        self._head_key = -1

    # -- ring -----------------------------------------------------------------------------------
    def draw(self, frame, now):
        state = self.app.session.state
        board = self.app.board
        n = self.n
        on = blink_on(now)
        slow_on = (now >> 10) & 1 == 0  # the dealer's pulse: a quarter of the blink's pace
        player = state.current_player()
        phase = state.phase
        marking = player == TABLE
        out = state.out
        shown = self.shown_pos
        before = self.from_pos
        moving = self.moving
        cursor = self.cursor if marking else -1
        marked = self.marked if marking else 0
        losers = state.last_losers if self.reveal else 0
        dealer = state.dealer
        over = phase == PH_OVER
        board.centre_led(frame, ENFER, 48)
        if phase == PH_FIRST_DEALER:
            layout = board.layout
            step = ticks_diff(now, self.spin_start) // SPIN_STEP_MS
            board.put(frame, layout.index(0, step), CURSOR)
        glide = fade(now, self.move_start, MOVE_MS) if moving else FULL
        for s in range(n):
            gliding = moving and before[s] != shown[s]
            if out[s] and not gliding:
                continue
            colour = seat_colour(s)
            level = 0 if (s == player or s == cursor) and not on else FULL
            if over:
                level = (FULL if on else 128) if state.payout[s] > 0 else 40
            if marked >> s & 1:
                board.home(frame, s, ALERT, level)
            elif losers >> s & 1:
                board.home(frame, s, ALERT, FULL if on else 64)
            elif s == dealer:
                # a slow pulse, not just white: seat 8's own colour is white too
                board.dealer(frame, s, DEALER, (160 if slow_on else 40) if level else 0)
            else:
                board.home(frame, s, colour, 64 if level else 0)
            if gliding:
                board.token(frame, s, before[s], colour, FULL - glide, True)
                board.token(frame, s, shown[s], colour, glide, True)
            elif not out[s]:
                board.token(frame, s, shown[s], colour, level)
        if cursor == n and on:
            board.centre_led(frame, CONFIRM)
        if over and board.concentric and board.rings > 1:
            board.dots(frame, state.pot(), board.layout.ring_sizes[1], POT, 96, 1)

    # -- OLED -----------------------------------------------------------------------------------
    def lines(self):
        app = self.app
        lang = app.lang
        state = app.session.state
        out = [self._head(state, lang)]
        if state.phase == PH_OVER:
            winners = state.winners()
            names = " ".join([seat_name(lang, s) for s in winners])
            out.append(tr(lang, "winner" if len(winners) == 1 else "winners") % names)
            out.append(tr(lang, "pot_tokens") % state.pot())
            out.append(tr(lang, "to_menu"))
            return out
        if self.reveal:
            out[0] = tr(lang, "round") % (self.reveal_round, state.pot())
            return out + self._reveal_lines(state, lang)
        player = state.current_player()
        if state.phase == PH_FIRST_DEALER:
            out.append(tr(lang, "drawing_dealer"))
            return out
        out.append(self._dealer_line)
        out.append(self._standings)
        if player == TABLE:
            out.append(tr(lang, "mark_losers"))
            marked = [seat_name(lang, s) for s in range(self.n) if self.marked >> s & 1]
            out.append(tr(lang, "marked") % (" ".join(marked) or tr(lang, "nobody")))
            if self.cursor < self.n:
                out.append("> " + seat_name(lang, self.cursor))
            else:
                out.append("> " + tr(lang, "confirm"))
            out.append(tr(lang, "mark_hint"))
            return out
        if player < 0:
            return out
        name = seat_name(lang, player)
        if state.phase == PH_REENTRY:
            out.append(tr(lang, "reentry_ask") % name)
            out.append(tr(lang, "reentry_hint"))
            return out
        if self.bots[player] is not None:
            out.append(tr(lang, "bot_thinks") % name)
            return out
        out.append(tr(lang, "to_act") % name)
        if self.deck:
            dealer_turn = player == state.dealer and state.phase == PH_OFFER
            if dealer_turn:
                out.append(tr(lang, "dealer_shows") % card_name(state.offer, lang))
            if self.peeking:
                out.append(tr(lang, "your_card") % card_name(state.hand[player], lang))
                if state.phase == PH_OFFER and not dealer_turn:
                    out.append(tr(lang, "drawn") % card_name(state.offer, lang))
            else:
                out.append(tr(lang, "hold_ok"))
        phase = state.phase
        if phase == PH_SWAP:
            out.append(tr(lang, "keep_swap"))
            if state.is_legal(BLOCKED):
                out.append(tr(lang, "king_hint"))
        elif phase == PH_KEEP_OR_DRAW:
            out.append(tr(lang, "keep_draw"))
        elif phase == PH_OFFER:
            out.append(tr(lang, "take_refuse"))
        return out

    def _head(self, state, lang):
        """The round line, and the dealer and standings lines, rebuilt only after a move: a cursor
        move then costs only its own line."""
        key = len(state.moves)
        if key != self._head_key:
            self._head_key = key
            self._round_line = tr(lang, "round") % (state.round, state.pot())
            self._dealer_line = tr(lang, "dealer") % seat_name(lang, state.dealer)
            self._standings = self._standings_line(state)
        return self._round_line

    def _standings_line(self, state):
        """Circles left per seat, 'x' once out: the whole table in one line."""
        left = state.standings()
        return " ".join(["x" if state.out[s] else str(left[s]) for s in range(self.n)])

    def _reveal_lines(self, state, lang):
        out = [tr(lang, "reveal")]
        out += pack(["%s %s" % (seat_name(lang, s), card_name(state.last_hands[s], lang))
                     for s in range(self.n) if state.last_hands[s] >= 0])
        losers = state.last_losers
        if losers == _live_mask_before(state):
            out.append(tr(lang, "all_same"))
        else:
            names = " ".join([seat_name(lang, s) for s in range(self.n) if losers >> s & 1])
            out.append(tr(lang, "losers") % names)
        out.append(tr(lang, "next"))
        return out[:7]


def _live_mask_before(state):
    """The seats dealt into the last round: those with a card in its reveal."""
    mask = 0
    for s in range(state.n):
        if state.last_hands[s] >= 0:
            mask |= 1 << s
    return mask
