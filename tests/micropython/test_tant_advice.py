"""Tanturlurette's advice in deck mode (issue 26): a person to act holds KEEP to ask what the menu's
bot would do in the seat's place; the peek (OK held) then shows it and why, in French and English.
Driven by the buttons through the debouncer and the loop, as a player would."""

import micropython
from app.buttons import KEEP, LONG, OK, SWAP, make_event
from app_rig import make_rig, start, state
from engine.cards import DECK_SIZE
from games.tanturlurette.bots import PositionBot
from games.tanturlurette.rules import PH_OFFER, PH_OVER, PH_REENTRY

HINT = {"fr": "Tenir K: conseil", "en": "Hold K: a tip"}
ADVICE = {"fr": "Conseil: ", "en": "Tip: "}
CHOICE = {"fr": {"keep": "garde", "change": ("change", "pioche", "refuse"), "take": "prend"},
          "en": {"keep": "keep", "change": ("swap", "draw", "refuse"), "take": "take"}}


def peek(driver):
    """The OLED while OK is held (the seat's card), then released."""
    driver.down(OK)
    driver.run_for(60)
    shown = list(driver.hw.text)
    driver.up(OK)
    driver.run_for(60)
    return shown


def to_human_turn(driver, phases=None, max_turns=3000):
    """Let the bots play (the human keeps) until the human is to act, in one of phases if given."""
    app = driver.app
    for _ in range(max_turns):
        st = state(driver)
        assert st.phase != PH_OVER, "the game ended before the turn looked for"
        player = st.current_player()
        if app.mode.reveal:
            driver.press(OK)
        elif player >= 0 and app.is_human(player):
            if phases is None or st.phase in phases:
                return player
            driver.press(KEEP)
        else:
            driver.run_for(100)
    raise AssertionError("no human turn came")


def beats_in_ten(st, seat, card):
    """How many unseen cards in 10 rank below card, from seat's knowledge, counted here apart:
    the tenths rounded down and up (the device rounds to the nearest)."""
    unseen = [c for c in range(DECK_SIZE) if not st.seen[seat * DECK_SIZE + c]]
    lower = len([c for c in unseen if c >> 2 < card >> 2])
    if not unseen:
        return (10,)
    return (10 * lower // len(unseen), -(-10 * lower // len(unseen)))


def check_screen(text):
    assert len(text) <= 8 and all(len(line) <= 16 for line in text), text


def test_the_peek_says_how_to_ask_and_then_shows_the_bots_choice_and_why_in_both_languages():
    for lang, seed in (("fr", 5), ("en", 9)):
        driver = make_rig(seed=seed, lang=lang)
        start(driver)
        seat = to_human_turn(driver)
        st = state(driver)
        moves = len(st.moves)
        shown = peek(driver)
        check_screen(shown)
        assert HINT[lang] in shown and not [line for line in shown if line.startswith(ADVICE[lang])], shown
        driver.long(KEEP)  # asks: keeps nothing
        driver.run_for(60)
        assert len(st.moves) == moves and st.current_player() == seat
        assert not [line for line in driver.hw.text if line.startswith(ADVICE[lang])], \
            "the advice tells about the card: it shows only in the peek"
        shown = peek(driver)
        check_screen(shown)
        tips = [i for i, line in enumerate(shown) if line.startswith(ADVICE[lang])]
        assert tips and HINT[lang] not in shown, shown
        action = PositionBot().choose(st, seat, None)
        keep, change = st.choices[st.phase][0], st.choices[st.phase][1]
        word = shown[tips[0]][len(ADVICE[lang]):]
        if action == keep:
            assert word in (CHOICE[lang]["keep"], CHOICE[lang]["take"]), shown
        else:
            assert action == change and word in CHOICE[lang]["change"], shown
        card = st.offer if st.phase == PH_OFFER else st.hand[seat]
        reason = shown[tips[0] + 1]
        tenths = beats_in_ten(st, seat, card)
        beats = ["Bat %d sur 10" % n for n in tenths] + ["Beats %d in 10" % n for n in tenths]
        assert reason in beats + ["Plus basse vue", "Saw a lower one"], (reason, tenths)
        driver.press(KEEP if action == keep else SWAP)  # takes the advice
        assert len(st.moves) > moves
        seat = to_human_turn(driver)
        shown = peek(driver)
        assert HINT[lang] in shown, "the advice was for the move before: asked again, per move"


def test_a_reentry_is_advised_at_once_by_the_pot():
    """The re-entry's reason is the pot, known to all: it shows without the peek."""
    for lang in ("fr", "en"):
        driver = make_rig(seed=7, lang=lang)
        start(driver, circles=2)
        seat = to_human_turn(driver, phases=(PH_REENTRY,))
        st = state(driver)
        assert HINT[lang] in driver.hw.text, driver.hw.text
        driver.long(KEEP)
        driver.run_for(60)
        text = list(driver.hw.text)
        check_screen(text)
        assert st.phase == PH_REENTRY and st.current_player() == seat
        pot = st.pot()
        if pot >= st.out.count(False):
            assert text[-2] in ("Pot %d > mise" % pot, "Pot %d > stake" % pot), text
        else:
            assert text[-2] in ("Pot %d trop bas" % pot, "Pot %d: too low" % pot), text
        assert text[-1] in ("K:revient S:sort", "K:back S:out"), "the keys stay last"


def test_asking_for_advice_allocates_nothing_and_a_bots_turn_ignores_it():
    driver = make_rig(seed=5)
    start(driver)
    to_human_turn(driver)
    app = driver.app
    mode = app.mode
    ask = make_event(KEEP, LONG)
    micropython.heap_lock()
    try:
        asked = mode.handle(ask, 0)
        again = mode.handle(ask, 0)  # asked already for this move: nothing more
    finally:
        micropython.heap_unlock()
    assert asked and not again
    st = state(driver)
    driver.press(KEEP)
    for _ in range(100):
        player = st.current_player()
        if player >= 0 and not app.is_human(player):
            break
        driver.run_for(10)
    assert not mode.handle(ask, 0), "a bot's turn has no advice to ask for"
