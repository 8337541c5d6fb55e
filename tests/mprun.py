"""The test runner for the MicroPython unix port, which has no unittest or pytest.

It runs every test_* function of tests/portable/test_*.py (the same files pytest runs on CPython)
and of tests/micropython/test_*.py (tests that need the unix port: framebuf, littlefs, heap_lock).
Usage: micropython tests/mprun.py [substring-of-test-file ...]
"""

import gc
import os
import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
ROOT = HERE.rsplit("/", 1)[0] if "/" in HERE else "."
SUITES = ("portable", "micropython")
for path in (ROOT + "/firmware/lib", HERE + "/portable", HERE + "/micropython", HERE):
    sys.path.insert(0, path)


def test_files(suite, wanted):
    folder = HERE + "/" + suite
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [n[:-3] for n in names
            if n.startswith("test_") and n.endswith(".py") and (not wanted or any(w in n for w in wanted))]


def run_module(name):
    passed = failed = 0
    try:
        module = __import__(name)
    except Exception as err:  # an import error fails the whole file, loudly
        print("ERROR importing %s:" % name)
        sys.print_exception(err)
        return 0, 1
    for attr in sorted(dir(module)):
        if not attr.startswith("test_"):
            continue
        func = getattr(module, attr)
        if not callable(func):
            continue
        try:
            func()
            passed += 1
        except Exception as err:
            failed += 1
            print("FAIL %s.%s" % (name, attr))
            sys.print_exception(err)
    return passed, failed


def write_counts(passed, failed):
    # read by tests/tools/summary.py for the closing line of `make test`
    try:
        os.mkdir(ROOT + "/build")
    except OSError:
        pass
    with open(ROOT + "/build/micropython-count.txt", "w") as f:
        f.write("%d %d\n" % (passed, failed))


def main():
    wanted = sys.argv[1:]
    passed = failed = 0
    for suite in SUITES:
        for name in test_files(suite, wanted):
            p, f = run_module(name)
            # Each file's module goes once run, so one file's objects don't crowd the next.
            sys.modules.pop(name, None)
            gc.collect()
            print("  %-40s %3d passed %s" % (suite + "/" + name, p, ("%d FAILED" % f) if f else ""))
            passed += p
            failed += f
    print("micropython: %d passed, %d failed" % (passed, failed))
    write_counts(passed, failed)
    sys.exit(1 if failed or not passed else 0)


main()
