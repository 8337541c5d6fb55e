"""Real games of every kind for the history tests: played through a real Session (bots at the
card games, a table entering plausible results at the scorekeepers), logged through the real
Logger into a real LogStore, as the device's events would be."""

import io
import json

import pytest
from app.session import Session
from engine.core import TABLE
from engine.rng import Rng
from games import bots_of
from games import game as descriptor

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools.db import LogStore
from host_tools.facts import game_facts
from host_tools.logger import Logger

KINDS = {  # a short game of each engine, for the tests that go through every kind
    "tanturlurette": {"players": 4, "circles": 2},
    "bourre": {"players": 4, "deals": 3},
    "bourre_score": {"players": 3, "deals": 3, "stake": 2},
    "piccolo": {"target": 11},
    "piccolo_score": {"target": 11},
    "acheron": {"players": 3, "target": 30},
    "acheron_score": {"players": 4, "target": 40},
}


class TableEntries:
    """The table at a scorekeeper: a value from entry_range() (or now and then one of the extra
    actions), drawn again while the engine refuses it."""

    def choose(self, state, rng):
        low, high = state.entry_range()
        extras = state.extra_actions()
        for _ in range(200):
            if extras and rng.below(8) == 0:
                action = extras[rng.below(len(extras))]
            else:
                action = low + rng.below(high - low + 1)
            if state.is_legal(action):
                return action
        return state.legal_actions()[0]


def play(game, options=None, names=None, seed=1):
    """Play one game out; returns (session, events as the device sends them)."""
    events = []

    def on_event(kind, payload):
        events.append({"seq": len(events), "type": kind, "data": json.loads(json.dumps(payload)), "boot": 1})

    session = Session(on_event=on_event)
    options = KINDS[game] if options is None else options
    session.new_game(game, options, names=names)
    state = session.state
    n = state.seats()
    bots = None
    if not game.endswith("_score"):
        bot = bots_of(game).BOTS[descriptor(game).bot]  # the bot the device seats (games)
        bots = [bot() for _ in range(n)]
    table = TableEntries()
    rng = Rng(seed)
    while not session.state.is_over():
        state = session.state
        player = state.current_player()
        if player == TABLE:
            session.act(table.choose(state, rng))
        elif player < 0:
            session.act(session.chance_outcome(rng))
        else:
            session.act(bots[player].choose(state, player, rng))
    session.finish()
    return session, events


def log_games(db_path, games):
    """Log each (game, options, names, seed) through a Logger into the database at db_path, as
    the device's events of a real game; returns the stored games."""
    store = LogStore(db_path)
    logger = Logger(store, out=io.StringIO(), live=False)
    seq = 0
    for game, options, names, seed in games:
        session, events = play(game, options, names, seed)
        for event in events:
            logger.handle(dict(event, seq=seq))
            seq += 1
        snap = session.history[-1]
        snap = dict(snap, over=True)
        logger.handle({"boot": 1, "seq": seq, "type": "state", "data": {"id": seq, "state": snap}})
        seq += 1
    stored = store.games()
    store.close()
    return stored


FAMILY = ["Anaïs", "Bertrand", "Cléo", "Dédé", "Élise", "Fañch"]
# (engine, options, names, seed): a game of every kind with names and one without, short and long
GAMES = [
    ("tanturlurette", {"players": 4, "circles": 2}, FAMILY[:4], 5),
    ("tanturlurette", {"players": 6, "circles": 4}, None, 2),
    ("tanturlurette", {"players": 4, "circles": 2}, ["Dédé", "Cléo", "Anaïs", "Bertrand"], 3),
    ("bourre", {"players": 4, "deals": 3}, FAMILY[:4], 4),
    ("bourre", {"players": 5, "deals": 7, "stake": 2}, None, 6),
    ("bourre_score", {"players": 3, "deals": 3, "stake": 2}, ["Bertrand", "Élise", "Anaïs"], 7),
    ("piccolo", {"target": 11}, FAMILY[:4], 8),
    ("piccolo", {"target": 41, "dealer": 2}, None, 9),
    ("piccolo_score", {"target": 21}, ["Cléo", "Anaïs", "Fañch", "Dédé"], 10),
    ("acheron", {"players": 3, "target": 60}, FAMILY[:3], 11),
    ("acheron", {"players": 5, "target": 100}, None, 12),
    ("acheron_score", {"players": 4, "target": 60}, ["Dédé", "Anaïs", "Cléo", "Fañch"], 13),
]


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """GAMES logged into a fresh database: its path, the stored games, their facts, a folder."""
    folder = tmp_path_factory.mktemp("history")
    db = str(folder / "games.sqlite")
    games = log_games(db, GAMES)
    return {"db": db, "games": games, "facts": [game_facts(g) for g in games], "folder": folder}
