"""Achéron through the session and store: every entry saved, and a reboot resumes exactly."""

import games.acheron.score as S
from app.session import Session
from engine.core import CHANCE
from engine.rng import Rng
from games.acheron.bots import BOTS
from games.acheron.words import prompt
from store.storage import Store
from test_store_files import clean_root, scratch_root


def test_scorekeeper_resumes_after_a_reboot_mid_deal():
    root = scratch_root()
    try:
        session = Session(Store(root))
        session.new_game("acheron_score", {"players": 3})
        for action in (S.NAMING + 1, 0, 30, 2, 0, S.CHANDELLE, 0, 12):
            session.act(action)
        assert session.undo()  # the 12 goes; undo is saved too
        before = session.state.to_dict()

        again = Session(Store(root))
        report = again.resume()
        assert report["resumed"] and report["game"] == "acheron_score"
        assert again.state.to_dict() == before
        assert prompt("fr", again.state) == ["J2 abattu:", "points poses"]
        assert again.state.standings() == [0, -5, 0]
    finally:
        clean_root(root)


def test_bot_game_resumes_and_plays_on_identically():
    root = scratch_root()
    try:
        rng = Rng(31)
        session = Session(Store(root))
        session.new_game("acheron", {"players": 4})
        bots = [BOTS["meld"]() for _ in range(4)]
        while len(session.state.moves) < 120:
            state = session.state
            player = state.current_player()
            if player == CHANCE:
                session.act(session.chance_outcome(rng))
            else:
                session.act(bots[player].choose(state, player, rng))
        again = Session(Store(root))
        again.resume()
        assert again.state.to_dict() == session.state.to_dict()
        assert again.state.legal_actions() == session.state.legal_actions()
    finally:
        clean_root(root)
