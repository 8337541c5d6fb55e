"""Presses that forgive (issue 14, item 4): the scorekeepers and the game menu, read on the OLED.

Every scorekeeper confirms an entry only when OK is held, says so on the OLED with the KEEP/SWAP
steps (a long press jumps by ten), starts each entry from the lowest value of its range, and
Achéron's end-of-deal items are chosen together and listed before the next deal. The game menu
asks before abandoning a game and its Undo and Redo rows work in every mode, saying when there
is nothing to do. The tests press buttons through the real debouncer and loop and read the text
the OLED showed, every screen of it (`watch`), as a player would; one replays its presses
through `run.py --script ... --out` and reads the text stream written there.
"""

import micropython
from app.buttons import BACK, KEEP, LONG, OK, PRESS, SWAP, make_event
from app.cues import CUE_ERROR
from app.modes.table import REVEAL_MS
from app_rig import enter_number, event_kinds, make_rig, scroll_to_number, start, state
from engine.core import TABLE
from test_acheron_device import shown
from test_piccolo_device import scroll_to


def watch(driver):
    """The OLED's screens from now on, each once as it appeared (a list the loop fills)."""
    screens = []

    def on_step(_elapsed):
        text = driver.hw.text
        if not screens or screens[-1] != text:
            if len(screens) >= 400:  # long runs: the recent screens are the ones checked
                del screens[:200]
            screens.append(list(text))

    driver.on_step = on_step
    return screens


def seen(screens, line):
    """True when some screen showed this line."""
    for screen in screens:
        if line in screen:
            return True
    return False


def start_score(game, lang="fr", **settings):
    driver = make_rig(seed=2, lang=lang)
    start(driver, game=game, mode="score", **settings)
    assert type(driver.app.mode).__name__ == "ScoreMode", driver.hw.text
    driver.run_for(50)
    return driver


def open_game_menu(driver):
    driver.long(BACK)
    assert type(driver.app.mode).__name__ == "GameMenu", driver.hw.text
    return driver.app.mode


def menu_row(driver, row):
    """Open the game menu and put its cursor on `row`."""
    menu = open_game_menu(driver)
    while menu.rows[menu.cursor] != row:
        driver.press(SWAP)
    return menu


# -- confirming is holding OK, in every scorekeeper ------------------------------------------------
def test_a_short_ok_enters_nothing_in_any_scorekeeper_and_holding_it_confirms():
    for game in ("bourre", "piccolo", "acheron"):
        driver = start_score(game)
        screens = watch(driver)
        assert "Tenir OK:valider" in driver.hw.text, (game, driver.hw.text)
        driver.press(SWAP)
        value = shown(driver)
        moves = len(state(driver).moves)
        driver.press(OK)
        driver.press(OK)  # two quick presses: still nothing entered
        assert len(state(driver).moves) == moves, (game, driver.hw.text)
        assert shown(driver) == value
        assert screens[-1][0] == "OK: tenir appuye", screens[-1]  # it says how to confirm
        assert "act" not in event_kinds(driver)
        driver.long(OK)
        assert len(state(driver).moves) == moves + 1, (game, driver.hw.text)
        assert "act" in event_kinds(driver)


def test_the_hints_show_how_to_confirm_and_the_long_press_jump_in_both_languages():
    driver = start_score("piccolo")  # the contract: 26 to 70
    assert "K-1 S+1 tenu:10" in driver.hw.text and "Tenir OK:valider" in driver.hw.text, \
        driver.hw.text
    assert shown(driver) == "26"
    driver.long(SWAP)
    assert shown(driver) == "36", driver.hw.text  # as the hint says
    driver.long(KEEP)
    assert shown(driver) == "26"
    driver = start_score("piccolo", lang="en")
    assert "K-1 S+1 hold:10" in driver.hw.text and "Hold OK: confirm" in driver.hw.text
    driver = start_score("bourre")  # 0 to 5 tricks: no jump worth showing, the step still said
    assert "K-1 S+1" in driver.hw.text and "K-1 S+1 tenu:10" not in driver.hw.text
    for line in driver.hw.text:
        assert len(line) <= 16, line


def test_keep_stops_at_the_lowest_value_and_swap_at_the_end_of_the_list_in_both_languages():
    """KEEP once too often on 0 tricks showed 5 (the list wrapped, the hint said only "K/S:
    choix"): a keeper looking at the table could confirm 5 for none. Now the hint says the
    step, and each end of the list stops, with the error cue."""
    for lang, hint, pick in (("fr", "K-1 S+1", "K/S: choix"), ("en", "K-1 S+1", "K/S: pick")):
        driver = start_score("bourre", lang=lang)
        mode = driver.app.mode
        assert shown(driver) == "0" and hint in driver.hw.text, driver.hw.text
        driver.hw.cues = []
        driver.press(KEEP)
        assert shown(driver) == "0" and mode.pos == 0, driver.hw.text
        assert CUE_ERROR in driver.hw.cues, driver.hw.cues
        for _ in range(8):
            driver.press(SWAP)
        assert shown(driver) == "5", driver.hw.text  # the top, and no further
        driver = start_score("piccolo", lang=lang)  # numbers, then the named contracts
        mode = driver.app.mode
        driver.press(KEEP)
        assert shown(driver) == "26", driver.hw.text
        while mode.pos < mode.count() - 1:
            driver.long(SWAP)
            driver.press(SWAP)
        last = shown(driver)
        assert pick in driver.hw.text, driver.hw.text  # a named entry: no step to say
        driver.press(SWAP)
        assert shown(driver) == last, driver.hw.text


# -- each entry starts from the same value -----------------------------------------------------------
def test_every_entry_starts_from_the_lowest_value_of_its_range_in_every_game():
    def fresh(driver):
        low = state(driver).entry_range()[0]
        assert shown(driver) == str(low), (driver.hw.text, low)
        assert driver.app.mode.pos == 0

    driver = start_score("bourre", players=3)
    fresh(driver)
    enter_number(driver, 2)
    fresh(driver)  # J2 starts at 0, not at J1's 2
    enter_number(driver, 1)
    fresh(driver)
    enter_number(driver, 5)  # refused (a player takes 3 at most): the value stays, to be fixed
    assert len(state(driver).moves) == 2 and shown(driver) == "5", driver.hw.text

    driver = start_score("piccolo")
    enter_number(driver, 36)
    fresh(driver)  # the taker: 1
    enter_number(driver, 3)
    fresh(driver)  # the result: 0
    enter_number(driver, 41)
    fresh(driver)  # the next contract: 26

    driver = start_score("acheron", players=3)
    enter_number(driver, 0)
    for value in (30, 2):
        enter_number(driver, value)
        fresh(driver)
    mode = driver.app.mode
    enter_number(driver, 0)  # J1's wild cards; J1's items come next
    assert mode.low == mode.high == 0


def test_an_entry_undone_in_the_game_menu_starts_again_from_the_lowest_value():
    driver = start_score("bourre", players=3)
    enter_number(driver, 2)
    scroll_to_number(driver, 3)
    menu_row(driver, "undo")
    driver.long(OK)
    assert type(driver.app.mode).__name__ == "ScoreMode" and list(state(driver).moves) == []
    assert "Plis de J1 ?" in driver.hw.text and shown(driver) == "0", driver.hw.text


# -- Achéron's end-of-deal items ----------------------------------------------------------------------
def test_acheron_items_are_chosen_together_and_listed_before_the_next_deal():
    driver = start_score("acheron", players=3)
    screens = watch(driver)
    mode = driver.app.mode
    enter_number(driver, 0)  # the deal has been played
    enter_number(driver, 30)
    enter_number(driver, 2)
    enter_number(driver, 0)
    enter_number(driver, 0)  # J1: no item
    for value in (12, 6, 1, 0):
        enter_number(driver, value)
    scroll_to(driver, "Nom oublie J2")  # a naming slip for J2, then J3's entries
    driver.long(OK)
    for value in (5, 9, 2):
        enter_number(driver, value)
    st = state(driver)
    assert st.phase_name() == "items" and "extras ? 0:aucun" in driver.hw.text, driver.hw.text
    offered = [mode.words.entry_label("fr", st, action) for action in mode.extras]
    assert offered[:5] == ["Jocrisse -10", "Soupir+Joc -20", "Chandelle", "Joc-10 +Chand",
                           "Soup-20 +Chand"], offered
    moves = len(st.moves)
    scroll_to(driver, "Joc-10 +Chand")  # scrolling through the sets applies none of them
    assert st.jocrisse == [0, 0, 0] and st.candle == [False] * 3 and len(st.moves) == moves
    driver.press(KEEP)
    assert shown(driver) == "Chandelle"  # changed: the table picks again
    driver.press(SWAP)
    event_kinds(driver)
    driver.long(OK)  # the whole set, and the deal ends
    st = state(driver)
    assert len(st.moves) == moves + 1 and st.round == 2
    # J1 30 - 2 + 5; J2 12 - 6 - 2 + 5 - 5; J3 5 - 9 - 4 - 10
    assert st.standings() == [33, 4, -18], st.standings()
    assert driver.hw.text == ["Fin donne 1:", "J2 nom oublie -5", "J3 Jocrisse -10", "J3 Chandelle",
                              "OK: suite"], driver.hw.text
    applied = [payload for kind, payload in driver.events if kind == "applied"]
    assert applied == [{"deal": 1, "applied": ["P2 name slip -5", "P3 Jocrisse -10",
                                               "P3 Chandelle"]}], applied
    driver.run_for(5000)  # it stays until the table has seen it
    assert driver.hw.text[0] == "Fin donne 1:"
    driver.long(OK)  # holding OK again by habit only puts it away: the deal's summary comes
    assert len(state(driver).moves) == moves + 1
    pages = []
    for _ in range(6):  # every page stays until OK shows the next one
        assert driver.hw.text[0] == "Fin de donne 1", driver.hw.text
        pages.append(list(driver.hw.text))
        driver.run_for(2 * REVEAL_MS)
        assert driver.hw.text == pages[-1], driver.hw.text
        driver.press(OK)
        if driver.app.mode.reveal is None:
            break
    summary = [line for page in pages for line in page[1:-1]]
    assert "J1 a pose 30" in summary and "J2 +4 = 4" in summary, pages  # the first entry too
    assert pages[-1][-1] == "K/S %d/%d OK:suite" % (len(pages), len(pages)), pages
    assert len(state(driver).moves) == moves + 1
    assert driver.hw.text[:2] == ["Donne 2", "0: donne finie"], driver.hw.text
    assert seen(screens, "Fin donne 1:")


def test_acheron_items_of_a_whole_table_are_listed_in_pages_none_left_out():
    """Six seats, each with a naming slip, and J2's Jocrisse and Chandelle: eight items, more than
    a screen holds (before: the list stopped at six, J5 and J6's slips never shown)."""
    driver = start_score("acheron", players=6)
    for seat in range(1, 7):
        scroll_to(driver, "Nom oublie J%d" % seat)
        driver.long(OK)
    enter_number(driver, 0)  # the deal has been played
    enter_number(driver, 0)  # J1 laid nothing
    enter_number(driver, 0)  # and holds no card: he went out (no wild card or item to enter)
    for seat in range(1, 6):  # J2 to J6: nothing laid, no wild card, three cards each but J6,
        # who holds what is left (the cards laid are the deck less the hands)
        enter_number(driver, 0)
        enter_number(driver, 3 if seat < 5 else driver.app.mode.low)
        enter_number(driver, 0)
        if state(driver).entry_seat() == 1:  # J2's items: Jocrisse and Chandelle
            scroll_to(driver, "Joc-10 +Chand")
            driver.long(OK)
        elif seat < 5:
            enter_number(driver, 0)
    scroll_to_number(driver, 0)  # J6: no item, and the deal ends
    driver.long(OK)
    applied = [payload["applied"] for kind, payload in driver.events if kind == "applied"]
    assert len(applied) == 1 and len(applied[0]) == 8, applied
    first = list(driver.hw.text)
    assert first[0] == "Fin donne 1:" and first[-1] == "K/S 1/2 OK:suite", first
    driver.press(SWAP)
    second = list(driver.hw.text)
    assert second[0] == "Fin donne 1:" and second[-1] == "K/S 2/2 OK:suite", second
    listed = first[1:-1] + second[1:-1]
    assert sorted(listed) == sorted(["J%d nom oublie -5" % s for s in range(1, 7)]
                                    + ["J2 Jocrisse -10", "J2 Chandelle"]), listed
    driver.press(KEEP)  # back, round
    assert driver.hw.text == first
    moves = len(state(driver).moves)
    driver.press(OK)  # the next page, as the footer says
    assert driver.hw.text == second, driver.hw.text
    driver.press(OK)  # puts it away: the deal's summary, nothing entered
    assert len(state(driver).moves) == moves and driver.hw.text[0] == "Fin de donne 1", driver.hw.text


def test_acheron_items_name_the_players_the_host_named():
    driver = start_score("acheron", players=3)
    driver.app.session.names = ["Anaelle", "Loic", "Zoe"]  # as set_names leaves them
    scroll_to(driver, "Nom oublie J2")
    driver.long(OK)
    for value in (0, 30, 2, 0, 0, 12, 6, 1, 0, 5, 9, 2):
        enter_number(driver, value)
    scroll_to_number(driver, 0)  # Zoe: no item, and the deal ends
    driver.long(OK)
    assert driver.hw.text == ["Fin donne 1:", "Loic nom oublie", "-5", "OK: suite"], driver.hw.text
    applied = [payload["applied"] for kind, payload in driver.events if kind == "applied"]
    assert applied == [["Loic name slip -5"]], applied


def test_acheron_one_undo_takes_back_the_whole_set_of_items():
    driver = start_score("acheron", players=3)
    for value in (0, 0, 5, 0):
        enter_number(driver, value)
    scroll_to(driver, "Joc-10 +Chand")
    driver.long(OK)
    st = state(driver)
    assert st.jocrisse[0] == 10 and st.candle[0] and st.entry_seat() == 1
    menu_row(driver, "undo")
    driver.long(OK)
    st = state(driver)
    assert st.phase_name() == "items" and st.entry_seat() == 0
    assert st.jocrisse == [0, 0, 0] and st.candle == [False] * 3
    assert shown(driver) == "0"


def test_a_deal_with_nothing_to_list_goes_straight_on():
    driver = start_score("acheron", players=3, lang="en")
    for melds, cards in ((40, 1), (10, 3), (0, 5)):
        if not state(driver).phase_name() == "melds":
            enter_number(driver, 0)
        enter_number(driver, melds)
        enter_number(driver, cards)
        enter_number(driver, 0)
        enter_number(driver, 0)
    assert driver.hw.text[:2] == ["Deal 2", "0: deal over"], driver.hw.text
    applied = [payload for kind, payload in driver.events if kind == "applied"]
    assert applied == [{"deal": 1, "applied": []}]


# -- the game menu: New game asks, in every mode ---------------------------------------------------
def start_mode(mode):
    """A game in each mode the device has: deck and board (Tanturlurette), table, score."""
    driver = make_rig(seed=3)  # J4 deals first: J1's first decision is not the round's last
    if mode in ("deck", "board"):
        start(driver, mode=mode)
    else:
        start(driver, game="bourre", mode=mode)
    driver.run_for(1700)
    return driver


def test_new_game_asks_to_confirm_and_only_a_held_ok_abandons_in_every_mode():
    for mode in ("deck", "board", "table", "score"):
        driver = start_mode(mode)
        game = driver.app.mode
        moves = len(state(driver).moves)
        menu = menu_row(driver, "new_game")
        driver.long(OK)
        assert driver.hw.text == ["Abandonner ?", "Tenir OK: oui", "K/S/BACK: non"], driver.hw.text
        for cancel in (BACK, KEEP, SWAP):
            driver.press(cancel)
            assert driver.app.mode is menu and not menu.asking, (mode, cancel)
            assert "> Nouv. partie" in driver.hw.text
            driver.long(OK)
            assert driver.hw.text[0] == "Abandonner ?"
        driver.press(OK)  # a short OK: still asking, the game kept, and it says to hold OK
        assert driver.hw.text[:2] == ["OK: tenir appuye", "Abandonner ?"], driver.hw.text
        assert not driver.app.session.finished
        driver.long(BACK)  # back to the game, untouched
        assert driver.app.mode is game and len(state(driver).moves) >= moves
        menu_row(driver, "new_game")
        driver.long(OK)
        driver.long(OK)
        session = driver.app.session
        assert type(driver.app.mode).__name__ == "SetupMenu", (mode, driver.hw.text)
        assert session.finished and session.history[-1]["finished"] is False  # archived


# -- the game menu: Undo and Redo, in every mode ------------------------------------------------------
def wait_for_human(driver, limit=200):
    for _ in range(limit):
        player = state(driver).current_player()
        if player == TABLE or (player >= 0 and driver.app.is_human(player)):
            if not getattr(driver.app.mode, "reveal", False) and not getattr(driver.app.mode, "moving", False):
                return
        driver.run_for(100)
    raise AssertionError("no human turn: %r" % (driver.hw.text,))


def human_move(driver, mode):
    """One decision as each mode takes it: KEEP in Tanturlurette, the first choice in table play,
    an entry held in the scorekeeper."""
    if mode in ("deck", "board"):
        driver.press(KEEP)
    elif mode == "table":
        driver.long(OK)  # table play: holding OK plays the choice shown (a short OK shows the hand)
    else:
        enter_number(driver, 1)


def test_undo_and_redo_rows_work_in_every_mode_and_say_when_there_is_nothing_to_do():
    for mode in ("deck", "board", "table", "score"):
        driver = start_mode(mode)
        wait_for_human(driver)
        game = driver.app.mode
        menu = open_game_menu(driver)
        if not driver.app.session.can_undo():  # nothing decided yet: the rows say so
            assert "> Continuer" in driver.hw.text and "  Annuler: rien" in driver.hw.text, \
                driver.hw.text
            while menu.rows[menu.cursor] != "undo":
                driver.press(SWAP)
            driver.long(OK)  # stays in the menu, says why
            assert driver.app.mode is menu and driver.hw.text[0] == "Rien a annuler", driver.hw.text
        assert "  Retablir: rien" in driver.hw.text or "> Retablir: rien" in driver.hw.text
        driver.long(BACK)
        assert driver.app.mode is game
        before = list(state(driver).moves)
        human_move(driver, mode)
        assert len(state(driver).moves) > len(before), (mode, driver.hw.text)
        driver.run_for(1500)  # the bots answer, where there are bots
        menu_row(driver, "undo")
        after = list(state(driver).moves)  # the game waits while the menu is open
        assert "> Annuler coup" in driver.hw.text, driver.hw.text
        driver.long(OK)
        assert driver.app.mode is game and driver.hw.text[0] == "Coup annule", (mode, driver.hw.text)
        assert list(state(driver).moves) == before, (mode, before, list(state(driver).moves))
        menu_row(driver, "redo")
        assert "> Retablir" in driver.hw.text, driver.hw.text
        driver.long(OK)
        assert driver.app.mode is game and driver.hw.text[0] == "Coup retabli", driver.hw.text
        assert list(state(driver).moves) == after, (mode, after, list(state(driver).moves))
        menu_row(driver, "redo")
        assert "> Retablir: rien" in driver.hw.text, driver.hw.text


# -- the text stream of a scripted run ---------------------------------------------------------------
def test_a_scripted_scorekeeper_run_shows_the_hints_and_a_short_ok_enters_nothing():
    from test_sim_script import acts, replay

    driver = start_score("bourre", players=3)
    driver.press(SWAP)
    driver.press(SWAP)
    driver.press(OK)  # short: nothing
    driver.long(OK)  # held: 2 tricks for J1
    driver.press(SWAP)
    driver.long(OK)  # J2 starts from 0: one SWAP is 1
    assert list(state(driver).moves) == [2, 1]
    lines = replay(driver, "forgive_bourre")
    assert acts(lines) == [2, 1]
    texts = [line["text"] for line in lines if "text" in line]
    entry = ["Donne 1/7 pot 3", "Plis de J1 ?", "> 2", "K-1 S+1", "Tenir OK:valider"]
    first = [i for i, t in enumerate(texts) if t[:5] == entry]
    reminded = [i for i, t in enumerate(texts) if t[:1] == ["OK: tenir appuye"] and "> 2" in t]
    j2 = [i for i, t in enumerate(texts) if "Plis de J2 ?" in t and "> 0" in t]
    assert first and reminded and j2, texts  # the entry, the short OK's reminder, J2 from 0
    assert first[0] < reminded[0] < j2[0], (first, reminded, j2)


# -- nothing allocated while stepping an entry ------------------------------------------------------
def test_stepping_an_entry_and_the_confirmation_screen_allocate_nothing():
    driver = start_score("piccolo")
    app = driver.app
    now = driver.hw.clock.ticks_ms()
    micropython.heap_lock()
    try:
        stepped = app.handle(make_event(SWAP, PRESS), now) and app.handle(make_event(SWAP, LONG), now) \
            and app.handle(make_event(KEEP, PRESS), now)
        app.mode.draw(app.frame, now)
    finally:
        micropython.heap_unlock()
    assert stepped and app.mode.pos == 10
    menu_row(driver, "new_game")
    driver.long(OK)
    app.render(driver.hw.clock.ticks_ms())
    micropython.heap_lock()
    try:
        for t in (0, 300, 600):
            app.render(now + t)
    finally:
        micropython.heap_unlock()
