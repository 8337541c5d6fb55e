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
        from store.store import Store

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
    hw = Esp32Hardware(config, **hw_options)
    later = list(hw.messages)
    app = App(config, hw.clock, session=_session(store_root, later))
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
    return app
