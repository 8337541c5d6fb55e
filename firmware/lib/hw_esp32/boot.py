"""Board boot: config, hardware, saved game, app, serial link (boot); hw_esp32.run.main then runs
the loop until power-off.

Kept out of main.py so that the unix port can run it against fake hardware in the tests.
Whatever is missing or broken is said (on the serial line, in the log, on the OLED) and worked
around; only a firmware without its application core gives up, and says so.

The chip the firmware runs on (MicroPython's machine string) picks the board profile the config
is checked against (app.boards). A board without PSRAM cannot hold the firmware as .mpy files: its
heap is about 110 KB, and the Tanturlurette build reaches its menu with 3 KB left, to run out in the
first game. So the heap is measured before the application is loaded, and on a board without
PSRAM the device says so, on the LEDs (four red LEDs at the quarters of the outer ring, blinking),
the OLED and the serial line (an `error` event the host tool shows), and waits at the REPL's
reach (Ctrl-C) instead of crashing mid-game. A firmware frozen into the MicroPython image takes
no heap for its code, and runs there (docs/DEVICE.md).

boot() alone touches no Ctrl-C (hw_esp32.run.main does): a caller that steps the loop itself
(the browser simulator, whose line is no REPL) has none to give back. boot() lets go of this
module as it returns (app.memory.let_go): the running device never needs its code again.
"""

from micropython import const

MIN_HEAP_BYTES = const(1048576)  # any PSRAM gives megabytes; a board without it, a few hundred KB
_BLINK_MS = const(500)
_REPEAT_TURNS = const(20)  # the serial line again every 10 s, for a host tool connecting late


def _say(text):
    print("tanturlurette:", text)


def heap_bytes():
    """The heap MicroPython can give the firmware. On the ESP32 port gc.mem_free() counts the
    largest block the system heap could still add to the Python heap, so a board with PSRAM
    reports megabytes from the start, one without about 110-300 KB."""
    import gc

    gc.collect()
    return gc.mem_free() + gc.mem_alloc()


def code_in_flash(path=__file__):
    """Whether the firmware is frozen into the MicroPython image: a frozen module's __file__ is
    its name inside the image, which is no file on the filesystem."""
    import os

    try:
        os.stat(path)
    except OSError:
        return True
    return False


def _session(store_root, messages):
    from app.session import Session

    try:
        from store.storage import Store

        return Session(store=Store(store_root))
    except Exception as err:  # no flash store: play on in memory rather than not at all
        messages.append("store: %r; this game will not survive a power cut" % (err,))
        return Session()


def _hardware(config, later, shown, hw_options):
    """The board layer on the config's pins, or on the profile's if those fail (said in later,
    and in shown, the app.i18n keys of the boot's OLED notice)."""
    from app.boards import BOARDS

    from hw_esp32 import Esp32Hardware

    try:
        return Esp32Hardware(config, **hw_options)
    except Exception as err:  # the configured pins failed: the profile's pin map
        pins = BOARDS[config["board"]][1]
        if config["pins"] == pins:
            raise
        later.append("hardware: %r; using the pin map of %s" % (err, config["board"]))
        shown.append("pins_fallback")
        config["pins"] = dict(pins)
        return Esp32Hardware(config, **hw_options)


def boot_notice(lang, messages, refused_pins, shown):
    """The OLED's notice after a boot that had something to say, in the config's language: how
    many config values were refused (each in full on the serial line), each pin refused with its
    rule (app.config), then the keys in shown (the profile's pins used, no store, no serial
    protocol); [] when all went well."""
    from app.i18n import board_words

    words = board_words(lang)  # loaded for this screen, let go with it
    lines = []
    if messages:
        lines += [words["config_count"] % len(messages), words["config_fix"]]
    for role, gpio, kind in refused_pins:
        lines += [words["pin_gpio"] % (role.upper(), gpio), words[kind]]
    for key in shown:
        lines.append(words[key])
    return lines


def no_psram_lines(lang, kb):
    """The OLED's lines on a board without PSRAM, in the config's language: kb of heap there."""
    from app.i18n import board_words

    words = board_words(lang)
    return [words["no_psram"], "", words["heap_kb"] % kb, words["needs_kb"] % (MIN_HEAP_BYTES // 1024),
            words["psram_board"], words["psram_image"], words["psram_doc"]]


def stop_without_psram(hw, config, heap, should_stop=None):
    """Say on the LEDs, the OLED and the serial line that the heap is too small, then wait until
    Ctrl-C (or should_stop, in tests) without arming the watchdog: the board stays reachable for
    mpremote and deploy, and nothing runs that could fail for want of memory."""
    from app.colours import ALERT
    from app.ring import RingLayout
    from proto.wire import encode_event

    kb = heap // 1024
    message = ("no PSRAM: %d KB of heap, the firmware needs %d KB: use a board with PSRAM and a "
               "SPIRAM MicroPython image, or freeze the firmware (docs/DEVICE.md)") % (kb, MIN_HEAP_BYTES // 1024)
    line = encode_event(0, "error", {"code": "no_psram", "message": message})
    hw.show_text(no_psram_lines(config["language"], kb))
    layout = RingLayout(config["leds"])
    lit = layout.new_frame()
    outer = layout.ring_sizes[0]
    for quarter in range(4):
        at = 3 * layout.index(0, quarter * outer // 4)
        lit[at:at + 3] = bytes(ALERT)
    dark = layout.new_frame()
    turn = 0
    try:
        while not (should_stop and should_stop()):
            if turn % _REPEAT_TURNS == 0:
                _say(message)
                hw.serial_write(line)
            hw.show_ring(dark if turn % 2 else lit)
            hw.idle(_BLINK_MS)
            turn += 1
    except KeyboardInterrupt:
        hw.shutdown()
        _say("stopped by Ctrl-C")


def boot(config_path="config.json", store_root="/", should_stop=None, machine=None, heap=None,
         **hw_options):
    """Everything main does before its loop: (app, hw, debouncer, link) with the watchdog armed,
    for app.loop to run (hw_esp32.run.main) or to step one turn at a time (the browser
    simulator); None when the board cannot play (it has said why; without PSRAM it waits for
    Ctrl-C or should_stop). This module is let go of as it returns: nothing the running device
    does needs its code again (about 4 KB of heap on a 32-bit port), provided the caller keeps
    none of it (a caller's own reference to the module keeps it whole)."""
    try:
        return _boot(config_path, store_root, should_stop, machine, heap, hw_options)
    finally:
        from app.memory import let_go

        let_go(__name__)


def _boot(config_path, store_root, should_stop, machine, heap, hw_options):
    read = _read_config(config_path, machine)
    if read is None:
        return None
    config, messages, refused_pins = read
    later = []
    shown = []  # the app.i18n keys of what the boot's OLED notice says beyond the config
    try:
        hw = _hardware(config, later, shown, hw_options)
    except ImportError as err:
        _say("the firmware is incomplete (%s): deploy it again with the host tool" % err)
        return None
    let_go_config()  # read, checked, and the pins fallen back on if need be: done with
    heap = heap_bytes() if heap is None else heap
    if heap < MIN_HEAP_BYTES and not code_in_flash():
        for text in later:
            _say(text)
        stop_without_psram(hw, config, heap, should_stop)
        return None
    try:
        loaded = _load(config, config_path, store_root, hw, messages, later)
    except MemoryError:  # the heap was measured large enough: say so all the same, never crash
        stop_without_psram(hw, config, heap_bytes(), should_stop)
        return None
    if loaded is None:
        return None
    app, link, debouncer = loaded
    if app.session.store is None:
        shown.append("no_store")
    if link is None:  # the host tools cannot log this game
        shown.append("no_link")
    notice = boot_notice(app.lang, messages, refused_pins, shown)
    if notice:  # above what the app said itself (a game resumed)
        app.notify(notice + (app.notice or []))
    hw.start_watchdog()
    return app, hw, debouncer, link


def _read_config(config_path, machine):
    """(config, messages, refused pins) as app.config loads it for the chip `machine` names (the
    running one when None), every problem said; None when the firmware lacks the loader."""
    try:
        from app.boards import BOARDS, CHIPS, chip_of, mcu_name, running_machine
        from app.config import load_config
    except ImportError as err:
        _say("the firmware is incomplete (%s): deploy it again with the host tool" % err)
        return None
    machine = machine or running_machine()
    chip = chip_of(machine)
    refused_pins = []
    config, messages = load_config(config_path, chip, refused_pins)
    if chip is None and " with " in machine:  # an ESP32 of a kind no profile is for
        messages.append("board: no profile is for this chip (%s); pins checked as on the %s" % (
            mcu_name(machine), CHIPS[BOARDS[config["board"]][0]][0]))
    for text in messages:
        _say(text)
    return config, messages, refused_pins


def let_go_config():
    """Let go of the config's loader once the config is loaded and the hardware is up on it
    (app.config and app.boards, about 17 KB of code on a 32-bit port): nothing the running
    device does needs them, and the protocol's set_config loads them again for as long as it
    runs (proto.CONFIG_CODE: the package's, not proto.commands', which loads only once a host
    speaks). app.power stays: the LED layer's encode is its."""
    from app.memory import let_go
    from proto import CONFIG_CODE

    for name in CONFIG_CODE:
        let_go(name)


def _load(config, config_path, store_root, hw, messages, later):
    """(app, link, debouncer) on the saved session, everything said; None if a module is missing
    (app.loop's too: main runs it once the watchdog is armed).
    A MemoryError goes up: boot says it as it says a board without PSRAM."""
    try:
        from app.buttons import Debouncer
        from app.core import App
        from app.loop import run  # noqa: F401  (checked here, run by main)
    except ImportError as err:
        _say("the firmware is incomplete (%s): deploy it again with the host tool" % err)
        return None
    later.extend(hw.messages)
    try:  # the app on the saved session
        app = App(config, hw.clock, _session(store_root, later))
    except MemoryError:
        raise
    except Exception as err:  # that cannot even start: nothing on flash may stop a boot
        later.append("saved game unusable (%r); starting without it" % (err,))
        app = App(config, hw.clock)  # on a fresh session in memory
    link = None
    try:
        from proto.link import Link

        link = Link(app, hw.serial_read, hw.serial_write, config_path=config_path, repl_line=hw.repl_line)
    except MemoryError:
        raise
    except Exception as err:
        later.append("serial protocol unavailable: %r" % (err,))
    for text in later:
        _say(text)
    for text in messages + later:
        app.log("error", {"message": text[:160]})
    debouncer = Debouncer(config["buttons"]["debounce_ms"], config["buttons"]["long_ms"])
    return app, link, debouncer
