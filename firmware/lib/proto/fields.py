"""The checks of a command's fields that every handler shares: a field of the type it must have
(field), and where a paged command starts (cursor). Each raises CommandError(E_BAD_ARGS) that
names the field, the type or range it must have and what came.

A module of its own, and not proto.commands', because a paged command's job (proto.history) runs
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
