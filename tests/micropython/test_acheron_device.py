"""Achéron on the device under MicroPython: the scorekeeper and table play driven by button presses.

Everything goes through the real debouncer, loop, App and session (tests/micropython/app_rig.py);
the tests read the OLED text and the engine state as a player reads the device.
"""

import games.acheron.score as S
from app.buttons import KEEP, OK, SWAP
from app_rig import (
    event_kinds,
    make_rig,
    past_deal_reveal,
    past_reveal,
    scroll_to_number,
    start,
    state,
    undo_in_menu,
)


def start_score(players=3, lang="fr"):
    driver = make_rig(seed=2, lang=lang)
    start(driver, game="acheron", mode="score", players=players)
    assert type(driver.app.mode).__name__ == "ScoreMode"
    assert state(driver).GAME == "acheron_score"
    event_kinds(driver)
    return driver


def shown(driver):
    """The '> ...' line: what OK would enter."""
    for line in driver.hw.text:
        if line.startswith("> "):
            return line[2:]
    raise AssertionError("no entry line on the OLED: %r" % (driver.hw.text,))


def enter_number(driver, value):
    """Scroll to value with the buttons (long SWAP jumps ten, SWAP steps one) and hold OK."""
    scroll_to_number(driver, value)
    assert shown(driver) == str(value), driver.hw.text
    moves = len(state(driver).moves)
    driver.long(OK)
    assert len(state(driver).moves) == moves + 1, driver.hw.text
    while driver.app.mode.applied is not None:  # a deal ended: what it applied, page by page
        driver.press(OK)
    past_deal_reveal(driver)  # then the deal's reveal


def press_extra(driver, label):
    """Step past the numbers to the extra action with this label, then hold OK."""
    mode = driver.app.mode
    while mode.pos < mode.high - mode.low:  # past the numbers, by ten then one (no wrap)
        driver.long(SWAP)
    for _ in range(mode.count()):
        if mode.pos >= mode.high - mode.low + 1 and shown(driver) == label:
            moves = len(state(driver).moves)
            driver.long(OK)
            assert len(state(driver).moves) == moves + 1, driver.hw.text
            while mode.applied is not None:
                driver.press(OK)
            past_deal_reveal(driver)
            return
        driver.press(SWAP)
    raise AssertionError("no extra action %r: %r" % (label, driver.hw.text))


def labels(driver):
    mode = driver.app.mode
    return [mode.words.entry_label("fr", state(driver), action) for action in mode.extras]


def enter_player(driver, melds, cards, wilds=0, items=None):
    """One player's entries; items: the label of the set of end-of-deal items, or None."""
    enter_number(driver, melds)
    enter_number(driver, cards)
    if cards:
        enter_number(driver, wilds)
        if items is None:
            enter_number(driver, 0)
        else:
            press_extra(driver, items)


def test_a_deal_entered_with_the_buttons():
    driver = start_score()
    assert driver.hw.text[:2] == ["Donne 1", "0: donne finie"], driver.hw.text
    enter_number(driver, 0)  # the deal has been played
    assert driver.hw.text[0] == "J1 abattu:"
    assert driver.app.mode.highlighted() == 0  # the ring blinks the seat being entered
    enter_player(driver, 30, 2)
    assert driver.hw.text[0] == "J2 abattu:" and driver.app.mode.highlighted() == 1
    enter_player(driver, 12, 6, 1)
    enter_player(driver, 5, 9, 2, "Joc-10 +Chand")  # and past the deal's reveal, then the next deal
    st = state(driver)
    # J1: 30 - 2 + 5; J2: 12 - 6 - 2 + 5; J3: 5 - 9 - 4 - 10 (the Chandelle gives to the others)
    assert st.standings() == [33, 9, -18]
    # the reveal showed what the deal's end told: the new deal's screen is the prompt, the
    # standings and the target (app/modes/score.py)
    assert driver.hw.text[:2] == ["Donne 2", "0: donne finie"], driver.hw.text
    assert driver.hw.text[-3:] == ["Points J1 33", "J2 9 J3 -18", "But 100"], driver.hw.text
    kinds = event_kinds(driver)
    assert "act" in kinds and "round" in kinds


def test_naming_penalty_at_any_moment_and_undo():
    driver = start_score()
    press_extra(driver, "Nom oublie J2")  # while the deal is played
    assert state(driver).standings() == [0, -5, 0]
    enter_number(driver, 0)
    enter_number(driver, 7)
    press_extra(driver, "Nom oublie J3")  # in the middle of the entries
    assert state(driver).standings() == [0, -5, -5] and state(driver).phase_name() == "cards"
    undo_in_menu(driver)  # the last entry goes
    assert state(driver).standings() == [0, -5, 0] and state(driver).phase_name() == "cards"
    assert "undo" in event_kinds(driver)


def test_impossible_items_are_not_offered_and_ranges_shrink():
    driver = start_score()
    enter_number(driver, 0)
    enter_player(driver, 0, 1, 0, "Jocrisse -10")
    enter_number(driver, 0)
    # one card is in J1's hand already, and J3 holds three or more (J1 cried Acheron)
    assert (driver.app.mode.low, driver.app.mode.high) == (3, 29)
    driver.press(SWAP)
    assert shown(driver) == "4"  # the first value the buttons show is the range's
    enter_number(driver, 3)
    assert driver.app.mode.high == 3
    enter_number(driver, 0)
    offered = labels(driver)
    assert "Chandelle" in offered and "Jocrisse -10" not in offered  # one Baiser in the deck
    assert "Soupir+Joc -20" not in offered and "Joc-10 +Chand" not in offered


def test_refused_entry_shows_the_reason_and_changes_nothing():
    driver = start_score()
    moves = len(state(driver).moves)
    assert not driver.app.act(S.JOCRISSE)  # not an item step: what a bad serial command would do
    driver.run_for(50)
    assert len(state(driver).moves) == moves
    text = " ".join(driver.hw.text)
    # the engine's reason, in the table's language
    assert "Jocrisse, Chandelle: apres les cartes" in text, driver.hw.text
    assert driver.hw.text[0] == "Erreur", driver.hw.text
    assert "error" in event_kinds(driver)


def test_the_game_runs_to_100_and_ends():
    driver = start_score(lang="en")
    deals = 0
    while not state(driver).is_over():
        enter_number(driver, 0)
        enter_player(driver, 40, 1)
        enter_player(driver, 10, 3)
        enter_player(driver, 0, 5)
        deals += 1
        assert deals < 5
    st = state(driver)
    assert st.standings() == [117, 21, -15] and deals == 3
    past_reveal(driver)
    assert driver.hw.text[0] == "Game over" and "over" in event_kinds(driver)
    driver.press(OK)
    assert not driver.app.mode.in_game


def test_bots_play_a_whole_game_in_table_play():
    driver = make_rig(seed=4)
    app = driver.app
    assert app.start_game("acheron", {"players": 4}, ["meld", "greedy", "meld", "random"],
                          driver.hw.clock.ticks_ms())
    assert type(app.mode).__name__ == "TableMode"
    for _ in range(3000):
        if state(driver).is_over():
            break
        driver.run_for(1000)
    st = state(driver)
    assert st.is_over() and max(st.scores) >= 100, st.scores
    past_reveal(driver)
    assert driver.hw.text[0] == "Partie finie"


def test_a_human_seat_peeks_at_its_hand_and_lays_a_meld():
    driver = make_rig(seed=6)
    app = driver.app
    assert app.start_game("acheron", {"players": 3}, [None, "meld", "meld"], driver.hw.clock.ticks_ms())
    mode = app.mode
    laid = False
    for _ in range(400):
        st = state(driver)
        if st.is_over() or st.round > 1:
            break
        if st.current_player() != 0:
            driver.run_for(800)
            continue
        driver.press(OK)  # a short OK: the hand, nothing played
        hand = " ".join(driver.hw.text)
        assert st.deck.shorts[sorted(st.hands[0])[0]] in hand, driver.hw.text
        driver.press(OK)  # hidden again
        melds = [a for a in mode.legal if st.meld_points(a) > 0]
        if melds and not laid:
            want = melds[0]
            while mode.legal[mode.cursor] != want:
                driver.press(SWAP)
            label = mode.words.action_label("fr", st, want).split("\n")
            at = driver.hw.text.index("> " + label[0])
            assert driver.hw.text[at + 1:at + len(label)] == label[1:], driver.hw.text
            before = st.laid[0]
            driver.long(OK)
            laid = state(driver).laid[0] > before or state(driver).round > 1
        else:
            while mode.legal[mode.cursor] != 0:  # END
                driver.press(SWAP)
            driver.long(OK)
    assert laid


def to_bot_turn_with_slips(seed=3, lang="fr"):
    """A table of one human (J1, who only ends his turns) and two bots, at a bot's turn during
    which the table may enter naming slips."""
    import games.acheron.rules as A

    driver = make_rig(seed=seed, lang=lang)
    app = driver.app
    assert app.start_game("acheron", {"players": 3}, [None, "meld", "meld"], driver.hw.clock.ticks_ms())
    mode = app.mode
    for _ in range(600):
        st = state(driver)
        assert not st.is_over() and st.round <= 1, "no name laid in the first deal"
        if st.current_player() == 0:
            assert mode.legal[mode.cursor] == A.END  # a seat's own turn offers its first move
            driver.long(OK)  # the human only ends his turns
        elif st.current_player() > 0 and st.table_actions():
            return driver
        else:
            driver.run_for(50)
    raise AssertionError("no bot turn with naming slips")


def entry_line(driver):
    """The '> ...' line of the OLED, or None when nothing is offered."""
    for line in driver.hw.text:
        if line.startswith("> "):
            return line
    return None


def test_a_naming_slip_is_entered_only_once_its_seat_is_chosen():
    import games.acheron.rules as A

    driver = to_bot_turn_with_slips()
    mode = driver.app.mode
    st = state(driver)
    bot = st.current_player()
    assert mode.legal == st.table_actions()  # a bot's turn: the table's actions only
    # nothing is preselected: the screen says how to choose one, and a held OK enters nothing
    assert entry_line(driver) is None and "K/S: penalite" in driver.hw.text, driver.hw.text
    moves = len(st.moves)
    driver.long(OK)
    assert len(state(driver).moves) == moves and sum(state(driver).slips) == 0, driver.hw.text
    driver.press(SWAP)  # the first press shows the first entry
    st = state(driver)
    first = mode.legal[0]
    assert entry_line(driver) == "> " + mode.words.action_label("fr", st, first), driver.hw.text
    driver.press(SWAP)
    second = mode.legal[mode.cursor]
    assert second != first and entry_line(driver) == "> " + mode.words.action_label("fr", st, second)
    moves = len(st.moves)
    driver.press(OK)  # a short OK enters nothing
    assert len(state(driver).moves) == moves
    driver.long(OK)
    st = state(driver)
    assert st.slips[second - A.NAMING] == 1 and len(st.moves) == moves + 1
    assert st.moves[-1] == second and st.current_player() == bot  # still the bot's turn
    # entered: nothing is chosen any more, so holding OK again enters nothing
    assert entry_line(driver) is None, driver.hw.text
    driver.long(OK)
    assert sum(state(driver).slips) == 1 and len(state(driver).moves) == moves + 1


def test_stepping_round_the_entries_comes_back_to_none():
    driver = to_bot_turn_with_slips()
    mode = driver.app.mode
    count = len(mode.legal)
    for _ in range(count):
        driver.press(SWAP)
    assert entry_line(driver) is not None
    driver.press(SWAP)  # past the last entry: none again
    assert entry_line(driver) is None and mode.cursor == -1, driver.hw.text
    driver.press(KEEP)  # back from none: the last entry
    assert mode.cursor == count - 1 and entry_line(driver) is not None
    moves = len(state(driver).moves)
    driver.press(SWAP)
    driver.long(OK)  # none shown: nothing entered
    assert len(state(driver).moves) == moves


def test_a_chosen_seat_stays_chosen_while_the_bots_play():
    driver = to_bot_turn_with_slips(seed=5)
    mode = driver.app.mode
    assert len(mode.legal) >= 2
    for _ in range(len(mode.legal) + 2):  # the second entry: not where a list starts
        if mode.cursor == 1:
            break
        driver.press(SWAP)
    chosen = mode.legal[mode.cursor]
    line = entry_line(driver)
    kept = 0  # the bots' moves after which the choice was still offered, and shown
    for _ in range(400):  # the bots play on under the choice, to the human's turn
        moves = len(state(driver).moves)
        driver.run_for(50)
        if state(driver).current_player() == 0:
            break
        if len(state(driver).moves) == moves or not mode.legal:  # a draw: no slip then
            continue
        if chosen not in mode.legal:
            assert mode.cursor == -1 and entry_line(driver) is None, driver.hw.text
            break
        assert mode.legal[mode.cursor] == chosen and entry_line(driver) == line, driver.hw.text
        kept += 1
    assert kept > 0


def test_the_screen_says_a_bot_waits_for_a_held_button():
    for lang, waits in (("fr", "Attend: lachez"), ("en", "Waits: let go")):
        driver = to_bot_turn_with_slips(lang=lang)
        bot = state(driver).current_player()
        moves = len(state(driver).moves)
        driver.down(OK)
        driver.run_for(3000)  # well past the bot's time: it waits, and the screen says so
        assert len(state(driver).moves) == moves, driver.hw.text
        assert waits in driver.hw.text and len(driver.hw.text) <= 8, driver.hw.text
        assert driver.hw.text.index(waits) == driver.hw.text.index(driver.app.seat_label(bot) + (
            " (robot)" if lang == "fr" else " (bot)")) + 1, driver.hw.text
        driver.up(OK)
        driver.run_for(100)
        assert len(state(driver).moves) > moves  # let go: the bot plays at once
        assert waits not in driver.hw.text, driver.hw.text


def test_a_meld_offered_names_its_cards_in_full():
    for lang, pair, hold in (("fr", "> Paire +", "Tenir OK: jouer"), ("en", "> Pair +", "Hold OK: play")):
        driver = make_rig(seed=6, lang=lang)
        app = driver.app
        assert app.start_game("acheron", {"players": 4, "lay": "free"}, [None, "meld", "meld", "meld"],
                              driver.hw.clock.ticks_ms())
        mode = app.mode
        seen = 0
        for _ in range(2000):
            st = state(driver)
            if st.is_over() or seen >= 3:
                break
            past_deal_reveal(driver)
            if st.current_player() != 0:
                driver.run_for(100)
                continue
            for _ in range(len(mode.legal)):  # every pair this turn offers, on the screen
                driver.press(SWAP)
                text = driver.hw.text
                action = mode.legal[mode.cursor]
                if action & 0xF000 != 0x1000:  # games.acheron.rules.PAIR
                    continue
                at = [i for i in range(len(text)) if text[i].startswith(pair)]
                assert at, text
                cards = [st.deck.label(action >> 6 & 63, lang), st.deck.label(action & 63, lang)]
                assert text[at[0] + 1:at[0] + 4] == cards + [hold], text
                assert len(text) <= 8 and all(len(line) <= 16 for line in text), text
                standings = mode.standings_lines(lang)
                assert text[-len(standings):] == standings, text  # no standing cut off
                seen += 1
            while mode.legal[mode.cursor] != 0:  # END
                driver.press(SWAP)
            driver.long(OK)
        assert seen, lang
