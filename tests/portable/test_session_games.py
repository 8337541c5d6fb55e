"""Every game of the registry through the Session and a store: undo from checkpoints equals a
full replay, and a resumed session equals the one that saved."""

from app.session import Session
from engine.core import CHANCE, TABLE
from engine.play import replay
from engine.rng import Rng
from games import ENGINES, game_module
from store.storage import Store
from support import first_bot, scaled
from test_store_files import clean_root, fingerprint, scratch_root


def _choose(session, bot, rng):
    state = session.state
    player = state.current_player()
    if player == CHANCE:
        return session.chance_outcome(rng)
    if player >= 0 and bot is not None:
        return bot.choose(state, player, rng)
    legal = state.legal_actions()
    return legal[rng.below(len(legal))]


def test_every_game_undoes_redoes_saves_and_resumes():
    for game in ENGINES:
        game_module(game)
        root = scratch_root()
        try:
            session = Session(Store(root, compact_every=8))
            session.new_game(game, {})
            rng = Rng(77)
            bot = first_bot(game)
            undos = 0
            for step in range(scaled(400, 150)):
                state = session.state
                if state.is_over():
                    break
                player = state.current_player()
                if (player >= 0 or player == TABLE) and step % 9 == 8:
                    for _ in range(1 + rng.below(3)):
                        if session.undo():
                            undos += 1
                            assert session.state.to_dict() == replay(session.record()).to_dict(), game
                    if rng.below(2):
                        session.redo()
                    continue
                session.act(_choose(session, bot, rng))
            assert undos > 5, game
            resumed = Session(Store(root))
            report = resumed.resume()
            assert report is not None and report["resumed"] and report["discarded"] == [], game
            assert fingerprint(resumed) == fingerprint(session), game
        finally:
            clean_root(root)
