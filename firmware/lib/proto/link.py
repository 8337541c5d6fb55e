"""The device end of the serial protocol: app events out as numbered lines, host commands in.

Link(app, read, write, config_path=None, clock=None, repl_line=False) is polled from the main
loop and never blocks: read() returns the bytes available now (or None), write(data) sends bytes.
Whatever arrives, poll(now) answers it with an ok or an error event and returns; no input can stop
the loop or change a game, but one: on the board the line is also MicroPython's REPL
(repl_line), and the `repl` command sets repl_requested, on which app.loop.run ends once the
answer is out, handing the line back to the REPL.

Two clocks meet here. `now`, which the loop passes to poll(), is the app's: it stamps the lines
(`ms`, and `utc` once the host set the clock), so a line's time agrees with the game's. The
link's own timer (a command line with no byte for cut_ms is dropped) belongs to the host's side of
the cable and reads `clock` when one is given, else that same `now`. On the board both are real
time and no clock is passed. The simulator's scripted runs pass the wall clock: their app clock is
simulated and runs as fast as the machine allows, and a host's 1.5 s must mean 1.5 s to a host,
however fast the machine.

The link's output is paced: each poll sends at most LINES_PER_TURN of the app's queued events
(app.core keeps EVENT_QUEUE of them, the oldest dropped when nobody reads), so that a burst (a
deal's end: a dozen lines and more) goes out over that many turns instead of in one. Of one turn
it costs the heap of one line, not of all of them, and on the board it blocks the loop for one
line's time on the wire (a 150 to 250 byte line takes 13 to 22 ms at 115200 baud; a turn is 10
ms), not for all of them. One line a turn is more than the wire carries anyway (about 60 such
lines a second, against 100 turns), so pacing delays no line behind the cable's own pace, and a
burst drains long before the next move can come (a bot waits 700 ms, 70 turns). While queued
events wait, the port is not read: a host line waits in the port's ring (whole, proto.wire.RX_RING)
until the events before it are out, so that its answer still comes after them, in order, at most
a few turns later; answers themselves (and the `state` line of get_state) are not paced. Should
the queue never empty (events coming faster than a line a turn, which no game does), the port is
read anyway after READ_WAIT_TURNS turns, so that a host can always be answered.

The command handlers (proto.commands, Link.commands, and store.pages, which they load) are
loaded through app.memory for each host line that parses as a JSON object (some 11 KB of the
turn's heap on a 32-bit port, garbage included), and let go once the command is answered: a host polling keeps no code of theirs in the heap between its lines,
and a table with no host attached never loads them; noise on the line (a cut line, a REPL echo)
is answered by the link alone. What must outlive one command is kept here: the config set_config
wrote (saved_config) and the history file pull_game read last (pulled), so that its next page
goes on from where the one before ended.

A turn whose app part was heavy (app.loop passes poll heavy=True: it allocated a few KB, a
game's start, a round's checkpoint, an undo's slice) is left to the app: the link reads, sends
and steps nothing in it, for at most HEAVY_WAIT_TURNS turns in a row, so that a command's garbage
and the app's never add up in one turn's heap. The other way round, while a command's job is under
way (a paged command reading files, a line written over turns) its code and the page it reads stay
in the heap from turn to turn (some 10 KB on a 32-bit port), and a game's heavy turn on top of them
would need the most heap of any turn: holds_app() tells app.loop to leave the app's part of the
turn (the keys wait in the debouncer, the game is not ticked) for at most APP_WAIT_TURNS turns in
a row, 0.3 s, so that a key is answered late by that much at worst and never lost. No command's
job is that long with the files the device writes (the first page of the longest game checks its
whole file in some 15 turns; a list_games page is cut to LIST_BYTES of files, proto.history), so
the app's part never meets one. A job longer than that would give the app one turn in
APP_WAIT_TURNS + 1. In it, what the app knows to be heavy (a game's
start or finish, an undo: app.core.App.heavy_ahead) waits for the job's end, and poll reads no
new line until those parts are done (app_ahead, HEAVY_WAIT_TURNS at most), so that a host sending
command after command cannot hold a game's start back; a move in that turn that ends a round
may still meet the job's code (`make bench`'s host scenario measures it).

A line whose moves are many (get_state's `state` line) is written over several turns, PIECES_TURN
pieces a turn (send_steps), so that no turn's garbage grows with the game; meanwhile no queued event
goes out (it would land inside the line), and a game that moved on before the line's end cuts it
(the host drops it) and the command is answered `failed`, to be sent again.
"""

import gc
import os

from app.clock import ticks_add, ticks_diff
from app.memory import let_go, load
from engine.compat import const

from proto.wire import (
    E_BAD_ARGS,
    E_FAILED,
    LINE_MAX,
    LineError,
    LineReader,
    event_object,
    frame,
    frame_parts,
    frame_pieces,
    holds_array,
    parse_line,
)

LINES_PER_TURN = const(1)  # queued events sent a poll (the module's docstring says why one)
# turns a host line may wait behind queued events before the port is read anyway: more than a
# full queue (app.core.EVENT_QUEUE, 48) takes to drain at LINES_PER_TURN
READ_WAIT_TURNS = const(64)
# pieces of a move list written a turn (send_steps): 32 moves, some 130 bytes of the line and 500
# of garbage each on a 32-bit port; a game of 128 moves goes in one turn, one of 3315 in 26
PIECES_TURN = const(4)
# heavy app turns in a row (app.loop) the link waits out before it works anyway: a game's start
# or finish takes 3 to 5 turns, an undo a turn per 16 moves; 0.3 s at most for a host's answer
HEAVY_WAIT_TURNS = const(30)
# turns in a row app.loop leaves the app's part to a command's job under way (holds_app): the
# most a key waits while a host reads a long file, one app turn in APP_WAIT_TURNS + 1 meanwhile
APP_WAIT_TURNS = const(30)
_COMMANDS = "proto.commands"
# what the commands load and nothing else does: let go with them once a command is answered
_COMMAND_CODE = (_COMMANDS, "proto.fields", "proto.getstate", "proto.history", "proto.names", "proto.pullgame",
                 "proto.quarantine", "proto.readable", "proto.setconfig", "store.pages",
                 "store.reader", "store.moves_reader")


class Link:
    def __init__(self, app, read, write, config_path=None, line_max=LINE_MAX, cut_ms=1500, clock=None,
                 repl_line=False):
        self.app = app
        self.read = read
        self.write = write
        self.seq = 0
        # a random 30-bit id for this boot, so the host can tell a reboot from a lost line
        self.boot_id = int.from_bytes(os.urandom(4), "big") >> 2
        self.now = 0
        self.clock = clock  # what the cut timer reads (None: the now given to poll)
        self.wall_seconds = None  # Unix time at wall_ticks, once the host set the clock (set_clock)
        self.wall_ticks = 0
        self.config_path = config_path
        self._commands = None  # proto.commands' handlers while a command is carried out (commands)
        self.saved_config = None  # the config set_config wrote, which applies at the next boot
        self.pulled = None  # (game id, its Document's kept()): the file pull_game read last
        self.streaming = False  # a line is being written over several turns (send_steps)
        self.pieces = 0  # move pieces of it written this turn
        self.held = None  # an event popped from the app's queue and not sent yet: next turn's first
        self.waited = 0  # turns in a row the port was left unread behind queued events
        self.reader = LineReader(self._on_line, self._on_error, line_max, cut_ms)
        self.pending_names = None  # set_names while no game runs: for the next game that starts
        self.lost_lines = 0  # lines the port refused to take
        self.repl_line = repl_line  # the line is the REPL's too: `repl` can hand it back
        self.repl_requested = False  # the host asked for the REPL: the loop is to end
        self.job = None  # a command's job under way (proto.commands), a step a turn, its id and name
        self.deferred = 0  # heavy app turns in a row the link has waited out (poll)
        self.app_waited = 0  # turns in a row the app's part has waited for a job (holds_app)
        self.unread = 0  # turns in a row no line was read for the app's heavy parts ahead (poll)
        self.job_id = None
        self.job_cmd = None
        self.stepped = False  # the job under way has yielded: it works over turns
        # bytes read with a line whose command went on over turns: fed once it is answered, so
        # that a host sending its next line without waiting is answered in order, not "busy"
        self.unfed = None
        # (reply, id, cmd) of a job that ended: sent two turns after its last step, its code
        # let go in the turn between (let_go_due; _step says why)
        self.answer_due = None
        self.let_go_due = False

    # -- the loop's entry point -----------------------------------------------------------------
    def poll(self, now, heavy=False, app_ahead=False):
        """One turn of the link. heavy: the app's part of this turn allocated much (app.loop):
        the link does nothing this turn, unless it has waited HEAVY_WAIT_TURNS in a row already.
        app_ahead: the app has heavy parts ahead (app.core.App.heavy_ahead, a game's start or an
        undo, which wait while a command runs): the command under way goes on, but no new line is
        read, for at most HEAVY_WAIT_TURNS turns in a row."""
        if heavy and self.deferred < HEAVY_WAIT_TURNS:
            self.deferred += 1
            return
        self.deferred = 0
        if not app_ahead:
            self.unread = 0
        self.now = now
        if self.streaming:  # the line under way goes on: no event may cut into it
            self._step()
            return
        due = self.answer_due
        if due is not None:
            if self.let_go_due:
                self.let_go_due = False
                self.let_go_commands()
                return
            self.answer_due = None
            self._answer(due[0], due[1], due[2])
            return
        if not self.drain() and self.waited < READ_WAIT_TURNS:
            self.waited += 1  # events queued before any host line go out before its answer
            return
        self.waited = 0
        if self.job is not None:  # the host waits for its answer; its next line waits in the ring
            self._step()
            return
        if app_ahead and self.unread < HEAVY_WAIT_TURNS:  # the host's line waits in the port
            self.unread += 1
            return
        self.unread = 0
        timer_now = now if self.clock is None else self.clock.ticks_ms()
        data = self.unfed
        self.unfed = None
        if data is None:
            try:
                data = self.read()
            except OSError:  # a port in trouble reads as silence; the next turn tries again
                data = None
        if data:
            self.unfed = self.reader.feed(data, timer_now)
        self.reader.expire(timer_now, ticks_diff)
        # events a command queued (a storage event of set_names) go out from the next turn on,
        # after its answer, before any later host line is read

    def working(self):
        """True while a command's job is under way, its answer is due (two turns after its last
        step) or a line is written over turns: its code, what it reads and its answer stay in
        the heap from turn to turn."""
        return self.job is not None or self.streaming or self.answer_due is not None

    def holds_app(self):
        """True when app.loop is to leave the app's part of this turn: the link is working() and
        the app has waited fewer than APP_WAIT_TURNS turns in a row (the module's docstring says
        why). Called once a turn, before the app's part."""
        if not self.working() or self.app_waited >= APP_WAIT_TURNS:
            self.app_waited = 0
            return False
        self.app_waited += 1
        return True

    def drain(self):
        """Send up to LINES_PER_TURN of the app's queued events, oldest first; True when none is
        left. The first event not sent this turn is held here, the next turn's first."""
        pop = self.app.pop_event
        event = self.held
        if event is None:
            event = pop()
        sent = 0
        while event is not None and sent < LINES_PER_TURN:
            self._send_event(event)
            sent += 1
            event = pop()
        self.held = event
        return event is None

    def _send_event(self, event):
        kind, payload = event
        names = self.pending_names
        if kind == "game" and names is not None:
            # the names the host sent while idle go to the game just started, if they fit it
            self.pending_names = None
            session = self.app.session
            if (session is not None and session.state is not None and not payload.get("names")
                    and len(names) == session.state.seats()):
                session.set_names(names)  # a failed save is reported by a storage event
                payload["names"] = names
        self.send(kind, payload)

    @property
    def commands(self):
        """The command handlers (proto.commands.Commands), loaded on first use and kept until the
        command under way is answered (let_go_commands)."""
        commands = self._commands
        if commands is None:
            commands = self._commands = load(_COMMANDS).Commands(self.app, self, self.config_path)
        return commands

    def let_go_commands(self):
        """Let go of the command handlers and what they loaded (the module's docstring)."""
        self._commands = None
        for name in _COMMAND_CODE:
            let_go(name)

    def _command_job(self, command):
        """A command carried out as a job: the handlers' run, then its own steps when it is a job
        itself (a step a turn), the handlers let go meanwhile."""
        reply = self.commands.run(command)
        if type(reply) is not dict:
            # the job holds the code it runs (proto.history's, store.pages'...): the dispatcher goes now
            self._commands = None
            let_go(_COMMANDS)
            reply = yield from reply
        return reply

    # -- output ---------------------------------------------------------------------------------
    def send(self, kind, data):
        """Frame and write one event. A payload JSON cannot hold (a bug elsewhere) becomes an
        error event on CPython (MicroPython's json writes the object's repr instead, which the
        host reads as a damaged line), and a failing port drops the line: the loop that polls
        must never stop. A line with no room to be framed, even after a collection, is lost,
        and its number with it, so the gap shows: the host makes up a lost move from the next
        one's index (it asks for the state) and a lost answer by sending its command again.

        A game's moves (engine.core.Moves, or an array of ints) may stand for a list as a member
        of the payload or of a dict in it (get_state's snapshot holds the game's own): that line
        is written in pieces (proto.wire.frame_pieces), the moves straight from them, the
        same bytes as for a list of them. All of it but the moves is encoded before the first
        byte goes out; a piece with no room, or a port failing, cuts the line, which is ended
        there (the host drops it: no CRC) and lost. Returns whether the line went out whole."""
        line = parts = None
        for _attempt in range(2):
            try:
                obj = event_object(self.seq, kind, data, self.now, self.wall_time(), self.boot_id)
                if holds_array(obj):
                    parts = frame_parts(obj)
                else:
                    line = frame(obj)
                break
            except MemoryError:  # first: matching the tuple below allocates it
                gc.collect()
            except (TypeError, ValueError) as err:  # sent in its place, under the same number
                self.send("error", {"code": E_FAILED, "id": None, "message": "%s event not encodable: %s" % (kind, err)})
                return False
        self.seq += 1
        if parts is not None:
            return self._write_pieces(parts)
        if line is None:
            self.lost_lines += 1
            return False
        try:
            self.write(line)
        except OSError:
            self.lost_lines += 1
            return False
        return True

    def send_steps(self, kind, data, still):
        """send(), a job's steps (yield from it): a line whose payload holds a move list is written
        PIECES_TURN pieces a turn, and before each turn's pieces still() must be true (the game it
        tells of has not moved on); else the line is cut where it is (the host drops it) and
        LineError(E_FAILED) raised. Any other line is sent at once. Returns as send() does."""
        parts = None
        try:
            obj = event_object(self.seq, kind, data, self.now, self.wall_time(), self.boot_id)
            if holds_array(obj):
                parts = frame_parts(obj)
        except Exception:  # MemoryError and what cannot be encoded: send() says so its own way
            parts = None
        if parts is None:
            return self.send(kind, data)
        self.seq += 1
        self.streaming = True
        self.pieces = 0
        started = False
        try:
            for piece in frame_pieces(parts, self._counted):
                if self.pieces == PIECES_TURN:
                    self.pieces = 0
                    yield
                    if not still():
                        self._cut(started)
                        raise LineError(E_FAILED, "the game moved on while its %s line was sent: ask again" % kind)
                self.write(piece)
                started = True
        except MemoryError:
            self._cut(started)
            return False
        except OSError:
            self._cut(started)
            return False
        finally:
            self.streaming = False
        return True

    def _counted(self):
        self.pieces += 1

    def _write_pieces(self, parts):
        """Write the line of frame_parts' parts piece by piece; a piece with no room, or a port
        failing, loses the line, ended where it was cut. Returns whether it went out whole."""
        started = False
        try:
            for piece in frame_pieces(parts):
                self.write(piece)
                started = True
        except MemoryError:  # apart from OSError: matching a tuple allocates it
            self._cut(started)
            return False
        except OSError:
            self._cut(started)
            return False
        return True

    def _cut(self, started):
        self.lost_lines += 1
        if started:
            try:
                self.write(b"\n")  # the line cut ends here, not inside the next one
            except OSError:
                pass

    def wall_time(self):
        """Unix seconds now, or None before the host set the clock."""
        if self.wall_seconds is None:
            return None
        # whole seconds move from the ticks to the base, so the tick difference never nears the wrap
        whole = ticks_diff(self.now, self.wall_ticks) // 1000
        self.wall_seconds += whole
        self.wall_ticks = ticks_add(self.wall_ticks, whole * 1000)
        return self.wall_seconds

    # -- input ----------------------------------------------------------------------------------
    def _on_error(self, code, message, command_id=None):
        self.send("error", {"code": code, "message": message, "id": command_id})

    def _on_line(self, view, length):
        command_id = None  # until the command's own id is known to be good
        try:
            command = parse_line(bytes(view[:length]))
            given_id = command.get("id")
            if given_id is not None and (not isinstance(given_id, int) or isinstance(given_id, bool)):
                raise LineError(E_BAD_ARGS, "field 'id' must be an integer, got %r" % (given_id,))
            command_id = given_id
        except Exception as err:  # a bad line, a command refused, no memory
            self._failed(err, command_id)
            return
        # a job: its first step now, the next ones a turn each (poll)
        self.job = self._command_job(command)
        self.job_id = command_id
        self.job_cmd = command.get("cmd")
        self._step()
        return self.job is not None  # the reader stops after this line (LineReader.feed)

    def _step(self):
        """One step of the command's job; its answer once it returns, or its error."""
        command_id = self.job_id
        job = self.job
        if job is None:
            return
        try:
            next(job)
            self.stepped = True
            return
        except StopIteration as done:
            reply = done.value
        except Exception as err:
            self.job = None
            self.stepped = False
            self.let_go_commands()
            self._failed(err, command_id)
            return
        self.job = None
        if self.stepped:
            # a job's last step (a file's members parsed) is some KB of garbage, letting go of
            # its code some hundred bytes more, and the code let go is garbage until the turn
            # ends (the WebAssembly port collects between turns only): the code goes next
            # turn, and the answer, framed in the room it took, the turn after
            self.stepped = False
            self.answer_due = (reply, command_id, self.job_cmd)
            self.let_go_due = True
            return
        self.let_go_commands()  # before the answer is framed: its line has the room they took
        self._answer(reply, command_id, self.job_cmd)

    def _answer(self, reply, command_id, cmd):
        """Send the ok of a command; an answer that found no room to go out is said in its
        place, so that every command gets an answer."""
        reply["id"] = command_id
        reply["cmd"] = cmd
        if not self.send("ok", reply):
            self._on_error(E_FAILED, "out of memory for the answer, which was lost; the device plays on:"
                           " try again", command_id)

    def _failed(self, err, command_id):
        """Answer a command that raised err: a bad line or a command refused (a LineError: a
        CommandError is one) with its code; else failed."""
        if isinstance(err, LineError):
            self._on_error(err.code, err.message, command_id)
        elif isinstance(err, MemoryError):  # no room to carry it out: said, and the device plays on
            gc.collect()
            self._on_error(E_FAILED, "out of memory; the device plays on: try again", command_id)
        else:  # a bug in a handler must not stop the device: report it
            self._on_error(E_FAILED, "%s: %s" % (type(err).__name__, err), command_id)
