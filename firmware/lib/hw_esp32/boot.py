"""Board boot: config, hardware, saved game, app, serial link, then the loop until power-off.

Kept out of main.py so that the unix port can run it against fake hardware in the tests.
Whatever is missing or broken is said (on the serial line, in the log, on the OLED) and worked
around; only a firmware without its application core gives up, and says so.
"""

def _say(text):
    print("tanturlurette:", text)


def _session(store_root, messages):
    from app.session import Session

    try:
        from store.storage import Store

        return Session(store=Store(store_root))
    except Exception as err:  # no flash store: play on in memory rather than not at all
        messages.append("store: %r; this game will not survive a power cut" % (err,))
        return Session()


def main(config_path="config.json", store_root="/", should_stop=None, **hw_options):
    """Boot and run. hw_options (clock, serial, sleep_ms) are for tests on fake hardware."""
    try:
        from app.buttons import Debouncer
        from app.config import DEFAULT_CONFIG, copy_config, load_config
        from app.core import App
        from app.loop import run

        from hw_esp32 import Esp32Hardware
    except ImportError as err:
        _say("the firmware is incomplete (%s): deploy it again with the host tool" % err)
        return None
    config, messages = load_config(config_path)
    for text in messages:
        _say(text)
    later = []
    try:
        hw = Esp32Hardware(config, **hw_options)
    except Exception as err:  # the configured pins failed: the default pin map
        if config["pins"] == DEFAULT_CONFIG["pins"]:
            raise
        later.append("hardware: %r; using the default pin map" % (err,))
        config["pins"] = copy_config(DEFAULT_CONFIG["pins"])
        hw = Esp32Hardware(config, **hw_options)
    later.extend(hw.messages)
    try:  # the app on the saved session
        app = App(config, hw.clock, _session(store_root, later))
    except Exception as err:  # that cannot even start: nothing on flash may stop a boot
        later.append("saved game unusable (%r); starting without it" % (err,))
        app = App(config, hw.clock)  # on a fresh session in memory
    link = None
    try:
        from proto.link import Link

        link = Link(app, hw.serial_read, hw.serial_write, config_path=config_path)
    except Exception as err:
        later.append("serial protocol unavailable: %r" % (err,))
    for text in later:
        _say(text)
    for text in messages + later:
        app.log("error", {"message": text[:160]})
    if messages:
        fixed = "valeur(s) corrigee" if app.lang == "fr" else "value(s) fixed"
        app.notify(["Config: %d" % len(messages), fixed])
    debouncer = Debouncer(config["buttons"]["debounce_ms"], config["buttons"]["long_ms"])
    hw.start_watchdog()
    try:
        run(app, hw, debouncer, link, should_stop)
    except KeyboardInterrupt:
        hw.relax_watchdog()
        hw.shutdown()
        _say("stopped by Ctrl-C; the watchdog now waits an hour")
    except Exception:
        # The watchdog, still armed, resets the board in watchdog_ms and the game resumes; until
        # then the serial line says what went wrong: this line, then the traceback MicroPython
        # prints for the error main.py does not catch.
        _say("stopped by an error:")
        raise
    return app
