"""What the hardware/ tests share: the folder, and hardware/make_wiring.py (the generator of the
pin maps, wiring diagrams and Wokwi projects) loaded as `MW`."""

import os

from repo_scripts import ROOT, load_script

HARDWARE = os.path.join(ROOT, "hardware")
MW = load_script("make_wiring", "hardware", "make_wiring.py")
