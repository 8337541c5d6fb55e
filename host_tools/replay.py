"""Rebuild games with the shared engine and check them against what the device said.

verify() replays a record move by move and compares every checkpoint the events gave: who acted,
in which round, under which name, the standings after each round, and the returns at the end. It
reports the first divergence, which points at the move where the device and the engine part.
"""

from engine.core import BadRecord, IllegalAction, player_name
from engine.registry import new_state

from host_tools.tracker import GameTracker


class Checkpoints:
    """What the device reported along a game, keyed by move index and by round."""

    def __init__(self):
        self.acts = {}  # move index -> act payload (the latest wins: undo replays an index)
        self.rounds = {}  # round number -> round payload
        self.over = None


def games_from_events(events):
    """Split an event stream into games: [(tracker, checkpoints)], in order."""
    games = []
    tracker = None
    checks = None
    for event in events:
        kind = event.get("type")
        if kind == "game":
            tracker = GameTracker()
            checks = Checkpoints()
            games.append((tracker, checks))
        if tracker is None:
            continue
        tracker.feed(event)
        data = event.get("data") or {}
        if kind == "act" and isinstance(data.get("move"), int):
            checks.acts[data["move"]] = data
        elif kind == "round" and isinstance(data.get("round"), int):
            checks.rounds[data["round"]] = data
        elif kind == "over":
            checks.over = data
    return games


class Divergence:
    def __init__(self, move, what, device, engine):
        self.move = move
        self.what = what
        self.device = device
        self.engine = engine

    def __str__(self):
        where = "at move %d" % self.move if self.move is not None else "at the end"
        return "%s: %s: device %r, engine %r" % (where, self.what, self.device, self.engine)


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
