"""Piccolo as played in Séderon, règles 1 to 14 (docs/RULES.md quotes the text rule by rule).

Four seats in the order of play: the player to the right of seat s is seat s + 1. The dealer sits
out while four are in the game; three play each deal, one (the taker) against the two others.
Cards are engine.cards integers restricted to the 32-card deck; the rank order is Manille's.

Bids are 100 + a level. Points bids are levels 26 to 70; the named contracts take the places
the text gives them: misère is level 40, piccolo 50, misère sur table 60, piccolo sur table 71 and
the générale 72, so comparing levels compares bids.
"""

from engine.cards import DECK_SIZE, card_name, suit_name
from engine.compat import const
from engine.core import (
    CHANCE,
    TERMINAL,
    BadOptions,
    BadRecord,
    GameState,
    check_known_options,
    new_from,
    option_bool,
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

GAME = "piccolo"
SEATS = const(4)

# Strength by engine.cards rank (0 = Ace ... 12 = King): 10 > A > K > Q > J > 9 > 8 > 7.
STRENGTH = b"\x06\xff\xff\xff\xff\xff\x00\x01\x02\x07\x03\x04\x05"
# Card points by rank: manille (10) 5, manillon (A) 4, K 3, Q 2, J 1.
POINTS = b"\x04\x00\x00\x00\x00\x00\x00\x00\x00\x05\x01\x02\x03"
TOTAL_POINTS = const(70)  # 60 in the cards + 1 for each of the 10 tricks

PASS = const(100)
BID = const(100)  # a bid is BID + level
TRUMP = const(200)  # naming trump: TRUMP + suit
MIN_BID = const(26)
MISERE = const(40)
PICCOLO = const(50)
MISERE_TABLE = const(60)
MAX_POINTS_BID = const(70)
PICCOLO_TABLE = const(71)
GENERALE = const(72)
# What a générale pays: règle 13's table stops at 7 (66 to 70 points: ten tricks are 70); a house
# may pay it 10.
GENERALE_PAYOFFS = (7, 10)

# Facts (engine/core.py): what the table sees, seats 0-based, worded by games/piccolo/words.py.
# The card engine records them all; the scorekeeper (piccolo_score) records the entries it is
# given (F_LEVEL, F_CONTRACT, F_THROWN) and, through Table._settle, the same results and ends.
F_BID = const(1)  # (seat, level): bid that level; level 0 is a pass
F_TRUMP = const(2)  # (seat, suit): the taker named trump
F_CONTRACT = const(3)  # (taker, level): the bidding is over, the taker plays that contract
F_THROWN = const(4)  # (next dealer): everybody passed, the cards are thrown in
F_DISCARD = const(5)  # (taker, count): put a card aside, face down (règle 9: « sans les montrer »)
F_SPREAD = const(6)  # (taker): a sur-table hand is spread face up (its cards: the taker's hand)
F_PLAY = const(7)  # (seat, card): played that card
F_TRICK = const(8)  # (seat, tricks): took the trick, its tricks this deal
F_MADE = const(9)  # (taker, level, score): the contract is made; score: points, or tricks
F_FAILED = const(10)  # (taker, level, score): the contract failed
F_PAID = const(11)  # (seats mask, payoff): règle 13, who scores and how much
F_WINNER = const(12)  # (seat): the first winner reached the target and leaves (règle 14)
F_WINNERS = const(13)  # (first, second): the game is over, its two winners in order
F_LOSERS = const(14)  # (seats mask): the two losers, who pay the coffee (P15)
F_LEVEL = const(15)  # (level): the scorekeeper was given the deal's contract, taker to come

PH_DEAL = const(0)
PH_BID = const(1)
PH_DISCARD = const(2)  # the taker has the tourne and puts two cards aside
PH_TRUMP = const(3)
PH_PLAY = const(4)
PH_OVER = const(5)
_PHASE_NAMES = ("deal", "bid", "discard", "trump", "play", "over")
TOURNE = const(255)  # deal destination of the two tourne cards
_PACKETS = (3, 3, 2, 2)

OPTION_DEFAULTS = {"players": 4, "dealer": 0, "target": 41, "generale": True, "generale_payoff": 7}
# The setup menu's rows and the default bot are in the game's descriptor (games).


def normalize_options(options=None):
    options = options or {}
    check_known_options(options, OPTION_DEFAULTS)
    return {
        "players": option_int(options, "players", SEATS, SEATS, SEATS),  # règle 1
        "dealer": option_int(options, "dealer", 0, 0, SEATS - 1),
        "target": option_int(options, "target", 41, 1, 999),
        "generale": option_bool(options, "generale", True),
        "generale_payoff": _generale_payoff(options),
    }


def _generale_payoff(options):
    value = options.get("generale_payoff", GENERALE_PAYOFFS[0])
    if type(value) is not int or value not in GENERALE_PAYOFFS:  # type(): bools and floats refused
        raise BadOptions("option generale_payoff must be 7 or 10 (7: regle 13's top line), got %r" % (value,))
    return value


def strength(card):
    return STRENGTH[card >> 2]


def card_points(cards):
    total = 0
    for c in cards:
        total += POINTS[c >> 2]
    return total


def is_contract(level):
    """The no-trump contracts, where only following suit is compulsory."""
    return level == MISERE or level == PICCOLO or level == MISERE_TABLE or level == PICCOLO_TABLE


def is_spread(level):
    return level == MISERE_TABLE or level == PICCOLO_TABLE


def is_points_bid(level):
    return MIN_BID <= level <= MAX_POINTS_BID and not is_contract(level)


def top_level(options):
    return GENERALE if options["generale"] else PICCOLO_TABLE


def valid_level(level, options):
    return MIN_BID <= level <= top_level(options)


def payoff(level, generale=GENERALE_PAYOFFS[0]):
    """Règle 13. The générale, which the table leaves out, pays its top line (7) unless the
    house pays it `generale` (option generale_payoff)."""
    if level == GENERALE:
        return generale
    if level == PICCOLO_TABLE:
        return 7
    if level <= 35:
        return 3
    if level <= 45:
        return 4
    if level <= 55:
        return 5
    if level <= 65:
        return 6
    return 7


def made(level, taker_points, taker_tricks):
    if level == MISERE or level == MISERE_TABLE:
        return taker_tricks == 0
    if level == PICCOLO or level == PICCOLO_TABLE:
        return taker_tricks == 1
    if level == GENERALE:
        return taker_tricks == 10
    return taker_points >= level


# At most 14 characters: the scorekeeper shows them after "> " on a 16-character line.
# The contracts' names, in English for logs and host tools (games/piccolo/words.py words them).
_LEVEL_NAMES = {MISERE: "misere", PICCOLO: "piccolo", MISERE_TABLE: "open misere",
                PICCOLO_TABLE: "open piccolo", GENERALE: "generale"}


def level_name(level):
    return _LEVEL_NAMES.get(level) or "%d pts" % level


class Table(GameState):
    """Scores, dealers and winners over the game: shared by the card engine and the scorekeeper."""

    def __init__(self, options=None):
        options = normalize_options(options)
        GameState.__init__(self, options)
        self.scores = [0] * SEATS
        self.out = [False] * SEATS  # winners leave the table
        self.winning_order = []  # in the order they reached the target
        self.dealer = options["dealer"]
        self.round = 0
        self.active = []  # this deal's players from the dealer's right
        self.last_result = None  # [taker, level, points, tricks, made, payoff]

    def _open_deal(self):
        self.round += 1
        active = self.active
        del active[:]
        s = self.dealer
        for _ in range(SEATS):
            s = (s + 1) % SEATS
            if not self.out[s] and (s != self.dealer or self.in_game() == 3):
                active.append(s)

    def in_game(self):
        return self.out.count(False)

    def _settle(self, taker, level, points, tricks):
        """Pay the deal (règle 13) and apply règle 14. Returns True when the game is over."""
        won = made(level, points, tricks)
        pay = payoff(level, self.options["generale_payoff"])
        scores = self.scores
        paid = 0  # the seats scoring, as a mask
        if won:
            scores[taker] += pay
            paid = 1 << taker
        else:
            for s in self.active:
                if s != taker:
                    scores[s] += pay
                    paid |= 1 << s
        self.tell(F_MADE if won else F_FAILED, taker, level, points if is_points_bid(level) else tricks)
        self.tell(F_PAID, paid, pay)
        self.last_result = [taker, level, points, tricks, won, pay]
        target = self.options["target"]
        # The seats reaching the target on this deal, in the order of play from the dealer's
        # right; only the two adversaries of a failed contract can reach it together.
        reached = [s for s in self.active if scores[s] >= target]
        if len(reached) == 2 and scores[reached[1]] > scores[reached[0]]:
            reached.reverse()  # the higher score arrives first; at equal scores, the order of play
        for s in reached:
            if len(self.winning_order) < 2:  # two winners, two losers: a third is not a winner
                self.winning_order.append(s)
                self.out[s] = True
        order = self.winning_order
        if len(order) == 2:
            self.tell(F_WINNERS, order[0], order[1])
            losers = 0
            for s in range(SEATS):
                if not self.out[s]:
                    losers |= 1 << s
            self.tell(F_LOSERS, losers)
            return True
        if reached and order:
            self.tell(F_WINNER, order[0])
        self._next_dealer()
        return False

    def _next_dealer(self):
        s = (self.dealer + 1) % SEATS
        while self.out[s]:
            s = (s + 1) % SEATS
        self.dealer = s

    def returns(self):
        if not self.is_over():
            return [0] * SEATS
        return [1 if s in self.winning_order else -1 for s in range(SEATS)]

    def seats(self):
        return SEATS

    def standings(self):
        return list(self.scores)

    def winners(self):
        """The winners so far, in the order they reached the target."""
        return list(self.winning_order)

    def target(self):
        return self.options["target"]

    def _table_dict(self):
        return {
            "scores": list(self.scores),
            "out": list(self.out),
            "winning_order": list(self.winning_order),
            "dealer": self.dealer,
            "round": self.round,
            "active": list(self.active),
            "last_result": list(self.last_result) if self.last_result else None,
        }

    def _read_table(self, data):
        self.scores = read_ints(data, "scores", SEATS, 0, 0xFFFF)
        self.out = read_bools(data, "out", SEATS)
        self.winning_order = read_ints(data, "winning_order", -1, 0, SEATS - 1)
        if [s for s in range(SEATS) if self.out[s] != (s in self.winning_order)] or \
                len(self.winning_order) > 2:
            raise BadRecord("winning_order %r does not match out %r" % (self.winning_order, self.out))
        self.dealer = read_int(data, "dealer", 0, SEATS - 1)
        self.round = read_int(data, "round", 1, 0xFFFF)
        self.active = read_ints(data, "active", 3, 0, SEATS - 1)
        if len(set(self.active)) != 3:
            raise BadRecord("active must be three different seats, got %r" % (self.active,))
        if "last_result" not in data:  # null before the first deal is scored, never missing
            raise BadRecord("last_result is missing")
        result = data["last_result"]
        if result is not None:
            if type(result) is not list or len(result) != 6 or (result[4] is not True and result[4] is not False):
                raise BadRecord("last_result must be [taker, level, points, tricks, made, payoff], got %r" % (
                    result,))
            read_ints({"last_result": result[:4] + result[5:]}, "last_result", 5, 0, 0xFFFF)
        self.last_result = result

    def _public(self):
        return {
            "players": SEATS,
            "round": self.round,
            "dealer": self.dealer,
            "active": list(self.active),
            "scores": list(self.scores),
            "out": list(self.out),
            "winners": list(self.winning_order),
            "target": self.options["target"],
            "last_result": list(self.last_result) if self.last_result else None,
        }


class State(Table):
    GAME = GAME

    def __init__(self, options=None):
        Table.__init__(self, options)
        self.stock = Stock()
        self.hands = [[] for _ in range(SEATS)]
        self.tourne = []
        self.discards = []  # the taker's two, counted for the taker
        self.won = [[] for _ in range(SEATS)]
        self.tricks = [0] * SEATS
        self.trick = []
        self.trick_seats = []
        self.last_trick = []  # the last trick taken, in this deal or, before its first, the last one's
        self.deal_to = bytearray(DECK_SIZE)  # destination of each dealt card, in dealing order
        self.dealt = 0
        self.passed = [False] * SEATS
        self.bids = []  # [seat, action] in the order spoken: public
        self.high = 0  # highest level bid so far
        self.taker = -1
        self.level = 0
        self.trump = -1
        self.spread = False
        self.counted = []  # each seat's points in the last deal played (règle 12, over its tricks)
        self.to_act = -1
        self.phase = PH_DEAL
        self._start_deal()

    # -- queries --------------------------------------------------------------------------------
    def current_player(self):
        phase = self.phase
        if phase == PH_DEAL:
            return CHANCE
        if phase == PH_OVER:
            return TERMINAL
        return self.to_act

    def legal_actions(self):
        phase = self.phase
        if phase == PH_PLAY:
            return sorted(self.playable(self.to_act))
        if phase == PH_DEAL:
            return self.stock.sorted()
        if phase == PH_BID:
            first = self.high + 1 if self.high else MIN_BID
            return [PASS] + [BID + lv for lv in range(first, top_level(self.options) + 1)]
        if phase == PH_DISCARD:
            return sorted(self.hands[self.taker])
        if phase == PH_TRUMP:
            return [TRUMP, TRUMP + 1, TRUMP + 2, TRUMP + 3]
        return []

    def is_legal(self, action):
        phase = self.phase
        if phase == PH_PLAY:
            return action in self.hands[self.to_act] and action in self.playable(self.to_act)
        if phase == PH_DEAL:
            return self.stock.has(action)
        if phase == PH_BID:
            if action == PASS:
                return True
            level = action - BID
            return level > self.high and valid_level(level, self.options)
        if phase == PH_DISCARD:
            return action in self.hands[self.taker]
        if phase == PH_TRUMP:
            return TRUMP <= action < TRUMP + 4
        return False

    def winning_index(self):
        """Index in the current trick of the card winning it so far."""
        trick = self.trick
        trump = self.trump
        best = 0
        for i in range(1, len(trick)):
            c = trick[i]
            b = trick[best]
            if c & 3 == b & 3:
                if STRENGTH[c >> 2] > STRENGTH[b >> 2]:
                    best = i
            elif c & 3 == trump:
                best = i
        return best

    def playable(self, seat):
        """Règle 11: the cards this seat may play on the current trick."""
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            return hand
        led = trick[0] & 3
        follow = [c for c in hand if c & 3 == led]
        if is_contract(self.level):
            return follow or hand  # only following suit is compulsory
        win = self.winning_index()
        best = trick[win]
        trump = self.trump
        if seat == self.taker:
            if follow:
                if best & 3 == led:  # head the trick in the suit when it can be done
                    higher = [c for c in follow if STRENGTH[c >> 2] > STRENGTH[best >> 2]]
                    return higher or follow
                return follow
            return _trump_over(hand, best, trump) or hand
        if follow:
            return follow
        if self.trick_seats[win] == self.taker:  # trump on the taker; free when the partner leads
            return _trump_over(hand, best, trump) or hand
        return hand

    def chance_count(self):
        return self.stock.size

    def chance_outcome(self, index):
        return self.stock.cards[index]

    def is_over(self):
        return self.phase == PH_OVER

    def adversaries(self):
        return [s for s in self.active if s != self.taker]

    def taker_points(self):
        return card_points(self.won[self.taker]) + card_points(self.discards) + self.tricks[self.taker]

    def action_name(self, action):
        if not isinstance(action, int):
            return repr(action)
        phase = self.phase
        if phase == PH_BID:
            return "pass" if action == PASS else "bid " + level_name(action - BID)
        if phase == PH_TRUMP:
            return "trump " + suit_name(action - TRUMP)
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
            to = self.deal_to[self.dealt]
            if to == TOURNE:
                self.tourne.append(action)
            else:
                self.hands[to].append(action)
            self.dealt += 1
            if self.stock.size == 0:
                self.phase = PH_BID
                self.to_act = self.active[0]
        elif phase == PH_BID:
            self.tell(F_BID, self.to_act, 0 if action == PASS else action - BID)
            self._bid(action)
        elif phase == PH_DISCARD:
            hand = self.hands[self.taker]
            hand.remove(action)
            self.discards.append(action)
            self.tell(F_DISCARD, self.taker, len(self.discards))
            if len(self.discards) == 2:
                if is_contract(self.level):
                    self._start_play()
                else:
                    self.phase = PH_TRUMP
        elif phase == PH_TRUMP:
            self.tell(F_TRUMP, self.taker, action - TRUMP)
            self.trump = action - TRUMP
            self._start_play()

    def _start_deal(self):
        self._open_deal()
        self.stock.fill(PIQUET_DECK)
        for s in range(SEATS):
            del self.hands[s][:]
            del self.won[s][:]
            self.tricks[s] = 0
            self.passed[s] = False
        del self.tourne[:]
        del self.discards[:]
        del self.trick[:]
        del self.trick_seats[:]
        # last_trick and counted stay: until this deal's first trick they show the deal that ended
        del self.bids[:]
        self._plan_deal()
        self.dealt = 0
        self.high = 0
        self.taker = -1
        self.level = 0
        self.trump = -1
        self.spread = False
        self.phase = PH_DEAL

    def _plan_deal(self):
        """3, 3, 2 and 2 to each player from the dealer's right; the tourne after the first packet."""
        i = 0
        for k in range(len(_PACKETS)):
            for s in self.active:
                for _ in range(_PACKETS[k]):
                    self.deal_to[i] = s
                    i += 1
            if k == 0:
                self.deal_to[i] = TOURNE
                self.deal_to[i + 1] = TOURNE
                i += 2

    def _bid(self, action):
        seat = self.to_act
        self.bids.append([seat, action])
        if action == PASS:
            self.passed[seat] = True
        else:
            self.high = action - BID
            self.taker = seat
        left = [s for s in self.active if not self.passed[s]]
        if not left:  # nobody bid: the cards are thrown in and the deal passes on
            self._next_dealer()
            self.tell(F_THROWN, self.dealer)
            self._start_deal()
            return
        if self.taker >= 0 and (len(left) == 1 or self.high == top_level(self.options)):
            self._take()
            return
        i = self.active.index(seat)
        while True:
            i = (i + 1) % len(self.active)
            if not self.passed[self.active[i]]:
                self.to_act = self.active[i]
                return

    def _take(self):
        self.level = self.high
        taker = self.taker
        self.tell(F_CONTRACT, taker, self.level)
        self.hands[taker].extend(self.tourne)  # seen by the taker alone
        del self.tourne[:]
        self.to_act = taker
        self.phase = PH_DISCARD

    def _start_play(self):
        self.phase = PH_PLAY
        self.to_act = self.active[0]

    def _play(self, card):
        seat = self.to_act
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.tell(F_PLAY, seat, card)
        if is_spread(self.level) and not self.spread:
            self.spread = True  # the hand goes on the table once the first card is played
            self.tell(F_SPREAD, self.taker)
        if len(self.trick) < len(self.active):
            i = self.active.index(seat)
            self.to_act = self.active[(i + 1) % len(self.active)]
            return
        winner = self.trick_seats[self.winning_index()]
        self.won[winner].extend(self.trick)
        self.tricks[winner] += 1
        self.tell(F_TRICK, winner, self.tricks[winner])
        self.last_trick = [[self.trick_seats[i], self.trick[i]] for i in range(len(self.trick))]
        del self.trick[:]
        del self.trick_seats[:]
        self.to_act = winner
        if self.hands[winner] and not self._contract_decided():
            return
        self._count()
        if self._settle(self.taker, self.level, self.taker_points(), self.tricks[self.taker]):
            self.phase = PH_OVER
            self.to_act = -1
        else:
            self._start_deal()

    def _count(self):
        """Règle 12 over the tricks played: card points plus one a trick, the discards to the
        taker; 70 in all when the deal went to its tenth trick, less when a contract ended early."""
        counted = [card_points(self.won[s]) + self.tricks[s] for s in range(SEATS)]
        counted[self.taker] += card_points(self.discards)
        self.counted = counted

    def _contract_decided(self):
        """A contract is over as soon as its outcome is certain; a points deal is always counted."""
        level = self.level
        taken = self.tricks[self.taker]
        if level == MISERE or level == MISERE_TABLE:
            return taken >= 1
        if level == PICCOLO or level == PICCOLO_TABLE:
            return taken >= 2
        if level == GENERALE:
            return sum(self.tricks) > taken
        return False

    # -- views ----------------------------------------------------------------------------------
    def view(self, seat):
        data = self._public()
        shown = {}
        if self.spread:
            shown[str(self.taker)] = sorted(self.hands[self.taker])
        data.update({
            "game": GAME,
            "seat": seat,
            "phase": _PHASE_NAMES[self.phase],
            "to_act": self.current_player(),
            "hand": sorted(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "spread": shown,
            "tourne": len(self.tourne),
            "discards": list(self.discards) if seat == self.taker else [],
            "bids": [list(b) for b in self.bids],
            "taker": self.taker,
            "level": self.level,
            "trump": self.trump,
            "trick": [[self.trick_seats[i], self.trick[i]] for i in range(len(self.trick))],
            "last_trick": [list(t) for t in self.last_trick],
            "tricks": list(self.tricks),
            "counted": list(self.counted),
        })
        return data

    def holder_counts(self):
        """Where the 32 cards are: hands, stock, tourne, discards, tricks taken, trick in play."""
        return (sum([len(h) for h in self.hands]), self.stock.size, len(self.tourne),
                len(self.discards), sum([len(w) for w in self.won]), len(self.trick))

    # -- serialisation --------------------------------------------------------------------------
    def to_dict(self):
        data = self._table_dict()
        data.update({
            "game": GAME,
            "options": self.options,
            "moves": list(self.moves),
            "phase": self.phase,
            "to_act": self.to_act,
            "dealt": self.dealt,
            "hands": [list(h) for h in self.hands],
            "tourne": list(self.tourne),
            "discards": list(self.discards),
            "stock": list(self.stock.cards[: self.stock.size]),  # in bag order: chance outcome i
            "won": [list(w) for w in self.won],
            "tricks": list(self.tricks),
            "trick": list(self.trick),
            "trick_seats": list(self.trick_seats),
            "last_trick": [list(t) for t in self.last_trick],
            "passed": list(self.passed),
            "bids": [list(b) for b in self.bids],
            "high": self.high,
            "taker": self.taker,
            "level": self.level,
            "trump": self.trump,
            "spread": self.spread,
            "counted": list(self.counted),
        })
        return data


def _trump_over(hand, best, trump):
    """The trumps a player must play when void: over a trump if it can, any trump otherwise.
    Empty when there is no trump, or when the trick's trump cannot be beaten (then any card)."""
    if trump < 0:
        return []
    trumps = [c for c in hand if c & 3 == trump]
    if best & 3 == trump:
        return [c for c in trumps if STRENGTH[c >> 2] > STRENGTH[best >> 2]]
    return trumps


def from_dict(data):
    """A state from to_dict() output, every field checked; BadRecord names the first wrong one."""
    state = new_from(State, data)
    state._read_table(data)
    state._plan_deal()
    state.phase = read_int(data, "phase", PH_DEAL, PH_OVER)
    state.to_act = read_int(data, "to_act", -1, SEATS - 1)
    state.dealt = read_int(data, "dealt", 0, 32)
    state.hands = read_hands(data, "hands", SEATS)
    state.tourne = read_cards(data, "tourne")
    state.discards = read_cards(data, "discards")
    stock = read_cards(data, "stock")
    state.stock.fill(stock)
    state.won = read_hands(data, "won", SEATS)
    state.tricks = read_ints(data, "tricks", SEATS, 0, 10)
    state.trick = read_cards(data, "trick")
    state.trick_seats = read_ints(data, "trick_seats", len(state.trick), 0, SEATS - 1)
    last = data.get("last_trick")
    if type(last) is not list or len(last) > 3:
        raise BadRecord("last_trick must be a list of [seat, card] pairs, got %r" % (last,))
    state.last_trick = [read_ints({"last_trick": p}, "last_trick", 2, 0, DECK_SIZE - 1) for p in last]
    state.passed = read_bools(data, "passed", SEATS)
    bids = data.get("bids")
    if type(bids) is not list:
        raise BadRecord("bids must be a list of [seat, action] pairs, got %r" % (bids,))
    state.bids = [read_ints({"bids": b}, "bids", 2, 0, BID + GENERALE) for b in bids]
    state.high = read_int(data, "high", 0, GENERALE)
    state.taker = read_int(data, "taker", -1, SEATS - 1)
    state.level = read_int(data, "level", 0, GENERALE)
    state.trump = read_int(data, "trump", -1, 3)
    spread = data.get("spread")
    if spread is not True and spread is not False:
        raise BadRecord("spread must be true or false, got %r" % (spread,))
    state.spread = spread
    state.counted = read_ints(data, "counted", -1, 0, TOTAL_POINTS)
    if len(state.counted) not in (0, SEATS):
        raise BadRecord("counted must be empty or hold 4 scores")
    places = [("the stock", stock), ("the tourne", state.tourne), ("the discards", state.discards),
              ("the trick", state.trick)]
    for s in range(SEATS):
        places.append(("hand %d" % s, state.hands[s]))
        places.append(("the tricks of %d" % s, state.won[s]))
    check_every_card_once(places)
    return state
