"""make sim: the real application core in the terminal, under the MicroPython unix port.

  micropython firmware/sim/run.py [--lang en] [--config FILE] [--rings 24] [--seed N]
                                  [--store DIR] [--serial PATH] [--selftest]
                                  [--script FILE --out FILE] [--tail MS] [--wait-host]

Interactive by default (keys are listed under the target), starting in the setup menu; its
clock moves by the loop's turns, paced by the wall clock (sim.term.TurnPace), so that a key is one
press however busy the machine is. With
--script it runs the timed button events of FILE on a manual clock, as fast as it can, and writes
frames, text, cues and log events as JSON lines to --out (sim/script.py describes both formats).
--serial PATH serves the USB protocol on a pty; --store DIR saves and resumes games as the board
does on flash. The config the host's set_config writes, read at the next start, is --config FILE;
without it, config.json in the --store DIR, beside the saves as on the board; without either, an
interactive run keeps one in a folder of its own (config_file() says where) and a scripted run has
none, so that its presses mean the same on every run. --selftest starts in the self-test (the one the board runs at its first boot).
With --store an interactive run also acts as the board at boot: the first start on an empty DIR
runs the self-test, and once it has ended a marker beside the saves says so. A scripted run never
starts it by itself, so that a script means the same whatever the DIR holds.

A scripted run with --serial has two clocks: the app's is simulated (a script runs as fast as the
machine allows), the host's is real. The link's cut timer reads the real one (proto/link.py), and
--wait-host holds the script, answering the host in real time, until the host has asked for the
device's state, which ends a logger's opening (hello, clock, names, state: docs/PROTOCOL.md); so
the names and the clock it sends are there before the first press, however fast the machine.
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
HOST_WAIT_S = 60  # at most, for the host to ask for the state


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


def sim_config_folder(getenv):
    """The interactive simulator's own config folder: tanturlurette/sim in the user's config
    folder ($XDG_CONFIG_HOME, else ~/.config)."""
    base = getenv("XDG_CONFIG_HOME") or (getenv("HOME") or ".") + "/.config"
    return base + "/tanturlurette/sim"


def config_file(opts, getenv):
    """The file set_config writes and the next start reads, or None (see the module's doc)."""
    if opts["config"]:
        return opts["config"]
    if opts["store"]:
        return opts["store"].rstrip("/") + "/config.json"
    if opts["script"]:
        return None
    return sim_config_folder(getenv) + "/config.json"


def _exists(path):
    import os

    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _make_folders(path):
    """Each missing folder of path, as os.makedirs would (MicroPython has no makedirs)."""
    import os

    parts = path.split("/")
    for i in range(1, len(parts) + 1):
        folder = "/".join(parts[:i])
        if folder and not _exists(folder):
            os.mkdir(folder)


def build_config(opts, path):
    """(config, messages), from path (config_file()): a file given with --config must be there
    (the messages say so if not); the others are read once set_config has written one."""
    messages = []
    if path is None:  # a scripted run without --config or --store
        config = copy_config(DEFAULT_CONFIG)
    else:
        if not opts["config"] and not opts["store"]:
            _make_folders(path.rsplit("/", 1)[0])  # the simulator's own folder, for set_config to write in
        if opts["config"] or _exists(path):
            config, messages = load_config(path)
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


def build_link(opts, app, config_path, write=None):
    """The serial link, or None without --serial. Its timer reads the wall clock: the host is real
    even when the app's clock is not. config_path: the file set_config writes (config_file()), or
    None. write, if given, sees every line after the port."""
    if not opts["serial"]:
        return None
    from proto.link import Link

    from sim.serial_port import SerialPort

    port = SerialPort(opts["serial"])
    send = port.write
    if write is not None:
        def send(data):
            port.write(data)
            write(data)
    return Link(app, port.read, send, config_path, clock=SystemClock())


def begin_selftest(app, clock):
    """--selftest: the self-test now; at its end, back to a resumed game, else the setup menu."""
    back_to = app.mode if app.mode.in_game else None
    app.start_selftest(clock.ticks_ms(), back_to=back_to)


class HostWatch:
    """Notes, from the lines the device sends, when it has answered the host's get_state."""

    def __init__(self):
        self.asked_state = False

    def line(self, data):
        if self.asked_state:
            return
        from proto.wire import LineError, parse_line

        try:
            event = parse_line(data, need_prefix=True)
        except LineError:
            return
        answer = event.get("data")
        if event.get("type") == "ok" and isinstance(answer, dict) and answer.get("cmd") == "get_state":
            self.asked_state = True


def wait_for_host(link, clock, watch):
    """Answer the host in wall-clock time until it has asked for the state; False if it never did
    within HOST_WAIT_S (the script then starts anyway)."""
    import time

    start = time.ticks_ms()
    while not watch.asked_state:
        if time.ticks_diff(time.ticks_ms(), start) >= HOST_WAIT_S * 1000:
            return False
        link.poll(clock.ticks_ms())
        time.sleep_ms(5)
    return True


def scripted(opts, config, config_path):
    from sim.hw import SimHardware
    from sim.script import Driver, Recorder, read_steps, run_script

    with open(opts["script"]) as f:
        for _step in read_steps(f):  # a bad line is reported before anything runs
            pass
    clock = ManualClock()
    # a script's run must not depend on a marker left in the store folder by an earlier run
    app = App(config, clock, build_session(opts), first_boot_selftest=False)
    app.rng.seed(opts["seed"] if opts["seed"] is not None else 1)
    if opts["selftest"]:
        begin_selftest(app, clock)
    hw = SimHardware(config, clock)
    buttons = config["buttons"]
    debouncer = Debouncer(buttons["debounce_ms"], buttons["long_ms"])
    watch = HostWatch() if opts["wait-host"] else None
    link = build_link(opts, app, config_path, watch.line if watch is not None else None)
    if watch is not None:
        wait_for_host(link, clock, watch)
    driver = Driver(app, hw, debouncer, link, record=False)  # the script is the record
    with open(opts["script"]) as f, open(opts["out"], "w") as out:
        recorder = Recorder(out, app, hw)
        driver.on_step = recorder.after_step
        run_script(driver, read_steps(f), opts["tail"])
    return 0


def interactive(opts, config, messages, config_path):
    import os

    from sim.hw import SimHardware
    from sim.term import Keys, Painter, TurnPace, terminal_traits

    wall = SystemClock()
    clock = ManualClock(wall.ticks_ms())  # the app's: a loop turn moves it PERIOD_MS (TurnPace)
    pace = TurnPace(clock, wall)
    app = App(config, clock, build_session(opts))
    if opts["seed"] is not None:
        app.rng.seed(opts["seed"])
    if opts["selftest"] and app.mode.__class__.__name__ != "SelfTestMode":
        begin_selftest(app, clock)
    colours, utf8 = terminal_traits(os.getenv)
    painter = Painter(app.layout, config, colours=colours, utf8=utf8)
    painter.status = "; ".join(messages)
    buttons = config["buttons"]
    debouncer = Debouncer(buttons["debounce_ms"], buttons["long_ms"])
    try:
        keys = Keys(wall, buttons["long_ms"], pace, on_size=painter.resize)
    except OSError:  # stdin is not a terminal (a pipe, a CI job)
        print("sim: the interactive simulator needs a terminal on stdin; "
              "for runs without one use --script FILE --out FILE")
        return 2
    # the keys' wait moves the app's clock a turn and takes the keys typed meanwhile
    hw = SimHardware(config, clock, sleep_ms=keys.wait, painter=painter)
    hw.read_buttons = keys.levels  # the levels the keys typed, not a script's
    link = build_link(opts, app, config_path)
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
    import os

    path = config_file(opts, os.getenv)
    try:
        config, messages = build_config(opts, path)
    except OSError as err:  # the config folder cannot be made
        print("sim: cannot make the folder of %s: %s" % (path, err))
        return 2
    if opts["script"]:
        from sim.script import ScriptError

        try:
            return scripted(opts, config, path)
        except ScriptError as err:
            print("sim: %s: %s" % (opts["script"], err))
            return 2
    return interactive(opts, config, messages, path)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
