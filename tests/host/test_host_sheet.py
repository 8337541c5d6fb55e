"""The score sheet a pub pins up: every kind gives one, every deal on it, the winners and the payouts."""

import json
import os
import re
import xml.etree.ElementTree as ET

from engine.play import replay
from PIL import Image

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools.cli import main as cli
from host_tools.facts import game_facts, seat_names
from host_tools.sheet import A4, draw_sheet, sheet_data


def _pdf_pages(path):
    with open(path, "rb") as f:
        return len(re.findall(rb"/Type\s*/Page(?![a-z])", f.read()))


def test_every_kind_gives_a_sheet_with_every_deal(stored):
    for game in stored["games"]:
        facts = game_facts(game)
        path = str(stored["folder"] / ("sheet%d.png" % game["id"]))
        data, pages = draw_sheet(facts, path)
        assert pages == 1
        with Image.open(path) as image:
            stored_data = json.loads(image.text["Description"])
            width, height = image.size
        assert stored_data == json.loads(json.dumps(data, ensure_ascii=False))
        assert [r["deal"] for r in data["rows"]] == [d["deal"] for d in facts["deals"]]
        state = replay(game)
        names = seat_names(game["names"], len(state.standings()))
        assert data["names"] == names
        assert data["winners"] == [names[s] for s in state.winners()]
        assert data["totals"][-1] == list(state.standings())
        for row, deal in zip(data["rows"], facts["deals"], strict=True):
            assert len(row["cells"]) == len(names)
            if game["game"] != "tanturlurette":
                assert [int(c[0]) for c in row["cells"]] == deal["totals"]  # the running totals
        winner_line = data["result"][0]
        for name in data["winners"]:
            assert name in winner_line
        # a long game makes a tall sheet, a short one a short sheet: a line a deal
        assert height > 110 * 0.24 * len(data["rows"]) and width >= 110 * A4[0] - 1


def test_the_result_says_what_the_pot_paid_or_the_final_scores(stored):
    for game in stored["games"]:
        facts = game_facts(game)
        data = sheet_data(facts)
        state = replay(game)
        names = data["names"]
        text = " ".join(data["result"])
        if game["game"] in ("tanturlurette", "bourre", "bourre_score"):
            pot = state.pot()
            assert ("%d tokens" if game["game"] == "tanturlurette" else "%d stakes") % pot in text
            for s, won in enumerate(state.returns()):
                assert "%s %s" % (names[s], "%+d" % won if won else "0") in text
            assert data["payouts"] == list(state.view(0)["payout"])
        else:
            for s, score in enumerate(state.standings()):
                assert "%s %d" % (names[s], score) in text
        if game["game"].startswith("piccolo"):
            first, second = state.winners()
            assert "first: %s, second: %s" % (names[first], names[second]) in text


def test_the_cells_say_what_happened(stored):
    by_engine = {g["game"]: game_facts(g) for g in stored["games"] if g["names"]}
    tant = sheet_data(by_engine["tanturlurette"])
    facts = by_engine["tanturlurette"]
    for row, deal in zip(tant["rows"], facts["deals"], strict=True):
        for s, (big, small, words) in enumerate(row["cells"]):
            assert (small == "-1" or words == "back") == (s in deal["lost"])  # a fall is a circle lost
            assert (words in ("fell", "back")) == (s in deal["fell"])  # back: fell and came back
            assert (words == "back") == (s in deal["back"])
            assert big == ("out" if deal["totals"][s] == 0 and s not in deal["back"] else str(deal["totals"][s]))
    bourre = sheet_data(by_engine["bourre"])
    for row, deal in zip(bourre["rows"], by_engine["bourre"]["deals"], strict=True):
        assert row["dealer"] == by_engine["bourre"]["names"][deal["leader"]]  # La Bourre: who leads
        assert [w == "bourru" for _b, _s, w in row["cells"]] == deal["bourru"]
    assert bourre["dealer_head"] == "leads"
    acheron = sheet_data(by_engine["acheron_score"])
    assert not acheron["has_dealer"]  # the scorekeeper has none: no empty column


def test_a_pdf_has_a4_pages_and_a_long_game_several(stored):
    for game in stored["games"]:
        facts = game_facts(game)
        path = str(stored["folder"] / ("sheet%d.pdf" % game["id"]))
        _data, pages = draw_sheet(facts, path)
        assert _pdf_pages(path) == pages
        with open(path, "rb") as f:
            head = f.read()
        assert head.startswith(b"%PDF")
        boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", head)
        assert boxes and all(sorted((float(w), float(h))) == [595.44, 841.68] for w, h in boxes)
        rows = len(facts["deals"])
        if rows <= 12:
            assert pages == 1, rows  # a short game fits on one page
        if rows > 30:
            assert pages >= 2, rows


def test_an_svg_sheet_names_the_players(stored):
    game = next(g for g in stored["games"] if g["game"] == "piccolo_score")
    path = str(stored["folder"] / "sheet.svg")
    data, _pages = draw_sheet(game_facts(game), path)
    text = "".join(ET.parse(path).getroot().itertext())
    for name in data["names"]:
        assert name in text


def test_sheet_command_and_its_errors(stored, capsys):
    db = stored["db"]
    out = str(stored["folder"] / "cli.pdf")
    assert cli(["sheet", "--db", db, "--game", "3", "--lang", "en", out]) == 0
    assert "wrote %s (the score sheet of game 3" % out in capsys.readouterr().out
    assert os.path.getsize(out) > 1000
    for argv, message in ((["--game", "99", out], "sheet: no game 99 in"),
                          (["--game", "3", str(stored["folder"] / "x.gif")], "ending in .png, .pdf or .svg"),
                          (["--game", "3", str(stored["folder"] / "none" / "x.png")], "sheet: cannot write"),
                          (["--record", str(stored["folder"] / "missing.json"), out], "sheet: cannot read")):
        assert cli(["sheet", "--db", db] + argv) == 1
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, err
    bad = stored["folder"] / "bad.json"
    bad.write_text('{"v": 1, "game": "piccolo_score", "options": {}, "moves": [26, 1]}')
    assert cli(["sheet", "--record", str(bad), out]) == 1
    err = capsys.readouterr().err
    assert err.startswith("sheet: move 1 of the record does not apply") and err.count("\n") == 1
