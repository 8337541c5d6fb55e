"""The paper speaks the table's language: every word of the score sheet (SVG, PDF pages, PNG
data), the history's tables and plots, the CSV's cells and the target picture comes in French or in
English, for every game kind, with no word of the other language; counts take the right plural;
the commands follow --lang, else the device's boot language, else the locale; a PDF sheet's pages
are filled."""

import csv
import io
import json
import re
import sqlite3
import xml.etree.ElementTree as ET

import matplotlib
import numpy as np
import pytest
from history_games import FAMILY, play
from matplotlib.text import Text
from PIL import Image

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools import stats
from host_tools.board import board_shapes, draw_game, state_at, to_svg
from host_tools.cli import main as cli
from host_tools.db import LogStore
from host_tools.export import write_deals, write_games
from host_tools.facts import game_facts
from host_tools.games import host
from host_tools.lang import LANGS, Messages
from host_tools.logger import Logger
from host_tools.paper import deal_words, pyplot
from host_tools.sheet import A4, MARGIN, draw_sheet, sheet_data, sheet_pages

AREAS = ("paper", "sheet", "stats", "export", "board", "cli")
OTHER = {"fr": "en", "en": "fr"}
# the game's own words, the same at every table; taken out before the words are judged
SHARED = sorted([host(kind).title for kind in stats.KINDS] + ["Soupir et Jocrisse", "Grand Tombeau", "l'enfer"] + FAMILY,
                key=len, reverse=True)
# words any page in the other language would show, whatever the tables say
HAND = {
    "en": {"the", "of", "and", "to", "in", "by", "game", "games", "deal", "deals", "round", "winner", "winners",
           "player", "players", "tricks", "circles", "left", "stakes", "tokens", "lowest", "fell", "back", "out",
           "target", "takes", "made", "failed", "won", "lost", "pays", "yes", "no"},
    "fr": {"le", "les", "des", "du", "partie", "parties", "donne", "donnes", "tour", "gagnant", "gagnants",
           "joueur", "joueurs", "plis", "cercles", "restants", "mise", "jetons", "perd", "tombé", "revenu",
           "sorti", "but", "prend", "réussi", "chuté", "gagné", "perdu", "paie", "oui", "non"},
}


def _texts(value):
    if isinstance(value, tuple):
        return list(value)
    return [value]


def _words(text):
    for phrase in SHARED:
        text = text.replace(phrase, " ")
    text = re.sub(r"%\(\w+\)[-+ #0-9.]*[sdrf]", " ", text)  # a message's placeholders
    return {w.lower() for w in re.findall(r"[^\W\d_]{2,}", text)}


def _table_words(lang):
    words = set()
    for area in AREAS:
        for value in Messages(lang, area).table.values():
            for text in _texts(value):
                words |= _words(text)
    return words


REFUSED = {lang: (_table_words(OTHER[lang]) - _table_words(lang)) | HAND[OTHER[lang]] for lang in LANGS}


def assert_speaks(lang, texts, where):
    """No word of the other language in these texts (a sentence each, or a list of them)."""
    found = set()
    for text in texts:
        found |= _words(text) & REFUSED[lang]
    assert not found, "%s in %s: %s" % (where, lang, sorted(found))


def json_words(value, key=None):
    """The strings a page's data holds for a person: its values, not its keys nor its identifiers."""
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in ("kind", "game", "lang") for t in json_words(v, k)]
    if isinstance(value, list):
        return [t for v in value for t in json_words(v)]
    return [value] if isinstance(value, str) else []


def svg_texts(path):
    """The words an SVG draws (its <text>), not its metadata."""
    root = ET.parse(path).getroot()
    return ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]


def figure_texts(fig):
    """Every text a figure draws: titles, labels, ticks, legends, the words on the page."""
    fig.canvas.draw()
    return [t.get_text() for t in fig.findobj(Text) if t.get_text()]


def test_the_tables_have_the_same_keys_forms_and_fields_in_both_languages():
    for area in AREAS:
        fr, en = Messages("fr", area).table, Messages("en", area).table
        assert fr.keys() == en.keys(), area
        for key in en:
            assert type(fr[key]) is type(en[key]), (area, key)
            fields = [sorted(re.findall(r"%\((\w+)\)", t)) for t in _texts(fr[key]) + _texts(en[key])]
            assert all(f == fields[0] for f in fields), (area, key)
    # the distinctive words are many: the check is not empty
    assert {"winner", "deal", "lowest"} <= REFUSED["fr"] and {"gagnant", "donne", "perdent"} <= REFUSED["en"]


def test_counts_take_the_plural_of_their_language():
    en, fr = Messages("en", "sheet"), Messages("fr", "sheet")
    assert [en.count("deals", n) for n in (0, 1, 2)] == ["0 deals", "1 deal", "2 deals"]
    assert [fr.count("deals", n) for n in (0, 1, 2)] == ["0 donne", "1 donne", "2 donnes"]
    one = {"game": "tanturlurette", "options": {"players": 4, "circles": 2, "reentry_cap": 1}, "moves": []}
    two = dict(one, options=dict(one["options"], reentry_cap=2))
    line = sheet_data(game_facts(one), "en")["subtitle"]
    assert "at most 1 re-entry ·" in line and "2 circles ·" in line and "re-entries" not in line
    assert "at most 2 re-entries" in sheet_data(game_facts(two), "en")["subtitle"]
    assert "au plus 1 retour ·" in sheet_data(game_facts(one), "fr")["subtitle"]
    assert "au plus 2 retours" in sheet_data(game_facts(two), "fr")["subtitle"]
    assert sheet_data(game_facts(one), "en")["result"] == ["In progress after 0 deals."]
    assert sheet_data(game_facts(one), "fr")["result"] == ["En cours après 0 donne."]


def test_a_deal_in_english_says_what_the_facts_say(stored):
    """The paper's own words for a deal are the facts' in English, word for word."""
    paper = Messages("en", "paper")
    for facts in stored["facts"]:
        for deal in facts["deals"]:
            assert deal_words(paper, facts, deal) == (deal["notes"], deal["detail"]), (facts["game"], deal["deal"])


@pytest.mark.parametrize("lang", LANGS)
def test_every_sheet_speaks_one_language(stored, tmp_path, lang):
    for game in stored["games"]:
        facts = game_facts(game)
        where = "sheet of %s" % game["game"]
        svg = tmp_path / ("s%d.svg" % game["id"])
        with matplotlib.rc_context({"svg.fonttype": "none"}):  # the words as <text>, not as outlines
            data, _pages = draw_sheet(facts, str(svg), lang)
        drawn = svg_texts(svg)
        assert data["title"] in drawn and data["result"][0] in drawn and data["key"] in drawn
        assert_speaks(lang, drawn, where + " (SVG)")
        plt = pyplot()
        for fig in sheet_pages(data, paged=True):  # the PDF's pages
            assert_speaks(lang, figure_texts(fig), where + " (PDF page)")
            plt.close(fig)
        png = tmp_path / ("s%d.png" % game["id"])
        draw_sheet(facts, str(png), lang)
        with Image.open(png) as image:
            assert_speaks(lang, json_words(json.loads(image.text["Description"])), where + " (PNG data)")


@pytest.mark.parametrize("lang", LANGS)
def test_every_stats_table_and_plot_speaks_one_language(stored, tmp_path, monkeypatch, lang):
    figures = []
    monkeypatch.setattr(stats, "save_png", lambda fig, path, data, dpi=100: figures.append((fig, data)))
    summary = stats.history(stored["facts"])
    for kind in stats.KINDS:
        lines = stats.format_history(kind, summary[kind], lang)
        assert_speaks(lang, lines, "stats table of " + kind)
        colours = stats.player_colours([f for f in stored["facts"] if f["kind"] == kind])
        stats.plot_kind(kind, summary[kind], colours, str(tmp_path / "k.png"), lang)
    for facts in stored["facts"]:
        if facts["kind"] == "tanturlurette":
            stats.plot_positions(facts["record"], str(tmp_path / "p.png"), lang)
            stats.plot_pot(facts["record"], str(tmp_path / "q.png"), lang)
        else:
            stats.plot_totals(facts, str(tmp_path / "t.png"), lang)
    assert len(figures) == 4 + len(stored["facts"]) + 3
    for fig, data in figures:
        texts = figure_texts(fig)
        assert_speaks(lang, texts + list(data.get("titles", {}).values()), "plot %s" % data["plot"])
        pyplot().close(fig)


def test_the_stats_words_are_the_tables(stored):
    summary = stats.history(stored["facts"])
    fr = stats.format_history("piccolo", summary["piccolo"], "fr")
    assert fr[0] == "Piccolo : 3 parties terminées" and fr[1].split()[:2] == ["joueur", "parties"]
    assert "contrats réussis/pris :" in fr
    en = stats.format_history("tanturlurette", summary["tanturlurette"], "en")
    assert en[0] == "Tanturlurette: 3 finished games" and en[1].split()[:3] == ["player", "games", "wins"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_csv_cell_speaks_one_language_under_the_same_columns(stored, tmp_path, lang):
    deals, games = tmp_path / "d.csv", tmp_path / "g.csv"
    write_deals(stored["facts"], str(deals), lang)
    write_games(stored["facts"], str(games), lang)
    for path in (deals, games):
        rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
        head, body = rows[0], rows[1:]
        assert head[:4] == ["game", "kind", "engine", "date"]  # the file's format: one in every language
        engine = head.index("engine")
        cells = [c for row in body for i, c in enumerate(row) if i != engine]
        assert_speaks(lang, cells, path.name)
    notes = " ".join(r for r in deals.read_text(encoding="utf-8-sig").splitlines())
    assert ("perdent : " in notes or "perd : " in notes) if lang == "fr" else "lowest: " in notes


@pytest.mark.parametrize("lang", LANGS)
def test_every_board_picture_speaks_one_language(stored, tmp_path, lang):
    for game in stored["games"]:
        if game["game"].endswith("_score"):
            what, _note = draw_game(game, str(tmp_path / "pub.svg"), lang=lang)
            assert_speaks(lang, [what], "board line of " + game["game"])
            continue
        for moves in (len(game["moves"]) // 2, None):  # mid-game (a trick, a trump) and the end
            state, _applied, _note = state_at(game, move=moves)
            shapes = board_shapes(state, game["names"], lang=lang)
            texts = [s[3] for s in shapes if s[0] == "text"]
            svg = ET.fromstring(to_svg(shapes, 480))
            assert sorted(t for t in svg.itertext() if t.strip()) == sorted(t for t in texts if t.strip())
            assert_speaks(lang, texts, "board of %s after %s moves" % (game["game"], moves))
        what, _note = draw_game(game, str(tmp_path / "b.png"), lang=lang)
        assert_speaks(lang, [what], "board line of " + game["game"])


def test_the_cards_and_contracts_are_the_devices(stored):
    from app.i18n import card_word
    from games.piccolo import told_en as piccolo_told_en
    from games.piccolo import words_fr as piccolo_fr

    from host_tools.games.piccolo import paper_contract

    for lang, device in (("fr", piccolo_fr.LEVELS), ("en", piccolo_told_en.LEVELS)):
        paper = Messages(lang, "paper")
        for level, word in device.items():
            ours = paper_contract(paper, level)
            # the device's screen is ASCII: the paper writes the same words with their accents
            assert ours.replace("è", "e").replace("é", "e") == word, (lang, ours, word)
    game = next(g for g in stored["games"] if g["game"] == "piccolo")
    move = next(i for i in range(len(game["moves"])) if state_at(game, move=i)[0].view(0).get("trick"))
    state = state_at(game, move=move + 1)[0]
    for lang in LANGS:
        second = [s[3] for s in board_shapes(state, game["names"], lang=lang) if s[0] == "text"][-1]
        for _seat, card in state.view(0)["trick"]:
            assert card_word(lang, card) in second, (lang, second)  # "DCo" / "QH", as on the OLED


def _log_with_boot(db, lang_of_boot):
    """Two games logged in two boots of the device, the first set to French, the second English."""
    store = LogStore(db)
    logger = Logger(store, out=io.StringIO(), live=False)
    for boot, (lang, game, seed) in enumerate(lang_of_boot, start=1):
        logger.handle({"boot": boot, "seq": 0, "type": "boot", "data": {"lang": lang, "leds": 93}})
        session, events = play(game, None, FAMILY[:4] if game == "tanturlurette" else None, seed)
        for seq, event in enumerate(events, start=1):
            logger.handle(dict(event, boot=boot, seq=seq))
        logger.handle({"boot": boot, "seq": len(events) + 1, "type": "state",
                       "data": {"id": 1, "state": dict(session.history[-1], over=True)}})
    games = store.games()
    store.close()
    return games


def test_the_commands_speak_the_devices_language_else_the_locale(tmp_path, monkeypatch, capsys):
    db = str(tmp_path / "g.sqlite")
    games = _log_with_boot(db, [("fr", "tanturlurette", 5), ("en", "bourre", 4)])
    assert [g["game"] for g in games] == ["tanturlurette", "bourre"]
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    sheet = str(tmp_path / "s.png")

    def sheet_title(*argv):
        assert cli(["sheet", "--db", db] + list(argv) + [sheet]) == 0
        with Image.open(sheet) as image:
            return json.loads(image.text["Description"])["title"]

    assert sheet_title("--game", "1") == "Tanturlurette · partie 1"  # its boot said French
    assert sheet_title("--game", "2") == "La Bourre · game 2"
    assert sheet_title("--game", "1", "--lang", "en") == "Tanturlurette · game 1"
    out = str(tmp_path / "d.csv")
    assert cli(["export", "--db", db, out]) == 0  # several games: the latest boot's language
    text = open(out, encoding="utf-8-sig").read()
    assert "lowest: " in text and " leads · pot " in text and "perd" not in text
    assert cli(["stats", "--db", db, "--lang", "fr"]) == 0
    assert "La Bourre : 1 partie terminée" in capsys.readouterr().out
    # a database without a boot line: the locale
    bare = str(tmp_path / "bare.sqlite")
    LogStore(bare).close()
    with sqlite3.connect(db) as src, sqlite3.connect(bare) as dst:
        for row in src.execute("SELECT source, game, options, names, moves, finished FROM games"):
            dst.execute("INSERT INTO games (source, game, options, names, moves, finished) VALUES (?, ?, ?, ?, ?, ?)",
                        row)
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert cli(["sheet", "--db", bare, "--game", "2", sheet]) == 0
    with Image.open(sheet) as image:
        assert json.loads(image.text["Description"])["title"] == "La Bourre · partie 2"
    with pytest.raises(SystemExit) as stop:
        cli(["sheet", "--db", db, "--lang", "de", sheet])
    assert stop.value.code == 2 and capsys.readouterr().err.count("--lang") == 1


@pytest.mark.parametrize("lang", LANGS)
def test_what_the_paper_commands_print_speaks_one_language(tmp_path, capsys, lang):
    """The lines stats, sheet, export and board print (what they wrote, their mistakes) are in
    the command's language too, plurals included."""
    db = str(tmp_path / "g.sqlite")
    _log_with_boot(db, [("fr", "tanturlurette", 5), ("en", "bourre", 4)])
    said = []
    for argv in (["stats", "--plots", str(tmp_path / "plots")], ["sheet", "--game", "1", str(tmp_path / "s.png")],
                 ["export", str(tmp_path / "d.csv"), "--games", str(tmp_path / "g.csv")],
                 ["board", "--game", "2", str(tmp_path / "b.svg")]):
        assert cli(argv[:1] + ["--db", db, "--lang", lang] + argv[1:]) == 0
        said.append(capsys.readouterr().out)
    for argv in (["stats", "--game", "9"], ["board", "--game", "1", "--size", "5", str(tmp_path / "b.svg")]):
        assert cli(argv[:1] + ["--db", db, "--lang", lang] + argv[1:]) == 1
        said.append(capsys.readouterr().err)
    # the paths (and the plots' file names) are the machine's, not words
    assert_speaks(lang, [re.sub(r"\S*/\S*", "", text) for text in said], "the commands' lines")
    wrote = {"fr": "écrit", "en": "wrote"}[lang]
    assert all(wrote in text for text in said[1:4]), said
    assert ("2 parties terminées" if lang == "fr" else "2 finished games") in said[0]


def _longest_blank(fig):
    """The tallest band of blank paper between the page's top and bottom margins, in inches."""
    fig.canvas.draw()
    pixels = np.asarray(fig.canvas.buffer_rgba())[:, :, :3]
    dpi = fig.dpi
    top, bottom = int(MARGIN * dpi), pixels.shape[0] - int(MARGIN * dpi)
    blank = (pixels[top:bottom] > 245).all(axis=(1, 2))
    longest = run = 0
    for row in blank:
        run = run + 1 if row else 0
        longest = max(longest, run)
    return longest / dpi, (bottom - top) / dpi


def test_the_pages_of_a_pdf_sheet_are_filled(stored):
    """A pub pins the sheet up: no page is left a third blank (the plot takes the room left under
    the table, or a page of its own the whole page high)."""
    plt = pyplot()
    for game in stored["games"]:
        figures = sheet_pages(sheet_data(game_facts(game)), paged=True)
        for number, fig in enumerate(figures, start=1):
            blank, height = _longest_blank(fig)
            assert fig.get_size_inches()[1] in (A4[0], A4[1])
            assert blank < height / 4, "game %s page %d of %d: %.1f of %.1f inches blank" % (
                game["id"], number, len(figures), blank, height)
            plt.close(fig)
