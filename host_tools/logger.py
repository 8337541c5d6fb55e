"""`tanturlurette log`: follow the device, store every event, keep each game whole, show it live.

Nothing the device confirmed is lost by the host: events go to the JSON-lines file and SQLite as
they arrive; a lost line (a gap in a game's move indexes), a reconnect or the end of a game makes
the logger ask the device for its state snapshot, whose record then completes the game.
"""

import sys
import time

import serial

from host_tools.device import Device, DeviceError, find_port, open_serial
from host_tools.replay import Checkpoints, verify
from host_tools.tracker import GameTracker
from host_tools.view import describe_event, public_lines


class Logger:
    def __init__(self, store, out=None, live=True, names=None, timeout=3.0):
        self.store = store
        self.names = names  # given to every logged game that starts without names
        self.timeout = timeout
        self.want_names = bool(names)  # at connect: the device keeps them for its next game
        self.named = False  # names were given (or tried) for the game being logged
        self.out = out or sys.stdout
        self.live = live and hasattr(self.out, "isatty") and self.out.isatty()
        self.tracker = GameTracker()
        self.checks = Checkpoints()
        self.row = None  # games row of the game being logged
        self.boot = None
        self.recent = []
        self.finished = []  # row ids of the games finished in this run
        self.want_sync = False
        self.device = None
        self.counts = {}  # events stored in this run, by type
        self.status = ""  # the latest note, shown under the live view

    # -- events ---------------------------------------------------------------------------------
    def handle(self, event):
        fresh = self.store.add_event(event)
        if not fresh:
            return  # seen already (a replayed line after a reconnect)
        if event.get("boot") != self.boot and event.get("boot") is not None:
            if self.boot is not None:
                self.want_sync = True  # the device rebooted: check what it resumed
            self.boot = event.get("boot")
        kind = event.get("type")
        data = event.get("data") or {}
        self.counts[kind] = self.counts.get(kind, 0) + 1
        change = self.tracker.feed(event)
        if kind == "game" or change == "new":  # a game seen from its start, or found by a snapshot
            self.checks = Checkpoints()
            self.row = None
            self.named = bool(data.get("names") if kind == "game" else self.tracker.names)
        if kind == "act" and isinstance(data.get("move"), int):
            self.checks.acts[data["move"]] = data
        elif kind == "round" and isinstance(data.get("round"), int):
            self.checks.rounds[data["round"]] = data
        elif kind == "over":
            self.checks.over = data
            self.want_sync = True  # confirm the whole record before calling the game finished
        tracker = self.tracker
        if self.names and not self.named and tracker.active() and not tracker.names and tracker.over is None:
            self.named = True  # a game without names, joined at its start or later: name it once
            self.want_names = True
        if self.tracker.needs_sync():
            self.want_sync = True
        if self.tracker.active() and change in ("game", "move", "synced", "new", "over"):
            self.row = self.store.save_live_game(self.row, self.tracker.record(), self.boot,
                                                 self.tracker.started_seq)
        if kind == "state" and self.tracker.active() and self.tracker.over is not None:
            self._finish()
        self._show(event)

    def _finish(self):
        record = self.tracker.record()
        state, divergence = verify(record, self.checks)
        verdict = "ok" if divergence is None else str(divergence)
        if state is None or not state.is_over():
            return
        row = self.store.finish_game(self.row, record, list(state.returns()), state.round, verdict)
        if row not in self.finished:
            self.finished.append(row)
        self._say("game %d finished and stored (%s)" % (row, "verified" if divergence is None else verdict))

    def _show(self, event):
        self.recent.append(describe_event(event, self.tracker.names))
        del self.recent[:-6]
        if not self.live:
            return
        lines = public_lines(self.tracker.record(), self.tracker.names, self.recent) \
            if self.tracker.active() else ["waiting for a game"] + self.recent
        if self.status:
            lines.append("")
            lines.append(self.status)
        self.out.write("\x1b[H\x1b[J" + "\n".join(lines) + "\n")
        self.out.flush()

    def _say(self, text):
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
            self._say("names not set: %s" % err)
            self.want_names = False
            return
        self.want_names = False
        if reply.get("applied") == "current game":
            self.tracker.names = list(self.names)
            self.want_sync = True  # the snapshot brings the names into the stored game

    def run(self, port=None, stop=None, reconnect_s=1.0, set_clock=True):
        """Log until stop() is true; reopen the port after an unplug, as often as needed."""
        stop = stop or (lambda: False)
        while not stop():
            try:
                path = port or find_port()
                ser = open_serial(path)
            except DeviceError as err:
                self._say("waiting for the device: %s" % err)
                time.sleep(reconnect_s)
                continue
            self.device = Device(ser, on_event=self.handle, timeout=self.timeout)
            self._say("connected to %s" % path)
            try:
                self.device.hello()
                if set_clock:
                    self.device.request("set_clock", time=int(time.time()))
                if self.want_names:
                    self.give_names()
                self.sync()
                while not stop():
                    self.device.read_event()
                    if self.want_names:
                        self.give_names()
                    if self.want_sync:
                        self.sync()
            except (serial.SerialException, OSError) as err:
                self._say("device lost (%s): reconnecting" % err)
            except DeviceError as err:
                self._say("device not answering (%s): reconnecting" % err)
            finally:
                self.device.close()
                self.device = None
            time.sleep(reconnect_s)
