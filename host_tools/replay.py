"""Rebuild games with the shared engine and check them against what the device said.

verify() replays a record move by move and compares every checkpoint the events gave: who acted,
in which round, under which name, the standings after each round, and the returns at the end. It
reports the first divergence, which points at the move where the device and the engine part.
move_line() is the line `tanturlurette replay` prints for a move: seats by name, numbered from 1
as the device numbers them (J1 to J8) where the game has no names.
"""

from engine.core import BadRecord, IllegalAction, player_name
from engine.registry import new_state

from host_tools.facts import seat_names
from host_tools.tracker import Checkpoints, GameTracker


def games_from_events(events):
    """Split a stream of checked events (host_tools.schema) into games: [(tracker, checkpoints)],
    one a device game, whether it was seen from its `game` line or first by a snapshot."""
    tracker = GameTracker()
    games = []
    for event in events:
        change = tracker.feed(event)
        if change in ("game", "new"):
            if games:
                games[-1] = tracker.previous  # the game followed until now, as it was left
            games.append(tracker)
    return [(game, game.checks) for game in games]


class Divergence:
    def __init__(self, move, what, device, engine):
        self.move = move
        self.what = what
        self.device = device
        self.engine = engine

    def __str__(self):
        where = "at move %d" % self.move if self.move is not None else "at the end"
        return "%s: %s: device %r, engine %r" % (where, self.what, self.device, self.engine)

    @staticmethod
    def move_of(verdict):
        """The move a verdict (the str() of a Divergence, as stored) names, or None."""
        head = (verdict or "").split(":", 1)[0]
        if head.startswith("at move ") and head[8:].isdigit():
            return int(head[8:])
        return None


def _round_fields(state):
    fields = {"standings": list(state.standings())}
    summary = state.round_summary()  # the tokens, for games on the target
    for key in ("pos", "stakes", "out"):
        if key in summary:
            fields[key] = summary[key]
    return fields


def verify(record, checks=None, returns=None, on_move=None):
    """Replay record; returns (state, first Divergence or None).

    checks: Checkpoints from the events; returns: the returns the device stored for the game.
    on_move(index, state_before, move) is called before each move (for a step-by-step listing).
    """
    checks = checks or Checkpoints()
    try:
        state = new_state(record.get("game"), record.get("options"))
    except (BadRecord, ValueError) as err:
        return None, Divergence(None, "game cannot start", record.get("game"), str(err))
    for index, move in enumerate(record.get("moves") or []):
        act = checks.acts.get(index)
        if act is not None:
            expected = {"action": move, "player": state.current_player(), "round": state.round,
                        "name": state.action_name(move)}
            for key, value in expected.items():
                if key in act and act[key] != value:
                    return state, Divergence(index, "act " + key, act[key], value)
        if on_move is not None:
            on_move(index, state, move)
        before = state.round
        try:
            state.apply(move)
        except IllegalAction as err:
            return state, Divergence(index, "move %d is illegal for %s" % (move, player_name(state.current_player())),
                                     move, str(err))
        if state.round != before and state.round in checks.rounds:
            reported = checks.rounds[state.round]
            for key, value in _round_fields(state).items():
                if key in reported and reported[key] != value:
                    return state, Divergence(index, "round %d %s" % (state.round, key), reported[key], value)
    final = checks.over
    if final is not None:
        if not state.is_over():
            return state, Divergence(None, "game over", True, False)
        for key, value in (("returns", list(state.returns())), ("standings", list(state.standings()))):
            if key in final and final[key] != value:
                return state, Divergence(None, "final " + key, final[key], value)
    if returns is not None and list(returns) != list(state.returns()):
        return state, Divergence(None, "stored returns", list(returns), list(state.returns()))
    return state, None


def move_text(state, move, names):
    """What a move does, seats by name: the engine's own words name seats from 0 (its "dealer seat
    3", "losers 0,2"), so the moves that name seats are said here."""
    phase = state.phase_name()
    if phase == "first-dealer":  # the lot, whose outcome is a seat
        return "dealer: %s" % names[move] if 0 <= move < len(names) else state.action_name(move)
    if phase == "mark-losers":  # LOSERS + a mask of seats
        mask = move - 256
        return "lowest: " + ", ".join(names[s] for s in range(len(names)) if mask >> s & 1)
    return state.action_name(move)


def move_line(index, state, move, names=None, marked=None):
    """The replay listing's line for move `index`, applied to `state` (before it): the round, who
    acts (a name, "chance" or "the table") and what the move does."""
    seats = seat_names(names, state.seats())
    player = state.current_player()
    who = seats[player] if player >= 0 else player_name(player)
    return "%4d  round %-3d %-14s %s%s" % (index, state.round, who, move_text(state, move, seats),
                                          "   <- diverges here" if index == marked else "")
