"""Follows the device's event lines and keeps the record of the game being played.

The events alone rebuild a game: "game" gives the game, options and names; each "act" one move
(with its index, so a lost line shows as a gap); "undo" takes back a number of moves and "redo"
puts the same ones back. A "state" snapshot (asked for after a gap, a reconnect or a game's end)
is the device's own record and wins over what the events built; the difference is reported.
Events come checked against their schemas (host_tools.schema): the fields are what they say.
"""


def record_of(game, options, moves, names=None):
    return {"v": 1, "game": game, "options": options, "moves": list(moves), "names": names}


class GameTracker:
    def __init__(self):
        self.game = None  # name, None before a "game" event or snapshot
        self.options = None
        self.names = None
        self.bots = None
        self.moves = []
        self.redo = []  # groups of moves undone, last undone last
        self.over = None  # the "over" payload once the game ended
        self.last_round = None  # the latest "round" payload
        self.gap = False  # a line was lost: the record needs a snapshot
        self.notes = []  # what the tracker noticed, in plain words
        self.started_seq = None
        self.boot = None

    def active(self):
        return self.game is not None

    def record(self):
        return record_of(self.game, self.options, self.moves, self.names)

    def needs_sync(self):
        return self.gap

    def feed(self, event):
        """Take one decoded event (dict with seq, type, data); returns what changed, or None:
        "game" (a new game began), "move", "round", "over", "synced", "new" (a snapshot of
        another game than the one followed)."""
        kind = event["type"]
        data = event["data"]
        if kind == "game":
            self.__init__()
            self.game = data.get("game")
            self.options = data.get("options")
            self.names = data.get("names")
            self.bots = data.get("bots")
            self.started_seq = event.get("seq")
            return "game"
        if not self.active():
            if kind == "state" and data.get("state"):
                return self.sync(data["state"])
            if kind == "state" and "state" in data:
                self.gap = False  # the device has no game: nothing to catch up with
            elif kind in ("act", "undo", "redo"):
                self.gap = True  # a game whose start this tracker missed: the snapshot has it
            return None
        if kind == "act":
            return self._act(data)
        if kind == "undo":
            taken = data["moves"]
            if taken > len(self.moves):
                self.gap = True
                return None
            self.redo.append(self.moves[len(self.moves) - taken:])
            del self.moves[len(self.moves) - taken:]
            return "move"
        if kind == "redo":
            if not self.redo or len(self.redo[-1]) != data["moves"]:
                self.gap = True
                return None
            self.moves.extend(self.redo.pop())
            return "move"
        if kind == "round":
            self.last_round = data
            return "round"
        if kind == "over":
            self.over = data
            return "over"
        if kind == "state" and data.get("state"):
            return self.sync(data["state"])
        return None

    def _act(self, data):
        action = data["action"]
        index = data["move"]
        if self.gap:
            return None
        if self.redo:
            self.redo = []  # a new action drops what could have been redone
        if index == len(self.moves):
            self.moves.append(action)
            return "move"
        if index < len(self.moves):  # already known from a snapshot: it must agree
            if self.moves[index] != action:  # a lost undo, or a lost game line: ask the device
                self.notes.append("move %d: event says %d, record had %d" % (index, action, self.moves[index]))
                self.gap = True
            return None
        if not self.gap:  # said once; the moves after it wait for the snapshot
            self.notes.append("moves %d to %d lost on the line" % (len(self.moves), index - 1))
        self.gap = True
        return None

    def sync(self, snap):
        """Adopt the device's record; returns "synced", or "new" when it is another game.

        The same game may have lost moves to an undo or gained some while the line was down; it
        is another game if the name or options differ, or if the two records disagree within
        their first SAME_GAME_MOVES moves (the first dealer and the first cards dealt: a new game
        with the same options almost never repeats them)."""
        moves = list(snap.get("moves") or [])
        same = (self.active() and snap.get("game") == self.game and snap.get("options") == self.options
                and _common_prefix(moves, self.moves) >= min(len(moves), len(self.moves), SAME_GAME_MOVES))
        if same:
            common = _common_prefix(moves, self.moves)
            if common < min(len(moves), len(self.moves)):
                self.notes.append("snapshot differs from the events from move %d on" % common)
            names = snap.get("names") or self.names
        else:
            self.__init__()
            names = snap.get("names") or None
        self.game = snap.get("game")
        self.options = snap.get("options")
        self.names = names
        self.moves = moves
        self.redo = []
        self.gap = False
        if snap.get("over") and self.over is None:
            self.over = {"standings": snap.get("standings"), "round": snap.get("round")}
        return "synced" if same else "new"


SAME_GAME_MOVES = 8


def _common_prefix(a, b):
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i
