"""`tanturlurette log`: follow the device, store every event, keep each game whole, show it live.

Nothing the device confirmed is lost by the host: events go to the JSON-lines file and SQLite as
they arrive; a lost line (a gap in a game's move indexes), a reconnect or the end of a game makes
the logger ask the device for its state snapshot, whose record then completes the game.

One device game is one stored game. A logger started (or restarted) while the device is in a game
meets it first in the snapshot it asks for: if the database holds that game (db.find_game), the
logger takes it up where the stored events leave it, checkpoints included, and goes on in the
same row. A line numbered like one stored before but with other content is noted in
skipped_lines and followed all the same (the tracker decides what it changes).

Nothing the device sends stops the logger either: a line that is damaged or does not fit its
event type's schema (host_tools.schema) is kept in SQLite's skipped_lines with the reason, shown as
a note, and skipped; the snapshot fills in what it held. A game whose events and the engine part
ways is still stored, finished when the device says it is over, with the first divergence as its
verdict.

Nor does a database another program holds (db.Backlog): each line goes to the JSON-lines file
as it arrives, and to SQLite, with what it changes of the game, as soon as the database lets; the
logger reads on meanwhile, says so when the wait is long, and writes the lines that waited in
their order, each once. It leaves only when they are written.

The view and the notes speak the language asked for (lang), else the device's: a `boot` line
says it, and at each connection the logger asks the device's config for it (host_tools.lang).
"""

import json
import sys
import time

import serial
from engine.play import replay

from host_tools.db import DIFFERS, SEEN, Backlog
from host_tools.device import Device, DeviceError, find_port, open_serial
from host_tools.lang import LANGS, Messages, choose
from host_tools.replay import Divergence, verify
from host_tools.tracker import GameTracker, line_key
from host_tools.view import LiveView, public_lines, shown


class Logger:
    def __init__(self, store, out=None, live=True, names=None, timeout=3.0, lang=None):
        self.store = store
        self.names = names  # given to every logged game that starts without names
        self.timeout = timeout
        self.want_names = bool(names)  # at connect: the device keeps them for its next game
        self.named = False  # names were given (or tried) for the game being logged
        self.out = out or sys.stdout
        self.live = live and hasattr(self.out, "isatty") and self.out.isatty()
        self.tracker = GameTracker()
        self.row = None  # games row of the game being logged
        self.boot = None
        self.lang_asked = lang  # --lang: the view speaks it whatever the device is set to
        # lines waiting for the database (another program's)
        self.writes = Backlog(store, self._say)
        self._speak(choose(lang))
        self.finished = []  # row ids of the games finished in this run
        self.want_sync = False
        self.device = None
        self.counts = {}  # events stored in this run, by type
        self.skipped = 0  # lines skipped (or stripped of a clock field) in this run
        self.status = ""  # the latest note, shown under the live view

    def _speak(self, lang):
        """Say everything from now on in lang (the lines shown so far in another give way)."""
        self.m = Messages(lang, "live")
        self.writes.lock_wait.lang = lang  # its "database busy" too
        self.view = LiveView(lang)

    def _hear_language(self, lang):
        """The device says it is set to lang: the view speaks it, unless --lang chose."""
        if self.lang_asked is None and lang in LANGS and lang != self.m.lang:
            self._speak(lang)

    @property
    def recent(self):
        """The event lines under the table (host_tools.view.LiveView)."""
        return self.view.recent

    # -- events ---------------------------------------------------------------------------------
    def handle(self, event):
        """One event line: in the JSON-lines file now, in the database when it lets (Backlog)."""
        received = time.time()
        self.store.add_line(event, received)
        self.writes.put(self._handle, event, received)

    def _handle(self, event, received):
        status = self.store.add_event(event, received, to_file=False)
        if status == SEEN:
            return  # seen already (a replayed line after a reconnect)
        if status == DIFFERS:
            self._skip(json.dumps(event, ensure_ascii=False).encode(),
                       self.m("line_differs", boot=event.get("boot"), seq=event.get("seq")), received)
        if event.get("boot") != self.boot and event.get("boot") is not None:
            if self.boot is not None:
                self.want_sync = True  # the device rebooted: check what it resumed
            self.boot = event.get("boot")
        kind = event["type"]
        data = event["data"]
        if kind == "boot":
            self._hear_language(data.get("lang"))
        self.counts[kind] = self.counts.get(kind, 0) + 1
        snap = data.get("state") if kind == "state" else None
        if snap and not self.tracker.follows(snap):
            self._take_up(snap, event)
        tracker = self.tracker
        change = tracker.feed(event)
        if change == "game":  # a game seen from its start: the one followed until now was left
            self._leave()
            self.named = bool(data.get("names"))
        elif change == "new" and self.row is None:  # found by a snapshot, not in the database
            self.named = bool(tracker.names)
        if kind == "over":
            self.want_sync = True  # confirm the whole record before calling the game finished
        if self.names and not self.named and tracker.active() and not tracker.names and tracker.over is None:
            self.named = True  # a game without names, joined at its start or later: name it once
            self.want_names = True
        if tracker.needs_sync():
            self.want_sync = True
        if tracker.active() and change in ("game", "started", "move", "synced", "new", "over"):
            self.row = self.store.save_live_game(self.row, tracker.record(), tracker.started)
        if kind == "state" and tracker.active() and tracker.over is not None:
            self._finish()
        self._show(event, change)

    def _leave(self):
        """The device left the game followed (another began): its row is closed."""
        if self.row is not None:
            self.store.close_game(self.row)
        self.row = None

    def _take_up(self, snap, event):
        """A snapshot of a game this logger is not following: the device left the one followed
        (if any); if the database holds the snapshot's game, follow it from its stored events."""
        if self.tracker.active():
            self._leave()
        row = self.store.find_game(snap)
        if row is None:
            return  # a game new to the database: the tracker starts it from the snapshot
        tracker = GameTracker()
        start = self.store.game_start(row)
        if start is not None:
            for stored in self.store.game_events(start, leave_out=line_key(event)):
                tracker.feed(stored)
        self.tracker = tracker
        self.row = row
        self.named = bool(snap.get("names") or tracker.names)
        self._say(self.m("taken_up", row=row, moves=len(tracker.moves)))

    def skip(self, line, reason):
        """A line from the device that was skipped (or stripped of a wrong clock field)."""
        self.writes.put(self._skip, line, reason, time.time())

    def _skip(self, line, reason, received):
        self.skipped += 1
        self.store.add_skipped(line, reason, received)
        self._say(self.m("line_skipped", reason=reason))

    def _finish(self):
        """The device says the game is over: verify it, and store it finished whatever the verdict.

        The returns are the engine's when it can play the device's record to its end, else what
        the device reported (a record the engine refuses part-way)."""
        record = self.tracker.record()
        if self.row not in self.finished and self.store.holds_finished(self.row, record):
            self._say(self.m("stored_already", row=self.row))  # by an earlier run, or pulled
            return
        checks = self.tracker.checks
        state, divergence = verify(record, checks)
        if divergence is None and not state.is_over():
            divergence = Divergence(None, "game over", True, False)
        end = state if divergence is None else _engine_end(record)
        over = checks.over or self.tracker.over
        if end is not None and end.is_over():
            returns, rounds = list(end.returns()), end.round
        else:
            returns, rounds = over.get("returns"), over.get("round")
        verdict = "ok" if divergence is None else str(divergence)
        row = self.store.finish_game(self.row, record, returns, rounds, verdict)
        if row not in self.finished:
            self.finished.append(row)
        self._say(self.m("finished_ok", row=row) if divergence is None
                  else self.m("finished_diverges", row=row, verdict=verdict))

    def _show(self, event, change):
        """Redraw the table when a line changed it or tells of the game; the protocol's own lines
        (answers, screen changes, refused commands) are not shown."""
        tracker = self.tracker
        record = tracker.record()
        said = self.view.add(event, record, tracker.names)
        if not self.live or (not said and change is None):
            return
        if tracker.active():
            state = self.view.state_at(record, len(record["moves"]))
            lines = public_lines(record, tracker.names, self.recent, self.m, state)
        else:
            lines = [self.m("waiting_game")] + self.recent
        if self.status:
            lines.append("")
            lines.append(self.status)
        self.out.write("\x1b[H\x1b[J" + "\n".join(lines) + "\n")
        self.out.flush()

    def _say(self, text):
        text = shown(text)  # what the device said may be in it
        if text == self.status:
            return  # "waiting for the device" once, not once a second
        self.status = text
        if self.live:
            self.out.write("\x1b[K" + text + "\r")  # shown at once; the next redraw keeps it below
        else:
            self.out.write(text + "\n")
        self.out.flush()

    # -- the device -----------------------------------------------------------------------------
    def sync(self):
        """Ask for the snapshot; the state event it brings goes through handle()."""
        self.want_sync = False
        self.device.request("get_state")

    def give_names(self):
        """Name the game being logged; a lost answer (unplug) leaves it to do after reconnecting."""
        try:
            reply = self.device.request("set_names", names=self.names)
        except DeviceError as err:  # refused, e.g. a name count that does not fit this game
            self._say(self.m("names_not_set", why=err))
            self.want_names = False
            return
        self.want_names = False
        if reply.get("applied") == "current game":
            self.tracker.names = list(self.names)
            self.want_sync = True  # the snapshot brings the names into the stored game

    def run(self, port=None, stop=None, reconnect_s=1.0, set_clock=True, opened=None):
        """Log until stop() is true; reopen the port after an unplug, as often as needed.
        opened: (path, serial) already open for the first connection."""
        stop = stop or (lambda: False)
        while not stop():
            if opened is not None:
                (path, ser), opened = opened, None
            else:
                try:
                    path = port or find_port()
                    ser = open_serial(path)
                except DeviceError as err:
                    self._say(self.m("waiting_device", why=err))
                    time.sleep(reconnect_s)
                    continue
            self.device = Device(ser, on_event=self.handle, timeout=self.timeout, on_skip=self.skip)
            self._say(self.m("connected", port=path))
            try:
                self.device.hello()
                if self.lang_asked is None:
                    self._hear_language(self._device_language())
                if set_clock:
                    self.device.request("set_clock", time=int(time.time()))
                if self.want_names:
                    self.give_names()
                self.sync()
                while not stop():
                    if self.device.read_event() is None or self.writes.retry_due():
                        self.writes.retry()  # the line is quiet, or has not been for a while
                    if self.want_names:
                        self.give_names()
                    if self.want_sync:
                        self.sync()
            except (serial.SerialException, OSError) as err:
                self._say(self.m("device_lost", why=err))
            except DeviceError as err:
                self._say(self.m("not_answering", why=err))
            finally:
                self.device.close()
                self.device = None
            time.sleep(reconnect_s)
        if opened is not None:  # stopped before it was used
            opened[1].close()
        self.writes.finish()

    def _device_language(self):
        """The language in the device's config (its answer is stored like every line), or None
        if the device does not say."""
        try:
            config = self.device.request("get_config").get("config") or {}
        except DeviceError:  # an older firmware: the view keeps its language
            return None
        return config.get("language")


def _engine_end(record):
    """The engine's state after every move of the record, or None if it refuses one."""
    try:
        return replay(record)
    except ValueError:  # BadRecord, BadOptions: the engine and the device part ways
        return None
