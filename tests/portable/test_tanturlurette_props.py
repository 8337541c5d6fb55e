"""Tanturlurette properties over many seeded games, checked at every step; and a golden game.

The same checker drives tests/host/test_tanturlurette_hypothesis.py (hypothesis on CPython); here
it runs seeded loops on both runtimes. What each seat may see is derived here, independently of
the engine's own bookkeeping, from the moves and the visibility rules of docs/RULES.md.
"""

import json

from engine.core import CHANCE, TABLE
from engine.play import play_out, replay
from engine.rng import Rng
from games.tanturlurette.bots import BOTS
from games.tanturlurette.rules import (
    DRAW,
    PH_DEAL,
    PH_KEEP_OR_DRAW,
    PH_REENTRY,
    PH_SWAP,
    PH_TURN_UP,
    REENTER,
    SWAP,
    State,
    from_dict,
)
from support import scaled

BOT_NAMES = ("threshold", "counting", "random")
KING = 12


class Visibility:
    """Who legitimately saw which card this round, rebuilt from the public course of play."""

    def __init__(self, n):
        self.n = n
        self.known = [set() for _ in range(n)]
        self.dealt = 0
        self.drawer = -1

    def new_round(self):
        for cards in self.known:
            cards.clear()
        self.dealt = 0
        self.drawer = -1

    def live_after(self, state, seat):
        s = (seat + 1) % self.n
        while state.out[s]:
            s = (s + 1) % self.n
        return s

    def live_before(self, state, seat):
        s = (seat - 1) % self.n
        while state.out[s]:
            s = (s - 1) % self.n
        return s

    def deal_receiver(self, state):
        # clockwise from the dealer's left, dealer last: against the order of play
        seat = state.dealer
        for _ in range(self.dealt + 1):
            seat = self.live_before(state, seat)
        return seat if self.dealt < state.out.count(False) - 1 else state.dealer

    def show_all(self, card):
        for cards in self.known:
            cards.add(card)

    def before_step(self, state, player, action):
        """Note what this step reveals, judged on the state before it is applied."""
        phase = state.phase
        if phase == PH_DEAL:
            self.known[self.deal_receiver(state)].add(action)
            self.dealt += 1
        elif phase == PH_SWAP and action == SWAP and state.deck_mode:
            neighbour = self.live_after(state, player)
            mine, theirs = state.hand[player], state.hand[neighbour]
            if state.options["king_blocks"] and theirs >> 2 == KING:
                self.show_all(theirs)
            else:
                self.known[player].add(theirs)
                self.known[neighbour].add(mine)
        elif phase == PH_KEEP_OR_DRAW and action == DRAW:
            self.drawer = player
        elif phase == PH_TURN_UP:
            if self.drawer == state.dealer:
                self.show_all(action)
            else:
                self.known[self.drawer].add(action)

    def check_views(self, state):
        for seat in range(self.n):
            view = state.view(seat)
            shown = set(card for card, _where in view["seen"])
            assert shown == self.known[seat], (seat, sorted(shown), sorted(self.known[seat]))
            assert view["card"] == (state.hand[seat] if state.deck_mode else -1)
            if view["card"] >= 0:
                assert view["card"] in self.known[seat]
            assert view["offer"] == -1 or view["offer"] in self.known[seat]


def cards_accounted(state):
    cards = [c for c in state.hand if c >= 0]
    cards += list(state.stock[: state.stock_len]) + list(state.discard[: state.discard_len])
    if state.offer >= 0:
        cards.append(state.offer)
    return sorted(cards) == list(range(52))


def random_options(rng):
    return {
        "players": 4 + rng.below(5),
        "circles": 2 + rng.below(4),
        "reentry": rng.below(4) != 0,
        "king_blocks": rng.below(2) == 1,
        "mode": "board" if rng.below(6) == 0 else "deck",
        "all_tied_move": rng.below(4) == 0,
        "reentry_cap": (0, 0, 1, 2)[rng.below(4)],
    }


def next_action(state, bots, rng):
    """Chance from rng, the table (board mode) at random, the seats by their bots."""
    player = state.current_player()
    if player == CHANCE:
        return state.chance_outcome(rng.below(state.chance_count()))
    if player == TABLE:
        legal = state.legal_actions()
        return legal[rng.below(len(legal))]
    return bots[player].choose(state, player, rng)


def play_checked(seed, options, bot_names, check_views=True, snapshot_step=-1):
    """Play one game with every check; return the final state."""
    state = State(options)
    n = state.n
    bots = [BOTS[bot_names[s % len(bot_names)]]() for s in range(n)]
    if not state.deck_mode:
        bots = [BOTS["random"]() for _ in range(n)]  # bots need their card; random does not
    rng = Rng(seed)
    seen = Visibility(n)
    snapshot = None
    steps = 0
    while not state.is_over():
        assert steps < 50000, "the game does not end"
        if steps == snapshot_step:
            snapshot = (json.loads(json.dumps(state.to_dict())), rng.state)
        player = state.current_player()
        action = next_action(state, bots, rng)
        phase, round_before = state.phase, state.round
        pos_before, stakes_before, out_before = list(state.pos), list(state.stakes), list(state.out)
        seen.before_step(state, player, action)
        cap = state.options["reentry_cap"]
        if phase == PH_REENTRY and cap:
            assert state.reentries(player) < cap  # a capped player is never asked
        state.apply(action)
        steps += 1
        if state.round != round_before:
            seen.new_round()
        for s in range(n):
            if state.pos[s] < pos_before[s]:
                # only a re-entry moves a token back out, and it costs a new stake
                assert phase == PH_REENTRY and player == s and action == REENTER
                assert state.pos[s] == 0 and state.stakes[s] == stakes_before[s] + 1
            else:
                assert state.pos[s] - pos_before[s] in (0, 1)
                assert state.stakes[s] == stakes_before[s]
            assert state.pos[s] <= state.circles
            assert state.out[s] or not out_before[s]  # nobody comes back from elimination
            assert not cap or state.stakes[s] <= cap + 1  # the first token and cap re-entries
        if state.deck_mode and state.round > 0:
            assert cards_accounted(state), (steps, state.to_dict())
        if check_views:
            seen.check_views(state)
    assert sum(state.payout) == state.pot() == sum(state.stakes)
    assert sum(state.returns()) == 0
    live = [s for s in range(n) if not state.out[s]]
    assert len(live) <= 1
    paid = [s for s in range(n) if state.payout[s]]
    if live:
        assert paid == live
    else:  # the last players fell together (all_tied_move only) and share the pot
        assert state.options["all_tied_move"]
        assert paid == sorted(state.order) and state.last_losers == sum(1 << s for s in paid)
    rebuilt = replay(json.loads(json.dumps(state.record())))
    assert rebuilt.to_dict() == state.to_dict()
    if snapshot:
        data, rng_state = snapshot
        resumed = from_dict(data)
        assert resumed.to_dict() == data
        rng = Rng()
        rng.state = rng_state
        while not resumed.is_over():
            resumed.apply(next_action(resumed, bots, rng))
        assert resumed.to_dict() == state.to_dict()
    return state


def test_seeded_random_games_keep_every_invariant():
    picker = Rng(424242)
    games = scaled(150, 40)
    for game in range(games):
        options = random_options(picker)
        names = [BOT_NAMES[picker.below(3)] for _ in range(options["players"])]
        state = play_checked(1000 + game, options, names, check_views=game % 2 == 0,
                             snapshot_step=picker.below(400))
        assert state.is_over()


def test_eight_counting_bots_with_every_option_on():
    state = play_checked(77, {"players": 8, "king_blocks": True, "circles": 5}, ["counting"],
                         snapshot_step=250)
    assert state.round > 10


def test_a_seeded_game_is_the_same_on_every_runtime():
    # golden: computed once; the same file passing on CPython and MicroPython proves identity
    state = State({"players": 6, "king_blocks": True})
    names = ("counting", "threshold", "random", "counting", "threshold", "random")
    rng = Rng(20261130)
    play_out(state, [BOTS[name]() for name in names], rng)
    digest = 0
    for move in state.moves:
        digest = (digest * 31 + move) & 0x3FFFFFFF
    assert state.moves.between(0, 12) == [0, 9, 46, 27, 14, 0, 4, 1, 1, 1, 2, 13]
    assert (len(state.moves), digest, state.round, state.dealer) == (399, 969823836, 31, 1)
    assert state.returns() == [8, -2, -1, -2, -2, -1] and state.stakes == [2, 2, 1, 2, 2, 1]
    assert rng.state == 3824252475
