"""Follows the device's event lines and keeps the record of the game being played.

The events alone rebuild a game: "game" gives the game, options and names; each "act" one move
(with its index, so a lost line shows as a gap); "undo" takes back a number of moves and "redo"
puts the same ones back. A "state" snapshot (asked for after a gap, a reconnect or a game's end)
is the device's own record and wins over what the events built; the difference is reported.
Events come checked against their schemas (host_tools.schema): the fields are what they say.

One device game is one followed game, whatever order its lines come in. The device numbers its
lines (`boot`, `seq`), so a line of the same boot numbered before the snapshot last adopted is
already in that snapshot's record: it never changes the record (an `undo` the snapshot already
holds is not taken twice, the `game` line that began it does not begin another game), and it is
kept as a checkpoint only where it agrees with the record.

What the device reported along the game is kept as Checkpoints, for verify (host_tools.replay):
only what the tracker could place in the record it holds. Lines that came while the record had a
gap, and lines that the snapshot closing the gap contradicts (an undo made while the line was
down), are left out: a gap never makes a false divergence, the moves in it are checked by the
engine from the device's record alone.

Names come in from the device's lines and snapshots: the tracker keeps them as
host_tools.names.shown_names makes them (names.py says why), so what it records and shows of them
is harmless.
"""

import copy

from engine.play import replay
from games import game_module

from host_tools.names import shown_names

SAME_GAME_MOVES = 8  # the first dealer and the first cards dealt: a new game almost never repeats them


def record_of(game, options, moves, names=None):
    return {"v": 1, "game": game, "options": options, "moves": list(moves), "names": names}


def common_prefix(a, b):
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


def played_options(game, options):
    """The options a game is played with: these, the engine's defaults filled in (a record may
    leave a default out, as a damaged line may drop one); as they are when the engine refuses them."""
    try:
        return game_module(game).normalize_options(options)
    except (ValueError, OSError):  # BadRecord for a game this host does not know, BadOptions
        return options


def same_options(game, a, b):
    return a == b or played_options(game, a) == played_options(game, b)


def same_game(a, b):
    """Whether two records (or snapshots) are of one device game: the same game and options (the
    defaults they leave out count), and moves that agree on their first SAME_GAME_MOVES (or on
    all of the shorter one's). The same game may have lost moves to an undo, or gained some,
    while the host was not looking."""
    if a.get("game") != b.get("game") or not same_options(a.get("game"), a.get("options"), b.get("options")):
        return False
    moves_a = list(a.get("moves") or [])
    moves_b = list(b.get("moves") or [])
    return common_prefix(moves_a, moves_b) >= min(len(moves_a), len(moves_b), SAME_GAME_MOVES)


def _plays_as_reported(record, snap):
    """Whether the engine plays record to the round, turn, end and standings snap reports."""
    try:
        state = replay(record)
    except ValueError:  # BadRecord, BadOptions, IllegalAction
        return False
    return (state.round == snap.get("round") and state.current_player() == snap.get("to_act")
            and state.is_over() == snap.get("over") and list(state.standings()) == snap.get("standings"))


def line_key(event):
    """(boot, seq) of an event line, or None for an event without a number (tests, old logs)."""
    seq = event.get("seq")
    return None if seq is None else (event.get("boot"), seq)


def _before(event, mark):
    """Whether event is a line of mark's boot numbered before mark."""
    key = line_key(event)
    return key is not None and mark is not None and key[0] == mark[0] and key[1] < mark[1]


class Checkpoints:
    """What the device reported along a game, keyed by move index and by round.

    For each index (and round) the report numbered last by the device is kept, whatever order
    the lines came in: an undo replays an index, and its later act is the one the record holds."""

    def __init__(self):
        self.acts = {}  # move index -> act payload
        self.rounds = {}  # round number -> round payload
        self.over = None
        self._keys = {}  # ("act", index) or ("round", number) -> line_key of the payload kept

    def _newer(self, slot, event):
        kept = self._keys.get(slot)
        key = line_key(event)
        if kept is not None and key is not None and kept[0] == key[0] and kept[1] > key[1]:
            return False  # a later line of the same boot said otherwise
        self._keys[slot] = key
        return True

    def note(self, event):
        """Keep what a checked event (host_tools.schema) reports along the game."""
        kind = event["type"]
        data = event["data"]
        if kind == "act":
            if self._newer(("act", data["move"]), event):
                self.acts[data["move"]] = data
        elif kind == "round":
            if self._newer(("round", data["round"]), event):
                self.rounds[data["round"]] = data
        elif kind == "over":
            self.over = data

    def forget_from(self, index):
        """Drop what was reported from move `index` on (and the rounds that may have begun
        there, and the end): the device's record says those moves went otherwise."""
        for move in [m for m in self.acts if m >= index]:
            del self.acts[move]
            self._keys.pop(("act", move), None)
        before = [m for m in self.acts if m < index]
        last_round = self.acts[max(before)].get("round") if before else None
        for number in list(self.rounds):
            if last_round is None or number > last_round:
                del self.rounds[number]
                self._keys.pop(("round", number), None)
        self.over = None

    def first_disagreement(self, moves):
        """The first index where a kept act differs from moves (or lies past their end), or None."""
        bad = [m for m, act in self.acts.items() if m >= len(moves) or act["action"] != moves[m]]
        return min(bad) if bad else None

    def missing(self, moves_count):
        """The move indexes of a record of moves_count moves that no kept act reports."""
        return [i for i in range(moves_count) if i not in self.acts]


class GameTracker:
    def __init__(self):
        self.previous = None  # the game followed before the current one (a copy), or None
        self.game = None
        self._begin()

    def _begin(self, game=None, options=None, names=None, bots=None):
        if self.active():
            self.previous = copy.copy(self)
            self.previous.previous = None
        self.game = game  # name, None before a "game" event or snapshot
        self.options = options
        self.names = names
        self.bots = bots
        self.moves = []
        self.redo = []  # groups of moves undone, last undone last
        self.over = None  # the "over" payload once the game ended
        self.gap = False  # a line was lost: the record needs a snapshot
        self.notes = []  # what the tracker noticed, in plain words
        self.checks = Checkpoints()
        self.started = None  # line_key of the line this game was first seen on
        self.device_id = None  # the `game` event's id (the device's snapshot generation)
        self.mark = None  # line_key of the snapshot last adopted

    @property
    def names(self):
        """The players' names (shown_names), or None."""
        return self._names

    @names.setter
    def names(self, value):
        self._names = shown_names(value)

    def active(self):
        return self.game is not None

    def record(self):
        return record_of(self.game, self.options, self.moves, self.names)

    def needs_sync(self):
        return self.gap

    def follows(self, snap):
        """Whether the snapshot snap is of the game followed: same_game, or the same moves under
        other options, one of the two option sets spoiled on the line (_true_options)."""
        if not self.active():
            return False
        return same_game(snap, self.record()) or self._true_options(snap) is not None

    def _true_options(self, snap):
        """For a snapshot of the game followed but for its options (a device game never changes
        them): the game's options, or else the snapshot's, whichever its moves play under to the
        very state it reports; None when neither does (another game)."""
        if snap.get("game") != self.game or not same_game(dict(snap, options=self.options), self.record()):
            return None
        for options in (self.options, snap.get("options")):
            if _plays_as_reported(record_of(self.game, options, snap.get("moves") or []), snap):
                return options
        return None

    def feed(self, event):
        """Take one decoded event (dict with seq, type, data); returns what changed, or None:
        "game" (a new game began), "move", "round", "over", "synced", "new" (a snapshot of
        another game than the one followed)."""
        kind = event["type"]
        data = event["data"]
        if kind == "game":
            if self.active() and _before(event, self.mark):
                return self._start_seen_late(event)
            self._begin(data.get("game"), data.get("options"), data.get("names"), data.get("bots"))
            self.started = line_key(event)
            self.device_id = data.get("id")
            return "game"
        if kind == "state":
            if data.get("state"):
                return self.sync(data["state"], event)
            if "state" in data and not self.active():
                self.gap = False  # the device has no game: nothing to catch up with
            return None
        if not self.active():
            if kind in ("act", "undo", "redo"):
                self.gap = True  # a game whose start this tracker missed: the snapshot has it
            return None
        if _before(event, self.mark):
            return self._seen_in_snapshot(event)
        if kind == "act":
            return self._act(event)
        if kind in ("undo", "redo"):
            return self._undo_redo(kind, data["moves"])
        if kind == "round":
            if not self.gap:
                self.checks.note(event)
            return "round"
        if kind == "over":
            if not self.gap:
                self.checks.note(event)
            self.over = data
            return "over"
        return None

    def _start_seen_late(self, event):
        """The `game` line of a game first seen by its snapshot: it fills in what the snapshot
        lacks. One of another game (an earlier one) changes nothing."""
        data = event["data"]
        if data.get("game") != self.game or not same_options(self.game, data.get("options"), self.options):
            self.notes.append("the start of an earlier game came after this one's snapshot")
            return None
        self.started = line_key(event)
        self.device_id = data.get("id")
        if self.names is None and data.get("names"):
            self.names = data.get("names")
        if self.bots is None:
            self.bots = data.get("bots")
        return "started"

    def _seen_in_snapshot(self, event):
        """A line numbered before the snapshot adopted: the record holds it already."""
        kind = event["type"]
        data = event["data"]
        if kind == "act":
            index = data["move"]
            if index < len(self.moves) and self.moves[index] == data["action"]:
                self.checks.note(event)
        elif kind == "round":
            self.checks.note(event)
        elif kind == "over" and self.checks.over is None:
            self.checks.note(event)
        return None

    def _act(self, event):
        data = event["data"]
        action = data["action"]
        index = data["move"]
        if self.gap:
            return None
        if self.redo:
            self.redo = []  # a new action drops what could have been redone
        if index == len(self.moves):
            self.moves.append(action)
            self.checks.note(event)
            return "move"
        if index < len(self.moves):  # already known from a snapshot: it must agree
            if self.moves[index] != action:  # a lost undo, or a lost game line: ask the device
                self.notes.append("move %d: event says %d, record had %d" % (index, action, self.moves[index]))
                self.gap = True
            else:
                self.checks.note(event)
            return None
        self.notes.append("moves %d to %d lost on the line" % (len(self.moves), index - 1))
        self.gap = True
        return None

    def _undo_redo(self, kind, count):
        if self.gap:
            return None
        if kind == "undo":
            if count > len(self.moves):
                self.gap = True
                return None
            self.redo.append(self.moves[len(self.moves) - count:])
            del self.moves[len(self.moves) - count:]
            return "move"
        if not self.redo or len(self.redo[-1]) != count:
            self.gap = True
            return None
        self.moves.extend(self.redo.pop())
        return "move"

    def sync(self, snap, event=None):
        """Adopt the device's record; returns "synced", or "new" when it is another game
        (same_game says which)."""
        moves = list(snap.get("moves") or [])
        same = self.follows(snap)
        if same:
            common = common_prefix(moves, self.moves)
            if common < min(len(moves), len(self.moves)):
                self.notes.append("snapshot differs from the events from move %d on" % common)
            names = snap.get("names") or self.names
            if not same_options(self.game, snap.get("options"), self.options):
                kept = self._true_options(snap)
                self.notes.append("the options differ between the snapshot (%r) and the game (%r): kept %r,"
                                  " under which the moves play as the snapshot says"
                                  % (snap.get("options"), self.options, kept))
                self.options = kept
        else:
            self._begin(snap.get("game"), snap.get("options"), None, snap.get("bots"))
            self.started = line_key(event) if event is not None else None
            names = snap.get("names") or None
        self.names = names
        self.moves = moves
        self.redo = []
        self.gap = False
        if event is not None and line_key(event) is not None:
            self.mark = line_key(event)
        wrong = self.checks.first_disagreement(moves)
        if wrong is not None:  # undone while the line was down: the record went otherwise
            self.checks.forget_from(wrong)
        if snap.get("over") is False:
            self.over = None  # an over line the record does not bear out
        elif snap.get("over") and self.over is None:
            self.over = {"standings": snap.get("standings"), "round": snap.get("round")}
        return "synced" if same else "new"
