"""The pub games' table mode tells the table what happened (app/modes/table.py): the last told
lines, bots at a pace a person reads, the last deal's reveal before the game-over screen, and a
game-over screen naming the winners with the pot and each seat's payoff."""

from app.modes.table import ACTED_MS, BOT_MS, READ_MS, TableMode, signed
from app_rig import OK, make_rig, state


def bourre_bots(driver, names=None):
    app = driver.app
    assert app.start_game("bourre", {"players": 3}, ["greedy"] * 3, driver.hw.clock.ticks_ms())
    if names:
        app.session.set_names(names)  # as the host gives them
    assert isinstance(app.mode, TableMode)
    return app.mode


def test_a_bot_waits_for_the_table_to_read_what_was_told():
    driver = make_rig(seed=3)
    mode = bourre_bots(driver)
    st = state(driver)
    told = mode.told_count
    for _ in range(400):  # to the first move that tells something
        moves = len(st.moves)
        driver.run_for(10)
        if mode.told_count != told:
            break
    assert mode.told_count != told and mode.told_lines[-1] in driver.hw.text, driver.hw.text
    told_at = driver.elapsed
    for _ in range(400):  # the next move a bot makes
        player = st.current_player()
        moves = len(st.moves)
        driver.run_for(10)
        if len(st.moves) > moves and player >= 0:
            break
    assert driver.elapsed - told_at >= READ_MS > BOT_MS, (driver.elapsed - told_at)
    assert ACTED_MS > 0


def test_the_last_deal_is_revealed_then_the_winners_the_pot_and_the_payoffs():
    driver = make_rig(seed=4)
    mode = bourre_bots(driver, ["Alice", "Bob", "Chloe"])
    st = state(driver)
    for _ in range(3000):
        if st.is_over():
            break
        driver.run_for(500)
    assert st.is_over()
    text = driver.hw.text
    assert mode.reveal is not None and text[0] == "Fin de donne %d" % st.round, text
    assert text[-1] == "OK: suite" and mode.reveal[1] == [line for line in text[1:-1]], text
    driver.run_for(6000)  # an all-bot table moves on by itself
    text = driver.hw.text
    assert text[0] == "Partie finie", text
    winners = st.winners()
    names = " ".join(["Alice Bob Chloe".split()[s] for s in winners])
    assert ("Gagne: " if len(winners) == 1 else "Partage: ") + names in " ".join(text), text
    assert "Pot: %d jetons" % st.pot() in text, text
    returns = st.returns()
    assert "Alice %s" % signed(returns[0]) in " ".join(text), text
    assert sum(returns) == 0
    driver.press(OK)
    assert not driver.app.mode.in_game


def test_a_person_is_not_held_up_by_a_deals_reveal():
    driver = make_rig(seed=5)
    app = driver.app
    assert app.start_game("bourre", {"players": 3}, [None, "greedy", "greedy"], driver.hw.clock.ticks_ms())
    mode = app.mode
    st = state(driver)
    for _ in range(5000):
        if mode.reveal is not None or st.is_over():
            break
        if st.current_player() == 0:
            driver.long(OK)  # the move shown
        else:
            driver.run_for(100)
    assert mode.reveal is not None and not st.is_over(), driver.hw.text
    assert driver.hw.text[0].startswith("Fin de donne")
    driver.press(OK)  # a short OK only ends the reveal
    assert mode.reveal is None and driver.hw.text[0].startswith("Bourre donne")


def test_payoffs_read_signed():
    assert [signed(v) for v in (3, 0, -2)] == ["+3", "0", "-2"]
