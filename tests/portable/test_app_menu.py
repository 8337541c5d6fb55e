"""The setup menu's helpers on both runtimes: its lines, option names, and games that cannot start."""

import app.modes.menu as menu
from app.modes.menu import check_problem, menu_line, playable_games
from games import ENGINES, SEATS, Game, installed, new_state, of_engine, setup_words
from games import GAMES as DESCRIPTORS


def every_setup_choice():
    """(engine, option, values) for every mode's menu rows (the seats stand for seat rows)."""
    found = []
    for g in DESCRIPTORS:
        for mode in g.modes:
            for option, values, _default in mode.rows:
                found.append((mode.engine, option, range(8) if values == SEATS else values))
    return found


def test_menu_line_drops_spaces_never_a_letter():
    assert menu_line(True, "Mise", "5") == "> Mise: 5"
    assert menu_line(False, "Mise", "5") == "  Mise: 5"
    assert menu_line(True, "Roi bloque", "non") == "> Roi bloque:non"  # the space goes first
    assert menu_line(True, "Jocrisse", "baiser") == ">Jocrisse:baiser"  # then the cursor's
    assert menu_line(False, "Jocrisse", "baiser") == " Jocrisse:baiser"


def test_every_game_option_has_a_name_and_words_in_both_languages():
    choices = every_setup_choice()
    assert ("tanturlurette", "all_tied_move", (False, True)) in choices
    assert {option for _game, option, _values in choices} >= {"deals", "stake", "eldest", "dealer",
                                                              "target", "generale", "lay"}
    for engine, option, values in choices:
        for lang in ("fr", "en"):
            words = setup_words(of_engine(engine)[0], lang)  # the game's own, in its folder
            assert option in words.LABELS, (engine, option, lang)
            for value in values:
                if isinstance(value, str):
                    assert value in words.WORDS, (option, value, lang)
                    word = words.WORDS[value]
                    line = menu_line(True, words.LABELS[option], word)
                    assert len(line) <= 16 and line.endswith(word), line
                    assert all(32 <= ord(c) < 127 for c in line), line


def test_every_shipped_game_can_be_set_up():
    for name in ENGINES:
        assert new_state(name).seats() > 0, name
    for g in DESCRIPTORS:
        if g.checked:  # the menu's judgement of it, without building its engines
            assert installed(g.modes[0].engine) and g.checked != "rules", g.name
            assert check_problem(g) is None, g.name
    assert playable_games() == ["tanturlurette", "acheron", "bourre", "piccolo"]
    assert menu.installed is installed  # the registry's own test, without loading the module


def test_a_game_left_out_of_the_build_is_not_listed():
    real = menu.installed
    menu.installed = lambda name: name != "acheron" and real(name)
    try:
        assert playable_games() == ["tanturlurette", "bourre", "piccolo"]
    finally:
        menu.installed = real


def test_a_checked_game_whose_check_module_is_missing_says_so():
    described = Game("belote", "Belote", (), checked="check")
    assert isinstance(check_problem(described), ImportError)  # app.i18n words it "Jeu incomplet"
