"""Tanturlurette on the host (host_tools.games): a round is a deal.

A deal's own fields (host_tools.facts): lost, fell, back, out (the seats that lost a circle, fell
into l'enfer, bought a token back, left the game that round) and pot (after it). Its totals are
the circles each seat has left; the stats count wins (and win_rate), falls, reentries and the
tokens won less staked (net); the target shows each token on the ring of its circle, l'enfer at the centre.
"""

import math
import os

from app.colours import DIM, ENFER

from host_tools.board import OUT, seat_angle, seat_colour
from host_tools.facts import count_wins, deal_entry, names_of, seat_counts, walk
from host_tools.games import HostGame


class Tanturlurette(HostGame):
    name = "tanturlurette"
    title = "Tanturlurette"
    seat_facts = ("wins", "falls", "reentries", "net")
    order = ("wins", "net")
    columns = (("col_games", 5, "%d"), ("col_wins", 5, "%d"), ("col_win_rate", 5, None), ("col_net", 6, "%+d"),
               ("col_fell", 5, "%d"), ("col_back", 5, "%d"))
    panels = (("wins", lambda r: r["wins"], True),
              ("falls", lambda r: r["falls"], True),
              ("net", lambda r: r["net"], True))
    pot_unit = "tokens"
    steps = True
    narrow_cells = True

    def deals(self, state, moves, names, m):
        n = len(names)
        deals = []
        seat = seat_counts(self, n)
        left = list(state.standings())
        this = {}

        def start(state):
            view = state.view(0)
            this.update(lost=[], fell=[], back=[])
            return {"dealer": view["dealer"], "out": list(view["out"])}

        def after_move(state, _move):
            now = list(state.standings())
            for s in range(n):
                if now[s] < left[s]:
                    this["lost"].append(s)
                    if now[s] == 0:
                        this["fell"].append(s)
                elif now[s] > left[s]:
                    this["back"].append(s)
            left[:] = now

        def close(state, deal, started):
            view = state.view(0)
            gone = [s for s in range(n) if view["out"][s] and not started["out"][s]]
            points = [-1 if s in this["lost"] else 0 for s in range(n)]
            notes = []
            for s in range(n):
                words = []
                if s in this["fell"]:
                    words.append(m("fell"))
                    seat["falls"][s] += 1
                elif s in this["lost"]:
                    words.append(m("loses"))
                if s in this["back"]:
                    words.append(m("back"))
                    seat["reentries"][s] += 1
                if s in gone:
                    words.append(m("out"))
                notes.append(m("notes_join").join(words))
            live = [s for s in range(n) if not started["out"][s]]
            detail = [m("pot", pot=view["pot"])]
            if this["lost"]:
                detail.insert(0, m("lowest", names=names_of(names, this["lost"])))
            elif view["last_losers"] and len(live) > 1:
                detail.insert(0, m("all_tied"))
            detail = m("detail_join").join(detail)
            deals.append(deal_entry(deal, started["dealer"], points, list(state.standings()), notes, detail,
                                    lost=list(this["lost"]), fell=list(this["fell"]), back=list(this["back"]),
                                    out=gone, pot=view["pot"]))

        walk(state, moves, start, close, after_move=after_move)
        count_wins(state, seat, "net", list(state.returns()))
        return deals, seat

    # -- stats ------------------------------------------------------------------------------------
    def finish_row(self, row):
        games = row["games"]
        row["win_rate"] = round(row["wins"] / games, 3) if games else 0.0

    def stats_values(self, row):
        return (row["games"], row["wins"], "%.0f%%" % (100 * row["win_rate"]), row["net"], row["falls"],
                row["reentries"])

    def plot_game(self, facts, folder, lang):
        """Where the tokens stood and the pot, round by round."""
        from host_tools.stats import plot_positions, plot_pot

        positions = os.path.join(folder, "game%d-positions.png" % facts["id"])
        plot_positions(facts["record"], positions, lang)
        pot = os.path.join(folder, "game%d-pot.png" % facts["id"])
        plot_pot(facts["record"], pot, lang)
        return [positions, pot]

    # -- the target: the tokens on their circles ------------------------------------------------------
    def draw_target(self, state, geo, names, shapes, m):
        view = state.view(0)
        players = state.n
        token_rings = geo.rings - 1 if geo.has_centre else geo.rings
        for ring, count in enumerate(geo.ring_sizes):
            for k in range(count):
                colour = ENFER if (geo.has_centre and ring == geo.rings - 1) else DIM
                x, y = geo.led(ring, k)
                shapes.append(("circle", x, y, geo.led_r, colour, {"class": "led", "data-ring": ring}))
        circles = state.circles
        lines = []
        for seat in range(players):
            pos, out, stakes = view["pos"][seat], view["out"][seat], view["stakes"][seat]
            angle = seat_angle(seat, players)
            colour = OUT if out else seat_colour(seat)
            if pos >= circles:  # in l'enfer
                x = geo.cx + 2.2 * geo.led_r * math.cos(angle)
                y = geo.cy + 2.2 * geo.led_r * math.sin(angle)
            else:
                ring = min(pos, token_rings - 1)
                count = geo.ring_sizes[ring]
                x, y = geo.led(ring, round((angle + math.pi / 2) / (2 * math.pi) * count) % count)  # nearest LED
            shapes.append(("circle", x, y, geo.led_r * 1.9, colour,
                           {"class": "token", "data-seat": seat, "data-pos": pos, "data-stakes": stakes,
                            "data-out": "true" if out else "false"}))
            if out:
                where = m("out")
            elif pos >= circles:
                where = m("in_enfer")
            else:
                where = m.count("circles_left", circles - pos)
            lines.append(m("stakes", where=where, n=stakes))
        over = state.is_over()
        heading = m("tant_heading", kind=self.title, round=view["round"], pot=view["pot"])
        if over:
            heading += m("game_over")
            for seat in state.winners():
                lines[seat] += m("takes", n=view["payout"][seat])
        return heading, "", lines, view["dealer"], m("mark_deals")

    # -- the sheet and the CSV ----------------------------------------------------------------------
    def deal_words(self, paper, facts, deal):
        names = facts["names"]
        notes = [[] for _ in range(facts["players"])]
        for s in range(facts["players"]):
            if s in deal["fell"]:
                notes[s].append(paper("note_fell"))
            elif s in deal["lost"]:
                notes[s].append(paper("note_loses"))
            if s in deal["back"]:
                notes[s].append(paper("note_back"))
            if s in deal["out"]:
                notes[s].append(paper("note_out"))
        if deal["lost"]:
            first = paper.count("detail_lowest", len(deal["lost"]),
                                names=paper("and").join(names[s] for s in deal["lost"]))
        else:  # every live seat held the same rank: nobody lost a circle
            first = paper("detail_tied")
        return notes, "%s · %s" % (first, paper("detail_pot", pot=deal["pot"]))

    def sheet_options(self, m, options):
        parts = [m.count("circles", options["circles"]), m("reentry" if options["reentry"] else "no_reentry")]
        if options.get("reentry_cap"):
            parts.append(m.count("reentry_cap", options["reentry_cap"]))
        parts.append(m("real_cards" if options["mode"] == "board" else "device_deals"))
        return parts

    def sheet_cells(self, m, facts, deal, notes):
        """The circles left; the small number is the circle lost."""
        return [self._cell(m, deal, s) for s in range(facts["players"])]

    @staticmethod
    def _cell(m, deal, seat):
        total = deal["totals"][seat]
        lost = seat in deal["lost"]
        fell = m("cell_fell") if seat in deal["fell"] else ""
        if seat in deal["out"]:
            return m("cell_out"), "-1" if lost else "", fell
        if total == 0 and not lost:
            return m("cell_out"), "", ""  # out since an earlier round
        if seat in deal["back"]:  # fell and bought a new token: on the outer circle again
            return str(total), "", m("cell_back")
        return str(total), "-1" if lost else "", fell

    def starting_total(self, options):
        return options["circles"]


GAME = Tanturlurette()
