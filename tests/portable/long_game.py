"""The long game of the store's tests and bench: the plan bots' whole Piccolo game of seed 2,
3315 moves in 47 deals (the issue's example: 13 KB as a JSON list of moves)."""

from array import array

from app.session import Session
from engine.play import play_out
from engine.rng import Rng
from games import new_state
from games.piccolo.bots import PlanBot

LONG = 3315
OPTIONS = {"players": 4}
NAMES = ["Anaëlle", "Loïc", "Zoé", "Dom"]
_moves = []


def long_moves():
    """The game's moves (an array), played once a run."""
    if not _moves:
        state = new_state("piccolo", OPTIONS)
        play_out(state, [PlanBot() for _ in range(4)], Rng(2))
        if len(state.moves) != LONG:
            raise AssertionError("the long game has %d moves, not %d" % (len(state.moves), LONG))
        _moves.append(array("H", state.moves))  # sliced by the tests
    return _moves[0]


def loaded(count, store=None):
    """A session holding the game's first count moves, one operation each, as a resume rebuilds
    them (no saves, no undo checkpoints: quicker than playing them), on store if given."""
    session = Session(store)
    session.new_game("piccolo", OPTIONS, names=NAMES)
    session._quiet = True
    for move in long_moves()[:count]:
        session._apply(move)
    session._quiet = False
    session.seq = count
    return session


def pull_all(store, keep=None):
    """What the device sends the host pulling history game 1 of store, every page of it as its
    line; the moves go to keep if given. Returns how many moves came."""
    from proto.link import Link
    from proto.wire import encode_event

    # the link's handlers, kept as long as no answer goes out (a page goes on from the one before)
    commands = Link(AppStandIn(Session(store)), lambda: None, lambda data: None).commands
    got = 0
    while True:
        page = commands.run_whole({"cmd": "pull_game", "game_id": 1, "start": got})
        encode_event(1, "ok", page)
        got += len(page["moves"])
        if keep is not None:
            keep.extend(page["moves"])
        if got >= page["total"]:
            return got


class AppStandIn:
    """What proto.commands and proto.link read of the app: the session (None: no game), a blank
    screen, no event of its own."""

    def __init__(self, session):
        self.session = session
        self.config = {}

    def pop_event(self):
        return None

    def snapshot(self):  # app.core.App's: what the device shows
        return {"mode": "AppStandIn", "text": []}
