"""The rules pages (issue 26): each game's rules in French and English, a page at a time on the
OLED (games/<game>/help_<lang>.PAGES, read from the game menu): pages of 1 to 7 lines of at most
16 ASCII characters, 3 to 6 of them, as many in both languages."""

from games import GAMES

LANGS = ("fr", "en")


def pages_of(described, lang):
    module = __import__(described.package + ".help_" + lang, None, None, ["PAGES"])
    return module.PAGES


def test_every_game_has_its_rules_in_pages_that_fit_the_screen_in_both_languages():
    for described in GAMES:
        counts = []
        for lang in LANGS:
            pages = pages_of(described, lang)
            assert 3 <= len(pages) <= 6, (described.name, lang, len(pages))
            for page in pages:
                assert 1 <= len(page) <= 7, (described.name, lang, page)
                for line in page:
                    assert 0 < len(line) <= 16 and line == line.strip(), (described.name, lang, line)
                    assert all(32 <= ord(ch) < 127 for ch in line), (described.name, lang, line)
            counts.append(len(pages))
        assert counts[0] == counts[1], (described.name, counts)


def test_the_french_and_english_pages_differ():
    """Both languages written, not one copied into the other."""
    for described in GAMES:
        assert pages_of(described, "fr") != pages_of(described, "en"), described.name
