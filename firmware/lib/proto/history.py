"""list_games (docs/PROTOCOL.md, "Pages"): a page of the history's games, a job that reads many
files a step a loop turn (proto.link). A game's own pages are proto.pullgame's, the quarantine's
proto.quarantine's: each a module apart, so that a job holds only the code it runs.

proto.commands loads this module for the command and proto.link lets go of it once the command
is answered, with store.pages, which it loads. The job holds no handler of proto.commands (it
takes the app and the link), so that the dispatcher is let go as soon as it is under way: what
a turn of it holds is this module, store.pages and the page being read. What is sent of names
(proto.readable) is loaded when a page has names to send (proto.fields.readable).
"""

from proto.commands import LIST_BYTES, LIST_PAGE  # small ints, copied
from proto.fields import cursor, readable, store_of
from proto.wire import E_FAILED, CommandError


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
                      "names": readable(doc.get("names")), "returns": doc.get("returns")})
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
            summary["names"] = readable(summary["names"])
        games.append(summary)
    return {"games": games, "more": more}
