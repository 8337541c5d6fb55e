"""The commands that read the history (docs/PROTOCOL.md, "Pages"): list_games and pull_game (the
quarantine's are proto.quarantine's). Each answers a page; those that read many files are jobs,
a step a loop turn (proto.link).

proto.commands loads this module for one of these commands and proto.link lets go of it once the
command is answered, with store.pages, which it loads. The jobs hold no handler of proto.commands
(they take the app and the link), so that the dispatcher is let go as soon as a job is under way:
what a turn of a job holds is this module, store.pages and the page being read. What is sent of
names (proto.readable) is loaded when a page has names to send.
"""

from proto.commands import LIST_BYTES, LIST_PAGE, PAGE  # small ints, copied
from proto.fields import cursor, field, store_of
from proto.wire import E_BAD_ARGS, E_FAILED, CommandError


def _readable(names):
    if not names:  # None or none: nothing to make readable, and no code to load for it
        return names
    from proto.readable import readable_names

    return readable_names(names)


def _game_page(game_id, start, page):
    """pull_game's reply of a page (record, total, moves), or the error of none."""
    if page is None:
        raise CommandError(E_FAILED, "no finished game %d on this device" % game_id)
    record, total, moves = page
    if start > total:
        raise CommandError(E_BAD_ARGS, "start: game %d has %d moves, got %d" % (game_id, total, start))
    if record.get("names"):
        record = dict(record)  # a copy: the history kept in RAM stays as it was
        record["names"] = _readable(record["names"])
    return {"game_id": game_id, "record": record, "start": start, "moves": moves, "total": total,
            "more": start + len(moves) < total}


def list_games(app, link, command):
    """A page of the finished games kept, oldest first: those whose id is over `after` (0
    unless given), LIST_PAGE at most, and `more` when others follow. A job: the history
    folder is read SCAN_STEP names a turn, without a list of them all, then each game of the
    page is checked whole, a KB a turn (store.reader.read_steps). A page ends before the game
    whose file would bring the bytes it checks over LIST_BYTES (it holds one game at least),
    so that a page takes about as many turns whatever the games' lengths."""
    after = cursor(command, "after")
    store = store_of(app)
    if store is not None:
        return _list_stored(store, after)
    if app.session is None:
        raise CommandError(E_FAILED, "this device keeps no game history")
    games = []
    history = app.session.history  # a session without a store keeps them in RAM
    for number in range(after + 1, min(len(history), after + LIST_PAGE) + 1):
        doc = history[number - 1]
        games.append({"id": number, "game": doc.get("game"), "finished": doc.get("finished"),
                      "moves": len(doc.get("moves") or ()), "rounds": doc.get("rounds"),
                      "names": _readable(doc.get("names")), "returns": doc.get("returns")})
    return {"games": games, "more": len(history) > after + LIST_PAGE}


def _list_stored(store, after):
    yield  # store.pages is loaded in the next turn, not in the dispatcher's
    from store.pages import history_page, history_size, summary_steps

    ids, more = yield from history_page(store, after, LIST_PAGE)
    games = []
    left = LIST_BYTES
    for ident in ids:
        size = history_size(store, ident)
        if games and size > left:  # the page ends here: the next one checks this game first
            more = True
            break
        left -= size
        summary = yield from summary_steps(store, ident)
        if "names" in summary:
            summary["names"] = _readable(summary["names"])
        games.append(summary)
    return {"games": games, "more": more}


def pull_game(app, link, command):
    """A finished game, a page at a time: the record without its moves, `total` moves, and
    the moves from `start` (0 unless given), PAGE at most, and `more` when others follow.
    The host asks again from start + len(moves) until it has them all: the reply's line
    stays the same size however long the game. The file is read in pieces: checked whole
    for the first page, a KB a turn (a job, as list_games), and each next page read
    on from where the one before ended, once the file's header says it is the same."""
    game_id = field(command, "game_id", int)
    start = cursor(command, "start")
    store = store_of(app)
    if store is not None:
        return _pull_stored(link, store, game_id, start)
    page = None
    if app.session is not None:
        history = app.session.history
        if 1 <= game_id <= len(history):
            doc = history[game_id - 1]
            record = {}
            for key in doc:
                if key != "moves":
                    record[key] = doc[key]
            moves = doc["moves"]
            page = (record, len(moves), list(moves[start:start + PAGE]))
    return _game_page(game_id, start, page)


def _pull_stored(link, store, game_id, start):
    yield  # store.pages is loaded in the next turn, not in the dispatcher's
    from store.pages import open_steps

    pulled = link.pulled
    known = pulled[1] if pulled is not None and pulled[0] == game_id else None
    link.pulled = None
    page = None
    try:
        document = yield from open_steps(store, game_id, known)
        yield  # the page is read in a turn of its own: not with the file's check
        page = (document.head, document.count, document.moves(start, start + PAGE))
        link.pulled = (game_id, document.kept())  # the next page goes on from this one's end
    except OSError:  # no such file
        pass
    except ValueError as err:  # damaged on flash: say so, the file stays for pull_file
        raise CommandError(E_FAILED, "game %d is damaged: %s" % (game_id, err)) from None
    return _game_page(game_id, start, page)
