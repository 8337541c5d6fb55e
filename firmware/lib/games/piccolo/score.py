"""Piccolo scorekeeper: real cards on the café table, the device keeps the score to 41.

Each deal the table enters, as TABLE actions:
  1. the contract: a points bid as its number (26 to 70), or a named contract from the list after
     the numbers (BID + level, as in games.piccolo.rules), or PASS when everybody passed;
  2. the taker, as a seat number counted from 1;
  3. the result: the taker's points (0 to 70) for a points bid, the taker's tricks (0 to 10) for
     a named contract.
The payoff of règle 13 and the winners of règle 14 are computed by games.piccolo.rules's Table, the same
code the card engine uses, which also tells them (facts: the result, who scores, the winners and
losers); each entry is told as it is confirmed (F_LEVEL, F_CONTRACT, or F_THROWN for all passed). Impossible entries are refused with the reason and change nothing.
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

from games.piccolo.codes import (  # noqa: F401  (its words and tests read them here too)
    R_BID_AS_NUMBER,
    R_BID_RANGE,
    R_NAMED_AFTER,
    R_NO_GENERALE,
    R_POINTS_RANGE,
    R_TAKER_DEALS,
    R_TAKER_OUT,
    R_TAKER_RANGE,
    R_TRICKS_RANGE,
)
from games.piccolo.rules import (
    BID,
    F_CONTRACT,
    F_LEVEL,
    F_THROWN,
    GENERALE,
    MAX_POINTS_BID,
    MIN_BID,
    MISERE,
    MISERE_TABLE,
    PASS,
    PICCOLO,
    PICCOLO_TABLE,
    SEATS,
    TOTAL_POINTS,
    Table,
    is_contract,
    is_points_bid,
    level_name,
    normalize_options,  # noqa: F401  (the setup menu calls it on every game module)
)
from games.piccolo.rules import (
    GAME as CARD_GAME,
)

GAME = CARD_GAME + "_score"

PH_CONTRACT = const(0)
PH_TAKER = const(1)
PH_RESULT = const(2)
PH_OVER = const(3)
_PHASE_NAMES = ("contract", "taker", "result", "over")
TRICKS = const(10)
_NAMED = (MISERE, PICCOLO, MISERE_TABLE, PICCOLO_TABLE, GENERALE)


class State(Table):
    GAME = GAME
    ROUND_LOG = "history"  # a deal's entry appended at its end, never changed

    def __init__(self, options=None):
        Table.__init__(self, options)
        self.phase = PH_CONTRACT
        self.level = 0
        self.taker = -1
        self.history = []  # [dealer, taker, level, points, tricks, made, payoff] per deal played
        self._open_deal()

    # -- the scorekeeper interface --------------------------------------------------------------
    def current_player(self):
        return TERMINAL if self.phase == PH_OVER else TABLE

    def is_over(self):
        return self.phase == PH_OVER

    def entry_range(self):
        phase = self.phase
        if phase == PH_CONTRACT:
            return (MIN_BID, MAX_POINTS_BID)
        if phase == PH_TAKER:
            return (1, SEATS)
        if phase == PH_RESULT:
            return (0, TOTAL_POINTS) if is_points_bid(self.level) else (0, TRICKS)
        return (0, 0)

    def extra_actions(self):
        if self.phase != PH_CONTRACT:
            return []
        out = [BID + lv for lv in _NAMED if self._named_allowed(lv)]
        out.append(PASS)
        return out

    def entry_seat(self):
        return self.taker if self.phase == PH_RESULT else TABLE

    def _named_allowed(self, level):
        return level != GENERALE or self.options["generale"]

    def why_illegal(self, action):
        """None when the entry is fine now, else why not: (code, args...), a code above."""
        if type(action) is not int:
            return (REFUSE_NOT_INT,)
        phase = self.phase
        if phase == PH_CONTRACT:
            if action == PASS:
                return None
            if action >= BID:
                level = action - BID
                if level in _NAMED:
                    return None if self._named_allowed(level) else (R_NO_GENERALE,)
                return (R_BID_AS_NUMBER,)
            if action < MIN_BID or action > MAX_POINTS_BID:
                return (R_BID_RANGE, MIN_BID, MAX_POINTS_BID)
            if is_contract(action):
                return (R_NAMED_AFTER, action)
            return None
        if phase == PH_TAKER:
            if action < 1 or action > SEATS:
                return (R_TAKER_RANGE, SEATS)
            seat = action - 1
            if self.out[seat]:
                return (R_TAKER_OUT, action)
            if seat not in self.active:
                return (R_TAKER_DEALS, action)
            return None
        if phase == PH_RESULT:
            low, high = self.entry_range()
            if action < low or action > high:
                if is_points_bid(self.level):
                    return (R_POINTS_RANGE, TOTAL_POINTS)
                return (R_TRICKS_RANGE, TRICKS)
            return None
        return (REFUSE_OVER,)

    def legal_actions(self):
        phase = self.phase
        if phase == PH_OVER:
            return []
        if phase == PH_CONTRACT:
            out = [v for v in range(MIN_BID, MAX_POINTS_BID + 1) if not is_contract(v)]
            return out + [BID + lv for lv in _NAMED if self._named_allowed(lv)] + [PASS]
        if phase == PH_TAKER:
            return [s + 1 for s in self.active]
        low, high = self.entry_range()
        return list(range(low, high + 1))

    is_legal = entry_is_legal
    apply = apply_entry

    def _apply(self, action):
        phase = self.phase
        if phase == PH_CONTRACT:
            if action == PASS:  # thrown in: the deal passes to the right
                self._next_dealer()
                self.tell(F_THROWN, self.dealer)
                self._open_deal()
                return
            self.level = action - BID if action >= BID else action
            self.tell(F_LEVEL, self.level)
            self.phase = PH_TAKER
        elif phase == PH_TAKER:
            self.taker = action - 1
            self.tell(F_CONTRACT, self.taker, self.level)
            self.phase = PH_RESULT
        elif phase == PH_RESULT:
            points = action if is_points_bid(self.level) else 0
            tricks = 0 if is_points_bid(self.level) else action
            dealer = self.dealer
            over = self._settle(self.taker, self.level, points, tricks)
            entry = [dealer]
            entry.extend(self.last_result or ())  # set by _settle: [taker, level, points, tricks, made, payoff]
            self.history.append(entry)
            self.level = 0
            self.taker = -1
            if over:
                self.phase = PH_OVER
            else:
                self.phase = PH_CONTRACT
                self._open_deal()

    def action_name(self, action):
        phase = self.phase
        if phase == PH_CONTRACT:
            if action == PASS:
                return "all passed"
            if type(action) is int and action >= BID:
                return level_name(action - BID)
            return "bid %s" % (action,)
        if phase == PH_TAKER:
            return "taker seat %s" % (action,)
        if phase == PH_RESULT:
            return ("%s points" if is_points_bid(self.level) else "%s tricks") % (action,)
        return str(action)

    def phase_name(self):
        return _PHASE_NAMES[self.phase]

    # -- views and saving -----------------------------------------------------------------------
    def view(self, seat):
        data = self._public()
        data.update({"game": GAME, "seat": seat, "phase": _PHASE_NAMES[self.phase],
                     "to_act": self.current_player(), "level": self.level, "taker": self.taker,
                     "history": [list(h) for h in self.history]})
        return data

    def to_dict(self):
        data = self._table_dict()
        data.update({"game": GAME, "options": self.options, "moves": list(self.moves),
                     "phase": self.phase, "level": self.level, "taker": self.taker,
                     "history": [list(h) for h in self.history]})
        return data


def from_dict(data):
    """A state from to_dict() output, every field checked; BadRecord names the first wrong one."""
    state = new_from(State, data)
    state._read_table(data)
    state.phase = read_int(data, "phase", PH_CONTRACT, PH_OVER)
    state.level = read_int(data, "level", 0, GENERALE)
    state.taker = read_int(data, "taker", -1, SEATS - 1)
    history = data.get("history")
    if type(history) is not list:
        raise BadRecord("history must be a list of deals, got %r" % (history,))
    for deal in history:
        if type(deal) is not list or len(deal) != 7 or (deal[5] is not True and deal[5] is not False):
            raise BadRecord("a history entry is [dealer, taker, level, points, tricks, made, payoff], "
                            "got %r" % (deal,))
        read_ints({"history": deal[:5] + deal[6:]}, "history", 6, 0, 0xFFFF)
    state.history = [list(deal) for deal in history]
    return state
