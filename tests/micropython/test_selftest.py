"""The first-boot self-test, run on the real app, debouncer and loop (the simulator's Driver) with a
ManualClock and scripted button levels: each ring lit alone in turn, each button echoed."""

import micropython
from app.buttons import BACK, KEEP, OK, SWAP
from app.colours import CONFIRM, DIM
from app.cues import CUE_CLICK, CUE_TURN, CUE_WIN
from app.modes.selftest import BUTTON_COLOURS, SEEN_LEVEL, STEP_MS, SWEEP_COLOURS, SelfTestMode
from app_rig import make_rig
from sim.script import parse_script, run_script

MIDDLE = STEP_MS // 2


def begin(driver, back_to=None, on_finish=None):
    app = driver.app
    mode = SelfTestMode(app, back_to, on_finish)
    app.switch(mode, driver.hw.clock.ticks_ms())
    driver.events = []
    driver.hw.cues = []
    return mode


def lit(frame, index):
    return (frame[3 * index], frame[3 * index + 1], frame[3 * index + 2])


def lit_leds(frame):
    return [i for i in range(len(frame) // 3) if lit(frame, i) != (0, 0, 0)]


def ring_leds(layout, ring):
    return sorted(layout.index(ring, k) for k in range(layout.ring_sizes[ring]))


def quarter_leds(layout, button):
    outer = layout.ring_sizes[0]
    return [layout.index(0, k) for k in range(button * outer // 4, (button + 1) * outer // 4)]


def scaled(rgb, level):
    return tuple(c * level >> 8 for c in rgb)


def run_sweep(driver):
    mode = driver.app.mode
    driver.run_for(mode.sweep_steps * STEP_MS + 20)
    assert mode.step == mode.sweep_steps


def bouncy_press(driver, button, hold_ms=120):
    """A press whose contact chatters at both ends, as a real switch does."""
    for level in (1, 0, 1, 0, 1):
        if level:
            driver.down(button)
        else:
            driver.up(button)
        driver.turn()  # 10 ms: chatter far shorter than the 25 ms debounce
    driver.run_for(hold_ms)
    for level in (0, 1, 0, 1, 0):
        if level:
            driver.down(button)
        else:
            driver.up(button)
        driver.turn()
    driver.run_for(60)


def selftest_events(driver):
    return [payload for kind, payload in driver.events if kind == "selftest"]


def test_each_ring_lights_alone_in_red_green_blue_outer_first():
    driver = make_rig()
    mode = begin(driver)
    app = driver.app
    layout = app.layout
    assert mode.sweep_steps == 6 * 3
    names = ("rouge", "vert", "bleu")
    for ring in range(6):
        for c in range(3):
            driver.run_for(MIDDLE if ring == 0 and c == 0 else STEP_MS)
            frame = app.frame
            assert lit_leds(frame) == ring_leds(layout, ring), "ring %d colour %d" % (ring, c)
            for i in ring_leds(layout, ring):
                assert lit(frame, i) == SWEEP_COLOURS[c]
            assert driver.hw.text[1] == "Anneau %d/6 %s" % (ring + 1, names[c]), driver.hw.text
    assert driver.hw.cues[0] == CUE_TURN  # the piezo sounds as the test begins


def test_the_sweep_ends_on_the_button_quarters():
    driver = make_rig()
    begin(driver)
    run_sweep(driver)
    app = driver.app
    assert driver.hw.text[1] == "Anneaux: fini"
    layout = app.layout
    expected = []
    for b in range(4):
        expected += quarter_leds(layout, b)
    assert lit_leds(app.frame) == sorted(expected)
    for i in expected:
        assert lit(app.frame, i) == DIM


def test_each_button_is_echoed_once_despite_bounce_and_the_test_passes():
    driver = make_rig()
    mode = begin(driver)
    run_sweep(driver)
    app = driver.app
    layout = app.layout
    for n, button in enumerate((KEEP, SWAP, OK)):
        clicks = driver.hw.cues.count(CUE_CLICK)
        driver.down(button)
        driver.run_for(60)
        for i in quarter_leds(layout, button):  # held: full colour
            assert lit(app.frame, i) == BUTTON_COLOURS[button]
        assert driver.hw.text[2 + button].endswith("APPUYE"), driver.hw.text
        driver.up(button)
        driver.run_for(60)
        for i in quarter_leds(layout, button):  # seen: glowing
            assert lit(app.frame, i) == scaled(BUTTON_COLOURS[button], SEEN_LEVEL)
        assert driver.hw.text[2 + button].endswith(" vu"), driver.hw.text
        assert driver.hw.cues.count(CUE_CLICK) == clicks + 1
        bouncy_press(driver, button)  # a second, chattering press: one more click, no more
        assert driver.hw.cues.count(CUE_CLICK) == clicks + 2
        assert mode.passed == (n == 2)
    assert CUE_WIN in driver.hw.cues
    assert lit(app.frame, layout.centre) == CONFIRM
    assert driver.hw.text[6] == "Tout est bon !"
    assert driver.hw.text[5] == "BACK  facultatif"  # BACK is optional and was not needed
    driver.long(OK)
    assert type(app.mode).__name__ == "SetupMenu"
    assert selftest_events(driver) == [
        {"passed": True, "buttons": ["KEEP", "SWAP", "OK"], "rings": 6, "sweep_done": True}]


def test_buttons_pressed_during_the_sweep_count_and_show_over_it():
    driver = make_rig()
    mode = begin(driver)
    driver.run_for(MIDDLE)
    driver.down(BACK)
    driver.run_for(60)
    frame = driver.app.frame
    outer = ring_leds(driver.app.layout, 0)
    back = quarter_leds(driver.app.layout, BACK)
    for i in outer:
        assert lit(frame, i) == (BUTTON_COLOURS[BACK] if i in back else SWEEP_COLOURS[0])
    driver.up(BACK)
    driver.run_for(60)
    assert mode.seen == 1 << BACK and not mode.passed


def test_a_long_ok_ends_the_test_early_and_the_log_says_what_was_missing():
    driver = make_rig()
    menu = driver.app.mode
    begin(driver, back_to=menu)
    driver.press(KEEP)
    driver.long(OK)  # its DOWN counts OK as seen; the hold ends the test
    assert driver.app.mode is menu
    assert selftest_events(driver) == [
        {"passed": False, "buttons": ["KEEP", "OK"], "rings": 6, "sweep_done": False}]


def test_the_first_boot_hook_hears_the_result_once():
    driver = make_rig()
    heard = []
    begin(driver, on_finish=heard.append)
    run_sweep(driver)
    for button in (KEEP, SWAP, OK):
        driver.press(button)
    driver.long(OK)
    driver.long(OK)  # now in the setup menu: nothing more reaches the finished test
    assert heard == [{"passed": True, "buttons": ["KEEP", "SWAP", "OK"], "rings": 6, "sweep_done": True}]


def test_english_text():
    driver = make_rig(lang="en")
    begin(driver)
    driver.run_for(MIDDLE + STEP_MS)
    assert driver.hw.text[:2] == ["SELF-TEST", "Ring 1/6 green"]
    assert driver.hw.text[-1] == "Hold OK: exit"
    assert all(len(line) <= 16 for line in driver.hw.text)


def test_single_24_led_ring_build():
    driver = make_rig(rings=[24])
    mode = begin(driver)
    layout = driver.app.layout
    assert mode.sweep_steps == 3
    driver.run_for(MIDDLE)
    assert lit_leds(driver.app.frame) == list(range(24))
    run_sweep(driver)
    for button in (KEEP, SWAP, OK):
        driver.press(button)
    assert [len(quarter_leds(layout, b)) for b in range(4)] == [6, 6, 6, 6]
    assert mode.passed
    frames = set()
    for _ in range(60):  # the lone ring blinks all green when the test has passed
        driver.turn()
        frames.add(bytes(driver.app.frame))
    assert bytes(CONFIRM) * 24 in frames
    assert len(frames) == 2


def tick_and_render_locked(app, clock):
    """One tick and one render with the heap locked: any allocation raises MemoryError."""
    app.render(clock.ticks_ms())  # the text is rebuilt here, outside the lock
    now = clock.ticks_ms()
    micropython.heap_lock()
    try:
        app.tick(now)
        app.render(now)
    finally:
        micropython.heap_unlock()


def test_rendering_the_self_test_allocates_nothing():
    driver = make_rig()
    app = driver.app
    begin(driver)
    clock = driver.hw.clock
    driver.run_for(MIDDLE)
    driver.down(SWAP)
    driver.run_for(60)  # SWAP held over the sweep: both paths drawn
    tick_and_render_locked(app, clock)
    driver.up(SWAP)
    run_sweep(driver)
    driver.press(KEEP)
    driver.press(OK)
    tick_and_render_locked(app, clock)
    assert lit(app.frame, app.layout.centre) == CONFIRM


SCRIPT = """
# the simulator's scripted format: t_ms BUTTON down|up, from the start of the self-test
7000 KEEP down
7100 KEEP up
7300 s down
7390 s up
7600 OK down
7680 OK up
8000 OK down
9000 OK up
"""


def test_a_scripted_simulator_run_passes_the_self_test():
    driver = make_rig()
    begin(driver)
    driver.elapsed = 0
    run_script(driver, parse_script(SCRIPT), tail_ms=200)
    assert type(driver.app.mode).__name__ == "SetupMenu"
    assert selftest_events(driver) == [
        {"passed": True, "buttons": ["KEEP", "SWAP", "OK"], "rings": 6, "sweep_done": True}]
