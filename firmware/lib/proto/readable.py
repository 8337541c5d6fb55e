"""What the device sends of names: each character the host could not read or print made U+FFFD
(readable_names). Apart from the names' check (proto.names), whose table of characters a name
may not hold the commands that send names have no use for: get_state, list_games and pull_game
load this small module alone, and proto.link lets go of it with them.
"""


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
