"""The words of each language are modules of the same names (app.i18n.OneLanguage): what one
language says, the other says too, and the log's English words (a game's <game>_told_en) are the
English table's."""

from app.i18n import LANGS, OneLanguage, tr
from games import GAMES, SEATS, setup_words


def _module(name):
    return __import__(name, None, None, ["_"])


def _public(module):
    """A module's words: its names but the imported ones (codes and facts, ints)."""
    return {name: getattr(module, name) for name in dir(module)
            if not name.startswith("_") and type(getattr(module, name)) is not int}


def _sets():
    return (["app.i18n_", "app.i18n_board_", "app.i18n_setup_"] + ["games.%s.words_" % g.name for g in GAMES]
            + ["games.%s.setup_" % g.name for g in GAMES])


def _rows(described):
    """A game's setup rows: (its options, its values that are words), over every mode."""
    options = set()
    values = set()
    for mode in described.modes:
        for option, offered, _default in mode.rows:
            options.add(option)
            if offered != SEATS:
                values.update(value for value in offered if type(value) is str)
    return options, values


def test_both_languages_declare_the_same_words():
    for prefix in _sets():
        french, english = (_public(_module(prefix + lang)) for lang in LANGS)
        assert sorted(french) == sorted(english), prefix
        for name, value in french.items():
            if type(value) is dict:
                assert sorted(value) == sorted(english[name]), (prefix, name)
            elif type(value) in (tuple, list):
                assert len(value) == len(english[name]), (prefix, name)
            else:
                assert type(value) is type(english[name]), (prefix, name)


def test_each_games_setup_words_word_its_rows_and_nothing_more_in_both_languages():
    """Issue 25: a game's setup menu words are in its own folder (games/<game>/setup_<lang>.py): a
    label for every option of its modes' rows and a word for every value that is a string, in
    each language, and nothing another game's rows would need; its name is its descriptor's."""
    for described in GAMES:
        options, values = _rows(described)
        for lang in LANGS:
            words = setup_words(described, lang)
            assert sorted(words.LABELS) == sorted(options), (described.name, lang)
            assert sorted(words.WORDS) == sorted(values), (described.name, lang)
            for text in list(words.LABELS.values()) + list(words.WORDS.values()):
                assert text and all(32 <= ord(c) < 127 for c in text), (described.name, text)
        title = described.title  # the game row: "> " and the title
        assert 0 < len(title) <= 14 and all(32 <= ord(c) < 127 for c in title), title


def test_no_shared_words_table_words_a_games_option_or_name():
    """Adding a game touches no shared words module: no table of the shared words holds a key
    that is an option of a game's setup rows or a game's name (the menu's own rows, mode,
    players and humans, are no game's)."""
    games = set()
    for described in GAMES:
        games.update(_rows(described)[0])
        games.add(described.name)
    assert {"target", "dealer", "eldest", "putback", "bourre"} <= games
    for prefix in ("app.i18n_", "app.i18n_board_", "app.i18n_setup_"):
        for lang in LANGS:
            for name, table in _public(_module(prefix + lang)).items():
                if type(table) is dict:
                    assert not games & set(table), (prefix + lang, name, sorted(games & set(table)))


def test_the_logs_english_words_are_the_english_tables():
    for game in GAMES:
        told = _public(_module("games.%s.told_en" % game.name))
        english = _module("games.%s.words_en" % game.name)
        french = _public(_module("games.%s.words_fr" % game.name))
        assert told, game.name
        for name, value in told.items():
            assert getattr(english, name) is value, (game.name, name)  # one copy, not two
            assert name in french, (game.name, name)


def test_a_language_loaded_lets_the_other_go():
    import sys

    from app.memory import let_go

    words = OneLanguage("app.i18n_setup_")
    assert "Reglages" in str(words.of("fr").REFUSALS)
    assert "app.i18n_setup_fr" in sys.modules
    assert "settings" in str(words.of("en").REFUSALS)
    assert "app.i18n_setup_fr" not in sys.modules and "app.i18n_setup_en" in sys.modules
    assert words.of("de") is words.of("fr")  # any other language reads as French, as say() does
    assert "app.i18n_setup_en" not in sys.modules
    let_go("app.i18n_setup_fr")


def test_the_shared_words_follow_the_language_asked():
    assert tr("fr", "play") == "Jouer" and tr("en", "play") == "Play" and tr("fr", "play") == "Jouer"


def test_a_bot_turns_words_are_in_both_languages_and_fit_a_line():
    # the table's entries during a bot's turn (none chosen), a bot waiting for a held button
    for key in ("table_pick", "bot_waits"):
        said = [tr(lang, key) for lang in LANGS]
        assert key not in said and said[0] != said[1], key
        for text in said:
            assert 0 < len(text) <= 16 and max(ord(c) for c in text) < 128 and "%" not in text, text
