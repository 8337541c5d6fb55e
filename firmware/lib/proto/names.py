"""The names a host may give the players (set_names): the one check of them, by code point, on
both runtimes (the host tool runs it too before it sends names). What is sent back of names is
proto.readable's.

Loaded by set_names alone and let go with the commands once it is answered (proto.link).
"""

from proto.commands import MAX_SEATS, NAME_MAX
from proto.readable import _unreadable
from proto.wire import E_BAD_ARGS, CommandError

NAMES_RULE = ("1 to %d names, each of 1 to %d visible characters (letters, accented or not, digits,"
              " spaces, punctuation; no control, invisible, direction-changing, private-use or"
              " noncharacter)" % (MAX_SEATS, NAME_MAX))


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
