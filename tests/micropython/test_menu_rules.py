"""The game menu's Rules row (issue 26): the game's rules a page at a time, in the table's language,
KEEP and SWAP turning the pages round, OK going back to the rows; the pages' module is loaded only
while they show, and reading them changes nothing in the game. Driven by the buttons."""

from app.buttons import BACK, KEEP, OK, SWAP
from app.i18n import tr
from app.memory import is_loaded
from app_rig import make_rig, start, state

GAMES = (("tanturlurette", "deck", "fr"), ("bourre", "table", "en"), ("piccolo", "table", "fr"),
         ("acheron", "table", "en"))


def open_rules(driver):
    driver.long(BACK)
    menu = driver.app.mode
    for _ in range(6):
        if menu.rows[menu.cursor] == "rules":
            break
        driver.press(SWAP)
    assert menu.rows[menu.cursor] == "rules", menu.rows
    driver.long(OK)
    return menu


def test_each_games_rules_page_through_and_back_to_the_game_in_either_language():
    for game, mode, lang in GAMES:
        driver = make_rig(seed=3, lang=lang)
        start(driver, game=game, mode=mode)
        menu = open_rules(driver)
        moves = len(state(driver).moves)  # the game waits while the menu shows
        module = "games.%s.help_%s" % (game, lang)
        pages = __import__(module, None, None, ["PAGES"]).PAGES
        assert is_loaded(module)
        shown = []
        for i in range(len(pages) + 1):  # every page, and round to the first
            text = list(driver.hw.text)
            assert len(text) <= 8 and all(len(line) <= 16 for line in text), text
            assert text[:-1] == list(pages[i % len(pages)]), (i, text)
            assert text[-1] == tr(lang, "rules_page") % (i % len(pages) + 1, len(pages)), text
            shown.append(text[0])
            driver.press(SWAP)
        driver.press(KEEP)
        driver.press(KEEP)  # back past the first page: the last
        assert driver.hw.text[:-1] == list(pages[-1]), driver.hw.text
        driver.press(OK)
        assert menu.pages is None and not is_loaded(module), "the pages go when they close"
        assert tr(lang, "rules") in " ".join(driver.hw.text), driver.hw.text
        assert len(state(driver).moves) == moves, "reading the rules changes nothing in the game"
        driver.press(BACK)  # back to the game
        assert driver.app.mode is menu.back_to
