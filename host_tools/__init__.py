"""Host-side tools (CPython): serial logger, history, replay and verification, deploy, plots.

They use the firmware's own engine and protocol modules, from firmware/lib: the same files the
board runs, never a copy.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
FIRMWARE_LIB = os.path.join(FIRMWARE, "lib")
if FIRMWARE_LIB not in sys.path:
    sys.path.insert(0, FIRMWARE_LIB)
