"""Game packs in the heap: browsing the setup menu loads none; starting a game lets the others go."""

import gc
import sys

from app_rig import choose, make_rig, start

OTHER_PACKS = ("games.bourre.rules", "games.bourre.score", "engine.deck32", "games.piccolo.rules",
               "games.acheron.rules", "games.acheron.score")


def browse_every_game(driver):
    menu = driver.app.mode
    for game in menu.games[1:] + menu.games[:1]:
        choose(driver, "game", game)


def live_heap():
    gc.collect()
    return gc.mem_alloc()


def test_browsing_the_menu_loads_no_engine_and_lets_the_checked_one_go():
    """The menu lists games, modes, seats and rows from the descriptors (games); Achéron,
    whose deck file is checked when the cursor reaches it, is built and let go at once."""
    for module in OTHER_PACKS + ("games.tanturlurette.rules", "games.tanturlurette.bots"):
        sys.modules.pop(module, None)
    before = live_heap()
    driver = make_rig(seed=2)
    browse_every_game(driver)
    for game in ("acheron", "bourre", "piccolo"):
        choose(driver, "game", game)
        choose(driver, "mode", "score")
    assert [m for m in OTHER_PACKS if m in sys.modules] == [], "browsing loaded an engine"
    assert "games.tanturlurette.rules" not in sys.modules
    # the rig and the menu themselves: a few KB, where the engines built were tens of KB
    grown = live_heap() - before
    assert grown < 30000, "browsing kept %d bytes" % grown
    start(driver, game="tanturlurette", mode="board")
    assert "games.tanturlurette.rules" in sys.modules


def test_starting_a_game_lets_go_of_a_game_played_before():
    driver = make_rig(seed=2)
    start(driver, game="bourre", mode="table", humans=1)
    assert "games.bourre.rules" in sys.modules
    driver.app.finish_game(driver.hw.clock.ticks_ms())
    driver.run_for(30)  # three loop turns: the archive's (this call's), the game put away, the menu
    # the finished game is let go as the setup menu opens: its engine, words and mode alike
    assert driver.app.session.state is None
    assert [m for m in OTHER_PACKS if m in sys.modules] == []
    assert "games.bourre.words" not in sys.modules and "app.modes.table" not in sys.modules
    start(driver, game="tanturlurette", mode="board")
    assert [m for m in OTHER_PACKS if m in sys.modules] == []
    assert "games.bourre.words" not in sys.modules  # its words go with its engine
    import games

    assert not hasattr(games, "bourre")  # its package, let go with its modules


def test_a_pub_game_started_after_starts_from_fresh_modules():
    driver = make_rig(seed=3)
    browse_every_game(driver)
    start(driver, game="bourre", mode="table", humans=1)
    assert "games.bourre.rules" in sys.modules and "engine.deck32" in sys.modules
    assert "games.piccolo.rules" not in sys.modules and "games.acheron.rules" not in sys.modules
    driver.run_for(5000)  # the deal is made and the bots play up to the human: the modules are whole
    state = driver.app.session.state
    assert len(state.moves) > 0 and state.legal_actions(), (len(state.moves), driver.hw.text)
