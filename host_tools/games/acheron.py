"""Achéron on the host (host_tools.games), the card game and the scorekeeper.

A deal's own fields (host_tools.facts): rows (the deal's breakdown per seat, as the engine gives
it), melds (per seat: melds laid; None at the scorekeeper, which counts meld points, not melds),
ended_by (how the deal ended; None at the scorekeeper) and candles (who made Chandelle). Its
totals are points; the stats count wins, deals, points (and per_deal), melds, meld points laid
(laid), penalties (points lost to cards left, wild cards, Jocrisse and naming slips) and
chandelle: the seat totals' "melds" is None a seat where the scorekeeper kept the game, and a
row's is None until a game played on the device is counted.
"""

from host_tools.board import draw_standings
from host_tools.facts import count_wins, deal_entry, seat_counts, walk
from host_tools.games import HostGame
from host_tools.lang import Messages

_PENALTIES = ("cards", "wilds", "jocrisse", "slips")  # a deal row's entries that take points off


def candle_holders(rows):
    """The seats that made Chandelle (kept a personnage), from a deal's rows: each other player
    gains 5 from each holder, so the holders gained least (in "transfer" they also paid)."""
    gifts = [row["chandelle"] for row in rows]
    if not any(gifts):
        return []
    least = min(gifts)
    return [s for s, g in enumerate(gifts) if g == least]


def _crier(deal):
    """The seat that cried Achéron or laid Grand Tombeau: the deal's notes name it by those words,
    the game's own in both languages (the facts keep no seat for it)."""
    for s, note in enumerate(deal["notes"]):
        if note.split(", ")[0] in ("Achéron", "Grand Tombeau"):
            return s
    return None


class Acheron(HostGame):
    name = "acheron"
    title = "Achéron"
    seat_facts = ("wins", "deals", "points", "laid", "penalties", "chandelle")
    order = ("wins", "points")
    columns = (("col_games", 5, "%d"), ("col_wins", 5, "%d"), ("col_deals", 5, "%d"), ("col_points", 6, "%d"),
               ("col_per_deal", 6, "%.1f"), ("col_melds", 5, "%s"), ("col_laid", 5, "%d"),
               ("col_penalty", 7, "%d"))
    panels = (("per_deal", lambda r: r["per_deal"], False),
              ("laid", lambda r: r["laid"], True),
              ("penalties", lambda r: r["penalties"], True))

    # -- facts ------------------------------------------------------------------------------------
    def deals(self, state, moves, names, m):
        if state.GAME.endswith("_score"):
            return self._kept(state, moves, names, m)
        n = len(names)
        deals = []
        seat = self._seat(n, True)
        melds = [0] * n

        def start(state):
            melds[:] = [0] * n
            return {"dealer": state.view(0)["dealer"]}

        def before_move(state, move):
            player = state.current_player()
            if player >= 0 and state.meld_points(move) > 0:  # laying a meld (an end or a slip scores 0)
                melds[player] += 1

        def close(state, deal, started):
            view = state.view(0)
            last = view["last_deal"]
            rows = last["rows"]
            why = last["ended_by"]
            notes, candles = self._row_notes(m, rows, seat, melds, last["crier"], why)
            if why == "stall":
                detail = m("ended stall", laps=state.options["stall_laps"])
            else:
                detail = m("ended " + why, name=names[last["crier"]])
            deals.append(deal_entry(deal, started["dealer"], list(last["totals"]), list(view["scores"]), notes,
                                    detail, rows=[dict(r) for r in rows], melds=list(melds), ended_by=why,
                                    candles=candles))

        walk(state, moves, start, close, before_move=before_move)
        count_wins(state, seat, "points", list(state.standings()))
        return deals, seat

    def _kept(self, state, moves, names, m):
        """The scorekeeper has no dealer and counts meld points, not melds."""
        n = len(names)
        deals = []
        seat = self._seat(n, False)
        entered = {}

        def start(state):
            return {}

        def before_move(state, _move):
            entered["rows"] = state.view()["deal"]  # the deal's rows once its last entry is made

        def close(state, deal, started):
            view = state.view()
            totals = list(view["deals"][-1])
            rows = entered["rows"]
            notes, candles = self._row_notes(m, rows, seat, None)
            deals.append(deal_entry(deal, None, totals, list(view["scores"]), notes, "",
                                    rows=[dict(r) for r in rows], melds=None, ended_by=None, candles=candles))

        walk(state, moves, start, close, before_move=before_move)
        count_wins(state, seat, "points", list(state.standings()))
        return deals, seat

    def _seat(self, n, melds_known):
        seat = seat_counts(self, n)
        seat["melds"] = [0 if melds_known else None] * n
        return seat

    @staticmethod
    def _row_notes(m, rows, seat, melds, crier=None, ended_by=None):
        """Per seat: the notes of a deal (who cried Achéron or laid Grand Tombeau, Chandelle,
        Jocrisse, naming slips), and the deal's counts added to the seat totals."""
        candles = candle_holders(rows)
        notes = []
        for s, row in enumerate(rows):
            words = []
            if s == crier:
                words.append(m("grand_tombeau" if ended_by == "grand_tombeau" else "acheron"))
            if s in candles:
                words.append(m("chandelle"))
            if row["jocrisse"]:
                words.append(m("soupir" if row["jocrisse"] <= -20 else "jocrisse"))
            if row["slips"]:
                slips = -row["slips"] // 5
                words.append(m("slip_one") if slips == 1 else m("slip_many", count=slips))
            lost = -sum(row[key] for key in _PENALTIES)
            seat["laid"][s] += row["laid"]
            seat["penalties"][s] += lost
            seat["chandelle"][s] += row["chandelle"]
            seat["deals"][s] += 1
            if melds is not None:
                seat["melds"][s] += melds[s]
            notes.append(m("notes_join").join(words))
        return notes, candles

    # -- stats ------------------------------------------------------------------------------------
    def new_row(self, row):
        row["melds"] = None  # known once a game played on the device is counted

    def add_seat(self, row, seat, s):
        if seat["melds"][s] is not None:
            row["melds"] = (row["melds"] or 0) + seat["melds"][s]

    def finish_row(self, row):
        row["per_deal"] = round(row["points"] / row["deals"], 1) if row["deals"] else 0.0

    def stats_values(self, row):
        return (row["games"], row["wins"], row["deals"], row["points"], row["per_deal"],
                "-" if row["melds"] is None else row["melds"], row["laid"], row["penalties"])

    # -- the target ---------------------------------------------------------------------------------
    def draw_target(self, state, geo, names, shapes, m):
        view = state.view(0)
        draw_standings(state, geo, shapes)
        lines = []
        for seat in range(view["players"]):
            line = m.count("cards", view["counts"][seat], points=m.count("points", view["scores"][seat]))
            if view["laid"][seat]:
                line += m("laid", n=view["laid"][seat])
            if view["names"][seat] >= 0:
                line += m("named")
            lines.append(line)
        heading = m("deal_target", kind=self.title, deal=view["round"], target=view["target"])
        melds = len(view["table"])
        second = m.count("melds", melds) if melds and not state.is_over() else ""
        return heading, second, lines, view["dealer"], m("mark_deals")

    # -- the sheet and the CSV ----------------------------------------------------------------------
    def deal_words(self, paper, facts, deal):
        notes = [[] for _ in range(facts["players"])]
        crier = _crier(deal)
        for s, row in enumerate(deal["rows"]):
            if s == crier:
                notes[s].append(paper("note_tombeau" if deal["ended_by"] == "grand_tombeau" else "note_acheron"))
            if s in deal["candles"]:
                notes[s].append(paper("note_chandelle"))
            if row["jocrisse"]:
                notes[s].append(paper("note_soupir" if row["jocrisse"] <= -20 else "note_jocrisse"))
            if row["slips"]:
                notes[s].append(paper.count("note_slips", -row["slips"] // 5))
        if deal["ended_by"] == "stall":
            detail = paper.count("detail_stall", facts["options"]["stall_laps"])
        elif deal["ended_by"] is None or crier is None:  # the scorekeeper enters points, not how
            detail = ""
        else:
            detail = paper("detail_tombeau" if deal["ended_by"] == "grand_tombeau" else "detail_acheron",
                           name=facts["names"][crier])
        return notes, detail

    def sheet_cells(self, m, facts, deal, notes):
        """The paper's words, shortened: the cell is narrow."""
        paper = Messages(m.lang, "paper")
        short = {paper("note_acheron"): m("cell_cried"), paper("note_tombeau"): m("cell_tombeau"),
                 paper("note_soupir"): m("cell_soupir"), paper("note_chandelle"): m("cell_chandelle")}
        return [self.points_cell(deal, s, ", ".join(short.get(word, word) for word in notes[s].split(", "))
                                 if notes[s] else "") for s in range(facts["players"])]


GAME = Acheron()
