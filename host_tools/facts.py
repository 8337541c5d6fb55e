"""What a stored game says, deal by deal, for every game kind: the one place the host reads games.

game_facts(game, lang="en") replays a stored game (a record with the database's fields: id, names,
started, ended) with the engine and returns a plain dict, its words (notes, detail, totals_label)
in lang, from the message tables host_tools/messages/facts_<lang>.py (host_tools.lang), a
contract named as the device names it (contract_name):

  id; lang; record (the stored game itself); game (the engine: "bourre_score"...); kind (its family:
  tanturlurette, bourre, piccolo or acheron: a scorekeeper game is a game of its kind);
  scorekeeper (bool); date (Unix seconds or None); options (normalised); names (one per seat:
  the game's names, J1 to J8 where none was given: seat_names); players; over (bool);
  totals_label (what the running totals count);
  deals: one dict per deal played to its end (a Tanturlurette round is a deal):
      deal (1, 2, ...), dealer (a seat, or None where the engine has no dealer), leader (La
      Bourre's first to play, else None), points (per seat: what the deal gave), totals (per
      seat: the running totals after it), notes (per seat: a few words, "" for none), detail
      (one line about the deal), and the kind's own: Tanturlurette lost, fell, back, out (seats)
      and pot; La Bourre tricks, bourru, ante (per seat) and pot; Piccolo contract (taker, level,
      kind, made, pays, taker_points, taker_tricks; None when thrown in) and active (the seats
      that played); Achéron rows (the deal's breakdown per seat, as the engine gives it), melds
      (per seat, None at the scorekeeper), ended_by and candles (who made Chandelle);
  winners (seats, in order: Piccolo's first winner first); returns (per seat, the engine's);
  payouts (per seat, what the pot paid at the end: Tanturlurette's tokens, La Bourre's stakes;
  None for the games of points and for a game not over); final (the standings at the end);
  seat (per seat, the kind's totals over the game: SEAT_FACTS); state (the engine's, at the end).

Seats are 0-based here, as in the engine; what people read names them (seat_names) or numbers
them from 1. Only the engines' public surface is used (round, standings(), returns(),
winners(), view(seat), is_over(), current_player(), and Achéron's meld_points()), each kind in
one small function below, so a change of an engine's interface is met in one place. A record
that does not replay raises engine.core.BadRecord naming the move.
"""

from engine.core import BadRecord, IllegalAction
from games import new_state
from games.piccolo.rules import (
    GENERALE,
    MISERE,
    MISERE_TABLE,
    PICCOLO,
    PICCOLO_TABLE,
    is_points_bid,
    level_name,
)

from host_tools.lang import Messages
from host_tools.view import accented, default_name, shown

# The per-seat counts each kind's facts give in "seat", added up by name in the stats. Besides
# them, Piccolo gives "taken" and "made" (per seat, {contract kind: count}) and Achéron "melds"
# (per seat, None where the scorekeeper does not count them).
SEAT_FACTS = {
    "tanturlurette": ("wins", "falls", "reentries", "net"),
    "bourre": ("wins", "deals", "tricks", "bourru", "net"),
    "piccolo": ("first", "second", "deals", "points"),
    "acheron": ("wins", "deals", "points", "laid", "penalties", "chandelle"),
}
# Piccolo's contracts by kind, in the order of the bids: every points bid is one kind.
CONTRACT_KINDS = ("points", "misere", "piccolo", "open misere", "open piccolo", "generale")
KIND_TITLES = {"tanturlurette": "Tanturlurette", "bourre": "La Bourre", "piccolo": "Piccolo",
               "acheron": "Achéron"}


def seat_names(names, players):
    """One name per seat: the given ones, J1.. for the others; a name given twice in one game is
    told apart by its seat, so two players never merge."""
    out = []
    for seat in range(players):
        given = names[seat] if names and seat < len(names) else None
        # no control character reaches a reader: a terminal, a picture, a spreadsheet
        name = shown(given.strip()) if isinstance(given, str) else ""
        name = name or default_name(seat)
        if name in out:
            name = "%s (%s)" % (name, default_name(seat))
        out.append(name)
    return out


def kind_of(game):
    """The family of an engine's name: bourre_score is La Bourre."""
    return game.split("_")[0]


def contract_kind(level):
    return "points" if is_points_bid(level) else level_name(level)


def contract_name(lang, level):
    """A contract as the device names it in lang (games.piccolo.words: "misère", "piccolo table";
    with its accents, host_tools.view.accented), a points bid by its points."""
    from games.piccolo.words import level_name as device_level_name

    return accented(lang, device_level_name(lang, level))


def contract_kind_name(lang, kind):
    """One of CONTRACT_KINDS in lang: the device's name of the contract, "points bid" for them all."""
    if kind == "points":
        return Messages(lang, "facts")("kind points")
    return contract_name(lang, _KIND_LEVELS[kind])


def game_facts(game, lang="en"):
    record_game = game.get("game")
    facts_of = _KINDS.get(record_game)
    if facts_of is None:
        raise BadRecord("no history for game %r (known: %s)" % (record_game, ", ".join(sorted(_KINDS))))
    m = Messages(lang, "facts")
    state = new_state(record_game, game.get("options"))
    players = state.seats()
    facts = {
        "id": game.get("id"), "lang": lang, "game": record_game, "kind": kind_of(record_game),
        "scorekeeper": record_game.endswith("_score"),
        "date": game.get("started") or game.get("ended"),
        "names": seat_names(game.get("names"), players), "players": players,
        "options": dict(state.options), "record": game,
    }
    facts["deals"], facts["seat"] = facts_of(state, list(game.get("moves") or []), facts["names"], m)
    over = state.is_over()
    facts.update(over=over, final=list(state.standings()), returns=list(state.returns()),
                 winners=list(state.winners()) if over else [], state=state)
    view = state.view(0)
    facts["payouts"] = list(view["payout"]) if "payout" in view and over else None  # a pot paid out
    facts["totals_label"] = m("totals " + facts["kind"])
    return facts


def _walk(state, moves, start, close, before_move=None, after_move=None):
    """Apply the moves; start(state) when a deal begins (its return handed to close), and
    close(state, deal, started) once a deal has ended (the state then shows the next deal, or the
    end). before_move(state, move) and after_move(state, move) see every move."""
    started = start(state) if state.round >= 1 else None
    for index, move in enumerate(moves):
        deal = state.round
        if before_move is not None:
            before_move(state, move)
        problem = None
        try:
            state.apply(move)
        except IllegalAction as err:
            problem = "move %d of the record does not apply: %s" % (index, err)
        if problem:
            raise BadRecord(problem)
        if after_move is not None:
            after_move(state, move)
        if state.round != deal or state.is_over():
            if deal >= 1:
                close(state, deal, started)
            if not state.is_over():
                started = start(state)


def _seat_counts(kind, n):
    return {key: [0] * n for key in SEAT_FACTS[kind]}


def _count_wins(state, seat, key, final):
    """The end of a game in the seat totals: a win to each winner, and `final` under `key`."""
    if state.is_over():
        for s in state.winners():
            seat["wins"][s] = 1
    seat[key] = final


def _names_of(names, seats):
    return ", ".join(names[s] for s in seats)


def _deal(deal, dealer, points, totals, notes, detail, leader=None, **more):
    entry = {"deal": deal, "dealer": dealer, "leader": leader, "points": points, "totals": totals,
             "notes": notes, "detail": detail}
    entry.update(more)
    return entry


# -- Tanturlurette: a round is a deal --------------------------------------------------------------
def _tanturlurette(state, moves, names, m):
    n = len(names)
    deals = []
    seat = _seat_counts("tanturlurette", n)
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
            detail.insert(0, m("lowest", names=_names_of(names, this["lost"])))
        elif view["last_losers"] and len(live) > 1:
            detail.insert(0, m("all_tied"))
        detail = m("detail_join").join(detail)
        deals.append(_deal(deal, started["dealer"], points, list(state.standings()), notes, detail,
                           lost=list(this["lost"]), fell=list(this["fell"]), back=list(this["back"]),
                           out=gone, pot=view["pot"]))

    _walk(state, moves, start, close, after_move=after_move)
    _count_wins(state, seat, "net", list(state.returns()))
    return deals, seat


# -- La Bourre, the card game and the scorekeeper: the same accounts --------------------------------
def _bourre(state, moves, names, m):
    n = len(names)
    deals = []
    seat = _seat_counts("bourre", n)
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
        deals.append(_deal(deal, None, tricks, list(view["totals"]), notes, detail, leader=started["leader"],
                           tricks=tricks, bourru=bourru, ante=started["ante"], pot=started["pot"]))

    _walk(state, moves, start, close)
    _count_wins(state, seat, "net", list(state.returns()))
    return deals, seat


# -- Piccolo, the card game and the scorekeeper: the same table --------------------------------------
def _piccolo(state, moves, names, m):
    n = len(names)
    deals = []
    seat = _seat_counts("piccolo", n)
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
                           contract=contract_name(lang, level), tricks=taker_tricks, verdict=verdict)
            notes[taker] = m("takes", contract=contract_name(lang, level), made=outcome)
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
        deals.append(_deal(deal, started["dealer"], points, list(view["scores"]), notes, detail,
                           contract=contract, active=started["active"]))

    _walk(state, moves, start, close)
    winners = state.winners()
    for place, s in enumerate(winners):
        seat["first" if place == 0 else "second"][s] = 1
    seat["points"] = list(state.standings())
    return deals, seat


# -- Achéron, the card game and the scorekeeper ------------------------------------------------------
_PENALTIES = ("cards", "wilds", "jocrisse", "slips")  # a deal row's entries that take points off


def _acheron_seat(n, melds_known):
    seat = _seat_counts("acheron", n)
    seat["melds"] = [0 if melds_known else None] * n
    return seat


def candle_holders(rows):
    """The seats that made Chandelle (kept a personnage), from a deal's rows: each other player
    gains 5 from each holder, so the holders gained least (in "transfer" they also paid)."""
    gifts = [row["chandelle"] for row in rows]
    if not any(gifts):
        return []
    least = min(gifts)
    return [s for s, g in enumerate(gifts) if g == least]


def _acheron_row_notes(m, rows, seat, melds, crier=None, ended_by=None):
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


def _acheron(state, moves, names, m):
    n = len(names)
    deals = []
    seat = _acheron_seat(n, True)
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
        notes, candles = _acheron_row_notes(m, rows, seat, melds, last["crier"], why)
        if why == "stall":
            detail = m("ended stall", laps=state.options["stall_laps"])
        else:
            detail = m("ended " + why, name=names[last["crier"]])
        deals.append(_deal(deal, started["dealer"], list(last["totals"]), list(view["scores"]), notes, detail,
                           rows=[dict(r) for r in rows], melds=list(melds), ended_by=why, candles=candles))

    _walk(state, moves, start, close, before_move=before_move)
    _count_wins(state, seat, "points", list(state.standings()))
    return deals, seat


def _acheron_score(state, moves, names, m):
    """The scorekeeper has no dealer and counts meld points, not melds."""
    n = len(names)
    deals = []
    seat = _acheron_seat(n, False)
    entered = {}

    def start(state):
        return {}

    def before_move(state, _move):
        entered["rows"] = state.view()["deal"]  # the deal's rows once its last entry is made

    def close(state, deal, started):
        view = state.view()
        totals = list(view["deals"][-1])
        rows = entered["rows"]
        notes, candles = _acheron_row_notes(m, rows, seat, None)
        deals.append(_deal(deal, None, totals, list(view["scores"]), notes, "", rows=[dict(r) for r in rows],
                           melds=None, ended_by=None, candles=candles))

    _walk(state, moves, start, close, before_move=before_move)
    _count_wins(state, seat, "points", list(state.standings()))
    return deals, seat


_KINDS = {
    "tanturlurette": _tanturlurette,
    "bourre": _bourre,
    "bourre_score": _bourre,
    "piccolo": _piccolo,
    "piccolo_score": _piccolo,
    "acheron": _acheron,
    "acheron_score": _acheron_score,
}
# the contract a kind names (CONTRACT_KINDS but points), for its name in a language
_KIND_LEVELS = dict((level_name(level), level) for level in (MISERE, PICCOLO, MISERE_TABLE, PICCOLO_TABLE,
                                                             GENERALE))
