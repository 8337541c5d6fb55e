"""The game menu's Undo on the device spreads the session's replay over loop turns (App.busy():
the mode is neither ticked nor drawn, the keys wait in the debouncer): a key pressed meanwhile is
handled once the undo is over, in order, never lost nor given to a game half rebuilt; the game
then stands where a replay of its record does, and Redo puts it back where it stood."""

from app.buttons import OK, SWAP
from app_rig import state
from engine.play import replay
from test_app_forgive import human_move, menu_row, start_mode, wait_for_human


def test_an_undo_takes_several_turns_and_the_keys_pressed_meanwhile_wait():
    driver = start_mode("table")
    for _ in range(3):  # a few decisions, the bots' answers between
        wait_for_human(driver)
        human_move(driver, "table")
        driver.run_for(1500)
    wait_for_human(driver)
    app = driver.app
    stood = state(driver).to_dict()
    menu_row(driver, "undo")
    driver.down(OK)
    busy = 0
    while not app.busy():  # until the long press fires the Undo row
        driver.turn()
    game = app.mode
    cursor = game.cursor
    while app.busy():
        if busy == 0:
            driver.down(SWAP)  # pressed and released while the game is being rebuilt
            driver.up(OK)
        if busy == 4:
            driver.up(SWAP)
        assert app.mode is game and game.cursor == cursor, busy  # waiting: nothing moved
        busy += 1
        driver.turn()
    assert busy >= 3, busy  # the checkpoint read, the state made, the moves replayed
    assert state(driver).to_dict() == replay(app.session.record()).to_dict()
    assert app.mode.__class__.__name__ == "TableMode", driver.hw.text
    assert app.session.state.current_player() == 0  # back to the human's decision
    driver.run_for(200)  # the SWAP pressed meanwhile is handled now, by the game's mode
    assert game.cursor != -1, driver.hw.text  # resync() set -1 at the undo's end: SWAP came after
    menu_row(driver, "redo")
    driver.long(OK)
    driver.run_for(500)
    assert state(driver).to_dict()["moves"][:len(stood["moves"])] == stood["moves"]
