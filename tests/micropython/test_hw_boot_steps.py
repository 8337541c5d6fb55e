"""hw_esp32.boot.boot: the board's boot without its loop, which the browser simulator steps.

main is boot and then app.loop.run: stepping boot's parts by hand must be the board's loop."""

import fakes
from app.boards import BOARDS
from app.clock import ManualClock
from app.loop import PERIOD_MS, step
from hw_esp32 import boot
from test_hw_boot import (
    CONFIG_TEXT,
    PINS,
    PSRAM_HEAP,
    S3,
    SCRATCH,
    Serial,
    boot_for,
    fresh_scratch,
    remove_tree,
)

_I2C = BOARDS["s3-devkitc-1"][1]


def stepped(turns, presses=()):
    """Boot with boot.boot, then run the loop's turns by hand; presses: (turn, gpio, level)."""
    fresh_scratch(CONFIG_TEXT)
    clock = ManualClock()
    start = clock.ticks_ms()
    with fakes.installed() as (machine, neopixel, _ssd1306):
        machine.fit_module(60, _I2C["i2c_sda"], _I2C["i2c_scl"])
        try:
            parts = boot.boot(SCRATCH + "/config.json", SCRATCH + "/flash", machine=S3, heap=PSRAM_HEAP,
                              clock=clock, serial=Serial(), sleep_ms=clock.advance)
            assert parts is not None, "the board did not boot"
            app, hw, debouncer, link = parts
            # booted and returned: no turn has run, so nothing slept and the watchdog, armed, was
            # never fed
            assert clock.ticks_ms() == start
            assert len(machine.wdts) == 1 and machine.wdts[0].feeds == 0
            assert link is not None and app.session.store is not None
            for turn in range(turns):
                for at, gpio, level in presses:
                    if at == turn:
                        machine.pins[gpio].level = level
                step(app, hw, debouncer, link)
                hw.idle(PERIOD_MS)
            assert machine.wdts[0].feeds >= turns  # the hardware layer feeds it every turn
            return app, neopixel.strips[0]
        finally:
            remove_tree(SCRATCH)


def test_booting_returns_the_parts_and_stepping_them_is_mains_loop():
    presses = ((10, PINS["keep"], 0), (20, PINS["keep"], 1))  # KEEP held 100 ms
    app, strip = stepped(60, presses)
    looped = boot_for(60, presses=presses)[0]
    assert app.text == looped.text
    quiet, _strip = stepped(60)
    assert app.text != quiet.text  # the press moved the menu's cursor, as in main's loop
    assert strip.writes >= 2  # dark at power-up, then the app's frames


def test_a_board_that_cannot_play_boots_to_none():
    fresh_scratch(CONFIG_TEXT)
    clock = ManualClock()
    turns = []

    def stop():
        turns.append(1)
        return len(turns) > 3

    with fakes.installed():
        try:
            parts = boot.boot(SCRATCH + "/config.json", SCRATCH + "/flash", should_stop=stop, machine=S3,
                              heap=200 * 1024, clock=clock, serial=Serial(), sleep_ms=clock.advance)
        finally:
            remove_tree(SCRATCH)
    assert parts is None  # no PSRAM: it said so until should_stop, and there is nothing to step
    assert len(turns) == 4
