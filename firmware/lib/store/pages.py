"""The kept games read a page at a time, in steps: what the protocol's paged commands read of a
store.storage.Store's history (proto.history; proto.quarantine reads the quarantine with
numbered_page).

Each reader is a generator that yields between steps of its work and returns what it read
(container.complete runs one to its end in one go): the history folder SCAN_STEP names a step,
read one name at a time (never a list of all its names: os.ilistdir, os.scandir on CPython), and
a kept game's file checked whole a KB a step (store.reader.read_steps). So a step costs the
heap the same whatever the folder holds and however long its games, and proto.link runs a step a
loop turn. This module is loaded with proto.commands, when a host speaks: the store a table plays
with never carries it.
"""

import os

from engine.compat import const

from store import container
from store.files import join
from store.storage import _number as number_of  # the store's own reading of its file names
from store.storage import is_bot, is_name, list_problem, shown

# names of a folder a step reads: a name and its entry are some 64 bytes of garbage on a 32-bit port,
# so 2 KB a step, and the 200 games a device keeps are listed in 7 turns
SCAN_STEP = const(32)


def _scanned(path):
    """(name,) an entry of the folder path: CPython's os.scandir, as os.ilistdir gives them."""
    with os.scandir(path) as found:
        for entry in found:
            yield (entry.name,)


try:
    _entries = os.ilistdir  # MicroPython's: (name, type, inode[, size]) an entry
except AttributeError:  # CPython's os has scandir
    _entries = _scanned


def history_problem(doc, count):
    """What is wrong with a history document (Session writes the record, names, bots,
    finished, returns and rounds), or None: the host and engine.play.replay read it. doc: its
    members but the moves; count: its moves, checked by the container (-1: no move list)."""
    problem = list_problem(doc, "returns", is_stake)
    if problem:
        return problem
    if count < 0:
        return "moves must be a list, got %s" % shown(doc["moves"]) if "moves" in doc else "no moves"
    seats = len(doc["returns"])
    for problem in (list_problem(doc, "names", is_name, seats, True),
                    list_problem(doc, "bots", is_bot, seats, True)):
        if problem:
            return problem
    for key, kind, wanted in (("game", str, "a game name"), ("options", dict, "an object"),
                              ("finished", bool, "true or false")):
        value = doc.get(key)
        if type(value) is not kind:
            return "%s must be %s, got %s" % (key, wanted, shown(value))
    rounds = doc.get("rounds")
    if type(rounds) is not int or rounds < 0:
        return "rounds must be a count, got %s" % shown(rounds)
    return None


def is_stake(value):
    return type(value) is int or type(value) is float


def _history_number(name):
    """K of a history file hK, or -1."""
    return number_of(name, "h")


def numbered_page(folder, number_of, after, size):
    """The numbers number_of(name) gives the names of folder, those over after, the size
    smallest in order, their names, and whether more follow: (numbers, names, more). Yields
    every SCAN_STEP names; a folder that is not there holds none."""
    numbers = []
    names = []
    more = False
    seen = 0
    try:
        for entry in _entries(folder):
            name = entry[0]
            number = number_of(name)
            if number > after and number not in numbers:
                at = len(numbers)
                while at and numbers[at - 1] > number:
                    at -= 1
                if at < size:
                    numbers.insert(at, number)
                    names.insert(at, name)
                    if len(numbers) > size:
                        numbers.pop()
                        names.pop()
                        more = True
                else:
                    more = True
            seen += 1
            if seen == SCAN_STEP:
                seen = 0
                yield
    except OSError:  # no such folder: nothing kept
        pass
    return numbers, names, more


def history_page(store, after, size):
    """The ids of store's kept games after the id after, oldest first, size at most, and whether
    more follow: (ids, more)."""
    numbers, _names, more = yield from numbered_page(store.history_dir, _history_number, after, size)
    return numbers, more


def history_size(store, ident):
    """The bytes of kept game ident's file, what checking it reads; 0 when there is no such
    file, or one too long to be read (its check says so at once)."""
    try:
        return store.files.size(join(store.history_dir, "h%d" % ident), store.max_read)
    except (OSError, ValueError):
        return 0


def open_steps(store, ident, known=None):
    """open_history a step at a time. The reader (store.reader, about 6 KB of code to load on a
    32-bit port) is imported in a step of its own: not in the caller's, whose turn may have
    loaded the caller's code (a command's), nor in the one that reads a page of moves."""
    yield
    from store import reader

    yield
    path = join(store.history_dir, "h%d" % ident)
    size = store.files.size(path, store.max_read)
    if known is not None:
        document = reader.resumed(known, store.opener(path), size)
        if document is not None:
            return document
    document = yield from reader.read_steps(store.opener(path), size, container.HISTORY)
    problem = history_problem(document.head, document.count)
    if problem:
        raise container.BadFile(problem)
    return document


def summary_steps(store, ident):
    """The summary of kept game ident, checked whole (open_steps), as list_games sends it: id,
    game, finished, moves (a count), rounds, names, returns; a damaged one has id and error
    instead."""
    summary = {"id": ident}
    try:
        document = yield from open_steps(store, ident)
        for key in ("game", "finished", "rounds", "names", "returns"):
            summary[key] = document.head.get(key)
        summary["moves"] = document.count
    except (ValueError, OSError) as err:
        summary["error"] = str(err)
    return summary
