"""The setup menu's check of Achéron's deck file: judged once a boot, by reading the deck without loading
the game's engines, and a deck file that parses but breaks a rule refused with its reason, as a
missing or cut one is.

The heap the check takes on the 32-bit runtime is measured by tests/host/test_wasm_session.py.
"""

import json
import sys

from app.buttons import OK
from app_rig import choose, make_rig
from games import game_module
from test_app_setup import check_acheron_skipped, menu, scratch, to_row, with_deck_file

ENGINES = ("games.acheron.rules", "games.acheron.score", "games.acheron.bots")


def test_the_menu_judges_the_game_once_by_its_deck_without_loading_its_engines():
    """Building each mode's engine to check the deck took the engines' code, twice over (the
    scorekeeper imports the card engine), all in the turn the cursor reached the game."""
    import app.modes.menu as menu_module  # here: a game played before let the menus' module go

    real = menu_module.check_problem
    checks = []  # per check: the engines loaded while it ran

    def watched(described):
        problem = real(described)
        checks.append([m for m in ENGINES if m in sys.modules])
        return problem

    for module in ENGINES:
        sys.modules.pop(module, None)
    menu_module.check_problem = watched
    try:
        driver = make_rig(seed=1)
        choose(driver, "game", "acheron")
        mode = menu(driver)
        assert mode.game == "acheron", driver.hw.text
        assert checks == [[]], checks  # one check, no engine loaded by it
        assert mode.problems == {"acheron": None}, mode.problems
        assert "games.acheron.deck" not in sys.modules  # let go once it has judged
        choose(driver, "mode", "score")  # judged already: no second check
        assert len(checks) == 1, checks
        # nor in the menu a game's end opens (the turn that lets go of the game's code): the
        # judgement is kept until the next boot
        driver.app.to_setup(driver.hw.clock.ticks_ms())
        choose(driver, "game", "acheron")
        again = menu(driver)
        assert again is not mode and again.game == "acheron", driver.hw.text
        assert len(checks) == 1 and again.problems == {"acheron": None}, (checks, again.problems)
    finally:
        menu_module.check_problem = real


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
        assert mode.game == "bourre", mode.game
        assert list(mode.problems) == ["acheron"] and str(mode.problems["acheron"]) == reason, mode.problems

    with_deck_file(path, body)
    # and as the other refusals show: the notice with its reason, the rest of the menu intact
    with_deck_file(path, lambda: check_acheron_skipped(["used", "twice"]))


DECK_MODULE_MOST = 5000  # bytes the deck module holds on the unix port (64-bit): 6,848 with its reader


def test_the_deck_module_a_game_keeps_leaves_its_reader_out_of_the_heap():
    """Issue 25: the deck module stays while Achéron plays (the Deck, its cache). Reading and
    checking the file (games.acheron.deck_file: the checks and their messages) runs once a deck
    and is let go at once, so it is not in the heap during the game: about 2 KB on the 32-bit
    port, at every turn. The module's own heap is measured on its second import (its names are
    interned by then), then let go, or the first one put back if it was loaded before."""
    import gc

    import games.acheron as package
    from app.memory import let_go, load

    was = "games.acheron.deck" in sys.modules
    kept = load("games.acheron.deck")
    kept.load_deck()
    assert "games.acheron.deck_file" not in sys.modules  # read, checked and let go
    let_go("games.acheron.deck")
    gc.collect()
    before = gc.mem_alloc()
    try:
        load("games.acheron.deck")
        gc.collect()
        held = gc.mem_alloc() - before
    finally:
        let_go("games.acheron.deck")
        if was:
            sys.modules["games.acheron.deck"] = kept
            package.deck = kept
    assert held <= DECK_MODULE_MOST, held
