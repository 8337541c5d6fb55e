"""What a stored game says, deal by deal, for every game kind: the one place the host reads games.

game_facts(game, lang="en") replays a stored game (a record with the database's fields: id, names,
started, ended) with the engine and returns a plain dict, its words (notes, detail, totals_label)
in lang, from the message tables host_tools/messages/facts_<lang>.py (host_tools.lang), a
Piccolo contract named as the device names it (host_tools.games.piccolo.told_contract):

  id; lang; record (the stored game itself); game (the engine: "bourre_score"...); kind (the game
  it plays, a name of games.GAMES: a scorekeeper game is a game of its kind);
  scorekeeper (bool); date (Unix seconds or None); options (normalised); names (one per seat:
  the game's names, J1 to J8 where none was given: seat_names); players; over (bool);
  totals_label (what the running totals count);
  deals: one dict per deal played to its end (a Tanturlurette round is a deal):
      deal (1, 2, ...), dealer (a seat, or None where the engine has no dealer), leader (the first
      to play where the game names one, else None), points (per seat: what the deal gave), totals
      (per seat: the running totals after it), notes (per seat: a few words, "" for none), detail
      (one line about the deal), and the game's own fields (its module's docstring,
      host_tools/games/<game>.py);
  winners (seats, in order: Piccolo's first winner first); returns (per seat, the engine's);
  payouts (per seat, what the pot paid at the end: Tanturlurette's tokens, La Bourre's stakes;
  None for the games of points and for a game not over); final (the standings at the end);
  seat (per seat, the kind's totals over the game: its seat_facts, and the game's own keys);
  state (the engine's, at the end).

Seats are 0-based here, as in the engine; what people read names them (seat_names) or numbers
them from 1. Only the engines' public surface is used (round, standings(), returns(),
winners(), view(seat), is_over(), current_player(), and Achéron's meld_points()), each game in
its host module's deals() (host_tools.games), which walk() and the helpers below serve, so a
change of an engine's interface is met in one place. A record that does not replay raises
engine.core.BadRecord naming the move.
"""

from engine.core import BadRecord, IllegalAction
from games import ENGINES, new_state

from host_tools.games import of_engine
from host_tools.lang import Messages
from host_tools.view import default_name, shown


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
    """The game an engine plays ("bourre_score": bourre), or None for an engine no game has."""
    found = of_engine(game)
    return None if found is None else found.name


def game_facts(game, lang="en"):
    record_game = game.get("game")
    kind = of_engine(record_game)
    if kind is None:
        raise BadRecord("no history for game %r (known: %s)" % (record_game, ", ".join(sorted(ENGINES))))
    m = Messages(lang, "facts")
    state = new_state(record_game, game.get("options"))
    players = state.seats()
    facts = {
        "id": game.get("id"), "lang": lang, "game": record_game, "kind": kind.name,
        "scorekeeper": record_game.endswith("_score"),
        "date": game.get("started") or game.get("ended"),
        "names": seat_names(game.get("names"), players), "players": players,
        "options": dict(state.options), "record": game,
    }
    facts["deals"], facts["seat"] = kind.deals(state, list(game.get("moves") or []), facts["names"], m)
    over = state.is_over()
    facts.update(over=over, final=list(state.standings()), returns=list(state.returns()),
                 winners=list(state.winners()) if over else [], state=state)
    view = state.view(0)
    facts["payouts"] = list(view["payout"]) if "payout" in view and over else None  # a pot paid out
    facts["totals_label"] = m("totals " + facts["kind"])
    return facts


def walk(state, moves, start, close, before_move=None, after_move=None):
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


def seat_counts(game, n):
    """The seat totals of a game of n seats, each of game.seat_facts at 0."""
    return {key: [0] * n for key in game.seat_facts}


def count_wins(state, seat, key, final):
    """The end of a game in the seat totals: a win to each winner, and `final` under `key`."""
    if state.is_over():
        for s in state.winners():
            seat["wins"][s] = 1
    seat[key] = final


def names_of(names, seats):
    return ", ".join(names[s] for s in seats)


def deal_entry(deal, dealer, points, totals, notes, detail, leader=None, **more):
    entry = {"deal": deal, "dealer": dealer, "leader": leader, "points": points, "totals": totals,
             "notes": notes, "detail": detail}
    entry.update(more)
    return entry


