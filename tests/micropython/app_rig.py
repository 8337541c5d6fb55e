"""A device on the bench for tests: the real app, debouncer and loop on a manual clock.

Tests press buttons only (through sim.script.Driver and the real debouncer); they read the app and
the engine state to decide what to press, as a player reads the ring and the OLED.
"""

import sys

_PARTS = __file__.split("/")[:-1]  # this folder: <root>/tests/micropython
_FIRMWARE = ("/".join(_PARTS[:-2]) or ".") + "/firmware" if len(_PARTS) >= 2 else "../../firmware"
if _FIRMWARE not in sys.path:
    sys.path.insert(0, _FIRMWARE)

from app.buttons import KEEP, OK, SWAP, Debouncer  # noqa: E402
from app.clock import ManualClock  # noqa: E402
from app.config import DEFAULT_CONFIG, copy_config  # noqa: E402
from app.core import App  # noqa: E402
from sim.hw import SimHardware  # noqa: E402
from sim.script import Driver  # noqa: E402


def make_rig(seed=1, lang="fr", rings=None, session=None):
    config = copy_config(DEFAULT_CONFIG)
    config["language"] = lang
    if rings is not None:
        config["leds"] = {"rings": rings, "outer_first": True, "reverse": [False] * len(rings),
                          "offsets": [0] * len(rings), "color_order": "GRB"}
    clock = ManualClock()
    app = App(config, clock, session)
    app.rng.seed(seed)
    hw = SimHardware(config, clock)
    debouncer = Debouncer(config["buttons"]["debounce_ms"], config["buttons"]["long_ms"])
    driver = Driver(app, hw, debouncer)
    driver.events = []

    def keep_event(kind, payload):
        if len(driver.events) >= 200:  # long games: keep the recent ones only, the heap is small
            del driver.events[:100]
        driver.events.append((kind, payload))

    hw.on_event = keep_event
    driver.run_for(50)
    return driver


def event_kinds(driver):
    """The kinds of the log events since the last call."""
    kinds = [kind for kind, _ in driver.events]
    driver.events = []
    return kinds


def choose(driver, row, value):
    """Set one setup-menu row with the buttons: SWAP to the row, OK until the value shows."""
    menu = driver.app.mode
    to_menu_row(driver, row)
    assert menu.rows[menu.cursor] == row, "row %s not reached" % row
    for _ in range(12):
        if menu.value(row) == value:
            return
        driver.press(OK)
    raise AssertionError("could not set %s to %r" % (row, value))


def to_menu_row(driver, row):
    """Move the setup menu's cursor to row, up or down (the menu does not wrap)."""
    menu = driver.app.mode
    for _ in range(20):
        if menu.rows[menu.cursor] == row or row not in menu.rows:
            return
        driver.press(SWAP if menu.cursor < menu.rows.index(row) else KEEP)


def start(driver, **settings):
    """Choose the settings (in menu order) and press OK on Play."""
    for row in ("game", "mode", "players", "humans", "circles", "reentry", "king_blocks"):
        if row in settings:
            choose(driver, row, settings[row])
    menu = driver.app.mode
    for _ in range(20):
        if menu.cursor == 0:
            break
        driver.press(KEEP)
    press_play(driver)
    assert driver.app.mode.in_game, "the game did not start: %r" % (driver.hw.text,)


def press_play(driver):
    """OK on Play, then the few loop turns a game's start takes (app.core.App.begin_game), to
    the one after the game shows, which notes the settings."""
    driver.press(OK)
    for _ in range(10):
        if driver.app.mode.in_game:
            driver.turn()
            return
        driver.turn()


def state(driver):
    return driver.app.session.state


def keep_to_marking(driver, max_turns=300):
    """Board mode: every seat keeps until the table is asked to mark the losers."""
    from engine.core import TABLE

    for _ in range(max_turns):
        player = state(driver).current_player()
        if player == TABLE:
            return
        if player >= 0:
            driver.press(KEEP)
        else:
            driver.run_for(100)
    raise AssertionError("no marking phase reached")


def scroll_to_number(driver, value):
    """Scroll a scorekeeper entry to value as a player would (a long SWAP jumps ten, SWAP and KEEP
    step one) and check the OLED shows it."""
    mode = driver.app.mode
    numbers = mode.high - mode.low + 1
    while mode.pos >= numbers:  # on a named choice: KEEP goes back to the numbers (no wrap)
        driver.press(KEEP)
    while value - (mode.low + mode.pos) >= 10:
        driver.long(SWAP)
    for _ in range(12):
        shown = mode.low + mode.pos
        if shown == value:
            break
        driver.press(SWAP if shown < value else KEEP)
    assert ("> %d" % value) in driver.hw.text, driver.hw.text


def enter_number(driver, value):
    """Scroll to value and confirm it: hold OK (a short OK confirms nothing); past the reveal of
    the deal it ended, if it did while the game goes on."""
    scroll_to_number(driver, value)
    driver.long(OK)
    past_deal_reveal(driver)


def undo_in_menu(driver, row="undo"):
    """Open the game menu (long BACK) and hold OK on a row: undo, or redo."""
    from app.buttons import BACK

    driver.long(BACK)
    menu = driver.app.mode
    while menu.rows[menu.cursor] != row:
        driver.press(SWAP)
    driver.long(OK)


def past_deal_reveal(driver):
    """A deal's reveal while the game goes on (a scorekeeper's entry or a person's move that
    ended the deal opens it, and it stays up after the long OK's release): OK ends it, as a player
    does (a scorekeeper's summary, page by page). The last deal's one, before the game-over
    screen, is past_reveal's."""
    if not state(driver).is_over():
        past_reveal(driver)


def past_reveal(driver):
    """The last deal's reveal comes before the game-over screen: OK moves on from it, as a player
    does (app/modes/table.py; a scorekeeper's summary shows its next page at each OK, and ends
    after the last)."""
    for _ in range(10):
        if not getattr(driver.app.mode, "reveal", None):
            return
        driver.press(OK)
    raise AssertionError("the reveal never ended: %r" % (driver.hw.text,))
