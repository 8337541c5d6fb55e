"""Issue 13: the words the device shows take the heap of one language, on the 32-bit port.

Each set of words is a module a language (app.i18n.OneLanguage): a French table loads the French
words and never the English ones but what the log says in English (a game's <game>_told_en);
changing the language lets the first go; the words of the board's boot screens and of a game
that cannot start are loaded for their screen and let go at once. Each check runs the build as
deploy compiles it on a runtime of its own (tests/host/test_wasm_session.py's run_module), reads
sys.modules and the live heap after a collection: nothing depends on time.
"""

import io
import json
import os

import pytest
from test_wasm_session import ROOT, run_module

from host_tools.deploy import build_lib

SESSION = "file://" + os.path.join(ROOT, "tests", "wasm", "session.mjs")
PAGE = os.path.join(ROOT, "firmware", "web", "py")
# The shared words of one language on this port, the code that picks them included: 11.5 KB
# (French) and 11.1 KB (English) today; both languages at once took 24.8 KB.
ONE_LANGUAGE_KB = 16


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    return build_lib(str(tmp_path_factory.mktemp("wasm_words")), None, out=io.StringIO())


def run(lib, python, config=None):
    """Run `python` on a fresh runtime with the build on its path (and the page's machine,
    neopixel and ssd1306, and /config.json when given); it sets _out, returned as JSON. Its
    `mark()` records the live heap after a collection (JavaScript's collect between calls)."""
    files = {"/config.json": json.dumps(config)} if config is not None else {}
    return run_module("""
import { tree } from "%s";
const rt = await loadRuntime({ heapBytes: 1024 * 1024 });
rt.install(tree(%s, "/lib"));
rt.install(tree(%s, "/page"));
rt.install(%s);
rt.run("import sys\\nsys.path.insert(0, '/lib')\\nimport engine.core, games");
const marks = [];
const steps = %s;
for (const step of steps) {
  rt.run(step);
  rt.collect();
  marks.push(rt.used());
}
rt.run("import json\\n_json = json.dumps(_out)");
console.log(JSON.stringify({ marks, out: JSON.parse(rt.mp.globals.get("_json")) }));
""" % (SESSION, json.dumps(lib), json.dumps(PAGE), json.dumps(files), json.dumps(python)))


MODULES = ("def loaded(prefix):\n"
           "    return sorted(m for m in sys.modules if m.startswith(prefix))\n"
           "_out = {}")


def test_a_french_table_holds_the_french_words_alone_and_changing_language_lets_them_go(lib):
    """Before: app.i18n held both languages (24.8 KB on this port) and no module of one."""
    got = run(lib, [MODULES, "from app import i18n", "_out['fr'] = [i18n.tr('fr', 'play'), loaded('app.i18n')]",
                    "_out['en'] = [i18n.tr('en', 'play'), loaded('app.i18n')]",
                    "i18n.tr('fr', 'play')", "i18n.tr('en', 'play')", "i18n.tr('fr', 'play')", "i18n.tr('en', 'play')"])
    out, marks = got["out"], got["marks"]
    assert out["fr"] == ["Jouer", ["app.i18n", "app.i18n_fr"]]
    assert out["en"] == ["Play", ["app.i18n", "app.i18n_en"]]  # the French let go
    french = marks[2] - marks[0]
    assert french < ONE_LANGUAGE_KB * 1024, french
    # back and forth: each language loaded afresh, the other collected (its names stay interned)
    assert marks[6] - marks[4] <= 64 and marks[7] - marks[5] <= 64, marks


def test_each_game_loads_the_words_of_its_tables_language_and_the_logs_english(lib):
    steps = [MODULES, "from games import GAMES\nfrom engine.core import REFUSE_OVER\n_out['fr'] = {}\n_out['en'] = {}"]
    for lang in ("fr", "en"):
        steps.append("for _game in GAMES:\n"
                     "    _words = __import__('games.' + _game.name + '.words', None, None, ['_'])\n"
                     "    _out['%s'][_game.name] = [_words.refusal('%s', (REFUSE_OVER,)), loaded('games.' + _game.name + '.')]"
                     % (lang, lang))
    got = run(lib, steps)["out"]
    for game, (text, modules) in got["fr"].items():
        assert text == "La partie est finie"
        words = [m for m in modules if m.rsplit(".", 1)[1] in ("words", "words_fr", "words_en", "told_en")]
        assert words == ["games.%s.%s" % (game, end) for end in ("told_en", "words", "words_fr")], modules
    for game, (text, modules) in got["en"].items():
        assert text == "the game is over"
        words = [m for m in modules if m.rsplit(".", 1)[1] in ("words", "words_fr", "words_en", "told_en")]
        assert words == ["games.%s.%s" % (game, end) for end in ("told_en", "words", "words_en")], modules


def test_the_boot_and_setup_refusals_words_go_with_their_screens(lib):
    """A boot with a config value refused says so in French (app.i18n_board_fr), a game that cannot
    start says why (app.i18n_setup_fr): neither stays loaded, nor does any English module."""
    with open(os.path.join(ROOT, "firmware", "config.json"), encoding="utf-8") as f:
        config = json.load(f)
    config["seats"] = 99  # refused: the default is used, and the boot's notice says it
    config["language"] = "fr"
    boot = ("import sys\nsys.path.append('/page')\nimport web_board\n_board = web_board.Board('/config.json', '/', 1, False)\n"
            "_board.turn()\n"  # the first loop turn shows the menu and the notice
            "_out['boot'] = [list(_board.app.notice or []), loaded('app.i18n')]")
    refused = ("_ok = _board.app.start_game('bourre', {'players': 4, 'deals': 0}, None, 0)\n"
               "_board.app.render(0)\n"
               "_out['refused'] = [_ok, list(_board.app.text[:3]), loaded('app.i18n'), loaded('games.bourre.words')]")
    got = run(lib, [MODULES, boot, refused], config)["out"]
    notice, modules = got["boot"]
    assert notice[:2] == ["Config: 1", "a corriger"], notice
    assert modules in (["app.i18n"], ["app.i18n", "app.i18n_fr"]), modules  # the self-test has its own
    ok, text, modules, words = got["refused"]
    assert not ok and text == ["Erreur", "Donnes: de 1 a", "99"], text
    assert modules == ["app.i18n", "app.i18n_fr"], modules
    assert not [m for m in words if m.endswith("_en") and not m.endswith("_told_en")], words
