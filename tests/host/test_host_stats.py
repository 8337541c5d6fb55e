"""The history of every game kind: facts per deal, figures by player name, the plots' numbers.

The games are real: played through a Session by the engines' bots (or a table entering results at
the scorekeepers) and logged through the Logger into SQLite (history_games). Every expected figure
is recomputed here from the engine's own states, move by move, not taken from host_tools.facts.
"""

import json
import os

from engine.play import replay
from games import new_state
from history_games import FAMILY, GAMES, play
from PIL import Image

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools import stats
from host_tools.cli import main as cli
from host_tools.db import LogStore
from host_tools.facts import game_facts, seat_names
from host_tools.games.piccolo import CONTRACT_KINDS, contract_kind
from host_tools.paper import hex_colour, paper_colour


def _of(stored, engine):
    return [(g, f) for g, f in zip(stored["games"], stored["facts"], strict=True) if g["game"] == engine]


def _deal_ends(record):
    """The engine's view after each move that ended a deal (the round moved on, or the game
    ended), and the state at the end."""
    state = new_state(record["game"], record["options"])
    views = []
    for move in record["moves"]:
        before = state.round
        state.apply(move)
        if before >= 1 and (state.round != before or state.is_over()):
            views.append(state.view(0))
    return views, state


def test_every_game_was_logged_finished_and_verified(stored):
    assert [g["game"] for g in stored["games"]] == [g[0] for g in GAMES]
    assert all(g["finished"] and g["verified"] == "ok" for g in stored["games"])


def test_names_default_to_the_seats_the_device_shows():
    assert seat_names(None, 3) == ["J1", "J2", "J3"]
    assert seat_names(["Anne", None, "", " Bea "], 4) == ["Anne", "J2", "J3", "Bea"]
    assert seat_names(["Anne", "Anne"], 2) == ["Anne", "Anne (J2)"]  # two seats never merge
    assert seat_names(["\x1b[2JAnne"], 1) == ["\\u001b[2JAnne"]  # no escape reaches a reader


def test_tanturlurette_facts_follow_the_tokens(stored):
    for game, facts in _of(stored, "tanturlurette"):
        state = new_state(game["game"], game["options"])
        falls = [0] * state.n
        backs = [0] * state.n
        for move in game["moves"]:
            pos, stakes = list(state.pos), list(state.stakes)
            state.apply(move)
            for s in range(state.n):
                falls[s] += state.pos[s] >= state.circles > pos[s]
                backs[s] += state.stakes[s] - stakes[s]
        assert facts["seat"]["falls"] == falls and facts["seat"]["reentries"] == backs
        assert facts["seat"]["net"] == list(state.returns()) and sum(facts["seat"]["net"]) == 0
        assert facts["payouts"] == list(state.payout) and facts["winners"] == state.winners()
        assert [d["deal"] for d in facts["deals"]] == list(range(1, state.round + 1))
        assert facts["deals"][-1]["totals"] == list(state.standings())
        dealers = [d["dealer"] for d in facts["deals"]]
        assert dealers[0] == game["moves"][0]  # the lot
        assert all(0 <= d < state.n for d in dealers)


def test_bourre_facts_count_tricks_bourrus_and_pots(stored):
    for game, facts in _of(stored, "bourre") + _of(stored, "bourre_score"):
        views, state = _deal_ends(game)
        totals = [v["totals"] for v in views]
        tricks = [[b - a for a, b in zip([0] * len(totals[0]) if i == 0 else totals[i - 1], t, strict=True)]
                  for i, t in enumerate(totals)]
        assert [d["tricks"] for d in facts["deals"]] == tricks
        assert [d["leader"] for d in facts["deals"]] == [(game["options"].get("eldest", 0) + k) % len(tricks[0])
                                                          for k in range(len(tricks))]
        bourrus = [sum(1 for deal in tricks if deal[s] == 0) for s in range(len(tricks[0]))]
        assert facts["seat"]["bourru"] == bourrus
        assert facts["seat"]["tricks"] == list(state.standings())
        assert facts["seat"]["wins"] == [1 if p > 0 else 0 for p in state.payout]
        assert sum(facts["payouts"]) == state.pot() == facts["deals"][-1]["pot"]
        if game["game"] == "bourre_score":
            assert tricks == state.view(0)["history"]  # the scorekeeper's own account


def test_piccolo_facts_count_contracts_by_kind(stored):
    for game, facts in _of(stored, "piccolo") + _of(stored, "piccolo_score"):
        state = replay(game)
        winners = state.winners()
        assert len(winners) == 2 and facts["winners"] == winners
        assert facts["seat"]["first"][winners[0]] == 1 and facts["seat"]["second"][winners[1]] == 1
        assert facts["seat"]["points"] == list(state.standings()) == facts["deals"][-1]["totals"]
        if game["game"] == "piccolo_score":
            history = state.view(0)["history"]  # [dealer, taker, level, points, tricks, made, payoff]
            taken = [dict.fromkeys(CONTRACT_KINDS, 0) for _ in range(4)]
            made = [dict.fromkeys(CONTRACT_KINDS, 0) for _ in range(4)]
            for _dealer, taker, level, _points, _tricks, won, _pay in history:
                taken[taker][contract_kind(level)] += 1
                made[taker][contract_kind(level)] += won
            assert facts["seat"]["taken"] == taken and facts["seat"]["made"] == made
            assert [d["dealer"] for d in facts["deals"]] == [h[0] for h in history]


def test_piccolo_thrown_in_deals_and_named_contracts_at_the_pub():
    """All passed, a misère made, a piccolo failed: entered at the table, one by one."""
    from games.piccolo.rules import BID, MISERE, PASS, PICCOLO

    entries = [PASS, BID + MISERE, 3, 0, BID + PICCOLO, 4, 3]
    facts = game_facts({"v": 1, "id": 1, "game": "piccolo_score", "options": {"target": 21}, "moves": entries,
                        "names": None})
    details = [d["detail"] for d in facts["deals"]]
    assert details == ["all passed: thrown in", "J3: misere, 0 tricks: made, pays 4",
                       "J4: piccolo, 3 tricks: failed, pays 5"]
    assert [d["points"] for d in facts["deals"]] == [[0, 0, 0, 0], [0, 0, 4, 0], [5, 5, 0, 0]]
    assert [d["dealer"] for d in facts["deals"]] == [0, 1, 2]  # the deal passes on when thrown in
    assert facts["seat"]["taken"][2]["misere"] == 1 and facts["seat"]["made"][2]["misere"] == 1
    assert facts["seat"]["taken"][3]["piccolo"] == 1 and facts["seat"]["made"][3]["piccolo"] == 0
    assert not facts["over"] and facts["winners"] == [] and facts["payouts"] is None


def test_acheron_facts_add_up_to_the_scores(stored):
    for game, facts in _of(stored, "acheron") + _of(stored, "acheron_score"):
        state = replay(game)
        scores = list(state.standings())
        per_deal = [d["points"] for d in facts["deals"]]
        assert [sum(p[s] for p in per_deal) for s in range(len(scores))] == scores
        for deal in facts["deals"]:
            for s, row in enumerate(deal["rows"]):
                assert sum(v for k, v in row.items() if k != "total") == row["total"] == deal["points"][s]
        lost = [sum(-r[k] for d in facts["deals"] for k in ("cards", "wilds", "jocrisse", "slips")
                    for r in [d["rows"][s]]) for s in range(len(scores))]
        assert facts["seat"]["penalties"] == lost and all(v >= 0 for v in lost)
        if game["game"] == "acheron_score":
            assert per_deal == state.view()["deals"]
            assert facts["seat"]["melds"] == [None] * len(scores)  # the scorekeeper does not count them
        else:
            assert [d["deal"] for d in facts["deals"]] == list(range(1, state.round + 1))
            views, _state = _deal_ends(game)  # the engine names the deal's crier and Chandelle holders
            assert [d["candles"] for d in facts["deals"]] == [v["last_deal"]["candles"] for v in views]
            assert [d["notes"][v["last_deal"]["crier"]].split(", ")[0] for d, v in zip(facts["deals"], views,
                                                                                     strict=True)
                    if v["last_deal"]["crier"] >= 0] == [
                        "Grand Tombeau" if v["last_deal"]["ended_by"] == "grand_tombeau" else "Achéron"
                        for v in views if v["last_deal"]["crier"] >= 0]
            melds = [0] * len(scores)  # laying moves, counted from the record
            replayed = new_state(game["game"], game["options"])
            for move in game["moves"]:
                if replayed.current_player() >= 0 and replayed.meld_points(move):
                    melds[replayed.current_player()] += 1
                replayed.apply(move)
            assert facts["seat"]["melds"] == melds and sum(melds) > 0


def test_history_adds_up_each_kind_by_name_and_never_across_kinds(stored):
    summary = stats.history(stored["facts"])
    assert sorted(summary) == ["acheron", "bourre", "piccolo", "tanturlurette"]
    for kind, entry in summary.items():
        games = [(g, f) for g, f in zip(stored["games"], stored["facts"], strict=True) if f["kind"] == kind]
        assert sorted(entry["games"]) == sorted(g["id"] for g, _f in games)
        expected = {}
        for game, _facts in games:
            state = replay(game)
            names = seat_names(game["names"], len(state.standings()))
            for s, name in enumerate(names):
                row = expected.setdefault(name, {"games": 0, "wins": 0, "returns": 0})
                row["games"] += 1
                row["wins"] += s in state.winners()
                row["returns"] += state.returns()[s]
        rows = {r["name"]: r for r in entry["rows"]}
        assert set(rows) == set(expected)
        for name, want in expected.items():
            assert rows[name]["games"] == want["games"]
            if kind == "piccolo":
                assert rows[name]["first"] + rows[name]["second"] == want["wins"]
            else:
                assert rows[name]["wins"] == want["wins"]
            if kind in ("tanturlurette", "bourre"):
                assert rows[name]["net"] == want["returns"]  # tokens with tokens, stakes with stakes
    # Anaïs played every kind: one row in each, each with that kind's games only
    for kind in summary:
        anais = [r for r in summary[kind]["rows"] if r["name"] == "Anaïs"]
        assert len(anais) == 1
    assert {r["name"] for r in summary["tanturlurette"]["rows"]} >= {"J1", "J6"} | set(FAMILY[:4])


def test_history_of_one_kind_only(stored):
    only = stats.history(stored["facts"], "bourre")
    assert list(only) == ["bourre"]
    assert only["bourre"]["rows"] == stats.history(stored["facts"])["bourre"]["rows"]


def test_stats_command_prints_a_table_per_kind(stored, capsys):
    assert cli(["stats", "--db", stored["db"], "--lang", "en"]) == 0
    out = capsys.readouterr().out
    for title in ("Tanturlurette: 3 finished games", "La Bourre: 3 finished games", "Piccolo: 3 finished games",
                  "Achéron: 3 finished games"):
        assert title in out
    tables = out.split("\n\n")
    bourre = next(t for t in tables if t.startswith("La Bourre"))
    assert "bourru" in bourre and "fell" not in bourre and "J5" in bourre
    assert "seat " not in out  # players by name, J1.. where none was given
    assert cli(["stats", "--db", stored["db"], "--game-kind", "piccolo", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Piccolo" in out and "Tanturlurette" not in out and "contracts made/taken" in out
    assert cli(["stats", "--db", stored["db"], "--game", "999"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no finished game 999" in err


def _png_data(path):
    with Image.open(path) as image:
        return image.size, json.loads(image.text["Description"])


def test_plots_per_kind_hold_their_numbers_names_and_colours(stored, tmp_path, capsys):
    plots = str(tmp_path / "plots")
    assert cli(["stats", "--db", stored["db"], "--plots", plots, "--lang", "en"]) == 0
    written = [line.split(" ", 1)[1] for line in capsys.readouterr().out.splitlines() if line.startswith("wrote ")]
    assert {os.path.basename(p) for p in written} >= {"tanturlurette.png", "bourre.png", "piccolo.png",
                                                      "acheron.png"}
    summary = stats.history(stored["facts"])
    for kind in stats.KINDS:
        size, data = _png_data(os.path.join(plots, kind + ".png"))
        assert size == (1200, 500) and data["plot"] == kind
        rows = {r["name"]: r for r in summary[kind]["rows"]}
        assert set(data["players"]) == set(rows)
        assert data["titles"].keys() == data["panels"].keys()  # the keys stay, the titles speak
        if kind == "tanturlurette":
            assert data["titles"]["falls"] == "falls into l'enfer"
            assert data["panels"]["falls"] == {n: r["falls"] for n, r in rows.items()}
            assert data["panels"]["net"] == {n: r["net"] for n, r in rows.items()}
        if kind == "bourre":
            assert data["panels"]["bourru"] == {n: r["bourru"] for n, r in rows.items()}
            assert data["panels"]["pots"] == {n: r["wins"] for n, r in rows.items()}
        if kind == "piccolo":
            assert data["panels"]["wins"]["Cléo"] == {"first": rows["Cléo"]["first"], "second": rows["Cléo"]["second"]}
            assert data["panels"]["contracts"]["Anaïs"]["taken"]["points"] == rows["Anaïs"]["taken"]["points"]
        if kind == "acheron":
            assert data["panels"]["penalties"] == {n: r["penalties"] for n, r in rows.items()}
    for game in stored["games"]:
        suffix = "-positions.png" if game["game"] == "tanturlurette" else "-totals.png"
        assert os.path.join(plots, "game%d%s" % (game["id"], suffix)) in written


def test_kind_plot_axes_count_in_whole_numbers_and_wear_the_seat_colours(stored, tmp_path, monkeypatch):
    """The figure as drawn: integer ticks where counts are counted, the legend's names and colours."""
    figures = []
    monkeypatch.setattr(stats, "save_png", lambda fig, path, data, dpi=100: figures.append(fig))
    facts = [f for f in stored["facts"] if f["kind"] == "tanturlurette"]
    entry = stats.history(facts)["tanturlurette"]
    colours = stats.player_colours(facts)
    stats.plot_kind("tanturlurette", entry, colours, str(tmp_path / "t.png"))
    [fig] = figures
    for ax in fig.axes:
        ticks = ax.get_yticks()
        assert all(float(t).is_integer() for t in ticks), ticks
    legend = fig.legends[0]
    names = [t.get_text() for t in legend.get_texts()]
    assert names == [r["name"] for r in entry["rows"]]
    for handle, name in zip(legend.legend_handles, names, strict=True):
        assert hex_colour(handle.get_facecolor()[:3]) == hex_colour(paper_colour(colours[name]))
    # ten players for eight colours: the eight with most games wear eight different ones
    assert len(colours) == 10 and colours["Anaïs"] in (0, 2)
    first = sorted(colours, key=lambda n: (-sum(n in f["names"] for f in facts), n))[:8]
    assert len({colours[n] for n in first}) == 8


def test_player_colours_follow_the_usual_seat_and_stay_apart():
    def facts(names):
        return {"names": names}

    colours = stats.player_colours([facts(["A", "B", "C"]), facts(["A", "B", "C"]), facts(["C", "D", "A"])])
    assert colours == {"A": 0, "C": 2, "B": 1, "D": 3}
    many = stats.player_colours([facts(["P%d" % i for i in range(8)]), facts(["Q%d" % i for i in range(4)])])
    assert sorted(many[n] for n in many if n.startswith("P")) == list(range(8))  # eight seats, eight colours


def test_a_game_that_does_not_replay_is_left_out_with_a_line(tmp_path, capsys):
    session, _events = play("bourre_score", {"players": 2, "deals": 1})
    store = LogStore(str(tmp_path / "bad.sqlite"))
    good = session.history[-1]
    store.add_pulled_game(good)
    store.add_pulled_game(dict(good, moves=good["moves"][:1] + [5, 5]))  # a deal no table can enter
    store.close()
    assert cli(["stats", "--db", str(tmp_path / "bad.sqlite")]) == 0
    captured = capsys.readouterr()
    assert "1 finished game; 1 diverging" in captured.out
    assert captured.err.startswith("stats: game 2 left out: move 1 of the record does not apply")
    assert captured.err.count("\n") == 1
