"""The setup menu's memory: the last game started and, for each game, the settings it was started
with (mode, players, humans, the bots' level, its rows), so that a pub replaying Piccolo presses Jouer once.

On flash it is one small checksummed file beside the saves, `menu.json` (store.container's
format, kind "TTM"), written atomically (temp file, then rename) when a game starts, never while
browsing (flash wear). Read back at boot, every field is checked against the games' descriptors
like any input from outside: a game, mode or value this firmware does not offer is dropped (the
rest still holds), and a file that fails its checksum is ignored, logged, and rewritten at the
next start. Without a store (tests, the simulator without --store) the memory lasts until power
goes. Its size is bounded by the descriptors: a few rows for each of four games.
"""

from games import SEATS, game
from store.container import BadFile, encode

KIND = "TTM"
BEGINNER = "beginner"  # the setup menu's beginner level (app.modes.menu.LEVELS)
FILE = "menu.json"
_MAX_BYTES = 2048  # four games' rows are a few hundred bytes: a larger file is not ours


def _checked_game(name, entry):
    """The settings of one game that this firmware still offers, or None."""
    described = game(name)
    if described is None or type(entry) is not dict:
        return None
    mode = None
    for m in described.modes:
        if m.name == entry.get("mode"):
            mode = m
    if mode is None:
        return None
    low, high = mode.seats
    players = entry.get("players")
    if type(players) is not int or not low <= players <= high:
        players = low
    out = {"mode": mode.name, "players": players}
    humans = entry.get("humans")
    if type(humans) is int and 1 <= humans <= players:
        out["humans"] = humans
    if entry.get("level") == BEGINNER:  # the other level is the default: not written
        out["level"] = BEGINNER
    options = entry.get("options")
    kept = {}
    if type(options) is dict:
        for option, offered, _default in mode.rows:
            value = options.get(option)
            if value is None:
                continue
            if offered == SEATS:
                if type(value) is int and 0 <= value < players:
                    kept[option] = value
            elif value in offered and type(value) is type(offered[0]):  # True is not 1
                kept[option] = value
    out["options"] = kept
    return out


def checked(doc):
    """What holds of a document read back: {"game": name or None, "games": {name: settings}}."""
    games = {}
    entries = doc.get("games")
    if type(entries) is dict:
        for name in entries:
            entry = _checked_game(name, entries[name])
            if entry is not None:
                games[name] = entry
    last = doc.get("game")
    return {"game": last if last in games else None, "games": games}


def load(files, path):
    """The memory read from path, checked; an empty one when there is none. A damaged file
    raises BadFile (the caller logs it and goes on with an empty memory)."""
    if not files.exists(path):
        return checked({})
    try:
        data = files.read(path, _MAX_BYTES)
    except ValueError as err:  # larger than any memory of ours
        raise BadFile(str(err)) from None
    from store.reader import decode  # a boot reads the memory once: the App lets go of it after

    return checked(decode(KIND, data))


def save(files, path, memory):
    files.write_atomic(path, encode(KIND, {"v": 1, "game": memory["game"], "games": memory["games"]}))


def remember(memory, name, mode, players, humans, options, level=None):
    """Note the settings a game is started with (the memory stays checked: no other keys)."""
    entry = {"mode": mode, "players": players, "options": dict(options)}
    if humans is not None:
        entry["humans"] = humans
    if level == BEGINNER:
        entry["level"] = level
    memory["games"][name] = entry
    memory["game"] = name
