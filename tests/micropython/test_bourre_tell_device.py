"""La Bourre told on the device (issue 14 items 2, 3 and 5), through button presses on the real
debouncer, loop and app, reading the OLED text stream as the table does, in French and English.

Table mode: a human (seat 0) and bots play a deal out; every fact the engine records is logged in
order ("fact" events, their English words), and what the table mode shows of each move, its last
fact, appears on the OLED in order; the human's own draw is shown in its peek only. Scorekeeper:
each entry, the deal's bourrus, the winners and the pot told as they are confirmed.
"""

from app.buttons import OK, SWAP
from app.i18n import card_word
from app_rig import choose, make_rig, past_reveal, start, state
from app_rig import enter_number as enter
from games.bourre import words as words
from games.bourre.rules import (
    F_DEAL,
    F_ENTRY,
    F_EXCHANGE,
    F_OVER,
    F_PLAY,
    F_POT,
    F_PUT_BACK,
    F_TRICK,
    PH_DISCARD,
    PH_EXCHANGE,
    State,
)


def watch(driver):
    """Keep what the table is told and shown: each fact event, (kind, args, its words in the
    table's language), and each new OLED screen. (The loop hands the log events on at its next
    turn, so the state they are worded from may have moved on by a chance draw: no fact of La
    Bourre's words reads what a draw changes.)"""
    told = []
    screens = []
    app = driver.app

    def on_event(kind, payload):
        if kind == "fact":
            st = state(driver)
            a, b, c = payload["args"]
            line = words.tell(app.lang, st, payload["kind"], a, b, c, app.seat_label)
            english = words.tell("en", st, payload["kind"], a, b, c, app.english_label)
            assert payload["text"] == english, (payload, english)
            told.append((payload["kind"], (a, b, c), line))

    def on_step(elapsed):
        if not screens or screens[-1] != driver.hw.text:
            screens.append(list(driver.hw.text))

    driver.hw.on_event = on_event
    driver.on_step = on_step
    return told, screens


def shown_in_order(lines, screens):
    """The index of the first line not found on a screen after the previous one's, or -1."""
    at = 0
    for i in range(len(lines)):
        while at < len(screens) and lines[i] not in screens[at]:
            at += 1
        if at == len(screens):
            return i
    return -1


def facts_replayed(st):
    """Every fact the game's moves record, played again on a fresh engine: (moves, kind, args)."""
    again = State(st.options)
    out = []
    for move in st.moves:
        again.apply(move)
        facts, count = again.facts()
        for i in range(count):
            out.append((len(again.moves), facts[4 * i], tuple(facts[4 * i + 1:4 * i + 4])))
    return out


def play_table(lang, seed):
    driver = make_rig(seed=seed, lang=lang)
    for row, value in (("game", "bourre"), ("mode", "table"), ("players", 3), ("humans", 1), ("deals", 2)):
        choose(driver, row, value)
    start(driver)
    told, screens = watch(driver)
    peeked = 0
    for _ in range(4000):
        st = state(driver)
        if st.is_over():
            break
        if st.current_player() != 0:
            driver.run_for(100)
            continue
        if st.phase == PH_EXCHANGE:
            driver.press(SWAP)
            driver.press(SWAP)  # stand, change 1, change 2
            assert "> " + words.action_label(lang, st, 66) in driver.hw.text, driver.hw.text
        if st.phase == PH_DISCARD and st.pending == 2:
            drawn = st.drawn_cards()
            assert len(drawn) == 2
            mine = " ".join([card_word(lang, c) for c in drawn])
            assert not [s for s in screens[-3:] if ("Tire: " if lang == "fr" else "Drew: ") + mine in s]
            driver.press(OK)  # the peek: the cards it drew are its alone
            assert ("Tire: " if lang == "fr" else "Drew: ") + mine in driver.hw.text, driver.hw.text
            driver.press(OK)
            peeked += 1
        driver.long(OK)
    st = state(driver)
    assert st.is_over() and peeked == 2, (peeked, st.round)
    return driver, told, screens


def check_table(lang, seed):
    driver, told, screens = play_table(lang, seed)
    st = state(driver)
    replayed = facts_replayed(st)
    assert [(k, a) for k, a, _line in told] == [(k, a) for _m, k, a in replayed]  # all, in order
    kinds = set([k for k, _a, _line in told])
    for kind in (F_EXCHANGE, F_PUT_BACK, F_PLAY, F_TRICK, F_DEAL, F_OVER, F_POT):
        assert kind in kinds, (kind, kinds)
    assert replayed[-1][:2] == (len(st.moves), F_POT)
    # what the table mode shows of a move: its last fact, on screen until the next one (the
    # game's last move ends on the game-over screen)
    last_of_move = []
    for i in range(len(told)):
        move = replayed[i][0]
        if move != len(st.moves) and (i + 1 == len(told) or replayed[i + 1][0] != move):
            last_of_move.append(told[i][2])
    assert len(last_of_move) > 25, last_of_move  # two deals: the exchanges, the cards, the tricks
    missing = shown_in_order(last_of_move, screens)
    assert missing < 0, (last_of_move[missing], screens[-20:])
    exchanges = [line for k, _a, line in told if k == F_EXCHANGE]
    assert exchanges[0] == ("J1 pioche 2" if lang == "fr" else "P1 draws 2"), exchanges  # seat 0 leads
    past_reveal(driver)  # the last deal's reveal, then the game-over screen
    assert driver.hw.text[0] == ("Partie finie" if lang == "fr" else "Game over"), driver.hw.text
    return told


def test_a_table_game_is_told_move_by_move_in_french():
    told = check_table("fr", 3)
    lines = [line for _k, _a, line in told]
    assert "J1 pioche 2" in lines and ("J1 en remet 2" in lines), lines
    assert [line for line in lines if line.startswith("Gagne") or line.startswith("Gagnants")], lines


def test_a_table_game_is_told_move_by_move_in_english():
    told = check_table("en", 5)
    lines = [line for _k, _a, line in told]
    assert "P1 draws 2" in lines and "P1 puts 2 back" in lines, lines
    assert [line for line in lines if line.startswith("Winner")], lines
    for line in lines:  # one language at a time: no French word on an English screen
        for word in ("joue", "pioche", "remet", "Pli ", "Gagne", "paie", "mortes"):
            assert word not in line, line


def check_scorekeeper(lang):
    driver = make_rig(seed=2, lang=lang)
    for row, value in (("game", "bourre"), ("mode", "score"), ("players", 3), ("deals", 2)):
        choose(driver, row, value)
    start(driver)
    told, _screens = watch(driver)
    mode = driver.app.mode
    entries = []
    for tricks in (2, 0, 1, 2, 1, 1):  # deal 2 is led by seat 1: seats 1, 2, 0
        seat = state(driver).entry_seat()
        at = len(told)
        enter(driver, tricks)
        assert told[at][:2] == (F_ENTRY, (seat, tricks, 0)), told[at:]
        entries.append(told[at][2])
        # handed to the mode as it is confirmed (ScoreMode does not show told lines yet)
        assert mode.told_lines[-1] == told[-1][2], (mode.told_lines, told[-1])
    st = state(driver)
    assert st.is_over() and st.totals == [3, 2, 2] and st.pot() == 3 + 4
    kinds = [k for k, _a, _l in told]
    assert kinds == [F_ENTRY, F_ENTRY, F_ENTRY, F_DEAL, F_ENTRY, F_ENTRY, F_ENTRY, F_DEAL, F_OVER, F_POT], kinds
    past_reveal(driver)  # the last deal's reveal, then the game-over screen
    assert driver.hw.text[0] == ("Partie finie" if lang == "fr" else "Game over"), driver.hw.text
    return entries, [line for kind, _a, line in told if kind != F_ENTRY]


def test_the_scorekeeper_tells_each_entry_the_bourru_and_the_pot_in_french():
    entries, ends = check_scorekeeper("fr")
    assert entries == ["J1: 2 plis", "J2: 0 pli", "J3: 1 pli", "J2: 2 plis", "J3: 1 pli", "J1: 1 pli"]
    assert ends == ["Bourru J2 paie 2", "Aucun bourru", "Gagne: J1", "Pot 7 pour J1"], ends


def test_the_scorekeeper_tells_each_entry_the_bourru_and_the_pot_in_english():
    entries, ends = check_scorekeeper("en")
    assert entries == ["P1: 2 tricks", "P2: 0 tricks", "P3: 1 trick", "P2: 2 tricks", "P3: 1 trick", "P1: 1 trick"]
    assert ends == ["Bourru P2 pays 2", "No bourru", "Winner: P1", "Pot 7 to P1"], ends
