"""The tip in table mode (issue 26): a person to act holds KEEP to ask what the menu's bot would do
in the seat's place; the move offered becomes that move, with the tip and its reason under it, in
French and English, and holding OK plays it. Driven by the buttons through the debouncer and loop."""

import micropython
from app.buttons import KEEP, LONG, OK, SWAP, make_event
from app.memory import is_loaded
from app.tips import advise, reason
from app_rig import make_rig, start, state
from games import words_of

HINT = {"fr": "Tenir K: conseil", "en": "Hold K: a tip"}
TIP = {"fr": ("Conseil: ", "Conseil: ce coup"), "en": ("Tip: ", "Tip: this move")}


def to_human_turn(driver, seat=0, skip=0, max_turns=5000):
    """Let the bots and the deck play (the person plays the first move offered) until seat is to
    act, skipping its first `skip` decisions."""
    for _ in range(max_turns):
        st = state(driver)
        assert not st.is_over(), "the game ended before the turn looked for"
        if getattr(driver.app.mode, "reveal", None):
            driver.press(OK)
        elif st.current_player() != seat:
            driver.run_for(200)
        elif skip:
            driver.long(OK)
            skip -= 1
        else:
            return st
    raise AssertionError("no human turn came")


def check_screen(text):
    assert len(text) <= 8 and all(len(line) <= 16 for line in text), text


def ask_and_play(driver, lang, engine):
    """Ask for a tip at the person's turn, check the screen says it, play it; the move played."""
    st = state(driver)
    seat = st.current_player()
    moves = len(st.moves)
    driver.press(OK)  # the peek says how to ask
    assert HINT[lang] in driver.hw.text, driver.hw.text
    driver.press(OK)
    driver.press(SWAP)  # the cursor elsewhere: the tip brings it to the bot's move
    driver.long(KEEP)
    driver.run_for(60)
    assert len(st.moves) == moves, "asking plays nothing"
    action, why, value = advise(engine, st, seat)
    mode = driver.app.mode
    assert mode.legal[mode.cursor] == action
    text = list(driver.hw.text)
    check_screen(text)
    label = words_of(engine).action_label(lang, st, action).split("\n")[0]
    first = TIP[lang][0] + label
    shown = [i for i, line in enumerate(text) if line == first or line == TIP[lang][1]]
    assert shown, (first, text)
    assert text[shown[0] + 1] == reason(engine, lang, why, value), text
    assert "> " + label in text, text
    driver.press(SWAP)  # stepping off the move advised: its tip goes
    assert not [line for line in driver.hw.text if line.startswith(TIP[lang][0])], driver.hw.text
    driver.press(KEEP)  # back on it: the tip again
    assert [line for line in driver.hw.text if line.startswith(TIP[lang][0])], driver.hw.text
    driver.long(OK)
    assert len(st.moves) > moves and st.moves[moves] == action, "holding OK plays the move advised"
    return action


def test_la_bourre_and_acheron_tips_in_both_languages():
    for game, lang, seed, skip in (("bourre", "fr", 6, 0), ("bourre", "en", 6, 3), ("acheron", "en", 4, 1),
                                   ("acheron", "fr", 4, 0)):
        driver = make_rig(seed=seed, lang=lang)
        start(driver, game=game, mode="table", players=3, humans=1)
        engine = driver.app.session.game
        to_human_turn(driver, skip=skip)
        ask_and_play(driver, lang, engine)


def test_asking_allocates_nothing_and_only_a_persons_turn_is_advised():
    driver = make_rig(seed=6)
    start(driver, game="bourre", mode="table", players=3, humans=1)
    st = to_human_turn(driver)
    mode = driver.app.mode
    ask = make_event(KEEP, LONG)
    micropython.heap_lock()
    try:
        asked = mode.handle(ask, 0)
        again = mode.handle(ask, 0)
    finally:
        micropython.heap_unlock()
    assert asked and not again
    driver.run_for(60)  # the tip, worked out in a tick: its module let go once it has answered
    assert mode.advice >= 0 and not is_loaded("games.bourre.advice")
    assert not is_loaded("games.bourre.help_fr") and not is_loaded("app.tips"), "and its words and code"
    for _ in range(100):  # the person plays on (after a draw, puts cards back) until a bot acts
        if st.current_player() > 0:
            break
        if st.current_player() == 0:
            driver.long(OK)
        driver.run_for(10)
    assert st.current_player() > 0 and not mode.handle(ask, 0), "a bot's turn has no tip to ask for"
