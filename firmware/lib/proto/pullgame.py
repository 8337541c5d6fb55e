"""pull_game (docs/PROTOCOL.md, "Pages"): a finished game a page at a time, its record and PAGE
moves; the first page a job that checks the game's file a step a loop turn (proto.link).

A module apart from proto.history's list_games, as each job holds the code it runs for all its
turns: proto.commands loads this one for the command and proto.link lets go of it once the
command is answered, with store.pages and the readers it loads. What a page's next one needs
(the file's Document, kept()) the link holds (Link.pulled), not this module.
"""

from proto.commands import PAGE  # a small int, copied
from proto.fields import cursor, field, readable, store_of
from proto.wire import E_BAD_ARGS, E_FAILED, CommandError


def _game_page(game_id, start, page):
    """pull_game's reply of a page (record, total, moves), or the error of none."""
    if page is None:
        raise CommandError(E_FAILED, "no finished game %d on this device" % game_id)
    record, total, moves = page
    if start > total:
        raise CommandError(E_BAD_ARGS, "start: game %d has %d moves, got %d" % (game_id, total, start))
    if record.get("names"):
        record = dict(record)  # a copy: the history kept in RAM stays as it was
        record["names"] = readable(record["names"])
    return {"game_id": game_id, "record": record, "start": start, "moves": moves, "total": total,
            "more": start + len(moves) < total}


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
