"""Board pictures of every kind: the target as the device lights it, the dealer, the seat to play
and the winners marked; a pub game's picture is its score sheet. And replay's seats from 1."""

import json
import xml.etree.ElementTree as ET

from app.colours import seat_colour
from engine.core import TABLE
from engine.rng import Rng
from games import new_state
from PIL import Image

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools.board import draw_board, draw_game, state_at
from host_tools.cli import main as cli
from host_tools.db import LogStore
from host_tools.facts import seat_names

NS = "{http://www.w3.org/2000/svg}"


def _svg(path):
    root = ET.parse(path).getroot()
    return root, [c for c in root.iter(NS + "circle")], "".join(root.itertext())


def _marks(circles, kind):
    return sorted(int(c.get("data-seat")) for c in circles if c.get("data-mark") == kind)


def _mid_game(record):
    """A move index where a seat has a decision to make, half-way through the game."""
    state = new_state(record["game"], record["options"])
    candidates = []
    for index, move in enumerate(record["moves"]):
        if state.current_player() >= 0 and index > 4:
            candidates.append(index)
        state.apply(move)
    return candidates[len(candidates) // 2]


def test_each_card_kind_marks_the_dealer_the_seat_to_play_and_later_the_winners(stored):
    for game in stored["games"]:
        if game["game"].endswith("_score"):
            continue
        names = seat_names(game["names"], len(new_state(game["game"], game["options"]).standings()))
        move = _mid_game(game)
        state, applied, note = state_at(game, move=move)
        assert applied == move and note is None
        path = str(stored["folder"] / ("mid%d.svg" % game["id"]))
        draw_board(state, path, game["names"], size=600)
        root, circles, text = _svg(path)
        assert root.get("width") == "600"
        view = state.view(0)
        dealer = view["leader"] if game["game"] == "bourre" else view["dealer"]
        assert _marks(circles, "dealer") == [dealer], game["game"]
        assert _marks(circles, "turn") == [state.current_player()]
        assert _marks(circles, "winner") == []
        for name in names:
            assert name in text
        assert "(leads" in text if game["game"] == "bourre" else "(deals" in text or "deals)" in text
        end, _applied, _note = state_at(game)
        assert end.is_over()
        path = str(stored["folder"] / ("end%d.svg" % game["id"]))
        draw_board(end, path, game["names"], size=600)
        _root, circles, text = _svg(path)
        assert _marks(circles, "winner") == sorted(2 * end.winners())  # a double ring each
        assert _marks(circles, "turn") == [] and _marks(circles, "dealer") == []
        assert "winner" in text


def test_card_games_show_the_standing_bars_the_device_draws(stored):
    """A seat at or past the target lights every ring at its angle; a seat at nothing, none."""
    for game in stored["games"]:
        if game["game"] not in ("piccolo", "acheron"):
            continue
        end, _a, _n = state_at(game)
        path = str(stored["folder"] / ("bars%d.svg" % game["id"]))
        draw_board(end, path, None, size=480)
        _root, circles, _text = _svg(path)
        lit = [c for c in circles if c.get("class") == "lit"]
        target = end.target()
        for seat, standing in enumerate(end.standings()):
            full = [c for c in lit if c.get("fill") == "#%02x%02x%02x" % seat_colour(seat)]  # the bar
            rings = sorted(int(c.get("data-ring")) for c in full)
            if standing >= target:
                assert rings == [0, 1, 2, 3, 4], (game["game"], seat, standing)
            elif standing <= 0:
                assert rings == [], (game["game"], seat, standing)
            else:  # scaled to five rings, the last LED dimmer for a part
                assert len(rings) == standing * 5 // target, (game["game"], seat, standing)


def test_tanturlurette_tokens_sit_where_the_engine_has_them(stored):
    game = next(g for g in stored["games"] if g["game"] == "tanturlurette" and g["names"] is None)
    state, _a, _n = state_at(game, round_=10)
    assert state.round == 10 and state.current_player() >= 0
    path = str(stored["folder"] / "tant.svg")
    draw_board(state, path, None, size=500)
    _root, circles, text = _svg(path)
    tokens = [c for c in circles if c.get("class") == "token"]
    assert [int(t.get("data-pos")) for t in tokens] == list(state.pos)
    assert [int(t.get("data-stakes")) for t in tokens] == list(state.stakes)
    assert _marks(circles, "dealer") == [state.dealer] and _marks(circles, "turn") == [state.current_player()]
    assert "1 J1:" in text and "6 J6:" in text and "seat 1" not in text and "seat 6" not in text


def test_the_table_to_act_is_marked_at_the_centre(tmp_path):
    state = new_state("tanturlurette", {"mode": "board", "players": 4})
    rng = Rng(3)
    while state.current_player() != TABLE:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    shapes = draw_board(state, str(tmp_path / "table.svg"), None)
    centre = [s for s in shapes if s[0] == "ring" and s[6]["data-seat"] == -1]
    assert len(centre) == 1 and centre[0][6]["data-mark"] == "turn"
    assert _marks([c for c in _svg(str(tmp_path / "table.svg"))[1]], "turn") == [-1]


def test_png_boards_of_every_card_kind(stored):
    for game in stored["games"]:
        path = str(stored["folder"] / ("b%d.png" % game["id"]))
        what, note = draw_game(game, path)
        assert note is None
        with Image.open(path) as image:
            if game["game"].endswith("_score"):  # a pub game: its score sheet
                assert "score sheet" in what
                data = json.loads(image.text["Description"])
                assert data["game"] == game["game"] and len(data["rows"]) > 0
            else:
                assert image.size == (480, 480) and "the target at round" in what


def test_board_command_and_its_errors(stored, capsys):
    db = stored["db"]
    folder = stored["folder"]
    score = next(g for g in stored["games"] if g["game"] == "acheron_score")
    assert cli(["board", "--db", db, "--game", str(score["id"]), "--lang", "en", str(folder / "pub.pdf")]) == 0
    assert "the score sheet" in capsys.readouterr().out
    card = next(g for g in stored["games"] if g["game"] == "bourre")
    assert cli(["board", "--db", db, "--game", str(card["id"]), "--round", "2", "--lang", "en", str(folder / "c.png")]) == 0
    assert "the target at round 2" in capsys.readouterr().out
    bad_json = folder / "bad.json"
    bad_json.write_text("{not json")
    unknown = folder / "unknown.json"
    unknown.write_text('{"v": 1, "game": "belote", "options": {}, "moves": []}')
    cases = (
        (["--game", str(card["id"]), str(folder / "c.pdf")], "board: give a path ending in .svg or .png"),
        (["--game", str(score["id"]), "--move", "3", str(folder / "s.png")], "--move and --round do not apply"),
        (["--game", "404", str(folder / "c.png")], "board: no game 404 in"),
        (["--record", str(bad_json), str(folder / "c.png")], "is not a JSON game record"),
        (["--record", str(unknown), str(folder / "c.png")], "is not a game record: record.game: expected a game this host knows"),
        (["--size", "50", str(folder / "c.png")], "--size must be from 120 to 4000"),
    )
    for argv, message in cases:
        assert cli(["board", "--db", db, "--lang", "en"] + argv) == 1, argv
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, err


def test_a_diverging_record_is_drawn_as_it_stood_with_a_note(stored, capsys):
    game = next(g for g in stored["games"] if g["game"] == "piccolo")
    record = dict(game, moves=game["moves"][:40] + [9999])
    path = stored["folder"] / "div.json"
    path.write_text(json.dumps(record))
    assert cli(["board", "--record", str(path), "--lang", "en", str(stored["folder"] / "div.png")]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("board: move 40 does not apply") and captured.err.count("\n") == 1


def test_replay_numbers_seats_from_one_and_names_them(tmp_path, capsys):
    """A board-mode game: the lot names the dealer, the table marks the losers; both by seat."""
    state = new_state("tanturlurette", {"mode": "board", "players": 4, "circles": 2})
    rng = Rng(11)
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    record = state.record()
    store = LogStore(str(tmp_path / "r.sqlite"))
    store.add_pulled_game(dict(record, names=None, finished=True, returns=list(state.returns())))
    store.close()
    assert cli(["replay", "--db", str(tmp_path / "r.sqlite"), "--game", "1"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    first = record["moves"][0]
    assert lines[1].endswith("dealer: J%d" % (first + 1))  # the device's J1..J4, never "seat 0"
    marks = [line for line in lines if "lowest:" in line]
    assert marks and all("the table" in line for line in marks)
    replayed = new_state("tanturlurette", record["options"])
    expected = []
    for move in record["moves"]:
        if replayed.phase_name() == "mark-losers":
            expected.append("lowest: " + ", ".join("J%d" % (s + 1) for s in range(4) if (move - 256) >> s & 1))
        replayed.apply(move)
    assert [line.split("the table", 1)[1].strip() for line in marks] == expected
    assert "seat 0" not in out and "losers 0" not in out
