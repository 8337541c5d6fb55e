"""get_state (docs/PROTOCOL.md): the `state` line, everything needed to rebuild the current game
plus what a live view shows, or null when no game is loaded; then the command's ok.

A job of its own module, as proto.history's are, and not a method of proto.commands: a job
holds what it runs for all its turns, and a method would hold the dispatcher (some 4 KB on a
32-bit port) under the turn that reads what the device shows, itself some KB. proto.commands
loads this module for the command and proto.link lets go of it once the command is answered.
"""

from app.session import report_of

from proto.fields import readable
from proto.wire import E_FAILED, CommandError


def get_state(app, link, command):
    """A finished game stays the one reported until another starts, also once the setup menu has
    put it away (app.session.report_of). The moves are the game's own array: the link writes
    them in pieces straight from it (Link.send_steps), so the line costs no buffer that grows
    with the game."""
    return _state_steps(app, link, command.get("id"))


def _state_steps(app, link, command_id):
    """The state line, a few pieces a turn (Link.send_steps), as long as the game is the same and
    has not moved (its moves as many: what else the line says of it was read at the start);
    else the line is cut and the command failed, to be asked again. Each part has a turn of its
    own, as each is some KB of a turn's heap: the game's report read (in the turn after the one
    that loaded the commands), the names made readable, what the device shows, then the line
    framed; still() holds them to one game at one move (the app makes no move while a host's
    command runs, app.loop, but a finished game may be put away)."""
    yield
    session = app.session
    snap = None if session is None else report_of(session)
    state = session.state if session is not None else None
    moves = snap["moves"] if snap is not None else None
    count = len(moves) if moves is not None else 0

    def still():
        now = session.state if session is not None else None
        return now is state and (moves is None or len(moves) == count)

    if snap is not None:
        snap = dict(snap)  # a copy: a put-away game's report stays as it was kept
        names = list(snap["names"] or [])
        if names:  # the code that makes them readable loads in a turn of its own
            yield
            names = readable(names)
        snap["names"] = names
        yield
        snap["display"] = app.snapshot()  # what the ring and the OLED show now
    yield  # the line is framed in the next turn
    if not still():
        raise CommandError(E_FAILED, "the game moved on while its state line was read: ask again")
    yield from link.send_steps("state", {"id": command_id, "state": snap}, still)
    return {"playing": snap is not None}
