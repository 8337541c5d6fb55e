"""pytest setup: CPython imports the firmware's own files, exactly as the board does."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for path in (os.path.join(ROOT, "firmware", "lib"), os.path.join(HERE, "portable")):
    if path not in sys.path:
        sys.path.insert(0, path)

# tests/micropython/ needs the unix port (framebuf, littlefs, heap_lock): mprun.py runs it.
collect_ignore = ["micropython"]
