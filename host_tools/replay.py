"""Rebuild games with the shared engine and check them against what the device said.

verify() replays a record move by move and compares every checkpoint the events gave: who acted,
in which round, under which name, the standings after each round, and the returns at the end. It
reports the first divergence, which points at the move where the device and the engine part.
move_line() is the line `tanturlurette replay` prints for a move, in the command's language
(host_tools.lang, area "replay"): seats by name, else numbered as the device numbers them (J1 to
J8), moves and cards as the device words them (host_tools.view.move_words). A
Divergence's str() is the English verdict the database keeps; words() says it in a language, and
parse() reads a kept verdict back.
"""

import ast
import re

from engine.core import CHANCE, TABLE, TERMINAL, BadRecord, IllegalAction, player_name
from games import new_state
from proto.commands import MAX_SEATS

from host_tools.tracker import Checkpoints, GameTracker
from host_tools.view import move_words, seat_label, shown


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
    """Where the device and the engine part: the move (None: at the end), what differs, and the
    two values. str() is the English verdict stored with a game (db, `verified`); words(m) says it
    in the replay area's language. kind and fields name `what` for the words: "act" (field: action,
    player, round or name), "illegal" (player), "round" (round, field), "final" (field), "stored",
    "over", "start"."""

    def __init__(self, move, what, device, engine, kind=None, **fields):
        self.move = move
        self.what = what
        self.device = device
        self.engine = engine
        self.kind = kind
        self.fields = fields

    def __str__(self):
        where = "at move %d" % self.move if self.move is not None else "at the end"
        return "%s: %s: device %r, engine %r" % (where, self.what, self.device, self.engine)

    def words(self, m):
        """The verdict in m's words (m: Messages of the area "replay")."""
        where = m("at_move", move=self.move) if self.move is not None else m("at_end")
        fields = dict(self.fields)
        if "field" in fields:
            fields["field"] = m("field " + fields["field"])
        if "player" in fields:
            fields["player"] = player_words(m, fields["player"])
        what = m("what " + self.kind, **fields) if self.kind else shown(self.what)
        return m("verdict", where=where, what=what, device=_said(m, self.device), engine=_said(m, self.engine))

    @staticmethod
    def move_of(verdict):
        """The move a verdict (the str() of a Divergence, as stored) names, or None."""
        head = (verdict or "").split(":", 1)[0]
        if head.startswith("at move ") and head[8:].isdigit():
            return int(head[8:])
        return None

    @classmethod
    def parse(cls, verdict):
        """The Divergence a stored verdict (its str()) says, its kind found again; None for a
        verdict of another form (said as it is)."""
        found = _VERDICT.match(verdict or "")
        if found is None:
            return None
        where, what, device, engine = found.groups()
        move = cls.move_of(where)
        for kind, pattern in _WHAT:
            named = pattern.match(what)
            if named is not None:
                fields = named.groupdict()
                if "round" in fields:
                    fields["round"] = int(fields["round"])
                if "player" in fields:
                    fields["player"] = _PLAYERS.get(fields["player"], fields["player"])
                return cls(move, what, _value(device), _value(engine), kind, **fields)
        return cls(move, what, _value(device), _value(engine))


_VERDICT = re.compile(r"^(at move \d+|at the end): (.*): device (.*), engine (.*)$")
_WHAT = (("act", re.compile(r"^act (?P<field>action|player|round|name)$")),
         ("illegal", re.compile(r"^move \d+ is illegal for (?P<player>.*)$")),
         ("round", re.compile(r"^round (?P<round>\d+) (?P<field>standings|pos|stakes|out)$")),
         ("final", re.compile(r"^final (?P<field>returns|standings)$")),
         ("stored", re.compile(r"^stored returns$")),
         ("over", re.compile(r"^game over$")),
         ("start", re.compile(r"^game cannot start$")))


# engine.core.player_name's words, back to the player they name
_PLAYERS = dict([(player_name(p), p) for p in (TABLE, TERMINAL, CHANCE)] +
                [(player_name(seat), seat) for seat in range(MAX_SEATS)])


def player_words(m, player):
    """A player as the replay area says it: a seat by its number (J1..)."""
    if player == CHANCE:
        return m("chance")
    if player == TABLE:
        return m("the_table")
    if player == TERMINAL:
        return m("nobody")
    return seat_label(None, player) if isinstance(player, int) else shown(player)


def _said(m, value):
    """A value of a verdict: yes or no for a flag, else as Python writes it."""
    if isinstance(value, bool):
        return m("yes") if value else m("no")
    return shown(repr(value))


def _value(text):
    """A value as repr() wrote it in a verdict (a number, a list, a string), or the text itself."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


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
        return None, Divergence(None, "game cannot start", record.get("game"), str(err), "start")
    for index, move in enumerate(record.get("moves") or []):
        act = checks.acts.get(index)
        if act is not None:
            expected = {"action": move, "player": state.current_player(), "round": state.round,
                        "name": state.action_name(move)}
            for key, value in expected.items():
                if key in act and act[key] != value:
                    return state, Divergence(index, "act " + key, act[key], value, "act", field=key)
        if on_move is not None:
            on_move(index, state, move)
        before = state.round
        try:
            state.apply(move)
        except IllegalAction as err:
            player = state.current_player()
            return state, Divergence(index, "move %d is illegal for %s" % (move, player_name(player)),
                                     move, str(err), "illegal", player=player)
        if state.round != before and state.round in checks.rounds:
            reported = checks.rounds[state.round]
            for key, value in _round_fields(state).items():
                if key in reported and reported[key] != value:
                    return state, Divergence(index, "round %d %s" % (state.round, key), reported[key], value,
                                             "round", round=state.round, field=key)
    final = checks.over
    if final is not None:
        if not state.is_over():
            return state, Divergence(None, "game over", True, False, "over")
        for key, value in (("returns", list(state.returns())), ("standings", list(state.standings()))):
            if key in final and final[key] != value:
                return state, Divergence(None, "final " + key, final[key], value, "final", field=key)
    if returns is not None and list(returns) != list(state.returns()):
        return state, Divergence(None, "stored returns", list(returns), list(state.returns()), "stored")
    return state, None


def move_line(m, index, state, game, move, names=None, marked=None):
    """The replay listing's line for move `index`, applied to `state` (before it), in m's words
    (m: Messages of the area "replay"): the round, who acts (a name, the deck or the table) and
    what the move does, as the device says it (host_tools.view.move_words)."""
    player = state.current_player()
    if player == CHANCE:
        who = m("chance")
    elif player == TABLE:
        who = m("the_table")
    else:
        who = seat_label(names, player)
    try:
        what = move_words(m.lang, state, game, move, names)
    except (ValueError, LookupError, TypeError, AttributeError):  # a move the engine refuses next
        what = str(move)
    line = "move_line_round" if str(game).startswith("tanturlurette") else "move_line_deal"
    return m(line, index=index, round=state.round, who=who + " " * max(0, 14 - len(who)),
             what=shown(what)) + (m("diverges_here") if index == marked else "")
