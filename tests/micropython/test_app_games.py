"""La Bourre, Piccolo and Acheron played to their end on the device: set up in the menu with the
buttons (the game's own length option keeps a whole game short), one human seat and bots in the
others, then back to the menu. The human presses OK on whatever the OLED offers first."""

import gc

from app.buttons import OK
from app.modes.menu import SetupMenu
from app.modes.table import TableMode
from app_rig import choose, event_kinds, make_rig, state
from engine.core import TABLE
from test_app_setup import play


def play_to_the_end(driver, max_presses):
    """The human (seat 0, or the table) takes the first action shown; the rest is bots and chance."""
    presses = 0
    while not state(driver).is_over():
        player = state(driver).current_player()
        if player == 0 or player == TABLE:
            moves = len(state(driver).moves)
            driver.press(OK)
            assert len(state(driver).moves) > moves or state(driver).is_over(), driver.hw.text
            presses += 1
            assert presses < max_presses, "no end after %d human decisions" % presses
        else:
            driver.run_for(800)
    return presses


def finish(driver, game):
    st = state(driver)
    assert driver.hw.text[0] == "Partie finie", driver.hw.text
    assert "over" in event_kinds(driver)
    driver.press(OK)  # back to the setup menu, the game archived
    assert isinstance(driver.app.mode, SetupMenu) and driver.app.session.finished
    assert driver.app.session.history[-1]["game"] == game
    return st


def test_la_bourre_three_deals_with_bots_to_the_pot():
    driver = make_rig(seed=11)
    choose(driver, "game", "bourre")
    choose(driver, "players", 4)
    choose(driver, "deals", 3)
    choose(driver, "stake", 2)
    play(driver)
    assert isinstance(driver.app.mode, TableMode)
    assert driver.app.session.bots == [None, "plan", "plan", "plan"]
    assert play_to_the_end(driver, 300) > 0
    st = finish(driver, "bourre")
    assert st.round == 3 and sum(st.payout) == st.pot() and st.pot() >= 3 * 4 * 2
    gc.collect()


def test_piccolo_to_21_with_bots_has_two_winners():
    driver = make_rig(seed=12)
    choose(driver, "game", "piccolo")
    choose(driver, "target", 21)
    choose(driver, "dealer", 1)
    play(driver)
    assert state(driver).dealer == 1
    play_to_the_end(driver, 1500)
    st = finish(driver, "piccolo")
    assert len(st.winning_order) >= 2, st.winning_order
    assert max(st.scores) >= 21
    gc.collect()


def test_acheron_to_50_with_bots():
    driver = make_rig(seed=13)
    choose(driver, "game", "acheron")
    choose(driver, "players", 3)
    choose(driver, "target", 50)
    play(driver)
    assert state(driver).options["target"] == 50
    play_to_the_end(driver, 3000)
    st = finish(driver, "acheron")
    assert max(st.scores) >= 50, st.scores
    gc.collect()
