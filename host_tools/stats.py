"""The history of every game kind, by player name, and its plots.

history(facts) adds up the games' facts (host_tools.facts) by game kind and by player name: the
same name is the same player across games, whatever seat he took, and the card game and its
scorekeeper are one kind (a Piccolo played on the device and one kept at the pub count alike).
Nothing is added across kinds: a token of Tanturlurette is no point of Achéron. A row is one
player of one kind: name, games, the kind's seat_facts added up, and the figures its host module
(host_tools/games/<game>.py: HostGame) adds, sorts by and shows as columns and panels. Its docstring
says what its figures count.

format_history() and the plots speak French or English (lang; the words in
host_tools/messages/stats_<lang>.py, the contracts and what the totals count in paper_<lang>.py).
plot_kind() draws one figure per kind: three panels of bars, one bar a player in the device's
seat colour (host_tools.paper), names in the legend, integer axes for what is counted. A game's
own plots are plot_positions() and plot_pot() (Tanturlurette) and plot_totals() (the others): its
host module's plot_game() picks them.
Each PNG holds the numbers it plots in its "Description" chunk (paper.save_png), keyed by words that
do not change with the language (a kind's panels by their keys, HostGame.panels; their titles
under "titles").
"""

from host_tools.facts import game_facts, kind_of
from host_tools.games import host, names
from host_tools.lang import Messages
from host_tools.paper import (
    FAINT,
    INK,
    integer_axis,
    line_style,
    paper_colour,
    pyplot,
    save_png,
    totals_label,
)

PLOT_SIZE = (8.0, 5.0)  # inches; at PLOT_DPI, 800 x 500 pixels
KIND_PLOT_SIZE = (12.0, 5.0)
PLOT_DPI = 100
KINDS = names()


def _new_row(game, name):
    row = {"name": name, "games": 0}
    for key in game.seat_facts:
        row[key] = 0
    game.new_row(row)
    return row


def history(all_facts, kind=None):
    """{kind: {"games": [game ids], "rows": [rows, best first]}} over the finished games' facts."""
    out = {}
    for facts in all_facts:
        if not facts["over"] or (kind is not None and facts["kind"] != kind):
            continue
        entry = out.setdefault(facts["kind"], {"games": [], "rows": {}})
        entry["games"].append(facts["id"])
        game = host(facts["kind"])
        seat = facts["seat"]
        for s, name in enumerate(facts["names"]):
            row = entry["rows"].get(name) or entry["rows"].setdefault(name, _new_row(game, name))
            row["games"] += 1
            for key in game.seat_facts:
                row[key] += seat[key][s]
            game.add_seat(row, seat, s)
    for name, entry in out.items():
        game = host(name)
        rows = list(entry["rows"].values())
        for row in rows:
            game.finish_row(row)
        keys = game.order
        rows.sort(key=lambda r: tuple(-r[k] for k in keys) + (r["name"],))
        entry["rows"] = rows
    return out


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
NAME_WIDTH = 14


def finished_line(kind, games, lang="en"):
    """"La Bourre: 3 finished games", in lang."""
    return Messages(lang, "stats").count("finished", games, kind=host(kind).title)


def format_history(kind, entry, lang="en"):
    """The kind's table as lines, in lang: a heading, then a line a player."""
    m = Messages(lang, "stats")
    game = host(kind)
    lines = [finished_line(kind, len(entry["games"]), lang)]
    columns = [(m(key), max(width, len(m(key))), form) for key, width, form in game.columns]
    lines.append(" ".join(["%-*s" % (NAME_WIDTH, m("player"))] + ["%*s" % (w, h) for h, w, _f in columns]))
    for row in entry["rows"]:
        cells = ["%-*s" % (NAME_WIDTH, row["name"][:NAME_WIDTH])]
        for (_h, width, form), value in zip(columns, game.stats_values(row), strict=True):
            cells.append("%*s" % (width, value if form is None else form % value))
        lines.append(" ".join(cells))
    return lines + game.stats_lines(entry, lang)


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
def bars(ax, rows, key_of, colours, title, integer=True):
    """One bar a player (rows), key_of(row) high, in his colour; (the bars, {name: value})."""
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


def bar_panels(axes, panels, rows, colours, m):
    """A kind's three panels of bars (HostGame.panels); ({key: {name: value}}, {key: title})."""
    shown = {}
    titles = {}
    for ax, (key, value, counted) in zip(axes, panels, strict=True):
        titles[key] = m("panel_" + key)
        _bars_drawn, shown[key] = bars(ax, rows, value, colours, titles[key], counted)
    return shown, titles


def plot_kind(kind, entry, colours, path, lang="en"):
    """One figure for the kind's history, its words in lang; returns the numbers it shows (also in
    the PNG): the panels by key, and their titles."""
    m = Messages(lang, "stats")
    plt = pyplot()
    rows = entry["rows"]
    fig, axes = plt.subplots(1, 3, figsize=KIND_PLOT_SIZE, dpi=PLOT_DPI)
    data = {"plot": kind, "lang": lang, "games": len(entry["games"]), "players": [r["name"] for r in rows],
            "panels": {}, "titles": {}}
    data["panels"], data["titles"] = host(kind).plot_panels(axes, rows, colours, m)
    handles = [plt.Rectangle((0, 0), 1, 1, facecolor=paper_colour(colours[r["name"]]), edgecolor=INK,
                             linewidth=0.6) for r in rows]
    fig.legend(handles, [r["name"] for r in rows], loc="lower center", ncol=min(8, len(rows)),
               frameon=False, fontsize="small")
    fig.suptitle(finished_line(kind, len(entry["games"]), lang))
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    save_png(fig, path, data, PLOT_DPI)
    return data


# -- the plots of one game ---------------------------------------------------------------------------
def _game_figure():
    plt = pyplot()
    fig, ax = plt.subplots(figsize=PLOT_SIZE, dpi=PLOT_DPI)
    return fig, ax


def _title(facts, what, lang):
    """"Tanturlurette, game 3: the pot", in lang."""
    return Messages(lang, "stats")("plot_title", game=Messages(lang, "paper")(
        "game_of", kind=host(facts["kind"]).title, id=facts["id"]), what=what)


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


def plot_positions(game, path, lang="en"):
    """Circles moved inward, round by round: one line per player, l'enfer at the top; in lang."""
    m = Messages(lang, "stats")
    paper = Messages(lang, "paper")
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
    ax.set_yticklabels([m("outer")] + [str(c) for c in range(1, circles)] + [m("enfer")])
    integer_axis(ax.xaxis)
    ax.set_xlabel(paper("round"))
    ax.set_ylabel(m("circle"))
    ax.set_title(_title(facts, m("token_positions"), lang))
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    save_png(fig, path, {"plot": "positions", "game": facts["id"], "rounds": rounds, "positions": lines})
    return lines


def plot_pot(game, path, lang="en"):
    """The tokens in the pot round by round, in lang."""
    m = Messages(lang, "stats")
    facts = game_facts(game)
    series = rounds_of(game, facts)
    rounds = [s["round"] for s in series]
    pot = [s["pot"] for s in series]
    fig, ax = _game_figure()
    ax.step(rounds, pot, where="post", marker="o", color=INK)
    integer_axis(ax.xaxis)
    integer_axis(ax.yaxis)
    ax.set_xlabel(Messages(lang, "paper")("round"))
    ax.set_ylabel(m("tokens_in_pot"))
    ax.set_title(_title(facts, m("the_pot"), lang))
    fig.tight_layout()
    save_png(fig, path, {"plot": "pot", "game": facts["id"], "rounds": rounds, "pot": pot})
    return pot


def plot_totals(facts, path, lang="en"):
    """A game's running totals deal by deal, one line a player, the target as a dotted line; in
    lang."""
    paper = Messages(lang, "paper")
    label = totals_label(paper, facts["kind"])
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
    ax.set_xlabel(paper("deal"))
    ax.set_ylabel(label)
    ax.set_title(_title(facts, label, lang))
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    save_png(fig, path, {"plot": "totals", "game": facts["id"], "deals": deals, "totals": lines})
    return lines
