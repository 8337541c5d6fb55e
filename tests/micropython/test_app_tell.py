"""What the table is told in Tanturlurette (issue 14's model for every game): each decision on the
OLED as it happens and logged as a "fact" event, a bot's decision before the next one, a King
refusing a swap at once, the players' names once the host gave them. Through button presses on
the real debouncer, loop and app, reading the OLED as a player does."""

from app.buttons import KEEP, OK, SWAP
from app_rig import make_rig, start, state, undo_in_menu
from games.tanturlurette import rules as T
from games.tanturlurette import words as words

DECISIONS = (T.F_KEEP, T.F_SWAP, T.F_BLOCKED, T.F_DRAW, T.F_TAKE, T.F_REFUSE, T.F_REENTER, T.F_RETIRE)


def facts_since(driver, start_at):
    return [p for k, p in driver.events[start_at:] if k == "fact"]


def through_the_reveal(driver):
    """The human steps of a turn loop: True when it pressed OK on a reveal."""
    if driver.app.mode.reveal:
        driver.press(OK)
        return True
    return False


def test_each_decision_in_board_mode_is_told_at_once_and_logged():
    driver = make_rig(seed=4)
    start(driver, mode="board")
    driver.run_for(1700)  # the lot: the first dealer is told
    assert [p for k, p in driver.events if k == "fact"][0]["kind"] == T.F_DEALER
    for press in (KEEP, SWAP, KEEP):
        st = state(driver)
        seat = st.current_player()
        at = len(driver.events)
        driver.press(press)
        told = facts_since(driver, at)
        assert told and told[0]["args"][0] == seat, told
        kind = told[0]["kind"]
        args = told[0]["args"]
        line = words.tell("fr", st, kind, args[0], args[1], args[2], driver.app.seat_label)
        assert line in driver.hw.text, (line, driver.hw.text)
        assert told[0]["text"] == words.tell("en", st, kind, args[0], args[1], args[2],
                                             lambda s: "P%d" % (s + 1)), told


def test_a_bots_decision_stays_on_screen_until_the_next_one_is_made():
    driver = make_rig(seed=6)
    start(driver, players=5, humans=1)
    seen = 0
    for _ in range(2000):
        st = state(driver)
        if st.is_over() or seen >= 25:
            break
        mode = driver.app.mode
        if through_the_reveal(driver):
            continue
        player = st.current_player()
        if player == 0:
            driver.press(KEEP)
            continue
        at = len(driver.events)
        driver.run_for(50)
        new = facts_since(driver, at)
        decisions = [p for p in new if p["kind"] in DECISIONS]
        if decisions and not mode.reveal:  # a round ending shows its reveal instead
            assert len(decisions) == 1  # one decision at a time: the bots keep a pace
            args = decisions[0]["args"]
            line = words.tell("fr", state(driver), decisions[0]["kind"], args[0], args[1], args[2],
                              driver.app.seat_label)
            assert line in driver.hw.text, (line, driver.hw.text)
            driver.run_for(600)  # still there just before the next bot acts
            assert line in driver.hw.text, (line, driver.hw.text)
            seen += 1
    assert seen >= 10, seen


def test_a_king_refusing_a_swap_is_told_at_once():
    for seed in range(1, 40):
        driver = make_rig(seed=seed)
        start(driver, king_blocks=True, humans=4)
        for _ in range(400):
            st = state(driver)
            if st.is_over() or st.round > 6:
                break
            if through_the_reveal(driver):
                continue
            player = st.current_player()
            if player < 0:
                driver.run_for(100)
                continue
            if st.phase == T.PH_SWAP and st.hand[st.right_of(player)] >> 2 == 12:
                neighbour = st.right_of(player)
                driver.press(SWAP)
                assert driver.hw.text[0] == "Roi! %s refuse" % driver.app.seat_label(neighbour), driver.hw.text
                assert state(driver).moves[-1] == T.SWAP and state(driver).hand[neighbour] >> 2 == 12
                return
            driver.press(KEEP)
    raise AssertionError("no King met in 39 games")


def test_the_names_the_host_gave_are_told():
    driver = make_rig(seed=4)
    start(driver, mode="board")
    driver.app.session.set_names(["Anais", "Bertrand", "Cleo", "Dede"])
    driver.run_for(1700)
    seat = state(driver).current_player()
    driver.press(KEEP)
    name = ["Anais", "Bertran", "Cleo", "Dede"][seat]  # cut to 7 for the OLED's lines
    assert ("%s garde" % name) in driver.hw.text, driver.hw.text
    assert ("%s joue" % ["Anais", "Bertran", "Cleo", "Dede"][state(driver).current_player()]) in driver.hw.text


def test_what_an_undo_took_back_is_no_longer_told():
    driver = make_rig(seed=4)
    start(driver, mode="board")
    driver.run_for(1700)
    seat = state(driver).current_player()
    driver.press(KEEP)
    line = "%s garde" % driver.app.seat_label(seat)
    assert line in driver.hw.text, driver.hw.text
    undo_in_menu(driver)
    assert state(driver).current_player() == seat
    driver.run_for(3000)  # past the undo's notice
    assert line not in driver.hw.text, driver.hw.text


def test_in_table_mode_too_an_undone_move_is_no_longer_told():
    from games.bourre import words as bourre

    driver = make_rig(seed=3)
    start(driver, game="bourre", mode="table", humans=1)
    for _ in range(100):
        if state(driver).current_player() == 0:
            break
        driver.run_for(200)
    at = len(driver.events)
    driver.long(OK)  # J1 plays the move shown
    told = facts_since(driver, at)
    assert told and told[0]["args"][0] == 0, told
    args = told[0]["args"]
    line = bourre.tell("fr", state(driver), told[0]["kind"], args[0], args[1], args[2], driver.app.seat_label)
    undo_in_menu(driver)
    assert state(driver).current_player() == 0
    driver.run_for(3000)
    assert line not in driver.hw.text, driver.hw.text
