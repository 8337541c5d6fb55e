"""The setup menu's game options, unavailable games, the self-test row and the first-boot self-test.

Everything goes through button presses on the real debouncer, loop and app (app_rig); the tests
read the OLED lines and the engine state, as a player reads the device.
"""

import json
import os
import sys

import micropython
from app.buttons import KEEP, OK, PRESS, SWAP, make_event
from app.core import SELFTEST_MARKER
from app.session import Session
from app_rig import (
    choose,
    event_kinds,
    make_rig,
    past_deal_reveal,
    past_reveal,  # noqa: E402
    press_play,
    state,
    to_menu_row,
)
from games import game_module
from store.files import Files
from store.storage import Store

_PARTS = __file__.split("/")[:-1]
_ROOT = ("/".join(_PARTS[:-2]) or ".") if len(_PARTS) >= 2 else "../.."
WORK = _ROOT + "/build/app_setup_tests"


def scratch(name):
    """An empty folder under build/ for one test (the store's subfolders emptied too)."""
    folder = WORK + "/" + name
    for path in (_ROOT + "/build", WORK, folder):
        try:
            os.mkdir(path)
        except OSError:
            pass
    for sub in ("game", "history", "quarantine", ""):
        try:
            names = os.listdir(folder + "/" + sub)
        except OSError:
            continue
        for entry in names:
            try:
                os.remove(folder + "/" + sub + "/" + entry)
            except OSError:
                pass  # a subfolder
    return folder


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def menu(driver):
    mode = driver.app.mode
    assert type(mode).__name__ == "SetupMenu", mode
    return mode


def to_row(driver, row):
    mode = menu(driver)
    to_menu_row(driver, row)
    if mode.rows[mode.cursor] != row:
        raise AssertionError("no row %s in %r" % (row, mode.rows))


def play(driver):
    to_row(driver, "play")
    press_play(driver)
    assert driver.app.mode.in_game, driver.hw.text


def shown_row(driver):
    """The OLED line under the cursor."""
    for line in driver.hw.text:
        if line.startswith(">"):
            return line
    raise AssertionError("no cursor line: %r" % (driver.hw.text,))


# -- game options ----------------------------------------------------------------------------------
def test_bourre_deals_stake_and_eldest_are_chosen_before_play():
    driver = make_rig(seed=2)
    choose(driver, "game", "bourre")
    choose(driver, "mode", "score")
    choose(driver, "players", 3)
    rows = menu(driver).rows
    assert rows[rows.index("players") + 1:] == ["deals", "stake", "eldest", "selftest"], rows
    choose(driver, "deals", 3)
    assert shown_row(driver) == "> Donnes: 3"
    choose(driver, "stake", 5)
    assert shown_row(driver) == "> Mise: 5"
    choose(driver, "eldest", 2)
    assert shown_row(driver) == "> Ancien: J3"
    play(driver)
    assert type(driver.app.mode).__name__ == "ScoreMode"
    st = state(driver)
    assert st.options["deals"] == 3 and st.options["stake"] == 5 and st.options["eldest"] == 2
    assert driver.hw.text[0].startswith("Donne 1/3 pot 15"), driver.hw.text
    assert st.entry_seat() == 2  # the eldest enters first
    for _deal in range(3):
        for tricks in (2, 1, 2):
            mode = driver.app.mode
            while mode.low + mode.pos != tricks:
                driver.press(SWAP)
            driver.long(OK)  # held: a short OK confirms nothing
            past_deal_reveal(driver)  # the deal's summary, until OK
    st = state(driver)
    assert st.is_over() and st.round == 3
    assert sum(st.payout) == st.pot() and st.pot() >= 3 * 3 * 5
    past_reveal(driver)
    assert driver.hw.text[0] == "Partie finie"


def test_a_seat_option_only_offers_seats_at_the_table():
    driver = make_rig(seed=1)
    choose(driver, "game", "bourre")
    choose(driver, "mode", "score")
    choose(driver, "players", 6)
    choose(driver, "eldest", 5)
    mode = menu(driver)
    assert mode.choices["eldest"] == [0, 1, 2, 3, 4, 5]
    choose(driver, "players", 3)  # J6 is gone: the eldest goes back to the first seat
    assert mode.choices["eldest"] == [0, 1, 2] and mode.value("eldest") == 0
    choose(driver, "eldest", 1)
    choose(driver, "players", 4)  # a seat that still exists is kept
    assert mode.value("eldest") == 1


def test_piccolo_dealer_target_and_generale_reach_the_game():
    driver = make_rig(seed=3)
    choose(driver, "game", "piccolo")
    rows = menu(driver).rows
    assert "dealer" in rows and "target" in rows and "generale" in rows, rows
    choose(driver, "dealer", 2)
    choose(driver, "target", 21)
    assert shown_row(driver) == "> But: 21"
    choose(driver, "generale", False)
    assert shown_row(driver) == "> Generale: non"
    play(driver)
    assert type(driver.app.mode).__name__ == "TableMode"
    options = state(driver).options
    assert (options["dealer"], options["target"], options["generale"]) == (2, 21, False)


def test_piccolo_generale_payoff_is_7_unless_the_house_pays_10():
    for mode in ("table", "score"):
        driver = make_rig(seed=3, lang="en")
        choose(driver, "game", "piccolo")
        choose(driver, "mode", mode)
        rows = menu(driver).rows
        assert rows[rows.index("generale"):rows.index("generale") + 2] == ["generale", "generale_payoff"]
        assert menu(driver).value("generale_payoff") == 7  # regle 13's top line
        to_row(driver, "generale_payoff")
        assert shown_row(driver) == "> Gen. pays: 7"
        choose(driver, "generale_payoff", 10)
        assert shown_row(driver) == "> Gen. pays: 10"
        play(driver)
        assert state(driver).options["generale_payoff"] == 10


def test_acheron_offers_its_house_readings_and_the_scorekeeper_fewer():
    driver = make_rig(seed=4, lang="en")
    choose(driver, "game", "acheron")
    mode = menu(driver)
    assert mode.option_names == ["target", "lay", "jocrisse", "chandelle", "five_fee", "rouge_queen",
                                 "personnages", "draw_from"]
    choose(driver, "lay", "free")
    assert shown_row(driver) == "> Lay: free"
    choose(driver, "chandelle", "transfer")
    assert shown_row(driver) == "> Chandelle:pays"
    choose(driver, "draw_from", "next")
    choose(driver, "mode", "score")
    assert mode.option_names == ["target", "chandelle"]
    assert mode.value("chandelle") == "transfer"  # kept: the scorekeeper has it too
    choose(driver, "target", 50)
    play(driver)
    options = state(driver).options
    assert state(driver).GAME == "acheron_score"
    assert options["target"] == 50 and options["chandelle"] == "transfer"


def test_each_game_keeps_the_values_just_set_while_the_game_row_is_browsed():
    driver = make_rig(seed=1)
    mode = menu(driver)
    choose(driver, "players", 6)  # Tanturlurette, never started
    choose(driver, "circles", 2)
    choose(driver, "game", "acheron")
    choose(driver, "target", 150)
    choose(driver, "jocrisse", "baiser")
    choose(driver, "mode", "score")  # no Jocrisse row in the scorekeeper
    assert mode.value("target") == 150
    choose(driver, "mode", "table")
    assert mode.value("jocrisse") == "baiser"
    choose(driver, "game", "bourre")
    choose(driver, "mode", "score")
    choose(driver, "deals", 3)
    choose(driver, "game", "piccolo")
    assert mode.value("target") == 41  # Piccolo's own default, not Acheron's choice
    choose(driver, "game", "tanturlurette")  # round the games: each as it was left
    assert mode.value("players") == 6 and mode.value("circles") == 2
    to_row(driver, "circles")
    assert shown_row(driver) == "> Cercles: 2", driver.hw.text
    choose(driver, "game", "acheron")
    assert mode.value("target") == 150 and mode.value("jocrisse") == "baiser"
    choose(driver, "game", "bourre")
    assert mode.value("mode") == "score" and mode.value("deals") == 3
    choose(driver, "game", "tanturlurette")
    play(driver)  # what the menu showed is what starts
    assert state(driver).options["circles"] == 2 and len(state(driver).pos) == 6


def test_tanturlurette_tie_rule_is_a_house_rule_row():
    driver = make_rig(seed=5)
    mode = menu(driver)
    rows = mode.rows
    at = rows.index("reentry")
    assert rows[at:at + 4] == ["reentry", "reentry_cap", "king_blocks", "all_tied_move"], rows
    assert mode.value("all_tied_move") is False and mode.value("circles") == 4
    choose(driver, "all_tied_move", True)
    assert shown_row(driver) == "> Tous egaux:oui"
    choose(driver, "king_blocks", True)
    assert shown_row(driver) == "> Roi bloque:oui"  # the space goes before the value would
    play(driver)
    options = state(driver).options
    assert options["all_tied_move"] is True and options["king_blocks"] is True
    assert options["circles"] == 4 and options["reentry"] is True


def test_tanturlurette_reentry_cap_is_a_house_rule_row_unlimited_by_default():
    for lang, unlimited, two in (("fr", "> Retours: libre", "> Retours: 2"),
                                 ("en", "> Re-entries:any", "> Re-entries: 2")):
        driver = make_rig(seed=5, lang=lang)
        mode = menu(driver)
        assert mode.value("reentry_cap") == 0  # the text's: as often as a token is on the outer circle
        to_row(driver, "reentry_cap")
        assert shown_row(driver) == unlimited
        choose(driver, "reentry_cap", 2)
        assert shown_row(driver) == two
    play(driver)
    assert state(driver).options["reentry_cap"] == 2 and state(driver).options["reentry"] is True


def test_the_reentry_cap_on_the_ring_a_count_and_no_limit_the_whole_ring():
    driver = make_rig(seed=1)
    app = driver.app
    inner = [app.layout.index(1, k) for k in range(app.layout.ring_sizes[1])]

    def inner_lit():
        app.render(driver.hw.clock.ticks_ms())
        return len([i for i in inner if app.frame[3 * i] or app.frame[3 * i + 1] or app.frame[3 * i + 2]])

    to_row(driver, "reentry_cap")
    assert inner_lit() == len(inner)  # no limit: every dot of the inner ring
    for cap in (1, 2, 3):
        choose(driver, "reentry_cap", cap)
        assert inner_lit() == cap
    now = driver.hw.clock.ticks_ms()
    for value in (0, 3):
        choose(driver, "reentry_cap", value)
        app.render(now)  # the text is rebuilt here, outside the lock
        micropython.heap_lock()
        try:
            app.render(now)
            app.render(now + 300)
        finally:
            micropython.heap_unlock()


GAME_NAMES = {"tanturlurette": "Tanturlurette", "acheron": "Acheron", "bourre": "La Bourre",
              "piccolo": "Piccolo"}


def test_no_setup_row_cuts_a_word_in_either_language():
    """Every row of every game and mode, at every value: the game by its whole name, and each
    other row its whole label (the game's own setup words' for its options, the shared messages'
    for the menu's rows), a colon, and one whole word or number of the language's tables."""
    from app.i18n import seat_name, tr, words
    from games import game as described
    from games import setup_words

    for lang in ("fr", "en"):
        driver = make_rig(seed=1, lang=lang)
        mode = menu(driver)
        table = words(lang)
        shared = set(seat_name(lang, s) for s in range(8))
        for key in ("yes", "no", "no_limit", "deck", "board", "table", "score", "normal", "beginner"):
            shared.add(table.MESSAGES[key])
        for game in GAME_NAMES:
            own = setup_words(described(game), lang)
            values = shared | set(own.WORDS.values())
            choose(driver, "game", game)
            assert shown_row(driver) == "> " + GAME_NAMES[game], (lang, driver.hw.text)
            for m in list(mode.choices["mode"]):
                choose(driver, "mode", m)
                for row in mode.rows:
                    if row in ("game", "play", "selftest"):
                        continue
                    for _ in range(len(mode.choices[row])):
                        line = mode.line(row, True)
                        value = mode.value(row)
                        assert len(line) <= 16 and line[0] == ">", line
                        label, _, shown = line[1:].strip().partition(":")
                        if row in ("mode", "players", "humans", "level"):
                            assert label == tr(lang, row), (lang, line)
                        else:
                            assert label == own.LABELS[row], (lang, line)
                        shown = shown.strip()
                        if type(value) is int and (value or row != "reentry_cap") and \
                                row not in ("eldest", "dealer"):
                            assert shown == str(value), (lang, line)
                        else:
                            assert shown in values, (lang, line)
                        mode.values[row] = (mode.values[row] + 1) % len(mode.choices[row])


def expected_length(players, circles, reentry, cap):
    """(median, 95th percentile) rounds from the menu's table, in the order the generator writes
    it (tests/bench/tant_lengths.py): per player count from 4, per circle count from 2, re-entry
    off, then on under each cap from 0 (no limit) to 3."""
    from app.modes.menu import TANT_LENGTHS, length_rounds

    i = 2 * (((players - 4) * 4 + circles - 2) * 5 + (1 + cap if reentry else 0))
    return length_rounds(TANT_LENGTHS[i]), length_rounds(TANT_LENGTHS[i + 1])


def test_the_tanturlurette_menu_says_how_long_a_game_lasts():
    for lang, form, hint in (("fr", "~%d tours, <%d", "K/S:ligne OK:val"),
                             ("en", "~%d rounds, <%d", "K/S:line OK:set")):
        driver = make_rig(seed=1, lang=lang)
        assert menu(driver).game == "tanturlurette"
        for players, circles, reentry, cap in ((4, 4, True, 0), (8, 2, True, 0), (8, 2, True, 1),
                                               (8, 2, False, 0), (5, 3, True, 3)):
            choose(driver, "players", players)
            choose(driver, "circles", circles)
            choose(driver, "reentry", reentry)
            choose(driver, "reentry_cap", cap)
            line = form % expected_length(players, circles, reentry, cap)
            if len(line) > 16:  # no room for the comma
                line = line.replace(",", "")
            text = driver.hw.text
            assert len(text) == 8 and text[6:] == [line, hint], (lang, text)
            assert shown_row(driver) in text[:6]
        long, capped = expected_length(8, 2, True, 0), expected_length(8, 2, True, 1)
        assert long[0] > 2 * capped[0] and long[1] > capped[1]  # a cap shortens the longest games
        to_row(driver, "all_tied_move")  # the last rows: still the length and the hint below
        assert driver.hw.text[6] == form % expected_length(5, 3, True, 3), driver.hw.text
        choose(driver, "game", "bourre")  # a game without the table: seven rows, then the hint
        text = driver.hw.text
        assert len(text) == 8 and text[7] == hint and not [t for t in text if t.startswith("~")], text


def test_an_option_row_shows_its_value_on_the_ring():
    driver = make_rig(seed=1, lang="en")
    choose(driver, "game", "bourre")
    choose(driver, "mode", "score")
    choose(driver, "deals", 3)
    app = driver.app
    inner = [app.layout.index(1, k) for k in range(app.layout.ring_sizes[1])]

    def inner_lit():
        app.render(driver.hw.clock.ticks_ms())
        return len([i for i in inner if app.frame[3 * i] or app.frame[3 * i + 1] or app.frame[3 * i + 2]])

    assert inner_lit() == 3  # three deals, three dots (of twenty)
    choose(driver, "deals", 5)
    assert inner_lit() == 5
    choose(driver, "eldest", 2)
    assert inner_lit() == 4  # every seat dim, the eldest bright: one dot a seat


def test_cursor_moves_and_frames_over_option_rows_allocate_nothing():
    for game in ("acheron", "bourre"):  # options shown by position, and counts shown as dots
        driver = make_rig(seed=1)
        choose(driver, "game", game)
        app = driver.app
        clock = driver.hw.clock
        mode = menu(driver)
        swap = make_event(SWAP, PRESS)
        for _ in range(len(mode.rows)):
            now = clock.ticks_ms()
            micropython.heap_lock()
            try:
                app.handle(swap, now)
            finally:
                micropython.heap_unlock()
            app.render(now)  # the text is rebuilt here, outside the lock
            for step in (0, 300):  # both halves of the blink
                micropython.heap_lock()
                try:
                    app.render(now + step)
                finally:
                    micropython.heap_unlock()


# -- a game that cannot be set up -------------------------------------------------------------------
def with_deck_file(path, test):
    """Run test with Acheron's deck read from path (missing or broken), then put the real one back.
    The scorekeeper is loaded afresh meanwhile so that it reads the deck through this very
    games.acheron.rules: an earlier test may have dropped that module from sys.modules, and a
    scorekeeper imported before would still hold the old copy's deck loader."""
    acheron = game_module("acheron")  # as imported now: starting another game lets modules go
    score = sys.modules.pop("games.acheron.score", None)
    saved = list(acheron._default_path)
    acheron.deck_path()  # fill the default first, so it can be restored
    real = list(acheron._default_path)
    acheron._default_path[:] = [path]
    acheron._decks.pop(path, None)
    try:
        test()
    finally:
        acheron._default_path[:] = saved or real
        acheron._decks.pop(path, None)
        if score is not None:
            sys.modules["games.acheron.score"] = score


def check_acheron_skipped(log_words):
    """The reason on the OLED in the table's French (the deck file), the engine's English in the
    log (log_words)."""
    driver = make_rig(seed=1)
    event_kinds(driver)
    mode = menu(driver)
    assert mode.game == "tanturlurette"
    to_row(driver, "game")
    driver.press(OK)  # tanturlurette -> acheron, which cannot deal: on to the next game
    assert mode.game == "bourre", mode.game
    assert driver.hw.text[:4] == ["Jeu indisponible", "Acheron", "Fichier du jeu", "absent ou abime"], driver.hw.text
    logged = " ".join([p["message"] for kind, p in driver.events if kind == "error"])
    for word in log_words:
        assert word in logged, logged
    assert "error" in event_kinds(driver)
    driver.run_for(3000)  # the notice goes; the menu is intact
    assert "> La Bourre" in driver.hw.text, driver.hw.text
    for _ in range(4):  # round the games again: acheron is skipped every time, the rest work
        driver.press(OK)
        assert mode.game != "acheron"
    choose(driver, "game", "piccolo")
    choose(driver, "mode", "score")
    play(driver)
    assert state(driver).GAME == "piccolo_score"


def test_a_missing_acheron_deck_file_skips_the_game_with_a_notice():
    with_deck_file(WORK + "/no_such_deck.json", lambda: check_acheron_skipped(["cannot", "read"]))


def test_a_broken_acheron_deck_file_skips_the_game_with_a_notice():
    path = scratch("deck") + "/acheron_deck.json"
    with open(path, "w") as f:
        f.write('{"cards": [')  # cut short
    with_deck_file(path, lambda: check_acheron_skipped(["JSON"]))


def test_a_configured_game_that_cannot_start_falls_back_at_boot():
    def body():
        driver = make_rig(seed=1)
        driver.app.config["game"] = "acheron"
        driver.app.to_setup(driver.hw.clock.ticks_ms())
        driver.run_for(50)
        assert menu(driver).game == "bourre"
        assert driver.hw.text[:2] == ["Jeu indisponible", "Acheron"], driver.hw.text
    with_deck_file(WORK + "/no_such_deck.json", body)


def test_a_game_left_out_of_the_build_is_neither_offered_nor_reported():
    import app.modes.menu as menu_module

    real = menu_module.installed
    menu_module.installed = lambda name: name != "acheron" and real(name)
    try:
        driver = make_rig(seed=1)
        driver.app.config["game"] = "acheron"  # a config from a fuller build: the first game instead
        driver.app.to_setup(driver.hw.clock.ticks_ms())
        driver.run_for(50)
        mode = menu(driver)
        assert mode.games == ["tanturlurette", "bourre", "piccolo"] and mode.game == "tanturlurette"
        event_kinds(driver)
        to_row(driver, "game")
        shown = []
        for _ in range(3):
            driver.press(OK)
            assert "Jeu indisponible" not in driver.hw.text, driver.hw.text
            shown.append(mode.game)
        assert shown == ["bourre", "piccolo", "tanturlurette"]
        assert "error" not in event_kinds(driver)
    finally:
        menu_module.installed = real


# -- the self-test ----------------------------------------------------------------------------------
def is_selftest(mode):
    """By name: the module is let go after each run, so each run has a class of its own."""
    return type(mode).__name__ == "SelfTestMode"


def test_the_self_test_lets_its_code_go_once_it_has_run():
    driver = make_rig(seed=1)
    to_row(driver, "selftest")
    driver.press(OK)
    assert "app.modes.selftest" in sys.modules
    pass_selftest(driver)
    assert type(driver.app.mode).__name__ == "SetupMenu"
    assert "app.modes.selftest" not in sys.modules


def pass_selftest(driver):
    assert is_selftest(driver.app.mode), driver.app.mode
    driver.run_for(7000)  # the ring sweep
    for button in (KEEP, SWAP, OK):
        driver.press(button)
    assert driver.app.mode.passed
    driver.long(OK)


def test_the_self_test_row_runs_it_and_returns_to_the_menu():
    driver = make_rig(seed=1, lang="en")
    mode = menu(driver)
    assert mode.rows[-1] == "selftest"
    driver.press(KEEP)  # up from Play: nothing (the menu does not wrap into the self-test)
    assert shown_row(driver) == "> Play" and mode.cursor == 0
    to_row(driver, "selftest")
    driver.press(SWAP)  # down from the self-test: nothing either
    assert shown_row(driver) == "> Self-test"
    driver.press(OK)
    assert is_selftest(driver.app.mode)
    assert driver.hw.text[0] == "SELF-TEST"
    pass_selftest(driver)
    assert driver.app.mode is mode and shown_row(driver) == "> Self-test"
    assert [p for k, p in driver.events if k == "selftest"][-1]["passed"] is True


def test_first_boot_runs_the_self_test_once_and_remembers_it_beside_the_saves():
    folder = scratch("first_boot")
    marker = folder + "/" + SELFTEST_MARKER
    driver = make_rig(seed=1, session=Session(store=Store(root=folder)))
    assert is_selftest(driver.app.mode), "a new device starts with its self-test"
    assert not exists(marker)
    pass_selftest(driver)
    assert type(driver.app.mode).__name__ == "SetupMenu"
    with open(marker) as f:
        assert json.loads(f.read())["passed"] is True
    again = make_rig(seed=2, session=Session(store=Store(root=folder)))
    assert type(again.app.mode).__name__ == "SetupMenu", "the next boot goes straight to the menu"


def test_a_self_test_left_early_is_not_asked_again():
    folder = scratch("left_early")
    driver = make_rig(seed=1, session=Session(store=Store(root=folder)))
    driver.long(OK)  # at once, nothing checked
    assert type(driver.app.mode).__name__ == "SetupMenu"
    with open(folder + "/" + SELFTEST_MARKER) as f:
        assert json.loads(f.read())["passed"] is False
    assert type(make_rig(session=Session(store=Store(root=folder))).app.mode).__name__ == "SetupMenu"


def test_a_saved_game_resumes_before_any_self_test():
    folder = scratch("resume_first")
    driver = make_rig(seed=1, session=Session(store=Store(root=folder)))
    driver.long(OK)
    os.remove(folder + "/" + SELFTEST_MARKER)  # a device whose marker is gone, mid-game
    choose(driver, "mode", "board")
    play(driver)
    again = make_rig(seed=2, session=Session(store=Store(root=folder)))
    assert again.app.mode.in_game, "the saved game comes first"
    assert not exists(folder + "/" + SELFTEST_MARKER)


def test_no_store_no_self_test_at_boot():
    driver = make_rig(seed=1)
    assert type(driver.app.mode).__name__ == "SetupMenu"
    assert driver.app.selftest_marker() is None


class FullFlash(Files):
    def write_atomic(self, path, data):
        raise OSError(28, "no space left")


def test_a_marker_that_cannot_be_written_is_logged_and_the_menu_still_opens():
    folder = scratch("full_flash")
    driver = make_rig(seed=1, session=Session(store=Store(root=folder, files=FullFlash())))
    event_kinds(driver)
    driver.long(OK)
    assert type(driver.app.mode).__name__ == "SetupMenu"
    errors = [p["message"] for k, p in driver.events if k == "error"]
    assert errors and "self-test" in errors[-1], errors
    assert not exists(folder + "/" + SELFTEST_MARKER)


def test_with_the_tie_rule_a_table_marking_every_seat_moves_them_all():
    from app_rig import keep_to_marking
    from test_app_tant import mark_losers

    for tie_rule, moved in ((False, [0, 0, 0, 0]), (True, [1, 1, 1, 1])):
        driver = make_rig(seed=8)
        choose(driver, "mode", "board")
        choose(driver, "all_tied_move", tie_rule)
        play(driver)
        keep_to_marking(driver)
        mark_losers(driver, 0b1111)  # every card the same rank
        driver.run_for(2000)
        assert list(state(driver).pos) == moved, (tie_rule, state(driver).pos)


# -- the menu's memory ------------------------------------------------------------------------------
def test_the_menu_remembers_the_last_game_and_its_settings_across_games():
    driver = make_rig(seed=2)
    choose(driver, "game", "piccolo")
    choose(driver, "mode", "score")
    choose(driver, "target", 21)
    choose(driver, "generale", False)
    play(driver)
    driver.app.finish_game(driver.hw.clock.ticks_ms())
    driver.run_for(30)  # three loop turns: the archive's (this call's), the game put away, the menu
    mode = menu(driver)
    assert mode.game == "piccolo" and mode.value("mode") == "score"
    assert mode.value("target") == 21 and mode.value("generale") is False
    assert mode.cursor == 0  # on Jouer: one press replays it
    choose(driver, "game", "bourre")  # another game opens with its own defaults
    assert mode.value("deals") == 7
    choose(driver, "game", "piccolo")  # and Piccolo with what it was played with
    assert mode.value("target") == 21 and mode.value("mode") == "score"


def test_the_menu_remembers_across_a_restart_and_checks_what_it_reads():
    folder = scratch("menu_memory")
    path = folder + "/menu.json"
    Files().write_atomic(folder + "/" + SELFTEST_MARKER, b"{}")  # its first-boot self-test ran
    driver = make_rig(seed=2, session=Session(Store(folder)))
    choose(driver, "game", "bourre")
    choose(driver, "players", 3)
    choose(driver, "humans", 2)
    choose(driver, "level", "beginner")
    choose(driver, "deals", 3)
    choose(driver, "eldest", 2)
    play(driver)
    assert driver.app.session.bots == [None, None, "beginner"], "the beginner level seats its bot"
    assert exists(path) and not exists(path + ".tmp")
    driver.app.finish_game(driver.hw.clock.ticks_ms())
    driver.run_for(30)  # three loop turns: the archive's (this call's), the game put away, the menu
    again = make_rig(seed=3, session=Session(Store(folder)))  # the board restarted
    mode = menu(again)
    assert mode.game == "bourre" and mode.value("players") == 3 and mode.value("humans") == 2
    assert mode.value("deals") == 3 and mode.value("eldest") == 2 and mode.value("level") == "beginner"
    # a file that passes its checksum but holds what no build offers: those parts are dropped
    from store.container import encode

    files = Files()
    files.write_atomic(path, encode("TTM", {"v": 1, "game": "bourre", "games": {
        "bourre": {"mode": "table", "players": 3, "humans": 9, "level": "expert",
                   "options": {"deals": 4, "eldest": 5, "stake": True}},
        "belote": {"mode": "table", "players": 4}}}))
    third = make_rig(seed=4, session=Session(Store(folder)))
    mode = menu(third)
    assert mode.game == "bourre" and mode.value("deals") == 4
    assert mode.value("eldest") == 0 and mode.value("stake") == 1 and mode.value("humans") == 1
    assert mode.value("level") == "normal", "a level no build offers is dropped"
    with open(path, "wb") as f:  # damaged: ignored and logged, the menu starts afresh
        f.write(b"TTM 1 00000000 2\n{}")
    fourth = make_rig(seed=5, session=Session(Store(folder)))
    assert menu(fourth).game == "tanturlurette"
    assert "error" in event_kinds(fourth)
