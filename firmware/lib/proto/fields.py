"""What every command handler shares: the checks of a command's fields, a field of the type it must
have (field) and where a paged command starts (cursor), each raising CommandError(E_BAD_ARGS) that
names the field, the type or range it must have and what came; the store the commands read
(store_of); and names as they are sent (readable).

A module of its own, and not proto.commands', because a paged command's job (proto.history,
proto.quarantine) runs
for several loop turns after the dispatcher is let go: a function it imported from proto.commands
would hold that module's globals, the whole dispatcher, in the heap for as long as the job runs.
proto.link lets go of this module with the rest of the command code once a command is answered.
"""

from proto.wire import E_BAD_ARGS, CommandError


def field(command, key, kind):
    """command[key], which must be there and of the type kind (int, str, list or dict)."""
    if key not in command:
        raise CommandError(E_BAD_ARGS, "missing field %r" % key)
    value = command[key]
    if not isinstance(value, kind) or isinstance(value, bool):  # JSON true is no integer
        raise CommandError(E_BAD_ARGS, "field %r must be of type %s, got %r" % (key, kind.__name__, value))
    return value


def cursor(command, key):
    """command[key], where a paged command starts (0 when not given): an int, 0 or more."""
    if key not in command:
        return 0
    value = field(command, key, int)
    if value < 0:
        raise CommandError(E_BAD_ARGS, "%s must be 0 or more, got %d" % (key, value))
    return value


def store_of(app):
    """The store the app's session keeps, or None (a session in RAM, or none)."""
    session = app.session
    return session.store if session is not None else None


def readable(names):
    """names as the device sends them (proto.readable.readable_names), loading that module only
    when there are some: None or none are sent as they are, with no code loaded for them."""
    if not names:
        return names
    from proto.readable import readable_names

    return readable_names(names)
