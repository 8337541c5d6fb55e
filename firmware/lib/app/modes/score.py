"""The pub scorekeeper: drives any "<game>_score" engine through its scorekeeper interface.

While the engine expects an entry (current_player() == TABLE) the OLED shows the game's words
for it (games/<game>/words.py: prompt), the value being entered and two hints. KEEP steps the
value down one, SWAP up one, through entry_range(); held, they jump by ten; the first hint says
so ("K-1 S+1", with "tenu:10" when the range is wider than ten; "K/S: choix" on a named entry).
Past the top of the range come the engine's extra_actions() (a penalty, say, labelled by the
words' entry_label). The list stops at both ends, with the error cue: it once wrapped, and a KEEP
pressed once too often on 0 showed the top of the range (5 tricks for none), which a keeper
looking at the table could confirm unseen. Every entry starts from the lowest value of
entry_range(), in every game: a new entry never shows the value of the one before (the same
after an undo or a redo).

Confirming is holding OK (a long press, past buttons.long_ms), in every game and mode
(app/modes/base.py's rule: a short OK never plays); undo and redo are the game menu's. A short
OK confirms nothing: it says, with the error cue, that OK must be held. The engine refuses
impossible entries with IllegalAction, whose reason the OLED shows in words; nothing changes and
the value stays, to be corrected. The value entered is applied as the action itself.

After an entry that ends a deal, what that deal applied besides the numbers (the words'
applied(lang, state): Achéron's end-of-deal items and naming slips; None in the other games,
which log nothing)
is listed on the OLED in pages of six lines (up to three items a seat at six seats) and logged
in an "applied" event: {"deal": the deal's number, "applied": the English lines}. OK (short or
held) shows the next page ("K/S 1/2 OK:suite") and puts the list away on the last; KEEP and
SWAP page back and on; no press enters anything while it shows.

What the engine tells of an entry (games/<game>/words.py: tell) shows under the hints: the lines
the last entry told (none when it told nothing, or once its deal's reveal showed them), within
the room the screen has. The screen keeps, in this order of need, the prompt, the value and its two hints,
the target ("But 100"), one line of standings (led by what they count: "Plis", "Points"), then
the told lines, and gives the standings' further lines only the room left (the ring shows every
seat's standing). The entry that ends a deal opens the deal's summary ("Fin de donne 2"), after
the list of what it applied when there is one: every line the deal's entries told (as many as
are kept, _KEPT), so that none scrolls away, in pages of six turned as the list above, by a
press only: a scorekeeper has no bots to wait for, and a page that turned by itself went unseen
by a keeper looking at the table. Nothing is entered while it shows. At the end of the game, the
game-over screen comes after it (the winners, the pot and payoffs or the standings).

The ring shows the standings as bars (to the target when there is one) and blinks entry_seat()
when the engine names the seat being entered.
"""

from engine.core import TABLE

from app.buttons import KEEP, LONG, OK, PRESS, SWAP, event_button, event_kind
from app.cues import CUE_ERROR
from app.i18n import tr, wrap
from app.modes.table import _PAGE, GameMode

JUMP = 10
STEP_HINT = "K-1 S+1"  # what KEEP and SWAP do to the number, in either language


def turned_to(event, page, pages):
    """Where a press leaves a summary of `pages` pages shown at `page`: KEEP back and SWAP on
    (round, when there are several), OK (short or held) on, and -1 past the last page (seen:
    put away); None when the press does nothing (its release, BACK)."""
    button = event_button(event)
    kind = event_kind(event)
    if kind != PRESS and kind != LONG:
        return None
    if button == OK:
        return page + 1 if page + 1 < pages else -1
    if kind == PRESS and pages > 1 and (button == KEEP or button == SWAP):
        return (page + (1 if button == SWAP else -1)) % pages
    return None


class ScoreMode(GameMode):
    def __init__(self, app):
        GameMode.__init__(self, app)
        self.low = 0
        self.high = 0
        self.extras = []
        self.pos = 0
        self.seen = -1  # the moves the entry on screen began after: more or fewer, a new entry
        self.applied = None  # the lines of what the deal just ended applied, until a press
        self.applied_deal = 0
        self.applied_page = 0
        self.deal_told = 0  # lines told since the deal began: its summary shows them all
        self.lit = TABLE  # the seat the ring blinks, worked out in refresh: draw() allocates nothing

    def resync(self, now):
        self.applied = None  # the game moved under it: that deal may be open again
        self.deal_told = 0  # and what was told of it is let go (GameMode.resync)
        GameMode.resync(self, now)

    def refresh(self, now):
        GameMode.refresh(self, now)
        state = self.app.session.state
        self.lit = state.entry_seat()
        moves = len(state.moves)
        if moves != self.seen:
            self.seen = moves
            self.pos = 0  # the lowest value of the range, whatever the entry before showed
        if state.current_player() != TABLE:
            self.low = self.high = 0
            self.extras = []
            self.pos = 0
            return
        self.low, self.high = state.entry_range()
        self.extras = state.extra_actions()
        if self.pos >= self.count():
            self.pos = 0

    def count(self):
        return self.high - self.low + 1 + len(self.extras)

    def highlighted(self):
        return self.lit

    def handle(self, event, now):
        app = self.app
        state = app.session.state
        button = event_button(event)
        kind = event_kind(event)
        if self.applied is not None:
            page = turned_to(event, self.applied_page, (len(self.applied) + _PAGE - 1) // _PAGE)
            if page is None:
                return False
            if page < 0:
                self.applied = None  # seen: the deal's summary, or the next deal's entries
            else:
                self.applied_page = page
            app.touch()
            return True
        if self.reveal is not None:  # the deal's summary: nothing is entered until it is seen
            page = turned_to(event, self.page, self.pages)
            if page is None:
                return False
            if page < 0:
                return self.end_reveal(now)  # the next entry, or the game-over screen
            return self.turn_page(page - self.page, now)
        if state.is_over():
            return self.handle_over(event, now)
        if state.current_player() != TABLE:
            return False
        numbers = self.high - self.low + 1
        if kind == LONG and button == OK:
            return self.enter_value(now)
        if kind == LONG and (button == KEEP or button == SWAP) and self.pos < numbers:
            step = -JUMP if button == KEEP else JUMP
            pos = self.pos + step
            self.pos = 0 if pos < 0 else numbers - 1 if pos >= numbers else pos
        elif kind != PRESS:
            return False
        elif button == KEEP or button == SWAP:
            pos = self.pos + (1 if button == SWAP else -1)
            if pos < 0 or pos >= self.count():  # an end of the list: it stops there
                app.sound(CUE_ERROR)
                return False
            self.pos = pos
        elif button == OK:  # a short OK: harmless, it only says how to confirm
            app.sound(CUE_ERROR)
            app.notify([tr(app.lang, "hold_longer")], now)
            return True
        else:
            return False
        return app.moved()

    def tick(self, now):
        if self.applied is not None or self.reveal is not None:
            return False  # a summary stays until it is seen: its pages turn by a press only
        return GameMode.tick(self, now)

    def told(self, line, kind, now):
        told = self.move_told
        GameMode.told(self, line, kind, now)
        self.deal_told += self.move_told - told

    def reveal_count(self):
        """The deal's summary shows every line its entries told (as many as are kept), not only
        the last entry's page."""
        return max(self.deal_told, self.move_told, 1)

    def open_reveal(self, deal, now):
        GameMode.open_reveal(self, deal, now)
        self.deal_told = 0  # the next deal's lines start here

    def enter_value(self, now):
        numbers = self.high - self.low + 1
        if self.pos < numbers:
            action = self.low + self.pos
        else:
            action = self.extras[self.pos - numbers]
        deal = self.app.session.state.round
        if not self.play(action, now):
            return True  # refused: the reason is on the OLED
        state = self.app.session.state
        if state.round != deal or state.is_over():
            self.show_applied(deal, state)
        return True

    def show_applied(self, deal, state):
        """Log what the deal just ended applied and list it (nothing to list: straight on); a
        game whose deals apply nothing beyond the numbers (applied() is None) logs nothing."""
        app = self.app
        words = self.words
        items = words.applied(app.lang, state, app.seat_label)
        if items is None:
            return
        app.log("applied", {"deal": deal, "applied": words.applied("en", state, app.english_label)})
        lines = []
        for item in items:  # a seat the host named may take an item to two lines
            lines += wrap(item, 2)
        if lines:
            self.applied = lines
            self.applied_deal = deal
            self.applied_page = 0
            app.touch()

    def applied_lines(self, lang, lines):
        """A page of `lines`, what the deal applied, under its header, above the page's footer."""
        pages = (len(lines) + _PAGE - 1) // _PAGE
        at = self.applied_page * _PAGE
        foot = tr(lang, "reveal_page") % (self.applied_page + 1, pages) if pages > 1 else tr(lang, "next")
        return [tr(lang, "applied_head") % self.applied_deal] + lines[at:at + _PAGE] + [foot]

    def lines(self):
        app = self.app
        lang = app.lang
        if self.applied is not None:
            return self.applied_lines(lang, self.applied)
        state = app.session.state
        if self.reveal is not None:
            return self.reveal_lines(lang)
        if state.is_over():
            return self.over_lines(lang)
        out = []
        if state.current_player() == TABLE:
            out += list(self.words.prompt(lang, state))[:2]
            numbers = self.high - self.low + 1
            if self.pos < numbers:
                out.append("> %d" % (self.low + self.pos))
            else:
                out.append("> " + self.words.entry_label(lang, state, self.extras[self.pos - numbers]))
            if self.pos >= numbers:
                out.append(tr(lang, "score_pick"))  # a named entry: no step to say
            elif self.high - self.low >= JUMP:
                out.append(tr(lang, "score_steps"))
            else:
                out.append(STEP_HINT)
            out.append(tr(lang, "hold_confirm"))
        standings = self.standings_lines(lang)
        target = state.target()
        tail = [tr(lang, "target_is") % target] if target else []
        room = 8 - len(out) - len(tail)
        told = self.told_lines[-self.move_told:] if self.move_told else []
        told = told[:room - min(1, len(standings))]  # one line of standings stays
        return out + told + standings[:room - len(told)] + tail
