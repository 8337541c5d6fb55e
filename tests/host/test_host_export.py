"""CSV for a spreadsheet: one row a deal of every finished game, one row a game, UTF-8 with a header."""

import csv

from engine.play import replay

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools.cli import main as cli
from host_tools.db import LogStore
from host_tools.export import deal_header, write_deals
from host_tools.facts import game_facts, seat_names


def _read(path):
    with open(path, encoding="utf-8-sig", newline="") as f:
        return list(csv.DictReader(f))


def test_one_row_a_deal_with_the_players_points_and_totals(stored, capsys):
    out = str(stored["folder"] / "deals.csv")
    games_csv = str(stored["folder"] / "games.csv")
    assert cli(["export", "--db", stored["db"], "--games", games_csv, out, "--lang", "en"]) == 0
    said = capsys.readouterr().out
    rows = _read(out)
    with open(out, "rb") as f:
        assert f.read(3) == b"\xef\xbb\xbf"  # the byte-order mark: a spreadsheet then reads UTF-8
    total = 0
    for game in stored["games"]:
        facts = game_facts(game)
        state = replay(game)
        names = seat_names(game["names"], len(state.standings()))
        mine = [r for r in rows if r["game"] == str(game["id"])]
        assert len(mine) == len(facts["deals"]) > 0
        total += len(mine)
        assert [int(r["deal"]) for r in mine] == list(range(1, len(mine) + 1))
        assert {r["engine"] for r in mine} == {game["game"]}
        running = [0] * len(names)
        for row in mine:
            for s, name in enumerate(names):
                assert row["player%d" % (s + 1)] == name
                if game["game"] != "tanturlurette":  # points add up to the running total
                    running[s] += int(row["points%d" % (s + 1)])
                    assert int(row["total%d" % (s + 1)]) == running[s]
            for s in range(len(names), 6):
                assert row["player%d" % (s + 1)] == ""  # fewer seats than the widest game
        last = mine[-1]
        assert [int(last["total%d" % (s + 1)]) for s in range(len(names))] == list(state.standings())
        if game["game"] in ("tanturlurette", "acheron", "piccolo", "piccolo_score"):
            dealers = [int(r["dealer"]) for r in mine]
            assert all(1 <= d <= len(names) for d in dealers)  # seats from 1, as the device shows them
            assert [r["dealer_name"] for r in mine] == [names[d - 1] for d in dealers]
        if game["game"].startswith("bourre"):
            assert [r["dealer"] for r in mine] == [""] * len(mine)  # the engine has no dealer
            assert [int(r["leader"]) for r in mine] == [(k % len(names)) + 1 for k in range(len(mine))]
    assert len(rows) == total and "%d deals of %d finished games" % (total, len(stored["games"])) in said
    games = _read(games_csv)
    assert [int(g["game"]) for g in games] == [g["id"] for g in stored["games"]]
    for row, game in zip(games, stored["games"], strict=True):
        state = replay(game)
        names = seat_names(game["names"], len(state.standings()))
        assert row["winners"] == ", ".join(names[s] for s in state.winners())
        assert [int(row["won%d" % (s + 1)]) for s in range(len(names))] == list(state.returns())
        if game["game"] in ("tanturlurette", "bourre", "bourre_score"):
            assert [int(row["paid%d" % (s + 1)]) for s in range(len(names))] == list(state.view(0)["payout"])


def test_only_a_kind_or_a_game(stored):
    out = str(stored["folder"] / "piccolo.csv")
    assert cli(["export", "--db", stored["db"], "--game-kind", "piccolo", out]) == 0
    assert {r["kind"] for r in _read(out)} == {"Piccolo"}
    assert {r["engine"] for r in _read(out)} == {"piccolo", "piccolo_score"}
    assert cli(["export", "--db", stored["db"], "--game", "4", out]) == 0
    assert {r["game"] for r in _read(out)} == {"4"}


def test_a_name_is_never_a_formula(tmp_path):
    store = LogStore(str(tmp_path / "f.sqlite"))
    from history_games import play

    session, _ = play("bourre_score", {"players": 2, "deals": 1}, names=["=HYPERLINK(\"x\")", "+Bea"])
    store.add_pulled_game(session.history[-1])
    games = store.games()
    store.close()
    out = str(tmp_path / "f.csv")
    write_deals([game_facts(g) for g in games], out)
    [row] = _read(out)
    assert row["player1"] == "'=HYPERLINK(\"x\")" and row["player2"] == "'+Bea"
    assert int(row["points1"]) + int(row["points2"]) >= 0  # numbers stay numbers


def test_header_names_every_column():
    head = deal_header(2)
    assert head[:9] == ["game", "kind", "engine", "date", "deal", "dealer", "dealer_name", "leader", "leader_name"]
    assert head[9:] == ["player1", "points1", "total1", "note1", "player2", "points2", "total2", "note2", "detail"]


def test_export_errors_are_one_line(stored, capsys):
    assert cli(["export", "--db", stored["db"], str(stored["folder"] / "no" / "x.csv")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("export: cannot write") and err.count("\n") == 1
    assert cli(["export", "--db", stored["db"], "--game", "77", str(stored["folder"] / "x.csv")]) == 1
    err = capsys.readouterr().err
    assert "no finished game 77" in err and err.count("\n") == 1
