"""What the hardware/ tests share: the folder, and hardware/make_wiring.py (the generator of the
pin maps, wiring diagrams and Wokwi projects, a script rather than a package) loaded as `MW`."""

import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HARDWARE = os.path.join(ROOT, "hardware")


def _load_make_wiring():
    spec = importlib.util.spec_from_file_location("make_wiring", os.path.join(HARDWARE, "make_wiring.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MW = _load_make_wiring()
