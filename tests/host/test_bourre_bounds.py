"""Which tricks a La Bourre deal can give, found by search: the scorekeeper accepts exactly those.

Two searches meet. From above: an exhaustive search of every way a deal can run, cards left
abstract, finds the most tricks a seat can take and the most a deal can hold. From below: for each
vector of tricks within those bounds, a search finds a deal that produces it, gives the seats real
cards for it, and plays it through the card engine, which has to agree on every turn and on the
tricks. Then the scorekeeper is walked through every entry it accepts: the vectors it takes, for
each table size and whoever leads, must be exactly those the card engine produced.

The bounds found: 3 tricks for a player, 2 for the deal's leader, 5n/2 (rounded down) in all.
"""

import sys

from games.bourre.rules import STAND, STRENGTH
from games.bourre.rules import State as CardState
from games.bourre.score import State as ScoreState

SIZES = (2, 3, 4, 5, 6)
HAND = 5
SUITS = 4
SUIT_CARDS = 8
BY_STRENGTH = [rank for s in range(SUIT_CARDS) for rank in range(13) if STRENGTH[rank] == s]


# -- from above: every way a deal can run --------------------------------------------------------
def most_tricks(n):
    """The most tricks each seat can take in a deal (seat 0 leads it), and the most in all.

    The search plays the rules with the cards left abstract, so that it covers every real deal: a
    trick starts with its leader's card; after each card, any other seat that still has cards may
    play next (in the game it is the first seat round the table holding a higher card of the suit,
    whichever that is), or nobody does and the trick ends. A lone card is dead and the seat after
    the one who led leads next; otherwise the last to play takes the trick and leads next. A lead
    that falls to a seat with no cards goes on round the table, and the deal ends when fewer than
    two seats hold cards. The search is exhaustive over that model (memoised on the cards each seat
    holds, the last seat to play and whether the trick has two cards yet).
    """
    memo = {}
    nothing = (0,) * (n + 1)

    def lead(counts, seat):
        held = list(counts)
        held[seat] -= 1
        return after_card(tuple(held), seat, False)

    def after_card(counts, last, taken):
        key = (counts, last, taken)
        best = memo.get(key)
        if best is not None:
            return best
        # nobody plays on: the trick ends
        following = last if taken else (last + 1) % n
        if sum(1 for c in counts if c) >= 2:
            while counts[following] == 0:
                following = (following + 1) % n
            rest = lead(counts, following)
        else:
            rest = nothing
        best = list(rest)
        if taken:
            best[last] += 1
            best[n] += 1
        # or another seat with cards plays on
        for seat in range(n):
            if seat != last and counts[seat]:
                held = list(counts)
                held[seat] -= 1
                rest = after_card(tuple(held), seat, True)
                for i in range(n + 1):
                    if rest[i] > best[i]:
                        best[i] = rest[i]
        best = tuple(best)
        memo[key] = best
        return best

    return lead((HAND,) * n, 0)


# -- from below: a real deal for every vector within the bounds ---------------------------------
def within_bounds(n):
    """Every vector of tricks with at most 2 for seat 0 (the leader), 3 for others, 5n/2 in all."""
    vectors = [()]
    for seat in range(n):
        top = 2 if seat == 0 else 3
        vectors = [v + (t,) for v in vectors for t in range(top + 1)]
    return [v for v in vectors if sum(v) <= HAND * n // 2]


def plan_deal(n, target):
    """Tricks that give each seat target[seat] (seat 0 leads), or None.

    Each trick is (seats in the order they play, suit, cards of that suit used before). Its cards
    are consecutive in one suit, and a suit's later tricks take lower cards: so a seat passed over
    holds no higher card of the suit, and nobody can play on when the trick should end. The search
    tries a lead nobody beats, a lead beaten once, and a lead beaten twice.
    """
    failed = set()

    def search(counts, leader, got, room, tricks):
        key = (counts, leader, got, room)
        if key in failed:
            return None
        cards_left = sum(counts)
        wanted = 0
        for seat in range(n):
            need = target[seat] - got[seat]
            # each trick taken after the first costs its taker two cards, as it leads the next
            most = counts[seat] // 2 if seat == leader else (counts[seat] + 1) // 2
            if need < 0 or need > most:
                failed.add(key)
                return None
            wanted += need
        if wanted > cards_left // 2:
            failed.add(key)
            return None
        moves = [((leader,), -1)]
        for second in range(n):
            if second != leader and counts[second]:
                moves.append(((leader, second), second))
                for third in range(n):
                    if third != second and counts[third]:
                        moves.append(((leader, second, third), third))
        # first the tricks that go to a seat still short of its target
        moves.sort(key=lambda m: (not (m[1] >= 0 and got[m[1]] < target[m[1]]), len(m[0])))
        for seats, taker in moves:
            held = list(counts)
            for seat in seats:
                held[seat] -= 1
            if min(held) < 0:
                continue
            suits = [s for s in range(SUITS) if room[s] >= len(seats)]
            if not suits:
                continue
            suit = min(suits, key=lambda s: room[s])  # the fullest suit it still fits in
            left = list(room)
            left[suit] -= len(seats)
            took = list(got)
            if taker >= 0:
                took[taker] += 1
                following = taker
            else:
                following = (leader + 1) % n
            trick = (seats, suit, SUIT_CARDS - room[suit])
            held = tuple(held)
            if sum(1 for c in held if c) >= 2:
                while held[following] == 0:
                    following = (following + 1) % n
                found = search(held, following, tuple(took), tuple(left), tricks + [trick])
                if found is not None:
                    return found
            elif tuple(took) == tuple(target):
                return tricks + [trick], held, left
        failed.add(key)
        return None

    return search((HAND,) * n, 0, (0,) * n, (SUIT_CARDS,) * SUITS, [])


def play_deal(n, planned):
    """Deal the planned cards (seat 0 leads), stand pat, play the tricks; the engine's tricks."""
    tricks, left, room = planned
    hands = [[] for _ in range(n)]
    plays = []
    for seats, suit, used in tricks:
        low = SUIT_CARDS - used - len(seats)  # the strength of the trick's first card
        for i, seat in enumerate(seats):
            card = BY_STRENGTH[low + i] * 4 + suit
            hands[seat].append(card)
            plays.append((seat, card))
    # a lone player's last cards: the lowest of the suits, beating nothing that was played
    spare = [BY_STRENGTH[s] * 4 + suit for suit in range(SUITS) for s in range(room[suit])]
    for seat in range(n):
        for _ in range(left[seat]):
            hands[seat].append(spare.pop())
    state = CardState({"players": n, "deals": 1})
    for i in range(HAND * n):
        state.apply(hands[i % n][i // n])
    for _ in range(n):
        state.apply(STAND)
    for seat, card in plays:
        assert state.current_player() == seat, (planned, seat, card)
        state.apply(card)
    assert state.is_over()
    return tuple(state.tricks)


def test_the_most_tricks_a_seat_and_a_deal_can_hold():
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 2000))
    for n in SIZES:
        assert most_tricks(n) == (2,) + (3,) * (n - 1) + (HAND * n // 2,), n


def test_every_vector_within_the_bounds_comes_from_a_real_deal():
    for n in SIZES:
        for target in within_bounds(n):
            planned = plan_deal(n, target)
            assert planned is not None, target
            assert play_deal(n, planned) == target


def accepted_vectors(state):
    """Every deal's entries the scorekeeper accepts from here, from its leader round the table."""
    vectors = []
    for value in state.legal_actions():
        copy = ScoreState(state.options)
        for move in state.moves:
            copy.apply(move)
        copy.apply(value)
        if copy.entered == 0:  # that was the deal's last entry
            vectors.append((value,))
        else:
            vectors += [(value,) + rest for rest in accepted_vectors(copy)]
    return vectors


def test_the_scorekeeper_accepts_exactly_what_a_deal_can_give():
    for n in SIZES:
        possible = sorted(within_bounds(n))
        for eldest in range(n):
            state = ScoreState({"players": n, "deals": 2, "eldest": eldest})
            assert sorted(accepted_vectors(state)) == possible, (n, eldest)
        # deal 2 is led by the next seat: its entries start there, with the same bounds
        state.apply(0)
        for _ in range(n - 1):
            state.apply(0)
        assert state.round == 2 and state.entry_seat() == (eldest + 1) % n
        assert sorted(accepted_vectors(state)) == possible, n
