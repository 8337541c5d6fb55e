"""Bots for Tanturlurette (deck mode: a bot needs to see its card).

Every bot reads the state only through what its seat may know: its own card, the card offered to
it, and the cards it has legitimately seen this round (state.seen for its seat).
"""

from engine.cards import DECK_SIZE
from engine.core import RandomBot

from games.tanturlurette.policy import THRESHOLDS
from games.tanturlurette.rules import (
    CHOICES,
    KEEP,
    PH_KEEP_OR_DRAW,
    PH_OFFER,
    PH_REENTRY,
    REENTER,
    RETIRE,
)


def _choices(bot, state):
    """The phase's (keep, change) pair of actions; a phase without one is not for a bot."""
    choices = CHOICES[state.phase]
    if not choices:
        raise ValueError("%s bot asked to act in phase %s" % (bot.name, state.phase_name()))
    return choices


def _reentry(state):
    """A new stake is worth it while the pot shared among the players left exceeds it.

    A house cap on re-entries (reentry_cap) is the engine's: it never asks a capped seat.
    """
    return REENTER if state.pot() >= state.out.count(False) else RETIRE


class ThresholdBot:
    """Keeps any card of rank `threshold` or better (0 = Ace ... 12 = King); otherwise changes."""

    name = "threshold"

    def __init__(self, threshold=6):
        self.threshold = threshold

    def choose(self, state, seat, rng):
        if state.phase == PH_REENTRY:
            return REENTER
        keep, change = _choices(self, state)
        card = state.offer if state.phase == PH_OFFER else state.hand[seat]
        return keep if card >> 2 >= self.threshold else change


class CountingBot:
    """Uses what it has seen to estimate its chance of holding the lowest card.

    It counts the cards it has not seen this round (its own, what it received in a swap, the
    cards it refused, the dealer's shown cards, a King shown under king_blocks) and knows where
    the cards it has seen went (swaps and takes are public). A player it knows holds a lower rank
    makes it safe. Otherwise, with k other players whose cards it does not know, the chance that
    rank r is the lowest (ties lose too) is about (share of unseen cards ranked r or more) ** k.
    It keeps, takes or changes, whichever leaves the smaller chance; a draw is worth the best of
    up to three cards, the last one forced.
    """

    name = "counting"

    def __init__(self):
        self.unseen = bytearray(13)  # per rank, the cards this seat has not seen
        self.lose = [0.0] * 13  # per rank, the estimated chance that it is the lowest
        self.total = 0

    def choose(self, state, seat, rng):
        phase = state.phase
        if phase == PH_REENTRY:
            return _reentry(state)
        keep, change = _choices(self, state)
        unknown = self._estimate(state, seat)
        card = state.offer if phase == PH_OFFER else state.hand[seat]
        mine = self.lose[card >> 2]
        if phase != PH_OFFER and (unknown == 0 or mine == 0.0):
            return KEEP
        # the chance of losing with a card it has not seen: the neighbour's, or one turned up
        fresh = self._expected(2.0)
        if phase == PH_OFFER:
            if state.drawn < 2:  # refusing leads to the remaining cards, the last of which is kept
                fresh = self._expected(fresh)
        elif phase == PH_KEEP_OR_DRAW:  # the best of up to three cards
            fresh = self._expected(self._expected(fresh))
        # keep (or take) unless a change loses less often
        return keep if mine <= fresh else change

    def _estimate(self, state, seat):
        """Fill unseen and lose for this seat; return how many others' cards it does not know."""
        seen = state.seen
        base = seat * DECK_SIZE
        unseen = self.unseen
        for r in range(13):
            unseen[r] = 4
        total = DECK_SIZE
        for card in range(DECK_SIZE):
            if seen[base + card]:
                unseen[card >> 2] -= 1
                total -= 1
        hand = state.hand
        lowest_known = 13
        unknown = 0
        for other in state.order:
            if other != seat:
                card = hand[other]
                if seen[base + card]:
                    if card >> 2 < lowest_known:
                        lowest_known = card >> 2
                else:
                    unknown += 1
        self.total = total
        lose = self.lose
        at_least = 0
        for r in range(12, -1, -1):  # down from the King: at_least counts ranks r and up
            at_least += unseen[r]
            lose[r] = 0.0 if lowest_known < r or total == 0 else (at_least / total) ** unknown
        return unknown

    def _expected(self, cap):
        """The chance of losing with a fresh unseen card, given up for `cap` when worse."""
        unseen = self.unseen
        lose = self.lose
        total = self.total
        if total == 0:
            return cap
        acc = 0.0
        for r in range(13):
            if unseen[r]:
                acc += unseen[r] * (lose[r] if lose[r] < cap else cap)
        return acc / total


def policy_index(live, turn, step, safe, king_blocks):
    """Where a decision's threshold lies in a policy table (games.tanturlurette.policy's layout).

    live: the live players (2..8), turn: the decider's place in the order of play (0 plays first,
    live - 1 is the dealer), step: 0 for keep/swap or keep/draw, 1 or 2 for the offer of the first
    or second card drawn, safe: 1 when the seat knows a live player holds a lower rank.
    """
    return ((((king_blocks * 7 + live - 2) * 8 + turn) * 3 + step) * 2) + safe


def knows_a_lower_rank(state, seat, rank):
    """Whether seat has seen, in another live player's hand, a card ranked below rank."""
    seen = state.seen
    base = seat * DECK_SIZE
    hand = state.hand
    for other in state.order:
        if other != seat:
            card = hand[other]
            if card >> 2 < rank and seen[base + card]:
                return True
    return False


class PositionBot:
    """Keeps a card when its rank reaches the threshold its place in the round was given.

    The thresholds come from games.tanturlurette.policy, a table tests/tools/tant_policy.py
    computes by simulation: per number of live players, place in the order of play, step of the
    turn (keep or change, first or second card drawn), king_blocks, and whether the seat knows a
    live player holds a lower rank. A place late in the order keeps lower cards than an early one:
    the players before it have already kept or improved theirs, which a count of unseen cards
    that treats them as random misses. It sees what CountingBot sees: its own card, the card
    offered to it, and the cards it has seen this round.
    """

    name = "position"

    def __init__(self, thresholds=THRESHOLDS):
        self.thresholds = thresholds

    def choose(self, state, seat, rng):
        if state.phase == PH_REENTRY:
            return _reentry(state)
        keep, change = _choices(self, state)
        at, rank = self.entry(state, seat)
        return keep if rank >= self.thresholds[at] else change

    def entry(self, state, seat):
        """(where the decision's threshold lies in the table, the rank it is compared with)."""
        offered = state.phase == PH_OFFER
        rank = (state.offer if offered else state.hand[seat]) >> 2
        at = policy_index(len(state.order), state.turn, state.drawn if offered else 0,
                          1 if knows_a_lower_rank(state, seat, rank) else 0,
                          1 if state.options["king_blocks"] else 0)
        return at, rank


def _beginner():
    from engine.beginner import BeginnerBot  # loaded only when a beginner is seated

    return BeginnerBot(PositionBot(), RandomBot())


BOTS = {"position": PositionBot, "threshold": ThresholdBot, "counting": CountingBot, "random": RandomBot,
        "beginner": _beginner}

