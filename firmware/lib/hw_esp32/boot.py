"""Board boot: config, hardware, saved game, app, serial link, then the loop until power-off.

Kept out of main.py so that the unix port can run it against fake hardware in the tests.
Whatever is missing or broken is said (on the serial line, in the log, on the OLED) and worked
around; only a firmware without its application core gives up, and says so.
"""

_NOTICE = {"fr": ("Config: %d", "valeur(s) corrigee"), "en": ("Config: %d", "value(s) fixed")}


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


def _link(app, hw, config_path, messages):
    try:
        from proto.link import Link

        return Link(app, hw.serial_read, hw.serial_write, config_path=config_path)
    except Exception as err:
        messages.append("serial protocol unavailable: %r" % (err,))
        return None


def _hardware(Esp32Hardware, config, messages, hw_options):
    """The hardware layer; if the configured pins fail, the default pin map."""
    from app.config import DEFAULT_CONFIG, copy_config

    try:
        return config, Esp32Hardware(config, **hw_options)
    except Exception as err:
        if config["pins"] == DEFAULT_CONFIG["pins"]:
            raise
        messages.append("hardware: %r with the configured pins; using the default pin map" % (err,))
        config = copy_config(config)
        config["pins"] = copy_config(DEFAULT_CONFIG["pins"])
        return config, Esp32Hardware(config, **hw_options)


def _app(App, config, hw, store_root, messages):
    """The app on the saved session; if that cannot even start, a fresh one in memory."""
    from app.session import Session

    try:
        return App(config, hw.clock, session=_session(store_root, messages))
    except Exception as err:  # nothing on flash may stop a boot
        messages.append("saved game unusable (%r); starting without it" % (err,))
        return App(config, hw.clock, session=Session())


def main(config_path="config.json", store_root="/", should_stop=None, **hw_options):
    """Boot and run. hw_options (clock, serial, sleep_ms) are for tests on fake hardware."""
    try:
        from app.buttons import Debouncer
        from app.config import load_config
        from app.core import App
        from app.loop import run

        from hw_esp32 import Esp32Hardware
    except ImportError as err:
        _say("the firmware is incomplete (%s): deploy it again with the host tool" % err)
        return None
    config, messages = load_config(config_path)
    config_problems = len(messages)
    for text in messages:
        _say(text)
    later = []
    config, hw = _hardware(Esp32Hardware, config, later, hw_options)
    later.extend(hw.messages)
    app = _app(App, config, hw, store_root, later)
    link = _link(app, hw, config_path, later)
    for text in later:
        _say(text)
    for text in messages + later:
        app.log("error", {"message": text[:160]})
    if config_problems:
        first, second = _NOTICE.get(app.lang, _NOTICE["en"])
        app.notify([first % config_problems, second])
    debouncer = Debouncer(config["buttons"]["debounce_ms"], config["buttons"]["long_ms"])
    hw.start_watchdog()
    try:
        run(app, hw, debouncer, link, should_stop)
    except KeyboardInterrupt:
        hw.relax_watchdog()
        hw.shutdown()
        _say("stopped by Ctrl-C; the watchdog now waits an hour")
    except Exception as err:
        # The watchdog, still armed, resets the board in watchdog_ms and the game resumes; until
        # then the serial line says what went wrong.
        _say("stopped by an error:")
        import sys

        print_exception = getattr(sys, "print_exception", None)
        if print_exception is not None:
            print_exception(err)
        raise
    return app
