"""The terminal simulator's keys on a busy host (issue 24): a key is one press, always.

The wall clock here is a ManualClock the tests move as a loaded machine would: 2 s between two
reads of the loop, or a random mix of short and huge jumps. The app's clock moves PERIOD_MS a loop
turn (sim.term.TurnPace), as in `make sim`. Nothing here reads real time.
"""

from app.buttons import BACK, DOWN, KEEP, LONG, OK, PRESS, SWAP, UP, Debouncer
from app.clock import ManualClock, ticks_diff
from app.loop import PERIOD_MS, step
from app_rig import make_rig, start, state, undo_in_menu
from sim.term import KeyPresses, TurnPace

STALL_MS = 2000


class Reader:
    """A debouncer reading keys.levels() once a loop turn, the app's clock PERIOD_MS a turn and
    the wall clock wall_step: the PRESS and LONG events it gives, as (button, kind), and how many
    times KEEP and SWAP were both down for it (the chord that opens the game menu)."""

    def __init__(self, keys, wall, debounce_ms=25, long_ms=700, wall_step=STALL_MS):
        self.keys = keys
        self.wall = wall
        self.wall_step = wall_step
        self.clock = ManualClock()
        self.debouncer = Debouncer(debounce_ms, long_ms)
        self.presses = []
        self.held = 0
        self.chords = 0

    def read(self, reads):
        debouncer = self.debouncer
        for _ in range(reads):
            debouncer.update(self.keys.levels(), self.clock.ticks_ms())
            event = debouncer.pop()
            while event >= 0:
                button, kind = event >> 2, event & 3
                if kind == DOWN:
                    self.held |= 1 << button
                    self.chords += self.held & 3 == 3
                elif kind == UP:
                    self.held &= ~(1 << button)
                else:
                    self.presses.append((button, kind))
                event = debouncer.pop()
            self.clock.advance(PERIOD_MS)
            self.wall.advance(self.wall_step)
        return self.presses


def test_a_key_survives_two_seconds_between_two_reads():
    wall = ManualClock()
    keys = KeyPresses(wall, 700)
    reader = Reader(keys, wall)
    keys.feed("Bssk")  # the game menu, down twice, then up: typed at once
    presses = reader.read(400)
    assert presses == [(BACK, LONG), (SWAP, PRESS), (SWAP, PRESS), (KEEP, PRESS)], presses
    assert reader.chords == 0  # SWAP's release and KEEP's press never overlap for the debouncer


def test_swap_then_keep_typed_fast_is_no_chord_on_a_steady_host():
    wall = ManualClock()
    keys = KeyPresses(wall, 700)
    reader = Reader(keys, wall, wall_step=PERIOD_MS)
    keys.feed("sk")  # in a menu: down, then up; never KEEP and SWAP held, the game menu's chord
    assert reader.read(100) == [(SWAP, PRESS), (KEEP, PRESS)]
    assert reader.chords == 0


def test_keys_one_at_a_time_between_stalls_are_each_one_press():
    wall = ManualClock()
    keys = KeyPresses(wall, 700)
    reader = Reader(keys, wall)
    for ch in "kkkkOs":  # the setup menu's four k, 0.4 s apart on a host that stalls
        keys.feed(ch)
        reader.read(40)  # each read 2 s of the wall clock
    got = reader.read(100)
    assert got == [(KEEP, PRESS)] * 4 + [(OK, LONG), (SWAP, PRESS)], got


def test_presses_fit_every_debounce_and_long_press_the_config_allows():
    for debounce_ms, long_ms in ((10, 500), (50, 500), (50, 2000)):
        for wall_step in (1, PERIOD_MS, STALL_MS):  # turns back to back, steady, stalled
            wall = ManualClock()
            keys = KeyPresses(wall, long_ms)
            reader = Reader(keys, wall, debounce_ms, long_ms, wall_step)
            keys.feed("ksSKooO")
            presses = reader.read(8000)  # a long press lasts 2.15 s of the wall clock
            assert presses == [(KEEP, PRESS), (SWAP, PRESS), (SWAP, LONG), (KEEP, LONG),
                               (OK, PRESS), (OK, PRESS), (OK, LONG)], (debounce_ms, long_ms, presses)
            assert reader.chords == 0


def test_a_long_press_lasts_its_real_time_too_when_turns_run_back_to_back():
    wall = ManualClock()
    keys = KeyPresses(wall, 700)
    keys.feed("O")
    down = 0
    while keys.levels() and down < 1000:  # turns back to back: the wall clock moves 1 ms a read
        down += 1
        wall.advance(1)
    assert down >= 850, down  # long_ms and 150 ms more


def test_the_apps_clock_moves_one_period_a_turn_whatever_the_wall_clock_does():
    clock = ManualClock()
    wall = ManualClock()
    pace = TurnPace(clock, wall)
    start_at = clock.ticks_ms()
    assert pace.rest(PERIOD_MS) == PERIOD_MS  # a quick turn waits out its period
    wall.advance(PERIOD_MS + 30)  # a slow turn: the next ones catch up, without waiting
    assert pace.rest(PERIOD_MS) == 0
    assert pace.rest(PERIOD_MS) == 0
    assert pace.rest(PERIOD_MS) == 0  # caught up
    assert pace.rest(PERIOD_MS) == PERIOD_MS
    wall.advance(PERIOD_MS + STALL_MS)  # a stall: its time is let go, not caught up
    assert pace.rest(PERIOD_MS) == 0
    assert pace.rest(PERIOD_MS) == PERIOD_MS
    assert ticks_diff(clock.ticks_ms(), start_at) == 7 * PERIOD_MS


# -- the real app ------------------------------------------------------------------------------
def lcg(seed):
    """A small repeatable generator of numbers 0 <= x < 1 (the same on both runtimes)."""
    box = [seed]

    def draw():
        box[0] = (box[0] * 1103515245 + 12345) % 2147483648
        return box[0] / 2147483648

    return draw


def regular(turn):
    return 0


def stalls(turn):
    return STALL_MS


def random_jumps(seed):
    draw = lcg(seed)

    def jump(turn):
        x = draw()
        return STALL_MS + int(draw() * 500) if x < 0.15 else int(draw() * 120)

    return jump


def screens(driver, script, late):
    """Type script [(wall ms, keys)] into the app as `make sim` does (KeyPresses, TurnPace), the
    host late by late(turn) ms after each turn's rest; the OLED's screens, each when it changed,
    until the keys have all been pressed and 3 s of the app's clock more have gone."""
    hw = driver.hw
    wall = ManualClock()
    pace = TurnPace(hw.clock, wall)
    keys = KeyPresses(wall, driver.debouncer.long_ms)
    hw.read_buttons = keys.levels
    began = wall.ticks_ms()
    shown = [list(hw.text)]
    script = list(script)
    quiet = 0
    turn = 0
    while quiet < 3000 // PERIOD_MS:
        while script and ticks_diff(wall.ticks_ms(), began) >= script[0][0]:
            keys.feed(script.pop(0)[1])
        step(driver.app, hw, driver.debouncer)
        if hw.text != shown[-1]:
            shown.append(list(hw.text))
        busy = script or keys.waiting or keys.button >= 0
        quiet = 0 if busy else quiet + 1
        wall.advance(pace.rest(PERIOD_MS) + late(turn))
        turn += 1
        assert turn < 20000, "the script never ended"
    return shown


def in_setup_menu():
    return make_rig(seed=3)


def after_an_undo():
    """A board-mode game whose first decision was made, then undone in the game menu: Redo
    puts it back."""
    driver = make_rig(seed=9)
    start(driver, mode="board")
    for _ in range(200):
        if state(driver).current_player() >= 0:
            break
        driver.run_for(100)
    driver.press(KEEP)
    assert driver.app.session.can_undo()
    undo_in_menu(driver, "undo")
    driver.run_for(3000)
    assert driver.app.session.can_redo()
    return driver


# the two cases: down five rows, then four k 0.4 s apart and Enter on Jeu; the game
# menu, down twice with 2 s between, and a held OK on Redo (the game menu acts on a held OK)
SETUP_KEYS = [(0, "sssss"), (1000, "k"), (1400, "k"), (1800, "k"), (2200, "k"), (2600, "\r")]
GAME_MENU_KEYS = [(0, "B"), (1200, "s"), (3200, "s"), (3300, "O")]


def test_the_same_keys_give_the_same_screens_however_the_host_is_late():
    for make, script in ((in_setup_menu, SETUP_KEYS), (after_an_undo, GAME_MENU_KEYS)):
        driver = make()
        game = driver.app.mode.value("game") if make is in_setup_menu else None
        want = screens(driver, script, regular)
        if make is in_setup_menu:  # Enter changed the game, the row four k brought the cursor to
            menu = driver.app.mode
            assert menu.rows[menu.cursor] == "game" and menu.value("game") != game, want
        else:
            assert not driver.app.session.can_redo(), "a held OK on Redo put the decision back"
            redone = [i for i in range(len(want)) if want[i][0] == "Coup retabli"]
            assert redone and "> Retablir" in want[redone[0] - 1], want
        for late in (stalls, random_jumps(1), random_jumps(2), random_jumps(3)):
            driver = make()
            got = screens(driver, script, late)
            assert got == want, (make.__name__, got, want)
