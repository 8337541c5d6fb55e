"""A host polling a device with a big history, one loop turn a call, for
tests/wasm/commands_heap.mjs, which reads the heap around each call on the 32-bit WebAssembly port.

The device (set_up): a store in the port's filesystem (the browser simulator's flash) holding
HISTORY finished games, the first the long game of the store's tests (tests/portable/long_game.py:
3315 moves, its history file about 15 KB) and the rest a short game's file copied, and one large
damaged file in the quarantine (QUARANTINED bytes); a game being played (the long game's first
PLAYING moves); the protocol's link (proto.link.Link) reading what the host sends and writing to
a port that keeps the last line written.

The host (STEPS, in order): each command as tanturlurette's host tools send it, every page of
it until the device says no more follow, then the next. `pull_file` and `list_games` come again
after the big pull: the command after a huge one must be answered too.

step() readies the next command (outside the measure: the caller collects after it) and returns
its name, "" when all are done; turn() is one loop turn of the link (Link.poll), what is
measured; answered() says whether the turn's line was the awaited answer (ok or error), and
check() whether every answer said what it must.
"""

import json
from binascii import a2b_base64

from long_game import LONG, AppStandIn, loaded, long_moves
from proto.link import Link
from proto.wire import PREFIX, parse_line
from store.files import Files, join
from store.storage import Store
from web_board import install_urandom

HISTORY = 200
PLAYING = 600  # moves of the game on the table, which get_state sends
QUARANTINED = 48 * 1024
QUARANTINE_NAME = "q1-s7"
STEPS = ("hello", "get_state", "list_games", "pull_game", "pull_game_short", "list_quarantine",
         "pull_file", "list_games_again", "get_state_again", "version")
TURNS_MOST = 1000  # turns a command may take before the harness gives up on its answer


class Device:
    def __init__(self, root="/flash"):
        install_urandom(1)  # the port has none: the serial link draws its boot id from it
        self.root = root
        self.store = None
        self.link = None
        self.inbox = None
        self.last = None  # the last line the port was written, whole
        self.step_at = -1
        self.command = None  # the command of the step, as sent
        self.got = {}  # what the host gathered: step -> items of every page
        self.pages = {}  # step -> pages asked
        self.problems = []
        self.answer = None  # what the host kept of the last answer

    # -- the device -----------------------------------------------------------------------------
    def set_up(self):
        files = Files()
        files.makedirs(self.root)
        store = Store(self.root)
        long_game = loaded(LONG, store)
        long_game.finish(abandon=True)  # history h1: the long game
        short = loaded(30, store)
        short.finish(abandon=True)  # h2
        history = join(self.root, "history")
        data = files.read(join(history, "h2"))
        for ident in range(3, HISTORY + 1):
            files.write_atomic(join(history, "h%d" % ident), data)
        quarantine = join(self.root, "quarantine")
        files.makedirs(quarantine)
        files.write_atomic(join(quarantine, QUARANTINE_NAME), bytes(range(256)) * (QUARANTINED // 256))
        self.store = Store(self.root)
        session = loaded(PLAYING, self.store)
        self.link = Link(AppStandIn(session), self._read, self._write)
        return "%d %d" % (HISTORY, len(long_moves()))

    def _read(self):
        data = self.inbox
        self.inbox = None
        return data

    def _write(self, data):
        # a line's start, or a piece of a line written over turns (get_state's), which the host
        # does not keep: the answer is a line of its own, sent the turn after a job's last step
        self.last = data if data.startswith(PREFIX) else None

    # -- the host -------------------------------------------------------------------------------
    def step(self):
        """Ready the next command: a step's next page, or the next step; its name, or ""."""
        name = STEPS[self.step_at] if self.step_at >= 0 else None
        command = self._next_page(name) if name is not None else None
        if command is None:
            self.step_at += 1
            if self.step_at >= len(STEPS):
                return ""
            name = STEPS[self.step_at]
            command = self._first(name)
        self.pages[name] = self.pages.get(name, 0) + 1
        self.command = command
        self.last = None
        self.inbox = json.dumps(command).encode() + b"\n"
        return name

    def _first(self, name):
        cmd = name.replace("_short", "").replace("_again", "")
        command = {"cmd": cmd, "id": self.step_at + 1}
        if cmd == "pull_game":
            command["game_id"] = 2 if name.endswith("_short") else 1
        elif cmd == "pull_file":
            command["name"] = QUARANTINE_NAME
        return command

    def _next_page(self, name):
        """The command that asks for the page after the one answered, or None."""
        data = self.answer
        if data is None or not data.get("more"):
            return None
        command = dict(self.command)
        cmd = command["cmd"]
        if cmd == "list_games":
            command["after"] = data["games"][-1]
        elif cmd == "list_quarantine":
            command["after"] = data["files"][-1]
        elif cmd == "pull_game":
            command["start"] = data["start"] + data["moves"]
        elif cmd == "pull_file":
            command["offset"] = data["offset"] + data["bytes"]
        return command

    def turn(self):
        self.link.poll(0)
        return True

    def _answer(self):
        line = self.last
        if line is None or not line.endswith(b"\n"):
            return None
        event = parse_line(line, True)
        return event if event["type"] in ("ok", "error") and event["data"].get("id") == self.command["id"] else None

    def answered(self):
        """Whether the awaited answer came. The host keeps what it needs of it (ids, counts:
        the live heap measured is the device's), and lets go of the line."""
        answer = self._answer()
        if answer is None:
            return False
        self.last = None
        name = STEPS[self.step_at]
        self.answer = None
        if answer["type"] == "error":
            self.problems.append("%s: %s" % (name, answer["data"]["message"]))
            return True
        data = answer["data"]
        got = self.got.setdefault(name, [])
        kept = {"more": data.get("more"), "start": data.get("start"), "offset": data.get("offset")}
        if "games" in data:
            kept["games"] = [game["id"] for game in data["games"]]
            got.extend(kept["games"])
        if "files" in data:
            kept["files"] = data["files"]
            got.extend(data["files"])
        if "moves" in data:
            kept["moves"] = len(data["moves"])
            got.append(kept["moves"])
        if "base64" in data:
            kept["bytes"] = len(a2b_base64(data["base64"].encode()))
            got.append(kept["bytes"])
        self.answer = kept
        return True

    def check(self):
        """What went wrong with the answers, "" when nothing did (the figures are those of
        commands that did their work)."""
        problems = list(self.problems)
        for name in ("list_games", "list_games_again"):
            ids = self.got.get(name, [])
            if ids != list(range(1, HISTORY + 1)):
                problems.append("%s listed %d games, not %d" % (name, len(ids), HISTORY))
        if sum(self.got.get("pull_game", ())) != LONG:
            problems.append("pull_game brought %d moves, not %d" % (sum(self.got.get("pull_game", ())), LONG))
        if self.got.get("list_quarantine") != [QUARANTINE_NAME]:
            problems.append("list_quarantine gave %r" % self.got.get("list_quarantine"))
        if sum(self.got.get("pull_file", ())) != QUARANTINED:
            problems.append("pull_file brought %d bytes, not %d" % (sum(self.got.get("pull_file", ())), QUARANTINED))
        return "; ".join(problems)

    def summary(self):
        """The pages each step asked, as JSON."""
        return json.dumps(self.pages)

