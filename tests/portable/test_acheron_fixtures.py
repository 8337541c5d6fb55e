"""Achéron test fixtures (no tests here): deal chosen hands through the engine's own chance outcomes.

Named test_acheron_* to stay with the Achéron tests; pytest and tests/mprun.py find no test in it.
"""

import json

import games.acheron.rules as A
from engine.core import CHANCE

DECK = A.load_deck()


def card(cid):
    return DECK.ids.index(cid)


def cards(*cids):
    return [card(c) for c in cids]


def hand_sizes(state):
    sizes = [0] * state.n
    for k in range(state.size):
        sizes[state.deal_recipient(k)] += 1
    return sizes


def deal(hands, dealer=None, options=None):
    """A state whose deal gave seat s exactly the cards named in hands[s] plus fillers.

    Hands shorter than the deal are completed with the cards nobody named, in deck order.
    The dealer defaults to the last seat, so seat 0 plays first and draws from the dealer.
    """
    options = dict(options or {})
    n = len(hands)
    options["players"] = n
    state = A.State(options)
    state.apply(n - 1 if dealer is None else dealer)
    named = [cards(*h) for h in hands]
    used = []
    for h in named:
        used.extend(h)
    spare = [c for c in range(state.size) if c not in used]
    sizes = hand_sizes(state)
    for s in range(n):
        if len(named[s]) > sizes[s]:
            raise ValueError("seat %d is dealt %d cards, not %d" % (s, sizes[s], len(named[s])))
        while len(named[s]) < sizes[s]:
            named[s].append(spare.pop(0))
        named[s].reverse()  # popped from the end below: the first named card is dealt first
    k = 0
    while state.current_player() == CHANCE and state.phase == A.PH_DEAL:
        state.apply(named[state.deal_recipient(k)].pop())
        k += 1
    return state


def pair(a, b):
    a, b = card(a), card(b)
    if a > b:
        a, b = b, a
    return A.PAIR | a << 6 | b


def triplet(a, b):
    a, b = card(a), card(b)
    if a > b:
        a, b = b, a
    return A.TRIPLET | a << 6 | b


def rouge(prince, queen):
    return A.ROUGE | card(prince) << 6 | card(queen)


def personnage(cid):
    return A.PERSONNAGE | card(cid)


def draw(state, cid):
    """Play the pending draw with the named card (it must be in the source's hand)."""
    state.apply(card(cid))


def all_cards(state):
    """Every card in hands, stock and on the table, sorted: must be the deck, once each."""
    out = []
    for hand in state.hands:
        out.extend(hand)
    out.extend(state.stock[: state.stock_len])
    out.extend(A.cards_on_table(state))
    return sorted(out)


def json_round_trip(value):
    return json.loads(json.dumps(value))
