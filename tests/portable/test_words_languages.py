"""The words of each language are modules of the same names (app.i18n.OneLanguage): what one
language says, the other says too, and the log's English words (a game's <game>_told_en) are the
English table's."""

from app.i18n import LANGS, OneLanguage, tr
from games import GAMES


def _module(name):
    return __import__(name, None, None, ["_"])


def _public(module):
    """A module's words: its names but the imported ones (codes and facts, ints)."""
    return {name: getattr(module, name) for name in dir(module)
            if not name.startswith("_") and type(getattr(module, name)) is not int}


def _sets():
    return ["app.i18n_", "app.i18n_board_", "app.i18n_setup_"] + ["games.%s.words_" % g.name for g in GAMES]


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
