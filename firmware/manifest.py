# ruff: noqa: F821
# pyright: reportUndefinedVariable=false
"""MicroPython's manifest for freezing the firmware into a MicroPython image (docs/DEVICE.md).

Frozen modules run from flash and take no heap for their code: the way to run the firmware on a
board without PSRAM, which cannot hold it as .mpy files. The build runs this file with its own
include(), require() and package(); paths are relative to this file. Build it from a MicroPython
1.29 tree, e.g. for a WROOM-32:

    make -C ports/esp32 BOARD=ESP32_GENERIC FROZEN_MANIFEST=<this repository>/firmware/manifest.py

The files below are exactly those `tanturlurette deploy` installs with every game pack
(tests/host/test_deploy_builds.py checks it): engine/acheron_deck.json, data and not code, stays a
file in the board's /lib/engine, where engine.acheron looks for it; main.py and config.json go to
the filesystem as deploy puts them.
"""

include("$(PORT_DIR)/boards/manifest.py")  # what the port's own image freezes
require("ssd1306")  # the OLED driver, which deploy installs with mip

package("app", base_path="lib", files=(
    "__init__.py", "board.py", "boards.py", "buttons.py", "clock.py", "colours.py", "config.py",
    "core.py", "cues.py", "i18n.py", "i18n_board_en.py", "i18n_board_fr.py", "i18n_en.py",
    "i18n_fr.py", "i18n_setup.py", "i18n_setup_en.py", "i18n_setup_fr.py", "loop.py", "power.py", "ring.py",
    "resume.py", "session.py", "settings.py",
    "modes/__init__.py", "modes/base.py", "modes/menu.py", "modes/score.py", "modes/selftest.py",
    "modes/table.py", "modes/tant.py",
    "words/__init__.py", "words/acheron.py", "words/acheron_en.py", "words/acheron_fr.py",
    "words/acheron_told_en.py", "words/bourre.py", "words/bourre_en.py", "words/bourre_fr.py",
    "words/bourre_told_en.py", "words/piccolo.py", "words/piccolo_en.py", "words/piccolo_fr.py",
    "words/piccolo_told_en.py", "words/tanturlurette.py", "words/tanturlurette_en.py",
    "words/tanturlurette_fr.py", "words/tanturlurette_told_en.py",
))
package("engine", base_path="lib", files=(
    "__init__.py", "acheron.py", "acheron_bots.py", "acheron_codes.py", "acheron_deck.py",
    "acheron_score.py", "bourre.py", "bourre_bots.py", "bourre_codes.py", "bourre_score.py", "cards.py",
    "compat.py", "core.py", "deck32.py", "games.py", "piccolo.py", "piccolo_bots.py", "piccolo_codes.py",
    "piccolo_score.py", "registry.py", "rng.py",
    "tanturlurette.py", "tanturlurette_bots.py",
))
package("hw_esp32", base_path="lib", files=("__init__.py", "boot.py", "buzzer.py", "display.py",
                                            "run.py", "usb_serial.py"))
package("proto", base_path="lib", files=("__init__.py", "commands.py", "link.py", "wire.py"))
package("store", base_path="lib", files=("__init__.py", "container.py", "files.py", "journal.py",
                                         "storage.py"))
