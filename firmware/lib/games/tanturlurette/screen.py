"""Tanturlurette on the device, in board mode (real cards) and deck mode (the device deals).

Buttons for the seat to act: KEEP keeps (or takes the turned-up card, or comes back from
l'enfer), SWAP swaps with the right-hand neighbour (or draws, refuses, retires): each a decision
in one press. In board mode, with the King house rule, holding OK (a long press) records that the
neighbour showed a King and refused. In deck mode the seat to act holds OK to read its card on
the OLED; it hides on release. Empty seats are bots. A short OK never plays (app/modes/base.py).
The advice, in deck mode: a person to act who holds KEEP (a long press, which keeps nothing) asks
what the menu's bot would do in the seat's place (app.tips); it is worked out in the next tick,
like a bot's move, and shows in the peek, with its reason, because the reason tells about the
card (a re-entry's, about the pot, shows at once). The peek says "Tenir K: conseil" until then.
The advice holds until the next move.

After the reveal in board mode the table marks the losing seats: KEEP and SWAP move a blinking
cursor over the seats and on to the centre; a short OK marks or unmarks a seat, and holding OK on
the centre confirms (a short OK there says so). In deck mode the device finds the losers and
shows every card until OK.

What happened is told as it happens: every decision (kept, swapped, drew, took, refused, a King
refusing the swap, came back, retired), the dealer's card turned up, the round's losers, the
tokens that fell, who is out, the winner: the engine's facts worded by games/tanturlurette/words.py
(app.core logs each one), the last two under the round's head lines, so a bot's decision stays
on screen while the next one is made. A King refusing a swap is a notice at once too. In deck
mode the round's cards are shown (the reveal) after every round, the one that ends the game too,
before the winners and the pot; seats show as the names the host gave, else J1..J8.

The ring: each seat's marks beside its angle on the outer ring (white and slowly pulsing for the
dealer), its token
on the ring of its circle (app.board explains single-ring targets), the centre l'enfer; the seat
to act blinks. Tokens glide between circles in a short cross-fade that never blocks input.
"""

from app.board import FULL, blink_on, fade
from app.buttons import DOWN, KEEP, LONG, OK, PRESS, SWAP, UP, event_button, event_kind
from app.clock import ticks_add, ticks_diff
from app.colours import ALERT, CONFIRM, CURSOR, DEALER, ENFER, POT, seat_colour
from app.cues import CUE_ACT, CUE_LOSE, CUE_ROUND, CUE_TURN, CUE_WIN
from app.i18n import card_word, pack, seat_name, signed, tr, wrap
from app.memory import let_go, load
from app.modes.base import Mode
from engine.compat import const
from engine.core import CHANCE, TABLE

from games.tanturlurette.rules import (
    BLOCKED,
    F_BLOCKED,
    F_TURNED_UP,
    GAME,
    LOSERS,
    PH_FIRST_DEALER,
    PH_KEEP_OR_DRAW,
    PH_OFFER,
    PH_OVER,
    PH_REENTRY,
    PH_SWAP,
    REENTER,
)

_MOVE_MS = const(600)  # a token's glide from one circle to the next
_BOT_MS = const(700)  # a bot waits this long so the table can follow
_DEALER_MS = const(1500)  # the spin that draws the first dealer
_REVEAL_MS = const(3000)  # an all-bot table moves on from the reveal by itself
_SPIN_STEP_MS = const(40)

_TIPS = "app.tips"  # a person's tip, loaded for it
# The hint under a human's turn, by phase.
_HINTS = {PH_SWAP: "keep_swap", PH_KEEP_OR_DRAW: "keep_draw", PH_OFFER: "take_refuse"}


class TantMode(Mode):
    in_game = True

    def __init__(self, app):
        Mode.__init__(self, app)
        state = app.session.state
        n = state.n
        self.n = n
        self.deck = state.deck_mode
        self.move_start = 0
        self.reveal_at = 0
        self.reveal_round = 0  # the round whose cards the reveal shows
        self.announced = -1
        self.told_lines = []  # the last facts told (app.core: told), oldest first
        # the cards the dealer turned up for everyone in round turned_round, in order (deck mode):
        # the last is the card he kept, the ones before he refused and the reveal lists them
        self.turned = bytearray(3)
        self.turned_n = 0
        self.turned_round = -1
        self.advice_at = -1  # the move count when a person asked for advice, else -1
        self.advice = None  # its two lines (the bot's move, why) once worked out (app.tips)
        # enter() sets the rest: the tokens shown, the reveal, the peek, the marking, the timers
        self.bots = bots = list(app.session.bots or [None] * n)  # names, then the bots
        from games import default_bot
        from games.tanturlurette.bots import BOTS

        # Tanturlurette's bots keep only scratch buffers between calls (they are told the seat
        # each time), so seats with the same bot share one: seven position bots cost one.
        shared = {}
        for s in range(n):
            name = bots[s]
            if name is not None:
                if name not in BOTS:  # a saved game from firmware with other bots
                    name, unknown = default_bot(GAME), name
                    app.log_error("unknown bot %r at seat %d: %s plays" % (unknown, s, name))
                if name not in shared:
                    shared[name] = BOTS[name]()
                bots[s] = shared[name]

    def enter(self, now):
        state = self.app.session.state
        self.app.board.setup(self.n, state.circles)
        # the token positions drawn: they lag the engine's during a glide, from from_pos. Two
        # buffers that swap roles at each action, so an action allocates none.
        self.shown_pos = bytearray(state.pos)
        self.from_pos = bytearray(state.pos)
        self.moving = False
        self.reveal = False
        self.peeking = False
        self.marked = 0
        self.cursor = self._next_live(-1, 1)
        self.next_at = ticks_add(now, _BOT_MS)
        self.spin_start = now
        self._head_key = -1  # the head lines are rebuilt (the language may have changed)
        self.app.touch()

    def resync(self, now):
        self.enter(now)
        self.announced = -1
        self.advice_at = -1  # an undo may come back to the same move count: ask again
        del self.told_lines[:]  # what was told may have been taken back
        self.turned_n = 0  # so may a card turned up: the reveal lists those turned up since

    # -- time -----------------------------------------------------------------------------------
    def tick(self, now):
        app = self.app
        state = app.session.state
        changed = False
        if self.moving and ticks_diff(now, self.move_start) >= _MOVE_MS:
            self.moving = False
            changed = True
        if self.reveal:
            if None not in self.bots and ticks_diff(now, self.reveal_at) >= _REVEAL_MS:
                self._end_reveal(now)
                return True
            return changed
        player = state.current_player()
        if player == CHANCE:
            if state.phase == PH_FIRST_DEALER and ticks_diff(now, self.spin_start) < _DEALER_MS:
                return changed
            self._do(app.session.chance_outcome(app.rng), now)
            return True
        if player < 0:
            return changed
        bot = self.bots[player]
        if bot is None:
            if self.announced != len(state.moves):
                self.announced = len(state.moves)
                app.sound(CUE_TURN)
            if self.advice_at == len(state.moves) and self.advice is None:
                self.advice = load(_TIPS).tip_lines(app, state, player)[1]
                let_go(_TIPS)
                app.touch()
                return True
        elif ticks_diff(now, self.next_at) >= 0:
            self._do(bot.choose(state, player, app.rng), now)
            return True
        return changed

    # -- buttons --------------------------------------------------------------------------------
    def handle(self, event, now):
        app = self.app
        state = app.session.state
        button = event_button(event)
        kind = event_kind(event)
        player = state.current_player()
        human = player >= 0 and self.bots[player] is None
        if button == OK and self.deck and (kind == DOWN or kind == UP):
            peek = kind == DOWN and human and not self.reveal
            if peek != self.peeking:
                self.peeking = peek
                app.touch()
                return True
            return False
        if kind == LONG and button == KEEP:  # a person to act asks for advice (deck mode)
            if not human or not self.deck or self.reveal or self.advice_at == len(state.moves):
                return False
            self.advice_at = len(state.moves)
            self.advice = None
            return True
        if kind == LONG and button == OK:  # the deliberate act: confirm the losers, or the King
            if player == TABLE and self.cursor == self.n:
                return self._confirm(now)
            if human and not self.deck and state.phase == PH_SWAP and state.is_legal(BLOCKED):
                self._do(BLOCKED, now)
                return True
            return False
        if kind != PRESS:
            return False
        if state.phase == PH_OVER or self.reveal:
            if button != OK:
                return False
            if self.reveal:  # the deciding round's cards come before the game-over screen
                self._end_reveal(now)
            else:
                app.finish_game(now)
            return True
        if player == TABLE:
            return self._mark(button, now)
        # KEEP and SWAP (0, 1) pick the engine's first and second choice of the phase: keep or
        # change what the seat has (the neighbour's King, the third, is a long OK above)
        choices = state.choices[state.phase]
        if not human or button > SWAP or button >= len(choices):
            return False
        self._do(choices[button], now)
        return True

    def _mark(self, button, now):
        app = self.app
        if button == KEEP or button == SWAP:
            self.cursor = self._next_live(self.cursor, 1 if button == SWAP else -1)
        elif button != OK:
            return False
        elif self.cursor < self.n:
            self.marked ^= 1 << self.cursor
        else:  # a short OK on the centre confirms nothing: it says how
            app.notify([tr(app.lang, "confirm")], now)
            return True
        return app.moved()

    def _confirm(self, now):
        """A long OK on the centre: the seats marked lose (none marked is refused)."""
        app = self.app
        if not self.marked:
            app.show_error(tr(app.lang, "mark_losers"), now)
            return True
        marked = self.marked
        self.marked = 0
        self._do(LOSERS + marked, now)
        return True

    def _next_live(self, seat, step):
        """The next live seat from `seat` in direction step; n stands for the confirm slot."""
        out = self.app.session.state.out
        n = self.n
        s = seat
        for _ in range(n + 1):
            s = (s + step) % (n + 1)
            if s == n or not out[s]:
                return s
        return n

    # -- acting ---------------------------------------------------------------------------------
    def _do(self, action, now):
        app = self.app
        state = app.session.state
        phase_before = state.phase
        round_before = state.round
        player = state.current_player()
        live_before = state.live_mask()
        self.next_at = ticks_add(now, _BOT_MS)  # a bot's pace, and a refused bot's retry
        if not app.act(action, now):
            return
        state = app.session.state
        if player != CHANCE:
            app.sound(CUE_ACT)
        elif self.deck:
            self._note_turned_up(state, round_before)
        if phase_before == PH_REENTRY and action == REENTER:
            app.log("reenter", {"seat": player, "stakes": state.stakes[player], "pot": state.pot()})
        eliminated = live_before & ~state.live_mask()
        for s in range(self.n):
            if eliminated >> s & 1:
                app.log("elim", {"seat": s, "round": round_before})
        before = self.shown_pos  # the tokens that moved glide from where they were shown
        shown = self.from_pos
        pos = state.pos
        for s in range(self.n):
            shown[s] = pos[s]
        self.from_pos = before
        self.shown_pos = shown
        if shown != before:
            self.moving = True
            self.move_start = now
            app.sound(CUE_LOSE)
        if phase_before != PH_REENTRY and phase_before != PH_FIRST_DEALER and (
                state.round != round_before or state.phase == PH_REENTRY or state.phase == PH_OVER):
            app.sound(CUE_ROUND)  # the round's cards are out
            if self.deck:
                self.reveal = True
                self.reveal_at = now
                self.reveal_round = round_before
        if state.phase == PH_OVER:
            app.sound(CUE_WIN)
        self.cursor = self._next_live(-1, 1)
        self.peeking = False
        app.touch()

    def _note_turned_up(self, state, round_):
        """Keep the card the dealer turned up for everyone in round_, if this draw did (the fact
        F_TURNED_UP): the round's reveal lists those he refused, so that a card shown for all is
        never seen only for a bot's moment, the next card or the reveal coming at once."""
        facts, count = state.facts()
        for i in range(count):
            if facts[4 * i] == F_TURNED_UP:
                if self.turned_round != round_:
                    self.turned_round = round_
                    self.turned_n = 0
                if self.turned_n < len(self.turned):
                    self.turned[self.turned_n] = facts[4 * i + 2]
                    self.turned_n += 1

    def told(self, line, kind, now):
        lines = self.told_lines
        for part in wrap(line, 2):  # a list of seats may take two lines
            lines.append(part)
        while len(lines) > 2:
            lines.pop(0)
        if kind == F_BLOCKED:  # the swap did not happen: said at once, above everything
            self.app.notify([line], now)

    def _end_reveal(self, now):
        self.reveal = False
        self.next_at = ticks_add(now, _BOT_MS)
        self.app.touch()

    # -- ring -----------------------------------------------------------------------------------
    def draw(self, frame, now):
        state = self.app.session.state
        board = self.app.board
        n = self.n
        on = blink_on(now)
        player = state.current_player()
        marking = player == TABLE
        over = state.phase == PH_OVER
        out = state.out
        shown = self.shown_pos
        before = self.from_pos
        moving = self.moving
        cursor = self.cursor if marking else -1
        marked = self.marked if marking else 0
        losers = state.last_losers if self.reveal else 0
        board.centre_led(frame, ENFER, 48)
        if state.phase == PH_FIRST_DEALER:
            step = ticks_diff(now, self.spin_start) // _SPIN_STEP_MS
            board.put(frame, board.layout.index(0, step), CURSOR)
        glide = fade(now, self.move_start, _MOVE_MS) if moving else FULL
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
            elif s == state.dealer:
                # a slow pulse (a quarter of the blink's pace), not just white: seat 8's own
                # colour is white too
                board.dealer(frame, s, DEALER, (160 if (now >> 10) & 1 == 0 else 40) if level else 0)
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
        phase = state.phase
        head = self._head(state, lang)
        if self.reveal:
            return self._reveal_lines(state, lang)
        label = app.seat_label
        if phase == PH_OVER:
            return self._over_lines(state, lang, label)
        if phase == PH_FIRST_DEALER:
            return [head[0], tr(lang, "drawing_dealer")]
        turn = self._turn_lines(state, lang, label)
        if len(turn) > 4:  # the peek with its advice: the round's line alone heads it
            return ([head[0]] + self.told_lines[-1:] + turn)[-8:]
        told = self.told_lines[-2:] if len(turn) <= 3 else self.told_lines[-1:]
        return (list(head) + told + turn)[:8]

    def _over_lines(self, state, lang, label):
        """The winner (or those sharing the pot), the pot, then each seat's tokens: the pot
        less his stakes for a winner (+), the stakes and re-entries he paid for the others (-)."""
        winners = state.winners()
        names = " ".join([label(s) for s in winners])
        out = wrap(tr(lang, "winner" if len(winners) == 1 else "winners") % names, 2)
        out.append(tr(lang, "pot_tokens") % state.pot())
        returns = state.returns()
        tokens = pack([tr(lang, "tokens")] + ["%s %s" % (label(s), signed(returns[s])) for s in range(self.n)])
        return out + tokens[:7 - len(out)] + [tr(lang, "to_menu")]

    def _turn_lines(self, state, lang, label):
        """The lines about the seat (or the table) to act now."""
        phase = state.phase
        out = []
        player = state.current_player()
        if player == TABLE:
            marked = _seat_names(lang, self.marked, self.n) or tr(lang, "nobody")
            centre = self.cursor == self.n
            at = tr(lang, "centre") if centre else seat_name(lang, self.cursor)
            return out + [tr(lang, "mark_losers"), tr(lang, "marked") % marked, "> " + at,
                          tr(lang, "confirm" if centre else "mark_hint")]
        if player < 0:
            return out
        name = label(player)
        advice = self._advice_lines(state, lang)
        if phase == PH_REENTRY:
            out.append(tr(lang, "reentry_ask") % name)
            if self.deck and self.bots[player] is None:
                out += advice or [tr(lang, "advice_hint")]
            return out + [tr(lang, "reentry_hint")]  # the keys last, as on every turn
        if self.bots[player] is not None:
            return out + [tr(lang, "bot_thinks") % name]
        out.append(tr(lang, "to_act") % name)
        if self.deck:
            offer = card_word(lang, state.offer)  # "?" when no card is turned up
            dealer_turn = player == state.dealer and phase == PH_OFFER
            if dealer_turn:
                out.append(tr(lang, "dealer_shows") % offer)
            if self.peeking:
                out.append(tr(lang, "your_card") % card_word(lang, state.hand[player]))
                if phase == PH_OFFER and not dealer_turn:
                    out.append(tr(lang, "drawn") % offer)
                out += advice or [tr(lang, "advice_hint")]
            else:
                out.append(tr(lang, "hold_ok"))
        if phase in _HINTS:
            out.append(tr(lang, _HINTS[phase]))
            if state.is_legal(BLOCKED):
                out.append(tr(lang, "king_hint"))
        return out

    def _advice_lines(self, state, lang):
        """The advice's two lines once worked out for this move (a person asked: a long KEEP), else
        none."""
        if self.advice is None or self.advice_at != len(state.moves):
            return []
        return self.advice

    def _head(self, state, lang):
        """The round, dealer and standings lines, rebuilt only after a move: a cursor move then
        costs only its own line. Standings: "Cercles" and the circles left per seat, 'x' once
        out; from five seats on the digits stand side by side (one a seat) to fit the line."""
        key = len(state.moves)
        if key != self._head_key:
            self._head_key = key
            left = state.standings()
            cells = ["x" if state.out[s] else str(left[s]) for s in range(self.n)]
            standings = self.app.words().standings_label(lang) + " " + " ".join(cells)
            if len(standings) > 16:
                standings = self.app.words().standings_label(lang) + " " + "".join(cells)
            self._head_lines = (tr(lang, "round") % (state.round, state.pot()),
                                tr(lang, "dealer_is") % seat_name(lang, state.dealer), standings)
        return self._head_lines

    def _reveal_lines(self, state, lang):
        """The round's cards, seat by seat, the cards the dealer turned up for all and refused,
        the losers; within 8 lines at eight seats."""
        words = self.app.words().own(lang)
        out = [words.REVEAL % self.reveal_round]
        cells = []
        dealt = 0  # the seats dealt into the round: those with a card in its reveal
        for s in range(self.n):
            card = state.last_hands[s]
            if card >= 0:
                dealt |= 1 << s
                cells.append("%s %s" % (seat_name(lang, s), card_word(lang, card)))
        out += pack(cells)
        if self.turned_round == self.reveal_round and self.turned_n > 1:  # the last, he kept
            out.append(words.REFUSED % " ".join([card_word(lang, c) for c in self.turned[:self.turned_n - 1]]))
        losers = state.last_losers
        if losers == dealt:
            out.append(tr(lang, "all_same"))
        else:
            out.append(tr(lang, "losers") % _seat_names(lang, losers, self.n))
        out.append(tr(lang, "next"))
        return out[:8]


def _seat_names(lang, mask, n):
    """The names of the seats in a bitmask, in one line."""
    return " ".join([seat_name(lang, s) for s in range(n) if mask >> s & 1])
