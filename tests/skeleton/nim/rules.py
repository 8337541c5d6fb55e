"""Nim, the smallest game that keeps the whole engine surface (engine/core.py): the skeleton a new
game copies (docs/ARCHITECTURE.md, "Adding a game"). A pile of tokens; each seat in turn takes one
or two; who takes the last one wins. No chance, no refusal codes of its own, one fact a move."""

from engine.compat import const
from engine.core import (
    TERMINAL,
    GameState,
    check_known_options,
    new_from,
    option_int,
    read_int,
    read_ints,
)

GAME = "nim"  # the name records, saves and the protocol carry (games: Mode.engine)
TAKE_ONE = const(1)  # an action is the number of tokens taken
TAKE_TWO = const(2)
F_TAKE = const(1)  # (seat, taken, left): a fact the table is told
OPTION_DEFAULTS = {"players": 2, "pile": 12}


def normalize_options(options=None):
    options = options or {}
    check_known_options(options, OPTION_DEFAULTS)
    return {"players": option_int(options, "players", 2, 2, 4), "pile": option_int(options, "pile", 12, 5, 30)}


class State(GameState):
    GAME = GAME

    def __init__(self, options=None):
        options = normalize_options(options)
        GameState.__init__(self, options)
        self.n = options["players"]
        self.left = options["pile"]
        self.to_act = 0
        self.taken = [0] * self.n
        self.winner = -1
        self.round = 1

    def seats(self):
        return self.n

    def current_player(self):
        return TERMINAL if self.winner >= 0 else self.to_act

    def legal_actions(self):
        if self.winner >= 0:
            return []
        return [TAKE_ONE, TAKE_TWO] if self.left >= 2 else [TAKE_ONE]

    def _apply(self, action):
        seat = self.to_act
        self.left -= action
        self.taken[seat] += action
        self.tell(F_TAKE, seat, action, self.left)
        if self.left == 0:
            self.winner = seat
        else:
            self.to_act = (seat + 1) % self.n

    def returns(self):
        if self.winner < 0:
            return [0] * self.n
        return [1 if s == self.winner else -1 for s in range(self.n)]

    def standings(self):
        return list(self.taken)

    def target(self):
        return None

    def winners(self):
        return [self.winner] if self.winner >= 0 else []

    def view(self, seat):
        return self.to_dict()  # nothing is hidden

    def to_dict(self):
        return {"game": GAME, "options": self.options, "moves": list(self.moves), "left": self.left,
                "to_act": self.to_act, "taken": list(self.taken), "winner": self.winner}

    def action_name(self, action):
        return "take %d" % action if action in (TAKE_ONE, TAKE_TWO) else repr(action)

    def phase_name(self):
        return "over" if self.winner >= 0 else "take"


def from_dict(data):
    """A state from to_dict() output, every field checked; BadRecord names the first wrong one."""
    state = new_from(State, data)
    state.left = read_int(data, "left", 0, state.options["pile"])
    state.to_act = read_int(data, "to_act", 0, state.n - 1)
    state.taken = read_ints(data, "taken", state.n, 0, state.options["pile"])
    state.winner = read_int(data, "winner", -1, state.n - 1)
    return state
