"""La Bourre on the host (host_tools.games), the card game and the scorekeeper: the same accounts.

A deal's own fields (host_tools.facts): tricks, bourru, ante (per seat: the deal's tricks, no
trick, what the seat put in the pot before it) and pot (before the deal); the deal has no dealer,
its leader is the first to play. Its totals are tricks; the stats count the pots won (wins, shared
ones included), deals, tricks, bourru and the stakes won less staked (net).
"""

from host_tools.board import draw_standings, trick_line
from host_tools.facts import count_wins, deal_entry, seat_counts, walk
from host_tools.games import HostGame


class Bourre(HostGame):
    name = "bourre"
    title = "La Bourre"
    seat_facts = ("wins", "deals", "tricks", "bourru", "net")
    order = ("wins", "tricks")
    columns = (("col_games", 5, "%d"), ("col_pots", 5, "%d"), ("col_deals", 5, "%d"), ("col_tricks", 6, "%d"),
               ("col_bourru", 6, "%d"), ("col_net", 6, "%+d"))
    panels = (("tricks", lambda r: r["tricks"], True),
              ("pots", lambda r: r["wins"], True),
              ("bourru", lambda r: r["bourru"], True))
    opener = "leader"

    def deals(self, state, moves, names, m):
        n = len(names)
        deals = []
        seat = seat_counts(self, n)
        paid = [0] * n  # antes before this deal

        def start(state):
            view = state.view(0)
            ante = [view["staked"][s] - paid[s] for s in range(n)]
            paid[:] = view["staked"]
            return {"leader": view["leader"], "totals": list(view["totals"]), "ante": ante, "pot": view["pot"]}

        def close(state, deal, started):
            view = state.view(0)
            tricks = [view["totals"][s] - started["totals"][s] for s in range(n)]
            bourru = [tricks[s] == 0 for s in range(n)]
            notes = []
            for s in range(n):
                seat["tricks"][s] += tricks[s]
                seat["deals"][s] += 1
                seat["bourru"][s] += bourru[s]
                words = [m("bourru")] if bourru[s] else []
                if started["ante"][s] > min(started["ante"]):
                    words.append(m("antes", ante=started["ante"][s]))
                notes.append(m("notes_join").join(words))
            detail = m("leads", name=names[started["leader"]], pot=started["pot"])
            deals.append(deal_entry(deal, None, tricks, list(view["totals"]), notes, detail,
                                    leader=started["leader"], tricks=tricks, bourru=bourru, ante=started["ante"],
                                    pot=started["pot"]))

        walk(state, moves, start, close)
        count_wins(state, seat, "net", list(state.returns()))
        return deals, seat

    def stats_values(self, row):
        return row["games"], row["wins"], row["deals"], row["tricks"], row["bourru"], row["net"]

    def draw_target(self, state, geo, names, shapes, m):
        view = state.view(0)
        draw_standings(state, geo, shapes)
        lines = []
        for seat in range(view["players"]):
            line = m("this_deal", all=m.count("tricks_in_all", view["totals"][seat]), n=view["tricks"][seat])
            if view["bourru"][seat]:
                line += m("bourru")
            lines.append(line)
        if state.is_over():
            for seat in state.winners():
                lines[seat] += m("takes", n=view["payout"][seat])
        heading = m("bourre_heading", kind=self.title, deal=view["round"], deals=view["deals"], pot=view["pot"])
        return heading, trick_line(view, names, m), lines, view["leader"], m("mark_leads")

    def deal_words(self, paper, facts, deal):
        notes = [[] for _ in range(facts["players"])]
        least = min(deal["ante"])
        for s in range(facts["players"]):
            if deal["bourru"][s]:
                notes[s].append(paper("note_bourru"))
            if deal["ante"][s] > least:
                notes[s].append(paper("note_antes", n=deal["ante"][s]))
        detail = "%s · %s" % (paper("detail_leads", name=facts["names"][deal["leader"]]),
                              paper("detail_pot", pot=deal["pot"]))
        return notes, detail

    def sheet_options(self, m, options):
        return [m.count("deals", options["deals"]), m("stake", n=options["stake"])]


GAME = Bourre()
