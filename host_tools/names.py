"""Players' names as the host shows them: every character a name may not hold made visible.

The device refuses names that hold a character that shows nothing or turns the writing direction
(proto.names.name_char_problem), but an older firmware let them in, and they live on in its
history and in older databases. Wherever names enter the host's model of a game (the tracker,
from the device's lines; the database, from its rows) they go through shown_names, so every
output (the live view, replay, stats, sheet, export, board) shows them harmless: each such
character written as a visible escape, \\u200b or \\U000e0041, as view.shown writes a control
character. Each character keeps its own escape, so two players whose names differ only by
invisible characters keep two different names, never merged in the stats nor shown alike. A name
shown already comes out the same (an escape is plain ASCII).
"""

from proto.names import name_char_problem


def _visible(char):
    if name_char_problem(char) is None:
        return char
    code = ord(char)
    return "\\u%04x" % code if code <= 0xFFFF else "\\U%08x" % code


def shown_name(name):
    """name with each character a name may not hold written as its escape; not a str: as it is."""
    if not isinstance(name, str) or (name.isascii() and name.isprintable()):
        return name
    return "".join(_visible(char) for char in name)


def shown_names(names):
    """A list of names, each shown_name; None (or anything but a list) as it is."""
    if not isinstance(names, list):
        return names
    return [shown_name(name) for name in names]
