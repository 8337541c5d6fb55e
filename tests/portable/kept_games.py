"""The kept games of a store read whole, in one go: for tests (on both runtimes) and benches. The
device reads them a page at a time, a step a loop turn (store.pages, through the protocol's
commands); these run the same steps to their end (store.container.complete), so what they read
is what the protocol sends."""

from store import container
from store.pages import open_steps, summary_steps
from store.storage import _numbers as numbers_of  # the store's own reading of its file names


def list_history(store):
    """Summaries of store's kept games, oldest first, as list_games sends them."""
    return [container.complete(summary_steps(store, ident))
            for ident in numbers_of(store.listed(store.history_dir), "h")]


def open_history(store, ident, known=None):
    """The store.reader.Document of one of store's kept games, every field checked
    (store.pages.history_problem), its moves read on demand; raises container.BadFile if damaged
    or wrong, OSError if there is no such game. known: the kept() of a Document this returned
    before for ident, made a Document again without reading the file through if the file is
    still that one (pull_game's next page)."""
    return container.complete(open_steps(store, ident, known))


def read_history(store, ident):
    """The record of one kept game as one dict (engine.play.replay accepts it), its moves a
    list."""
    document = open_history(store, ident)
    doc = document.head
    doc["moves"] = document.moves()
    return doc
