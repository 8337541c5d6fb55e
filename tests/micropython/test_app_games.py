"""La Bourre, Piccolo and Acheron played to their end on the device: set up in the menu with the
buttons (the game's own length option keeps a whole game short), one human seat and bots in the
others, then back to the menu. The human holds OK on whatever the OLED offers first."""

import gc

from app.buttons import OK
from app_rig import (
    choose,
    event_kinds,
    make_rig,
    past_reveal,  # noqa: E402
    state,
)
from engine.core import TABLE
from test_app_setup import play


def play_to_the_end(driver, max_presses):
    """The human (seat 0, or the table) takes the first action shown; the rest is bots and chance."""
    presses = 0
    while not state(driver).is_over():
        player = state(driver).current_player()
        if player == 0 or player == TABLE:
            moves = len(state(driver).moves)
            driver.long(OK)  # a long OK plays the move shown
            assert len(state(driver).moves) > moves or state(driver).is_over(), driver.hw.text
            presses += 1
            assert presses < max_presses, "no end after %d human decisions" % presses
        else:
            driver.run_for(800)
    return presses


def finish(driver, game):
    st = state(driver)
    past_reveal(driver)
    assert driver.hw.text[0] == "Partie finie", driver.hw.text
    assert "over" in event_kinds(driver)
    driver.press(OK)  # back to the setup menu, the game archived
    assert type(driver.app.mode).__name__ == "SetupMenu" and driver.app.session.finished
    assert driver.app.session.history[-1]["game"] == game
    return st


def set_up_and_play(game, seed, settings, max_presses):
    """Choose the rows (in order) with the buttons, Play, and play the game out with one human."""
    driver = make_rig(seed=seed)
    choose(driver, "game", game)
    for row, value in settings:
        choose(driver, row, value)
    play(driver)
    assert type(driver.app.mode).__name__ == "TableMode"
    options = state(driver).options
    for row, value in settings:
        assert options[row] == value, (row, options)
    bots = driver.app.session.bots
    assert bots[0] is None and None not in bots[1:], bots
    presses = play_to_the_end(driver, max_presses)
    return finish(driver, game), presses


def test_la_bourre_three_deals_with_bots_to_the_pot():
    st, presses = set_up_and_play("bourre", 11, (("players", 4), ("deals", 3), ("stake", 2)), 300)
    assert presses > 0 and st.round == 3
    assert sum(st.payout) == st.pot() and st.pot() >= 3 * 4 * 2
    gc.collect()


def test_piccolo_to_21_with_bots_has_two_winners():
    st, _presses = set_up_and_play("piccolo", 12, (("dealer", 1), ("target", 21)), 1500)
    assert len(st.winning_order) >= 2, st.winning_order
    assert max(st.scores) >= 21
    gc.collect()


def test_acheron_to_50_with_bots():
    st, _presses = set_up_and_play("acheron", 13, (("players", 3), ("target", 50)), 3000)
    assert max(st.scores) >= 50, st.scores
    gc.collect()
