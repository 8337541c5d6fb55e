"""La Bourre's bots decide alike on every deal of the cards their seat has not seen."""

from engine.core import CHANCE
from engine.play import replay
from engine.rng import Rng
from games.bourre.bots import BOTS
from games.bourre.rules import (
    PH_DEAL,
    PH_DISCARD,
    PH_EXCHANGE,
    PH_PLAY,
    PUTBACKS,
    STRENGTH,
    State,
    from_dict,
)
from support import scaled

BOT_NAMES = sorted(BOTS)
KING = 7  # the strongest strength: no card of a suit lies above it


class Deal:
    """What a re-deal needs of one deal beyond the state: where its moves start, the pack while
    its tricks are played, each seat's exchange, and what the table learnt of each hand from the
    seats passed over."""

    def __init__(self, start, players):
        self.start = start
        self.pack = None
        # exchanges[s]: (the moves then, the cards s put back, the pack just after) once s put back
        self.exchanges = [None] * players
        # highest[s][suit]: s was passed over on a card of that strength, so holds nothing of the
        # suit above it (rule B10: a seat that can beat must play)
        self.highest = [[KING] * 4 for _ in range(players)]

    def passed_over(self, seat, card):
        self.highest[seat][card & 3] = min(self.highest[seat][card & 3], STRENGTH[card >> 2])

    def may_hold(self, seat, card):
        return STRENGTH[card >> 2] <= self.highest[seat][card & 3]


def play_and_note(state, deals, action):
    """Apply a seat's action, noting in the deal its exchange and the seats passed over."""
    seat = state.to_act
    phase = state.phase
    state.apply(action)
    if phase == PH_DISCARD and (state.phase != PH_DISCARD or state.to_act != seat):
        pack = list(state.stock.cards[: state.stock.size]) + state.below
        deals[-1].exchanges[seat] = (len(state.moves), list(state.discards[seat]), pack)
    if phase != PH_PLAY or state.phase != PH_PLAY:
        return  # no card played, or the deal is over: what it showed no longer matters
    # The trick goes on at the first seat round the table that can beat; else every other seat
    # was passed over and it is taken or dead.
    after = state.to_act if state.trick else seat
    k = (seat + 1) % state.n
    while k != after:
        deals[-1].passed_over(k, action)
        k = (k + 1) % state.n


def swap_of(cards, holders, deal, rng):
    """A random swap of the cards among themselves ({card: card}) in which each card that ends in
    another seat's hand (holders: its seat, -1 for the pack) is one that seat may hold."""
    for _ in range(100):  # a dead end starts again
        pool = list(cards)
        rng.shuffle(pool)
        swap = {}
        # the most constrained hands first, so that a dead end is rare
        order = [i for i in range(len(cards)) if holders[i] >= 0]
        allowed = {}
        for i in order:
            allowed[i] = len([c for c in pool if deal.may_hold(holders[i], c)])
        order.sort(key=lambda i: allowed[i])
        for i in order:
            choices = [c for c in pool if deal.may_hold(holders[i], c)]
            if not choices:
                break
            card = choices[rng.below(len(choices))]
            pool.remove(card)
            swap[cards[i]] = card
        else:
            for i in range(len(cards)):
                if holders[i] < 0:
                    swap[cards[i]] = pool.pop()
            return swap
    raise AssertionError("no re-deal found: %r %r" % (cards, holders))


def unknown_places(state, seat):
    """The cards of the deal in progress whose place `seat` cannot see, and where each is:
    another seat's hand (its number) or the pack (-1)."""
    cards = []
    holders = []
    for s in range(state.n):
        if s != seat:
            cards.extend(state.hands[s])
            holders.extend([s] * len(state.hands[s]))
    pack = list(state.stock.cards[: state.stock.size]) + state.below
    return cards + pack, holders + [-1] * len(pack)


def relabel(moves, start, end, swap):
    for i in range(start, end):
        if moves[i] in swap:
            moves[i] = swap[moves[i]]


def hidden_cards_redealt(state, seat, deals, rng):
    """The same game as `seat` has seen it, each deal's cards it has not seen dealt differently.

    Relabelling the moves rather than the places keeps every seat's history consistent with its
    new cards, what it put back included; the replay checks that, and that the seat saw the same
    game: the same cards played, the same seats passed over, its turn now."""
    moves = list(state.moves)
    for k in range(len(deals)):
        deal = deals[k]
        exchange = deal.exchanges[seat]
        if k + 1 < len(deals):
            end = deals[k + 1].start
            # every card of a deal over was played or shown dead, but those left in the pack
            cards = list(deal.pack)
            holders = [-1] * len(cards)
            mine = exchange[1] if exchange else []
        else:
            end = len(moves)
            cards, holders = unknown_places(state, seat)
            mine = state.discards[seat]  # one card put back of two already counts
        unseen = [i for i in range(len(cards)) if cards[i] not in mine]
        swap = swap_of([cards[i] for i in unseen], [holders[i] for i in unseen], deal, rng)
        relabel(moves, deal.start, end, swap)
        if exchange and state.options["putback"] == "mixed":
            # What the seat put back was mixed into the pack: whether the seats after it drew
            # those cards or others from there is theirs to know.
            at, mine, pack = exchange
            mixed = [i for i in range(len(cards)) if cards[i] in pack]
            labels = [swap.get(cards[i], cards[i]) for i in mixed]
            relabel(moves, at, end, swap_of(labels, [holders[i] for i in mixed], deal, rng))
    other = replay({"v": 1, "game": state.GAME, "options": state.options, "moves": moves})
    assert other.view(seat) == state.view(seat), (seat, state.to_dict(), other.to_dict())
    data = other.to_dict()
    rng.shuffle(data["stock"])  # the bag order is nobody's to know
    return from_dict(data)


def hidden_places_differ(state, other, seat):
    for s in range(state.n):
        if s != seat and sorted(state.hands[s]) != sorted(other.hands[s]):
            return True
    return state.stock.sorted() != other.stock.sorted() or state.below != other.below


def test_the_bots_decide_only_on_what_their_seat_may_know():
    rng = Rng(41)
    checked = 0
    differed = 0
    copies_made = 0
    phases = {}
    for game in range(scaled(40, 10)):
        players = 2 + game * 3 % 5  # with putback alternating, ten games meet every pairing
        state = State({"players": players, "deals": 2 + game % 3 // 2, "eldest": game % players,
                       "putback": PUTBACKS[game % 2]})
        bots = [BOTS[BOT_NAMES[(s + game) % len(BOT_NAMES)]]() for s in range(players)]
        deals = []
        while not state.is_over():
            seat = state.current_player()
            if seat == CHANCE:
                if state.phase == PH_DEAL and state.dealt == 0:
                    deals.append(Deal(len(state.moves), players))
                state.apply(state.chance_outcome(rng.below(state.chance_count())))
                continue
            if state.phase == PH_PLAY and deals[-1].pack is None:
                deals[-1].pack = list(state.stock.cards[: state.stock.size]) + state.below
            if rng.below(3) == 0:
                copies = [hidden_cards_redealt(state, seat, deals, rng) for _ in range(3)]
                for other in copies:
                    copies_made += 1
                    if hidden_places_differ(state, other, seat):
                        differed += 1
                seed = rng.next32()  # each bot draws the same numbers on every copy
                for name in BOT_NAMES:
                    choice = BOTS[name]().choose(state, seat, Rng(seed))
                    for other in copies:
                        again = BOTS[name]().choose(other, seat, Rng(seed))
                        assert again == choice, (name, seat, choice, again, state.to_dict(),
                                                 other.to_dict())
                        checked += 1
                phases[state.phase] = phases.get(state.phase, 0) + 1
            play_and_note(state, deals, bots[seat].choose(state, seat, rng))
    assert checked > scaled(4000, 1000), checked
    # a re-deal that left the hidden cards where they were would pass any bot
    assert differed * 10 > copies_made * 9, (differed, copies_made)
    for phase in (PH_EXCHANGE, PH_DISCARD, PH_PLAY):
        assert phases.get(phase, 0) >= scaled(80, 20), phases
