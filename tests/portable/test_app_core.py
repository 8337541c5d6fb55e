"""The application core on both runtimes: text helpers, queues, gestures, the menu by events."""

from app.buttons import BACK, DOWN, KEEP, LONG, OK, PRESS, SWAP, UP, make_event
from app.clock import ManualClock
from app.config import DEFAULT_CONFIG, copy_config
from app.core import EVENT_QUEUE, App
from app.cues import NO_CUE
from app.i18n import LANGS, board_words, fit, refusal, seat_name, tr, words, wrap
from games import GAMES, setup_words


def new_app(lang="fr"):
    config = copy_config(DEFAULT_CONFIG)
    config["language"] = lang
    clock = ManualClock()
    app = App(config, clock)
    app.rng.seed(1)
    return app, clock


def press(app, clock, button):
    for kind in (DOWN, UP, PRESS):
        app.handle(make_event(button, kind), clock.ticks_ms())
        clock.advance(30)
    app.render(clock.ticks_ms())


def test_every_fixed_string_fits_the_oled():
    for lang in LANGS:
        shared = words(lang)
        tables = [shared.MESSAGES, board_words(lang)]
        for described in GAMES:  # each game's setup menu words, in its folder
            own = setup_words(described, lang)
            tables += [own.LABELS, own.WORDS]
        for table in tables:
            for key, text in table.items():
                shown = text.replace("%d", "8").replace("%s", "J8")
                assert len(shown) <= 16, (lang, key, text)
                assert all(32 <= ord(c) < 127 for c in text), "ASCII only for the OLED font: %r" % text


def test_translations_and_seat_names():
    assert tr("fr", "play") == "Jouer" and tr("en", "play") == "Play"
    assert tr("fr", "no_such_key") == "no_such_key"
    assert seat_name("fr", 0) == "J1" and seat_name("en", 7) == "P8"
    assert fit("x" * 20) == "x" * 16


def test_wrap_splits_at_spaces_and_limits_lines():
    lines = wrap("a player takes 0 to 5 tricks in a deal (five cards each)", 3)
    assert len(lines) == 3 and all(len(line) <= 16 for line in lines)
    assert lines[0] == "a player takes 0"


def test_a_message_of_one_line_wraps_to_itself_and_white_space_is_still_made_single():
    from app.i18n import pack

    for message in ("J1 +12 = 34", "exactly sixteen!", "x", "", " lead", "trail ", "two  spaces",
                    "a\tb", "a\nb", "seventeen letters"):
        for max_lines in (0, 1, 2):
            expected = [fit(line) for line in pack(message.split())[:max_lines]]
            assert wrap(message, max_lines) == expected, (message, max_lines)
    line = "J1 +12 = 34"
    assert wrap(line, 2)[0] is line  # the line itself: nothing split and joined again
    assert [seat_name("fr", s) for s in (0, 7, 8)] == ["J1", "J8", "J9"]
    assert [seat_name("en", s) for s in (0, 7, 8)] == ["P1", "P8", "P9"]


def test_a_refusal_is_worded_from_its_code_in_each_language():
    from engine.core import REFUSE_OVER

    assert refusal("fr", (REFUSE_OVER,), {}) == "La partie est finie"
    assert refusal("en", (REFUSE_OVER,), {}) == "the game is over"
    assert refusal("fr", (40, 3), {40: "%d plis"}) == "3 plis"  # the game's table, in the language
    assert refusal("en", (40, 3), {40: "%d tricks"}) == "3 tricks"
    assert refusal("en", (41,), {}) == "move refused (41)"  # a code without words shows, never crashes
    assert refusal("fr", (41,), {}) == "Coup refuse (41)"
    assert refusal("en", "a fixed deal starts a round's deal", {}) == "a fixed deal starts a round's deal"
    # a check outside the rules is an English sentence: a French screen says "not possible now"
    assert refusal("fr", "a fixed deal starts a round's deal", {}) == "Pas possible maintenant"
    assert refusal("fr", "", {}) == "Pas possible maintenant"


def test_every_game_words_every_refusal_in_three_oled_lines_without_cutting_a_word():
    import games as registry
    from engine.core import REFUSE_NOT_INT, REFUSE_NOT_NOW, REFUSE_OVER
    from games import GAMES
    from games import words_of as of
    from support import language_words

    for game in GAMES:
        game_words = of(game.name)
        codes = []
        for mode in game.modes:
            module = registry.game_module(mode.engine)
            codes += [getattr(module, name) for name in dir(module) if name.startswith("R_")]
        english = language_words(game.name, "en").REFUSALS
        for lang in LANGS:  # every code has its words
            assert sorted(codes) == sorted(language_words(game.name, lang).REFUSALS), (game.name, lang)
        engine = game.name
        for code in codes + [REFUSE_OVER, REFUSE_NOT_NOW, REFUSE_NOT_INT]:
            args = english[code].count("%d") if code in english else 0
            for lang in LANGS:
                text = game_words.refusal(lang, (code,) + (100,) * args)
                assert "?" != text[:1], (engine, code)
                lines = wrap(text, 4)
                assert len(lines) <= 3, (engine, code, lang, lines)
                assert " ".join(lines) == text, (engine, code, lang, lines)  # no word cut
                assert all(32 <= ord(c) < 127 for c in text), text


def test_boot_logs_and_opens_the_setup_menu():
    app, clock = new_app()
    assert app.pop_event()[0] == "boot"
    app.render(clock.ticks_ms())
    assert app.text[0] == "> Jouer" and app.text_version == 1


def test_menu_cursor_and_values_by_events():
    app, clock = new_app("en")
    press(app, clock, SWAP)
    press(app, clock, SWAP)
    assert app.text[2] == "> Mode: deck"
    press(app, clock, OK)
    assert app.text[2] == "> Mode: board"
    assert "Humans: 1" not in " ".join(app.text), "board mode has no bots"
    press(app, clock, KEEP)
    press(app, clock, KEEP)
    press(app, clock, OK)
    assert not app.mode.in_game  # Play's turn loads the game's code; the next turns start it
    app.tick(clock.ticks_ms())  # the rest of Play's loop turn
    app.tick(clock.ticks_ms())  # the next loop turn makes the game
    assert not app.mode.in_game and app.session.state is not None
    app.tick(clock.ticks_ms())  # the one after shows it
    assert app.mode.in_game and app.session.state.options["mode"] == "board"


def test_a_long_ok_is_no_global_undo_any_more():
    """Undo is in the game menu in every mode (issue 14): a long OK belongs to the mode."""
    app, clock = new_app("en")
    app.render(clock.ticks_ms())
    before = list(app.text)
    app.handle(make_event(OK, LONG), clock.ticks_ms())
    app.render(clock.ticks_ms())
    assert app.text == before and app.text[0] == "> Play"
    assert app.pop_sound() == NO_CUE


def test_notice_expires():
    app, clock = new_app("en")
    app.notify(["hello"], clock.ticks_ms())
    app.render(clock.ticks_ms())
    assert app.text[0] == "hello"
    clock.advance(3000)
    app.tick(clock.ticks_ms())
    app.render(clock.ticks_ms())
    assert app.text[0] == "> Play"


def test_event_queue_is_bounded_and_counts_drops():
    app, _clock = new_app()
    while app.pop_event() is not None:
        pass
    for i in range(EVENT_QUEUE + 5):
        app.log("act", {"i": i})
    assert app.dropped_events == 5
    assert app.pop_event()[1]["i"] == 5


def test_sound_queue_pops_in_order_then_empty():
    app, _clock = new_app()
    app.sound(3)
    app.sound(5)
    assert (app.pop_sound(), app.pop_sound(), app.pop_sound()) == (3, 5, NO_CUE)


def test_render_reports_change_only_when_the_frame_changes():
    app, clock = new_app()
    now = clock.ticks_ms() & ~511  # a blink phase start: the frame holds for 256 ms
    assert app.render(now) is True
    assert app.render(now + 10) is False
    assert app.render(now + 300) is True  # the menu cursor blinked


def test_long_back_outside_a_game_does_nothing():
    app, clock = new_app()
    mode = app.mode
    app.handle(make_event(BACK, LONG), clock.ticks_ms())
    assert app.mode is mode


def test_without_an_oled_board_mode_comes_first():
    config = copy_config(DEFAULT_CONFIG)
    config["display"]["enabled"] = False
    clock = ManualClock()
    app = App(config, clock)
    assert app.mode.value("mode") == "board"
    app, _clock = new_app()
    assert app.mode.value("mode") == "deck"


def test_snapshot_says_what_the_oled_shows_now():
    app, clock = new_app()
    snap = app.snapshot()
    assert snap["mode"] == "SetupMenu" and snap["text"][0] == "> Jouer"
    press(app, clock, SWAP)
    assert app.snapshot()["text"][1] == "> Tanturlurette"
