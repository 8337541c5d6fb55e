"""Piccolo scorekeeping on the device: button presses through the real debouncer, loop and app.

Contract, taker and result are entered with KEEP/SWAP/OK; the named contracts come after the
numbers in the same scroll. The tests read the OLED as a player would.
"""

from app.buttons import KEEP, OK, SWAP
from app_rig import (
    enter_number,
    event_kinds,
    make_rig,
    past_deal_reveal,
    start,
    state,
    undo_in_menu,
)


def scroll_to(driver, label):
    """Step with SWAP until the OLED shows `> label` (numbers or a named contract), then back
    with KEEP if it was behind: the list stops at its ends."""
    mode = driver.app.mode
    for button in (SWAP, KEEP):
        for _ in range(mode.count() + 1):
            if ("> " + label) in driver.hw.text:
                return
            driver.press(button)
    raise AssertionError("%s never shown: %r" % (label, driver.hw.text))


def start_piccolo():
    driver = make_rig(seed=4)
    start(driver, game="piccolo", mode="score")
    assert type(driver.app.mode).__name__ == "ScoreMode"
    assert state(driver).GAME == "piccolo_score"
    return driver


def test_points_deal_entered_with_buttons():
    driver = start_piccolo()
    assert driver.hw.text[:2] == ["Donne 1 D:J1", "Contrat ?"], driver.hw.text
    enter_number(driver, 36)
    assert driver.hw.text[:2] == ["36 points", "Preneur ?"], driver.hw.text
    enter_number(driver, 3)
    assert driver.hw.text[1] == "Points preneur ?"
    enter_number(driver, 41)
    st = state(driver)
    assert st.scores == [0, 0, 4, 0] and st.dealer == 1 and st.round == 2
    assert "J3 4" in " ".join(driver.hw.text), driver.hw.text
    assert "round" in event_kinds(driver)


def test_refused_entries_show_why_and_change_nothing():
    driver = start_piccolo()
    enter_number(driver, 40)  # misère holds the place of 40: no such points bid
    st = state(driver)
    assert len(st.moves) == 0 and driver.hw.text[0] == "Erreur", driver.hw.text
    shown = " ".join(driver.hw.text)
    assert "misere" in shown or "illegal action 40" in shown, driver.hw.text
    driver.run_for(3000)
    enter_number(driver, 39)
    enter_number(driver, 1)  # seat 1 deals this hand and sits out
    assert len(state(driver).moves) == 1 and driver.hw.text[0] == "Erreur", driver.hw.text
    driver.run_for(3000)
    enter_number(driver, 2)
    enter_number(driver, 38)  # 38 < 39: the adversaries score 4 each
    assert state(driver).scores == [0, 0, 4, 4]


def test_named_contract_from_the_list_after_the_numbers():
    driver = start_piccolo()
    scroll_to(driver, "misere")
    driver.long(OK)
    assert driver.hw.text[:2] == ["misere", "Preneur ?"], driver.hw.text
    enter_number(driver, 4)
    assert driver.hw.text[1] == "Plis du preneur?"
    enter_number(driver, 0)
    assert state(driver).scores == [0, 0, 0, 4]


def test_all_pass_and_undo():
    driver = start_piccolo()
    scroll_to(driver, "tous passent")
    driver.long(OK)
    assert state(driver).dealer == 1 and state(driver).round == 2
    past_deal_reveal(driver)  # the deal's summary, until OK
    enter_number(driver, 30)
    undo_in_menu(driver)  # undo the contract entry
    assert list(state(driver).moves) == [100] and state(driver).phase_name() == "contract"


def test_first_winner_leaves_and_the_dealer_plays():
    driver = start_piccolo()
    for _ in range(6):  # seat 2 makes a piccolo sur table (7) six times: 42
        st = state(driver)
        while 1 not in st.active:  # seat 2 deals: throw the deal in
            scroll_to(driver, "tous passent")
            driver.long(OK)
            past_deal_reveal(driver)
        scroll_to(driver, "piccolo table")
        driver.long(OK)
        enter_number(driver, 2)
        enter_number(driver, 1)
    st = state(driver)
    assert st.winning_order == [1] and not st.is_over()
    assert st.dealer in st.active and len(st.active) == 3
    enter_number(driver, 30)
    enter_number(driver, 2)  # seat 2 has left the table
    assert driver.hw.text[0] == "Erreur", driver.hw.text
    driver.run_for(3000)
    enter_number(driver, st.dealer + 1)  # with three left the dealer may take
    assert state(driver).phase_name() == "result"


def test_table_play_with_one_human_and_a_peek_at_the_hand():
    from app.i18n import card_word
    from games.piccolo.rules import PH_PLAY

    driver = make_rig(seed=7)
    start(driver, game="piccolo", mode="table", humans=1)
    assert type(driver.app.mode).__name__ == "TableMode"
    peeked = False
    for _ in range(3000):
        st = state(driver)
        if st.round > 3:
            break
        if st.current_player() != 0:
            driver.run_for(400)  # the plan bots and the deck
            continue
        if not peeked and st.phase == PH_PLAY:
            moves = len(st.moves)
            driver.press(OK)  # a short OK: the OLED shows the whole hand, nothing is played
            shown = " ".join(driver.hw.text)
            for card in st.hands[0]:
                assert card_word("fr", card) in shown, driver.hw.text
            driver.press(OK)  # hidden again
            assert len(state(driver).moves) == moves
            peeked = True
        driver.long(OK)  # the first legal action shown (a pass when bidding)
    st = state(driver)
    assert st.round > 3 and peeked, (st.round, driver.hw.text)
    assert st.last_result is not None and sum(st.scores) > 0
