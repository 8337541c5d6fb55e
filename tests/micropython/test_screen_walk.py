"""Issue 14 item 3: one language at a time, on every screen a person can reach.

Walks, in French and then in English, through the real app on the bench rig (app_rig): the setup
menu with every game, mode and setup row, every value of each; the self-test; each game's every
mode played through a whole game (bots in the empty seats, the scorekeepers entered with the
buttons, an impossible entry among them so the refusal shows); the game menu with its nothing to
undo or redo; and each game's every refusal as the OLED words it; a game that cannot start (a bad
option, Acheron's deck file broken) and every reason a start can give; a full flash and saving
again, the loop out of memory. Then the board layer's own screens, booted through hw_esp32.boot on
the fake machine, neopixel and ssd1306 modules in the config's language: a board without PSRAM,
a config.json with refused values (a pin each rule of the chip refuses among them), one that is
no JSON, pins the board cannot drive, no flash store, no serial protocol, no OLED module. Every line the OLED is given must be ASCII, at most 16 columns, and
hold no word of the other language.

The words of each language come from the app itself: the modules of each language's words
(app.i18n_<lang>, app.i18n_board_<lang>, app.i18n_setup_<lang>, games.<game>.words_<lang> and
setup_<lang>), plus a short list of each language's words the app could say outside those modules. A word the other language's words never use is that language's own; the
games' proper words (docs/RULES.md, "On the device: presses and words") and the button names are
allowed in both.
"""

from app import i18n
from app.buttons import BACK
from app_rig import KEEP, OK, SWAP, make_rig, press_play, state
from engine.core import TABLE
from games import GAMES

_HERE = "/".join(__file__.split("/")[:-1]) or "."

# The games' own words, in both languages (docs/RULES.md), and the buttons' names.
PROPER = set("""tanturlurette enfer l bourre bourru piccolo misere generale manille acheron baiser
chandelle jocrisse soupir personnage personnages grand tombeau rouge orphee sainte reine fee veuf
keep swap ok back pot""".split())
PROPER.add("score")  # French says "le score" too: the scorekeeper mode's name in both
NAMES = ("La Bourre",)  # a game's name, the same in both languages: its words are no language's
# Words either language might show outside the pairs the app's tables hold.
ENGLISH_ONLY = set("""the and of to in is are was not no yes play plays played bid bids pass passes
trump trumps stand stands end turn card cards trick tricks wins won win takes took lose loses
lost deal deals round score scores player players seat seats left out next game over
winner winners shared dealer drawn turned up your hand hold see confirm nothing undo redo
refused move""".split())
FRENCH_ONLY = set("""le la les un une des du de et est sont pas oui non joue jouer annonce passe
atout pli plis carte cartes donne tour gagne gagnant gagnants perd partie finie joueur joueurs
siege preneur main voir tenir valider rien annuler coup suite jetons partage aucun fin""".split())


def _tokens(text):
    """The words of a line, lower case, two letters or more (J1, P1 and cards are not words)."""
    out = []
    word = ""
    for ch in text.lower() + " ":
        if "a" <= ch <= "z":
            word += ch
        else:
            if len(word) >= 2:
                out.append(word)
            word = ""
    return out


def _row_cell(token):
    """A seat (J1, P8), a number (+3, -2, 0) or a standings cell (x: out; 44x3: one a seat)."""
    if len(token) == 2 and token[0] in "JP" and "1" <= token[1] <= "8":
        return True
    digits = token[1:] if token[0] in "+-" and len(token) > 1 else token
    return all("0" <= ch <= "9" or ch == "x" for ch in digits)


def _numbers(tokens):
    return len([t for t in tokens if not (len(t) == 2 and t[0] in "JP")])


def _unlabelled(lines):
    """The first line of a screen that is a row of numbers (two or more, seats beside them or
    not) with no word saying what they count: neither on it ("Plis J1 0 J2 0") nor on the row's
    line above it, when the row goes on over several lines. None when every row is labelled."""
    in_row = False
    for line in lines:
        tokens = line.split()
        if tokens and all(_row_cell(t) for t in tokens):
            if _numbers(tokens) >= 2 and not in_row:
                return line
            in_row = in_row or _numbers(tokens) >= 2
        else:  # a row begins with its label: a word, then cells, a number among them
            in_row = (len(tokens) > 1 and _tokens(tokens[0]) == [tokens[0].lower()] and _numbers(tokens[1:]) > 0
                      and all(_row_cell(t) for t in tokens[1:]))
    return None


def _module(name):
    return __import__(name, None, None, ["_"])


def _strings(value, out):
    """Every string a module's value holds (in its tuples, lists and dicts' values)."""
    if type(value) is str:
        out.append(value)
    elif type(value) in (tuple, list):
        for item in value:
            _strings(item, out)
    elif type(value) is dict:
        for item in value.values():
            _strings(item, out)
    return out


def _language_strings(lang):
    """Every string of the modules of lang's words."""
    names = ["app.i18n_", "app.i18n_board_", "app.i18n_setup_"]
    names += ["games.%s.words_" % game.name for game in GAMES] + ["games.%s.setup_" % game.name for game in GAMES]
    out = []
    for name in names:
        module = _module(name + lang)
        for attr in dir(module):
            if not attr.startswith("_"):
                _strings(getattr(module, attr), out)
    return out


def _vocabularies():
    french = set()
    english = set()
    for text in _language_strings("fr"):
        french.update(_tokens(text))
    for text in _language_strings("en"):
        english.update(_tokens(text))
    # a word of one language is one the other's words never use
    only = {"fr": (french - english) | FRENCH_ONLY, "en": (english - french) | ENGLISH_ONLY}
    foreign = {"fr": only["en"] - only["fr"] - PROPER, "en": only["fr"] - only["en"] - PROPER}
    return foreign


class Watcher:
    """Reads every OLED text the app gives the display and keeps what is wrong with it."""

    def __init__(self, driver, foreign):
        self.driver = driver
        self.foreign = foreign
        self.lang = None  # the board layer's screens (no driver): their config's language
        self.screens = 0
        self.faults = []
        self.seen = set()
        hw = driver.hw
        show = hw.show_text

        def watch(lines):
            self.check(lines)
            show(lines)

        hw.show_text = watch

    def check(self, lines):
        self.screens += 1
        lang = self.lang or self.driver.app.lang
        foreign = self.foreign[lang]
        bare = _unlabelled(lines)
        if bare:
            self.fault("a row of numbers that does not say what they count: %r" % bare, lines)
        for line in lines:
            if line in self.seen:
                continue
            self.seen.add(line)
            if len(line) > 16 or any(not 32 <= ord(c) < 127 for c in line):
                self.fault("too wide or not ASCII: %r" % line, lines)
            named = line
            for name in NAMES:
                named = named.replace(name, "")
            for word in _tokens(named):
                if word in foreign:
                    self.fault("%r in a %s screen: %r" % (word, lang, line), lines)
        if len(self.seen) > 3000:  # the heap is small: forget, the faults are kept
            self.seen = set()

    def fault(self, what, lines):
        if len(self.faults) < 40:
            self.faults.append("%s  (screen %r)" % (what, lines))


def _walk_menu(driver):
    """Every game, each of its modes, every row and every value of each row."""
    menu = driver.app.mode
    for _ in range(len(GAMES)):
        _to_row(driver, "game")
        for _mode in range(4):
            rows = list(menu.rows)
            for row in rows:
                if row in ("play", "selftest", "game", "mode"):
                    continue
                _to_row(driver, row)
                for _ in range(len(menu.choices[row])):
                    driver.press(OK)
            _to_row(driver, "mode")
            before = menu.value("mode")
            driver.press(OK)
            if menu.value("mode") == before or menu.values["mode"] == 0:
                break
        _to_row(driver, "game")
        driver.press(OK)
    _to_row(driver, "play")
    driver.press(KEEP)  # the top: the menu does not wrap


def _to_row(driver, row):
    menu = driver.app.mode
    for _ in range(30):
        if menu.rows[menu.cursor] == row:
            return
        driver.press(SWAP if menu.cursor < menu.rows.index(row) else KEEP)
    raise AssertionError("row %s not reached: %r" % (row, menu.rows))


def _set(driver, row, value):
    menu = driver.app.mode
    _to_row(driver, row)
    for _ in range(12):
        if menu.value(row) == value:
            return
        driver.press(OK)
    raise AssertionError("could not set %s to %r" % (row, value))


def _start(driver, game, mode, players):
    _set(driver, "game", game)
    _set(driver, "mode", mode)
    if "players" in driver.app.mode.rows:
        _set(driver, "players", players)
    if "humans" in driver.app.mode.rows:
        _set(driver, "humans", min(driver.app.mode.choices["humans"]))  # the most bots
    _to_row(driver, "play")
    press_play(driver)
    assert driver.app.mode.in_game, driver.hw.text


def _game_menu(driver):
    """The game menu's rows, New game's question (kept), redo with nothing to put back, then
    back to the game."""
    driver.long(BACK)
    menu = driver.app.mode
    for row in ("new_game", "redo", "continue"):
        while menu.rows[menu.cursor] != row:
            driver.press(SWAP)
        driver.long(OK)
        if row == "new_game":
            driver.press(KEEP)  # the game is kept
        driver.run_for(3000)
    assert driver.app.mode.in_game, driver.hw.text


def _play_out(driver, max_steps=6000):
    """Bots play; the table's own entries are made with the buttons; the end goes to the menu."""
    refused = 0
    for _ in range(max_steps):
        del driver.hw.cues[:]  # the sounds of a whole game are not needed
        app = driver.app
        if not app.mode.in_game:
            return
        st = state(driver)
        mode = app.mode
        if st.is_over() or getattr(mode, "reveal", None):
            driver.press(OK)
            continue
        player = st.current_player()
        if player == TABLE and hasattr(mode, "low"):  # a scorekeeper's entry
            refused = _enter(driver, st, mode, refused)
        elif player == TABLE:  # Tanturlurette's board mode: mark the first live seat, confirm
            driver.press(OK)
            driver.press(KEEP)
            driver.long(OK)
        elif player >= 0 and app.is_human(player):
            if st.GAME == "tanturlurette":  # keep or change, as a person might
                driver.press(KEEP if app.rng.below(2) else SWAP)
            else:
                driver.press(OK)  # the peek
                driver.press(OK)
                driver.long(OK)
        else:
            driver.run_for(500)
    raise AssertionError("the game did not end: %r" % (driver.hw.text,))


def _enter(driver, st, mode, refused):
    """Enter a scorekeeper's value with the buttons: an impossible one first, now and then."""
    low, high = st.entry_range()
    legal = [v for v in range(low, high + 1) if st.is_legal(v)]
    illegal = [v for v in range(low, high + 1) if not st.is_legal(v)]
    if illegal and refused < 2:
        value = illegal[-1]
        refused += 1
    elif legal:
        value = legal[driver.app.rng.below(len(legal))]
    else:  # only a named entry (extra_actions) is possible: SWAP past the numbers to it
        while mode.pos < high - low + 1:
            driver.press(SWAP)
        driver.long(OK)  # confirming is holding OK
        return refused
    while mode.pos >= high - low + 1:
        driver.press(SWAP)
    for _ in range(200):
        shown = mode.low + mode.pos
        if shown == value:
            break
        if value - shown >= 10:
            driver.long(SWAP)
        elif shown - value >= 10:
            driver.long(KEEP)
        else:
            driver.press(SWAP if shown < value else KEEP)
    driver.press(OK)  # a short OK says to hold it
    driver.long(OK)
    driver.run_for(2600)  # a refusal's notice goes
    return refused


def _walk(lang):
    from games import words_of as of

    foreign = _vocabularies()
    driver = make_rig(seed=5, lang=lang)
    driver.record = False  # a long walk: the presses are not kept as a script
    watcher = Watcher(driver, foreign)
    _walk_menu(driver)
    _to_row(driver, "selftest")
    driver.press(OK)
    driver.run_for(8000)
    for button in (KEEP, SWAP, OK):
        driver.press(button)
    driver.run_for(500)
    driver.long(OK)
    driver.run_for(500)
    for game in GAMES:
        for mode in game.modes:
            players = mode.seats[1]
            _start(driver, game.name, mode.name, players)
            _game_menu(driver)
            _play_out(driver)
            driver.run_for(3000)
        words = of(game.name)  # every refusal the game can give, as the error screen shows it
        refusals = _module("games.%s.words_en" % game.name).REFUSALS
        codes = list(refusals) + [1, 2, 3, 99]
        for code in codes:
            row = refusals.get(code)
            args = row.count("%d") + row.count("%s") if row else 0
            values = [3] * args
            if row and "%s" in row:  # a named bid: its level's words
                values = ["x"] * args
            driver.app.lang = lang
            try:
                text = words.refusal(lang, tuple([code] + values))
            except TypeError:
                text = words.refusal(lang, tuple([code] + [3] * args))
            watcher.check([i18n.tr(lang, "error")] + i18n.wrap(text, 3))
            if " ".join(i18n.wrap(text, 3)) != text:
                watcher.fault("refusal cut: %r" % text, [text])
    _walk_setup_refusals(driver, watcher)
    _walk_storage(lang, watcher)
    _walk_out_of_memory(driver)
    _walk_board(lang, watcher)
    assert not watcher.faults, "\n".join(watcher.faults)
    assert watcher.screens > 500, watcher.screens
    return watcher


def _walk_setup_refusals(driver, watcher):
    """Starts the table cannot make: a bad option, bots not one a seat, Acheron's deck file
    broken (each through App.start_game, as Play is); then every reason a start can give, with
    every option label a game's setup has."""
    from engine.core import (
        REFUSE_GAME_DATA,
        REFUSE_OPTION,
        REFUSE_OPTION_RANGE,
        REFUSE_SEATS,
        BadOptions,
    )
    from games.acheron import rules as acheron

    app = driver.app
    lang = app.lang
    for game, options, bots in (("bourre", {"players": 4, "deals": 0}, None),
                                ("piccolo", {"players": 4, "generale_payoff": 8}, None),
                                ("tanturlurette", {"players": 4, "circles": 9}, None),
                                ("bourre", {"players": 4}, [None] * 3)):
        assert not app.start_game(game, options, bots, driver.hw.clock.ticks_ms())
        driver.run_for(100)
        assert driver.hw.text[0] == i18n.tr(lang, "error"), driver.hw.text
        driver.run_for(3000)
    saved = list(acheron._default_path)
    acheron._default_path[:] = [_HERE + "/no_such_deck.json"]
    try:
        assert not app.start_game("acheron", {"players": 4}, None, driver.hw.clock.ticks_ms())
        driver.run_for(100)
        assert driver.hw.text[1:3] == i18n.wrap(_module("app.i18n_setup_" + lang).REFUSALS[REFUSE_GAME_DATA], 2)
        driver.run_for(3000)
    finally:
        acheron._default_path[:] = saved
    shared = [BadOptions("x"), BadOptions("x", (REFUSE_GAME_DATA,)), BadOptions("x", (REFUSE_SEATS, 3, 4)),
              ImportError("games.piccolo.rules"), OSError(28), ValueError("x")]
    for described in GAMES:
        cases = list(shared)
        for mode in described.modes:
            for name, _offered, _default in mode.rows:
                cases += [BadOptions("x", (REFUSE_OPTION, name)), BadOptions("x", (REFUSE_OPTION_RANGE, name, 1, 999))]
        for err in cases:
            text = i18n.setup_refusal(lang, err, described)
            watcher.check([i18n.tr(lang, "error")] + i18n.wrap(text, 3))
            if " ".join(i18n.wrap(text, 3)) != text:
                watcher.fault("setup refusal cut: %r" % text, [text])


def _walk_storage(lang, watcher):
    """A game whose saves the flash refuses (full), then saving again."""
    from app.session import Session
    from store.storage import Store
    from test_app_setup import scratch  # a folder of the unix port's own filesystem: a RAM
    from test_store_files import FullDisk  # flash would need 64 KB in one block of a walked heap

    files = FullDisk()
    session = Session(store=Store(root=scratch("walk_flash_" + lang), files=files))
    driver = make_rig(seed=2, lang=lang, session=session)
    driver.record = False
    board = Watcher(driver, watcher.foreign)
    driver.long(OK)  # a store without its marker: the first-boot self-test, which a long OK ends
    driver.run_for(500)
    _start(driver, "tanturlurette", "deck", 4)
    full = ["Flash pleine", "le jeu continue"] if lang == "fr" else ["Flash full", "game goes on"]
    for fills, expected in ((True, full), (False, [i18n.tr(lang, "saved_again")])):
        for _turn in range(400):  # to a human's turn: the next save is theirs
            player = session.state.current_player()
            if driver.app.mode.reveal:  # the round's cards: OK moves on
                driver.press(OK)
            elif player >= 0 and driver.app.is_human(player):
                break
            driver.run_for(100)
        files.full = fills
        driver.press(KEEP)
        driver.run_for(100)
        assert driver.hw.text[:len(expected)] == expected, driver.hw.text
    assert not session.unsaved
    watcher.screens += board.screens
    watcher.faults += board.faults


def _walk_out_of_memory(driver):
    """The loop's notice when the heap runs out in the app's part of a turn."""
    app = driver.app

    def no_memory(now, hosting=False):
        raise MemoryError

    app.tick = no_memory  # this turn's time runs out of memory; the next turns are the app's again
    try:
        driver.turn()
    finally:
        del app.tick
    driver.run_for(100)
    assert driver.hw.text[0] == i18n.tr(app.lang, "out_of_memory"), driver.hw.text
    driver.run_for(3000)


def _walk_board(lang, watcher):
    """The board layer's screens, through hw_esp32.boot on fake hardware, in the config's
    language: every line Esp32Hardware.show_text is given."""
    from hw_esp32 import Esp32Hardware
    from test_hw_boot import CONFIG_TEXT, boot_for
    from test_hw_boot_words import boot_with_a_broken_pin, boot_without_a_link, boot_without_a_store

    text = CONFIG_TEXT.replace('"language": "fr"', '"language": "%s"' % lang)
    assert '"language": "%s"' % lang in text
    real = Esp32Hardware.show_text
    before = watcher.screens

    def watch(hw, lines):
        watcher.check(lines)
        real(hw, lines)

    watcher.lang = lang
    Esp32Hardware.show_text = watch
    try:
        app = boot_for(3, config_text=text, heap=112000)[0]  # no PSRAM
        assert app is None
        refused = text.replace('"keep": 4', '"keep": 26').replace('"seats": 4', '"seats": 99')
        assert refused != text
        # values refused, a pin the chip refuses among them; then a file that is no JSON, whose
        # language cannot be read: the default's, French, is the screen's
        for config_text, shown in ((refused, lang), ('{"pins": {"keep": 6}, "language": "en"', "fr")):
            watcher.lang = shown
            app = boot_for(60, config_text=config_text)[0]
            assert app is not None and app.notice[0].startswith("Config: "), app.notice
            assert app.notice[1] == i18n.board_words(shown)["config_fix"], app.notice
        watcher.lang = lang
        # a pin each rule of the chip refuses, one it does not have, one used twice
        for gpio in (26, 33, 19, 43, 0, 22, 5):
            app = boot_for(20, config_text=text.replace('"keep": 4', '"keep": %d' % gpio))[0]
            assert app.notice[2].endswith(": GPIO %d" % gpio), app.notice  # KEEP, or SWAP for the twice used
        # the configured pins the board cannot drive; no flash store; no serial protocol; no OLED
        # module on the bus
        assert boot_with_a_broken_pin(text.replace('"leds": 21', '"leds": 18'), 18).notice[0] == \
            i18n.board_words(lang)["pins_fallback"]
        assert boot_without_a_store(text).notice[0] == i18n.board_words(lang)["no_store"]
        assert boot_without_a_link(text).notice[0] == i18n.board_words(lang)["no_link"]
        app = boot_for(60, config_text=text, oled_fitted=False)[0]
        assert app is not None
    finally:
        Esp32Hardware.show_text = real
        watcher.lang = None
    assert watcher.screens - before >= 4, watcher.screens - before


def test_every_french_screen_is_french_and_fits():
    _walk("fr")


def test_every_english_screen_is_english_and_fits():
    _walk("en")


def test_the_watcher_refuses_a_word_of_the_other_language_and_a_wide_line():
    driver = make_rig(lang="fr")
    watcher = Watcher(driver, _vocabularies())
    watcher.check(["Bourre donne 1", "> stand"])
    watcher.check(["J1 joue 7Co"])
    assert len(watcher.faults) == 1 and "'stand'" in watcher.faults[0], watcher.faults
    watcher.check(["Pli pour J3 et J4 ok"])  # 17 columns
    assert len(watcher.faults) == 2
    driver.app.lang = "en"
    watcher.check(["P1 plays 7H", "Pli pour P2"])
    assert len(watcher.faults) == 4 and "'pli'" in watcher.faults[2] and "'pour'" in watcher.faults[3]


def test_the_watcher_refuses_a_row_of_numbers_that_does_not_say_what_it_counts():
    """Issue 24: rows such as "1 2 2 1" and "J1 0 J2 0 J3 0" left the table to guess."""
    assert _unlabelled(["Tour 1  pot 4", "Donneur J4", "4 4 4 4"]) == "4 4 4 4"
    assert _unlabelled(["> 0", "J1 0 J2 0 J3 0", "J4 0"]) == "J1 0 J2 0 J3 0"
    assert _unlabelled(["Gagne: J2", "J1 -1 J2 +3"]) == "J1 -1 J2 +3"
    assert _unlabelled(["Cercles 4 4 3 x", "Circles 44x34434", "Plis J1 0 J2 0", "J3 0 J4 0 J5 0",
                        "Jetons J1 -1", "J2 +3 J3 -1", "J4 -1", "> 12", "J1 +39 = 39", "J1 +20",
                        "Rouge PriL+LaR", "Tour 12  pot 22", "K/S 1/2 OK:suite"]) is None

