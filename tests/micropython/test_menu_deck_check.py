"""The setup menu's check of Achéron's deck file: every mode judged in one load of the pack, and a
deck file that parses but breaks a rule refused with its reason, as a missing or cut one is.

The heap the check takes on the 32-bit runtime is measured by tests/host/test_wasm_session.py.
"""

import json
import sys

import app.modes.menu as menu_module
from app.buttons import OK
from app_rig import choose, make_rig
from engine.registry import game_module
from test_app_setup import check_acheron_skipped, menu, scratch, to_row, with_deck_file

ACHERON_ENGINES = ("acheron", "acheron_score")


def test_the_check_judges_every_mode_of_the_game_in_one_load_of_its_pack():
    """The scorekeeper imports the card engine: letting the pack go between the two modes' checks
    would load it, and read the deck, twice in the one turn."""
    real = menu_module.setup_problem
    loaded_before = []  # per check: whether the card engine was already loaded

    def watched(name):
        loaded_before.append((name, "engine.acheron" in sys.modules))
        return real(name)

    menu_module.setup_problem = watched
    try:
        driver = make_rig(seed=1)
        choose(driver, "game", "acheron")
        mode = menu(driver)
        assert mode.game == "acheron", driver.hw.text
        assert sorted(name for name, _ in loaded_before) == sorted(ACHERON_ENGINES), loaded_before
        assert loaded_before[1][1], "the pack was let go between the checks of its modes"
        for name in ACHERON_ENGINES:
            assert mode.problems[name] is None, mode.problems
        assert "engine.acheron" not in sys.modules and "engine.acheron_score" not in sys.modules
        choose(driver, "mode", "score")  # judged already: no second check
        assert len(loaded_before) == 2, loaded_before
    finally:
        menu_module.setup_problem = real


def test_a_deck_file_breaking_a_rule_is_refused_in_the_menu_with_its_reason():
    with open(game_module("acheron").deck_path()) as f:  # the shipped deck
        data = json.load(f)
    data["cards"][1]["id"] = data["cards"][0]["id"]  # valid JSON, a card id used twice
    path = scratch("deck_rule") + "/acheron_deck.json"
    with open(path, "w") as f:
        json.dump(data, f)
    reason = "card 1 (%s): the id is used twice" % data["cards"][0]["id"]

    def body():
        driver = make_rig(seed=1)
        mode = menu(driver)
        to_row(driver, "game")
        driver.events = []
        driver.press(OK)  # tanturlurette -> acheron: refused, on to the next game
        messages = [payload["message"] for kind, payload in driver.events if kind == "error"]
        assert messages == ["game acheron unavailable: " + reason], messages
        # neither mode is offered: the scorekeeper reads the same deck
        assert mode.problems == {"acheron": reason, "acheron_score": reason}, mode.problems
        assert mode.game == "bourre", mode.game

    with_deck_file(path, body)
    # and as the other refusals show: the notice with its reason, the rest of the menu intact
    with_deck_file(path, lambda: check_acheron_skipped(["used", "twice"]))
