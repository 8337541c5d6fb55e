"""Bots for La Bourre. They read their own hand and the public table only.

The plan follows from the climbing rule: a King can never be beaten, so it wins any trick it
joins but dies if it leads; a low lead in a suit where the bot also holds a master card comes back
to it. Weak cards are exchanged for a chance of Kings and Queens, but not for the cards the
seats before put back under the pack (option putback "under"): those are their weakest, so the
bot draws no more cards than were never dealt (the stock).
"""

from engine.core import RandomBot

from games.bourre.rules import (
    DRAW_ONE,
    DRAW_TWO,
    PH_DISCARD,
    PH_EXCHANGE,
    PH_PLAY,
    PIQUET_DECK,
    STAND,
    STRENGTH,
)

_WEAK = 4  # an Ace or lower (strength 0..4) rarely takes a trick


def _is_master(state, seat, card):
    """No card that beats `card` can still be in another player's hand or in the pack.

    The cards this seat put back count as still out there: another seat may have drawn them."""
    suit = card & 3
    s = STRENGTH[card >> 2]
    mine = state.hands[seat]
    seen_out = state.dead
    won = state.won
    for other in PIQUET_DECK:
        if other & 3 == suit and STRENGTH[other >> 2] > s:
            if other not in mine and other not in seen_out and other not in won and \
                    other not in state.trick:
                return False
    return True


class PlanBot:
    name = "plan"

    def choose(self, state, seat, rng):
        phase = state.phase
        hand = state.hands[seat]
        if phase == PH_EXCHANGE:
            weak = 0
            for c in hand:
                if STRENGTH[c >> 2] <= _WEAK:
                    weak += 1
            # drawn at random: the stock (putback "mixed" shuffles the others' rejects into it)
            unseen = state.stock.size
            if weak >= 2 and unseen >= 2:
                return DRAW_TWO
            if weak >= 1 and unseen >= 1:
                return DRAW_ONE
            return STAND
        if phase == PH_DISCARD:
            return _weakest(hand)
        if phase == PH_PLAY:
            legal = state.legal_actions()
            if state.trick:
                masters = [c for c in legal if _is_master(state, seat, c)]
                # a sure winner takes the trick; otherwise climb as cheaply as possible
                return _weakest(masters) if masters else _weakest(legal)
            return self._lead(state, seat, legal)
        raise ValueError("bourre plan bot asked to act in phase " + state.phase_name())

    def _lead(self, state, seat, legal):
        best = legal[0]
        best_score = -10000
        for c in legal:
            suit = c & 3
            s = STRENGTH[c >> 2]
            higher_master = False
            length = 0
            for d in legal:
                if d & 3 == suit:
                    length += 1
                    if STRENGTH[d >> 2] > s and _is_master(state, seat, d):
                        higher_master = True
            # a lead that loses only if nobody answers, and then we climb back over them
            score = (100 if higher_master else 0) + length * 10 + (7 - s)
            if _is_master(state, seat, c):
                score -= 200  # a master lead is never beaten, so it dies
            if score > best_score:
                best_score = score
                best = c
        return best


def _weakest(cards):
    best = cards[0]
    for c in cards:
        if STRENGTH[c >> 2] < STRENGTH[best >> 2]:
            best = c
    return best


def _beginner():
    from engine.beginner import BeginnerBot  # loaded only when a beginner is seated

    return BeginnerBot(PlanBot(), RandomBot())


BOTS = {"plan": PlanBot, "random": RandomBot, "beginner": _beginner}
