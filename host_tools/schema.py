"""What the host takes from the device: one schema per event type (docs/PROTOCOL.md), in one place.

check_event(line) takes a decoded line (the dict parse_line returns) and returns (event, dropped):
the event the rest of the host tool may trust, and what was taken off it. A line that does not fit
raises BadEvent, whose message names the field, what it must be and what came. Past this point
nobody checks a type again: the tracker, the database, the replay and the view take every field
for what the protocol says it is.

- Every field the protocol names is checked for its type and a sane range: the envelope's
  integers go into SQLite columns as they are (64-bit at most), a move is an engine action, a seat
  is one of 8, a name is 1 to 16 characters.
- A field the protocol does not name is kept if it is plain JSON of bounded depth and size (a newer
  firmware may add one); deeper, bigger, or a string that is not text (a lone surrogate, which only
  a JSON escape can make) is refused.
- A string may hold control characters: the host neutralises them where it prints
  (view.shown), so that a name is not lost for holding one.
- `ms` and `utc` are the device's clocks, not the game: a wrong one is taken off the line (and
  reported in `dropped`) and the event is kept, so that a device whose clock an older host set
  wrong still has its games logged, and can be given the right time.

An `ok` or `error` line that does not fit but carries a readable command id gives that id in
BadEvent.answer_id: the command waiting for it fails at once instead of waiting out its time.
"""

from app.clock import TICKS_PERIOD
from engine.core import CHANCE, TABLE, TERMINAL
from games import ENGINES
from proto.commands import CLOCK_MAX, CLOCK_MIN, MAX_SEATS, NAME_MAX

INT64 = (-(1 << 63), (1 << 63) - 1)  # what an SQLite INTEGER holds
MAX_MOVES = 1 << 20  # far beyond the longest game; a record's moves are engine actions (0 to 65535)
JSON_DEPTH = 6  # how deep a field the protocol does not name may nest
JSON_ITEMS = 4096  # how many items a list or object the protocol does not name may hold
TEXT_MAX = 1 << 16  # the longest string in a field the protocol does not name


class BadEvent(ValueError):
    """A device line that does not fit the protocol; answer_id: the command id it answers, if known."""

    def __init__(self, message, answer_id=None):
        super().__init__(message)
        self.answer_id = answer_id


def _brief(value):
    """A short, printable account of a value for a message."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = repr(value)  # repr escapes control characters and surrogates
    return text if len(text) <= 40 else text[:37] + "..."


def _refuse(where, what, value):
    raise BadEvent("%s: expected %s, got %s" % (where, what, _brief(value)))


# -- the building blocks ------------------------------------------------------------------------
class Int:
    def __init__(self, low, high):
        self.low = low
        self.high = high

    def check(self, value, where):
        if type(value) is not int or not self.low <= value <= self.high:  # type(): not a bool
            _refuse(where, "an integer from %d to %d" % (self.low, self.high), value)
        return value


class Text:
    def __init__(self, shortest=0, longest=TEXT_MAX):
        self.shortest = shortest
        self.longest = longest

    def check(self, value, where):
        if not isinstance(value, str) or not self.shortest <= len(value) <= self.longest:
            _refuse(where, "a string of %d to %d characters" % (self.shortest, self.longest), value)
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                _refuse(where, "text (a lone UTF-16 surrogate is not)", value)
        return value


class Choice:
    def __init__(self, choices, what):
        self.choices = choices
        self.what = what

    def check(self, value, where):
        if not isinstance(value, str) or value not in self.choices:
            _refuse(where, "%s (%s)" % (self.what, ", ".join(self.choices)), value)
        return value


class Flag:
    def check(self, value, where):
        if not isinstance(value, bool):
            _refuse(where, "true or false", value)
        return value


class Maybe:
    """The schema's value or null."""

    def __init__(self, schema):
        self.schema = schema

    def check(self, value, where):
        return value if value is None else self.schema.check(value, where)


class ListOf:
    def __init__(self, item, longest, shortest=0):
        self.item = item
        self.longest = longest
        self.shortest = shortest

    def check(self, value, where):
        if not isinstance(value, list) or not self.shortest <= len(value) <= self.longest:
            _refuse(where, "a list of %d to %d items" % (self.shortest, self.longest), value)
        check = self.item.check
        for i, item in enumerate(value):
            check(item, "%s[%d]" % (where, i))
        return value


class Scalar:
    """A number, a string, true, false or null: an option's value, the action an error refuses."""

    def check(self, value, where):
        if value is None or isinstance(value, bool):
            return value
        if isinstance(value, int):
            return Int(*INT64).check(value, where)
        if isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                _refuse(where, "a finite number", value)
            return value
        if isinstance(value, str):
            return ANY_TEXT.check(value, where)
        _refuse(where, "a number, a string, true, false or null", value)


class Json:
    """Any plain JSON value of bounded depth and size: for fields the protocol does not name."""

    def check(self, value, where, depth=0):
        if not isinstance(value, (list, dict)):
            return SCALAR.check(value, where)
        if depth >= JSON_DEPTH:
            _refuse(where, "JSON nested at most %d deep" % JSON_DEPTH, value)
        if len(value) > JSON_ITEMS:
            _refuse(where, "at most %d items" % JSON_ITEMS, value)
        if isinstance(value, list):
            for i, item in enumerate(value):
                self.check(item, "%s[%d]" % (where, i), depth + 1)
        else:
            for key, item in value.items():
                ANY_TEXT.check(key, where + " key")
                self.check(item, "%s.%s" % (where, key), depth + 1)
        return value


class IsObject:
    """A JSON object, its fields left to the schema that knows them."""

    def check(self, value, where):
        if not isinstance(value, dict):
            _refuse(where, "an object", value)
        return value


ANY_TEXT = Text()
SCALAR = Scalar()
ANY = Json()


class Fields:
    """A JSON object: required and optional fields, each with its schema; others are ANY."""

    def __init__(self, required=None, optional=None):
        self.required = dict(required or {})
        self.optional = dict(optional or {})

    def extend(self, required=None, optional=None):
        both = Fields(self.required, self.optional)
        both.required.update(required or {})
        both.optional.update(optional or {})
        return both

    def check(self, value, where):
        if not isinstance(value, dict):
            _refuse(where, "an object", value)
        for key in self.required:
            if key not in value:
                raise BadEvent("%s: missing field %r" % (where, key))
        for key, item in value.items():
            schema = self.required.get(key) or self.optional.get(key)
            if schema is None:
                ANY_TEXT.check(key, where + " key")
                schema = ANY
            schema.check(item, "%s.%s" % (where, key))
        return value


# -- the protocol's values ----------------------------------------------------------------------
COUNT = Int(0, (1 << 31) - 1)
POINTS = Int(-(1 << 31), (1 << 31) - 1)  # standings, returns: any sign
COMMAND_ID = Int(*INT64)
ROUND = Int(0, 0xFFFF)
ACTION = Int(0, 0xFFFF)  # the engine keeps moves as 16-bit
MOVE_INDEX = Int(0, MAX_MOVES)
SEAT = Int(0, MAX_SEATS - 1)
PLAYER = Int(TABLE, MAX_SEATS - 1)  # a seat, CHANCE (-1) or TABLE (-3)
TO_ACT = Int(min(TABLE, TERMINAL, CHANCE), MAX_SEATS - 1)  # or TERMINAL (-2)
SEAT_POINTS = ListOf(POINTS, MAX_SEATS)
SEATS = ListOf(SEAT, MAX_SEATS)
SHORT = Text(0, 64)
MESSAGE = Text(0, 2000)
GAME = Choice(ENGINES, "a game this host knows")
NAMES = ListOf(Text(1, NAME_MAX), MAX_SEATS)  # empty in a snapshot of a game without names
BOTS = ListOf(Maybe(Text(0, 32)), MAX_SEATS)


class Options:
    """A game's options: names to plain values; the engine judges the values when it replays."""

    def check(self, value, where):
        if not isinstance(value, dict) or len(value) > 64:
            _refuse(where, "an object of at most 64 options", value)
        for key, item in value.items():
            OPTION_NAME.check(key, where + " key")
            SCALAR.check(item, "%s.%s" % (where, key))
        return value


OPTION_NAME = Text(1, 32)


# The record that rebuilds a game (engine.play.replay), as get_state and pull_game send it.
RECORD = Fields(
    required={"v": Int(1, 1), "game": GAME, "options": Options(),
              "moves": ListOf(ACTION, MAX_MOVES)},
    optional={"names": Maybe(NAMES), "bots": Maybe(BOTS), "returns": Maybe(SEAT_POINTS),
              "rounds": Maybe(ROUND), "finished": Flag()})
# pull_game sends a finished game a page of moves at a time: the record without its moves.
PAGED_RECORD = Fields(required={k: v for k, v in RECORD.required.items() if k != "moves"},
                      optional=RECORD.optional)
# What the device shows (the `state` line at a change of screen, and `display` in a snapshot).
DISPLAY = Fields(
    required={"mode": SHORT, "text": ListOf(SHORT, 16)},
    optional={"game": Maybe(SHORT), "round": ROUND, "to_act": TO_ACT, "standings": SEAT_POINTS,
              "moves": MOVE_INDEX})
# `id`: the game's id on the device, as its `game` event gave it (a firmware before it sent none).
SNAPSHOT = RECORD.extend(optional={
    "round": ROUND, "phase": SHORT, "to_act": TO_ACT, "over": Flag(), "standings": SEAT_POINTS,
    "target": Maybe(POINTS), "pot": COUNT, "display": DISPLAY, "id": Maybe(COUNT)})
STATE_ANSWER = Fields(required={"state": Maybe(SNAPSHOT)}, optional={"id": Maybe(COMMAND_ID)})


class StateData:
    """Two forms: the answer to get_state (it has `state`), or the screen the device switched to."""

    def check(self, value, where):
        schema = STATE_ANSWER if isinstance(value, dict) and "state" in value else DISPLAY
        return schema.check(value, where)


# The answers to the commands (docs/PROTOCOL.md, "Host to device"), by command.
CLOCK = Int(CLOCK_MIN, CLOCK_MAX)
VERSION = {"protocol": COUNT, "firmware": SHORT}
REPLIES = {
    "hello": dict(VERSION, boot=Int(0, TICKS_PERIOD - 1), seq=Int(*INT64), commands=ListOf(SHORT, 64)),
    "version": VERSION,
    "get_state": {"playing": Flag()},
    "list_games": {"games": ListOf(Fields(
        required={"id": COUNT},
        optional={"game": Maybe(SHORT), "finished": Maybe(Flag()), "moves": MOVE_INDEX,
                  "rounds": Maybe(ROUND), "names": Maybe(NAMES), "returns": Maybe(SEAT_POINTS),
                  "error": MESSAGE}), 1000)},
    "pull_game": {"game_id": COUNT, "record": PAGED_RECORD, "start": Int(0, MAX_MOVES),
                  "moves": ListOf(ACTION, MAX_MOVES), "total": Int(0, MAX_MOVES)},
    "list_quarantine": {"files": ListOf(Text(1, 255), 1000)},
    "pull_file": {"name": Text(1, 255), "size": COUNT, "base64": Text(0, 1 << 24)},
    "set_names": {"names": ListOf(Text(1, NAME_MAX), MAX_SEATS, 1), "applied": SHORT},
    "get_config": {"config": Fields()},  # checked by the device; here, plain JSON
    "set_config": {"config": Fields(), "restart": Flag()},
    "set_clock": {"time": CLOCK},
}
OK_ANY = Fields(required={"cmd": SHORT}, optional={"id": Maybe(COMMAND_ID), "warning": MESSAGE})
# What the paged answers add (PROTOCOL.md, "Pages"): optional, as a firmware before pages sent none.
PAGED = {
    "list_games": {"more": Flag()},
    "list_quarantine": {"more": Flag()},
    "pull_game": {"more": Flag()},
    "pull_file": {"more": Flag(), "offset": COUNT},
}
OK_REPLIES = {cmd: OK_ANY.extend(required=fields, optional=PAGED.get(cmd)) for cmd, fields in REPLIES.items()}


class OkData:
    def check(self, value, where):
        cmd = value.get("cmd") if isinstance(value, dict) else None
        return OK_REPLIES.get(cmd if isinstance(cmd, str) else "", OK_ANY).check(value, where)


# -- the events ---------------------------------------------------------------------------------
FACT_ARG = Int(-0x8000, 0x7FFF)  # a fact's argument: a seat, a mask of seats, a card, a count
MOVES_TAKEN = {"moves": Int(1, MAX_MOVES), "round": ROUND, "from_round": ROUND, "to_act": TO_ACT}
EVENTS = {
    "boot": Fields(required={"lang": Text(1, 8), "leds": COUNT},
                   optional={"resume": Fields(required={"resumed": Flag()},
                                              optional={"game": Maybe(SHORT), "round": Maybe(ROUND),
                                                        "discarded": ListOf(MESSAGE, 64)})}),
    "game": Fields(required={"game": GAME, "options": Options()},
                   optional={"names": Maybe(NAMES), "bots": Maybe(BOTS), "id": Maybe(COUNT)}),
    "act": Fields(required={"action": ACTION, "name": SHORT, "player": PLAYER, "round": ROUND,
                            "move": MOVE_INDEX}),
    "round": Fields(required={"round": ROUND, "previous": ROUND, "standings": SEAT_POINTS},
                    optional={"pos": ListOf(Int(0, 255), MAX_SEATS), "stakes": ListOf(COUNT, MAX_SEATS),
                              "out": ListOf(Flag(), MAX_SEATS), "last_hands": ListOf(Int(-1, 255), MAX_SEATS),
                              "last_losers": Int(0, (1 << MAX_SEATS) - 1)}),
    # what the table was told (engine/core.py's facts): the game's F_* kind, three 16-bit ints, the
    # English words the device told it with
    "fact": Fields(required={"kind": Int(1, 0x7FFF), "args": ListOf(FACT_ARG, 3, 3), "text": MESSAGE}),
    "elim": Fields(required={"seat": SEAT, "round": ROUND}),
    "reenter": Fields(required={"seat": SEAT, "stakes": COUNT, "pot": COUNT}),
    "undo": Fields(required=MOVES_TAKEN),
    "redo": Fields(required=MOVES_TAKEN),
    "over": Fields(required={"returns": SEAT_POINTS, "standings": SEAT_POINTS, "round": ROUND},
                   optional={"pot": COUNT, "winners": SEATS}),
    "selftest": Fields(required={"passed": Flag(), "buttons": ListOf(Text(1, 8), 8), "rings": COUNT,
                                 "sweep_done": Flag()}),
    "applied": Fields(required={"deal": ROUND, "applied": ListOf(MESSAGE, 64)}),
    "storage": Fields(required={"ok": Flag(), "message": MESSAGE},
                      optional={"errno": Maybe(POINTS), "where": Maybe(SHORT)}),
    "state": StateData(),
    "error": Fields(required={"message": MESSAGE},
                    optional={"code": Maybe(SHORT), "id": Maybe(COMMAND_ID), "action": SCALAR,
                              "why": ListOf(POINTS, 8, 1)}),  # a refused move: (code, args...)
    "ok": OkData(),
}
ENVELOPE = Fields(required={"seq": Int(0, INT64[1]), "type": Choice(sorted(EVENTS), "an event type"),
                            "data": IsObject(), "boot": Int(0, TICKS_PERIOD - 1)})
CLOCKS = {"ms": Int(0, TICKS_PERIOD - 1), "utc": CLOCK}


def check_event(line):
    """(event, dropped) for a decoded device line, or BadEvent; see the module's docstring."""
    if not isinstance(line, dict):
        _refuse("line", "an object", line)
    event = dict(line)
    if event.get("data") is None and "type" in event:
        event["data"] = {}  # "data: a JSON object, or null": every event's fields then are absent
    data = event.get("data")
    answer_id = None
    if event.get("type") in ("ok", "error") and isinstance(data, dict) and type(data.get("id")) is int:
        answer_id = data["id"]
    dropped = []
    for key, schema in CLOCKS.items():
        if key in event:
            try:
                schema.check(event[key], key)
            except BadEvent as err:
                dropped.append("its %s taken off (%s)" % (key, err))
                del event[key]
    try:
        ENVELOPE.check(event, "line")
        EVENTS[event["type"]].check(data, event["type"])
    except BadEvent as err:
        raise BadEvent(str(err), answer_id) from None
    return event, dropped
