"""La Bourre scorekeeping on the device: button presses through the real debouncer, loop and app.

The tests read the OLED text and the engine state, as a player reads the screen, and press
KEEP/SWAP/OK only.
"""

from app.buttons import OK, SWAP
from app.i18n import card_word
from app_rig import enter_number as enter
from app_rig import event_kinds, make_rig, past_reveal, scroll_to_number, start, state, undo_in_menu


def start_bourre(players):
    driver = make_rig(seed=2)
    start(driver, game="bourre", mode="score", players=players)
    assert type(driver.app.mode).__name__ == "ScoreMode"
    assert state(driver).GAME == "bourre_score"
    return driver


def test_tricks_entered_with_buttons_antes_and_bourru():
    driver = start_bourre(3)
    text = driver.hw.text
    assert text[0].startswith("Donne 1/7 pot 3") and text[1] == "Plis de J1 ?", text
    enter(driver, 2)
    enter(driver, 0)
    assert driver.hw.text[1] == "Plis de J3 ?"
    enter(driver, 3)
    st = state(driver)
    assert st.totals == [2, 0, 3] and st.round == 2
    assert st.bourru == [False, True, False] and st.staked == [2, 3, 2]
    assert driver.hw.text[0].startswith("Donne 2/7 pot 7"), driver.hw.text
    assert driver.hw.text[-2:] == ["Plis J1 2 J2 0", "J3 3"], driver.hw.text
    kinds = event_kinds(driver)
    assert "act" in kinds and "round" in kinds


def test_impossible_tricks_are_refused_on_screen_and_nothing_changes():
    driver = start_bourre(2)
    enter(driver, 5)  # five and none: the leader cannot take every trick
    assert len(state(driver).moves) == 0 and driver.hw.text[:4] == ["Erreur", "Le premier a",
                                                                 "jouer fait 2", "plis au plus"], driver.hw.text
    assert "error" in event_kinds(driver)
    driver.run_for(3000)  # the notice goes; the entry is still expected from the same seat
    assert driver.hw.text[1] == "Plis de J1 ?", driver.hw.text
    enter(driver, 2)
    moves = len(state(driver).moves)
    enter(driver, 4)
    assert len(state(driver).moves) == moves
    assert driver.hw.text[:3] == ["Erreur", "Un joueur fait 3", "plis au plus"], driver.hw.text
    driver.run_for(3000)
    assert driver.hw.text[1] == "Plis de J2 ?", driver.hw.text
    enter(driver, 3)
    assert state(driver).totals == [2, 3] and state(driver).round == 2


def test_undo_an_entry_in_the_game_menu():
    driver = start_bourre(4)
    enter(driver, 2)
    enter(driver, 1)
    undo_in_menu(driver)
    st = state(driver)
    assert list(st.moves) == [2] and st.entry_seat() == 1
    assert driver.hw.text[-1] != "" and "Plis de J2 ?" in driver.hw.text


def test_a_whole_game_to_the_pot_with_buttons():
    driver = start_bourre(3)
    for _ in range(7):
        for tricks in (2, 3, 1):
            enter(driver, tricks)
    st = state(driver)
    assert st.is_over()
    # deals rotate the leader, so the same entries land on different seats each deal
    assert sum(st.totals) == 42 and sum(st.payout) == st.pot() == 21
    past_reveal(driver)
    assert driver.hw.text[0] == "Partie finie", driver.hw.text


def test_table_play_with_one_human_to_the_pot_and_a_peek_at_the_hand():
    from games.bourre.rules import PH_PLAY

    driver = make_rig(seed=6)
    start(driver, game="bourre", mode="table", players=3, humans=1)
    assert type(driver.app.mode).__name__ == "TableMode"
    peeked = False
    for _ in range(5000):
        st = state(driver)
        if st.is_over():
            break
        if st.current_player() != 0:
            driver.run_for(400)  # the plan bots in seats 1 and 2, and the deck
            continue
        if not peeked and st.phase == PH_PLAY:
            moves = len(st.moves)
            driver.press(OK)  # a short OK: the OLED shows the hand, nothing is played
            hand = " ".join(driver.hw.text)
            for card in st.hands[0]:
                assert card_word("fr", card) in hand, driver.hw.text
            driver.press(OK)  # hidden again
            assert len(state(driver).moves) == moves
            peeked = True
        driver.long(OK)  # the first legal action shown
    st = state(driver)
    assert st.is_over() and peeked and st.round == 7
    assert sum(st.payout) == st.pot()
    past_reveal(driver)
    assert driver.hw.text[0] == "Partie finie", driver.hw.text


def test_six_at_the_table_with_cards_put_under_the_pack_all_exchange():
    from app_rig import choose
    from games.bourre.rules import PH_EXCHANGE, PH_PLAY, State

    driver = make_rig(seed=8)
    for row, value in (("game", "bourre"), ("mode", "table"), ("players", 6), ("humans", 1),
                       ("deals", 1), ("putback", "under")):
        choose(driver, row, value)
    assert "> Ecart: dessous" in driver.hw.text, driver.hw.text
    start(driver)
    assert type(driver.app.mode).__name__ == "TableMode"
    st = state(driver)
    assert st.options["putback"] == "under" and st.options["players"] == 6
    for _ in range(3000):
        st = state(driver)
        if st.phase == PH_PLAY or st.is_over():
            break
        if st.current_player() == 0:
            driver.long(OK)  # the first choice shown: stand
        else:
            driver.run_for(400)
    assert st.phase == PH_PLAY and st.pack_size() == 2 and sum(st.holder_counts()) == 32
    # who was asked to exchange: the game's moves played again on a fresh state
    again = State(st.options)
    asked = []
    for move in st.moves:
        if again.phase == PH_EXCHANGE:
            asked.append(again.current_player())
        again.apply(move)
    assert asked == [0, 1, 2, 3, 4, 5], asked  # every seat, the last ones too


def test_a_deals_summary_shows_every_entry_in_pages_turned_by_a_press_in_both_languages():
    """Six players: the deal's summary once showed the last six lines told, so J1's entry was
    gone, and each page turned by itself after a few seconds, the summary ending unseen. Now it
    holds every entry of the deal, in pages that stay until OK shows the next one."""
    from app.modes.table import REVEAL_MS

    for lang, head, foot, entry in (("fr", "Fin de donne 1", "K/S %d/2 OK:suite", "J1: 1 pli"),
                                    ("en", "End of deal 1", "K/S %d/2 OK:next", "P1: 1 trick")):
        driver = make_rig(seed=2, lang=lang)
        start(driver, game="bourre", mode="score", players=6)
        for value in (1, 0, 1, 1, 1):
            enter(driver, value)
        scroll_to_number(driver, 1)
        driver.long(OK)  # J6: the deal ends
        assert state(driver).round == 2
        first = list(driver.hw.text)
        assert first[0] == head and first[1] == entry and first[-1] == foot % 1, first
        driver.run_for(3 * REVEAL_MS)  # it waits for the keeper
        assert driver.hw.text == first, driver.hw.text
        driver.press(OK)
        second = list(driver.hw.text)
        assert second[0] == head and second[-1] == foot % 2, second
        assert ("Bourru" in " ".join(second)), second
        moves = len(state(driver).moves)
        driver.press(OK)  # the last page: put away, nothing entered
        assert driver.app.mode.reveal is None and len(state(driver).moves) == moves
        assert driver.hw.text[0].startswith("Donne 2/7" if lang == "fr" else "Deal 2/7"), driver.hw.text


def test_putting_a_card_back_says_so_not_play_and_the_standings_say_tricks_in_both_languages():
    """The put-back step offered a card over "Tenir OK: jouer", as if holding OK played it to a
    trick: it says it puts it back; a card played still says play. The standings row once read
    "J1 0 J2 0 J3 0": it says it counts tricks."""
    from games.bourre.rules import PH_DISCARD, PH_EXCHANGE, PH_PLAY

    words = {"fr": ("Tenir OK:ecarter", "Tenir OK: jouer", "Plis J1 0 J2 0"),
             "en": ("Hold OK:put back", "Hold OK: play", "Tricks P1 0 P2 0")}
    for lang, (put_back, play, standings) in words.items():
        driver = make_rig(seed=6, lang=lang)
        start(driver, game="bourre", mode="table", players=3, humans=1)
        seen = set()
        for _ in range(2000):
            st = state(driver)
            if st.phase == PH_PLAY and st.current_player() == 0 and PH_DISCARD in seen:
                break
            if st.current_player() != 0:
                driver.run_for(400)
                continue
            text = driver.hw.text
            assert standings in text, text
            if st.phase == PH_EXCHANGE:
                driver.press(SWAP)  # change one card
            elif st.phase == PH_DISCARD:
                assert put_back in text and play not in text, text
                seen.add(PH_DISCARD)
            driver.long(OK)
        assert PH_DISCARD in seen and play in driver.hw.text and put_back not in driver.hw.text, driver.hw.text
