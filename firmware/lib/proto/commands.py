"""The host's commands (docs/PROTOCOL.md), each answered by an ok or an error event.

Every handler validates its fields first and raises CommandError with a code and a clear message;
nothing changes on the device unless the whole command is valid.
"""

from engine.compat import const

from proto.wire import E_BAD_ARGS, E_FAILED, E_UNKNOWN, PROTOCOL_VERSION, LineError

FIRMWARE_VERSION = "0.1.0"
_NAME_MAX = const(16)  # a name fits one OLED line
_MAX_SEATS = const(8)

# The commands, sorted: each is answered by the Commands method of the same name.
COMMANDS = ["get_config", "get_state", "hello", "list_games", "list_quarantine", "pull_file",
            "pull_game", "set_clock", "set_config", "set_names", "version"]


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


class Commands:
    """Dispatches parsed commands. `app` is the application core; its session may be None (a
    stand-in app in the host tool's tests). config_path (None when the device has no writable
    config, as in the simulator) is where set_config saves."""

    def __init__(self, app, link, config_path=None):
        self.app = app
        self.link = link
        self.config_path = config_path

    def run(self, command):
        """Carry out one parsed command; returns the ok payload or raises CommandError."""
        name = _field(command, "cmd", str)
        if name not in COMMANDS:
            raise CommandError(E_UNKNOWN, "unknown command %r (known: %s)" % (name, ", ".join(COMMANDS)))
        return getattr(self, name)(command)

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
        view shows; null when no game is loaded."""
        session = self.app.session
        snap = None
        if session is not None and session.state is not None:
            state = session.state
            snap = state.record()
            snap["names"] = list(session.names or [])
            snap["round"] = state.round
            snap["phase"] = state.phase_name()
            snap["to_act"] = state.current_player()
            snap["over"] = state.is_over()
            snap["standings"] = list(state.standings())
            snap["target"] = state.target()
            pot = state.pot()
            if pot is not None:  # games played for stakes
                snap["pot"] = pot
            snap["display"] = self.app.snapshot()  # what the ring and the OLED show now
        self.link.send("state", {"id": command.get("id"), "state": snap})
        return {"playing": snap is not None}

    def list_games(self, command):
        store = self._store()
        if store is not None:
            return {"games": store.list_history()}
        if self.app.session is None:
            raise CommandError(E_FAILED, "this device keeps no game history")
        games = []
        for doc in self.app.session.history:  # a session without a store keeps them in RAM
            games.append({"id": len(games) + 1, "game": doc.get("game"), "finished": doc.get("finished"),
                          "moves": len(doc.get("moves") or ()), "rounds": doc.get("rounds"),
                          "names": doc.get("names"), "returns": doc.get("returns")})
        return {"games": games}

    def pull_game(self, command):
        game_id = _field(command, "game_id", int)
        store = self._store()
        record = None
        if store is not None:
            try:
                record = store.read_history(game_id)
            except OSError:
                pass
            except ValueError as err:  # damaged on flash: say so, the file stays for pull_file
                raise CommandError(E_FAILED, "game %d is damaged: %s" % (game_id, err)) from None
        elif self.app.session is not None:
            history = self.app.session.history
            if 1 <= game_id <= len(history):
                record = history[game_id - 1]
        if record is None:
            raise CommandError(E_FAILED, "no finished game %d on this device" % game_id)
        return {"game_id": game_id, "record": record}

    def list_quarantine(self, command):
        store = self._store()
        return {"files": store.quarantined() if store is not None else []}

    def pull_file(self, command):
        """A quarantined (damaged) file, as base64, for the host to look at."""
        from binascii import b2a_base64

        name = _field(command, "name", str)
        store = self._store()
        if store is None or name not in store.quarantined():
            raise CommandError(E_FAILED, "no quarantined file %r" % name)
        data = store.read_quarantined(name)
        return {"name": name, "size": len(data), "base64": b2a_base64(data).decode().strip()}

    def set_names(self, command):
        names = _field(command, "names", list)
        if not 1 <= len(names) <= _MAX_SEATS:
            raise CommandError(E_BAD_ARGS, "names: give 1 to %d names, got %d" % (_MAX_SEATS, len(names)))
        for name in names:
            if not isinstance(name, str) or not 0 < len(name) <= _NAME_MAX:
                raise CommandError(E_BAD_ARGS, "names: each name is a string of 1 to %d characters, got %r"
                                   % (_NAME_MAX, name))
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
        from app.config import DEFAULT_CONFIG, copy_config

        # the config in use with the changes applied one section deep; an unknown key is refused
        merged = copy_config(self.app.config)
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
        return {"config": merged, "restart": True}

    def set_clock(self, command):
        seconds = _field(command, "time", int)
        if seconds < 1000000000:  # before 2001: a count of ms or a zero, not a Unix time
            raise CommandError(E_BAD_ARGS, "time: Unix seconds expected, got %d" % seconds)
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
