"""Leaderboard and per-player figures across every logged game, by player name, and PNG plots.

Games are replayed with the engine to get what no event needs to carry: positions and the pot
round by round. Each PNG also holds the numbers it plots, as JSON in its "Description" text chunk,
so a test (or a curious player) can check a picture against the game without reading pixels.
"""

import json

from engine.play import replay
from engine.registry import new_state

from host_tools.view import seat_label

PLOT_SIZE = (8.0, 5.0)  # inches
PLOT_DPI = 100  # so 800 x 500 pixels


def player_names(game):
    seats = new_state(game["game"], game["options"]).seats()
    return [seat_label(game.get("names"), s) for s in range(seats)]


def rounds_of(record):
    """Per round (from the first deal to the end): positions, stakes, out and the pot.

    Each entry is taken when a round begins (and once at the end), so entry r is the state of
    play as round r+1 starts."""
    state = new_state(record["game"], record["options"])
    if "pos" not in state.round_summary():
        raise ValueError("round-by-round positions are for games on the target, not %s" % record["game"])
    series = []
    last = None
    for move in record["moves"]:
        state.apply(move)
        if state.round != last and state.round >= 1:
            last = state.round
            series.append(_sample(state))
    if not series or series[-1]["round"] != state.round or state.is_over():
        series.append(_sample(state))
    return series


def _sample(state):
    return {"round": state.round, "pos": list(state.pos), "stakes": list(state.stakes),
            "out": list(state.out), "pot": state.pot()}


def leaderboard(games):
    """Per player name: games, wins, net stakes, times in l'enfer, best finish. Sorted by wins."""
    table = {}
    for game in games:
        if not game.get("finished"):
            continue
        state = replay(game)
        names = player_names(game)
        returns = list(state.returns())
        for seat, name in enumerate(names):
            row = table.setdefault(name, {"name": name, "games": 0, "wins": 0, "net": 0, "fell": 0,
                                          "rounds": 0})
            row["games"] += 1
            row["net"] += returns[seat]
            row["wins"] += 1 if returns[seat] > 0 else 0
            if "stakes" in state.round_summary():  # times in l'enfer: each re-entry staked again
                row["fell"] += state.stakes[seat] - 1 + (1 if state.out[seat] else 0)
            row["rounds"] += state.round
    rows = list(table.values())
    for row in rows:
        row["win_rate"] = round(row["wins"] / row["games"], 3) if row["games"] else 0.0
    rows.sort(key=lambda r: (-r["wins"], -r["net"], r["name"]))
    return rows


def format_leaderboard(rows):
    lines = ["%-14s %5s %5s %6s %6s %5s" % ("player", "games", "wins", "win%", "net", "fell")]
    for r in rows:
        lines.append("%-14s %5d %5d %5.0f%% %+6d %5d" % (r["name"][:14], r["games"], r["wins"],
                                                        100 * r["win_rate"], r["net"], r["fell"]))
    return "\n".join(lines)


def _figure():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=PLOT_SIZE, dpi=PLOT_DPI)
    return plt, fig, ax


def _save(plt, fig, path, data):
    fig.tight_layout()
    fig.savefig(path, dpi=PLOT_DPI, metadata={"Description": json.dumps(data, ensure_ascii=False),
                                              "Software": "tanturlurette stats"})
    plt.close(fig)


def plot_positions(game, path):
    """Token positions round by round: one line per player, l'enfer at the top."""
    series = rounds_of(game)
    names = player_names(game)
    plt, fig, ax = _figure()
    rounds = [s["round"] for s in series]
    lines = {}
    spread = 0.25 / max(1, len(names))  # side by side, so equal positions do not hide each other
    for seat, name in enumerate(names):
        values = [s["pos"][seat] for s in series]
        lines[name] = values
        shifted = [v + (seat - (len(names) - 1) / 2) * spread for v in values]
        ax.step(rounds, shifted, where="post", label=name, linewidth=2)
    circles = game["options"].get("circles", 4)
    ax.axhline(circles, color="red", linestyle=":", linewidth=1)
    ax.set_yticks(range(circles + 1))
    ax.set_yticklabels(["outer"] + [str(c) for c in range(1, circles)] + ["l'enfer"])
    ax.set_xlabel("round")
    ax.set_ylabel("circle")
    ax.set_title("Token positions, game %s" % game.get("id", ""))
    ax.legend(loc="upper left", fontsize="small")
    _save(plt, fig, path, {"plot": "positions", "game": game.get("id"), "rounds": rounds, "positions": lines})
    return lines


def plot_pot(game, path):
    series = rounds_of(game)
    rounds = [s["round"] for s in series]
    pot = [s["pot"] for s in series]
    plt, fig, ax = _figure()
    ax.plot(rounds, pot, marker="o", color="#c08000")
    ax.set_xlabel("round")
    ax.set_ylabel("stakes in the pot")
    ax.set_title("The pot, game %s" % game.get("id", ""))
    _save(plt, fig, path, {"plot": "pot", "game": game.get("id"), "rounds": rounds, "pot": pot})
    return pot


def plot_wins(rows, path):
    names = [r["name"] for r in rows]
    wins = [r["wins"] for r in rows]
    plt, fig, ax = _figure()
    ax.bar(names, wins, color="#3070c0")
    ax.set_ylabel("games won")
    ax.set_title("Wins per player")
    ax.tick_params(axis="x", labelrotation=30)
    _save(plt, fig, path, {"plot": "wins", "wins": dict(zip(names, wins, strict=True))})
    return dict(zip(names, wins, strict=True))
