"""`make bench`: what each protocol command costs on a 32-bit MicroPython (the WebAssembly port)
with a host polling a device that keeps 200 finished games and a 48 KB damaged file.

The default build is compiled as `tanturlurette deploy` compiles it, and
tests/wasm/commands_heap.mjs plays tests/wasm/commands_ops.py's host on it: each command, every
page, one loop turn (proto.link.Link.poll) a call. A row a command:
  pages       the pages the host asked for all of it
  turns       the most loop turns one page took (a job: a step a turn)
  turn_kb     the worst turn's allocation, garbage included (KB): what the turn needs of the heap
  largest_b   the largest block a turn allocated
  live_b      how much more lives after the command than before (the first command loads the
              handlers)
tests/host/test_wasm_commands.py holds them to their budget.
"""

import io
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from wasm_store import run_report  # noqa: E402

from host_tools.deploy import build_lib  # noqa: E402

COMMANDS_HEAP = os.path.join(ROOT, "tests", "wasm", "commands_heap.mjs")


def run_commands(lib, timeout=900):
    """commands_heap.mjs's JSON report for the build in lib; RuntimeError with its message if it
    failed."""
    return run_report(COMMANDS_HEAP, lib, timeout)


def main():
    with tempfile.TemporaryDirectory() as build:
        report = run_commands(build_lib(build, None, out=io.StringIO()))
    print("each command on the 32-bit WebAssembly port, %d kept games (the first %d moves long)"
          % (report["history"], report["long_moves"]))
    print("%-18s %6s %6s %8s %10s %7s" % ("command", "pages", "turns", "turn_kb", "largest_b", "live_b"))
    for name in report["order"]:
        found = report["commands"][name]
        print("%-18s %6d %6d %8.1f %10d %7d" % (name, found["pages"], found["turns"], found["allocated"] / 1024,
                                             found["largest"]["bytes"], found["live"]))
    if report["problems"]:
        print("wasm_commands: " + report["problems"])
    return 1 if report["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
