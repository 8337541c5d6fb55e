"""The host's commands (docs/PROTOCOL.md), each answered by an ok or an error event.

Every handler validates its fields first and raises CommandError with a code and a clear message;
nothing changes on the device unless the whole command is valid. proto.link loads this module when
the first host line arrives (Link.commands), not at boot: a table with no host never needs it.
"""

from app.memory import is_loaded, let_go
from app.session import report_of
from engine.compat import const

from proto import CONFIG_CODE  # what set_config loads for as long as it runs
from proto.wire import E_BAD_ARGS, E_FAILED, E_UNKNOWN, PROTOCOL_VERSION, LineError

FIRMWARE_VERSION = "0.1.0"
NAME_MAX = const(16)  # a name fits one OLED line
MAX_SEATS = const(8)
NAMES_RULE = ("1 to %d names, each of 1 to %d visible characters (letters, accented or not, digits,"
              " spaces, punctuation; no control, invisible, direction-changing, private-use or"
              " noncharacter)" % (MAX_SEATS, NAME_MAX))
# The Unix seconds set_clock accepts: from 2001 (a smaller number is a count of ms or a zero) to the
# end of 2099. A time past that would put a number on every line that no host needs or can store.
CLOCK_MIN = 1000000000
CLOCK_MAX = 4102444799
PAGE = const(32)  # moves a pull_game reply holds: its turn reads them from the file, some 4 KB of garbage
LIST_PAGE = const(4)  # games a list_games reply holds: 8 names of 16 accented letters each, 1.6 KB
QUARANTINE_PAGE = const(8)  # names a list_quarantine reply holds
FILE_PIECE = const(192)  # bytes of a file a pull_file reply holds: 256 in base64

# The commands, sorted: each is answered by the Commands method of the same name.
COMMANDS = ["get_config", "get_state", "hello", "list_games", "list_quarantine", "pull_file",
            "pull_game", "repl", "set_clock", "set_config", "set_names", "version"]


class CommandError(LineError):
    """A command the device refuses: .code (one of the E_* codes) and .message say why."""


def _field(command, key, kind):
    """command[key], which must be there and of the type kind (int, str, list or dict)."""
    if key not in command:
        raise CommandError(E_BAD_ARGS, "missing field %r" % key)
    value = command[key]
    if not isinstance(value, kind) or isinstance(value, bool):  # JSON true is no integer
        raise CommandError(E_BAD_ARGS, "field %r must be of type %s, got %r" % (key, kind.__name__, value))
    return value


def _unreadable(char):
    """Why the host could not read or print char, or None: a control character (C0, DEL, C1),
    or something CPython refuses as UTF-8 although MicroPython takes it (an encoded UTF-16
    surrogate, a code past U+10FFFF, an overlong form such as C0 80)."""
    code = ord(char)
    if code < 0x20 or 0x7F <= code < 0xA0:
        return "a control character (U+%04X)" % code
    if 0xD800 <= code < 0xE000:
        return "a lone UTF-16 surrogate (U+%04X), which is not text" % code
    if code > 0x10FFFF:
        return "a code past U+10FFFF, which is not text"
    size = 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4
    if len(char.encode()) != size:
        return "an overlong UTF-8 form of U+%04X" % code
    return None


# What a name may not hold although it is text: characters that show nothing, or turn the
# writing direction of what follows, so that one name could pass for another where names are
# shown. (first, last, kind) in a row, sorted; kind indexes _HIDDEN_KINDS. By code point, as
# MicroPython has no unicodedata: the bidi controls, zero-width and other invisible format
# characters, the fillers that look like nothing, the variation selectors and tags, the line
# and paragraph separators, and the private-use areas (a picture or nothing, by font).
_HIDDEN_KINDS = ("an invisible character", "a character that changes the writing direction",
                 "a private-use character", "a noncharacter")
_HIDDEN = (
    0xAD, 0xAD, 0,  # soft hyphen
    0x34F, 0x34F, 0,  # combining grapheme joiner
    0x61C, 0x61C, 1,  # Arabic letter mark
    0x115F, 0x1160, 0,  # Hangul fillers
    0x17B4, 0x17B5, 0,
    0x180B, 0x180F, 0,  # Mongolian selectors and vowel separator
    0x200B, 0x200D, 0,  # zero-width space, non-joiner, joiner
    0x200E, 0x200F, 1,  # left-to-right and right-to-left marks
    0x2028, 0x2029, 0,  # line and paragraph separators
    0x202A, 0x202E, 1,  # embeddings and overrides
    0x2060, 0x2065, 0,  # word joiner, invisible operators
    0x2066, 0x2069, 1,  # isolates
    0x206A, 0x206F, 0,
    0x3164, 0x3164, 0,
    0xE000, 0xF8FF, 2,
    0xFDD0, 0xFDEF, 3,
    0xFE00, 0xFE0F, 0,  # variation selectors
    0xFEFF, 0xFEFF, 0,  # zero-width no-break space (byte order mark)
    0xFFA0, 0xFFA0, 0,
    0xFFF9, 0xFFFB, 0,  # interlinear annotation
    0x1D173, 0x1D17A, 0,
    0xE0000, 0xE007F, 0,  # tags
    0xE0100, 0xE01EF, 0,  # variation selectors
    0xF0000, 0x10FFFF, 2,
)


def _hidden(code):
    """Why a name may not hold the character of code point code although it is text, or None."""
    kind = 3 if (code & 0xFFFE) == 0xFFFE else -1  # U+FFFE, U+FFFF and their kin in every plane
    i = 0
    while kind < 0 and i < len(_HIDDEN) and code >= _HIDDEN[i]:
        if code <= _HIDDEN[i + 1]:
            kind = _HIDDEN[i + 2]
        i += 3
    return None if kind < 0 else "%s (U+%04X)" % (_HIDDEN_KINDS[kind], code)


def name_char_problem(char):
    """Why char may not be in a player's name, or None.

    The names go back to the host in every line that carries them, and the host prints them and
    counts each player's games by name: nothing it could not read or print (_unreadable), and
    nothing that would let a name look like another (_hidden)."""
    return _unreadable(char) or _hidden(ord(char))


def check_names(names):
    """Refuse names (set_names) that are not 1 to 8 strings of 1 to 16 characters a name may hold
    (name_char_problem)."""
    if not 1 <= len(names) <= MAX_SEATS:
        raise CommandError(E_BAD_ARGS, "names: give 1 to %d names, got %d" % (MAX_SEATS, len(names)))
    for number, name in enumerate(names, 1):
        if not isinstance(name, str) or not 0 < len(name) <= NAME_MAX:
            raise CommandError(E_BAD_ARGS, "names: each name is a string of 1 to %d characters, got %r"
                               % (NAME_MAX, name))
        for position, char in enumerate(name, 1):
            why = name_char_problem(char)
            if why is not None:
                raise CommandError(E_BAD_ARGS, "names: name %d has %s at character %d; allowed: %s"
                                   % (number, why, position, NAMES_RULE))


def readable_names(names):
    """A copy of names in which each character the host could not read or print (_unreadable) is
    U+FFFD: what the device sends of names that an older firmware let in, so that the host can
    still read the game. The other characters a name may no longer hold are sent as they are:
    the host shows them harmless (host_tools.names), each as itself, so two names that differ
    only by them stay two names."""
    if not isinstance(names, list):
        return names
    out = []
    for name in names:
        if isinstance(name, str):
            name = "".join("\ufffd" if _unreadable(char) is not None else char for char in name)
        out.append(name)
    return out


def _cursor(command, key):
    """command[key], where a paged command starts (0 when not given): an int, 0 or more."""
    if key not in command:
        return 0
    value = _field(command, key, int)
    if value < 0:
        raise CommandError(E_BAD_ARGS, "%s must be 0 or more, got %d" % (key, value))
    return value


def _quarantined_number(name):
    """K of a quarantined file's name q<K>-<name>, or -1 for any other string (a path)."""
    from store.storage import quarantine_number

    return quarantine_number(name) if "/" not in name else -1


_BASE64 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _base64(data):
    """data in base64 (RFC 4648, padded), as a str: written into one buffer. The WebAssembly
    port's binascii is Python that allocates some 100 KB for a piece (the board's is C)."""
    out = bytearray((len(data) + 2) // 3 * 4)
    at = 0
    for i in range(0, len(data), 3):
        left = len(data) - i
        bits = data[i] << 16 | (data[i + 1] << 8 if left > 1 else 0) | (data[i + 2] if left > 2 else 0)
        out[at] = _BASE64[bits >> 18]
        out[at + 1] = _BASE64[bits >> 12 & 63]
        out[at + 2] = _BASE64[bits >> 6 & 63] if left > 1 else 61  # =
        out[at + 3] = _BASE64[bits & 63] if left > 2 else 61
        at += 4
    return out.decode()


def _game_page(game_id, start, page):
    """pull_game's reply of a page (record, total, moves), or the error of none."""
    if page is None:
        raise CommandError(E_FAILED, "no finished game %d on this device" % game_id)
    record, total, moves = page
    if start > total:
        raise CommandError(E_BAD_ARGS, "start: game %d has %d moves, got %d" % (game_id, total, start))
    if record.get("names"):
        record = dict(record)  # a copy: the history kept in RAM stays as it was
        record["names"] = readable_names(record["names"])
    return {"game_id": game_id, "record": record, "start": start, "moves": moves, "total": total,
            "more": start + len(moves) < total}


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
        self.saved_config = None  # the config set_config wrote, which applies at the next boot
        self._pulled_id = 0  # the history file pull_game read last, and its Document
        self._pulled = None

    def run(self, command):
        """Carry out one parsed command; returns the ok payload or raises CommandError."""
        name = _field(command, "cmd", str)
        if name not in COMMANDS:
            raise CommandError(E_UNKNOWN, "unknown command %r (known: %s)" % (name, ", ".join(COMMANDS)))
        return getattr(self, name)(command)

    def run_whole(self, command):
        """run(command), a job carried out in one go: for tests and tools that call the handlers
        without a link's turns."""
        from store.container import complete

        reply = self.run(command)
        return reply if type(reply) is dict else complete(reply)

    def _store(self):
        session = self.app.session
        return session.store if session is not None else None

    # -- handlers -------------------------------------------------------------------------------
    def version(self, command):
        return {"protocol": PROTOCOL_VERSION, "firmware": FIRMWARE_VERSION}

    def hello(self, command):
        host_version = _field(command, "protocol", int) if "protocol" in command else PROTOCOL_VERSION
        reply = self.version(command)
        reply["boot"] = self.link.boot_id
        reply["seq"] = self.link.seq
        reply["commands"] = COMMANDS
        if host_version != PROTOCOL_VERSION:
            reply["warning"] = "host speaks protocol %d, device %d" % (host_version, PROTOCOL_VERSION)
        return reply

    def get_state(self, command):
        """A `state` line first: everything needed to rebuild the current game, plus what a live
        view shows; null when no game is loaded. A finished game stays the one reported until
        another starts, also once the setup menu has put it away (app.session.report_of). The moves are
        the game's own array: the link writes them in pieces straight from it (Link.send), so
        the line costs no buffer that grows with the game."""
        session = self.app.session
        snap = None if session is None else report_of(session)
        if snap is not None:
            snap = dict(snap)  # a copy: a put-away game's report stays as it was kept
            snap["names"] = readable_names(list(snap["names"] or []))
            snap["display"] = self.app.snapshot()  # what the ring and the OLED show now
        self.link.send("state", {"id": command.get("id"), "state": snap})
        return {"playing": snap is not None}

    def list_games(self, command):
        """A page of the finished games kept, oldest first: those whose id is over `after` (0
        unless given), LIST_PAGE at most, and `more` when others follow. A job: the history
        folder is read SCAN_STEP names a turn, without a list of them all, then each game of the
        page is checked whole, a few chunks a turn (store.container.read_steps)."""
        after = _cursor(command, "after")
        store = self._store()
        if store is not None:
            return self._list_stored(store, after)
        if self.app.session is None:
            raise CommandError(E_FAILED, "this device keeps no game history")
        games = []
        history = self.app.session.history  # a session without a store keeps them in RAM
        for number in range(after + 1, min(len(history), after + LIST_PAGE) + 1):
            doc = history[number - 1]
            games.append({"id": number, "game": doc.get("game"), "finished": doc.get("finished"),
                          "moves": len(doc.get("moves") or ()), "rounds": doc.get("rounds"),
                          "names": readable_names(doc.get("names")), "returns": doc.get("returns")})
        return {"games": games, "more": len(history) > after + LIST_PAGE}

    def _list_stored(self, store, after):
        from store.pages import history_page, summary_steps

        ids, more = yield from history_page(store, after, LIST_PAGE)
        games = []
        for ident in ids:
            summary = yield from summary_steps(store, ident)
            if "names" in summary:
                summary["names"] = readable_names(summary["names"])
            games.append(summary)
        return {"games": games, "more": more}

    def pull_game(self, command):
        """A finished game, a page at a time: the record without its moves, `total` moves, and
        the moves from `start` (0 unless given), PAGE at most, and `more` when others follow.
        The host asks again from start + len(moves) until it has them all: the reply's line
        stays the same size however long the game. The file is read in pieces: checked whole
        for the first page, a few chunks a turn (a job, as list_games), and each next page read
        on from where the one before ended, once the file's header says it is the same."""
        game_id = _field(command, "game_id", int)
        start = _cursor(command, "start")
        store = self._store()
        if store is not None:
            return self._pull_stored(store, game_id, start)
        page = None
        if self.app.session is not None:
            history = self.app.session.history
            if 1 <= game_id <= len(history):
                doc = history[game_id - 1]
                record = {}
                for key in doc:
                    if key != "moves":
                        record[key] = doc[key]
                moves = doc["moves"]
                page = (record, len(moves), list(moves[start:start + PAGE]))
        return _game_page(game_id, start, page)

    def _pull_stored(self, store, game_id, start):
        from store.pages import open_steps

        known = self._pulled if self._pulled_id == game_id else None
        self._pulled = None
        page = None
        try:
            document = yield from open_steps(store, game_id, known)
            page = (document.head, document.count, document.moves(start, start + PAGE))
            self._pulled_id = game_id  # the next page goes on from this one's end
            self._pulled = document
        except OSError:  # no such file
            pass
        except ValueError as err:  # damaged on flash: say so, the file stays for pull_file
            raise CommandError(E_FAILED, "game %d is damaged: %s" % (game_id, err)) from None
        return _game_page(game_id, start, page)

    def list_quarantine(self, command):
        """A page of the damaged files set aside, oldest first: those numbered over the one
        named `after` (its q<K>), QUARANTINE_PAGE at most, and `more`. A job, as list_games."""
        after = command.get("after")
        number = 0
        if after is not None:
            number = _quarantined_number(_field(command, "after", str))
        store = self._store()
        if store is None:
            return {"files": [], "more": False}
        return self._list_quarantined(store, number)

    def _list_quarantined(self, store, number):
        from store.pages import quarantine_page

        names, more = yield from quarantine_page(store, number, QUARANTINE_PAGE)
        return {"files": names, "more": more}

    def pull_file(self, command):
        """A piece of a quarantined (damaged) file, as base64, for the host to look at: its
        FILE_PIECE bytes from `offset` (0 unless given), the file's `size`, and `more` when
        bytes follow. The host asks again from offset + the bytes it got."""
        from store.pages import quarantined_piece

        name = _field(command, "name", str)
        offset = _cursor(command, "offset")
        store = self._store()
        if store is None or _quarantined_number(name) < 0:
            raise CommandError(E_FAILED, "no quarantined file %r" % name)
        try:
            size, data = quarantined_piece(store, name, offset, FILE_PIECE)
        except (OSError, ValueError):  # no such file, or one past the longest read back
            raise CommandError(E_FAILED, "no quarantined file %r" % name) from None
        if offset > size:
            raise CommandError(E_BAD_ARGS, "offset: file %r has %d bytes, got %d" % (name, size, offset))
        return {"name": name, "size": size, "offset": offset, "base64": _base64(data),
                "more": offset + len(data) < size}

    def set_names(self, command):
        names = _field(command, "names", list)
        check_names(names)
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
        changes = _field(command, "config", dict)
        if self.config_path is None:
            raise CommandError(E_FAILED, "this device has no writable config")
        loaded = [name for name in CONFIG_CODE if is_loaded(name)]
        try:
            return self._set_config(changes)
        finally:  # what it loaded goes again: the running device has no use for it
            for name in CONFIG_CODE:
                if name not in loaded:
                    let_go(name)

    def _set_config(self, changes):
        from app.config import DEFAULT_CONFIG, copy_config

        # the config the next boot reads (the one in use, or what set_config wrote since) with
        # the changes applied one section deep, so that changes sent one command at a time add
        # up; an unknown key is refused
        merged = copy_config(self.saved_config or self.app.config)
        for key in changes:
            if key not in DEFAULT_CONFIG:
                raise CommandError(E_BAD_ARGS, "config: unknown key %r" % key)
            value = changes[key]
            if isinstance(value, dict) and isinstance(merged.get(key), dict):
                for sub in value:
                    if sub not in DEFAULT_CONFIG[key]:
                        raise CommandError(E_BAD_ARGS, "config: unknown key %s.%s" % (key, sub))
                    merged[key][sub] = value[sub]
            else:
                merged[key] = value
        save_config(self.config_path, merged)
        self.saved_config = merged
        return {"config": merged, "restart": True}

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
        seconds = _field(command, "time", int)
        if not CLOCK_MIN <= seconds <= CLOCK_MAX:
            raise CommandError(E_BAD_ARGS, "time: Unix seconds from %d (2001) to %d (end of 2099) expected,"
                               " got %d" % (CLOCK_MIN, CLOCK_MAX, seconds))
        link = self.link
        link.wall_seconds = seconds  # from now on every line carries utc
        link.wall_ticks = link.now
        return {"time": seconds}


def save_config(path, config):
    """Check the config with the boot's own loader, then write it atomically.

    The candidate goes to a temp file that load_config reads back: a value the boot would replace
    by its default is refused here, with the loader's message, and the old file stays in place.
    """
    import json
    import os

    from app.config import load_config

    tmp = path + ".tmp"
    try:
        with open(tmp, "w") as f:
            f.write(json.dumps(config))
        problems = load_config(tmp)[1]
        if problems:
            os.remove(tmp)
            raise CommandError(E_BAD_ARGS, "config: " + "; ".join(problems))
        os.rename(tmp, path)
    except OSError as err:
        raise CommandError(E_FAILED, "config not saved: %s" % err) from None
