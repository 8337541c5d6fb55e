"""The live view of the game in the terminal: who is where, the pot, whose turn, the last events."""

from engine.core import CHANCE, TABLE, TERMINAL
from engine.play import replay


def seat_label(names, seat):
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return "seat %d" % (seat + 1)


def public_lines(record, names=None, recent=()):
    """Lines describing the public state of a game record (no hidden card is shown)."""
    lines = []
    try:
        state = replay(record)
    except Exception as err:  # a view must never stop the logger
        return ["(game cannot be shown: %s)" % err]
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
    """One short line for an event, for the scrolling part of the view."""
    kind = event.get("type")
    data = event.get("data") or {}
    if kind == "act":
        player = data.get("player")
        if player == CHANCE:  # a card dealt or drawn: whose hand it went to is nobody else's business
            return "#%s the deck plays" % data.get("move")
        who = seat_label(names, player) if isinstance(player, int) and player >= 0 else "table"
        return "#%s %s: %s" % (data.get("move"), who, data.get("name", data.get("action")))
    if kind == "round":
        return "round %s begins" % data.get("round")
    if kind in ("elim", "reenter"):
        return "%s: %s" % (kind, seat_label(names, data.get("seat", -1)))
    if kind == "error":
        return "error: %s" % data.get("message")
    if kind in ("undo", "redo"):
        return "%s %s move(s)" % (kind, data.get("moves"))
    return kind or "?"
