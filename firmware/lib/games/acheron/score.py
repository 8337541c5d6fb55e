"""Achéron scorekeeper: real cards on the table, the device keeps the score to 100.

Every entry is a TABLE action. A deal goes:
  play     the deal is played with the cards; OK (0) when it is over. Naming slips (-5 to a
           chosen player) are extra actions here and at any later step.
  for each player in turn:
    melds  the points of everything the player laid this deal (pairs, triplets, Rouge,
           personnage 15, Grand Tombeau 50)
    cards  the cards left in their hand (-1 each)
    wilds  how many of them are Orphee, la Sainte or la Reine (-2 more each); skipped with no cards
    items  the player's end-of-deal items, entered together as one ITEMS + mask action:
           Jocrisse (-10) or Soupir et Jocrisse (-20), and Chandelle (+5 to each other
           player); 0 when there is none. Skipped with no cards. (JOCRISSE, SOUPIR and
           CHANDELLE alone, one action each with 0 to go on, are what earlier firmware
           recorded: still legal, so its records replay, but no longer offered.)
Then the deal's totals are added, and last_jocrisse, last_candle and last_slips keep what the
deal applied besides the numbers (games/acheron/words.py's applied() lists it for the screen); the
game ends at the end of a deal where someone has the target.
Impossible entries (more cards than the deck, two Jocrisses in one deal, ...) are refused with
IllegalAction saying why; nothing changes.

An entry is also refused when no end of a deal can fit it with what was entered before: the cards
laid are the deck less the hands; they score at most what the deck's best melds give for that
many cards (DealBounds), and at least half a point a card; exactly one hand ends with two cards or
fewer (the cry of Acheron), unless Grand Tombeau (a player's melds of 50 or more) ended the deal.
Each entry is checked against every way the entries still to come could go, so an accepted entry
never leaves the table without a possible next one. entry_range() is trimmed to the first and
last possible values.
"""

from array import array

from engine.compat import const
from engine.core import (
    REFUSE_NOT_INT,
    REFUSE_OVER,
    TABLE,
    TERMINAL,
    BadRecord,
    IllegalAction,
    check_known_options,
    new_from,
    option_choice,
    option_int,
    read_bools,
    read_int,
    read_ints,
)

from games.acheron.codes import (  # noqa: F401  (the scorekeeper's codes, as its own: its words and tests read them here too)
    CHANDELLE,
    F_ENTRY,
    F_PLAYED,
    ITEM_CHANDELLE,
    ITEM_JOCRISSE,
    ITEM_SOUPIR,
    ITEMS,
    JOCRISSE,
    NAMING,
    R_BAISER_ONE_OF,
    R_CANDLE_MARKED,
    R_CARDS_MOST,
    R_ITEMS_LATER,
    R_ITEMS_MARKED,
    R_JOCRISSE_MARKED,
    R_LAID_SCORE_LEAST,
    R_MELDS_MOST,
    R_NO_CARD_BAISER,
    R_NO_CARD_PERSONNAGE,
    R_NO_DEAL_LAYS,
    R_NO_PLAYER_LAYS,
    R_NUMBER_RANGE,
    R_ONE_BAISER,
    R_ONE_SHORT_HAND,
    R_OTHERS_NEED_3,
    R_PERSONNAGES_MOST,
    R_POINTS_NEED_CARDS,
    R_SHORT_OR_TOMBEAU,
    R_SOUPIR_CARDS,
    R_TOMBEAU_NO_CANDLE,
    R_TOO_FEW_POINTS,
    R_WILDS_MOST,
    SOUPIR,
    ST_CARDS,
    ST_ITEMS,
    ST_MELDS,
    ST_OVER,
    ST_PLAY,
    ST_WILDS,
)
from games.acheron.rules import (
    ACHERON_CARDS,
    CHANDELLE_GIFT,
    F_CANDLE,
    F_JOCRISSE,
    F_POINTS,
    F_SLIP,
    K_BAISER,
    K_PERSONNAGE,
    K_WILD,
    PENALTY_CARD,
    PENALTY_JOCRISSE,
    PENALTY_SLIP,
    PENALTY_SOUPIR,
    PENALTY_WILD_EXTRA,
    PERSONNAGE_COUNT,
    PTS_CONJUNCTION,
    PTS_GRAND_TOMBEAU,
    PTS_NAMED,
    PTS_PERSONNAGE,
    PTS_ROUGE,
    PTS_TRIPLET,
    SCORE_LIMIT,
    WILD_IDS,
    Scores,
    in_conjunction,
    leaders,
    load_deck,
    pair_points,
    short_arg,
    tell_over,
)

GAME = "acheron_score"

_STEP_NAMES = ("play", "melds", "cards", "wilds", "items", "over")

# The sets the buttons offer, in order (games/acheron/words.py labels them); Jocrisse and Soupir et
# Jocrisse are one Baiser, never both.
ITEM_SETS = (ITEM_JOCRISSE, ITEM_SOUPIR, ITEM_CHANDELLE, ITEM_JOCRISSE | ITEM_CHANDELLE,
             ITEM_SOUPIR | ITEM_CHANDELLE)
_ITEM_BITS = ((ITEM_JOCRISSE, JOCRISSE), (ITEM_SOUPIR, SOUPIR), (ITEM_CHANDELLE, CHANDELLE))

MIN_PLAYERS = const(3)
MAX_PLAYERS = const(6)


WILD_COUNT = len(WILD_IDS)


def max_deal_melds(deck_size):
    """No deal can lay more: every personnage alone (60 beats Grand Tombeau's 50), the Baiser's
    best meld (Rouge, 20, which also covers its 10-point conjunction with one card fewer), and
    every other card in pairs worth at most 5. 140 for the 33 cards; below NAMING for 63."""
    return (PTS_PERSONNAGE * PERSONNAGE_COUNT + PTS_ROUGE
            + PTS_NAMED * ((deck_size - PERSONNAGE_COUNT - 4) // 2))


# Shares are in twelfths of a point (a meld's points spread over its 1 to 4 cards stay integers).
_TWELFTHS = const(12)
_NO_MELD = const(255)  # the low share of a card that no meld takes
_CACHED = const(24)  # bound tables kept: a deal's entries reach a dozen or so (about 200 bytes each)


class DealBounds:
    """What a deal can lay with this deck, every house reading allowed (the scorekeeper does not
    know which one the table plays): tables(...) gives, for each count of cards laid, the most
    and the fewest points those cards can score.

    The most: the Baiser's one meld (doublet, triplet or Rouge), at most one pair per wild card
    (each worth that wild card's best pair), and every other card at half its best pair among
    the plain cards; a personnage counts 15 alone (one per player: one name each) or 12.5 in
    Grand Tombeau. The fewest: each card at the smallest share of a meld it can be in (half a
    point in a 1-point pair). Both are bounds, never more demanding than a real deal: a result
    they refuse cannot happen; a few they accept cannot either.
    """

    def __init__(self, deck):
        size = deck.size
        kind = deck.kind
        baiser = deck.baiser
        self.kind = kind
        self.size = size
        low = bytearray(size)  # the smallest share of any meld holding the card
        plain = bytearray(size)  # the best share in a pair of two plain cards
        wild_best = []  # per wild card, its best pair
        baiser_pair = 0
        conj = 0
        for c in range(size):
            low[c] = _NO_MELD
            if in_conjunction(deck, c):
                conj += 1
        for a in range(size):
            for b in range(a + 1, size):
                points = pair_points(deck, a, b)  # the default readings take the most pairs
                if not points:
                    continue
                share = points * _TWELFTHS // 2
                for c in (a, b):
                    if share < low[c]:
                        low[c] = share
                ka = kind[a]
                kb = kind[b]
                if a == baiser or b == baiser:
                    baiser_pair = max(baiser_pair, points)
                elif ka != K_WILD and kb != K_WILD and ka != K_PERSONNAGE and kb != K_PERSONNAGE:
                    plain[a] = max(plain[a], share)
                    plain[b] = max(plain[b], share)
        for w in range(size):
            if kind[w] == K_WILD:
                best = 0
                for c in range(size):
                    if c != w:
                        best = max(best, pair_points(deck, w, c))
                wild_best.append(best)
        # The Baiser's triplet takes any two cards: 2 points, 10 with a soleil figure.
        triplet_low = PTS_TRIPLET * _TWELFTHS // 3
        for c in range(size):
            if triplet_low < low[c]:
                low[c] = triplet_low
            if kind[c] == K_PERSONNAGE:
                low[c] = min(low[c], PTS_GRAND_TOMBEAU * _TWELFTHS // PERSONNAGE_COUNT)
        self.low = low
        self.plain = plain
        self.wild_best = sorted(wild_best)
        # the Baiser's one meld, by its number of cards: doublet, triplet, Rouge
        self.baiser_meld = ((2, baiser_pair), (3, PTS_CONJUNCTION if conj else PTS_TRIPLET), (4, PTS_ROUGE))
        self._cache = {}

    def tables(self, players, wilds_kept, baiser_kept, personnages_kept):
        """(most, least) for what players lay between them: lists indexed by the cards laid; -1
        in most past what can be laid. The cards kept in hand are out: for the most the least
        useful ones, for the fewest the most costly, since which ones they are is not entered."""
        key = (players, wilds_kept, baiser_kept, personnages_kept)
        found = self._cache.get(key)
        if found is not None:
            return found
        kind = self.kind
        plain = []
        lows = []
        wild_lows = []
        for c in range(self.size):
            k = kind[c]
            if k == K_WILD:
                if self.low[c] != _NO_MELD:
                    wild_lows.append(self.low[c])
                continue
            if k == K_PERSONNAGE or (k == K_BAISER and baiser_kept):
                continue
            if self.low[c] != _NO_MELD:
                lows.append(self.low[c])
            if k != K_BAISER:
                plain.append(self.plain[c])
        personnages = PERSONNAGE_COUNT - personnages_kept
        alone = min(players, personnages)
        plain += [PTS_PERSONNAGE * _TWELFTHS] * alone
        plain += [PTS_GRAND_TOMBEAU * _TWELFTHS // PERSONNAGE_COUNT] * (personnages - alone)
        plain.sort()
        plain.reverse()
        plain_sum = [0]
        for share in plain:
            plain_sum.append(plain_sum[-1] + share)
        wilds = list(self.wild_best[wilds_kept:])  # the kept ones are the least useful
        wilds.reverse()
        wild_lows.sort()
        lows += wild_lows[:len(wild_lows) - wilds_kept]
        lows += [self.low[c] for c in range(self.size) if kind[c] == K_PERSONNAGE][:personnages]
        lows.sort()
        cap = len(lows)  # the cards that can be laid at all
        least = [0]
        total = 0
        for share in lows:
            total += share
            least.append(-(-total // _TWELFTHS))
        metas = [(0, 0)] if baiser_kept else [(0, 0)] + list(self.baiser_meld)
        most = []
        for laid in range(cap + 1):
            best = -1
            for cards, points in metas:
                wild_points = 0
                for j in range(len(wilds) + 1):
                    if j:
                        wild_points += wilds[j - 1]
                    rest = laid - cards - 2 * j
                    if rest < 0:
                        break
                    if rest < len(plain_sum):
                        best = max(best, points + wild_points + plain_sum[rest] // _TWELFTHS)
            most.append(best)
        if len(self._cache) >= _CACHED:  # start again: the next deal's entries reach others
            self._cache = {}
        found = (array("h", most), array("h", least))
        self._cache[key] = found
        return found

_bounds = {}  # the deck last played: its DealBounds


def deal_bounds(deck):
    """The deck's DealBounds, shared by every state of it: working them out reads every pair of
    cards, and undo makes a state at every round checkpoint (app.session) or replay."""
    bounds = _bounds.get(deck)
    if bounds is None:
        _bounds.clear()  # one deck at a time: an edited deck file is another
        bounds = _bounds[deck] = DealBounds(deck)
    return bounds


OPTION_DEFAULTS = {"players": 4, "target": 100, "chandelle": "gift"}


def normalize_options(options=None):
    options = options or {}
    check_known_options(options, OPTION_DEFAULTS)
    return {
        "players": option_int(options, "players", 4, MIN_PLAYERS, MAX_PLAYERS),
        "target": option_int(options, "target", 100, 10, 1000),
        "chandelle": option_choice(options, "chandelle", "gift", ("gift", "transfer")),
    }


class State(Scores):  # the seats, their scores and the target read as the card game's
    GAME = GAME
    ROUND_LOG = "deals"  # a deal's entry appended at its end, never changed

    def __init__(self, options=None):
        options = normalize_options(options)
        Scores.__init__(self, options)
        # The deck is read here, not at import: a broken deck file is then a refused game
        # (BadDeck names what is wrong), never a menu that fails to load.
        deck = load_deck()
        self.deck_size = deck.size
        self.max_melds = max_deal_melds(self.deck_size)
        n = self.n
        self.bounds = deal_bounds(deck)
        # Dealt hands of three cards or more: then only the cry (or Grand Tombeau) ends a deal,
        # and the hands show it. A deck edited so small that a hand is dealt two cards does not.
        self.cry_in_hands = self.deck_size // n > ACHERON_CARDS
        self.round = 1
        self.step = ST_PLAY
        self.who = 0  # the seat being entered
        self.melds = [0] * n
        self.cards = [0] * n
        self.wilds = [0] * n
        self.jocrisse = [0] * n  # 0, 10 or 20: the penalty marked this deal
        self.candle = [False] * n
        self.slips = [0] * n  # this deal's naming slips, already taken off scores
        self.deals = []  # per deal, the list of each seat's total
        # what the last finished deal applied besides the numbers, per seat
        self.last_jocrisse = [0] * n
        self.last_candle = [False] * n
        self.last_slips = [0] * n

    # -- the scorekeeper surface ---------------------------------------------------------------
    def current_player(self):
        return TERMINAL if self.step == ST_OVER else TABLE

    def entry_seat(self):
        return self.who if ST_MELDS <= self.step <= ST_ITEMS else -1

    def entry_range(self):
        """What is still possible after the players entered before: the buttons scroll this far,
        from the first value a deal can still end with to the last."""
        step = self.step
        who = self.who
        if step == ST_MELDS:
            low, high = 0, self.max_melds - sum(self.melds[:who])
        elif step == ST_CARDS:
            low, high = 0, self.deck_size - sum(self.cards[:who])
        elif step == ST_WILDS:
            low, high = 0, min(WILD_COUNT - sum(self.wilds[:who]), self.cards[who])
        else:
            return (0, 0)
        while high > low and self._why_no_end(high):
            high -= 1
        while low < high and self._why_no_end(low):
            low += 1
        return (low, high)

    def _entry_limit(self):
        """The most one entry can ever be at this step; beyond it only the range is worth saying."""
        step = self.step
        if step == ST_MELDS:
            return self.max_melds
        if step == ST_CARDS:
            return self.deck_size
        if step == ST_WILDS:
            return min(WILD_COUNT, self.cards[self.who])
        return 0

    def extra_actions(self):
        if self.step == ST_OVER:
            return []
        out = []
        if self.step == ST_ITEMS:  # the sets this player's hand can hold; 0 (none) is the number
            for mask in ITEM_SETS:
                if not self.why_illegal(ITEMS + mask):
                    out.append(ITEMS + mask)
        for s in range(self.n):
            out.append(NAMING + s)
        return out

    def legal_actions(self):
        if self.step == ST_OVER:
            return []
        low, high = self.entry_range()
        acts = [v for v in range(low, high + 1) if not self.why_illegal(v)]
        if self.step == ST_ITEMS:  # one at a time, as earlier firmware entered them
            for action in (JOCRISSE, SOUPIR, CHANDELLE):
                if not self.why_illegal(action):
                    acts.append(action)
        for action in self.extra_actions():
            acts.append(action)
        return acts

    def is_legal(self, action):
        return not self.why_illegal(action)

    def why_illegal(self, action):
        """None when the action is legal now, else why not: (code, args...), a code above."""
        if type(action) is not int:
            return (REFUSE_NOT_INT,)
        step = self.step
        if step == ST_OVER:
            return (REFUSE_OVER,)
        n = self.n
        if NAMING <= action < NAMING + n:
            return None
        who = self.who
        if action == JOCRISSE or action == SOUPIR or action == CHANDELLE:
            if step != ST_ITEMS:
                return (R_ITEMS_LATER,)
            return self._why_item(action, who)
        if ITEMS < action <= ITEMS + (ITEM_SOUPIR | ITEM_CHANDELLE):
            if step != ST_ITEMS:
                return (R_ITEMS_LATER,)
            return self._why_items(action - ITEMS, who)
        limit = self._entry_limit()
        if not 0 <= action <= limit:
            return (R_NUMBER_RANGE, limit)
        if step == ST_MELDS:
            if sum(self.melds[:who]) + action > self.max_melds:
                return (R_MELDS_MOST, self.max_melds)
        elif step == ST_CARDS:
            if sum(self.cards[:who]) + action > self.deck_size:
                return (R_CARDS_MOST, self.deck_size)
        elif step == ST_WILDS:
            if sum(self.wilds[:who]) + action > WILD_COUNT:
                return (R_WILDS_MOST, WILD_COUNT)
        return self._why_no_end(action) if step != ST_PLAY else None

    def _why_item(self, action, who):
        held = self.wilds[who]  # cards of the hand already accounted for
        if self.jocrisse[who]:
            held += 1  # the Baiser
        if self.candle[who]:
            held += 1  # a personnage
        if action == CHANDELLE:
            if self.candle[who]:
                return (R_CANDLE_MARKED,)
            if self.candle.count(True) >= PERSONNAGE_COUNT:
                return (R_PERSONNAGES_MOST, PERSONNAGE_COUNT)
            if held + 1 > self.cards[who]:
                return (R_NO_CARD_PERSONNAGE,)
            return self._why_no_end(action)
        if self.jocrisse[who]:
            return (R_JOCRISSE_MARKED,)
        for s in range(self.n):
            if s != who and self.jocrisse[s]:
                return (R_ONE_BAISER,)
        if held + 1 > self.cards[who]:
            return (R_NO_CARD_BAISER,)
        if action == SOUPIR and self.cards[who] < 2:
            return (R_SOUPIR_CARDS,)
        return self._why_no_end(action)

    def _why_items(self, mask, who):
        """Why this set of items cannot be the player's, or None: each item in turn, as if the
        ones before were marked (they are, for the check, and then unmarked)."""
        if mask & ITEM_JOCRISSE and mask & ITEM_SOUPIR:
            return (R_BAISER_ONE_OF,)
        if self.jocrisse[who] or self.candle[who]:
            return (R_ITEMS_MARKED,)
        why = None
        for bit, action in _ITEM_BITS:
            if mask & bit:
                why = self._why_item(action, who)
                if why:
                    break
                self._mark(action, who)
        self.jocrisse[who] = 0
        self.candle[who] = False
        return why

    def _mark(self, action, who):
        if action == CHANDELLE:
            self.candle[who] = True
        else:
            self.jocrisse[who] = PENALTY_JOCRISSE if action == JOCRISSE else PENALTY_SOUPIR

    def _why_no_end(self, action):
        """None when some end of the deal fits the entries so far with this one (an entry of the
        current step), else why none does. The players after are free to enter anything."""
        step = self.step
        who = self.who
        points = top = held = small = wilds = candles = 0
        baiser = False
        for s in range(who + 1):
            melds = action if s == who and step == ST_MELDS else self.melds[s]
            points += melds
            top = max(top, melds)
            if s == who and step == ST_MELDS:
                break
            cards = action if s == who and step == ST_CARDS else self.cards[s]
            held += cards
            if cards <= ACHERON_CARDS:
                small += 1
            wilds += action if s == who and step == ST_WILDS else self.wilds[s]
            baiser = baiser or self.jocrisse[s] > 0
            candles += self.candle[s]
        if step == ST_ITEMS:
            if action == JOCRISSE or action == SOUPIR:
                baiser = True
            elif action == CHANDELLE:
                candles += 1
        hands_in = who if step == ST_MELDS else who + 1
        return self._why_no_end_with(points, top, self.n - who - 1, held, self.n - hands_in, small,
                                     wilds, baiser, candles)

    def _why_no_end_with(self, points, top, melds_left, held, hands_left, small, wilds, baiser,
                         candles):
        """The check of _why_no_end on the totals: the points entered so far and the most one
        player laid (50 or more: Grand Tombeau may have ended the deal), how many players are
        still to enter their melds and their hand, the cards in the hands entered and how many of
        those hold two cards or fewer, the wild cards, Baiser and personnages known in hand."""
        size = self.deck_size
        most, least = self.bounds.tables(self.n, wilds, baiser, candles)
        alone = self.bounds.tables(1, wilds, baiser, candles)[0]  # what one player can lay
        grand = top >= PTS_GRAND_TOMBEAU
        cry = self.cry_in_hands
        if cry and small > 1:
            return (R_ONE_SHORT_HAND,)
        shaped = too_many = grand_short = False
        free = size - held  # the cards out of the hands entered: laid, or in the hands to come
        last = len(most) - 1  # the most cards that can be laid at all
        for short in range(2 if cry else 1):  # how many of the hands to come end the deal
            if short > hands_left or small + short > 1:
                break
            need = 0  # the points a player still to enter must lay for Grand Tombeau
            if cry:
                big = hands_left - short
                rest_low = 3 * big
                rest_high = free if big else ACHERON_CARDS * short
                if small + short == 0:  # no cry: Grand Tombeau laid the four personnages
                    if candles or not (grand or melds_left):
                        continue
                    if not grand:
                        need = PTS_GRAND_TOMBEAU
            else:
                rest_low = 0
                rest_high = free if hands_left else 0
            for laid in range(max(0, free - rest_high), min(free - rest_low, last) + 1):
                shaped = True
                high = min(most[laid], self.max_melds)
                if points > high or top > alone[laid]:
                    too_many = True
                elif points + need > high:
                    grand_short = True
                elif melds_left or points >= least[laid]:
                    if max(points + need, least[laid]) <= high:
                        return None
        if not shaped:
            if small == 0 and hands_left == 0:
                return (R_TOMBEAU_NO_CANDLE,) if grand and candles else (R_SHORT_OR_TOMBEAU,)
            return (R_OTHERS_NEED_3,)
        if too_many:
            for laid in range(1, len(most)):
                if most[laid] >= points and alone[laid] >= top:
                    shown = points if most[laid - 1] < points else top  # the total, or one player's
                    return (R_POINTS_NEED_CARDS, shown, laid)
            if alone[-1] < top:
                return (R_NO_PLAYER_LAYS, top)
            return (R_NO_DEAL_LAYS, points)
        if grand_short:
            return (R_SHORT_OR_TOMBEAU,)
        if hands_left == 0:
            laid = size - held
            return (R_LAID_SCORE_LEAST, laid, least[laid])
        return (R_TOO_FEW_POINTS,)

    def apply(self, action):
        if type(action) is not int or not self.is_legal(action):
            why = self.why_illegal(action) if type(action) is int else (REFUSE_NOT_INT,)
            raise IllegalAction(self, action, why)
        self._fact_count = 0
        self._apply(action)
        self.moves.append(action)

    def _apply(self, action):
        n = self.n
        if NAMING <= action < NAMING + n:
            seat = action - NAMING
            self.slips[seat] += 1
            self.scores[seat] -= PENALTY_SLIP
            self.tell(F_SLIP, seat)
            return
        who = self.who
        if action == JOCRISSE or action == SOUPIR or action == CHANDELLE:
            self._mark(action, who)
            self._tell_item(action, who)
            return
        step = self.step
        if action > ITEMS:  # a set of items, then on to the next player
            for bit, item in _ITEM_BITS:
                if (action - ITEMS) & bit:
                    self._mark(item, who)
                    self._tell_item(item, who)
            self.step = self._next_player()
            return
        if step == ST_PLAY:
            self.tell(F_PLAYED, self.round)
            self.who = 0
            self.step = ST_MELDS
            return
        if step != ST_ITEMS:
            self.tell(F_ENTRY, who, step, action)
        if step == ST_MELDS:
            self.melds[who] = action
            self.step = ST_CARDS
        elif step == ST_CARDS:
            self.cards[who] = action
            self.step = ST_WILDS if action else self._next_player()
        elif step == ST_WILDS:
            self.wilds[who] = action
            self.step = ST_ITEMS
        elif step == ST_ITEMS:
            self.step = self._next_player()

    def _tell_item(self, item, who):
        """The item just marked, told as the card game tells it at a deal's end."""
        if item == CHANDELLE:
            self.tell(F_CANDLE, 1 << who, CHANDELLE_GIFT)
        else:
            self.tell(F_JOCRISSE, who, self.jocrisse[who])

    def _next_player(self):
        self.who += 1
        if self.who < self.n:
            return ST_MELDS
        self._close_deal()
        return ST_OVER if max(self.scores) >= self.options["target"] else ST_PLAY

    def deal_rows(self):
        """This deal's breakdown per seat, as entered so far."""
        n = self.n
        transfer = self.options["chandelle"] == "transfer"
        rows = []
        for s in range(n):
            gifts = 0
            for giver in range(n):
                if self.candle[giver] and giver != s:
                    gifts += CHANDELLE_GIFT
            if transfer and self.candle[s]:
                gifts -= CHANDELLE_GIFT * (n - 1)
            row = {
                "laid": self.melds[s],
                "cards": -PENALTY_CARD * self.cards[s],
                "wilds": -PENALTY_WILD_EXTRA * self.wilds[s],
                "jocrisse": -self.jocrisse[s],
                "slips": -PENALTY_SLIP * self.slips[s],
                "chandelle": gifts,
            }
            total = 0
            for key in row:
                total += row[key]
            row["total"] = total
            rows.append(row)
        return rows

    def _close_deal(self):
        rows = self.deal_rows()
        totals = []
        for s in range(self.n):
            total = rows[s]["total"]
            totals.append(total)
            # the slips were taken off as they happened
            self.scores[s] += total - rows[s]["slips"]
        for s in range(self.n):
            self.tell(F_POINTS, s, totals[s], short_arg(self.scores[s]))
        if max(self.scores) >= self.options["target"]:
            tell_over(self, self.scores)
        self.deals.append(totals)
        self.last_jocrisse = list(self.jocrisse)
        self.last_candle = list(self.candle)
        self.last_slips = list(self.slips)
        self._clear_deal()

    def _clear_deal(self):
        for s in range(self.n):
            self.melds[s] = 0
            self.cards[s] = 0
            self.wilds[s] = 0
            self.jocrisse[s] = 0
            self.candle[s] = False
            self.slips[s] = 0
        self.who = 0
        if max(self.scores) < self.options["target"]:
            self.round += 1

    # -- the common game surface ---------------------------------------------------------------
    def returns(self):
        if self.step != ST_OVER:
            return [0] * self.n
        return list(self.scores)

    def winners(self):
        return leaders(self.scores) if self.is_over() else []  # the contract: none before the end

    def last_deal_totals(self):
        return list(self.deals[-1]) if self.deals else None

    def action_name(self, action):
        if not isinstance(action, int):
            return repr(action)
        if NAMING <= action < NAMING + self.n:
            return "name slip seat %d" % (action - NAMING)
        if action == JOCRISSE:
            return "Jocrisse -10"
        if action == SOUPIR:
            return "Soupir+Joc -20"
        if action == CHANDELLE:
            return "Chandelle"
        if ITEMS < action <= ITEMS + (ITEM_SOUPIR | ITEM_CHANDELLE):
            return "items " + "+".join([self.action_name(item) for bit, item in _ITEM_BITS
                                        if (action - ITEMS) & bit])
        return "enter %d" % action

    def phase_name(self):
        return _STEP_NAMES[self.step]

    def view(self, seat=-1):
        return {
            "game": GAME,
            "players": self.n,
            "round": self.round,
            "phase": _STEP_NAMES[self.step],
            "entry_seat": self.entry_seat(),
            "scores": list(self.scores),
            "target": self.options["target"],
            "deal": self.deal_rows(),
            "deals": [list(d) for d in self.deals],
        }

    def to_dict(self):
        return {
            "game": GAME,
            "options": self.options,
            "moves": list(self.moves),
            "scores": list(self.scores),
            "round": self.round,
            "step": self.step,
            "who": self.who,
            "melds": list(self.melds),
            "cards": list(self.cards),
            "wilds": list(self.wilds),
            "jocrisse": list(self.jocrisse),
            "candle": list(self.candle),
            "slips": list(self.slips),
            "deals": [list(d) for d in self.deals],
            "last_jocrisse": list(self.last_jocrisse),
            "last_candle": list(self.last_candle),
            "last_slips": list(self.last_slips),
        }


def from_dict(data):
    """Rebuild a state from to_dict() output, refusing anything that does not add up.

    Raises BadRecord naming the first field that is wrong (docs/FORMATS.md).
    """
    state = new_from(State, data)
    n = state.n
    state.scores = read_ints(data, "scores", n, -SCORE_LIMIT, SCORE_LIMIT)
    state.round = read_int(data, "round", 1, 0xFFFF)
    state.step = read_int(data, "step", ST_PLAY, ST_OVER)
    state.who = read_int(data, "who", 0, n - 1)
    state.melds = read_ints(data, "melds", n, 0, state.max_melds)
    state.cards = read_ints(data, "cards", n, 0, state.deck_size)
    state.wilds = read_ints(data, "wilds", n, 0, WILD_COUNT)
    state.jocrisse = read_ints(data, "jocrisse", n, 0, PENALTY_SOUPIR)
    state.candle = read_bools(data, "candle", n)
    state.slips = read_ints(data, "slips", n, 0, 0xFFFF)
    deals = data.get("deals")
    if type(deals) is not list:
        raise BadRecord("deals must be a list of per-seat totals, got %r" % (deals,))
    state.deals = [read_ints({"deals": d}, "deals", n, -SCORE_LIMIT, SCORE_LIMIT) for d in deals]
    state.last_jocrisse = read_ints(data, "last_jocrisse", n, 0, PENALTY_SOUPIR)
    state.last_candle = read_bools(data, "last_candle", n)
    state.last_slips = read_ints(data, "last_slips", n, 0, 0xFFFF)
    # What a deal's entries can be so far: nothing past the seat being entered, and that seat's
    # only up to the step reached.
    for s in range(n):
        for key in ("jocrisse", "last_jocrisse"):
            value = getattr(state, key)[s]
            if value not in (0, PENALTY_JOCRISSE, PENALTY_SOUPIR):
                raise BadRecord("%s holds %d: 0, %d or %d" % (key, value, PENALTY_JOCRISSE, PENALTY_SOUPIR))
        reached = ST_OVER if s < state.who else state.step if s == state.who else ST_PLAY
        if state.step == ST_PLAY or state.step == ST_OVER:
            reached = ST_PLAY
        if (reached <= ST_MELDS and state.melds[s]) or (reached <= ST_CARDS and state.cards[s]) or (
                reached <= ST_WILDS and state.wilds[s]) or (reached <= ST_WILDS and (
                    state.jocrisse[s] or state.candle[s])) or state.wilds[s] > state.cards[s]:
            raise BadRecord("seat %d holds entries the %s step has not reached" % (s, state.phase_name()))
    return state


__all__ = ["State", "from_dict", "normalize_options"]
