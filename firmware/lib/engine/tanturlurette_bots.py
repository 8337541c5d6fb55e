"""Bots for Tanturlurette (deck mode: a bot needs to see its card).

Every bot reads the state only through what its seat may know: its own card, the card offered to
it, and the cards it has legitimately seen this round (card_seen_by).
"""

from engine.cards import DECK_SIZE
from engine.tanturlurette import (
    DRAW,
    KEEP,
    PH_KEEP_OR_DRAW,
    PH_OFFER,
    PH_REENTRY,
    PH_SWAP,
    REENTER,
    REFUSE,
    RETIRE,
    SWAP,
    TAKE,
)


class ThresholdBot:
    """Keeps any card of rank `threshold` or better (0 = Ace ... 12 = King); otherwise changes."""

    name = "threshold"

    def __init__(self, threshold=6):
        self.threshold = threshold

    def choose(self, state, seat, rng):
        phase = state.phase
        mine = state.hand[seat] >> 2
        if phase == PH_SWAP:
            return KEEP if mine >= self.threshold else SWAP
        if phase == PH_KEEP_OR_DRAW:
            return KEEP if mine >= self.threshold else DRAW
        if phase == PH_OFFER:
            return TAKE if state.offer >> 2 >= self.threshold else REFUSE
        if phase == PH_REENTRY:
            return REENTER
        raise ValueError("threshold bot asked to act in phase " + state.phase_name())


class CountingBot:
    """Uses what it has seen: cards given away in swaps, cards it refused, the dealer's shown cards.

    If another live player is known to hold a lower rank, it is safe and keeps. Otherwise it
    changes when a card it has not seen is more likely than not to beat what it holds.
    """

    name = "counting"

    def choose(self, state, seat, rng):
        phase = state.phase
        if phase == PH_REENTRY:
            # A new stake is worth it while the pot is rich compared with the players left.
            return REENTER if state.pot() >= state.live_count() else RETIRE
        mine = state.hand[seat] >> 2
        if phase == PH_OFFER:
            # Refusing means a fresh card: worth it only if a fresh card is likely to be better.
            return REFUSE if _share_unseen_above(state, seat, state.offer >> 2) > 0.5 else TAKE
        if _someone_known_lower(state, seat, mine):
            return KEEP
        change = _share_unseen_above(state, seat, mine) > 0.5
        if phase == PH_SWAP:
            return SWAP if change else KEEP
        if phase == PH_KEEP_OR_DRAW:
            return DRAW if change else KEEP
        raise ValueError("counting bot asked to act in phase " + state.phase_name())


def _someone_known_lower(state, seat, rank):
    hand = state.hand
    for other in state.order:
        if other != seat:
            card = hand[other]
            if card >> 2 < rank and state.card_seen_by(seat, card):
                return True
    return False


def _share_unseen_above(state, seat, rank):
    """The share of the cards this seat has not seen that rank above `rank`."""
    seen = state.seen
    base = seat * DECK_SIZE
    unseen = 0
    above = 0
    for card in range(DECK_SIZE):
        if not seen[base + card]:
            unseen += 1
            if card >> 2 > rank:
                above += 1
    return above / unseen if unseen else 0.0


class RandomBot:
    """Any legal action: drives property tests into every corner."""

    name = "random"

    def choose(self, state, seat, rng):
        legal = state.legal_actions()
        return legal[rng.below(len(legal))]


BOTS = {"threshold": ThresholdBot, "counting": CountingBot, "random": RandomBot}

