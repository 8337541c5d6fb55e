"""Game packs in the heap: browsing the setup menu loads every game; starting one lets the rest go."""

import gc
import sys

from app_rig import choose, make_rig, start

OTHER_PACKS = ("engine.bourre", "engine.bourre_score", "engine.deck32", "engine.piccolo",
               "engine.acheron", "engine.acheron_score")


def browse_every_game(driver):
    menu = driver.app.mode
    for game in menu.games[1:] + menu.games[:1]:
        choose(driver, "game", game)


def live_heap():
    gc.collect()
    return gc.mem_alloc()


def test_starting_a_game_frees_the_code_of_the_games_only_looked_at():
    driver = make_rig(seed=2)
    browse_every_game(driver)
    loaded = [m for m in OTHER_PACKS if m in sys.modules]
    assert len(loaded) == len(OTHER_PACKS), "the menu checked each game by building it: %r" % loaded
    browsed = live_heap()
    start(driver, game="tanturlurette", mode="board")
    assert [m for m in OTHER_PACKS if m in sys.modules] == []
    import engine

    assert not hasattr(engine, "bourre") and not hasattr(engine, "acheron")
    freed = browsed - live_heap()
    # the pub games' code is most of what browsing loaded: tens of KB (on the ESP32 about half)
    assert freed > 30000, "only %d bytes freed" % freed
    assert "engine.tanturlurette" in sys.modules


def test_a_pub_game_started_after_starts_from_fresh_modules():
    driver = make_rig(seed=3)
    browse_every_game(driver)
    start(driver, game="bourre", mode="table", humans=1)
    assert "engine.bourre" in sys.modules and "engine.deck32" in sys.modules
    assert "engine.piccolo" not in sys.modules and "engine.acheron" not in sys.modules
    driver.run_for(5000)  # the deal is made and the bots play up to the human: the modules are whole
    state = driver.app.session.state
    assert len(state.moves) > 0 and state.legal_actions(), (len(state.moves), driver.hw.text)
