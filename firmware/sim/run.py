"""make sim: the real application core in the terminal, under the MicroPython unix port.

  micropython firmware/sim/run.py [--lang en] [--config FILE] [--rings 24] [--seed N]
                                  [--store DIR] [--serial PATH] [--selftest]
                                  [--script FILE --out FILE] [--tail MS] [--wait-host]

Interactive by default (keys are listed under the target), starting in the setup menu. With
--script it runs the timed button events of FILE on a manual clock, as fast as it can, and writes
frames, text, cues and log events as JSON lines to --out (sim/script.py describes both formats).
--serial PATH serves the USB protocol on a pty; --store DIR saves and resumes games as the board
does on flash. --selftest starts in the self-test (the one the board runs at its first boot).
With --store an interactive run also acts as the board at boot: the first start on an empty DIR
runs the self-test, and once it has ended a marker beside the saves says so. A scripted run never
starts it by itself, so that a script means the same whatever the DIR holds. --wait-host holds a
scripted run with --serial until the host has sent its first commands and gone quiet: a script
runs far faster than real time, so a logger that attaches late would otherwise find the game over.
"""

import sys

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
_FIRMWARE = _HERE.rsplit("/", 1)[0] if "/" in _HERE else ".."
for _path in (_FIRMWARE + "/lib", _FIRMWARE):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from app.buttons import Debouncer  # noqa: E402
from app.clock import ManualClock, SystemClock  # noqa: E402
from app.config import DEFAULT_CONFIG, copy_config, load_config  # noqa: E402
from app.core import App  # noqa: E402
from app.loop import run  # noqa: E402
from app.session import Session  # noqa: E402

USAGE = (
    "usage: micropython firmware/sim/run.py [--lang en] [--config FILE] [--rings 24] [--seed N]\n"
    "       [--store DIR] [--serial PATH] [--selftest] [--script FILE --out FILE] [--tail MS]\n"
    "       [--wait-host]"
)
FLAGS = ("selftest", "wait-host")  # options without a value
HOST_WAIT_S = 60  # at most, for the host's first command
HOST_QUIET_MS = 300  # then until the host has been silent this long: its opening commands are done


class UsageError(ValueError):
    pass


def parse_args(argv):
    opts = {"lang": None, "config": None, "rings": None, "seed": None, "store": None,
            "serial": None, "script": None, "out": None, "tail": 3000, "selftest": False,
            "wait-host": False}
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in ("-h", "--help"):
            raise UsageError("")
        if not arg.startswith("--") or arg[2:] not in opts:
            raise UsageError("unknown argument %r" % arg)
        if arg[2:] in FLAGS:
            opts[arg[2:]] = True
            i += 1
            continue
        if i + 1 >= len(argv):
            raise UsageError("%s needs a value" % arg)
        opts[arg[2:]] = argv[i + 1]
        i += 2
    for key in ("seed", "tail", "rings"):
        if opts[key] is not None:
            try:
                opts[key] = int(opts[key])
            except ValueError:
                raise UsageError("--%s needs a number, got %r" % (key, opts[key])) from None
    if opts["lang"] not in (None, "fr", "en"):
        raise UsageError("--lang is fr or en")
    if opts["script"] and not opts["out"]:
        raise UsageError("--script needs --out FILE")
    if opts["wait-host"] and not (opts["script"] and opts["serial"]):
        raise UsageError("--wait-host goes with --script and --serial")
    return opts


def build_config(opts):
    messages = []
    if opts["config"]:
        config, messages = load_config(opts["config"])
    else:
        config = copy_config(DEFAULT_CONFIG)
    if opts["lang"]:
        config["language"] = opts["lang"]
    if opts["rings"]:
        n = opts["rings"]
        config["leds"] = {"rings": [n], "outer_first": True, "reverse": [False], "offsets": [0],
                          "color_order": config["leds"].get("color_order", "GRB")}
    return config, messages


def build_session(opts):
    if not opts["store"]:
        return Session()
    from store.storage import Store

    return Session(store=Store(root=opts["store"]))


def build_link(opts, app):
    if not opts["serial"]:
        return None
    from proto.link import Link

    from sim.serial_port import SerialPort

    port = SerialPort(opts["serial"])
    return Link(app, port.read, port.write, opts["config"])


def begin_selftest(app, clock):
    """--selftest: the self-test now; at its end, back to a resumed game, else the setup menu."""
    back_to = app.mode if app.mode.in_game else None
    app.start_selftest(clock.ticks_ms(), back_to=back_to)


def wait_for_host(link, clock):
    """Answer the host in wall-clock time until its first commands are done (or it never came)."""
    import time

    start = time.ticks_ms()
    last_lines = 0
    quiet_since = start
    while True:
        link.poll(clock.ticks_ms())
        now = time.ticks_ms()
        if link.lines_in != last_lines:
            last_lines = link.lines_in
            quiet_since = now
        elif last_lines and time.ticks_diff(now, quiet_since) >= HOST_QUIET_MS:
            return True
        if not last_lines and time.ticks_diff(now, start) >= HOST_WAIT_S * 1000:
            return False
        time.sleep_ms(5)


def scripted(opts, config):
    from sim.hw import SimHardware
    from sim.script import Driver, Recorder, parse_script, run_script

    with open(opts["script"]) as f:
        steps = parse_script(f.read())
    clock = ManualClock()
    # a script's run must not depend on a marker left in the store folder by an earlier run
    app = App(config, clock, build_session(opts), first_boot_selftest=False)
    app.rng.seed(opts["seed"] if opts["seed"] is not None else 1)
    if opts["selftest"]:
        begin_selftest(app, clock)
    hw = SimHardware(clock, config)
    buttons = config["buttons"]
    debouncer = Debouncer(buttons["debounce_ms"], buttons["long_ms"])
    link = build_link(opts, app)
    if opts["wait-host"]:
        wait_for_host(link, clock)
    driver = Driver(app, hw, debouncer, link)
    with open(opts["out"], "w") as out:
        recorder = Recorder(out, app, hw)
        driver.on_step = recorder.after_step
        run_script(driver, steps, opts["tail"])
    return 0


def interactive(opts, config, messages):
    import os

    from sim.hw import SimHardware
    from sim.term import Keys, Painter, terminal_traits

    clock = SystemClock()
    app = App(config, clock, build_session(opts))
    if opts["seed"] is not None:
        app.rng.seed(opts["seed"])
    if opts["selftest"] and app.mode.__class__.__name__ != "SelfTestMode":
        begin_selftest(app, clock)
    colours, utf8 = terminal_traits(os.getenv)
    painter = Painter(app.layout, config, colours=colours, utf8=utf8)
    painter.status = "; ".join(messages)
    hw = SimHardware(clock, config, painter=painter, display=config["display"]["enabled"])
    buttons = config["buttons"]
    debouncer = Debouncer(buttons["debounce_ms"], buttons["long_ms"])
    try:
        keys = Keys(clock, buttons["long_ms"], on_size=painter.resize)
    except OSError:  # stdin is not a terminal (a pipe, a CI job)
        print("sim: the interactive simulator needs a terminal on stdin; "
              "for runs without one use --script FILE --out FILE")
        return 2
    hw.read_buttons = keys.levels
    hw.idle = keys.wait
    link = build_link(opts, app)
    try:
        painter.open()
        keys.learn_size()
        run(app, hw, debouncer, link, should_stop=lambda: keys.quit)
    finally:
        painter.close()
        keys.restore()
    return 0


def main(argv):
    try:
        opts = parse_args(argv)
    except UsageError as err:
        if str(err):
            print("sim: %s" % err)
        print(USAGE)
        return 2
    config, messages = build_config(opts)
    if opts["script"]:
        return scripted(opts, config)
    return interactive(opts, config, messages)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
