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
    bag_restore,
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

_ACTION_NAMES = "keep swap draw take refuse reenter retire blocked".split()

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

# Facts (engine/core.py): what apply() tells the table, with its int arguments; seats 0-based.
F_DEALER = const(1)  # (seat): the lot made seat the first dealer
F_KEEP = const(2)  # (seat): kept its card
F_SWAP = const(3)  # (seat, neighbour): swapped with the right-hand neighbour
F_BLOCKED = const(4)  # (seat, neighbour): the neighbour showed a King and refused the swap
F_DRAW = const(5)  # (seat): drew from the stock
F_TURNED_UP = const(6)  # (seat, card): the dealer turned a stock card up for everyone
F_TAKE = const(7)  # (seat): took the card drawn
F_REFUSE = const(8)  # (seat): refused it
F_THIRD = const(9)  # (seat): the third card drawn, kept without a choice
F_REVEAL = const(10)  # (round, losers mask, moved): the round's cards are shown; moved 0 when all tied stay
F_FELL = const(11)  # (mask): these seats' tokens reached l'enfer
F_REENTER = const(12)  # (seat, stakes): came back from l'enfer, staking again
F_RETIRE = const(13)  # (seat): retired from l'enfer
F_OUT = const(14)  # (mask): these seats are out of the game
F_OVER = const(15)  # (winners mask, pot): the game is over

_PHASE_NAMES = ("first-dealer deal keep-or-swap keep-or-draw turn-up take-or-refuse mark-losers re-entry "
                "over").split()

# A player's choices in each phase, the first keeping what the seat has (its card, its token), the
# second changing it; the chance and table phases compute theirs.
CHOICES = ((), (), (KEEP, SWAP), (KEEP, DRAW), (), (TAKE, REFUSE), (), (REENTER, RETIRE), ())

_FULL_DECK = bytes(range(DECK_SIZE))  # stock[i] = i: the fresh stock, copied in at each deal
_MAX_DRAWS = const(3)  # after two refusals the third card must be kept
_NO_CARD = const(-1)
_MAX_PLAYERS = const(8)
_NO_SEEN = bytes(_MAX_PLAYERS * DECK_SIZE)  # copied over State.seen at each deal

OPTION_DEFAULTS = {
    "players": 4,
    "circles": 4,
    "reentry": True,
    "king_blocks": False,
    "mode": "deck",
    "all_tied_move": False,
    "reentry_cap": 0,
}
_MAX_REENTRY_CAP = const(9)


def normalize_options(options=None):
    """Fill defaults and refuse bad values with a message naming the option."""
    options = options or {}
    check_known_options(options, OPTION_DEFAULTS)
    return {
        "players": option_int(options, "players", 4, 4, _MAX_PLAYERS),
        "circles": option_int(options, "circles", 4, 2, 5),
        "reentry": option_bool(options, "reentry", True),
        "king_blocks": option_bool(options, "king_blocks", False),
        "mode": option_choice(options, "mode", "deck", ("deck", "board")),
        # The Cuckoo-family variant: when every live player holds the same rank, all move.
        "all_tied_move": option_bool(options, "all_tied_move", False),
        # A house cap on each player's re-entries in a game; 0, the text's, is none.
        "reentry_cap": option_int(options, "reentry_cap", 0, 0, _MAX_REENTRY_CAP),
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
        self.choices = CHOICES
        if options["king_blocks"] and not self.deck_mode:
            # board mode: the neighbour's King, shown, is an action of its own
            self.choices = CHOICES[:PH_SWAP] + ((KEEP, SWAP, BLOCKED),) + CHOICES[PH_SWAP + 1:]
        self.pos = [0] * n
        self.stakes = [1] * n  # each player's first token is their first stake
        self.out = [False] * n
        self.dealer = -1
        self.round = 0
        self.phase = PH_FIRST_DEALER
        self.order = []  # live seats of this round, from the dealer's right, dealer last
        self.turn = 0  # index into order
        self.drawn = 0  # cards turned up by the current drawer
        self.offer = _NO_CARD
        self.hand = [_NO_CARD] * n
        # The stock as a bag: stock[:stock_len] holds the cards, stock_at[card] their index.
        self.stock = bytearray(DECK_SIZE)
        self.stock_at = bytearray(DECK_SIZE)
        self.stock_len = 0
        self.discard = bytearray(DECK_SIZE)  # discard[:discard_len]: refused and replaced cards
        self.discard_len = 0
        # seen[v * 52 + card] = 1 when seat v has legitimately seen card this round.
        # Sized for the largest table so that one shared block of zeros can clear it.
        self.seen = bytearray(_MAX_PLAYERS * DECK_SIZE)
        self.fallen = []  # seats awaiting their re-entry choice
        self.last_hands = [_NO_CARD] * n  # the reveal of the previous round, public
        self.last_losers = 0
        self.payout = [0] * n

    # -- queries --------------------------------------------------------------------------------
    def current_player(self):
        phase = self.phase
        if phase == PH_DEAL or phase == PH_TURN_UP or phase == PH_FIRST_DEALER:
            return CHANCE
        if phase == PH_REENTRY:
            return self.fallen[0]
        if phase == PH_MARK:
            return TABLE
        if phase == PH_OVER:
            return TERMINAL
        return self.order[self.turn]

    def legal_actions(self):
        phase = self.phase
        if phase == PH_DEAL or phase == PH_TURN_UP:
            return sorted(self.stock[: self.stock_len])
        if phase == PH_FIRST_DEALER:
            return list(range(self.n))
        if phase == PH_MARK:
            live = self.live_mask()
            marks = []  # every non-empty set of live seats
            for m in range(1, live + 1):
                if m & live == m:
                    marks.append(LOSERS + m)
            return marks
        return list(self.choices[phase])

    def is_legal(self, action):
        # The most frequent phase first: this runs for every move.
        phase = self.phase
        if phase == PH_DEAL or phase == PH_TURN_UP:
            if action < 0 or action >= DECK_SIZE:
                return False
            at = self.stock_at[action]
            return at < self.stock_len and self.stock[at] == action
        if phase == PH_FIRST_DEALER:
            return 0 <= action < self.n
        if phase == PH_MARK:
            mask = action - LOSERS
            return mask > 0 and mask & self.live_mask() == mask
        return action in self.choices[phase]

    def chance_count(self):
        return self.n if self.phase == PH_FIRST_DEALER else self.stock_len

    def chance_outcome(self, index):
        return index if self.phase == PH_FIRST_DEALER else self.stock[index]

    def live_mask(self):
        mask = 0
        for s in range(self.n):
            if not self.out[s]:
                mask |= 1 << s
        return mask

    def pot(self):
        return sum(self.stakes)

    def reentries(self, seat):
        """How many times seat has come back from l'enfer: each re-entry is a stake more."""
        return self.stakes[seat] - 1

    def returns(self):
        """Stakes won minus stakes paid, per seat; zero for everyone until the game is over."""
        result = [0] * self.n
        if self.phase == PH_OVER:
            for s in range(self.n):
                result[s] = self.payout[s] - self.stakes[s]
        return result

    def seats(self):
        return self.n

    def round_summary(self):
        """The round's reveal (every card, the losers) and where it left the tokens and stakes."""
        return {"last_losers": self.last_losers, "last_hands": list(self.last_hands), "pos": list(self.pos),
                "stakes": list(self.stakes), "out": list(self.out)}

    def standings(self):
        """Per seat, the circles still to go before l'enfer; 0 once the seat is out."""
        left = []
        for s in range(self.n):
            left.append(0 if self.out[s] else self.circles - self.pos[s])
        return left

    def target(self):
        """Tanturlurette has no score to reach: the last player standing wins."""
        return None

    def winners(self):
        won = []
        for s in range(self.n):
            if self.payout[s] > 0:
                won.append(s)
        return won

    def role(self, seat):
        """'swap', 'draw' or 'dealer': what this seat does in the current round."""
        order = self.order
        if seat not in order:
            return ""
        after = len(order) - 1 - order.index(seat)  # the seats that play after it
        return "swap" if after > 2 else "draw" if after else "dealer"

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
            seats = []
            for s in range(self.n):
                if (action - LOSERS) >> s & 1:
                    seats.append(str(s))
            return "losers " + ",".join(seats)
        return _ACTION_NAMES[action] if 0 <= action < len(_ACTION_NAMES) else str(action)

    def phase_name(self):
        return _PHASE_NAMES[self.phase]

    # -- playing --------------------------------------------------------------------------------
    def _apply(self, action):
        phase = self.phase
        turn = self.turn
        if phase == PH_DEAL:
            self._deal_card(action)
        elif phase == PH_SWAP:
            seat = self.order[turn]
            neighbour = self.order[turn + 1]
            if action == KEEP:
                self.tell(F_KEEP, seat)
            elif action == BLOCKED:
                self.tell(F_BLOCKED, seat, neighbour)
            elif not self.deck_mode or self._exchange(seat, neighbour):
                self.tell(F_SWAP, seat, neighbour)
            else:
                self.tell(F_BLOCKED, seat, neighbour)
            self._to_turn(turn + 1)
        elif phase == PH_KEEP_OR_DRAW:
            self.tell(F_KEEP if action == KEEP else F_DRAW, self.order[turn])
            if action == KEEP:
                self._to_turn(turn + 1)
            elif self.deck_mode:
                self.phase = PH_TURN_UP
            else:
                self.drawn = 1
                self.phase = PH_OFFER
        elif phase == PH_TURN_UP:
            self.stock_len = bag_take(self.stock, self.stock_at, self.stock_len, action)
            seat = self.order[turn]
            self.drawn += 1
            if turn == len(self.order) - 1:
                self._show_all(action)  # the dealer turns his cards up for everyone
                self.tell(F_TURNED_UP, seat, action)
            else:
                self.seen[seat * DECK_SIZE + action] = 1
            if self.drawn == _MAX_DRAWS:  # the third card is kept without a choice
                self.tell(F_THIRD, seat)
                self._keep(seat, action)
            else:
                self.offer = action
                self.phase = PH_OFFER
        elif phase == PH_OFFER:
            seat = self.order[turn]
            self.tell(F_TAKE if action == TAKE else F_REFUSE, seat)
            if not self.deck_mode and action == REFUSE and self.drawn + 1 == _MAX_DRAWS:
                self.tell(F_THIRD, seat)
            if not self.deck_mode:
                if action == REFUSE:
                    self.drawn += 1
                if action == TAKE or self.drawn == _MAX_DRAWS:  # the third card is kept
                    self._to_turn(turn + 1)
            elif action == TAKE:
                self._keep(self.order[turn], self.offer)
            else:
                self.discard[self.discard_len] = self.offer
                self.discard_len += 1
                self.offer = _NO_CARD
                self.phase = PH_TURN_UP
        elif phase == PH_MARK:
            self._reveal(action - LOSERS)
        elif phase == PH_REENTRY:
            seat = self.fallen.pop(0)
            if action == REENTER:
                self.pos[seat] = 0
                self.stakes[seat] += 1
                self.tell(F_REENTER, seat, self.stakes[seat])
            else:
                self.out[seat] = True
                self.tell(F_RETIRE, seat)
            if not self.fallen:
                self._end_round()
        else:  # PH_FIRST_DEALER (nothing is legal once the game is over)
            self.dealer = action
            self.tell(F_DEALER, action)
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
        self._to_turn(0)
        if self.deck_mode:
            self.stock[:] = _FULL_DECK
            self.stock_at[:] = _FULL_DECK
            self.stock_len = DECK_SIZE
            for s in range(self.n):
                self.hand[s] = _NO_CARD
            self.discard_len = 0
            self.seen[:] = _NO_SEEN
            self.phase = PH_DEAL

    def _to_turn(self, turn):
        """Give the turn to order[turn]; after the dealer, the reveal."""
        self.turn = turn
        self.drawn = 0
        self.offer = _NO_CARD
        m = len(self.order)
        if turn >= m:
            if self.deck_mode:
                self._reveal(self._lowest_mask())
            else:
                self.phase = PH_MARK
        elif turn >= m - 3:
            self.phase = PH_KEEP_OR_DRAW
        else:
            self.phase = PH_SWAP

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
            raise IllegalAction(self, -1, "a fixed deal of %d cards for %d seats" % (len(cards), self.n))
        live = []
        for s in self.order:
            live.append(cards[s])
        for card in live:
            if type(card) is not int or not self.is_legal(card) or live.count(card) > 1:
                raise IllegalAction(self, card, "each live seat needs another card from the stock")
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
            self._to_turn(0)

    def _exchange(self, seat, neighbour):
        """A swap in deck mode: both see what they receive, unless a shown King refuses it."""
        hand = self.hand
        theirs = hand[neighbour]
        if self.options["king_blocks"] and theirs >> 2 == KING:
            self._show_all(theirs)
            return False
        mine = hand[seat]
        hand[seat] = theirs
        hand[neighbour] = mine
        self.seen[seat * DECK_SIZE + theirs] = 1
        self.seen[neighbour * DECK_SIZE + mine] = 1
        return True

    def _lowest_mask(self):
        """The seats holding the lowest rank (deck mode)."""
        hand = self.hand
        low = 99
        mask = 0
        for s in self.order:
            r = hand[s] >> 2
            if r < low:
                low = r
                mask = 0
            if r == low:
                mask |= 1 << s
        return mask

    def _keep(self, seat, card):
        """The drawer keeps card, his own goes to the discard, and the turn passes."""
        self.discard[self.discard_len] = self.hand[seat]
        self.discard_len += 1
        self.hand[seat] = card
        self._to_turn(self.turn + 1)

    def _reveal(self, losers):
        last = self.last_hands
        for s in range(self.n):  # not last[:] = hand, which allocates a slice on MicroPython
            last[s] = self.hand[s]
        self.last_losers = losers
        if losers == self.live_mask() and not self.options["all_tied_move"]:
            losers = 0  # every live player holds the same rank: nobody moves (French Coucou)
        self.tell(F_REVEAL, self.round, self.last_losers, 1 if losers else 0)
        circles = self.circles
        pos = self.pos
        fallen = self.fallen
        fell = 0
        for s in self.order:
            if losers >> s & 1:
                pos[s] += 1
                if pos[s] >= circles:
                    fallen.append(s)
                    fell |= 1 << s
        if fell:
            self.tell(F_FELL, fell)
        if fallen:
            if self.options["reentry"]:
                for s in self.order:
                    if pos[s] == 0:  # a token left on the outer circle
                        self._offer_reentry()
                        return
            for s in fallen:
                self.out[s] = True
            self.tell(F_OUT, fell)
        self._end_round()

    def _offer_reentry(self):
        """Ask the fallen in turn, except those who have used every re-entry the house cap
        allows: they are out at once, as if they had retired."""
        cap = self.options["reentry_cap"]
        fallen = self.fallen
        if cap:
            i = 0
            capped = 0
            while i < len(fallen):
                s = fallen[i]
                if self.reentries(s) >= cap:
                    self.out[s] = True
                    capped |= 1 << s
                    fallen.pop(i)
                else:
                    i += 1
            if capped:
                self.tell(F_OUT, capped)
        if fallen:
            self.phase = PH_REENTRY
        else:
            self._end_round()

    def _end_round(self):
        # Loops, not comprehensions: those would make this method allocate closure cells on
        # every call under MicroPython.
        live = self.out.count(False)  # seats not in this round's order were out already
        self.fallen.clear()
        if live >= 2:
            self.dealer = self.right_of(self.dealer)
            self._start_round()
            return
        # The last player standing takes the pot. Nobody left: those who fell this round and did
        # not come back share it. Only the all_tied_move variant gets there: by default all the
        # same rank means nobody moves.
        sharers = []
        for s in self.order:
            if not self.out[s] or not live and self.pos[s] >= self.circles:
                sharers.append(s)
        pot = self.pot()
        k = len(sharers)
        for s in sharers:
            self.payout[s] = pot // k
        # An indivisible remainder goes a token at a time in the order of play.
        for i in range(pot % k):
            self.payout[sharers[i]] += 1
        self.phase = PH_OVER
        won = 0
        for s in sharers:
            won |= 1 << s
        self.tell(F_OVER, won, pot)

    # -- views ----------------------------------------------------------------------------------
    def _public(self):
        """What every seat knows, shared by view() and to_dict()."""
        return {
            "game": GAME,
            "pos": list(self.pos),
            "stakes": list(self.stakes),
            "out": list(self.out),
            "dealer": self.dealer,
            "round": self.round,
            "last_hands": list(self.last_hands),
            "last_losers": self.last_losers,
            "payout": list(self.payout),
        }

    def view(self, seat):
        """What seat may know: public facts, its own card and the cards it has seen this round."""
        seen = []
        if self.deck_mode:
            for c in self._seen_by(seat):
                seen.append([c, self.holder(c)])
        player = self.current_player()
        view = self._public()
        view.update(
            seat=seat,
            players=self.n,
            mode=self.options["mode"],
            phase=_PHASE_NAMES[self.phase],
            to_act=player,
            pot=self.pot(),
            card=self.hand[seat] if self.deck_mode else _NO_CARD,
            # the offered card is the drawer's secret, except the dealer's, which all see
            offer=self.offer if player == seat or self.turn == len(self.order) - 1 else _NO_CARD,
            seen=seen,
        )
        return view

    def _seen_by(self, seat):
        """The cards seat has seen this round."""
        cards = []
        for c in range(DECK_SIZE):
            if self.seen[seat * DECK_SIZE + c]:
                cards.append(c)
        return cards

    def holder(self, card):
        """Where a card is now: a seat, -1 the discard pile, -2 the stock, -3 being offered."""
        if card == self.offer:
            return -3
        if card in self.hand:
            return self.hand.index(card)
        for i in range(self.discard_len):
            if self.discard[i] == card:
                return -1
        return -2

    # -- serialisation --------------------------------------------------------------------------
    def to_dict(self):
        """The whole state as compact JSON-able data (docs/FORMATS.md); from_dict reverses it."""
        seen_lists = []
        for v in range(self.n):
            seen_lists.append(self._seen_by(v))
        data = self._public()
        data.update(
            options=self.options,
            moves=list(self.moves),
            phase=self.phase,
            order=list(self.order),
            turn=self.turn,
            drawn=self.drawn,
            offer=self.offer,
            hand=list(self.hand),
            stock=list(self.stock[: self.stock_len]),  # in order: chance outcome i is stock[i]
            discard=list(self.discard[: self.discard_len]),
            seen=seen_lists,
            fallen=list(self.fallen),
        )
        return data


def from_dict(data):
    """Rebuild a state from to_dict() output, refusing anything that does not add up.

    Raises BadRecord naming the first field that is wrong; nothing half-built escapes.
    """
    state = new_from(State, data)
    n = state.n
    state.pos = read_ints(data, "pos", n, 0, state.circles)
    state.stakes = read_ints(data, "stakes", n, 1, 0xFFFF)
    state.payout = read_ints(data, "payout", n, 0, 0xFFFF)
    state.hand = read_ints(data, "hand", n, _NO_CARD, DECK_SIZE - 1)
    state.last_hands = read_ints(data, "last_hands", n, _NO_CARD, DECK_SIZE - 1)
    state.out = read_bools(data, "out", n)
    state.dealer = read_int(data, "dealer", -1, n - 1)
    state.round = read_int(data, "round", 0, 0xFFFF)
    state.phase = read_int(data, "phase", PH_FIRST_DEALER, PH_OVER)
    state.order = read_ints(data, "order", -1, 0, n - 1)
    check_distinct("order", state.order)
    state.turn = read_int(data, "turn", 0, len(state.order))
    state.drawn = read_int(data, "drawn", 0, _MAX_DRAWS)
    state.offer = read_int(data, "offer", _NO_CARD, DECK_SIZE - 1)
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
    cards = stock + discard
    for c in state.hand + [state.offer]:
        if c != _NO_CARD:
            cards.append(c)
    what = "the cards (hands, stock, discard, offer)"
    check_distinct(what, cards)
    if state.deck_mode and state.round > 0 and len(cards) != DECK_SIZE:
        raise BadRecord("%s are %d, not %d" % (what, len(cards), DECK_SIZE))
    state.stock_len = bag_restore(state.stock, state.stock_at, stock, DECK_SIZE)
    state.discard[: len(discard)] = bytes(discard)
    state.discard_len = len(discard)
    return state

