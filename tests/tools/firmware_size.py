"""The .mpy size of the firmware as `tanturlurette deploy` builds it (for `make bench`).

Both builds are compiled exactly as the deploy tool compiles them (for the ESP32, xtensawin), and
the files of each are added up (.mpy modules and the few .json data files):
  - the Tanturlurette firmware, `deploy --games tanturlurette`: the device of issue 3 (engine,
    Tanturlurette, application, storage, protocol, self-test, ESP32 layer); the same with
    `--debug` (line numbers kept in tracebacks) is shown beside it;
  - the full build with every game pack, the default of `deploy`;
  - what each pack adds to the Tanturlurette firmware.
main.py is deployed as source and counted too. The largest modules of the Tanturlurette firmware
are listed, as the places to look first when a build must shrink.

These sizes are no budget: the boards have PSRAM, and what binds is the heap on a 32-bit
MicroPython, which wasm_heap.py measures over a whole session (docs/DEVICE.md). The size sets how
long the firmware takes to load and what a frozen image holds.

The heap that code takes once imported is measured too: the Tanturlurette build's .mpy files are
loaded by the unix port (bytecode .mpy files load on any port), every module, the ESP32 layer's
too (it imports machine only when the board object is built). The unix port's pointers are
64-bit: on the ESP32 the same objects take less (the bytecode and strings as much, the pointers
half); wasm_heap.py's boot figure is the 32-bit one.
"""

import io
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from host_tools.deploy import ALL_GAMES, ALWAYS_INSTALLED, build_lib, lib_files  # noqa: E402

LARGEST_SHOWN = 8


def compiled_sizes(debug=False):
    """{file under firmware/lib: bytes on the board}, from one full build as deploy compiles it."""
    with tempfile.TemporaryDirectory() as build:
        lib = build_lib(build, None, out=io.StringIO(), debug=debug)
        sizes = {}
        for rel in lib_files():
            on_board = rel[:-3] + ".mpy" if rel.endswith(".py") else rel
            sizes[rel] = os.path.getsize(os.path.join(lib, on_board))
    return sizes


def build_sizes(compiled, games):
    """{path on the board: bytes} for a build of `games`, main.py (deployed as source) included."""
    sizes = {"lib/" + rel: compiled[rel] for rel in lib_files(games=games)}
    sizes["main.py"] = os.path.getsize(os.path.join(ROOT, "firmware", "main.py"))
    return sizes


def code_heap_bytes():
    """gc.mem_alloc() growth on the unix port from importing the compiled Tanturlurette build."""
    with tempfile.TemporaryDirectory() as build:
        lib = build_lib(build, [ALWAYS_INSTALLED], out=io.StringIO())
        modules = [rel[:-3].replace("/", ".").replace(".__init__", "") for rel in lib_files(games=[ALWAYS_INSTALLED])
                   if rel.endswith(".py")]
        script = ("import gc, sys\nsys.path.insert(0, %r)\ngc.collect()\nbase = gc.mem_alloc()\n"
                  "for name in %r:\n    __import__(name)\ngc.collect()\nprint(gc.mem_alloc() - base)\n"
                  % (lib, modules))
        micropython = os.path.join(ROOT, ".venv", "bin", "micropython")
        out = subprocess.run([micropython, "-c", script], capture_output=True, text=True, check=True).stdout
    return int(out.split()[-1])


def kb(sizes):
    return sum(sizes.values()) / 1024


def main():
    compiled = compiled_sizes()
    own = build_sizes(compiled, [ALWAYS_INSTALLED])
    full = build_sizes(compiled, None)
    print("firmware_mpy_tanturlurette_kb: %.1f KB" % kb(own))
    print("firmware_mpy_tanturlurette_debug_kb: %.1f KB" % kb(build_sizes(compiled_sizes(True), [ALWAYS_INSTALLED])))
    print("firmware_mpy_full_build_kb: %.1f KB" % kb(full))
    for game in ALL_GAMES:
        if game != ALWAYS_INSTALLED:
            with_pack = build_sizes(compiled, [game])
            print("firmware_mpy_pack_%s_kb: +%.1f KB" % (game, kb(with_pack) - kb(own)))
    print("firmware_code_heap_unix_kb: %.1f KB" % (code_heap_bytes() / 1024))
    largest = sorted(own.items(), key=lambda item: -item[1])[:LARGEST_SHOWN]
    for path, size in largest:
        print("module_%s: %.1f KB" % (path.replace("lib/", "").replace(".py", "").replace("/", "."),
                                      size / 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main())
