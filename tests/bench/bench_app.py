"""Application figures: the time to handle one button event and build the new frame, and the
peak heap of the whole app over a full 8-player game. Runs under MicroPython and CPython.

  app_event_us        a cursor move in the marking phase: app.handle + app.render (frame and the
                      OLED text rebuilt), mean over the fastest of 20 batches of presses
  app_frame_us        app.render alone during a token glide (no text to rebuild)
  app_peak_heap_kb    MicroPython: the largest live heap (gc.mem_alloc() after a collection)
                      sampled every loop turn of a full 8-player deck game with 7 bots, above
                      the heap the loaded modules hold: the app's data (the state, the session,
                      frames, text, queues). CPython: tracemalloc's peak over the same game.
                      The same game is played once before, unmeasured: the few names a game
                      interns at run time can open a new qstr pool (about 14 KB on the unix
                      port, and a pool is never given back), which would count as the game's
                      data or not depending on how full the pools were after the imports.
  app_code_heap_kb    MicroPython: the heap the modules' code takes when compiled from source
                      on the unix port (on the board they are frozen or loaded from .mpy).
"""

import gc
import sys

_PARTS = __file__.split("/")[:-1]
_ROOT = ("/".join(_PARTS[:-2]) or ".") if len(_PARTS) >= 2 else "../.."
for _path in (_ROOT + "/firmware/lib", _ROOT + "/firmware"):
    if _path not in sys.path:
        sys.path.insert(0, _path)

# before the heap baseline, so its own code does not count in app_code_heap_kb
from benchlib import ON_MICROPYTHON, elapsed_us, now_us  # noqa: E402

if not ON_MICROPYTHON:
    import tracemalloc

    tracemalloc.start()
gc.collect()
BASE_HEAP = gc.mem_alloc() if ON_MICROPYTHON else 0

# the modules a Tanturlurette game loads on demand, loaded now so the baseline below holds them
import app.modes.menu  # noqa: E402, F401, I001
import games.tanturlurette.screen  # noqa: E402, F401
import games.tanturlurette.words  # noqa: E402, F401  (the game's words: code, loaded with the game)
import games.tanturlurette.bots  # noqa: E402, F401
from app.buttons import KEEP, OK, PRESS, SWAP, Debouncer, make_event  # noqa: E402
from app.clock import ManualClock  # noqa: E402
from app.config import DEFAULT_CONFIG, copy_config  # noqa: E402
from app.core import App  # noqa: E402
from engine.core import TABLE  # noqa: E402
from sim.hw import SimHardware  # noqa: E402
from sim.script import Driver  # noqa: E402

gc.collect()
CODE_HEAP = gc.mem_alloc() - BASE_HEAP if ON_MICROPYTHON else 0
BASE_HEAP += CODE_HEAP

EVENTS = 2000 if ON_MICROPYTHON else 20000
BATCHES = 20  # the best batch is reported: the machine is shared, other load only adds time


def rig(seed):
    config = copy_config(DEFAULT_CONFIG)
    clock = ManualClock()
    app = App(config, clock)
    app.rng.seed(seed)
    hw = SimHardware(config, clock)
    return Driver(app, hw, Debouncer(), record=False)


def setup_menu(driver, players, mode):
    menu = driver.app.mode
    while menu.rows[menu.cursor] != "mode":
        driver.press(SWAP)
    while menu.value("mode") != mode:
        driver.press(OK)
    while menu.rows[menu.cursor] != "players":
        driver.press(SWAP)
    while menu.value("players") != players:
        driver.press(OK)
    while menu.cursor:
        driver.press(KEEP)
    driver.press(OK)


def peak_heap_of_a_game(measured=True):
    peak = [0]

    def sample(_elapsed):
        if ON_MICROPYTHON and measured:
            gc.collect()
            used = gc.mem_alloc() - BASE_HEAP
            if used > peak[0]:
                peak[0] = used

    driver = rig(21)
    driver.on_step = sample
    setup_menu(driver, 8, "deck")
    app = driver.app
    turns = 0
    while not app.session.state.is_over():
        state = app.session.state
        player = state.current_player()
        if app.mode.reveal:
            driver.press(OK)
        elif player >= 0 and app.is_human(player):
            driver.down(OK)  # peek, as a player would
            driver.run_for(100)
            driver.up(OK)
            driver.press(KEEP if state.hand[player] >> 2 >= 6 else SWAP)
        else:
            driver.run_for(200)
        turns += 1
        if turns > 20000:
            raise RuntimeError("the 8-player game did not end")
    if not ON_MICROPYTHON:
        return tracemalloc.get_traced_memory()[1], app.session.state.round
    return peak[0], app.session.state.round


def to_marking(seed):
    driver = rig(seed)
    setup_menu(driver, 4, "board")
    app = driver.app
    while app.session.state.current_player() != TABLE:
        if app.session.state.current_player() >= 0:
            driver.press(KEEP)
        else:
            driver.run_for(100)
    return driver


def best_batch_us(step):
    """The mean time of step() over the fastest of BATCHES batches, in microseconds."""
    per_batch = EVENTS // BATCHES
    best = None
    for _ in range(BATCHES):
        start = now_us()
        for i in range(per_batch):
            step(i)
        mean = elapsed_us(start) / per_batch
        if best is None or mean < best:
            best = mean
    return best


def event_us():
    driver = to_marking(9)
    app = driver.app
    now = driver.hw.clock.ticks_ms()
    app.render(now)
    swap = make_event(SWAP, PRESS)

    def one_event(_i):
        app.handle(swap, now)
        app.render(now)

    return best_batch_us(one_event)


def frame_us():
    driver = to_marking(9)
    app = driver.app
    mode = app.mode
    clock = driver.hw.clock
    mode._mark(OK, clock.ticks_ms())  # mark the cursor's seat
    mode.cursor = mode.n
    mode._mark(OK, clock.ticks_ms())  # confirm: a token glides
    app.render(clock.ticks_ms())
    now = clock.ticks_ms()

    def one_frame(i):
        app.render(now + (i % 500))

    return best_batch_us(one_frame)


def main():
    # the timings first, on a fresh heap; then the long game
    print("app_event_us: %.1f us" % event_us())
    print("app_event_us_budget: 100 us")
    print("app_frame_us: %.1f us" % frame_us())
    if ON_MICROPYTHON:  # the qstr pools a game needs, allocated before the baseline (above)
        global BASE_HEAP
        peak_heap_of_a_game(measured=False)
        gc.collect()
        BASE_HEAP = gc.mem_alloc()
    peak, rounds = peak_heap_of_a_game()
    print("app_peak_heap_kb: %.1f KB" % (peak / 1024))
    print("app_peak_heap_kb_budget: 40 KB")
    if ON_MICROPYTHON:
        print("app_code_heap_kb: %.1f KB" % (CODE_HEAP / 1024))
    print("app_game_rounds: %d rounds" % rounds)


if "--quick" in sys.argv:  # the timings only, without the minute-long game
    print("app_event_us: %.1f us" % event_us())
    print("app_frame_us: %.1f us" % frame_us())
else:
    main()
