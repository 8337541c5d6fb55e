"""Bots for Achéron. Drawing is chance, so a bot only decides what to lay and when to stop.

Every bot reads only what its seat may know: its own hand and what lies on the table.
"""

from games.acheron.rules import (
    CHANDELLE_GIFT,
    END,
    GRAND_TOMBEAU,
    K_PERSONNAGE,
    K_WILD,
    KIND_MASK,
    NAMING,
    PENALTY_CARD,
    PENALTY_WILD_EXTRA,
    PH_LAY,
    PTS_CONJUNCTION,
    ROUGE,
    has_figure,
    is_rouge_queen,
)
from games.acheron.rules import meld_cards as cards_of

_REACH_ROUGE_HAND = 5  # with fewer cards than this, the deal is too close to its end to wait


def relief(state, seat, cards):
    """The end-of-deal deductions a seat avoids by laying these cards."""
    deck = state.deck
    saved = 0
    for c in cards:
        saved += PENALTY_CARD
        if deck.kind[c] == K_WILD:
            saved += PENALTY_WILD_EXTRA
        elif deck.kind[c] == K_PERSONNAGE:
            saved += CHANDELLE_GIFT * (state.n - 1)  # the Chandelle it would otherwise give away
    return saved


def _value(state, seat, action):
    return state.meld_points(action) + relief(state, seat, cards_of(state.deck, action))


class GreedyBot:
    """Lays the meld worth the most now (points plus deductions saved), until none is left."""

    name = "greedy"

    def choose(self, state, seat, rng):
        if state.phase != PH_LAY:
            raise ValueError("greedy bot asked to act in phase " + state.phase_name())
        best = END
        best_value = 0
        for action in state.legal_actions():
            if action == END or action & KIND_MASK == NAMING:
                continue
            value = _value(state, seat, action)
            if value > best_value:
                best = action
                best_value = value
        return best


class MeldBot:
    """Greedy, with the text's big combinations in mind.

    It lays Grand Tombeau and Rouge at once, keeps the Baiser out of 1- and 2-point melds while
    Rouge (20) is within reach, and between melds worth the same keeps its wild cards and the
    Baiser, which pair with whatever is drawn next. (Keeping Orphée and la Reine back for their
    5-point partners was tried and measured worse than plain greed: docs/RULES.md.)
    """

    name = "meld"

    def choose(self, state, seat, rng):
        if state.phase != PH_LAY:
            raise ValueError("meld bot asked to act in phase " + state.phase_name())
        legal = state.legal_actions()
        if GRAND_TOMBEAU in legal:
            return GRAND_TOMBEAU
        deck = state.deck
        hoping_rouge = self._rouge_within_reach(state, state.hands[seat])
        best = END
        best_value = 0
        for action in legal:
            if action == END or action & KIND_MASK == NAMING:
                continue
            if action & KIND_MASK == ROUGE:
                return action
            cards = cards_of(deck, action)
            points = state.meld_points(action)
            if hoping_rouge and deck.baiser in cards and points < PTS_CONJUNCTION:
                continue
            # four steps per point, minus one per flexible card spent: ties keep the jokers
            value = 4 * (points + relief(state, seat, cards))
            for c in cards:
                if c != state.drawn and (c == deck.baiser or deck.kind[c] == K_WILD):
                    value -= 1
            if value > best_value:
                best = action
                best_value = value
        return best

    def _rouge_within_reach(self, state, hand):
        deck = state.deck
        if deck.baiser not in hand or len(hand) < _REACH_ROUGE_HAND:
            return False
        queen = state.options["rouge_queen"]
        have = 0
        if deck.grotte in hand:
            have += 1
        for c in hand:
            if has_figure(deck, c, "prince", None):
                have += 1
                break
        for c in hand:
            if is_rouge_queen(deck, c, queen):
                have += 1
                break
        return have >= 2


class RandomBot:
    """Any legal action (naming slips only when asked): drives property tests into every corner."""

    name = "random"

    def __init__(self, slips=False):
        self.slips = slips

    def choose(self, state, seat, rng):
        legal = state.legal_actions()
        if not self.slips:
            legal = [a for a in legal if a & KIND_MASK != NAMING]
        return legal[rng.below(len(legal))]


def _beginner():
    from engine.beginner import BeginnerBot  # loaded only when a beginner is seated

    return BeginnerBot(MeldBot(), RandomBot())  # its random bot names no penalty slips


BOTS = {"meld": MeldBot, "greedy": GreedyBot, "random": RandomBot, "beginner": _beginner}

