"""A new game is its package and one descriptor (docs/ARCHITECTURE.md, "Adding a game"): the
skeleton game (tests/skeleton/nim/, its descriptor in tests/skeleton/descriptor.py), copied into a
copy of firmware/lib as a game would be added, passes the game interface test and the words'
languages test on both runtimes, and deploy's file lists and the registry take it in with nothing
else written."""

import os
import shutil
import subprocess
import sys

from host_tools import FIRMWARE_LIB, ROOT, deploy

SKELETON = os.path.join(ROOT, "tests", "skeleton")
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
# the test files run against the copy: every function of each, as tests/mprun.py runs them
INTERFACE_TESTS = ("test_game_interface", "test_words_languages")
RUN = """
import sys
sys.path.insert(0, %r)
sys.path.insert(0, %r)
import games
print("games", " ".join(games.NAMES))
print("engines", " ".join(games.ENGINES))
ran = 0
for name in %r:
    module = __import__(name)
    for attr in sorted(dir(module)):
        if attr.startswith("test_"):
            getattr(module, attr)()
            ran += 1
print("ran", ran)
"""


def add_the_skeleton(lib):
    """What adding a game takes: its package folder, and its descriptor in GAMES."""
    shutil.copytree(FIRMWARE_LIB, lib, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(os.path.join(SKELETON, "nim"), os.path.join(lib, "games", "nim"))
    with open(os.path.join(SKELETON, "descriptor.py"), encoding="utf-8") as f:
        descriptor = f.read().split("DESCRIPTOR = ", 1)[1].strip()
    registry = os.path.join(lib, "games", "__init__.py")
    with open(registry, encoding="utf-8") as f:
        text = f.read()
    end = "\n)\n\n\ndef game(name):"  # the close of the GAMES tuple
    assert text.count(end) == 1, "games/__init__.py: the end of GAMES moved"
    with open(registry, "w", encoding="utf-8") as f:
        f.write(text.replace(end, "\n    %s,%s" % (descriptor.replace("\n", "\n    "), end)))


def run(argv, lib):
    code = RUN % (os.path.join(ROOT, "tests", "portable"), lib, INTERFACE_TESTS)
    result = subprocess.run(argv + ["-c", code], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    return dict(line.split(" ", 1) for line in result.stdout.splitlines())


def test_the_copied_skeleton_passes_the_interface_test_on_both_runtimes(tmp_path):
    lib = str(tmp_path / "lib")
    add_the_skeleton(lib)
    for argv in ([sys.executable, "-S"], [MICROPYTHON, "-X", "heapsize=8M"]):
        got = run(argv, lib)
        assert got["games"] == "tanturlurette acheron bourre piccolo nim", got
        assert got["engines"].endswith(" nim"), got
        assert int(got["ran"]) >= 10, got


def test_deploy_takes_a_games_package_whole(tmp_path):
    lib = str(tmp_path / "lib")
    add_the_skeleton(lib)
    files = deploy.package_files("games.nim", lib=lib)
    assert files == tuple("games/nim/%s.py" % name for name in (
        "__init__", "advice", "bots", "help_en", "help_fr", "rules", "setup_en", "setup_fr", "told_en", "words",
        "words_en", "words_fr"))
    assert set(files) <= set(deploy.lib_files(lib=lib))  # a build with it installs all of it
