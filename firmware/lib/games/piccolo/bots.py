"""Bots for Piccolo. They read their own hand and the public table only (bids, tricks played,
the spread hand of a sur-table contract).

The plan: bid what the hand's sure tricks are worth (a trick brings 7 points on average: 70 / 10),
name the longest strong suit as trump, put short weak cards aside to make voids, then win tricks
cheaply, smear points on a partner's winning trick and duck when playing a misère or piccolo.
"""

from engine.core import RandomBot

from games.piccolo.rules import (
    BID,
    GENERALE,
    MIN_BID,
    MISERE,
    PASS,
    PH_BID,
    PH_DISCARD,
    PH_PLAY,
    PH_TRUMP,
    PICCOLO,
    PICCOLO_TABLE,
    PIQUET_DECK,
    POINTS,
    STRENGTH,
    TRUMP,
    is_contract,
    top_level,
    valid_level,
)

_QUEEN = 4  # strength of a Queen: anything from it up can take a trick in a misère


def _suit_cards(hand, suit):
    return sorted([c for c in hand if c & 3 == suit], key=lambda c: -STRENGTH[c >> 2])


def _sure_tricks(cards):
    """Cards that win from the top of a suit: 10, then A, then K... held in sequence."""
    sure = 0
    for i in range(len(cards)):
        if STRENGTH[cards[i] >> 2] == 7 - i:
            sure += 1
        else:
            break
    return sure


def best_trump(hand):
    best = 0
    best_score = -1
    for suit in range(4):
        cards = _suit_cards(hand, suit)
        score = len(cards) * 3 + _sure_tricks(cards) * 2
        for c in cards:
            score += POINTS[c >> 2]
        if score > best_score:
            best_score = score
            best = suit
    return best


def estimate_points(hand):
    """What the hand should make with its best trump: 7 points a likely trick, plus the tourne."""
    trump = best_trump(hand)
    tricks = 0.0
    for suit in range(4):
        cards = _suit_cards(hand, suit)
        sure = _sure_tricks(cards)
        tricks += sure
        if suit == trump:
            tricks += 0.6 * max(0, len(cards) - sure - 1)
    return int(7 * tricks) + 10


def _danger(hand):
    return len([c for c in hand if STRENGTH[c >> 2] >= _QUEEN])


class PlanBot:
    name = "plan"

    def choose(self, state, seat, rng):
        phase = state.phase
        hand = state.hands[seat]
        if phase == PH_BID:
            return self._bid(state, hand)
        if phase == PH_DISCARD:
            return self._discard(state, hand)
        if phase == PH_TRUMP:
            return TRUMP + best_trump(hand)
        if phase == PH_PLAY:
            return self._play(state, seat)
        raise ValueError("piccolo plan bot asked to act in phase " + state.phase_name())

    def _bid(self, state, hand):
        first = state.high + 1 if state.high else MIN_BID
        danger = _danger(hand)
        if danger == 0 and first <= MISERE:
            return BID + MISERE
        if danger == 1 and first <= PICCOLO:
            return BID + PICCOLO
        est = estimate_points(hand)
        if est >= 70 and valid_level(GENERALE, state.options) and first <= top_level(state.options):
            return BID + GENERALE
        level = first
        while level <= est and is_contract(level):
            level += 1
        if level <= est and level <= 70:
            return BID + level
        return PASS

    def _discard(self, state, hand):
        if is_contract(state.level):
            return max(hand, key=lambda c: STRENGTH[c >> 2])  # shed the cards that take tricks
        trump = best_trump(hand)
        best = hand[0]
        best_key = 999
        for c in hand:
            if c & 3 == trump:
                continue
            length = len([d for d in hand if d & 3 == c & 3])
            # short suits first to make a void; keep the cards that win their suit
            key = length * 10 + STRENGTH[c >> 2]
            if _sure_tricks(_suit_cards(hand, c & 3)) and STRENGTH[c >> 2] >= 5:
                key += 100
            if key < best_key:
                best_key = key
                best = c
        return best

    def _play(self, state, seat):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        taker = state.taker
        level = state.level
        if is_contract(level):
            if seat == taker:
                if (level == PICCOLO or level == PICCOLO_TABLE) and state.tricks[taker] == 0 \
                        and state.trick:
                    wins = _winning(state, legal)
                    if wins and len(state.trick) == len(state.active) - 1:
                        return _lowest(wins)
                return _duck(state, legal)
            return _lowest(legal)
        trick = state.trick
        if not trick:
            if seat == taker and state.trump >= 0:
                lead = _draw_trumps(state, seat, legal)
                if lead >= 0:
                    return lead
            masters = [c for c in legal if _is_master(state, seat, c)]
            if masters:
                return max(masters, key=lambda c: POINTS[c >> 2] * 8 + STRENGTH[c >> 2])
            return _lowest(legal)
        win_seat = state.trick_seats[state.winning_index()]
        last = len(trick) == len(state.active) - 1
        partner_wins = seat != taker and win_seat != taker
        if partner_wins:
            if last or _is_master(state, seat, trick[state.winning_index()]):
                return max(legal, key=lambda c: POINTS[c >> 2] * 8 + STRENGTH[c >> 2])
            return _lowest(legal)
        wins = _winning(state, legal)
        if wins:
            if last:
                return _lowest(wins)
            sure = [c for c in wins if _is_master(state, seat, c)]
            return _lowest(sure) if sure else max(wins, key=lambda c: STRENGTH[c >> 2])
        return _lowest(legal)


def _draw_trumps(state, seat, legal):
    """The taker pulls the adversaries' trumps while some may be left: master trump first."""
    trump = state.trump
    mine = [c for c in legal if c & 3 == trump]
    if not mine:
        return -1
    outside = 0
    for c in PIQUET_DECK:
        if c & 3 == trump and c not in mine and c not in state.discards:
            gone = False
            for w in state.won:
                if c in w:
                    gone = True
                    break
            if not gone:
                outside += 1
    if outside == 0:
        return -1
    top = max(mine, key=lambda c: STRENGTH[c >> 2])
    if _is_master(state, seat, top):
        return top
    return -1


def _winning(state, legal):
    """The legal cards that would win the trick as it stands."""
    trick = state.trick
    best = trick[state.winning_index()]
    trump = state.trump
    out = []
    for c in legal:
        if c & 3 == best & 3:
            if STRENGTH[c >> 2] > STRENGTH[best >> 2]:
                out.append(c)
        elif c & 3 == trump:
            out.append(c)
    return out


def _duck(state, legal):
    """The highest card that does not take the trick; the lowest if every card takes it."""
    if not state.trick:
        return _lowest(legal)
    wins = _winning(state, legal)
    safe = [c for c in legal if c not in wins]
    if safe:
        return max(safe, key=lambda c: STRENGTH[c >> 2])
    return _lowest(legal)


def _lowest(cards):
    return min(cards, key=lambda c: POINTS[c >> 2] * 8 + STRENGTH[c >> 2])


def _is_master(state, seat, card):
    """No unseen card of the suit beats it (the cards gone are the tricks taken and this trick)."""
    suit = card & 3
    s = STRENGTH[card >> 2]
    mine = state.hands[seat]
    for other in PIQUET_DECK:
        if other & 3 == suit and STRENGTH[other >> 2] > s and other not in mine:
            if other in state.trick:
                continue
            gone = False
            for w in state.won:
                if other in w:
                    gone = True
                    break
            if not gone and not (seat == state.taker and other in state.discards):
                return False
    return True


class RandomPlayBot(PlanBot):
    """Bids and discards like the plan bot but plays any legal card: isolates the card play."""

    name = "random-play"

    def choose(self, state, seat, rng):
        if state.phase == PH_PLAY:
            legal = state.legal_actions()
            return legal[rng.below(len(legal))]
        return PlanBot.choose(self, state, seat, rng)


def _beginner():
    from engine.beginner import BeginnerBot  # loaded only when a beginner is seated

    return BeginnerBot(PlanBot(), RandomBot())


BOTS = {"plan": PlanBot, "random": RandomBot, "random-play": RandomPlayBot, "beginner": _beginner}
