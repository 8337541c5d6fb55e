"""`make bench`: the largest allocation of each store operation on a 32-bit MicroPython (the
WebAssembly port), for the long game and short ones.

The default build is compiled as `tanturlurette deploy` compiles it, and tests/wasm/store_heap.mjs
runs tests/wasm/store_ops.py's operations on it through the real store, in the port's filesystem
(the browser simulator's flash): the resume of a saved game at boot (its snapshot and a journal of
10 entries), a compaction snapshot, get_state's state line (the whole game in one line, written
in pieces), the archive, the same archive again, list_games, and pull_game for every page. The
games: the plan bots' 3315-move Piccolo game (tests/portable/long_game.py),
its first 30 moves, and its first 64 (one full pull_game page). A column a game, in bytes:
  <op>_alloc_b      the largest block the operation allocated (what one allocation needed)
  <op>_freed_b      the largest stretch of blocks it allocated and gave back within the call (a
                    list moving as it grows, a parser's buffer): an upper bound, two side by side
                    count as one
  <op>_total_kb     all it allocated, garbage included (KB)
  resume_arrays_b   the blocks of the resumed game's own lists, one item per move (the moves, and
                    the session's mark of each): they grow with the game as they did in play, in
                    blocks of 256 items (engine.core.Moves)
tests/host/test_wasm_store.py checks that the long game's figures are the short ones'.
"""

import io
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from run import table  # noqa: E402
from wasm_heap import node  # noqa: E402

from host_tools.deploy import build_lib  # noqa: E402

STORE_HEAP = os.path.join(ROOT, "tests", "wasm", "store_heap.mjs")


def run_store(lib, timeout=600):
    """store_heap.mjs's JSON report for the build in lib; RuntimeError with its message if it
    failed."""
    return run_report(STORE_HEAP, lib, timeout)


def run_report(script, lib, timeout):
    """The JSON report the harness script (tests/wasm/*.mjs) prints for the build in lib;
    RuntimeError with its message if it failed."""
    done = subprocess.run([node(), script, "--lib", lib], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)
    if done.returncode or not done.stdout.strip():
        said = done.stderr.strip().splitlines() or ["exit %d" % done.returncode]
        raise RuntimeError(said[-1])
    return json.loads(done.stdout)


def figures(operations):
    """{name: (value, unit)} of one game's operations, for run.table."""
    out = {}
    for name, found in operations.items():
        out[name + "_alloc_b"] = (found["largest"]["bytes"], "B")
        out[name + "_freed_b"] = (found["largest_freed"], "B")
        out[name + "_total_kb"] = (round(found["allocated"] / 1024, 1), "KB")
        if name == "resume":
            out["resume_arrays_b"] = (sum(found["arrays"]), "B")
    return out


def main():
    with tempfile.TemporaryDirectory() as build:
        report = run_store(build_lib(build, None, out=io.StringIO()))
    failed = [(count, name) for count, operations in report["games"].items()
              for name, found in operations.items() if not found["ok"] or found["grew"]]
    long = report["counts"][0]
    columns = [("%d moves" % count, figures(report["games"][str(count)]))
               for count in report["counts"]]
    print("largest allocation of each store operation on the 32-bit WebAssembly port, in bytes")
    lines = table(columns).splitlines()
    cut = lines[0].rindex(" | ")  # no budget column: the test's budget is the short games' figures
    print("\n".join(line[:cut].rstrip() for line in lines))
    print("\nlargest allocation of the %d-move game's operations:" % long)
    for name, found in report["games"][str(long)].items():
        largest = found["largest"]
        print("  %s: %d B '%s': %s" % (name, largest["bytes"], largest["kind"],
                                       largest["looks"][:100]))
    for count, name in failed:
        print("wasm_store: %s of the %s-move game failed or made the heap grow" % (name, count))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
