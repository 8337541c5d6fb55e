"""The commands' own checks, on both runtimes: names the host can read back and print, a sane clock.

A name may not hold what shows nothing or turns the writing direction either (a right-to-left
override, a zero-width space, a noncharacter, a private-use character): one player could pass for
another on everything the host shows.

MicroPython takes as UTF-8 some byte strings that CPython refuses (an encoded surrogate, a code past
U+10FFFF, an overlong form); a name holding one would make every line that carries it unreadable on
the host. The device refuses them, and control characters, whichever runtime reads the command.
"""

from app.clock import ManualClock
from app.session import Session
from games.tanturlurette.rules import State
from long_game import AppStandIn
from proto.commands import CLOCK_MAX, CLOCK_MIN
from proto.link import Link
from proto.names import NAMES_RULE
from proto.wire import parse_line
from support import ON_MICROPYTHON


def _session(playing=False, names=None, history=()):
    """A real session without a store (what the simulator runs without --store): a 4-seat
    Tanturlurette game when playing, its names set as a save from an older firmware left them."""
    session = Session()
    if playing:
        session.new_game("tanturlurette", {"players": 4})
        session.names = names
    session.history = list(history)
    return session


def _device(session):
    out = []
    inbox = []
    link = Link(AppStandIn(session), lambda: inbox.pop(0) if inbox else None, out.append)
    clock = ManualClock()

    def send(line):
        inbox.append(line)
        link.poll(clock.advance(10))
        while link.working() or link.answer_due is not None:  # a job's turns, then its answer's
            link.poll(clock.advance(10))
        lines = b"".join(out).split(b"\n")
        del out[:]
        return [line for line in lines if line]

    return link, send


def _names_line(name_bytes):
    return b'{"cmd":"set_names","names":["' + name_bytes + b'"],"id":7}\n'


# Each spells one name, as the bytes of a JSON string; all are refused.
REFUSED = [
    b"Ann\xed\xa0\x80",  # U+D800 encoded as if it were a character
    b"\xed\xbf\xbfDom",  # U+DFFF
    b"Ann\\ud800",  # the same, as a JSON escape: MicroPython's json makes it those three bytes
    b"Bea\\udcff",  # what CPython's argv makes of a byte that is not UTF-8
    b"\xc0\x80",  # an overlong NUL
    b"\xc1\x81nne",  # an overlong "A"
    b"\xe0\x81\x81nne",  # "A" in three bytes
    b"\xf0\x80\x81\x81nne",  # "A" in four bytes
    b"Cyr\xf4\x90\x80\x80",  # past U+10FFFF
    b"A\\u0000",
    b"\\u001b[2J",  # ESC: a terminal command
    b"tab\\there",
    b"two\\nlines",
    b"del\\u007f",
    b"c1\\u0080",
    b"csi\\u009b31m",
    b"apc\\u009f",
]
ACCEPTED = ["Anaïs", "Dédé", "Zoë", "Ægir", "Łucja", "李雷", "Ζωή", "😀 Max", "O'Neil-Smith", "x" * 16,
            "\u00a0nbsp", "(J1)"]


def test_names_the_host_could_not_read_or_print_are_refused():
    session = _session(True, ["Anne", "Bea", "Cyr", "Dom"])
    link, send = _device(_session())  # idle: the names would be kept for the next game
    link_playing, send_playing = _device(session)
    for bad in REFUSED:
        for this_send in (send, send_playing):
            [line] = this_send(_names_line(bad))
            assert max(line) < 0x80, (bad, line)  # the refusal itself is plain ASCII
            reply = parse_line(line, True)
            assert reply["type"] == "error", (bad, reply)
            # CPython refuses a line that is not UTF-8 before any command sees it
            raw_utf8_fault = bad.startswith((b"\xc0", b"\xc1", b"\xe0", b"\xf0")) or b"\xed" in bad \
                or b"\xf4" in bad
            if ON_MICROPYTHON or not raw_utf8_fault:
                assert reply["data"]["code"] == "bad_args" and reply["data"]["id"] == 7, (bad, reply)
                assert NAMES_RULE in reply["data"]["message"]
            else:
                assert reply["data"]["code"] == "bad_line", (bad, reply)
        assert link.pending_names is None
        assert session.names == ["Anne", "Bea", "Cyr", "Dom"]


# Each a name (as text) holding one character a name may not hold although it is text, and the
# words the refusal names it with: every class, the ends of each range, in every plane.
HIDDEN = [
    ("Anne\u202e", "a character that changes the writing direction (U+202E)"),  # right-to-left override
    ("\u202aBea", "a character that changes the writing direction (U+202A)"),
    ("Cyr\u200e", "a character that changes the writing direction (U+200E)"),
    ("Cyr\u200f", "a character that changes the writing direction (U+200F)"),
    ("Dom\u2066x", "a character that changes the writing direction (U+2066)"),
    ("Dom\u2069", "a character that changes the writing direction (U+2069)"),
    ("\u061cAli", "a character that changes the writing direction (U+061C)"),
    ("An\u200bne", "an invisible character (U+200B)"),  # zero-width space
    ("An\u200cne", "an invisible character (U+200C)"),
    ("An\u200dne", "an invisible character (U+200D)"),
    ("\u2060Anne", "an invisible character (U+2060)"),
    ("\ufeffAnne", "an invisible character (U+FEFF)"),
    ("Anne\u00ad", "an invisible character (U+00AD)"),  # soft hyphen
    ("Anne\ufe0f", "an invisible character (U+FE0F)"),  # variation selector
    ("\u3164", "an invisible character (U+3164)"),  # Hangul filler: a "blank" name
    ("two\u2028lines", "an invisible character (U+2028)"),
    ("Anne\U000e0041", "an invisible character (U+E0041)"),  # a tag
    ("Anne\ufdd0", "a noncharacter (U+FDD0)"),
    ("Anne\ufdef", "a noncharacter (U+FDEF)"),
    ("Anne\ufffe", "a noncharacter (U+FFFE)"),
    ("Anne\uffff", "a noncharacter (U+FFFF)"),
    ("Anne\U0001fffe", "a noncharacter (U+1FFFE)"),
    ("Anne\U0010ffff", "a noncharacter (U+10FFFF)"),
    ("Anne\ue000", "a private-use character (U+E000)"),
    ("Anne\uf8ff", "a private-use character (U+F8FF)"),
    ("Anne\U000f0000", "a private-use character (U+F0000)"),
    ("Anne\U0010fffd", "a private-use character (U+10FFFD)"),
]
# French names of the table, with what lies just outside the ranges refused
FRENCH = ["Anaïs", "Bérénice", "Élise", "Hélène", "Maëlle", "Françoise", "Noël", "Cœur-de-Lion", "Ève"]
NEIGHBOURS = ["a\u200ab", "a\u2010b", "a\u2027b", "a\u202fb", "a\u2070b", "\ufdcf\ufdf0", "\ufffd",
              "\ud7ff\uf900", "\U0001d172\U0001d17b", "\U000e0080\U000e01f0", "\U0001fffd"]


def _json_string(name):
    """name as the bytes of a JSON string: UTF-8, so that no runtime needs a surrogate pair."""
    return name.encode()


def test_names_that_hide_or_turn_text_are_refused_with_what_is_allowed():
    session = _session(True, ["Anne", "Bea", "Cyr", "Dom"])
    link, send = _device(_session())
    link_playing, send_playing = _device(session)
    for name, what in HIDDEN:
        position = 1 + min(i for i, char in enumerate(name) if char not in "AnneBeaCyrDomAlitwolines")
        for this_send in (send, send_playing):
            [line] = this_send(_names_line(_json_string(name)))
            assert max(line) < 0x80, (name, line)  # the refusal itself is plain ASCII
            reply = parse_line(line, True)["data"]
            assert reply["code"] == "bad_args" and reply["id"] == 7, (name, reply)
            assert "name 1 has %s at character %d; allowed: %s" % (what, position, NAMES_RULE) \
                in reply["message"], (name, reply["message"])
        # and the same as a JSON escape, where it is one UTF-16 unit
        if ord(name[position - 1]) < 0x10000:
            escaped = name.replace(name[position - 1], "\\u%04x" % ord(name[position - 1])).encode()
            reply = parse_line(send(_names_line(escaped))[0], True)["data"]
            assert what in reply["message"], (name, reply)
    assert link.pending_names is None and link_playing.pending_names is None
    assert session.names == ["Anne", "Bea", "Cyr", "Dom"]
    assert "visible characters" in NAMES_RULE and "invisible, direction-changing" in NAMES_RULE


def test_french_names_and_the_characters_beside_the_refused_ones_are_accepted():
    link, send = _device(_session())
    for name in FRENCH + NEIGHBOURS:
        line = send(_names_line(_json_string(name)))[0]
        assert parse_line(line, True)["data"]["names"] == [name], (name, line)
        assert link.pending_names == [name]
    session = _session(True)
    link, send = _device(session)
    quoted = b",".join(b'"' + name.encode() + b'"' for name in FRENCH[:4])
    reply = parse_line(send(b'{"cmd":"set_names","names":[' + quoted + b']}\n')[0], True)
    assert reply["data"]["applied"] == "current game" and session.names == FRENCH[:4]


def test_names_refusal_says_which_name_and_character():
    link, send = _device(_session())
    line = b'{"cmd":"set_names","names":["Anne","Be\\u001ba"],"id":1}\n'
    reply = parse_line(send(line)[0], True)
    assert "name 2 has a control character (U+001B) at character 3" in reply["data"]["message"]
    reply = parse_line(send(_names_line(b"\\ud83d"))[0], True)
    assert "lone UTF-16 surrogate (U+D83D)" in reply["data"]["message"]
    if ON_MICROPYTHON:  # only MicroPython lets an overlong form reach the command
        reply = parse_line(send(_names_line(b"\xc1\x81"))[0], True)
        assert "overlong UTF-8 form of U+0041" in reply["data"]["message"]


def test_printable_names_in_any_script_are_accepted_and_echoed_intact():
    link, send = _device(_session())
    for name in ACCEPTED:
        line = send(_names_line(name.encode()))[0]
        assert line.decode() and parse_line(line, True)["data"]["names"] == [name], name
        assert link.pending_names == [name]
    session = _session(True)
    link, send = _device(session)
    names = ACCEPTED[:4]
    quoted = b",".join(b'"' + name.encode() + b'"' for name in names)
    reply = parse_line(send(b'{"cmd":"set_names","names":[' + quoted + b']}\n')[0], True)
    assert reply["data"]["applied"] == "current game" and session.names == names


def test_names_an_older_firmware_let_in_are_sent_readable():
    """A finished game kept on the device from before this check: its names reach the host with
    each character no name may hold replaced by U+FFFD, so the host can still pull the game."""
    state = State({"players": 4})
    bad = "Ann\ud800"  # on MicroPython: the three bytes ED A0 80 in the string
    doc = state.record()
    doc.update(names=[bad, "Bo\x1b[2J", "Cy", "Di"], finished=False, returns=[0, 0, 0, 0], rounds=0)
    session = _session(True, [bad, "Bo", "Cy", "Di"], [doc])
    link, send = _device(session)
    listing = send(b'{"cmd":"list_games"}\n')
    pulled = send(b'{"cmd":"pull_game","game_id":1}\n')
    snapshot = send(b'{"cmd":"get_state"}\n')  # its state line, then its ok
    for line in listing + pulled + snapshot:
        assert b"\xed" not in line and b"\\ud800" not in line, line
    listed = parse_line(listing[0], True)["data"]["games"][0]["names"]
    record = parse_line(pulled[0], True)["data"]["record"]
    state = parse_line(snapshot[0], True)["data"]["state"]
    assert listed == record["names"] == ["Ann\ufffd", "Bo\ufffd[2J", "Cy", "Di"]
    assert state["names"] == ["Ann\ufffd", "Bo", "Cy", "Di"]
    assert doc["names"][0] == bad  # what the device keeps is left as it is


def test_clock_is_refused_outside_unix_seconds_of_this_century():
    link, send = _device(_session())
    for seconds in (2 ** 70, CLOCK_MAX + 1, CLOCK_MIN - 1, 0, -5):
        reply = parse_line(send(b'{"cmd":"set_clock","time":%d,"id":3}\n' % seconds)[0], True)
        assert reply["type"] == "error" and reply["data"]["code"] == "bad_args", seconds
        assert "%d (2001) to %d" % (CLOCK_MIN, CLOCK_MAX) in reply["data"]["message"]
        assert "utc" not in reply and link.wall_seconds is None
    for seconds in (CLOCK_MIN, 1764460800, CLOCK_MAX):
        reply = parse_line(send(b'{"cmd":"set_clock","time":%d,"id":4}\n' % seconds)[0], True)
        assert reply["type"] == "ok" and reply["utc"] == seconds
