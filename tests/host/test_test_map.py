"""tests/MAP.md, where each firmware module is tested: every module of firmware/lib has its line
there, no line names a module that is gone, and every test file a line names exists."""

import os
import re

from host_tools import FIRMWARE_LIB, ROOT

MAP = os.path.join(ROOT, "tests", "MAP.md")


def firmware_modules():
    """Every module of firmware/lib by its dotted name (a package by its own name)."""
    found = []
    for folder, dirs, files in os.walk(FIRMWARE_LIB):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, name), FIRMWARE_LIB)[:-3]
                found.append(rel.replace(os.sep, ".").replace(".__init__", "").replace("__init__", ""))
    return sorted(found)


def map_lines():
    with open(MAP, encoding="utf-8") as f:
        return dict(re.findall(r"^- `([\w.]+)`: (.+)$", f.read(), re.M))


def test_every_firmware_module_has_its_line_and_no_line_is_stale():
    lines = map_lines()
    modules = firmware_modules()
    assert [m for m in modules if m not in lines] == [], "modules missing from tests/MAP.md"
    assert [m for m in lines if m not in modules] == [], "tests/MAP.md names modules that are gone"


def test_every_test_file_named_exists():
    for module, tests in map_lines().items():
        named = re.findall(r"`([\w/]+\.py)`", tests)
        assert named, module
        for rel in named:
            assert os.path.isfile(os.path.join(ROOT, "tests", rel)), (module, rel)
