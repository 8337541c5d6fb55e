"""Tanturlurette, the Breton game of the Coucou family (docs/RULES.md quotes the text rule by rule).

Seats are numbered in the order of play: the player to the right of seat s is the next live seat
after s. Positions count circles moved inward: 0 is the outer circle, `circles` is l'enfer.

Two modes share one state machine:
  deck   the engine deals virtual cards (chance nodes) and finds the losers itself;
  board  real cards lie on the table: the engine records the decisions and the table marks the
         losing seats (a TABLE action) after the reveal.
"""


from engine.cards import DECK_SIZE, KING, card_name
from engine.compat import const
from engine.core import (
    CHANCE,
    TABLE,
    TERMINAL,
    BadRecord,
    GameState,
    IllegalAction,
    bag_take,
    check_distinct,
    check_known_options,
    new_from,
    option_bool,
    option_choice,
    option_int,
    read_bools,
    read_int,
    read_ints,
)

GAME = "tanturlurette"

# Actions. Chance outcomes are cards (0..51) or, for the first dealer, seats.
KEEP = const(0)
SWAP = const(1)
DRAW = const(2)
TAKE = const(3)
REFUSE = const(4)
REENTER = const(5)
RETIRE = const(6)
BLOCKED = const(7)  # board mode, king_blocks: the neighbour showed a King and refused the swap
LOSERS = const(256)  # board mode: LOSERS + bitmask of the seats holding the lowest rank

_ACTION_NAMES = ("keep", "swap", "draw", "take", "refuse", "reenter", "retire", "blocked")

# Phases
PH_FIRST_DEALER = const(0)  # chance: the lot for the first dealer
PH_DEAL = const(1)  # chance: one card to each live seat
PH_SWAP = const(2)  # KEEP or SWAP (BLOCKED)
PH_KEEP_OR_DRAW = const(3)  # the last two before the dealer, then the dealer
PH_TURN_UP = const(4)  # chance: the top stock card is turned up
PH_OFFER = const(5)  # TAKE or REFUSE the turned-up card
PH_MARK = const(6)  # board mode: the table marks the losers
PH_REENTRY = const(7)  # a fallen player chooses REENTER or RETIRE
PH_OVER = const(8)

_PHASE_NAMES = ("first-dealer", "deal", "keep-or-swap", "keep-or-draw", "turn-up", "take-or-refuse",
                "mark-losers", "re-entry", "over")

_FULL_DECK = bytes(range(DECK_SIZE))  # stock[i] = i: the fresh stock, copied in at each deal
MAX_DRAWS = const(3)  # after two refusals the third card must be kept
NO_CARD = const(-1)
MIN_PLAYERS = const(4)
MAX_PLAYERS = const(8)
_NO_SEEN = bytes(MAX_PLAYERS * DECK_SIZE)  # copied over State.seen at each deal

OPTION_DEFAULTS = {
    "players": 4,
    "circles": 4,
    "reentry": True,
    "king_blocks": False,
    "mode": "deck",
    "all_tied_move": False,
}


def normalize_options(options=None):
    """Fill defaults and refuse bad values with a message naming the option."""
    options = options or {}
    check_known_options(options, OPTION_DEFAULTS)
    return {
        "players": option_int(options, "players", 4, MIN_PLAYERS, MAX_PLAYERS),
        "circles": option_int(options, "circles", 4, 2, 5),
        "reentry": option_bool(options, "reentry", True),
        "king_blocks": option_bool(options, "king_blocks", False),
        "mode": option_choice(options, "mode", "deck", ("deck", "board")),
        # The Cuckoo-family variant: when every live player holds the same rank, all move.
        "all_tied_move": option_bool(options, "all_tied_move", False),
    }


class State(GameState):
    GAME = GAME

    def __init__(self, options=None):
        options = normalize_options(options)
        GameState.__init__(self, options)
        n = options["players"]
        self.n = n
        self.circles = options["circles"]
        self.deck_mode = options["mode"] == "deck"
        self.pos = [0] * n
        self.stakes = [1] * n  # each player's first token is their first stake
        self.out = [False] * n
        self.dealer = -1
        self.round = 0
        self.phase = PH_FIRST_DEALER
        self.order = []  # live seats of this round, from the dealer's right, dealer last
        self.turn = 0  # index into order
        self.drawn = 0  # cards turned up by the current drawer
        self.offer = NO_CARD
        self.hand = [NO_CARD] * n
        # The stock as a bag: stock[:stock_len] holds the cards, stock_at[card] their index.
        self.stock = bytearray(DECK_SIZE)
        self.stock_at = bytearray(DECK_SIZE)
        self.stock_len = 0
        self.discard = bytearray(DECK_SIZE)  # discard[:discard_len]: refused and replaced cards
        self.discard_len = 0
        # seen[v * 52 + card] = 1 when seat v has legitimately seen card this round.
        # Sized for the largest table so that one shared block of zeros can clear it.
        self.seen = bytearray(MAX_PLAYERS * DECK_SIZE)
        self.fallen = []  # seats awaiting their re-entry choice
        self.last_hands = [NO_CARD] * n  # the reveal of the previous round, public
        self.last_losers = 0
        self.payout = [0] * n

    # -- queries --------------------------------------------------------------------------------
    def current_player(self):
        phase = self.phase
        if phase == PH_DEAL or phase == PH_TURN_UP or phase == PH_FIRST_DEALER:
            return CHANCE
        if phase == PH_SWAP or phase == PH_KEEP_OR_DRAW or phase == PH_OFFER:
            return self.order[self.turn]
        if phase == PH_REENTRY:
            return self.fallen[0]
        if phase == PH_MARK:
            return TABLE
        return TERMINAL

    def legal_actions(self):
        phase = self.phase
        if phase == PH_SWAP:
            if self.options["king_blocks"] and not self.deck_mode:
                return [KEEP, SWAP, BLOCKED]
            return [KEEP, SWAP]
        if phase == PH_KEEP_OR_DRAW:
            return [KEEP, DRAW]
        if phase == PH_OFFER:
            return [TAKE, REFUSE]
        if phase == PH_DEAL or phase == PH_TURN_UP:
            return sorted(self.stock[: self.stock_len])
        if phase == PH_FIRST_DEALER:
            return list(range(self.n))
        if phase == PH_REENTRY:
            return [REENTER, RETIRE]
        if phase == PH_MARK:
            live = self.live_mask()
            return [LOSERS + m for m in range(1, live + 1) if m & live == m]
        return []

    def is_legal(self, action):
        # The most frequent phases first: this runs for every move.
        phase = self.phase
        if phase == PH_DEAL or phase == PH_TURN_UP:
            if action < 0 or action >= DECK_SIZE:
                return False
            at = self.stock_at[action]
            return at < self.stock_len and self.stock[at] == action
        if phase == PH_SWAP:
            return action == KEEP or action == SWAP or (
                action == BLOCKED and self.options["king_blocks"] and not self.deck_mode)
        if phase == PH_KEEP_OR_DRAW:
            return action == KEEP or action == DRAW
        if phase == PH_OFFER:
            return action == TAKE or action == REFUSE
        if phase == PH_FIRST_DEALER:
            return 0 <= action < self.n
        if phase == PH_REENTRY:
            return action == REENTER or action == RETIRE
        if phase == PH_MARK:
            mask = action - LOSERS
            return mask > 0 and mask & self.live_mask() == mask
        return False

    def chance_count(self):
        if self.phase == PH_FIRST_DEALER:
            return self.n
        return self.stock_len

    def chance_outcome(self, index):
        if self.phase == PH_FIRST_DEALER:
            return index
        return self.stock[index]

    def live_mask(self):
        mask = 0
        for s in range(self.n):
            if not self.out[s]:
                mask |= 1 << s
        return mask

    def live_count(self):
        return self.out.count(False)

    def pot(self):
        return sum(self.stakes)

    def returns(self):
        """Stakes won minus stakes paid, per seat; zero for everyone until the game is over."""
        if self.phase != PH_OVER:
            return [0] * self.n
        return [self.payout[s] - self.stakes[s] for s in range(self.n)]

    def standings(self):
        """Per seat, the circles still to go before l'enfer; 0 once the seat is out."""
        circles = self.circles
        return [0 if self.out[s] else circles - self.pos[s] for s in range(self.n)]

    def target(self):
        """Tanturlurette has no score to reach: the last player standing wins."""
        return None

    def winners(self):
        return [s for s in range(self.n) if self.payout[s] > 0]

    def role(self, seat):
        """'swap', 'draw' or 'dealer': what this seat does in the current round."""
        order = self.order
        if seat not in order:
            return ""
        i = order.index(seat)
        m = len(order)
        if i == m - 1:
            return "dealer"
        return "draw" if i >= m - 3 else "swap"

    def card_seen_by(self, viewer, card):
        return self.seen[viewer * DECK_SIZE + card] == 1

    def own_card(self, seat):
        return self.hand[seat]

    def right_of(self, seat):
        """The next live seat in the order of play."""
        n = self.n
        s = (seat + 1) % n
        while self.out[s]:
            s = (s + 1) % n
        return s

    def action_name(self, action):
        if not isinstance(action, int):
            return repr(action)
        phase = self.phase
        if phase == PH_DEAL or phase == PH_TURN_UP:
            return "card " + card_name(action)
        if phase == PH_FIRST_DEALER:
            return "dealer seat %d" % action
        if action >= LOSERS:
            mask = action - LOSERS
            return "losers " + ",".join([str(s) for s in range(self.n) if mask >> s & 1])
        if 0 <= action < len(_ACTION_NAMES):
            return _ACTION_NAMES[action]
        return str(action)

    def phase_name(self):
        return _PHASE_NAMES[self.phase]

    # -- playing --------------------------------------------------------------------------------
    def _apply(self, action):
        phase = self.phase
        if phase == PH_DEAL:
            self._deal_card(action)
        elif phase == PH_SWAP:
            self._swap(action)
        elif phase == PH_KEEP_OR_DRAW:
            if action == KEEP:
                self._next_turn()
            elif self.deck_mode:
                self.phase = PH_TURN_UP
            else:
                self.drawn = 1
                self.phase = PH_OFFER
        elif phase == PH_TURN_UP:
            self._turn_up(action)
        elif phase == PH_OFFER:
            self._take_or_refuse(action)
        elif phase == PH_MARK:
            self._reveal(action - LOSERS)
        elif phase == PH_REENTRY:
            self._reentry(action)
        elif phase == PH_FIRST_DEALER:
            self.dealer = action
            self._start_round()

    def _start_round(self):
        # The order list is rewritten in place: a round allocates nothing unless a seat has left.
        order = self.order
        dealer = self.dealer
        m = 0
        s = dealer
        while True:
            s = self.right_of(s)
            if m < len(order):
                order[m] = s
            else:
                order.append(s)
            m += 1
            if s == dealer:
                break
        while len(order) > m:  # a seat has left; pop() allocates nothing, del order[m:] would
            order.pop()
        self.round += 1
        self.turn = 0
        self.drawn = 0
        self.offer = NO_CARD
        if self.deck_mode:
            self.stock[:] = _FULL_DECK
            self.stock_at[:] = _FULL_DECK
            self.stock_len = DECK_SIZE
            hand = self.hand
            for s in range(self.n):
                hand[s] = NO_CARD
            self.discard_len = 0
            self.seen[:] = _NO_SEEN
            self.phase = PH_DEAL
        else:
            self._begin_decisions()

    def _begin_decisions(self):
        self.turn = 0
        self.phase = PH_SWAP if len(self.order) > 3 else PH_KEEP_OR_DRAW

    def _next_turn(self):
        self.turn += 1
        self.drawn = 0
        self.offer = NO_CARD
        m = len(self.order)
        if self.turn >= m:
            if self.deck_mode:
                self._reveal(self._lowest_mask())
            else:
                self.phase = PH_MARK
        elif self.turn >= m - 3:
            self.phase = PH_KEEP_OR_DRAW
        else:
            self.phase = PH_SWAP

    def _take_from_stock(self, card):
        self.stock_len = bag_take(self.stock, self.stock_at, self.stock_len, card)

    def _see(self, seat, card):
        self.seen[seat * DECK_SIZE + card] = 1

    def _show_all(self, card):
        seen = self.seen
        for v in range(self.n):
            seen[v * DECK_SIZE + card] = 1

    def deal_seat(self):
        """The seat the next dealt card goes to (PH_DEAL), or -1.

        The text deals "dans le sens des aiguilles d'une montre": clockwise, which for players
        facing the centre is towards the dealer's left, against the order of play; dealer last.
        """
        if self.phase != PH_DEAL:
            return -1
        m = len(self.order)
        return self.order[(m - 2 - self.turn) % m]

    def deal_fixed(self, cards):
        """Deal known cards: cards[seat] to each live seat (entries of eliminated seats ignored).

        For tests and for entering a real deal. Every card is checked before the first is
        dealt, so a bad list raises IllegalAction and leaves the state unchanged. The moves
        recorded are the same as a random deal's: one outcome per card, in deal order.
        """
        if self.phase != PH_DEAL or self.turn != 0:
            raise IllegalAction(self, -1, "a fixed deal starts a round's deal")
        if len(cards) != self.n:
            raise IllegalAction(self, -1, "a fixed deal has one card per seat, %d given for %d seats"
                                % (len(cards), self.n))
        live = [cards[s] for s in self.order]
        for card in live:
            if type(card) is not int or not self.is_legal(card) or live.count(card) > 1:
                raise IllegalAction(self, card, "each live seat needs a different card from the stock")
        while self.phase == PH_DEAL:
            self.apply(cards[self.deal_seat()])

    def _deal_card(self, card):
        # core.bag_take, inlined: dealing is the most frequent move
        stock = self.stock
        stock_at = self.stock_at
        at = stock_at[card]
        last = self.stock_len - 1
        moved = stock[last]
        stock[at] = moved
        stock_at[moved] = at
        stock[last] = card
        stock_at[card] = last
        self.stock_len = last
        order = self.order
        m = len(order)
        turn = self.turn
        seat = order[(m - 2 - turn) % m]  # as deal_seat(), inlined: the hot path
        self.hand[seat] = card
        self.seen[seat * DECK_SIZE + card] = 1
        turn += 1
        self.turn = turn
        if turn == m:
            self._begin_decisions()

    def _swap(self, action):
        if action == KEEP:
            self._next_turn()
            return
        seat = self.order[self.turn]
        neighbour = self.order[self.turn + 1]
        if self.deck_mode:
            theirs = self.hand[neighbour]
            if self.options["king_blocks"] and theirs >> 2 == KING:
                self._show_all(theirs)  # the King is shown and the exchange refused
            else:
                mine = self.hand[seat]
                self.hand[seat] = theirs
                self.hand[neighbour] = mine
                self._see(seat, theirs)
                self._see(neighbour, mine)
        self._next_turn()

    def _turn_up(self, card):
        self._take_from_stock(card)
        seat = self.order[self.turn]
        self.drawn += 1
        if self.turn == len(self.order) - 1:
            self._show_all(card)  # the dealer turns his cards up for everyone
        else:
            self._see(seat, card)
        if self.drawn == MAX_DRAWS:
            self._keep_offer(seat, card)
            self._next_turn()
        else:
            self.offer = card
            self.phase = PH_OFFER

    def _to_discard(self, card):
        self.discard[self.discard_len] = card
        self.discard_len += 1

    def _keep_offer(self, seat, card):
        self._to_discard(self.hand[seat])
        self.hand[seat] = card

    def _take_or_refuse(self, action):
        seat = self.order[self.turn]
        if action == TAKE:
            if self.deck_mode:
                self._keep_offer(seat, self.offer)
            self._next_turn()
            return
        if self.deck_mode:
            self._to_discard(self.offer)
            self.offer = NO_CARD
            self.phase = PH_TURN_UP
        else:
            self.drawn += 1
            if self.drawn == MAX_DRAWS:  # the third card is kept without a choice
                self._next_turn()

    def _lowest_mask(self):
        hand = self.hand
        low = 99
        for s in self.order:
            r = hand[s] >> 2
            if r < low:
                low = r
        mask = 0
        for s in self.order:
            if hand[s] >> 2 == low:
                mask |= 1 << s
        return mask

    def _reveal(self, losers):
        n = self.n
        last = self.last_hands
        for s in range(n):
            last[s] = self.hand[s]
        self.last_losers = losers
        if losers == self.live_mask() and not self.options["all_tied_move"]:
            losers = 0  # every live player holds the same rank: nobody moves (French Coucou)
        circles = self.circles
        pos = self.pos
        fallen = self.fallen
        for s in self.order:
            if losers >> s & 1:
                pos[s] += 1
                if pos[s] >= circles:
                    fallen.append(s)
        if fallen:
            can_reenter = False
            if self.options["reentry"]:
                for s in self.order:
                    if pos[s] == 0:
                        can_reenter = True
                        break
            if can_reenter:
                self.phase = PH_REENTRY
                return
            for s in fallen:
                self.out[s] = True
        self._end_round()

    def _reentry(self, action):
        seat = self.fallen.pop(0)
        if action == REENTER:
            self.pos[seat] = 0
            self.stakes[seat] += 1
        else:
            self.out[seat] = True
        if not self.fallen:
            self._end_round()

    def _end_round(self):
        order = self.order
        out = self.out
        live = 0
        for s in order:
            if not out[s]:
                live += 1
        if live >= 2:
            self.fallen.clear()
            self.dealer = self.right_of(self.dealer)
            self._start_round()
            return
        self._pay_last_players(live)

    def _pay_last_players(self, live):
        # Kept apart from _end_round: its comprehensions would make _end_round allocate closure
        # cells on every call under MicroPython.
        if live == 1:
            self._pay([s for s in self.order if not self.out[s]])
            return
        # Nobody left: those who fell this round and did not come back share the pot. Only the
        # all_tied_move variant gets here: by default all the same rank means nobody moves.
        self._pay([s for s in self.order if self.pos[s] >= self.circles])

    def _pay(self, sharers):
        pot = self.pot()
        k = len(sharers)
        for s in sharers:
            self.payout[s] = pot // k
        # An indivisible remainder goes a token at a time in the order of play.
        for i in range(pot % k):
            self.payout[sharers[i]] += 1
        self.fallen.clear()
        self.phase = PH_OVER

    # -- views ----------------------------------------------------------------------------------
    def view(self, seat):
        """What seat may know: public facts, its own card and the cards it has seen this round."""
        n = self.n
        seen = []
        if self.deck_mode:
            base = seat * DECK_SIZE
            for c in range(DECK_SIZE):
                if self.seen[base + c]:
                    seen.append([c, self.holder(c)])
        player = self.current_player()
        return {
            "game": GAME,
            "seat": seat,
            "players": n,
            "mode": self.options["mode"],
            "round": self.round,
            "phase": _PHASE_NAMES[self.phase],
            "dealer": self.dealer,
            "to_act": player,
            "pos": list(self.pos),
            "out": list(self.out),
            "stakes": list(self.stakes),
            "pot": self.pot(),
            "card": self.hand[seat] if self.deck_mode else NO_CARD,
            # the offered card is the drawer's secret, except the dealer's, which all see
            "offer": self.offer if player == seat or self.turn == len(self.order) - 1 else NO_CARD,
            "seen": seen,
            "last_hands": list(self.last_hands),
            "last_losers": self.last_losers,
            "payout": list(self.payout),
        }

    def holder(self, card):
        """Where a card is now: a seat, -1 the discard pile, -2 the stock, -3 being offered."""
        if card == self.offer:
            return -3
        for s in range(self.n):
            if self.hand[s] == card:
                return s
        discard = self.discard
        for i in range(self.discard_len):
            if discard[i] == card:
                return -1
        return -2

    # -- serialisation --------------------------------------------------------------------------
    def to_dict(self):
        """The whole state as compact JSON-able data (docs/FORMATS.md); from_dict reverses it."""
        seen = self.seen
        seen_lists = []
        for v in range(self.n):
            base = v * DECK_SIZE
            seen_lists.append([c for c in range(DECK_SIZE) if seen[base + c]])
        return {
            "game": GAME,
            "options": self.options,
            "moves": list(self.moves),
            "pos": list(self.pos),
            "stakes": list(self.stakes),
            "out": list(self.out),
            "dealer": self.dealer,
            "round": self.round,
            "phase": self.phase,
            "order": list(self.order),
            "turn": self.turn,
            "drawn": self.drawn,
            "offer": self.offer,
            "hand": list(self.hand),
            "stock": list(self.stock[: self.stock_len]),  # in order: chance outcome i is stock[i]
            "discard": list(self.discard[: self.discard_len]),
            "seen": seen_lists,
            "fallen": list(self.fallen),
            "last_hands": list(self.last_hands),
            "last_losers": self.last_losers,
            "payout": list(self.payout),
        }


def from_dict(data):
    """Rebuild a state from to_dict() output, refusing anything that does not add up.

    Raises BadRecord naming the first field that is wrong; nothing half-built escapes.
    """
    state = new_from(State, data)
    n = state.n
    state.pos = read_ints(data, "pos", n, 0, state.circles)
    state.stakes = read_ints(data, "stakes", n, 1, 0xFFFF)
    state.payout = read_ints(data, "payout", n, 0, 0xFFFF)
    state.hand = read_ints(data, "hand", n, NO_CARD, DECK_SIZE - 1)
    state.last_hands = read_ints(data, "last_hands", n, NO_CARD, DECK_SIZE - 1)
    state.out = read_bools(data, "out", n)
    state.dealer = read_int(data, "dealer", -1, n - 1)
    state.round = read_int(data, "round", 0, 0xFFFF)
    state.phase = read_int(data, "phase", PH_FIRST_DEALER, PH_OVER)
    state.order = read_ints(data, "order", -1, 0, n - 1)
    check_distinct("order", state.order)
    state.turn = read_int(data, "turn", 0, len(state.order))
    state.drawn = read_int(data, "drawn", 0, MAX_DRAWS)
    state.offer = read_int(data, "offer", NO_CARD, DECK_SIZE - 1)
    state.last_losers = read_int(data, "last_losers", 0, (1 << n) - 1)
    state.fallen = read_ints(data, "fallen", -1, 0, n - 1)
    check_distinct("fallen", state.fallen)
    stock = read_ints(data, "stock", -1, 0, DECK_SIZE - 1)
    discard = read_ints(data, "discard", -1, 0, DECK_SIZE - 1)
    seen = data.get("seen")
    if type(seen) is not list or len(seen) != n:
        raise BadRecord("seen must hold one list of cards per seat")
    for v in range(n):
        for c in read_ints({"seen": seen[v]}, "seen", -1, 0, DECK_SIZE - 1):
            state.seen[v * DECK_SIZE + c] = 1
    cards = [c for c in state.hand if c != NO_CARD] + stock + discard
    if state.offer != NO_CARD:
        cards.append(state.offer)
    check_distinct("the cards (hands, stock, discard, offer)", cards)
    if state.deck_mode and state.round > 0 and len(cards) != DECK_SIZE:
        raise BadRecord("the hands, stock, discard and offer hold %d cards, not %d" % (len(cards), DECK_SIZE))
    # The stock keeps its order (outcome i is stock[i]); the cards already out of it follow.
    for i in range(len(stock)):
        state.stock[i] = stock[i]
        state.stock_at[stock[i]] = i
    i = len(stock)
    for c in range(DECK_SIZE):
        if c not in stock:
            state.stock[i] = c
            state.stock_at[c] = i
            i += 1
    state.stock_len = len(stock)
    for i in range(len(discard)):
        state.discard[i] = discard[i]
    state.discard_len = len(discard)
    return state


__all__ = ["State", "from_dict", "normalize_options", "IllegalAction"]
