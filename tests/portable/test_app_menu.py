"""The setup menu's helpers on both runtimes: its lines, option names, and games that cannot start."""

import app.modes.menu as menu
from app.i18n import OPTION_LABELS, OPTION_WORDS, tr
from app.modes.menu import (
    TANT_CHOICES,
    default_bot,
    menu_line,
    oled_reason,
    playable_games,
    setup_choices,
    setup_problem,
)
from engine.registry import GAMES, game_module, installed


def every_setup_choice():
    """(engine, option, values) for every engine's menu options."""
    found = []
    for name in GAMES:
        module = game_module(name)
        for option, values in setup_choices(name, module):
            found.append((name, option, values))
    return found


def test_menu_line_cuts_the_label_never_the_value():
    assert menu_line(True, "Mise", "5") == "> Mise: 5"
    assert menu_line(False, "Mise", "5") == "  Mise: 5"
    assert menu_line(True, "Roi bloque", "non") == "> Roi bloque:non"  # the space goes first
    assert menu_line(True, "Chandelle", "transfer") == "> Chand:transfer"
    assert menu_line(True, "X", "a value far too long") == "> X: a value far"  # nothing else to cut


def test_every_game_option_has_a_name_and_words_in_both_languages():
    choices = every_setup_choice()
    assert ("tanturlurette", "all_tied_move", (False, True)) in choices
    assert {option for _game, option, _values in choices} >= {"deals", "stake", "eldest", "dealer",
                                                              "target", "generale", "lay"}
    for game, option, values in choices:
        assert option in OPTION_LABELS, (game, option)
        for lang in ("fr", "en"):
            for value in values:
                if isinstance(value, str):
                    assert value in OPTION_WORDS, (option, value)
                    word = tr(lang, value, OPTION_WORDS)
                    line = menu_line(True, tr(lang, option, OPTION_LABELS), word)
                    assert len(line) <= 16 and line.endswith(word), line
                    assert all(32 <= ord(c) < 127 for c in line), line


def test_the_first_value_of_each_option_is_the_engine_default():
    for name, option, values in every_setup_choice():
        if name == "tanturlurette":
            continue  # its rows keep the ascending order; the menu asks the engine for the default
        assert game_module(name).normalize_options({})[option] == values[0], (name, option)
    defaults = game_module("tanturlurette").normalize_options({})
    for option, values in TANT_CHOICES:
        assert defaults[option] in values, option


def test_every_engine_names_its_player_counts_and_options_of_one_type():
    """What the menu relies on: a players option (if only one count), one type per option."""
    for name in GAMES:
        module = game_module(name)
        counts = [k for k in range(1, 9) if menu.accepts(module, {"players": k})]
        assert module.normalize_options({})["players"] in counts, name
        for option, values in setup_choices(name, module):
            assert len({type(v) for v in values}) == 1, (name, option, values)


def test_empty_seats_get_a_bot_the_game_has():
    for game in playable_games():
        bots = __import__("engine." + game + "_bots", None, None, ["BOTS"]).BOTS
        assert default_bot(game) in bots, game


def test_every_shipped_game_can_be_set_up():
    for name in GAMES:
        assert setup_problem(name) is None, name
    assert "bourre" in playable_games() and "bourre_score" not in playable_games()
    assert menu.installed is installed  # the registry's own test, without loading the module


def test_a_game_left_out_of_the_build_is_not_listed():
    real = menu.installed
    menu.installed = lambda name: name != "acheron" and real(name)
    try:
        assert playable_games() == ["tanturlurette", "bourre", "piccolo"]
    finally:
        menu.installed = real


def test_an_unknown_game_says_it_is_not_installed():
    assert "unknown game 'belote'" in (setup_problem("belote") or "")


def test_a_reason_on_the_oled_shows_a_path_as_its_file_name():
    text = "cannot read the deck file /lib/engine/acheron_deck.json: [Errno 2] ENOENT"
    assert oled_reason(text) == "cannot read the deck file acheron_deck.json: [Errno 2] ENOENT"
    assert oled_reason("plain words") == "plain words"
