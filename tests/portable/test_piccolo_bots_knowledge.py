"""Piccolo's bots decide only on what their seat may know: re-dealing the cards it cannot see changes nothing."""

from engine.cards import DECK_SIZE
from engine.core import CHANCE
from engine.play import play_out
from engine.rng import Rng
from games.piccolo.bots import BOTS, PlanBot, RandomPlayBot
from games.piccolo.rules import (
    BID,
    MISERE,
    MISERE_TABLE,
    PH_BID,
    PH_DISCARD,
    PH_PLAY,
    PH_TRUMP,
    PICCOLO,
    PICCOLO_TABLE,
    PIQUET_DECK,
    State,
    from_dict,
)
from support import scaled

COPIES = 3  # re-deals checked at each decision


def deal_start(data):
    """Where the current deal begins in data["moves"]: every move since is this deal's."""
    done = data["dealt"] + len(data["bids"]) + len(data["discards"]) + len(data["trick"])
    for won in data["won"]:
        done += len(won)
    if data["trump"] >= 0:
        done += 1
    return len(data["moves"]) - done


def hidden_cards_redealt(state, seat, rng):
    """The same state as `seat` knows it, with the cards it cannot see dealt out differently.

    Hidden from a seat: the other hands (but a sur-table hand once spread), the tourne until
    the taker picks it up, and the taker's discards unless the seat is the taker. Renaming those
    cards among themselves keeps each place's count, so every seat holds what it held in number;
    the discards stay the taker's own knowledge wherever they go. The deal's moves are renamed
    alike, so that the record does not give the old deal away.
    """
    data = state.to_dict()
    taker = data["taker"]
    places = []  # (list, index) of each hidden card
    for s in range(len(data["hands"])):
        if s != seat and not (data["spread"] and s == taker):
            hand = data["hands"][s]
            for i in range(len(hand)):
                places.append((hand, i))
    for key in ("tourne", "stock"):
        for i in range(len(data[key])):
            places.append((data[key], i))
    if seat != taker:
        for i in range(len(data["discards"])):
            places.append((data["discards"], i))
    old = [where[i] for where, i in places]
    new = list(old)
    rng.shuffle(new)
    renamed = {}
    differs = False
    for k in range(len(places)):
        where, i = places[k]
        where[i] = new[k]
        renamed[old[k]] = new[k]
        differs = differs or new[k] != old[k]
    moves = data["moves"]
    start = deal_start(data)
    # bots act once the deal is out, and its moves open on its 32 cards: a wrong start would
    # rename the cards of a past deal, or a bid
    assert data["dealt"] == 32 and sorted(moves[start:start + 32]) == sorted(PIQUET_DECK)
    for i in range(start, len(moves)):
        if moves[i] < DECK_SIZE and moves[i] in renamed:
            moves[i] = renamed[moves[i]]
    return from_dict(data), differs


def drive(state, seat, rng):
    """The move the game goes on with: mostly the plan bot's, with some random card play and,
    now and then, a named contract the plan bot would not bid, so that sur-table hands are spread."""
    if state.phase == PH_BID and rng.below(6) == 0:
        first = state.high + 1 if state.high else 0
        offers = [lv for lv in (MISERE, PICCOLO, MISERE_TABLE, PICCOLO_TABLE) if lv >= first]
        if offers:
            return BID + offers[rng.below(len(offers))]
    bot = RandomPlayBot() if (seat + state.round) % 3 == 0 else PlanBot()
    return bot.choose(state, seat, rng)


def test_the_bots_decide_only_on_what_their_seat_may_know():
    rng = Rng(21)
    checked = 0
    changed = 0
    phases = {}
    spread_seen = 0
    dealer_plays = 0
    for game in range(scaled(16, 8)):
        options = {"dealer": game % 4, "generale": game % 3 != 1, "target": 12 + 6 * (game % 3)}
        state = State(options)
        # a few deals first, so that some checks fall after a winner has left and the dealer plays
        play_out(state, [PlanBot() for _ in range(4)], rng, until_round=2 * (game % 4))
        last_round = state.round + scaled(2, 1)
        while not state.is_over() and state.round <= last_round:
            seat = state.current_player()
            if seat == CHANCE:
                state.apply(state.chance_outcome(rng.below(state.chance_count())))
                continue
            seed = 1 + rng.below(100000)
            for name in BOTS:
                choice = BOTS[name]().choose(state, seat, Rng(seed))
                for _ in range(COPIES):
                    other, differs = hidden_cards_redealt(state, seat, rng)
                    again = BOTS[name]().choose(other, seat, Rng(seed))
                    assert again == choice, (name, state.phase_name(), seat, choice, again)
                    checked += 1
                    changed += differs
            phases[state.phase] = phases.get(state.phase, 0) + 1
            if state.spread and seat != state.taker:
                spread_seen += 1
            if state.dealer in state.active:
                dealer_plays += 1
            state.apply(drive(state, seat, rng))
    assert checked >= scaled(6000, 2500), checked
    assert changed >= checked * 9 // 10, (changed, checked)
    for phase in (PH_BID, PH_DISCARD, PH_TRUMP, PH_PLAY):
        assert phases.get(phase, 0) >= 2, phases
    assert spread_seen > 0  # some checks kept a spread hand in place, public as it is
    assert dealer_plays > 0  # and some came after a winner left, when the dealer plays
