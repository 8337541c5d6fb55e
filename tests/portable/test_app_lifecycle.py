"""A game's start and finish, a part a loop turn (app.lifecycle), on both runtimes.

Each loop turn is what app.loop.step does with the app: its events (begin_game and finish_game
are called from a mode's handle), then its tick. The steps are read from the passage the App
holds: what each turn did is checked on the session and the screen, as a person would see it.
"""

import sys

from app.buttons import DOWN, OK, PRESS, UP, make_event
from app.clock import ManualClock
from app.config import DEFAULT_CONFIG, copy_config
from app.core import LIFECYCLE, App
from app.i18n import tr

BOURRE = {"players": 4}


def new_app(lang="fr"):
    config = copy_config(DEFAULT_CONFIG)
    config["language"] = lang
    clock = ManualClock()
    app = App(config, clock, first_boot_selftest=False)
    app.rng.seed(1)
    return app, clock


def turn(app, clock):
    """The rest of a loop turn (its tick and render), then the loop's period."""
    now = clock.ticks_ms()
    changed = app.tick(now)
    app.render(now)
    clock.advance(10)
    return changed


def press_ok(app, clock):
    now = clock.ticks_ms()
    return [app.handle(make_event(OK, kind), now) for kind in (DOWN, UP, PRESS)]


def test_a_start_makes_the_game_a_turn_after_play_and_shows_it_the_turn_after():
    from app.lifecycle import LOADED, MAKE, SHOW, STARTED

    app, clock = new_app()
    remember = ("bourre", None, 4, 1, BOURRE)
    app.begin_game("bourre", BOURRE, ["greedy", "greedy", "greedy", None], remember, clock.ticks_ms())
    start = app.passage
    assert start.step == LOADED and start.game == "bourre" and start.options == BOURRE
    assert start.checked is None and start.why is None and start.remember == remember
    assert "games.bourre.rules" in sys.modules  # Play's turn loaded its code
    assert not turn(app, clock)  # Play's own turn: nothing more
    assert start.step == MAKE and app.session.state is None
    assert press_ok(app, clock) == [False] * 3  # a game on its way: the buttons go to no mode
    assert not turn(app, clock)
    assert start.step == SHOW and app.session.state is not None  # made, the menu still shown
    assert not app.mode.in_game and app.text[0] == "> Jouer"
    assert turn(app, clock)
    assert start.step == STARTED and app.passage is None and app.mode.in_game
    assert app.to_remember == remember and app.menu_memory["game"] != "bourre"
    assert LIFECYCLE not in sys.modules  # a game playing holds none of the start's code
    turn(app, clock)  # the turn after it shows: its settings noted for the menu
    assert app.to_remember is None and app.menu_memory["game"] == "bourre"


def test_a_game_with_a_data_file_reads_it_in_a_turn_of_its_own_before_its_code_loads():
    """Achéron's deck file is read and checked (some 14 KB of a turn's heap) in a turn of its own,
    and before the game's code is loaded, in the turn after: the check's garbage never meets the
    engine, bots, words and screen (some 30 KB live), which was the start's heaviest turn."""
    import sys

    from app.lifecycle import CHECK, LOAD, MAKE, SHOW
    from app.memory import let_go_games

    app, clock = new_app()
    let_go_games()  # what tests before this one loaded
    app.begin_game("acheron", {"players": 4}, None, None, clock.ticks_ms())
    start = app.passage
    assert start.checked is not None and start.checked.name == "acheron"
    assert "games.acheron.rules" not in sys.modules
    turn(app, clock)
    assert start.step == CHECK
    turn(app, clock)
    assert start.step == LOAD and "games.acheron.rules" not in sys.modules
    turn(app, clock)
    assert start.step == MAKE and app.session.state is None and "games.acheron.rules" in sys.modules
    turn(app, clock)
    assert start.step == SHOW and app.session.state is not None
    turn(app, clock)
    assert app.passage is None and app.mode.in_game


def test_a_start_that_fails_says_why_and_leaves_the_menu_for_play_again():
    from app.lifecycle import FAILED

    for lang, reason in (("fr", ["Donnes: de 1 a", "99"]), ("en", ["Deals: 1 to 99"])):
        app, clock = new_app(lang)
        menu = app.mode
        app.begin_game("bourre", {"players": 4, "deals": 0}, None, None, clock.ticks_ms())
        start = app.passage
        turn(app, clock)
        assert turn(app, clock)  # the make: refused, and said
        assert start.step == FAILED and app.passage is None
        assert start.why == "cannot start bourre: option deals must be an integer from 1 to 99, got 0"
        assert app.mode is menu and app.session.state is None
        assert app.text[:1 + len(reason)] == [tr(lang, "error")] + reason, app.text
        assert LIFECYCLE not in sys.modules
        assert press_ok(app, clock)[-1]  # the buttons are the menu's again


def test_a_finish_archives_puts_away_then_opens_the_menu_a_turn_each():
    from app.lifecycle import ARCHIVED, FINISHED, PUT_AWAY, TO_MENU

    app, clock = new_app("en")
    assert app.start_game("bourre", BOURRE, ["greedy"] * 4, clock.ticks_ms())
    assert LIFECYCLE not in sys.modules  # the start in one call holds none of it either
    session = app.session
    shown = list(app.text)
    app.finish_game(clock.ticks_ms())  # New game confirmed: abandoned, archived at once
    finish = app.passage
    assert finish.step == ARCHIVED and session.finished and session.state is not None
    assert not turn(app, clock)  # the archive's own turn: nothing more
    assert finish.step == PUT_AWAY and session.state is not None
    assert press_ok(app, clock) == [False] * 3  # ended: the buttons go to no mode
    assert not turn(app, clock)
    assert finish.step == TO_MENU and session.state is None and session.last["game"] == "bourre"
    assert app.text == shown  # its screen stays while the game leaves the heap
    assert "games.bourre.rules" not in sys.modules
    assert turn(app, clock)
    assert finish.step == FINISHED and app.passage is None
    assert type(app.mode).__name__ == "SetupMenu" and app.text[0] == "> Play"
    assert LIFECYCLE not in sys.modules
