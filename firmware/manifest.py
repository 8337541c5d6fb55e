# ruff: noqa: F821
# pyright: reportUndefinedVariable=false
"""MicroPython's manifest for freezing the firmware into a MicroPython image (docs/DEVICE.md).

Frozen modules run from flash and take no heap for their code: the way to run the firmware on a
board without PSRAM, which cannot hold it as .mpy files. The build runs this file with its own
include(), require() and package(); paths are relative to this file. Build it from a MicroPython
1.29 tree, e.g. for a WROOM-32:

    make -C ports/esp32 BOARD=ESP32_GENERIC FROZEN_MANIFEST=<this repository>/firmware/manifest.py

What it freezes is exactly what `tanturlurette deploy` installs with every game
(tests/host/test_deploy_builds.py checks it): each package folder whole (the manifest tool takes
every .py file under it, its subfolders too: games/<name>/ holds a game, so adding one changes
nothing here), but engine/play.py, which stays off the board. Data files are not frozen:
games/acheron/deck.json stays a file in the board's /lib/games/acheron, where games.acheron.deck
looks for it; main.py and config.json go to the filesystem as deploy puts them.
"""

include("$(PORT_DIR)/boards/manifest.py")  # what the port's own image freezes
require("ssd1306")  # the OLED driver, which deploy installs with mip

package("app", base_path="lib")
package("engine", base_path="lib", files=(  # engine/play.py serves the tests and host tools only
    "__init__.py", "beginner.py", "cards.py", "compat.py", "core.py", "deck32.py", "rng.py",
))
package("games", base_path="lib")
package("hw_esp32", base_path="lib")
package("proto", base_path="lib")
package("store", base_path="lib")
