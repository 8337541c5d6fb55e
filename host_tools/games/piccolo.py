"""Piccolo on the host (host_tools.games), the card game and the scorekeeper: the same table.

A deal's own fields (host_tools.facts): contract (taker, level, kind, made, pays, taker_points,
taker_tricks; None when the deal was thrown in) and active (the seats that played). Its totals are
the game scores; the stats count first and second wins, deals (played, not sat out), points, and
the contracts taken and made, by kind (CONTRACT_KINDS; "taken" and "made", per seat {contract
kind: count}, in the seat totals and the rows) and in all (taken_all, made_all). A contract is named as the device names it.
"""

from games.piccolo.rules import (
    GENERALE,
    MISERE,
    MISERE_TABLE,
    PICCOLO,
    PICCOLO_TABLE,
    is_points_bid,
    level_name,
)

from host_tools.board import draw_standings, trick_line
from host_tools.facts import deal_entry, seat_counts, walk
from host_tools.games import HostGame
from host_tools.lang import Messages
from host_tools.view import accented

# Piccolo's contracts by kind, in the order of the bids: every points bid is one kind.
CONTRACT_KINDS = ("points", "misere", "piccolo", "open misere", "open piccolo", "generale")
# the contract a kind names (CONTRACT_KINDS but points), for its name in a language
_KIND_LEVELS = dict((level_name(level), level) for level in (MISERE, PICCOLO, MISERE_TABLE, PICCOLO_TABLE,
                                                             GENERALE))


def contract_kind(level):
    return "points" if is_points_bid(level) else level_name(level)


def told_contract(lang, level):
    """A contract as the device names it in lang (games.piccolo.words: "misère", "piccolo table";
    with its accents, host_tools.view.accented), a points bid by its points."""
    from games.piccolo.words import level_name as device_level_name

    return accented(lang, device_level_name(lang, level))


def told_kind(lang, kind):
    """One of CONTRACT_KINDS in lang: the device's name of the contract, "points bid" for them all."""
    if kind == "points":
        return Messages(lang, "facts")("kind points")
    return told_contract(lang, _KIND_LEVELS[kind])


def paper_contract(paper, level):
    """A contract as the paper names it (a host_tools.lang Messages of the "paper" area): a points
    bid by its number, the others by kind."""
    kind = contract_kind(level)
    if kind not in CONTRACT_KINDS or kind == "points":  # a bid's number (0 while the bidding opens)
        return paper("points_bid", n=level)
    return paper("contract_" + kind.replace(" ", "_"))


def paper_kind(paper, kind):
    """One of CONTRACT_KINDS in the paper's words ("points bids", "open misere")."""
    return paper("contract_" + kind.replace(" ", "_"))


def wins(facts):
    """{seat: (the deal he won, 0 for first or 1 for second)}: a winner wins on the deal his total
    first reaches the target."""
    target = facts["options"]["target"]
    won = {}
    for place, seat in enumerate(facts["winners"]):
        for deal in facts["deals"]:
            if deal["totals"][seat] >= target:
                won[seat] = (deal["deal"], place)
                break
    return won


class Piccolo(HostGame):
    name = "piccolo"
    title = "Piccolo"
    seat_facts = ("first", "second", "deals", "points")
    order = ("first", "second", "points")
    columns = (("col_games", 5, "%d"), ("col_first", 4, "%d"), ("col_second", 4, "%d"), ("col_deals", 5, "%d"),
               ("col_taken", 5, "%d"), ("col_made", 5, "%d"), ("col_points", 6, "%d"))

    def deals(self, state, moves, names, m):
        n = len(names)
        deals = []
        seat = seat_counts(self, n)
        seat["taken"] = [dict.fromkeys(CONTRACT_KINDS, 0) for _ in range(n)]
        seat["made"] = [dict.fromkeys(CONTRACT_KINDS, 0) for _ in range(n)]

        def start(state):
            view = state.view(0)
            return {"dealer": view["dealer"], "active": list(view["active"]), "scores": list(view["scores"]),
                    "winners": list(view["winners"])}

        def close(state, deal, started):
            view = state.view(0)
            points = [view["scores"][s] - started["scores"][s] for s in range(n)]
            notes = [""] * n
            contract = None
            if any(points):  # a scored deal pays someone; a thrown-in one nobody
                taker, level, taker_points, taker_tricks, made, pays = view["last_result"]
                kind = contract_kind(level)
                contract = {"taker": taker, "level": level, "kind": kind, "made": made, "pays": pays,
                            "taker_points": taker_points, "taker_tricks": taker_tricks}
                seat["taken"][taker][kind] += 1
                seat["made"][taker][kind] += made
                outcome = m("made" if made else "failed")
                verdict = m("verdict", made=outcome, pays=pays)
                lang = m.lang
                if is_points_bid(level):
                    detail = m("bids", name=names[taker], level=level, points=taker_points, verdict=verdict)
                else:
                    detail = m("contract_one" if taker_tricks == 1 else "contract_many", name=names[taker],
                               contract=told_contract(lang, level), tricks=taker_tricks, verdict=verdict)
                notes[taker] = m("takes", contract=told_contract(lang, level), made=outcome)
            else:
                detail = m("thrown_in")
            for s in started["active"]:
                seat["deals"][s] += 1
            for place, s in enumerate(view["winners"]):
                if s not in started["winners"]:
                    winner = m("first_winner" if place == 0 else "second_winner")
                    notes[s] = m("notes_join").join([notes[s], winner] if notes[s] else [winner])
            if started["dealer"] not in started["active"]:
                notes[started["dealer"]] = m("sits_out")
            deals.append(deal_entry(deal, started["dealer"], points, list(view["scores"]), notes, detail,
                                    contract=contract, active=started["active"]))

        walk(state, moves, start, close)
        for place, s in enumerate(state.winners()):
            seat["first" if place == 0 else "second"][s] = 1
        seat["points"] = list(state.standings())
        return deals, seat

    # -- stats ------------------------------------------------------------------------------------
    def new_row(self, row):
        row["taken"] = dict.fromkeys(CONTRACT_KINDS, 0)
        row["made"] = dict.fromkeys(CONTRACT_KINDS, 0)

    def add_seat(self, row, seat, s):
        for contract in CONTRACT_KINDS:
            row["taken"][contract] += seat["taken"][s][contract]
            row["made"][contract] += seat["made"][s][contract]

    def finish_row(self, row):
        row["taken_all"] = sum(row["taken"].values())
        row["made_all"] = sum(row["made"].values())

    def stats_values(self, row):
        return (row["games"], row["first"], row["second"], row["deals"], row["taken_all"], row["made_all"],
                row["points"])

    def stats_lines(self, entry, lang):
        """Each player's contracts, made of taken, by kind."""
        from host_tools.stats import NAME_WIDTH

        paper = Messages(lang, "paper")
        lines = [Messages(lang, "stats")("contracts")]
        used = [c for c in CONTRACT_KINDS if any(r["taken"][c] for r in entry["rows"])]
        for row in entry["rows"]:
            if row["taken_all"]:
                lines.append("  %-*s %s" % (NAME_WIDTH, row["name"][:NAME_WIDTH], ", ".join(
                    "%s %d/%d" % (paper_kind(paper, c), row["made"][c], row["taken"][c])
                    for c in used if row["taken"][c])))
        return lines

    def plot_panels(self, axes, rows, colours, m):
        """Contracts taken (outline) and made (filled) by kind and player; points; first and second
        wins stacked."""
        from host_tools.paper import FAINT, INK, integer_axis, paper_colour
        from host_tools.stats import bars

        paper = Messages(m.lang, "paper")
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
        ax.set_xticklabels([paper_kind(paper, c) for c in used], fontsize="small")
        ax.set_title(m("panel_contracts"))
        integer_axis(ax.yaxis)
        ax.grid(axis="y", color=FAINT, alpha=0.3)
        panels["contracts"] = {r["name"]: {"taken": {c: r["taken"][c] for c in used},
                                           "made": {c: r["made"][c] for c in used}} for r in rows}
        _drawn, panels["points"] = bars(axes[1], rows, lambda r: r["points"], colours, m("panel_points"))
        _drawn, _firsts = bars(axes[2], rows, lambda r: r["first"], colours, m("panel_places"))
        axes[2].bar(range(len(rows)), [r["second"] for r in rows], bottom=[r["first"] for r in rows],
                    facecolor="white", edgecolor=[paper_colour(colours[r["name"]]) for r in rows], hatch="///",
                    linewidth=1.2)
        panels["wins"] = {r["name"]: {"first": r["first"], "second": r["second"]} for r in rows}
        titles = {"contracts": m("panel_contracts"), "points": m("panel_points"), "wins": m("panel_places")}
        return panels, titles

    # -- the target ---------------------------------------------------------------------------------
    def draw_target(self, state, geo, names, shapes, m):
        from app.i18n import suit_word

        paper = Messages(m.lang, "paper")
        view = state.view(0)
        draw_standings(state, geo, shapes)
        lines = []
        for seat in range(view["players"]):
            line = m.count("points", view["scores"][seat])
            if view["out"][seat]:
                line += m("won") if not state.is_over() else ""
            elif seat in view["active"]:
                line += m.count("tricks", view["tricks"][seat])
            else:
                line += m("sits_out")
            if seat == view["taker"]:
                line += m("contract", contract=paper_contract(paper, view["level"]))
            lines.append(line)
        for place, seat in enumerate(view["winners"]):
            lines[seat] += m("first_winner" if place == 0 else "second_winner")
        heading = m("deal_target", kind=self.title, deal=view["round"], target=view["target"])
        second = trick_line(view, names, m)
        if view["trump"] >= 0 and not state.is_over():
            second = m("trump", suit=suit_word(m.lang, view["trump"])) + "  " + second
        return heading, second.strip(), lines, view["dealer"], m("mark_deals")

    # -- the sheet and the CSV ----------------------------------------------------------------------
    def deal_words(self, paper, facts, deal):
        names = facts["names"]
        notes = [[] for _ in range(facts["players"])]
        contract = deal["contract"]
        if contract is None:
            detail = paper("detail_thrown")
        else:
            taker = contract["taker"]
            made = paper("made" if contract["made"] else "failed")
            verdict = paper("verdict", made=made, pays=contract["pays"])
            if contract["kind"] == "points":
                detail = paper("detail_bid", taker=names[taker], level=contract["level"],
                               points=contract["taker_points"], verdict=verdict)
            else:
                detail = paper.count("detail_named", contract["taker_tricks"], taker=names[taker],
                                     contract=paper_contract(paper, contract["level"]), verdict=verdict)
            notes[taker].append(paper("note_takes", contract=paper_contract(paper, contract["level"]), verdict=made))
        for seat, (won, place) in wins(facts).items():
            if won == deal["deal"]:
                notes[seat].append(paper("note_first" if place == 0 else "note_second"))
        if deal["dealer"] is not None and deal["dealer"] not in deal["active"]:
            notes[deal["dealer"]] = [paper("note_sits_out")]
        return notes, detail

    def sheet_cells(self, m, facts, deal, notes):
        won = wins(facts)
        cells = []
        for seat in range(facts["players"]):
            total, small, _words = self.points_cell(deal, seat, "")
            if seat not in deal["active"]:
                cells.append((total, "", m("cell_deals") if seat == deal["dealer"] else m("cell_won")))
                continue
            words = []
            contract = deal["contract"]
            if contract and contract["taker"] == seat:
                words.append(m("cell_made" if contract["made"] else "cell_failed"))
            if seat in won and won[seat][0] == deal["deal"]:
                words.append(m("cell_first" if won[seat][1] == 0 else "cell_second"))
            cells.append((total, small, ", ".join(words)))
        return cells

    def winners_line(self, m, winners):
        if len(winners) > 1:
            return m("winners_piccolo", first=winners[0], second=winners[1])
        return m("winner_piccolo", first=winners[0])

    def message_keys(self):
        keys = super().message_keys()
        keys["stats"] += ["panel_contracts", "panel_points", "panel_places"]
        return keys


GAME = Piccolo()
