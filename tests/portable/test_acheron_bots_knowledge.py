"""Achéron bots choose the same move however the cards their seat cannot know are dealt out."""

from engine.core import CHANCE
from engine.rng import Rng
from games.acheron.bots import BOTS
from games.acheron.rules import PH_DEAL, PH_DRAW, State, from_dict
from support import scaled

# Every number of players and every option away from its default: the bots' branches that read
# the rules (Rouge with any reine, lone personnages, laying freely) meet hidden cards too.
GAMES = (
    {"players": 3},
    {"players": 4, "draw_from": "next", "lay": "free"},
    {"players": 5, "personnages": "alone", "rouge_queen": "any"},
    {"players": 6, "five_fee": "etoile", "jocrisse": "baiser", "chandelle": "transfer"},
    {"players": 3, "lay": "free", "personnages": "alone", "draw_from": "next"},
    {"players": 4, "rouge_queen": "any", "stall_laps": 1},
)


def what_the_seat_saw(state, seat):
    """(where in state.moves this deal's cards were dealt and drawn, the cards that came into
    seat's hand this deal), from the game replayed.

    A card that has been in the seat's hand is known to it wherever it went since: a neighbour
    who drew it from that hand holds it, and the seat saw which card left.
    """
    replayed = State(state.options)
    chance_at = []
    seen = set()
    for i in range(len(state.moves)):
        move = state.moves[i]
        if replayed.phase == PH_DEAL:
            if replayed.dealt == 0:  # a new deal: what the seat knew of the last one is public now
                chance_at = []
                seen = set()
            chance_at.append(i)
            if replayed.deal_recipient(replayed.dealt) == seat:
                seen.add(move)
        elif replayed.phase == PH_DRAW:
            chance_at.append(i)
            if replayed.seat == seat:
                seen.add(move)
        replayed.apply(move)
    return chance_at, seen


def hidden_cards_shuffled(state, seat, rng, chance_at, seen):
    """The same state as `seat` knows it, with the cards it cannot know dealt out differently.

    The moves are rewritten to match, card for card: a bot reading the record learns no more
    than one reading the hands.
    """
    data = state.to_dict()
    places = []  # (list, index) of every card the seat cannot know: other hands, the stock
    for s in range(state.n):
        if s != seat:
            hand = data["hands"][s]
            for i in range(len(hand)):
                if hand[i] not in seen:
                    places.append((hand, i))
    stock = data["stock"]
    for i in range(len(stock)):
        places.append((stock, i))
    before = [where[i] for where, i in places]
    after = list(before)
    rng.shuffle(after)
    new_card = {}
    for k in range(len(places)):
        where, i = places[k]
        where[i] = after[k]
        new_card[before[k]] = after[k]
    # the same relabelling of this deal's past keeps every other seat's own view of it whole
    moves = data["moves"]
    for i in chance_at:
        moves[i] = new_card.get(moves[i], moves[i])
    data["drawn"] = new_card.get(data["drawn"], data["drawn"])
    return from_dict(data)


def replayed_dict(data):
    state = State(data["options"])
    for move in data["moves"]:
        state.apply(move)
    return state.to_dict()


def test_the_bots_decide_only_on_what_their_seat_may_know():
    rng = Rng(41)
    names = sorted(BOTS)
    checked = differed = copies = reached = 0
    for game in range(scaled(36, 12)):
        options = dict(GAMES[game % len(GAMES)])
        options["deals"] = 2
        state = State(options)
        # mixed players, so the hands the deciding seat faces come from every style of play
        drivers = [BOTS[names[(s + game) % len(names)]]() for s in range(state.n)]
        turn = 0
        while not state.is_over():
            seat = state.current_player()
            if seat == CHANCE:
                state.apply(state.chance_outcome(rng.below(state.chance_count())))
                continue
            turn += 1
            if turn % scaled(1, 2) == 0:
                chance_at, seen = what_the_seat_saw(state, seat)
                original = state.to_dict()
                others = []
                for k in range(3):
                    other = hidden_cards_shuffled(state, seat, rng, chance_at, seen)
                    copies += 1
                    if other.hands != state.hands:
                        differed += 1
                    # the copy is not only readable: the game, replayed, deals it out exactly so
                    if k == 0 and turn % scaled(8, 10) == 0:
                        assert replayed_dict(other.to_dict()) == other.to_dict()
                        reached += 1
                    others.append(other)
                for name in names:
                    seed = rng.below(1 << 30)
                    choice = BOTS[name]().choose(state, seat, Rng(seed))
                    for other in others:
                        assert BOTS[name]().choose(other, seat, Rng(seed)) == choice, (name, seat, options)
                        checked += 1
                assert state.to_dict() == original  # asking the bots left the game as it was
            state.apply(drivers[seat].choose(state, seat, rng))
    assert checked > scaled(6000, 800), checked
    # were every card known to the seat the checks would hold trivially: most copies must differ
    assert differed > copies * 3 // 4, (differed, copies)
    assert reached > scaled(60, 12), reached
