"""The live view of the game in the terminal: who is where, the pot, whose turn, the last events.

Every string that came from the device goes through shown() before it reaches a terminal: a name
or a message holding an escape sequence must not be able to clear the screen, move the cursor or
retitle the window.
"""

from engine.core import CHANCE, TABLE, TERMINAL
from engine.play import replay
from proto.wire import E_BAD_ARGS, E_BAD_LINE, E_CUT, E_FAILED, E_TOO_LONG, E_UNKNOWN

# the link's own errors: about the host's command lines, not the game
LINK_ERRORS = (E_BAD_ARGS, E_BAD_LINE, E_CUT, E_FAILED, E_TOO_LONG, E_UNKNOWN)


def _escape(char):
    code = ord(char)
    # control characters (C0, DEL, C1) and lone surrogates, which no terminal can be given
    if code < 0x20 or 0x7F <= code < 0xA0 or 0xD800 <= code < 0xE000:
        return "\\u%04x" % code
    return char


def shown(text):
    """text (str() of it) with every control character written as a visible \\uXXXX escape."""
    text = str(text)
    if text.isprintable() and text.isascii():
        return text
    return "".join(_escape(char) for char in text)


def seat_label(names, seat):
    if names and 0 <= seat < len(names) and names[seat]:
        return shown(names[seat])
    return "seat %d" % (seat + 1)


def public_lines(record, names=None, recent=()):
    """Lines describing the public state of a game record (no hidden card is shown)."""
    lines = []
    try:
        state = replay(record)
    except Exception as err:  # a view must never stop the logger
        return ["(game cannot be shown: %s)" % shown(err)]
    header = "%s · round %d · %s" % (record.get("game"), state.round, state.phase_name())
    if state.pot() is not None:
        header += " · pot %d" % state.pot()
    lines.append(header)
    player = state.current_player()
    standings = list(state.standings())
    for seat in range(len(standings)):
        mark = "▶" if seat == player else " "
        line = "%s %-12s %3s" % (mark, seat_label(names, seat)[:12], standings[seat])
        if "pos" in state.round_summary():  # a game on the target: its tokens
            circles = state.circles
            pos = state.pos[seat]
            track = "●" * pos + "○" * (circles - pos)
            line += "  %s  stakes %d" % (track, state.stakes[seat])
            if state.out[seat]:
                line += "  out"
        lines.append(line)
    if player == TERMINAL:
        winners = [seat_label(names, s) for s, r in enumerate(state.returns()) if r > 0]
        lines.append("game over" + (": " + ", ".join(winners) if winners else ""))
    elif player == CHANCE:
        lines.append("dealing")
    elif player == TABLE:
        lines.append("the table marks the result")
    for text in recent:
        lines.append("  " + text)
    return lines


def describe_event(event, names=None):
    """One short line for an event, for the scrolling part of the view, or None for the protocol's
    own lines (answers to commands, screen changes, refused commands, the self-test): the view is
    the moves and the table, and what the device says about them."""
    kind = event.get("type")
    data = event.get("data") or {}
    if kind == "act":
        player = data.get("player")
        if player == CHANCE:  # a card dealt or drawn: whose hand it went to is nobody else's business
            return "#%s the deck plays" % data.get("move")
        who = seat_label(names, player) if isinstance(player, int) and player >= 0 else "table"
        return "#%s %s: %s" % (data.get("move"), who, shown(data.get("name", data.get("action"))))
    if kind == "game":
        return "a new game of %s begins" % shown(data.get("game"))
    if kind == "round":
        return "round %s begins" % data.get("round")
    if kind == "fact":  # what the device told the table, in its English words
        return "  %s" % shown(data.get("text"))
    if kind == "elim":
        return "%s is out" % seat_label(names, data.get("seat", -1))
    if kind == "reenter":
        return "%s comes back from l'enfer" % seat_label(names, data.get("seat", -1))
    if kind in ("undo", "redo"):
        return "%s %s move(s)" % (kind, data.get("moves"))
    if kind == "over":
        return "game over"
    if kind == "boot":
        resume = data.get("resume") or {}
        return "the device restarted" + (", resuming the game" if resume.get("resumed") else "")
    if kind == "storage":
        return "the device saves again" if data.get("ok") else "the device cannot save: %s" % shown(data.get("message"))
    if kind == "error" and data.get("code") not in LINK_ERRORS and data.get("id") is None:
        return "the device says: %s" % shown(data.get("message"))  # the app's own (an illegal action...)
    return None
