"""The browser simulator played in headless Chromium: tests/web/browser.mjs clicks the page's
buttons through a whole Tanturlurette game (two humans, two bots, deck mode), checks the target's
canvas against the frames the firmware sent and the OLED against its framebuf, closes the tab
mid-game and checks the game resumed exactly, checks the tones against the firmware's cues, and
sets the page to English on a 24-LED ring (the docstring there lists every step).

Debian's Chromium (`make chromium` installs it); its screenshots are in build/web-test/, to look
at. Every wait is on the page's state, so a loaded machine is only slower.
"""

import json
import os
import subprocess

import pytest
from test_web_page import node, served, web_build  # noqa: F401  (the fixtures)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = "/usr/bin/chromium"
SCRIPT = os.path.join(ROOT, "tests", "web", "browser.mjs")
SHOTS = os.path.join(ROOT, "build", "web-test")
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")

pytestmark = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK),
    reason="Chromium is not installed at %s and `make chromium` could not install it "
           "(Debian's package `chromium`): the browser test cannot run" % CHROMIUM)


def cue_frequencies():
    """Every frequency the firmware's buzzer cues play (hw_esp32.buzzer.CUES), read on the unix port."""
    done = subprocess.run(
        [MICROPYTHON, "-c", "import sys\nsys.path.insert(0, 'firmware/lib')\nfrom hw_esp32.buzzer import CUES\n"
         "print(sorted(set(c[i] for c in CUES for i in range(0, len(c), 2) if c[i])))"],
        capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_game_played_in_chromium_by_clicking_resumes_after_a_reload(served):  # noqa: F811
    cues = cue_frequencies()
    done = subprocess.run([node(), SCRIPT, "--url", served, "--out", SHOTS, "--chromium", CHROMIUM,
                           "--cues", ",".join(map(str, cues))],
                          capture_output=True, text=True, timeout=1800, cwd=ROOT)
    lines = done.stdout.strip().splitlines()
    assert lines, "browser.mjs printed nothing: %s" % done.stderr[-2000:]
    report = json.loads(lines[-1])
    with open(os.path.join(SHOTS, "report.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
    assert report["ok"], "%s\nchecks passed: %s\nscreenshots: %s" % (
        report["error"], report["checks"], report["screenshots"])
    assert done.returncode == 0
    assert report["chromium"], "the browser's version was not read"
    assert report["canvas_checks"] >= 20 and report["actions"] >= 20
    assert len(report["screenshots"]) == 6
    print("Chromium %s; screenshots in %s" % (report["chromium"], SHOTS))
    for line in report["checks"]:
        print(line)
