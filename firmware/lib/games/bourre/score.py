"""La Bourre scorekeeper: real cards on the pub table, the device keeps the pot.

Each deal the table enters every player's tricks, from the leader round the table (a TABLE
action: the value entered is the number of tricks). The device antes for everyone (double for
the bourrus of the previous deal), and after the last deal shares the pot among the players with
most tricks.

Each entry is told (games.bourre.rules F_ENTRY) as it is confirmed, then the deal's bourrus and,
after the last deal, the winners and the pot, as the card engine tells them.

Tricks that no deal can produce are refused with the reason, and the entries accepted are exactly
those a deal can produce (tests/host/test_bourre_bounds.py searches the game to show it): at most
3 tricks for a player, 2 for the deal's leader, and 5n/2 (rounded down) for the n players together.
"""

from engine.compat import const
from engine.core import (
    REFUSE_NOT_INT,
    REFUSE_OVER,
    TABLE,
    TERMINAL,
    BadRecord,
    apply_entry,
    entry_is_legal,
    new_from,
    read_int,
    read_ints,
)

from games.bourre.codes import (  # noqa: F401  (its words and tests read them here too)
    R_DEAL_MOST,
    R_LEADER_MOST,
    R_PLAYER_MOST,
    R_TRICKS_RANGE,
)
from games.bourre.rules import (
    ACCOUNT_DEFAULTS,
    F_ENTRY,
    HAND_SIZE,
    Accounts,
    normalize_accounts,
)
from games.bourre.rules import GAME as CARD_GAME

GAME = CARD_GAME + "_score"

PH_ENTRY = const(0)
PH_OVER = const(1)


def normalize_options(options=None):
    return normalize_accounts(options, ACCOUNT_DEFAULTS)


def max_tricks(n):
    """Every trick holds at least two cards and each seat plays at most five."""
    return HAND_SIZE * n // 2


def max_seat_tricks(leads):
    """A player's first trick may cost him a single card, played last on another's lead; each one
    after costs two, since the taker leads the next trick and must also play its last card. So 3
    of 5 cards, and 2 for the deal's leader, whose first trick starts on his own lead too."""
    return HAND_SIZE // 2 if leads else (HAND_SIZE + 1) // 2


class State(Accounts):
    GAME = GAME
    ROUND_LOG = "history"  # a deal's entry appended at its end, never changed

    def __init__(self, options=None):
        Accounts.__init__(self, normalize_options(options))
        self.phase = PH_ENTRY
        self.entered = 0  # seats entered this deal, from the leader
        self.history = []  # each finished deal's tricks, for the log and the OLED
        self._open_deal()

    def entry_seat(self):
        if self.phase != PH_ENTRY:
            return -1
        return (self.leader + self.entered) % self.n

    def current_player(self):
        return TABLE if self.phase == PH_ENTRY else TERMINAL

    def is_over(self):
        return self.phase == PH_OVER

    def entry_range(self):
        return (0, HAND_SIZE)

    def extra_actions(self):
        return []

    def why_illegal(self, action):
        """None when the entry is fine, else why not: (code, args...), a code above."""
        if type(action) is not int:
            return (REFUSE_NOT_INT,)
        if self.phase != PH_ENTRY:
            return (REFUSE_OVER,)
        if action < 0 or action > HAND_SIZE:
            return (R_TRICKS_RANGE, HAND_SIZE)
        if self.entered == 0:  # the leader is entered first
            if action > max_seat_tricks(True):
                return (R_LEADER_MOST, max_seat_tricks(True))
        elif action > max_seat_tricks(False):
            return (R_PLAYER_MOST, max_seat_tricks(False))
        so_far = sum(self.tricks)
        most = max_tricks(self.n)
        if so_far + action > most:
            return (R_DEAL_MOST, most, most - so_far)
        return None

    def legal_actions(self):
        return [v for v in range(HAND_SIZE + 1) if not self.why_illegal(v)]

    is_legal = entry_is_legal
    apply = apply_entry

    def _apply(self, action):
        # told as confirmed; the deal's end, then the game's, are told by Accounts (_close_deal)
        self.tell(F_ENTRY, self.entry_seat(), action)
        self.tricks[self.entry_seat()] = action
        self.entered += 1
        if self.entered < self.n:
            return
        self.history.append(list(self.tricks))
        self.entered = 0
        if self._close_deal():
            self.phase = PH_OVER
        else:
            self._open_deal()

    def action_name(self, action):
        return ("%s trick" if action == 1 else "%s tricks") % (action,)

    def phase_name(self):
        return "over" if self.phase == PH_OVER else "tricks of seat %d" % self.entry_seat()

    def view(self, seat):
        data = self._public()
        data.update({"game": GAME, "seat": seat, "phase": self.phase_name(),
                     "to_act": self.current_player(), "entry_seat": self.entry_seat(),
                     "history": [list(h) for h in self.history]})
        return data

    def to_dict(self):
        data = self._accounts_dict()
        data.update({"game": GAME, "options": self.options, "moves": list(self.moves),
                     "phase": self.phase, "entered": self.entered,
                     "history": [list(h) for h in self.history]})
        return data


def from_dict(data):
    """A state from to_dict() output, every field checked; BadRecord names the first wrong one."""
    state = new_from(State, data)
    n = state.n
    state._read_accounts(data)
    state.phase = read_int(data, "phase", PH_ENTRY, PH_OVER)
    state.entered = read_int(data, "entered", 0, n - 1)
    history = data.get("history")
    if type(history) is not list or len(history) > state.options["deals"]:
        raise BadRecord("history must be a list of at most %d deals" % state.options["deals"])
    state.history = [read_ints({"history": h}, "history", n, 0, HAND_SIZE) for h in history]
    return state
