"""Achéron, the Aquitaine meld game of 33 illustrated cards (docs/RULES.md quotes the text rule by rule).

The deck is data: games/acheron/deck.json (a reconstruction; the text never lists it), read and
checked by games.acheron.deck. Cards are their index in that file. Seats play in increasing order ("to the left"); a deal runs:
  deal      chance: the 33 cards one by one from the dealer's left; the dealer takes what is left
            when a round cannot be completed
  draw      chance: the player to act draws a hidden card from a neighbour's hand
  lay       the player lays, one action at a time, the meld the drawn card makes (a pair, a Baiser
            triplet, Rouge), a personnage, or Grand Tombeau, then ENDs the turn. "Les appariements
            se font par tirages successifs": a meld must hold the card just drawn (option lay:
            "free" lays any melds from the hand, which ends most deals in the first lap)
A naming slip ("NAMING | seat": that seat called a named player otherwise, -5) is spoken, not
played: the table enters it for any seat whenever someone is to lay, whoever that is. It is listed
among the legal actions then, and by table_actions() for a display to offer during a bot's turn.
The deal ends when a hand is down to two cards (Achéron), on Grand Tombeau, or when nobody has laid
anything for `stall_laps` full laps (the text has no such rule; without it a deal need not end).
"""

from engine.compat import const
from engine.core import (
    CHANCE,
    TERMINAL,
    BadOptions,
    BadRecord,
    GameState,
    bag_restore,
    bag_take,
    check_distinct,
    check_known_options,
    new_from,
    option_choice,
    option_int,
    read_bool,
    read_choice,
    read_int,
    read_int_lists,
    read_ints,
    read_object,
)

from games.acheron.deck import (  # noqa: F401  (the deck's names, as the engine's: its modules and tests read them here)
    ATTRIBUTES,
    FIGURES,
    K_BAISER,
    K_FIGURE,
    K_PERSONNAGE,
    K_PLACE,
    K_WILD,
    KIND_NAMES,
    MAX_CARDS,
    NAMED_FIGURE_CARDS,
    NONE,
    PERSONNAGE_COUNT,
    PLACE_IDS,
    WILD_IDS,
    BadDeck,
    Deck,
    _decks,
    _default_path,
    _fnv1a,
    deck_path,
    load_deck,
)

GAME = "acheron"

# -- actions: one 16-bit int; the top nibble is the kind, then two 6-bit card slots -------------
END = const(0)  # end the turn
GRAND_TOMBEAU = const(2)  # lay the four personnages at once
PAIR = const(0x1000)  # PAIR | a << 6 | b, a < b: any two-card meld, the Baiser doublet included
TRIPLET = const(0x2000)  # TRIPLET | a << 6 | b, a < b: the Baiser with the cards a and b
ROUGE = const(0x3000)  # ROUGE | prince << 6 | queen: with the grotte and the Baiser
PERSONNAGE = const(0x4000)  # PERSONNAGE | card: lay one personnage and take its name
NAMING = const(0x5000)  # NAMING | seat: that seat failed to call a named player by his name: -5
KIND_MASK = const(0xF000)
_SLOT = const(63)

# -- points, each from one sentence of the text -------------------------------------------------
PTS_SAME = const(1)  # same figure or same attribute
PTS_SPECIFIC = const(2)  # tombeau/soleil, treille/luth, mont/prince, mer/fee, grotte/sirene
PTS_WILD = const(3)  # Orphee, la Reine or la Sainte with any card
PTS_NAMED = const(5)  # Orphee + tenebreux de luth, Reine + prince de soleil, fee + veuf d'etoile
PTS_DOUBLET = const(1)
PTS_TRIPLET = const(2)
PTS_CONJUNCTION = const(10)  # the Baiser with the prince, tenebreux or veuf de soleil
PTS_ROUGE = const(20)
PTS_PERSONNAGE = const(15)
PTS_GRAND_TOMBEAU = const(50)
PENALTY_SLIP = const(5)
PENALTY_CARD = const(1)
PENALTY_WILD_EXTRA = const(2)
PENALTY_JOCRISSE = const(10)
PENALTY_SOUPIR = const(20)
CHANDELLE_GIFT = const(5)

# -- phases -------------------------------------------------------------------------------------
# Facts (engine/core.py): what the table sees, seats 0-based. The card drawn from a neighbour
# is hidden (only the drawer sees it); every card laid is seen, in its meld. games.acheron.score
# tells the same kinds where it enters the same thing (F_SLIP, F_JOCRISSE, F_CANDLE, F_POINTS,
# F_OVER), so one words module words both.
F_MELD = const(1)  # (seat, points, action): laid that meld (the action names its cards)
F_SLIP = const(2)  # (seat): a naming slip, 5 points off
F_DEAL = const(3)  # (round, dealer): a deal begins, that seat dealing
F_DRAW = const(4)  # (seat, source): drew a hidden card from the source's hand
F_PASS = const(5)  # (seat): ended the turn without laying anything
F_END = const(6)  # (how, seat): the deal ends: END_HOW_* (the crier; who laid Grand Tombeau; -1)
F_CANDLE = const(7)  # (mask of seats, gift): Chandelle: those seats hold a personnage
F_JOCRISSE = const(8)  # (seat, penalty): Jocrisse (10) or Soupir et Jocrisse (20)
F_POINTS = const(9)  # (seat, the deal's total, the score now): one a seat, at the deal's end
F_OVER = const(10)  # (mask of winners, their score): the game is over
END_HOW_ACHERON = const(0)
END_HOW_TOMBEAU = const(1)
END_HOW_STALL = const(2)
_SHORT_MAX = const(32767)  # a fact's args are shorts (engine/core.py)

PH_FIRST_DEALER = const(0)
PH_DEAL = const(1)
PH_DRAW = const(2)
PH_LAY = const(3)
PH_OVER = const(4)
_PHASE_NAMES = ("first-dealer", "deal", "draw", "lay", "over")

# why a deal ended
END_ACHERON = "acheron"
END_GRAND_TOMBEAU = "grand_tombeau"
END_STALL = "stall"

MIN_PLAYERS = const(3)
MAX_PLAYERS = const(6)
ACHERON_CARDS = const(2)  # a hand this small cries Acheron

# -- options ------------------------------------------------------------------------------------
# The setup menu's rows and the default bot are in the game's descriptor (games).
OPTION_DEFAULTS = {
    "players": 4,
    "target": 100,
    "deals": 0,  # 0: play to the target; n: stop after n deals (short games, tests)
    "draw_from": "previous",  # the neighbour drawn from: who played just before, or who plays next
    "five_fee": "any",  # "fee et veuf d'etoile": any fee, or only the fee d'etoile
    "rouge_queen": "wild",  # the "reine" of Rouge: la Reine (wild card) only, or any reine too
    "personnages": "pair",  # a wild card or the Baiser pairs with a personnage too; or they go alone
    "jocrisse": "piece",  # "tried to make Rouge": kept the Baiser with another Rouge card, or any Baiser
    "chandelle": "gift",  # each other player gains 5, or the candle-holder also pays them
    "lay": "drawn",  # each meld holds the card just drawn; or any melds from the hand
    "stall_laps": 3,
    "deck": "",  # the deck's signature; filled in, and checked on replay
}


def normalize_options(options=None, deck=None):
    """Fill defaults and refuse bad values with a message naming the option."""
    options = options or {}
    check_known_options(options, OPTION_DEFAULTS)
    deck = deck or load_deck()
    signature = options.get("deck", "")
    if type(signature) is not str:
        raise BadOptions("option deck must be the deck's signature (a string), got %r" % (signature,))
    signature = signature or deck.signature
    if signature != deck.signature:
        raise BadDeck("option deck: this game was made with the deck %r but the deck file is %r now"
                      % (signature, deck.signature))
    return {
        "players": option_int(options, "players", 4, MIN_PLAYERS, MAX_PLAYERS),
        "target": option_int(options, "target", 100, 10, 1000),
        "deals": option_int(options, "deals", 0, 0, 999),
        "draw_from": option_choice(options, "draw_from", "previous", ("previous", "next")),
        "five_fee": option_choice(options, "five_fee", "any", ("any", "etoile")),
        "rouge_queen": option_choice(options, "rouge_queen", "wild", ("wild", "any")),
        "personnages": option_choice(options, "personnages", "pair", ("pair", "alone")),
        "jocrisse": option_choice(options, "jocrisse", "piece", ("piece", "baiser")),
        "chandelle": option_choice(options, "chandelle", "gift", ("gift", "transfer")),
        "lay": option_choice(options, "lay", "drawn", ("drawn", "free")),
        "stall_laps": option_int(options, "stall_laps", 3, 1, 50),
        "deck": signature,
    }


# -- scoring tables -----------------------------------------------------------------------------
def pair_points(deck, a, b, five_fee="any", personnages="pair"):
    """Points of the two-card meld a+b (0: not a meld). The best reading of the text counts.

    A personnage pairs only with a wild card (3) or the Baiser (1): "n'importe quelle carte";
    with personnages "alone" it never pairs (the house reading: laid alone, for its name).
    """
    if a == b:
        return 0
    kind = deck.kind
    ka = kind[a]
    kb = kind[b]
    if (ka == K_PERSONNAGE or kb == K_PERSONNAGE) and personnages != "pair":
        return 0
    best = 0
    if ka == K_WILD or kb == K_WILD:
        best = PTS_WILD
        if _is_named_five(deck, a, b, five_fee) or _is_named_five(deck, b, a, five_fee):
            return PTS_NAMED
    if ka == K_BAISER or kb == K_BAISER:
        other = b if ka == K_BAISER else a
        return max(best, PTS_CONJUNCTION if in_conjunction(deck, other) else PTS_DOUBLET)
    if ka == K_FIGURE and kb == K_FIGURE:
        if _is_named_five(deck, a, b, five_fee) or _is_named_five(deck, b, a, five_fee):
            return PTS_NAMED
        if deck.figure[a] == deck.figure[b] or deck.attribute[a] == deck.attribute[b]:
            best = max(best, PTS_SAME)
    if (ka == K_PLACE and _specific(deck, a, b)) or (kb == K_PLACE and _specific(deck, b, a)):
        best = max(best, PTS_SPECIFIC)
    return best


def has_figure(deck, card, figure, attribute):
    return (deck.kind[card] == K_FIGURE
            and (figure is None or deck.figure[card] == deck.fig(figure))
            and (attribute is None or deck.attribute[card] == deck.attr(attribute)))


def _is_named_five(deck, a, b, five_fee):
    if a == deck.orphee:
        return has_figure(deck, b, "tenebreux", "luth")
    if a == deck.la_reine:
        return has_figure(deck, b, "prince", "soleil")
    if has_figure(deck, a, "fee", None if five_fee == "any" else "etoile"):
        return has_figure(deck, b, "veuf", "etoile")
    return False


def _specific(deck, place, card):
    if deck.kind[card] != K_FIGURE:
        return False
    if place == deck.tombeau:
        return has_figure(deck, card, None, "soleil")
    if place == deck.treille:
        return has_figure(deck, card, None, "luth")
    if place == deck.mont:
        return has_figure(deck, card, "prince", None)
    if place == deck.mer:
        return has_figure(deck, card, "fee", None)
    if place == deck.grotte:
        return has_figure(deck, card, "sirene", None)
    return False


def in_conjunction(deck, card):
    """The prince, tenebreux or veuf de soleil: with the Baiser they make 10."""
    return (has_figure(deck, card, "prince", "soleil") or has_figure(deck, card, "tenebreux", "soleil")
            or has_figure(deck, card, "veuf", "soleil"))


def is_rouge_queen(deck, card, rouge_queen="wild"):
    return card == deck.la_reine or card == deck.la_sainte or (
        rouge_queen == "any" and has_figure(deck, card, "reine", None))


_pair_tables = {}


def leaders(scores):
    """The seats with the highest score: the winners once the game is over (equal ones share)."""
    best = max(scores)
    return [s for s in range(len(scores)) if scores[s] == best]


def short_arg(value):
    """A score as a fact's argument: a short (a score past it is told at the bound)."""
    return -_SHORT_MAX if value < -_SHORT_MAX else _SHORT_MAX if value > _SHORT_MAX else value


def tell_over(state, scores):
    """Tell F_OVER: the winners (the highest score; equal ones share) and their score."""
    best = max(scores)
    mask = 0
    for s in range(len(scores)):
        if scores[s] == best:
            mask |= 1 << s
    state.tell(F_OVER, mask, short_arg(best))


def pair_table(deck, five_fee, personnages):
    key = deck.signature + five_fee + personnages
    table = _pair_tables.get(key)
    if table is None:
        size = deck.size
        table = bytearray(size * size)
        for a in range(size):
            for b in range(size):
                table[a * size + b] = pair_points(deck, a, b, five_fee, personnages)
        _pair_tables[key] = table
    return table


class Scores(GameState):
    """What the card game and its scorekeeper (games.acheron.score) read alike, from the same
    fields of both: the seats (n), their scores, the target option."""

    def __init__(self, options):
        GameState.__init__(self, options)
        self.n = options["players"]
        self.scores = [0] * self.n

    def seats(self):
        return self.n

    def standings(self):
        return list(self.scores)

    def target(self):
        return self.options["target"]


class State(Scores):
    GAME = GAME

    def __init__(self, options=None, deck=None):
        deck = deck or load_deck()
        options = normalize_options(options, deck)
        Scores.__init__(self, options)
        self.deck = deck
        self.size = deck.size
        self.pairs = pair_table(deck, options["five_fee"], options["personnages"])
        # whether a personnage may go into a Baiser triplet, as into a pair
        self.perso_melds = options["personnages"] == "pair"
        n = self.n
        self.hands = [[] for _ in range(n)]
        self.laid = [0] * n  # points laid on the table this deal
        self.names = [-1] * n  # the personnage each seat laid this deal
        self.slips = [0] * n  # naming slips this deal
        self.table = []  # [seat, action, points] for every meld of this deal
        self.stock = bytearray(deck.size)  # the undealt cards: stock[:stock_len]
        self.stock_at = bytearray(deck.size)  # where each card sits in stock
        self.stock_len = 0
        self.dealt = 0
        self.dealer = -1
        self.round = 0
        self.phase = PH_FIRST_DEALER
        self.seat = -1  # the seat whose turn it is
        self.laid_this_turn = False
        self.drawn = -1  # the card drawn this turn while it is still in hand
        self.quiet_turns = 0  # turns in a row that laid nothing
        self.last_deal = None  # the breakdown of the deal that just ended

    # -- queries --------------------------------------------------------------------------------
    def current_player(self):
        phase = self.phase
        if phase == PH_LAY:
            return self.seat
        if phase == PH_OVER:
            return TERMINAL
        return CHANCE

    def source(self):
        """The neighbour the player to act draws from."""
        step = -1 if self.options["draw_from"] == "previous" else 1
        return (self.seat + step) % self.n

    def legal_actions(self):
        phase = self.phase
        if phase == PH_LAY:
            return self._lay_actions(self.seat)
        if phase == PH_DRAW:
            return sorted(self.hands[self.source()])
        if phase == PH_DEAL:
            return sorted(self.stock[: self.stock_len])
        if phase == PH_FIRST_DEALER:
            return list(range(self.n))
        return []

    def _lay_actions(self, seat):
        deck = self.deck
        kind = deck.kind
        size = self.size
        pairs = self.pairs
        hand = sorted(self.hands[seat])
        acts = [END]
        acts.extend(self.table_actions())
        named = self.names[seat] >= 0
        persos = [c for c in hand if kind[c] == K_PERSONNAGE]
        if not named and len(persos) == PERSONNAGE_COUNT:
            acts.append(GRAND_TOMBEAU)
        if not named:
            for c in persos:
                acts.append(PERSONNAGE | c)
        drawn = self.drawn
        free = self.options["lay"] == "free"
        if not free and drawn < 0:
            acts.sort()
            return acts  # the drawn card is laid already: no second meld this turn
        m = len(hand)
        for i in range(m):
            a = hand[i]
            row = a * size
            for j in range(i + 1, m):
                if pairs[row + hand[j]] and (free or a == drawn or hand[j] == drawn):
                    acts.append(PAIR | a << 6 | hand[j])
        baiser = deck.baiser
        if baiser in hand and (free or self.perso_melds or kind[drawn] != K_PERSONNAGE):
            others = [c for c in hand if (self.perso_melds or kind[c] != K_PERSONNAGE) and c != baiser]
            k = len(others)
            for i in range(k):
                for j in range(i + 1, k):
                    if free or drawn == baiser or others[i] == drawn or others[j] == drawn:
                        acts.append(TRIPLET | others[i] << 6 | others[j])
            if deck.grotte in hand:
                queens = [c for c in hand if is_rouge_queen(deck, c, self.options["rouge_queen"])]
                for p in hand:
                    if has_figure(deck, p, "prince", None):
                        for q in queens:
                            if free or drawn == baiser or drawn == deck.grotte or drawn == p or drawn == q:
                                acts.append(ROUGE | p << 6 | q)
        acts.sort()
        return acts

    def table_actions(self):
        """The naming slips the table may enter now: NAMING | seat for each seat that could have
        failed to call another player by his name (someone else bears one), while a seat is to lay."""
        if self.phase != PH_LAY:
            return []
        return [NAMING | s for s in range(self.n) if self._can_slip(s)]

    def _can_slip(self, seat):
        for s in range(self.n):
            if s != seat and self.names[s] >= 0:
                return True
        return False

    def is_legal(self, action):
        phase = self.phase
        if phase == PH_LAY:
            # the top nibble is the kind: a number past 16 bits is no action even if it masks to one
            return 0 <= action <= 0xFFFF and self._meld_cards(self.seat, action) is not None
        if phase == PH_DRAW:
            return action in self.hands[self.source()]
        if phase == PH_DEAL:
            return 0 <= action < self.size and self.stock_at[action] < self.stock_len
        if phase == PH_FIRST_DEALER:
            return 0 <= action < self.n
        return False

    def _meld_cards(self, seat, action):
        """The cards an action lays from seat's hand, [] for END and a slip, None when it is not legal."""
        if action == END:
            return []
        if action & KIND_MASK == NAMING:
            slipped = action - NAMING
            return [] if slipped < self.n and self._can_slip(slipped) else None
        cards = self.meld_of(action)
        if cards is None:
            return None
        hand = self.hands[seat]
        for c in cards:
            if c not in hand:
                return None
        if action == GRAND_TOMBEAU or action & KIND_MASK == PERSONNAGE:
            return None if self.names[seat] >= 0 else cards  # one name each; not a pairing
        if self.options["lay"] == "free":
            return cards
        return cards if self.drawn >= 0 and self.drawn in cards else None

    def meld_of(self, action):
        """The cards of a well-formed meld under these options, whoever holds them; else None."""
        deck = self.deck
        if action == GRAND_TOMBEAU:
            return list(deck.personnages)
        kind_bits = action & KIND_MASK
        a = action >> 6 & _SLOT
        b = action & _SLOT
        size = self.size
        if a >= size or b >= size:
            return None
        kind = deck.kind
        if kind_bits == PERSONNAGE:
            return [b] if a == 0 and kind[b] == K_PERSONNAGE else None
        if kind_bits == PAIR:
            return [a, b] if a < b and self.pairs[a * size + b] else None
        baiser = deck.baiser
        if kind_bits == TRIPLET:
            if a < b and a != baiser and b != baiser and (
                    self.perso_melds or (kind[a] != K_PERSONNAGE and kind[b] != K_PERSONNAGE)):
                return [baiser, a, b]
        elif kind_bits == ROUGE:
            if has_figure(deck, a, "prince", None) and is_rouge_queen(deck, b, self.options["rouge_queen"]):
                return [deck.grotte, a, b, baiser]
        return None

    def meld_points(self, action):
        """What a laying action scores (0 for END and a slip)."""
        kind_bits = action & KIND_MASK
        if kind_bits == PAIR:
            return self.pairs[(action >> 6 & _SLOT) * self.size + (action & _SLOT)]
        if kind_bits == TRIPLET:
            deck = self.deck
            if in_conjunction(deck, action >> 6 & _SLOT) or in_conjunction(deck, action & _SLOT):
                return PTS_CONJUNCTION
            return PTS_TRIPLET
        if kind_bits == ROUGE:
            return PTS_ROUGE
        if kind_bits == PERSONNAGE:
            return PTS_PERSONNAGE
        if action == GRAND_TOMBEAU:
            return PTS_GRAND_TOMBEAU
        return 0

    def chance_count(self):
        phase = self.phase
        if phase == PH_DEAL:
            return self.stock_len
        if phase == PH_DRAW:
            return len(self.hands[self.source()])
        return self.n

    def chance_outcome(self, index):
        phase = self.phase
        if phase == PH_DEAL:
            return self.stock[index]
        if phase == PH_DRAW:
            return self.hands[self.source()][index]
        return index

    def returns(self):
        """The final scores; zero for everyone until the game is over."""
        if self.phase != PH_OVER:
            return [0] * self.n
        return list(self.scores)

    def winners(self):
        return leaders(self.scores) if self.phase == PH_OVER else []

    def card_name(self, card, lang="en"):
        return self.deck.label(card, lang)

    def action_name(self, action):
        """English, for logs and host tools (games/acheron/words.py words a move on the device)."""
        lang = "en"
        if not isinstance(action, int):
            return repr(action)
        phase = self.phase
        deck = self.deck
        if phase == PH_DEAL or phase == PH_DRAW:
            return "card " + deck.label(action, lang)
        if phase == PH_FIRST_DEALER:
            return "dealer seat %d" % action
        if action == END:
            return "end turn"
        if action & KIND_MASK == NAMING:
            return "name slip P%d" % (action - NAMING + 1)
        if action == GRAND_TOMBEAU:
            return "Grand Tombeau"
        kind_bits = action & KIND_MASK
        a = action >> 6 & _SLOT
        b = action & _SLOT
        if a >= self.size or b >= self.size or kind_bits > PERSONNAGE or not kind_bits:
            return str(action)
        if kind_bits == PERSONNAGE:
            return "%s 15" % deck.label(b, lang)
        if kind_bits == PAIR:
            return "%s+%s %d" % (deck.shorts[a], deck.shorts[b], self.meld_points(action))
        if kind_bits == TRIPLET:
            return "B+%s+%s %d" % (deck.shorts[a], deck.shorts[b], self.meld_points(action))
        return "Rouge %s+%s" % (deck.shorts[a], deck.shorts[b])

    def phase_name(self):
        return _PHASE_NAMES[self.phase]

    # -- playing --------------------------------------------------------------------------------
    def _apply(self, action):
        phase = self.phase
        if phase == PH_LAY:
            self._lay(action)
        elif phase == PH_DRAW:
            self._draw(action)
        elif phase == PH_DEAL:
            self._deal_card(action)
        elif phase == PH_FIRST_DEALER:
            self.dealer = action
            self._start_deal()

    def _start_deal(self):
        self.round += 1
        self.tell(F_DEAL, self.round, self.dealer)
        for hand in self.hands:
            del hand[:]
        n = self.n
        for s in range(n):
            self.laid[s] = 0
            self.names[s] = -1
            self.slips[s] = 0
        del self.table[:]
        for c in range(self.size):
            self.stock[c] = c
            self.stock_at[c] = c
        self.stock_len = self.size
        self.dealt = 0
        self.seat = -1
        self.drawn = -1
        self.phase = PH_DEAL

    def deal_recipient(self, k):
        """Who gets the k-th card dealt: round by round from the dealer's left, the rest to the dealer."""
        n = self.n
        if k < self.size // n * n:
            return (self.dealer + 1 + k % n) % n
        return self.dealer

    def _deal_card(self, card):
        self.stock_len = bag_take(self.stock, self.stock_at, self.stock_len, card)
        self.hands[self.deal_recipient(self.dealt)].append(card)
        self.dealt += 1
        if self.stock_len == 0:
            self.seat = (self.dealer + 1) % self.n
            self.quiet_turns = 0
            self.laid_this_turn = False
            self.phase = PH_DRAW

    def _draw(self, card):
        source = self.hands[self.source()]
        source.remove(card)
        self.hands[self.seat].append(card)
        self.drawn = card
        self.laid_this_turn = False
        self.tell(F_DRAW, self.seat, self.source())
        if len(source) <= ACHERON_CARDS:
            self._end_deal(END_ACHERON, self.source())
        else:
            self.phase = PH_LAY

    def _lay(self, action):
        seat = self.seat
        if action == END:
            if not self.laid_this_turn:
                self.tell(F_PASS, seat)
            self.quiet_turns = 0 if self.laid_this_turn else self.quiet_turns + 1
            if self.quiet_turns >= self.options["stall_laps"] * self.n:
                self._end_deal(END_STALL, -1)
                return
            self.seat = (seat + 1) % self.n
            self.drawn = -1
            self.phase = PH_DRAW
            return
        if action & KIND_MASK == NAMING:
            self.slips[action - NAMING] += 1
            self.tell(F_SLIP, action - NAMING)
            return
        cards = meld_cards(self.deck, action)  # a legal action: a meld from this hand
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
            if c == self.drawn:
                self.drawn = -1
        points = self.meld_points(action)
        self.tell(F_MELD, seat, points, action)
        self.laid[seat] += points
        self.table.append([seat, action, points])
        self.laid_this_turn = True
        if action & KIND_MASK == PERSONNAGE:
            self.names[seat] = action & _SLOT
        if action == GRAND_TOMBEAU:
            self._end_deal(END_GRAND_TOMBEAU, seat)
        elif len(hand) <= ACHERON_CARDS:
            self._end_deal(END_ACHERON, seat)

    def jocrisse(self, seat):
        """0, or the Jocrisse penalty (10, or 20 for Soupir et Jocrisse) of seat's hand now."""
        deck = self.deck
        hand = self.hands[seat]
        if deck.baiser not in hand:
            return 0
        if self.options["jocrisse"] == "piece":
            tried = False
            for c in hand:
                if c == deck.grotte or has_figure(deck, c, "prince", None) or \
                        is_rouge_queen(deck, c, self.options["rouge_queen"]):
                    tried = True
                    break
            if not tried:
                return 0
        for c in hand:
            if c == deck.la_reine or c == deck.la_sainte or has_figure(deck, c, "veuf", None):
                return PENALTY_SOUPIR
        return PENALTY_JOCRISSE

    def _end_deal(self, why, crier):
        deck = self.deck
        n = self.n
        kind = deck.kind
        rows = []
        candles = []
        for s in range(n):
            hand = self.hands[s]
            wilds = 0
            candle = False
            for c in hand:
                if kind[c] == K_WILD:
                    wilds += 1
                elif kind[c] == K_PERSONNAGE:
                    candle = True
            if candle:
                candles.append(s)
            rows.append({
                "laid": self.laid[s],
                "cards": -PENALTY_CARD * len(hand),
                "wilds": -PENALTY_WILD_EXTRA * wilds,
                "jocrisse": -self.jocrisse(s),
                "slips": -PENALTY_SLIP * self.slips[s],
                "chandelle": 0,
            })
        transfer = self.options["chandelle"] == "transfer"
        for giver in candles:
            for s in range(n):
                if s != giver:
                    rows[s]["chandelle"] += CHANDELLE_GIFT
                    if transfer:
                        rows[giver]["chandelle"] -= CHANDELLE_GIFT
        self.tell(F_END, END_HOW_ACHERON if why == END_ACHERON else END_HOW_TOMBEAU
                  if why == END_GRAND_TOMBEAU else END_HOW_STALL, crier)
        mask = 0
        for s in candles:
            mask |= 1 << s
        if mask:
            self.tell(F_CANDLE, mask, CHANDELLE_GIFT)
        totals = []
        for s in range(n):
            row = rows[s]
            if row["jocrisse"]:
                self.tell(F_JOCRISSE, s, -row["jocrisse"])
            total = 0
            for key in row:
                total += row[key]
            row["total"] = total
            totals.append(total)
            self.scores[s] += total
        for s in range(n):
            self.tell(F_POINTS, s, totals[s], short_arg(self.scores[s]))
        self.last_deal = {"deal": self.round, "ended_by": why, "crier": crier, "candles": candles,
                          "rows": rows, "totals": totals, "hands": [sorted(h) for h in self.hands]}
        deals = self.options["deals"]
        if max(self.scores) >= self.options["target"] or (deals and self.round >= deals):
            self.phase = PH_OVER
            self.seat = -1
            tell_over(self, self.scores)
            return
        self.dealer = (self.dealer + 1) % n
        self._start_deal()

    # -- views ----------------------------------------------------------------------------------
    def view(self, seat):
        """What seat may know: its own hand, every hand's size, and everything on the table."""
        return {
            "game": GAME,
            "seat": seat,
            "players": self.n,
            "round": self.round,
            "phase": _PHASE_NAMES[self.phase],
            "dealer": self.dealer,
            "to_act": self.current_player(),
            "turn": self.seat,
            "hand": sorted(self.hands[seat]) if 0 <= seat < self.n else [],
            "counts": [len(h) for h in self.hands],
            "table": [list(m) for m in self.table],
            "names": list(self.names),
            "laid": list(self.laid),
            "slips": list(self.slips),
            "scores": list(self.scores),
            "target": self.options["target"],
            "last_deal": self.last_deal,
        }

    # -- serialisation --------------------------------------------------------------------------
    def to_dict(self):
        return {
            "game": GAME,
            "options": self.options,
            "moves": list(self.moves),
            "hands": [list(h) for h in self.hands],
            "stock": list(self.stock[: self.stock_len]),
            "table": [list(m) for m in self.table],
            "scores": list(self.scores),
            "laid": list(self.laid),
            "names": list(self.names),
            "slips": list(self.slips),
            "dealt": self.dealt,
            "dealer": self.dealer,
            "round": self.round,
            "phase": self.phase,
            "seat": self.seat,
            "laid_this_turn": self.laid_this_turn,
            "drawn": self.drawn,
            "quiet_turns": self.quiet_turns,
            "last_deal": self.last_deal,
        }


def from_dict(data):
    """Rebuild a state from to_dict() output, refusing anything that does not add up.

    Raises BadRecord naming the first field that is wrong (docs/FORMATS.md); nothing half-built
    escapes.
    """
    state = new_from(State, data)
    n = state.n
    size = state.size
    state.scores = read_ints(data, "scores", n, -SCORE_LIMIT, SCORE_LIMIT)
    state.laid = read_ints(data, "laid", n, 0, 0xFFFF)
    state.names = read_ints(data, "names", n, -1, size - 1)
    for c in state.names:
        if c >= 0 and state.deck.kind[c] != K_PERSONNAGE:
            raise BadRecord("names holds %d, not a personnage" % c)
    check_distinct("names", [c for c in state.names if c >= 0])
    state.slips = read_ints(data, "slips", n, 0, 0xFFFF)
    state.hands = read_int_lists(data, "hands", n, 0, size - 1)
    stock = read_ints(data, "stock", -1, 0, size - 1)
    check_distinct("stock", stock)
    table = data.get("table")
    if type(table) is not list:
        raise BadRecord("table must be a list of [seat, action, points], got %r" % (table,))
    state.table = [_read_meld(state, m) for m in table]
    state.dealt = read_int(data, "dealt", 0, size)
    state.dealer = read_int(data, "dealer", -1, n - 1)
    state.round = read_int(data, "round", 0, 0xFFFF)
    state.phase = read_int(data, "phase", PH_FIRST_DEALER, PH_OVER)
    state.seat = read_int(data, "seat", -1, n - 1)
    state.quiet_turns = read_int(data, "quiet_turns", 0, 0xFFFF)
    state.drawn = read_int(data, "drawn", -1, size - 1)
    state.laid_this_turn = read_bool(data, "laid_this_turn")
    state.last_deal = _read_last_deal(data, n, size)
    state.stock_len = bag_restore(state.stock, state.stock_at, stock, size)
    _check_places(state)
    return state


SCORE_LIMIT = const(0xFFFFFF)  # a saved score, and a deal's row, lies within plus or minus this
_ROW_KEYS = ("laid", "cards", "wilds", "jocrisse", "slips", "chandelle", "total")


def _read_meld(state, entry):
    seat, action, points = read_ints({"table": entry}, "table", 3, 0, 0xFFFF)
    if seat >= state.n or state.meld_of(action) is None or points != state.meld_points(action):
        raise BadRecord("the meld %r on the table is not one of these rules" % (entry,))
    return [seat, action, points]


def _read_last_deal(data, n, size):
    """None, or the breakdown _end_deal wrote: every row adding up to its total."""
    if data.get("last_deal", 0) is None:
        return None
    last = read_object(data, "last_deal", ("deal", "ended_by", "crier", "candles", "rows", "totals", "hands"))
    read_int(last, "deal", 1, 0xFFFF)
    read_choice(last, "ended_by", (END_ACHERON, END_GRAND_TOMBEAU, END_STALL))
    read_int(last, "crier", -1, n - 1)
    check_distinct("candles", read_ints(last, "candles", -1, 0, n - 1))
    totals = read_ints(last, "totals", n, -SCORE_LIMIT, SCORE_LIMIT)
    read_int_lists(last, "hands", n, 0, size - 1)
    rows = last.get("rows")
    if type(rows) is not list or len(rows) != n:
        raise BadRecord("last_deal rows must hold one row per seat, got %r" % (rows,))
    for s in range(n):
        row = read_object({"rows": rows[s]}, "rows", _ROW_KEYS)
        total = 0
        for key in _ROW_KEYS:
            value = read_int(row, key, -SCORE_LIMIT, SCORE_LIMIT)
            total += value if key != "total" else 0
        if total != row["total"] or total != totals[s]:
            raise BadRecord("last_deal: the row of seat %d does not add up to its total" % s)
    return last


def _check_places(state):
    """Every card is in exactly one place (a hand, the stock, a meld on the table) once the deal
    has begun, none before; the turn and the card drawn fit the phase."""
    places = []
    for hand in state.hands:
        places.extend(hand)
    places.extend(state.stock[: state.stock_len])
    places.extend(cards_on_table(state))
    phase = state.phase
    if phase == PH_FIRST_DEALER:
        if places or state.dealer != -1:
            raise BadRecord("nothing is dealt before the first dealer is drawn")
        return
    if sorted(places) != list(range(state.size)):
        raise BadRecord("the cards do not add up to the deck: %d placed" % len(places))
    if state.dealer < 0 or state.dealt != state.size - state.stock_len:
        raise BadRecord("dealer %d and dealt %d do not fit the stock" % (state.dealer, state.dealt))
    turn = phase == PH_DRAW or phase == PH_LAY
    drawn = state.drawn  # kept after the game's last deal; -1 from a draw's END to the next draw
    if (state.seat >= 0) != turn or (drawn >= 0 and phase != PH_OVER and (
            phase != PH_LAY or drawn not in state.hands[state.seat])):
        raise BadRecord("seat %d and drawn %d do not fit the phase" % (state.seat, drawn))


def meld_cards(deck, action):
    """The cards a laying action puts on the table; [] for an action that lays nothing."""
    if action == GRAND_TOMBEAU:
        return list(deck.personnages)
    kind_bits = action & KIND_MASK
    a = action >> 6 & _SLOT
    b = action & _SLOT
    if kind_bits == PAIR:
        return [a, b]
    if kind_bits == TRIPLET:
        return [deck.baiser, a, b]
    if kind_bits == ROUGE:
        return [deck.grotte, a, b, deck.baiser]
    if kind_bits == PERSONNAGE:
        return [b]
    return []


def cards_on_table(state):
    """Every card laid this deal, in order."""
    out = []
    for _seat, action, _points in state.table:
        out.extend(meld_cards(state.deck, action))
    return out


__all__ = ["State", "from_dict", "normalize_options", "load_deck", "Deck", "BadDeck"]
