"""A pub game the device deals does not load its scorekeeper's engine (issue 13's heap): the words
read the scorekeeper's codes from engine.<game>_codes, so a deal's end is told, in both languages,
with engine.<game>_score never imported (10 KB of heap for Achéron's on a 32-bit MicroPython)."""

import sys

from app_rig import make_rig, state
from games import of_engine

TABLE_GAMES = (("acheron", 3), ("piccolo", 4), ("bourre", 3))


def forget(game):
    """Other tests import these modules: the game's start must import them itself."""
    for name in list(sys.modules):
        if name.startswith("games." + game):
            sys.modules.pop(name)


def test_a_game_the_device_deals_tells_a_deal_s_end_without_its_scorekeeper():
    for lang in ("fr", "en"):
        for game, players in TABLE_GAMES:
            forget(game)
            driver = make_rig(seed=5, lang=lang)
            app = driver.app
            bot = of_engine(game)[0].bot
            assert app.start_game(game, {"players": players}, [bot] * players, driver.hw.clock.ticks_ms())
            st = state(driver)
            for _ in range(600):
                if st.round >= 1 and app.mode.told_count:
                    break
                driver.run_for(500)
            assert st.round >= 1 and app.mode.told_lines, "%s: nothing told in %s" % (game, driver.hw.text)
            assert "games.%s.words" % game in sys.modules and "games.%s.codes" % game in sys.modules
            assert "games.%s.score" % game not in sys.modules, \
                "%s's table game loaded its scorekeeper's engine" % game


def test_the_scorekeeper_plays_with_the_same_codes_its_words_read():
    import games.acheron.codes as acheron_codes
    import games.acheron.score as acheron_score
    import games.bourre.codes as bourre_codes
    import games.bourre.score as bourre_score
    import games.piccolo.codes as piccolo_codes
    import games.piccolo.score as piccolo_score

    for codes, score in ((acheron_codes, acheron_score), (piccolo_codes, piccolo_score),
                         (bourre_codes, bourre_score)):
        names = [name for name in dir(codes) if name[0].isupper()]
        assert names, codes
        for name in names:
            assert getattr(score, name) == getattr(codes, name), name
