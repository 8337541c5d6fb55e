"""Issue 14 item 3: a game that cannot start, and a save the flash refuses, are said on the OLED in
the table's language, in three lines of 16 that cut no word, while the log keeps the English."""

import os

from app.buttons import OK
from app.clock import ManualClock
from app.config import DEFAULT_CONFIG, copy_config
from app.core import App
from app.i18n import LANGS, setup_refusal, tr, wrap
from app.session import Session
from engine.core import (
    REFUSE_FILE,
    REFUSE_GAME_DATA,
    REFUSE_MISSING,
    REFUSE_OPTION,
    REFUSE_OPTION_RANGE,
    REFUSE_OPTIONS,
    REFUSE_SEATS,
    BadOptions,
)
from games import GAMES, game, setup_words
from store.storage import Store
from test_store_files import FullDisk, clean_root, scratch_root

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
_BUILD = _HERE + "/../../build"


def new_app(lang, session=None):
    config = copy_config(DEFAULT_CONFIG)
    config["language"] = lang
    clock = ManualClock()
    app = App(config, clock, session)
    return app, clock


def shown(app, clock):
    app.render(clock.ticks_ms())
    return app.text


def errors(app):
    return [payload["message"] for kind, payload in app._events if kind == "error"]


def test_a_french_table_starting_a_game_with_a_bad_option_reads_why_in_french():
    """Before: the OLED showed the engine's English, cut at 16 columns
    ("option deals" / "must be an" / "integer from 1")."""
    for lang, reason in (("fr", ["Donnes: de 1 a", "99"]), ("en", ["Deals: 1 to 99"])):
        app, clock = new_app(lang)
        assert not app.start_game("bourre", {"players": 4, "deals": 0}, None, clock.ticks_ms())
        assert shown(app, clock)[:1 + len(reason)] == [tr(lang, "error")] + reason, app.text
        assert "cannot start bourre: option deals must be an integer from 1 to 99, got 0" in errors(app)


def test_a_seat_option_refused_reads_its_seats_as_a_person_counts_them():
    """A seat is J1..J4 on every screen: its range too (before: "de 0 a 3")."""
    for lang, seats in (("fr", "de 1 a 4"), ("en", "1 to 4")):
        app, clock = new_app(lang)
        assert not app.start_game("bourre", {"players": 4, "eldest": 4}, None, clock.ticks_ms())
        assert shown(app, clock)[1].endswith(seats), app.text
        assert any("eldest" in e and "0 to 3" in e for e in errors(app))  # the log keeps the engine's


def test_an_option_of_words_refused_is_named_by_its_menu_label():
    app, clock = new_app("fr")
    assert not app.start_game("bourre", {"players": 4, "putback": "sideways"}, None, clock.ticks_ms())
    assert shown(app, clock)[:3] == ["Erreur", "Ecart: valeur", "refusee"], app.text
    assert any("option putback must be one of" in e for e in errors(app))


def test_bots_that_are_not_one_a_seat_are_refused_in_the_tables_language():
    for lang, reason in (("fr", ["3 joueurs pour 4", "places"]), ("en", ["3 players for 4", "seats"])):
        app, clock = new_app(lang)
        assert not app.start_game("bourre", {"players": 4}, [None] * 3, clock.ticks_ms())
        assert shown(app, clock)[1:3] == reason, app.text
        assert "cannot start bourre: 3 bot entries for 4 seats" in errors(app)
        assert app.session.state is None  # nothing started


def test_acherons_deck_file_refused_says_so_in_the_tables_language():
    """A deck file that is no JSON: the game does not start, the OLED says a file of the game is
    missing or damaged (in French: no English), the log names the file and the fault."""
    from games.acheron import rules as acheron

    try:
        os.mkdir(_BUILD)
    except OSError:
        pass
    path = _BUILD + "/broken_deck.json"
    with open(path, "w") as f:
        f.write("{not json")
    saved = list(acheron._default_path)
    acheron._default_path[:] = [path]
    try:
        for lang, reason in (("fr", ["Fichier du jeu", "absent ou abime"]),
                             ("en", ["a file of the", "game is missing", "or damaged"])):
            app, clock = new_app(lang)
            assert not app.start_game("acheron", {"players": 4}, None, clock.ticks_ms())
            assert shown(app, clock)[1:1 + len(reason)] == reason, app.text
            assert any("broken_deck.json is not valid JSON" in e for e in errors(app)), errors(app)
    finally:
        acheron._default_path[:] = saved
        os.remove(path)


def test_every_setup_refusal_fits_three_lines_without_cutting_a_word():
    """Every code, with every option label a game's setup rows have (its own setup words'), in
    each language."""
    cases = [BadOptions("x"), BadOptions("x", (REFUSE_GAME_DATA,)), BadOptions("x", (REFUSE_SEATS, 8, 8)),
             ImportError("no module named 'games.piccolo.rules'"), OSError(28), ValueError("x")]
    seen = []
    for described in GAMES:
        labels = ["players"]
        for mode in described.modes:
            for name, _offered, _default in mode.rows:
                if name not in labels:
                    labels.append(name)
        seen += labels
        for lang in LANGS:
            for name in labels:
                label = setup_words(described, lang).LABELS.get(name) or tr(lang, name)
                assert label != name, (described.name, name)  # the menu's label, not the engine's key
                for err in cases + [BadOptions("x", (REFUSE_OPTION, name)),
                                    BadOptions("x", (REFUSE_OPTION_RANGE, name, 100, 1000))]:
                    text = setup_refusal(lang, err, described)
                    lines = wrap(text, 3)
                    assert " ".join(lines) == text, (lang, text, lines)  # three lines, no word cut
                    assert all(32 <= ord(c) < 127 for c in text), text
                    if isinstance(err, BadOptions) and err.why[0] in (REFUSE_OPTION, REFUSE_OPTION_RANGE):
                        assert text.startswith(label + ":"), (text, label)
    assert "putback" in seen and "generale_payoff" in seen


def test_a_refused_option_is_named_by_its_games_own_label():
    piccolo, bourre = game("piccolo"), game("bourre")
    assert setup_refusal("fr", BadOptions("x", (REFUSE_OPTION_RANGE, "dealer", 0, 3)), piccolo) == "Donneur: de 1 a 4"
    assert setup_refusal("en", BadOptions("x", (REFUSE_OPTION, "putback")), bourre) == "Put back: value refused"
    assert setup_refusal("fr", BadOptions("x", (REFUSE_OPTION_RANGE, "players", 2, 6)), bourre) == "Joueurs: de 2 a 6"
    # an option of another game's rows is one this game's menu never sets
    assert setup_refusal("fr", BadOptions("x", (REFUSE_OPTION, "target")), bourre) == "Reglages refuses"
    assert setup_refusal("fr", BadOptions("x", (REFUSE_OPTION, "target")), None) == "Reglages refuses"


def test_what_the_app_makes_of_each_kind_of_setup_failure():
    assert setup_refusal("fr", ImportError("no module named 'games.piccolo.rules'"), None) == "Jeu incomplet: a reinstaller"
    assert setup_refusal("en", OSError(5), None) == "file error 5"
    assert setup_refusal("fr", OSError(28), None) == "Erreur de fichier 28"
    assert setup_refusal("fr", ValueError("unknown game 'belote'"), None) == "Reglages refuses"
    # an option the menu never sets (a host's, a saved game's) and a code without words
    assert setup_refusal("fr", BadOptions("x", (REFUSE_OPTION, "stall_laps")), None) == "Reglages refuses"
    assert setup_refusal("en", BadOptions("x", (99,)), None) == "settings refused"
    assert setup_refusal("en", BadOptions("option generale_payoff must be 7 or 10"), None) == "settings refused"
    assert setup_refusal("fr", BadOptions("x", (REFUSE_MISSING,)), None) == "Jeu incomplet: a reinstaller"
    assert setup_refusal("en", BadOptions("x", (REFUSE_FILE, 2)), None) == "file error 2"
    assert setup_refusal("fr", BadOptions("x", (REFUSE_OPTIONS,)), None) == "Reglages refuses"


def test_a_full_flash_is_said_on_the_oled_in_the_tables_language_and_so_is_saving_again():
    """Before: a save the flash refused was only a log event; the table never knew its game
    would not survive a power cut."""
    for lang, full, again in (("fr", ["Flash pleine", "le jeu continue"], "Sauvegarde OK"),
                              ("en", ["Flash full", "game goes on"], "Saved again")):
        disk = FullDisk()
        root = scratch_root()
        try:
            app, clock = new_app(lang, Session(store=Store(root=root, files=disk)))
            assert app.start_game("tanturlurette", {"players": 4}, None, clock.ticks_ms())
            session = app.session
            disk.full = True
            clock.advance(3000)
            app.tick(clock.ticks_ms())
            assert app.act(session.chance_outcome(app.rng))  # its save fails
            assert shown(app, clock)[:2] == full, app.text
            storage = [p for k, p in app._events if k == "storage"]
            assert storage and storage[-1]["message"] == "flash full: playing on in memory"
            assert session.unsaved
            disk.full = False
            clock.advance(3000)
            app.tick(clock.ticks_ms())
            state = session.state
            player = state.current_player()
            action = session.chance_outcome(app.rng) if player < 0 else state.legal_actions()[0]
            assert app.act(action)
            assert shown(app, clock)[0] == again, app.text
            assert not session.unsaved
        finally:
            clean_root(root)


def test_the_menu_start_path_shows_the_refusal_too():
    """The setup menu's Play goes through the same start: a game whose deck file is broken after
    the menu checked it shows the reason in French."""
    from games.acheron import rules as acheron

    app, clock = new_app("fr")
    menu = app.mode
    while menu.value("game") != "acheron":
        menu.cursor = menu.rows.index("game")
        menu.pressed(OK, clock.ticks_ms())
    try:
        os.mkdir(_BUILD)
    except OSError:
        pass
    path = _BUILD + "/missing_deck.json"
    saved = list(acheron._default_path)
    acheron._default_path[:] = [path]  # no such file
    try:
        menu.cursor = 0
        assert menu.rows[0] == "play"
        menu.pressed(OK, clock.ticks_ms())
        # Play's loop turn, the next reads its deck file, the one after loads the game's code,
        # the next starts it
        for _turn in range(4):
            app.tick(clock.ticks_ms())
        assert not app.mode.in_game
        assert shown(app, clock)[:3] == ["Erreur", "Fichier du jeu", "absent ou abime"], app.text
    finally:
        acheron._default_path[:] = saved
