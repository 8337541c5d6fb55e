"""The board's life after its boot: main() boots (hw_esp32.boot.boot) and runs the loop until
power-off; firmware/main.py calls it at every reset.

Apart from hw_esp32.boot so that the boot's code leaves the heap once the board is up (boot lets
go of its module as it returns, and main keeps no reference to it while the loop runs): about
4 KB on a 32-bit port that every game would carry otherwise (docs/DEVICE.md).

The board's serial line is the REPL's too (Esp32Hardware.repl_line): while main's game loop runs,
0x03 on it is a byte like any other, not Ctrl-C (micropython.kbd_intr(-1)), so that no stray byte
stops the game. The protocol's `repl` command ends the loop and hands the line back: Ctrl-C on
again, the watchdog, which nothing can stop, relaxed to an hour, the LEDs off (docs/DEVICE.md,
"The serial line and the REPL").
"""


def _say(text):
    print("tanturlurette:", text)


def _booted(config_path, store_root, should_stop, machine, heap, hw_options):
    """hw_esp32.boot.boot's (app, hw, debouncer, link), or None; its module is let go of by then,
    and this frame, the one holder of its function, is gone once it returns."""
    from hw_esp32.boot import boot

    return boot(config_path, store_root, should_stop, machine, heap, **hw_options)


def main(config_path="config.json", store_root="/", should_stop=None, machine=None, heap=None,
         **hw_options):
    """Boot and run. machine (MicroPython's machine string), heap (bytes) and hw_options (clock,
    serial, sleep_ms) are for tests on fake hardware."""
    booted = _booted(config_path, store_root, should_stop, machine, heap, hw_options)
    if booted is None:
        return None
    app, hw, debouncer, link = booted
    from app.loop import run  # the boot has checked it is there

    # Ctrl-C off only where the protocol runs on the REPL's line, with `repl` to turn it back on
    hands_repl = link is not None and link.repl_line
    if hands_repl:
        _ctrl_c(-1)
    try:
        run(app, hw, debouncer, link, should_stop)
    except KeyboardInterrupt:  # where Ctrl-C stayed on: no serial protocol
        hw.relax_watchdog()
        hw.shutdown()
        _say("stopped by Ctrl-C; the watchdog now waits an hour")
    except Exception:
        # The watchdog, still armed, resets the board in watchdog_ms and the game resumes; until
        # then the serial line says what went wrong: this line, then the traceback MicroPython
        # prints for the error main.py does not catch.
        _say("stopped by an error:")
        raise
    finally:
        if hands_repl:
            _ctrl_c(3)
    if link is not None and link.repl_requested:
        hw.relax_watchdog()
        hw.shutdown()
        _say("the host asked for the REPL; the watchdog now waits an hour")
    return app


def _ctrl_c(char):
    """micropython.kbd_intr: char 3 makes 0x03 on the serial line Ctrl-C (KeyboardInterrupt),
    -1 makes it a byte like any other."""
    import micropython

    micropython.kbd_intr(char)
