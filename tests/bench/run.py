"""`make bench`: every tests/bench/bench_*.py under MicroPython and CPython, side by side (but
HOST_ONLY's, which measure with host tools: CPython alone).

A bench script runs standalone under both runtimes and prints one figure a line:

    name: value unit

A line `name_budget: value unit` gives the MicroPython budget for `name` (the issue's budgets are
for the unix port on this machine); the table marks figures over budget. Other lines are ignored.
These are figures, not a timed test: nothing here fails on a slow machine, but a bench script that
crashes makes this exit non-zero. After them: the firmware's .mpy size (tests/tools/firmware_size.py),
a figure with no budget; the whole session's heap on the 32-bit WebAssembly port (wasm_heap.py,
a few minutes), the budget that binds the firmware; and the largest allocation of each store
operation there, for a long game and short ones (wasm_store.py); what each protocol command
costs a loop turn there, a host reading a history of 200 games page by page (wasm_commands.py).
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BIN = os.path.join(ROOT, ".venv", "bin")
RUNTIMES = (("MicroPython", os.path.join(BIN, "micropython")), ("CPython", os.path.join(BIN, "python")))
BUDGET_SUFFIX = "_budget"
# the 32-bit WebAssembly port's figures: the whole session's heap, each store operation's largest
# allocation
WASM_SCRIPTS = ("wasm_heap", "wasm_store", "wasm_commands")


# benches of host tools alone: they measure the bots against a player that is no firmware
# (tests/bench/reference.py, CPython only), so MicroPython does not run them
HOST_ONLY = ("bench_vs_reference.py",)


def bench_files(folder=HERE):
    return sorted(n for n in os.listdir(folder) if n.startswith("bench_") and n.endswith(".py"))


def parse_figures(text):
    """{name: (value, unit)} from lines `name: value unit`; anything else is ignored."""
    figures = {}
    for line in text.splitlines():
        name, sep, rest = line.partition(":")
        name = name.strip()
        parts = rest.split()
        if not sep or not name or " " in name or not parts:
            continue
        try:
            value = float(parts[0])
        except ValueError:
            continue
        figures[name] = (value, " ".join(parts[1:]))
    return figures


# MicroPython flags a script needs: bench_store's largest-block figures cut the heap into holes
# around a 3,315-move game, which takes a fixed heap of more than the unix port's default;
# bench_undo's long games are saved on a RAM chip made in a heap they have cut up
MICROPYTHON_FLAGS = {"bench_store.py": ["-X", "heapsize=8M"], "bench_undo.py": ["-X", "heapsize=8M"]}


def run_bench(interpreter, path, timeout=900):
    """(figures, error): the figures the script printed, or why it failed."""
    flags = []
    if interpreter == RUNTIMES[0][1]:
        flags = MICROPYTHON_FLAGS.get(os.path.basename(path), [])
    try:
        done = subprocess.run([interpreter] + flags + [path], capture_output=True, text=True,
                              timeout=timeout, cwd=ROOT)
    except (OSError, subprocess.TimeoutExpired) as err:
        return {}, str(err)
    if done.returncode:
        # MicroPython prints its traceback on stdout: show the last line of whichever has one
        said = done.stderr.strip().splitlines() or done.stdout.strip().splitlines()
        return parse_figures(done.stdout), (said or ["exit %d" % done.returncode])[-1]
    return parse_figures(done.stdout), ""


def format_value(figure):
    if figure is None:
        return "-"
    value, unit = figure
    # whole numbers as they are; others to three significant digits, never in exponent form
    if value == int(value) or abs(value) >= 100:
        shown = "%.0f" % value
    else:
        shown = "%.3g" % value
    return (shown + " " + unit).strip()


def table(results):
    """results: [(runtime name, figures)]; rows are metrics in first-seen order."""
    names = []
    for _runtime, figures in results:
        for name in figures:
            if not name.endswith(BUDGET_SUFFIX) and name not in names:
                names.append(name)
    header = ["metric"] + [runtime for runtime, _ in results] + ["budget (MicroPython)"]
    rows = [header]
    micro = results[0][1]
    for name in names:
        budget = None
        for _runtime, figures in results:
            budget = budget or figures.get(name + BUDGET_SUFFIX)
        row = [name] + [format_value(figures.get(name)) for _runtime, figures in results]
        mark = ""
        if budget is not None and micro.get(name) is not None:
            mark = "  OK" if micro[name][0] <= budget[0] else "  OVER"
        row.append(format_value(budget) + mark if budget else "")
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = []
    for i, row in enumerate(rows):
        lines.append(" | ".join(cell.ljust(widths[j]) for j, cell in enumerate(row)).rstrip())
        if i == 0:
            lines.append("-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv):
    wanted = argv[1:]
    failed = False
    for name in bench_files():
        if wanted and not any(w in name for w in wanted):
            continue
        results = []
        for runtime, interpreter in RUNTIMES:
            if name in HOST_ONLY and runtime != "CPython":
                continue
            figures, error = run_bench(interpreter, os.path.join(HERE, name))
            if error:
                failed = True
                print("%s under %s failed: %s" % (name, runtime, error))
            results.append((runtime, figures))
        print("\n%s\n%s\n" % (name, table(results)))
    if not wanted or any(w in "firmware_size" for w in wanted):
        failed = not print_firmware_size() or failed
    for script in WASM_SCRIPTS:
        if not wanted or any(w in script for w in wanted):
            failed = not print_wasm(script) or failed
    return 1 if failed else 0


def print_firmware_size():
    """The deployed .mpy size: a property of the firmware, not of a runtime, so one column."""
    tool = os.path.join(ROOT, "tests", "tools", "firmware_size.py")
    figures, error = run_bench(os.path.join(BIN, "python"), tool)
    if error:
        print("firmware_size failed: %s" % error)
        return False
    print("\nfirmware .mpy size (ESP32, as deployed; the heap below is the budget)\n%s\n"
          % table([("size", figures)]))
    return True


def print_wasm(script):
    """A figure of the 32-bit WebAssembly port (WASM_SCRIPTS: the script prints its report)."""
    done = subprocess.run([os.path.join(BIN, "python"), os.path.join(HERE, script + ".py")],
                          text=True, capture_output=True, cwd=ROOT)
    print("\n" + done.stdout)
    if done.returncode:
        said = done.stderr.strip().splitlines() or ["exit %d" % done.returncode]
        print("%s failed: %s" % (script, said[-1]))
        return False
    return True


if __name__ == "__main__":
    sys.exit(main(sys.argv))
