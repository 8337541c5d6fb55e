"""La Bourre, the Occitan climbing-trick game for the pot (docs/RULES.md quotes the text rule by rule).

Seats are numbered in the order of play: the player to the right of seat s is seat s + 1.
Cards are engine.cards integers restricted to the 32-card piquet deck (7 to King and Aces).

A deal: antes, then five cards each (chance), the exchange, then climbing tricks.

The exchange goes once round the table from the leader: each seat may draw one or two cards from
the pack, then puts as many of its cards back into it, so the pack keeps its 32 - 5n cards and
every seat has its turn. Where the cards put back go is the option `putback`: "mixed" into the
pack, drawn at random like the rest (the stock bag), or "under" it, drawn only once the rest is
gone and in the order put back (a queue: a draw from it has a single outcome, its head).

On a trick everyone in turn who can play a higher card of the led suit must do so; the engine
skips the seats that cannot, so only real decisions are asked. When it comes back to the last
player to have played, that player takes the trick, unless nobody beat the lead, in which case the
lead card is dead.

Each apply() tells what the table sees (the F_* facts below, engine/core.py): the exchange by its
counts (the cards drawn are their player's: drawn_cards() and his view), each card and trick, a
dead lead, a lone player's dead cards, each deal's bourrus, the winners and the pot.
"""

from engine.cards import DECK_SIZE, card_name
from engine.compat import const
from engine.core import (
    CHANCE,
    REFUSE_NOT_NOW,
    TERMINAL,
    BadRecord,
    GameState,
    check_known_options,
    new_from,
    option_choice,
    option_int,
    read_bools,
    read_int,
    read_ints,
)
from engine.deck32 import (
    PIQUET_DECK,
    Stock,
    check_every_card_once,
    read_cards,
    read_hands,
)

GAME = "bourre"

# Card strength by engine.cards rank (0 = Ace ... 12 = King): K > Q > J > A > 10 > 9 > 8 > 7.
# 255 marks the ranks (2 to 6) the piquet deck does not have.
STRENGTH = b"\x04\xff\xff\xff\xff\xff\x00\x01\x02\x03\x05\x06\x07"
HAND_SIZE = const(5)

# Actions: 0..51 are cards (played or discarded); the exchange choices sit above them.
STAND = const(64)  # keep the hand as dealt
DRAW_ONE = const(65)
DRAW_TWO = const(66)

# Facts (engine/core.py): what the table sees, seats 0-based; games/bourre/words.py words them.
# A card drawn or put back is its player's alone: the facts give their count, never the cards.
F_EXCHANGE = const(1)  # (seat, cards): kept the hand (0) or will change 1 or 2 cards
F_PLAY = const(2)  # (seat, card, lead): played that card; lead 1 when it opens the trick
F_TRICK = const(3)  # (seat, tricks): took the trick, its tricks in the deal now
F_DEAD = const(4)  # (card): nobody beat the lead: the card is out and the next player leads
F_PUT_BACK = const(5)  # (seat, cards, under): put that many back, under the pack when under 1
F_LONE = const(6)  # (seat, cards): the one player left with cards: they are dead (B13)
F_DEAL = const(7)  # (round, bourrus mask, ante): the deal is over; the bourrus ante `ante`
#                    at the next deal, 0 after the last one (B14)
F_OVER = const(8)  # (winners mask, most tricks): the game is over; the pot goes to the winners
F_POT = const(9)  # (winners mask): the pot shared; the words read the pot and each part from
#                   the state (pot(), payout): a pot may pass a fact's 16 bits
F_ENTRY = const(10)  # scorekeeper (seat, tricks): the table entered that seat's tricks

# Why a move is refused (why_illegal: (code, args...)), beside the scorekeeper's 16..19.
R_NOT_HELD = const(20)  # (card): not in the hand of the seat to act
R_MUST_BEAT = const(21)  # (card on top): a card played must be of its suit and stronger

PH_DEAL = const(0)  # chance: five cards to each seat, one at a time from the leader
PH_EXCHANGE = const(1)  # STAND, DRAW_ONE or DRAW_TWO
PH_DRAW = const(2)  # chance: the cards drawn from the pack
PH_DISCARD = const(3)  # the player puts as many cards back into the pack
PH_PLAY = const(4)
PH_OVER = const(5)
_PHASE_NAMES = ("deal", "exchange", "draw", "discard", "play", "over")

# The options of the accounts (the card engine and the scorekeeper), then the card engine's own.
ACCOUNT_DEFAULTS = {"players": 4, "deals": 7, "stake": 1, "eldest": 0}
OPTION_DEFAULTS = {"players": 4, "deals": 7, "stake": 1, "eldest": 0, "putback": "mixed"}
PUTBACKS = ("mixed", "under")  # where the exchange puts cards back: into the pack, or under it
# The setup menu's rows and the default bot are in the game's descriptor (games).


def normalize_accounts(options, known=ACCOUNT_DEFAULTS):
    """The options every La Bourre state takes, checked; `known` names the keys allowed at all."""
    options = options or {}
    check_known_options(options, known)
    players = option_int(options, "players", 4, 2, 6)
    return {
        "players": players,
        "deals": option_int(options, "deals", 7, 1, 99),
        "stake": option_int(options, "stake", 1, 1, 1000),
        "eldest": option_int(options, "eldest", 0, 0, players - 1),
    }


def normalize_options(options=None):
    """The card engine's options: those of the accounts, and where the exchange puts cards back."""
    normal = normalize_accounts(options, OPTION_DEFAULTS)
    return {"players": normal["players"], "deals": normal["deals"], "stake": normal["stake"],
            "eldest": normal["eldest"],
            "putback": option_choice(options or {}, "putback", "mixed", PUTBACKS)}


def strength(card):
    return STRENGTH[card >> 2]


def ante(stake, bourru):
    """The bourru of the previous deal antes double."""
    return stake * 2 if bourru else stake


def share_pot(pot, totals, first):
    """The pot to the seats with most tricks; an indivisible remainder goes a unit at a time in
    the order of play from `first` (the eldest), so what was staked is exactly what is paid."""
    n = len(totals)
    best = max(totals)
    sharers = [(first + i) % n for i in range(n) if totals[(first + i) % n] == best]
    payout = [0] * n
    k = len(sharers)
    for s in sharers:
        payout[s] = pot // k
    for i in range(pot % k):
        payout[sharers[i]] += 1
    return payout


class Accounts(GameState):
    """Antes, bourrus, trick totals and the pot: shared by the card engine and the scorekeeper.
    Its subclasses pass their options normalised."""

    def __init__(self, options):
        GameState.__init__(self, options)
        n = options["players"]
        self.n = n
        self.stake = options["stake"]
        self.eldest = options["eldest"]
        self.totals = [0] * n  # tricks over all deals
        self.tricks = [0] * n  # tricks in the current deal
        self.staked = [0] * n
        self.bourru = [False] * n  # took no trick in the previous deal
        self.payout = [0] * n
        self.round = 0
        self.leader = self.eldest

    def _open_deal(self):
        self.round += 1
        # the lead passes to the right each deal
        self.leader = (self.eldest + self.round - 1) % self.n
        for s in range(self.n):
            self.staked[s] += ante(self.stake, self.bourru[s])
            self.tricks[s] = 0

    def _close_deal(self):
        """Returns True when that was the last deal and the pot has been shared. Tells the deal's
        bourrus and what they ante next, then, after the last deal, the winners and the pot."""
        bourrus = 0
        for s in range(self.n):
            self.totals[s] += self.tricks[s]
            self.bourru[s] = self.tricks[s] == 0
            if self.bourru[s]:
                bourrus |= 1 << s
        if self.round < self.options["deals"]:
            self.tell(F_DEAL, self.round, bourrus, ante(self.stake, True))
            return False
        self.tell(F_DEAL, self.round, bourrus, 0)  # no deal follows: a bourru pays nothing more
        self.payout = share_pot(self.pot(), self.totals, self.eldest)
        won = 0
        for s in range(self.n):
            if self.payout[s] > 0:
                won |= 1 << s
        self.tell(F_OVER, won, max(self.totals))
        self.tell(F_POT, won)
        return True

    def pot(self):
        return sum(self.staked)

    def returns(self):
        if not self.is_over():
            return [0] * self.n
        return [self.payout[s] - self.staked[s] for s in range(self.n)]

    def seats(self):
        return self.n

    def standings(self):
        return list(self.totals)

    def target(self):
        return None

    def winners(self):
        return [s for s in range(self.n) if self.payout[s] > 0]

    def _accounts_dict(self):
        return {
            "round": self.round,
            "leader": self.leader,
            "tricks": list(self.tricks),
            "totals": list(self.totals),
            "staked": list(self.staked),
            "bourru": list(self.bourru),
            "payout": list(self.payout),
        }

    def _read_accounts(self, data):
        n = self.n
        self.round = read_int(data, "round", 1, self.options["deals"])
        self.leader = read_int(data, "leader", 0, n - 1)
        self.tricks = read_ints(data, "tricks", n, 0, HAND_SIZE)
        self.totals = read_ints(data, "totals", n, 0, 0xFFFF)
        self.staked = read_ints(data, "staked", n, 0, 0xFFFFFF)
        self.bourru = read_bools(data, "bourru", n)
        self.payout = read_ints(data, "payout", n, 0, 0xFFFFFF)

    def _public(self):
        return {
            "players": self.n,
            "round": self.round,
            "deals": self.options["deals"],
            "leader": self.leader,
            "tricks": list(self.tricks),
            "totals": list(self.totals),
            "staked": list(self.staked),
            "bourru": list(self.bourru),
            "pot": self.pot(),
            "payout": list(self.payout),
        }


class State(Accounts):
    GAME = GAME

    def __init__(self, options=None):
        Accounts.__init__(self, normalize_options(options))
        n = self.n
        self.phase = PH_DEAL
        self.stock = Stock()  # the pack, but for the cards put back under it
        self.below = []  # the cards put back under the pack, the next to draw first
        self.hands = [[] for _ in range(n)]
        # the cards each seat put back this deal: only it knows them, now in the pack or a hand
        self.discards = [[] for _ in range(n)]
        self.won = []  # cards of the tricks taken, face up when played
        self.dead = []  # unbeaten leads, and the cards left with a lone player
        self.trick = []  # cards of the trick in progress, in the order played
        self.trick_seats = []
        self.last_trick = []
        self.last_taker = -1
        self.to_act = 0
        self.dealt = 0
        self.drawn = 0
        self.exchanged = 0  # seats that have had their turn to exchange
        self.pending = 0  # cards still to draw, then to discard
        self._start_deal()

    # -- queries --------------------------------------------------------------------------------
    def current_player(self):
        phase = self.phase
        if phase == PH_DEAL or phase == PH_DRAW:
            return CHANCE
        if phase == PH_OVER:
            return TERMINAL
        return self.to_act

    def legal_actions(self):
        phase = self.phase
        if phase == PH_PLAY:
            return self.playable(self.to_act)
        if phase == PH_DEAL or phase == PH_DRAW:
            if self.below and not self.stock.size:
                return [self.below[0]]
            return self.stock.sorted()
        if phase == PH_EXCHANGE:
            return [STAND, DRAW_ONE, DRAW_TWO][: 1 + min(self.pack_size(), 2)]
        if phase == PH_DISCARD:
            return sorted(self.hands[self.to_act])
        return []

    def is_legal(self, action):
        phase = self.phase
        if phase == PH_PLAY:
            hand = self.hands[self.to_act]
            if action not in hand:
                return False
            return not self.trick or self._beats_top(action)
        if phase == PH_DEAL or phase == PH_DRAW:
            if self.below and not self.stock.size:
                return action == self.below[0]
            return self.stock.has(action)
        if phase == PH_EXCHANGE:
            return action == STAND or ((action == DRAW_ONE or action == DRAW_TWO) and
                                       self.pack_size() >= action - STAND)
        if phase == PH_DISCARD:
            return action in self.hands[self.to_act]
        return False

    def why_illegal(self, action):
        """A card refused in the play says why: not held, or not beating the card on top."""
        why = GameState.why_illegal(self, action)
        if why != (REFUSE_NOT_NOW,) or self.phase != PH_PLAY or not 0 <= action < DECK_SIZE:
            return why  # legal, not a whole number, the game over, or not a card
        if action not in self.hands[self.to_act]:
            return (R_NOT_HELD, action)
        return (R_MUST_BEAT, self.trick[-1])

    def drawn_cards(self):
        """The cards the seat exchanging now has drawn, while it draws and puts back (only it
        knows them: the table mode shows them in its peek); [] at any other time. Read from the
        moves, the last of which at or above STAND is its choice of how many."""
        if self.phase != PH_DRAW and self.phase != PH_DISCARD:
            return []
        moves = self.moves
        at = len(moves) - 1
        while moves[at] < STAND:
            at -= 1
        return moves.between(at + 1, at + 1 + moves[at] - STAND)

    def playable(self, seat):
        hand = self.hands[seat]
        if not self.trick:
            return sorted(hand)
        return sorted([c for c in hand if self._beats_top(c)])

    def _beats_top(self, card):
        top = self.trick[-1]
        return card & 3 == top & 3 and STRENGTH[card >> 2] > STRENGTH[top >> 2]

    def pack_size(self):
        """The cards a seat may draw from: the stock, and those put back under it."""
        return self.stock.size + len(self.below)

    # Once the stock is gone, a draw takes the first card put under it: one outcome. The test
    # (`self.below and not self.stock.size`) is written out where it is needed, without a method
    # call: the deal asks it three times a card.
    def chance_count(self):
        if self.below and not self.stock.size:
            return 1
        return self.stock.size

    def chance_outcome(self, index):
        if self.below and not self.stock.size:
            return self.below[0]
        return self.stock.cards[index]

    def is_over(self):
        return self.phase == PH_OVER

    def action_name(self, action):
        if not isinstance(action, int):
            return repr(action)
        if action == STAND:
            return "stand"
        if action == DRAW_ONE:
            return "draw 1"
        if action == DRAW_TWO:
            return "draw 2"
        if 0 <= action < DECK_SIZE:
            return card_name(action)
        return str(action)

    def phase_name(self):
        return _PHASE_NAMES[self.phase]

    # -- playing --------------------------------------------------------------------------------
    def _apply(self, action):
        phase = self.phase
        if phase == PH_PLAY:
            self._play(action)
        elif phase == PH_DEAL:
            self.stock.take(action)
            self.hands[(self.leader + self.dealt) % self.n].append(action)
            self.dealt += 1
            if self.dealt == HAND_SIZE * self.n:
                self.phase = PH_EXCHANGE
                self.exchanged = 0
                self.to_act = self.leader
        elif phase == PH_EXCHANGE:
            self.tell(F_EXCHANGE, self.to_act, action - STAND)
            if action == STAND:
                self._next_exchange()
            else:
                self.pending = action - STAND
                self.phase = PH_DRAW
        elif phase == PH_DRAW:
            if self.stock.size:
                self.stock.take(action)
            else:
                del self.below[0]
            self.hands[self.to_act].append(action)
            self.drawn += 1
            if self.drawn == self.pending:
                self.drawn = 0
                self.phase = PH_DISCARD
        elif phase == PH_DISCARD:
            self.hands[self.to_act].remove(action)
            self.discards[self.to_act].append(action)
            # read here, not kept as one more attribute: on the unix port that made every deal
            # about a tenth slower (make bench, bourre_deal_random_us)
            if self.options["putback"] == "under":
                self.below.append(action)
            else:
                self.stock.put(action)
            self.pending -= 1
            if self.pending == 0:
                self.tell(F_PUT_BACK, self.to_act, len(self.discards[self.to_act]),
                          1 if self.options["putback"] == "under" else 0)
                self._next_exchange()

    def _start_deal(self):
        self._open_deal()
        self.stock.fill(PIQUET_DECK)
        del self.below[:]
        for s in range(self.n):
            del self.hands[s][:]
            del self.discards[s][:]
        del self.won[:]
        del self.dead[:]
        del self.trick[:]
        del self.trick_seats[:]
        self.dealt = 0
        self.phase = PH_DEAL

    def _next_exchange(self):
        # every seat has its turn: what is drawn goes back, so the pack keeps 32 - 5n >= 2 cards
        self.exchanged += 1
        if self.exchanged < self.n:
            self.to_act = (self.to_act + 1) % self.n
            self.phase = PH_EXCHANGE
        else:
            self.to_act = self.leader
            self.phase = PH_PLAY

    def _play(self, card):
        seat = self.to_act
        self.tell(F_PLAY, seat, card, 0 if self.trick else 1)
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        # round the table from the player after this one; the first who can beat must play
        n = self.n
        for k in range(1, n):
            other = (seat + k) % n
            for c in self.hands[other]:
                if self._beats_top(c):
                    self.to_act = other
                    return
        self._end_trick(seat)

    def _end_trick(self, last):
        n = self.n
        if len(self.trick) >= 2:
            self.tricks[last] += 1
            self.tell(F_TRICK, last, self.tricks[last])
            self.won.extend(self.trick)
            self.last_taker = last
            next_lead = last
        else:
            # nobody beat the lead: the card is removed and the next player leads
            self.tell(F_DEAD, self.trick[0])
            self.dead.append(self.trick[0])
            self.last_taker = -1
            next_lead = (last + 1) % n
        self.last_trick = list(self.trick)
        del self.trick[:]
        del self.trick_seats[:]
        holders = 0
        for s in range(n):
            if self.hands[s]:
                holders += 1
        if holders >= 2:
            while not self.hands[next_lead]:
                next_lead = (next_lead + 1) % n
            self.to_act = next_lead
            return
        for s in range(n):  # a lone player cannot make a trick: the cards are dead
            if self.hands[s]:
                self.tell(F_LONE, s, len(self.hands[s]))
            self.dead.extend(self.hands[s])
            del self.hands[s][:]
        if self._close_deal():
            self.phase = PH_OVER
        else:
            self._start_deal()

    # -- views ----------------------------------------------------------------------------------
    def view(self, seat):
        data = self._public()
        data.update({
            "game": GAME,
            "seat": seat,
            "phase": _PHASE_NAMES[self.phase],
            "to_act": self.current_player(),
            "hand": sorted(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "stock": self.pack_size(),
            "under": len(self.below),
            "discards": list(self.discards[seat]),
            "drawn": self.drawn_cards() if seat == self.to_act else [],
            "discard_counts": [len(d) for d in self.discards],
            "trick": [[self.trick_seats[i], self.trick[i]] for i in range(len(self.trick))],
            "last_trick": list(self.last_trick),
            "last_taker": self.last_taker,
            "dead": list(self.dead),
            "won": list(self.won),
        })
        return data

    def holder_counts(self):
        """Where the 32 cards are: hands, stock, under it, tricks, dead, trick on the table."""
        return (sum([len(h) for h in self.hands]), self.stock.size, len(self.below), len(self.won),
                len(self.dead), len(self.trick))

    # -- serialisation --------------------------------------------------------------------------
    def to_dict(self):
        data = self._accounts_dict()
        data.update({
            "game": GAME,
            "options": self.options,
            "moves": list(self.moves),
            "phase": self.phase,
            "to_act": self.to_act,
            "dealt": self.dealt,
            "drawn": self.drawn,
            "exchanged": self.exchanged,
            "pending": self.pending,
            "hands": [list(h) for h in self.hands],
            "discards": [list(d) for d in self.discards],
            "stock": list(self.stock.cards[: self.stock.size]),  # in bag order: chance outcome i
            "under": list(self.below),  # the next to draw first
            "won": list(self.won),
            "dead": list(self.dead),
            "trick": list(self.trick),
            "trick_seats": list(self.trick_seats),
            "last_trick": list(self.last_trick),
            "last_taker": self.last_taker,
        })
        return data


def from_dict(data):
    """A state from to_dict() output, every field checked; BadRecord names the first wrong one."""
    state = new_from(State, data)
    n = state.n
    state._read_accounts(data)
    state.phase = read_int(data, "phase", PH_DEAL, PH_OVER)
    state.to_act = read_int(data, "to_act", 0, n - 1)
    state.dealt = read_int(data, "dealt", 0, HAND_SIZE * n)
    state.drawn = read_int(data, "drawn", 0, 2)
    state.exchanged = read_int(data, "exchanged", 0, n)
    state.pending = read_int(data, "pending", 0, 2)
    state.hands = read_hands(data, "hands", n)
    state.discards = read_hands(data, "discards", n)
    stock = read_cards(data, "stock")
    state.stock.fill(stock)
    state.below = read_cards(data, "under")
    if state.below and state.options["putback"] != "under":
        raise BadRecord("under holds cards but putback is %r" % state.options["putback"])
    state.won = read_cards(data, "won")
    state.dead = read_cards(data, "dead")
    state.trick = read_cards(data, "trick")
    state.trick_seats = read_ints(data, "trick_seats", len(state.trick), 0, n - 1)
    state.last_trick = read_cards(data, "last_trick")
    state.last_taker = read_int(data, "last_taker", -1, n - 1)
    places = [("the stock", stock), ("under the stock", state.below), ("the tricks", state.won),
              ("the dead cards", state.dead), ("the trick", state.trick)]
    for s in range(n):  # the discards are back in the pack or in a hand: not a place of their own
        places.append(("hand %d" % s, state.hands[s]))
    check_every_card_once(places)
    return state


