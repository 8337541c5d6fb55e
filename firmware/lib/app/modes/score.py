"""The pub scorekeeper: drives any "<game>_score" engine through its scorekeeper interface.

While the engine expects an entry (current_player() == TABLE) the OLED shows the game's words
for it (app/words/<game>.py: prompt) and the value being entered. KEEP and SWAP step the value
through entry_range() (a long press jumps by ten); past the top of the range come the engine's
extra_actions() (a penalty, say, labelled by the words' entry_label),
then the range starts again. OK enters the value shown. The engine refuses impossible entries with
IllegalAction, whose reason the OLED shows in words, and nothing changes. The value entered is applied as
the action itself.
What the engine tells of an entry (app/words/<game>.py: tell) shows under the value, the last
line told; the entry that ends a deal opens the deal's reveal and the end of the game its
game-over screen (the winners, the pot and payoffs or the standings), as in table play
(app/modes/table.py: GameMode).
The ring shows the standings as bars (to the target when there is one) and blinks entry_seat()
when the engine names the seat being entered.
"""

from engine.core import TABLE

from app.buttons import KEEP, LONG, OK, PRESS, SWAP
from app.i18n import tr
from app.modes.table import GameMode

JUMP = 10


class ScoreMode(GameMode):
    def __init__(self, app):
        GameMode.__init__(self, app)
        self.low = 0
        self.high = 0
        self.extras = []
        self.pos = 0

    def refresh(self, now):
        GameMode.refresh(self, now)
        state = self.app.session.state
        if state.current_player() != TABLE:
            self.low = self.high = 0
            self.extras = []
            self.pos = 0
            return
        low, high = state.entry_range()
        if (low, high) != (self.low, self.high):
            self.pos = -low if low <= 0 <= high else 0
        self.low = low
        self.high = high
        self.extras = state.extra_actions()
        if self.pos >= self.count():
            self.pos = 0

    def count(self):
        return self.high - self.low + 1 + len(self.extras)

    def highlighted(self):
        return self.app.session.state.entry_seat()

    def handle(self, event, now):
        app = self.app
        state = app.session.state
        if state.is_over():
            return self.handle_over(event, now)
        if self.reveal is not None and self.seen_reveal(event, now):
            return True
        if state.current_player() != TABLE:
            return False
        button = event >> 2
        kind = event & 3
        numbers = self.high - self.low + 1
        if kind == LONG and (button == KEEP or button == SWAP) and self.pos < numbers:
            step = -JUMP if button == KEEP else JUMP
            pos = self.pos + step
            self.pos = 0 if pos < 0 else numbers - 1 if pos >= numbers else pos
        elif kind != PRESS:
            return False
        elif button == KEEP:
            self.pos = (self.pos - 1) % self.count()
        elif button == SWAP:
            self.pos = (self.pos + 1) % self.count()
        elif button == OK:
            return self.enter_value(now)
        else:
            return False
        return app.moved()

    def enter_value(self, now):
        numbers = self.high - self.low + 1
        if self.pos < numbers:
            action = self.low + self.pos
        else:
            action = self.extras[self.pos - numbers]
        return self.play(action, now)

    def lines(self):
        app = self.app
        lang = app.lang
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
        out += self.told_lines[-1:]  # what the last entry made happen
        out += self.standings_lines(lang)
        target = state.target()
        if target:
            out.append(tr(lang, "target") % target)
        return out[:8]
