"""The host's commands (docs/PROTOCOL.md), each answered by an ok or an error event.

Every handler validates its fields first and raises CommandError with a code and a clear message;
nothing changes on the device unless the whole command is valid. proto.link loads this module for
each host line (Link.commands), not at boot, and lets go of it once the line is answered, or as
soon as the command is a job under way: nothing a command must keep for the next lives here (the
link holds it: saved_config, pulled). This module is the dispatcher and the small commands; the
others are modules of their own, loaded for their command alone (_ELSEWHERE): proto.getstate,
proto.history, proto.pullgame and proto.quarantine (the pages of the history, of a game and of
the quarantine), proto.setconfig,
proto.names (the names' check) and proto.readable (what is sent of names), so that a command's
turn loads only the code it runs, and a job (a command carried out over turns) holds none of
the dispatcher's.
"""

from app.memory import load
from engine.compat import const

from proto.fields import field
from proto.wire import E_BAD_ARGS, E_FAILED, E_UNKNOWN, PROTOCOL_VERSION, CommandError

FIRMWARE_VERSION = "0.1.0"
NAME_MAX = const(16)  # a name fits one OLED line
MAX_SEATS = const(8)
# The Unix seconds set_clock accepts: from 2001 (a smaller number is a count of ms or a zero) to the
# end of 2099. A time past that would put a number on every line that no host needs or can store.
CLOCK_MIN = 1000000000
CLOCK_MAX = 4102444799
PAGE = const(32)  # moves a pull_game reply holds: its turn reads them from the file, some 4 KB of garbage
LIST_PAGE = const(4)  # games a list_games reply holds: 8 names of 16 accented letters each, 1.6 KB
# bytes of files a list_games page checks at most (but its first game's): some 16 loop turns
# (store.reader.STEP_CHUNKS), so that the job ends within proto.link.APP_WAIT_TURNS
LIST_BYTES = const(16384)
QUARANTINE_PAGE = const(8)  # names a list_quarantine reply holds
FILE_PIECE = const(192)  # bytes of a file a pull_file reply holds: 256 in base64

# The commands, sorted: each is answered by the Commands method of the same name, or by the
# function of that name in the module _ELSEWHERE names, called with the app, the link and the command.
COMMANDS = ["get_config", "get_state", "hello", "list_games", "list_quarantine", "pull_file",
            "pull_game", "repl", "set_clock", "set_config", "set_names", "version"]
_QUARANTINE = "proto.quarantine"
_ELSEWHERE = {"get_state": "proto.getstate", "list_games": "proto.history", "list_quarantine": _QUARANTINE,
              "pull_file": _QUARANTINE, "pull_game": "proto.pullgame"}
_NAMES = "proto.names"


class Commands:
    """Dispatches parsed commands. `app` is the application core; its session may be None (a
    stand-in app in the host tool's tests). config_path (None when the device has no writable
    config, as in the simulator) is where set_config saves.

    A handler returns its ok payload (a dict), or a job: a generator that yields between the
    steps of its work and returns the payload. proto.link runs a job a step a loop turn, so that
    a command that reads many files, or a long one, costs a turn a step's heap and time."""

    def __init__(self, app, link, config_path=None):
        self.app = app
        self.link = link
        self.config_path = config_path

    def run(self, command):
        """Carry out one parsed command; returns the ok payload or raises CommandError."""
        name = field(command, "cmd", str)
        if name not in COMMANDS:
            raise CommandError(E_UNKNOWN, "unknown command %r (known: %s)" % (name, ", ".join(COMMANDS)))
        where = _ELSEWHERE.get(name)
        if where is not None:
            return getattr(load(where), name)(self.app, self.link, command)
        return getattr(self, name)(command)

    def run_whole(self, command):
        """run(command), a job carried out in one go: for tests and tools that call the handlers
        without a link's turns."""
        from store.container import complete

        reply = self.run(command)
        return reply if type(reply) is dict else complete(reply)

    # -- handlers -------------------------------------------------------------------------------
    def version(self, command):
        return {"protocol": PROTOCOL_VERSION, "firmware": FIRMWARE_VERSION}

    def hello(self, command):
        host_version = field(command, "protocol", int) if "protocol" in command else PROTOCOL_VERSION
        reply = self.version(command)
        reply["boot"] = self.link.boot_id
        reply["seq"] = self.link.seq
        reply["commands"] = COMMANDS
        if host_version != PROTOCOL_VERSION:
            reply["warning"] = "host speaks protocol %d, device %d" % (host_version, PROTOCOL_VERSION)
        return reply

    def set_names(self, command):
        names = field(command, "names", list)
        load(_NAMES).check_names(names)
        session = self.app.session
        if session is not None and session.state is not None and not session.finished:
            # a game loaded and not archived yet: it takes the names now
            seats = session.state.seats()
            if len(names) != seats:
                raise CommandError(E_BAD_ARGS, "names: this game has %d seats, got %d names"
                                   % (seats, len(names)))
            if not session.set_names(names):
                raise CommandError(E_FAILED, "names set but not saved: the flash is full or failing")
            applied = "current game"
        else:
            self.link.pending_names = list(names)
            applied = "next game"
        return {"names": names, "applied": applied}

    def get_config(self, command):
        return {"config": self.app.config}

    def set_config(self, command):
        return load("proto.setconfig").set_config(self.app, self.link, self.config_path, command)

    def repl(self, command):
        """Hand the serial line back to MicroPython's REPL, where the game loop keeps 0x03 from
        being Ctrl-C: once this is answered the loop ends (app.loop.run), and the boot turns
        Ctrl-C back on and gives the watchdog an hour (hw_esp32.boot). Only where the line is the
        REPL's, on the board."""
        link = self.link
        if not link.repl_line:
            raise CommandError(E_FAILED, "this device's serial line is no REPL: there is none to hand back")
        link.repl_requested = True
        return {}

    def set_clock(self, command):
        seconds = field(command, "time", int)
        if not CLOCK_MIN <= seconds <= CLOCK_MAX:
            raise CommandError(E_BAD_ARGS, "time: Unix seconds from %d (2001) to %d (end of 2099) expected,"
                               " got %d" % (CLOCK_MIN, CLOCK_MAX, seconds))
        link = self.link
        link.wall_seconds = seconds  # from now on every line carries utc
        link.wall_ticks = link.now
        return {"time": seconds}


