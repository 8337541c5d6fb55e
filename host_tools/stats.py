"""The history of every game kind, by player name, and its plots.

history(facts) adds up the games' facts (host_tools.facts) by game kind and by player name: the
same name is the same player across games, whatever seat he took, and the card game and its
scorekeeper are one kind (a Piccolo played on the device and one kept at the pub count alike).
Nothing is added across kinds: a token of Tanturlurette is no point of Achéron. Per kind, per
player (the row's keys):

  Tanturlurette  games, wins, win_rate, net (tokens won less staked), falls (into l'enfer),
                 reentries
  La Bourre      games, wins (pots won, shared ones included), deals, tricks, bourru, net (stakes)
  Piccolo        games, first, second (wins), deals (played, not sat out), points (the game
                 scores), taken and made (contracts, in all and by kind: CONTRACT_KINDS)
  Achéron        games, wins, deals, points, per_deal, melds (laid; the scorekeeper does not count
                 them, so only the card games' are known), laid (meld points), penalties (points
                 lost to cards left, wild cards, Jocrisse and naming slips)

plot_kind() draws one figure per kind: three panels of bars, one bar a player in the device's
seat colour (host_tools.paper), names in the legend, integer axes for what is counted. A game's
own plots are plot_positions() and plot_pot() (Tanturlurette) and plot_totals() (the others).
Each PNG holds the numbers it plots in its "Description" chunk (paper.save_png).
"""

from host_tools.facts import CONTRACT_KINDS, KIND_TITLES, SEAT_FACTS, game_facts, kind_of
from host_tools.paper import FAINT, INK, integer_axis, line_style, paper_colour, pyplot, save_png

PLOT_SIZE = (8.0, 5.0)  # inches; at PLOT_DPI, 800 x 500 pixels
KIND_PLOT_SIZE = (12.0, 5.0)
PLOT_DPI = 100
KINDS = ("tanturlurette", "bourre", "piccolo", "acheron")

_COUNTERS = SEAT_FACTS  # the row keys each kind adds up game by game, from facts["seat"]
_ORDER = {  # best first
    "tanturlurette": ("wins", "net"),
    "bourre": ("wins", "tricks"),
    "piccolo": ("first", "second", "points"),
    "acheron": ("wins", "points"),
}


def _new_row(kind, name):
    row = {"name": name, "games": 0}
    for key in _COUNTERS[kind]:
        row[key] = 0
    if kind == "piccolo":
        row["taken"] = dict.fromkeys(CONTRACT_KINDS, 0)
        row["made"] = dict.fromkeys(CONTRACT_KINDS, 0)
    if kind == "acheron":
        row["melds"] = None
    return row


def history(all_facts, kind=None):
    """{kind: {"games": [game ids], "rows": [rows, best first]}} over the finished games' facts."""
    out = {}
    for facts in all_facts:
        if not facts["over"] or (kind is not None and facts["kind"] != kind):
            continue
        entry = out.setdefault(facts["kind"], {"games": [], "rows": {}})
        entry["games"].append(facts["id"])
        seat = facts["seat"]
        for s, name in enumerate(facts["names"]):
            row = entry["rows"].get(name) or entry["rows"].setdefault(name, _new_row(facts["kind"], name))
            row["games"] += 1
            for key in _COUNTERS[facts["kind"]]:
                row[key] += seat[key][s]
            if facts["kind"] == "piccolo":
                for contract in CONTRACT_KINDS:
                    row["taken"][contract] += seat["taken"][s][contract]
                    row["made"][contract] += seat["made"][s][contract]
            if facts["kind"] == "acheron" and seat["melds"][s] is not None:
                row["melds"] = (row["melds"] or 0) + seat["melds"][s]
    for name, entry in out.items():
        rows = list(entry["rows"].values())
        for row in rows:
            _finish_row(name, row)
        keys = _ORDER[name]
        rows.sort(key=lambda r: tuple(-r[k] for k in keys) + (r["name"],))
        entry["rows"] = rows
    return out


def _finish_row(kind, row):
    games = row["games"]
    if kind == "tanturlurette":
        row["win_rate"] = round(row["wins"] / games, 3) if games else 0.0
    elif kind == "piccolo":
        row["taken_all"] = sum(row["taken"].values())
        row["made_all"] = sum(row["made"].values())
    elif kind == "acheron":
        row["per_deal"] = round(row["points"] / row["deals"], 1) if row["deals"] else 0.0


def facts_of(games):
    """The facts of each game that replays; (facts, [(game id, why) for those that do not])."""
    from engine.core import BadOptions, BadRecord

    found = []
    refused = []
    for game in games:
        try:
            found.append(game_facts(game))
        except (BadRecord, BadOptions) as err:
            refused.append((game.get("id"), str(err)))
    return found, refused


def leaderboard(games):
    """Tanturlurette's rows over these stored games (history() for every kind)."""
    facts, _refused = facts_of([g for g in games if kind_of(g.get("game") or "") == "tanturlurette"])
    return history(facts, "tanturlurette").get("tanturlurette", {"rows": []})["rows"]


# -- text --------------------------------------------------------------------------------------------
_COLUMNS = {  # (heading, width, format of the row's value) after the player's name
    "tanturlurette": (("games", 5, "%d"), ("wins", 5, "%d"), ("win%", 5, None), ("net", 6, "%+d"),
                      ("fell", 5, "%d"), ("back", 5, "%d")),
    "bourre": (("games", 5, "%d"), ("pots", 5, "%d"), ("deals", 5, "%d"), ("tricks", 6, "%d"),
               ("bourru", 6, "%d"), ("net", 6, "%+d")),
    "piccolo": (("games", 5, "%d"), ("1st", 4, "%d"), ("2nd", 4, "%d"), ("deals", 5, "%d"),
                ("taken", 5, "%d"), ("made", 5, "%d"), ("points", 6, "%d")),
    "acheron": (("games", 5, "%d"), ("wins", 5, "%d"), ("deals", 5, "%d"), ("points", 6, "%d"),
                ("/deal", 6, "%.1f"), ("melds", 5, "%s"), ("laid", 5, "%d"), ("penalty", 7, "%d")),
}
_VALUES = {
    "tanturlurette": lambda r: (r["games"], r["wins"], "%.0f%%" % (100 * r["win_rate"]), r["net"],
                                r["falls"], r["reentries"]),
    "bourre": lambda r: (r["games"], r["wins"], r["deals"], r["tricks"], r["bourru"], r["net"]),
    "piccolo": lambda r: (r["games"], r["first"], r["second"], r["deals"], r["taken_all"], r["made_all"],
                          r["points"]),
    "acheron": lambda r: (r["games"], r["wins"], r["deals"], r["points"], r["per_deal"],
                          "-" if r["melds"] is None else r["melds"], r["laid"], r["penalties"]),
}
NAME_WIDTH = 14


def format_history(kind, entry):
    """The kind's table as lines: a heading, then a line a player."""
    games = len(entry["games"])
    lines = ["%s: %d finished game%s" % (KIND_TITLES[kind], games, "" if games == 1 else "s")]
    columns = _COLUMNS[kind]
    lines.append(" ".join(["%-*s" % (NAME_WIDTH, "player")] + ["%*s" % (w, h) for h, w, _f in columns]))
    for row in entry["rows"]:
        cells = ["%-*s" % (NAME_WIDTH, row["name"][:NAME_WIDTH])]
        for (_h, width, form), value in zip(columns, _VALUES[kind](row), strict=True):
            cells.append("%*s" % (width, value if form is None else form % value))
        lines.append(" ".join(cells))
    if kind == "piccolo":
        lines.append("contracts made/taken:")
        used = [c for c in CONTRACT_KINDS if any(r["taken"][c] for r in entry["rows"])]
        for row in entry["rows"]:
            if row["taken_all"]:
                lines.append("  %-*s %s" % (NAME_WIDTH, row["name"][:NAME_WIDTH], ", ".join(
                    "%s %d/%d" % (c, row["made"][c], row["taken"][c]) for c in used if row["taken"][c])))
    return lines


# -- colours -----------------------------------------------------------------------------------------
def player_colours(all_facts):
    """{name: seat whose colour the player wears}: the seat he sat at most often, unless a player
    with more games has it already; then his next most frequent, then any free one. Past eight
    players colours repeat (the names still tell them apart)."""
    seats = {}
    for facts in all_facts:
        for s, name in enumerate(facts["names"]):
            counts = seats.setdefault(name, {})
            counts[s] = counts.get(s, 0) + 1
    order = sorted(seats, key=lambda n: (-sum(seats[n].values()), n))  # the most games choose first
    worn = {}
    for name in order:
        liked = sorted(seats[name], key=lambda s: (-seats[name][s], s))
        free = [s for s in liked + list(range(8)) if s not in worn.values()]
        worn[name] = free[0] if free else liked[0]
    return worn


# -- the plots of a kind -----------------------------------------------------------------------------
def _bars(ax, rows, key_of, colours, title, integer=True):
    names = [r["name"] for r in rows]
    values = [key_of(r) for r in rows]
    bars = ax.bar(range(len(rows)), values, color=[paper_colour(colours[n]) for n in names],
                  edgecolor=INK, linewidth=0.6)
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels(names, rotation=30, ha="right", fontsize="small")
    ax.set_title(title)
    ax.axhline(0, color=INK, linewidth=0.8)
    if integer:
        integer_axis(ax.yaxis)
    ax.grid(axis="y", color=FAINT, alpha=0.3)
    return bars, dict(zip(names, values, strict=True))


_PANELS = {  # (title, value of a row, counted) for the three panels of a kind's figure
    "tanturlurette": (("games won", lambda r: r["wins"], True),
                      ("falls into l'enfer", lambda r: r["falls"], True),
                      ("net tokens (won less staked)", lambda r: r["net"], True)),
    "bourre": (("tricks", lambda r: r["tricks"], True),
               ("pots won", lambda r: r["wins"], True),
               ("times bourru", lambda r: r["bourru"], True)),
    "acheron": (("points per deal", lambda r: r["per_deal"], False),
                ("points laid in melds", lambda r: r["laid"], True),
                ("penalties (points lost)", lambda r: r["penalties"], True)),
}


def plot_kind(kind, entry, colours, path):
    """One figure for the kind's history; returns the numbers it shows (also in the PNG)."""
    plt = pyplot()
    rows = entry["rows"]
    fig, axes = plt.subplots(1, 3, figsize=KIND_PLOT_SIZE, dpi=PLOT_DPI)
    data = {"plot": kind, "games": len(entry["games"]), "players": [r["name"] for r in rows], "panels": {}}
    if kind == "piccolo":
        data["panels"] = _piccolo_panels(axes, rows, colours)
    else:
        for ax, (title, value, counted) in zip(axes, _PANELS[kind], strict=True):
            _bars_drawn, data["panels"][title] = _bars(ax, rows, value, colours, title, counted)
    handles = [plt.Rectangle((0, 0), 1, 1, facecolor=paper_colour(colours[r["name"]]), edgecolor=INK,
                             linewidth=0.6) for r in rows]
    fig.legend(handles, [r["name"] for r in rows], loc="lower center", ncol=min(8, len(rows)),
               frameon=False, fontsize="small")
    games = len(entry["games"])
    fig.suptitle("%s: %d finished game%s" % (KIND_TITLES[kind], games, "" if games == 1 else "s"))
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    save_png(fig, path, data, PLOT_DPI)
    return data


def _piccolo_panels(axes, rows, colours):
    """Contracts taken (outline) and made (filled) by kind and player; points; first and second
    wins stacked."""
    panels = {}
    used = [c for c in CONTRACT_KINDS if any(r["taken"][c] for r in rows)] or ["points"]
    ax = axes[0]
    width = 0.8 / max(1, len(rows))
    for i, row in enumerate(rows):
        colour = paper_colour(colours[row["name"]])
        xs = [k + (i - (len(rows) - 1) / 2) * width for k in range(len(used))]
        ax.bar(xs, [row["taken"][c] for c in used], width, facecolor="white", edgecolor=colour, linewidth=1.2,
               hatch="///")
        ax.bar(xs, [row["made"][c] for c in used], width, color=colour, edgecolor=INK, linewidth=0.6)
    ax.set_xticks(range(len(used)))
    ax.set_xticklabels(used, fontsize="small")
    ax.set_title("contracts made (filled) of taken")
    integer_axis(ax.yaxis)
    ax.grid(axis="y", color=FAINT, alpha=0.3)
    panels["contracts"] = {r["name"]: {"taken": {c: r["taken"][c] for c in used},
                                       "made": {c: r["made"][c] for c in used}} for r in rows}
    _drawn, panels["points"] = _bars(axes[1], rows, lambda r: r["points"], colours, "points (game scores)")
    _drawn, firsts = _bars(axes[2], rows, lambda r: r["first"], colours, "first (filled) and second wins")
    axes[2].bar(range(len(rows)), [r["second"] for r in rows], bottom=[r["first"] for r in rows],
                facecolor="white", edgecolor=[paper_colour(colours[r["name"]]) for r in rows], hatch="///",
                linewidth=1.2)
    panels["wins"] = {r["name"]: {"first": r["first"], "second": r["second"]} for r in rows}
    return panels


# -- the plots of one game ---------------------------------------------------------------------------
def _game_figure():
    plt = pyplot()
    fig, ax = plt.subplots(figsize=PLOT_SIZE, dpi=PLOT_DPI)
    return fig, ax


def _title(facts, what):
    return "%s, game %s: %s" % (KIND_TITLES[facts["kind"]], facts["id"], what)


def rounds_of(game, facts=None):
    """Per round of a Tanturlurette game: round, pos (circles moved inward, l'enfer = circles)
    and pot as the round starts, then once more at the end (the last round's number again)."""
    facts = facts or game_facts(game)
    circles = facts["options"]["circles"]
    n = facts["players"]
    series = [{"round": 1, "pos": [0] * n, "pot": n}]
    deals = facts["deals"]
    for i, deal in enumerate(deals):
        number = deal["deal"] + 1 if i + 1 < len(deals) or not facts["over"] else deal["deal"]
        series.append({"round": number, "pos": [circles - left for left in deal["totals"]], "pot": deal["pot"]})
    return series


def plot_positions(game, path):
    """Circles moved inward, round by round: one line per player, l'enfer at the top."""
    facts = game_facts(game)
    series = rounds_of(game, facts)
    circles = facts["options"]["circles"]
    fig, ax = _game_figure()
    rounds = [s["round"] for s in series]
    lines = {}
    n = facts["players"]
    spread = 0.25 / max(1, n)  # side by side, so equal positions do not hide each other
    for seat, name in enumerate(facts["names"]):
        values = [s["pos"][seat] for s in series]
        lines[name] = values
        shifted = [v + (seat - (n - 1) / 2) * spread for v in values]
        ax.step(rounds, shifted, where="post", label=name, linewidth=2, color=paper_colour(seat))
        # a fall shows where the round's result does (a fall and a re-entry in one round leave no step)
        falls = [min(d["deal"] + 1, rounds[-1]) for d in facts["deals"] if seat in d["fell"]]
        ax.plot(falls, [circles + (seat - (n - 1) / 2) * spread] * len(falls), "v", color=paper_colour(seat),
                markersize=7, markeredgecolor=INK, markeredgewidth=0.5)
    ax.axhline(circles, color=paper_colour(5), linestyle=":", linewidth=1)
    ax.set_yticks(range(circles + 1))
    ax.set_yticklabels(["outer"] + [str(c) for c in range(1, circles)] + ["l'enfer"])
    integer_axis(ax.xaxis)
    ax.set_xlabel("round")
    ax.set_ylabel("circle")
    ax.set_title(_title(facts, "token positions"))
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    save_png(fig, path, {"plot": "positions", "game": facts["id"], "rounds": rounds, "positions": lines})
    return lines


def plot_pot(game, path):
    facts = game_facts(game)
    series = rounds_of(game, facts)
    rounds = [s["round"] for s in series]
    pot = [s["pot"] for s in series]
    fig, ax = _game_figure()
    ax.step(rounds, pot, where="post", marker="o", color=INK)
    integer_axis(ax.xaxis)
    integer_axis(ax.yaxis)
    ax.set_xlabel("round")
    ax.set_ylabel("tokens in the pot")
    ax.set_title(_title(facts, "the pot"))
    fig.tight_layout()
    save_png(fig, path, {"plot": "pot", "game": facts["id"], "rounds": rounds, "pot": pot})
    return pot


def plot_totals(facts, path):
    """A game's running totals deal by deal, one line a player, the target as a dotted line."""
    fig, ax = _game_figure()
    deals = [0] + [d["deal"] for d in facts["deals"]]
    lines = {}
    for seat, name in enumerate(facts["names"]):
        values = [0] + [d["totals"][seat] for d in facts["deals"]]
        lines[name] = values
        ax.plot(deals, values, label=name, **line_style(seat, facts["players"]))
    target = facts["options"].get("target")
    if target:
        ax.axhline(target, color=FAINT, linestyle=":", linewidth=1)
    integer_axis(ax.xaxis)
    integer_axis(ax.yaxis)
    ax.set_xlabel("deal")
    ax.set_ylabel(facts["totals_label"])
    ax.set_title(_title(facts, facts["totals_label"]))
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    save_png(fig, path, {"plot": "totals", "game": facts["id"], "deals": deals, "totals": lines})
    return lines
