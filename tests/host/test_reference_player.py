"""The bench's reference player (tests/bench/reference.py): it plays only legal actions, decides
only on what its seat may know, and plays the obvious move where there is one.

What a seat cannot know is re-dealt by the hidden-card tests' own helpers (tests/portable), so
that the reference is held to the device bots' contract, checked the same way.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))

import games.acheron.rules as acheron  # noqa: E402
import games.bourre.rules as bourre  # noqa: E402
import games.piccolo.rules as piccolo  # noqa: E402
from engine.core import CHANCE  # noqa: E402
from engine.rng import Rng  # noqa: E402
from games import game  # noqa: E402
from games.tanturlurette.bots import BOTS as TANT_BOTS  # noqa: E402
from games.tanturlurette.rules import DRAW, KEEP, PH_KEEP_OR_DRAW, PH_SWAP, SWAP  # noqa: E402
from reference import ReferenceBot, world_data  # noqa: E402
from tant_rounds import round_losers, round_start  # noqa: E402
from test_acheron_bots_knowledge import hidden_cards_shuffled as acheron_redealt  # noqa: E402
from test_acheron_bots_knowledge import what_the_seat_saw  # noqa: E402
from test_bourre_bots_knowledge import Deal, hidden_places_differ, play_and_note  # noqa: E402
from test_bourre_bots_knowledge import hidden_cards_redealt as bourre_redealt  # noqa: E402
from test_piccolo_bots_knowledge import hidden_cards_redealt as piccolo_redealt  # noqa: E402
from test_tanturlurette_bots import hidden_cards_shuffled as tant_redealt  # noqa: E402

SAMPLES = 3  # worlds a decision: few, the checks are about what is read, not how well it plays


def bots_of(name):
    return __import__("games.%s.bots" % name, None, None, ["_"]).BOTS


class Checked:
    """A reference that asserts each of its actions is legal where it is played."""

    def __init__(self, samples=SAMPLES):
        self.bot = ReferenceBot(samples)
        self.decisions = 0

    def choose(self, state, seat, rng):
        action = self.bot.choose(state, seat, rng)
        assert action in state.legal_actions(), (state.GAME, state.phase_name(), action, state.legal_actions())
        self.decisions += 1
        return action


def play(state, bots, rng, decide=None, until_round=None):
    """Play on (chance from rng), calling decide(state, seat) before each seat's decision; the
    Bourre re-deals need each deal's history, noted as play goes."""
    deals = []
    while not state.is_over() and (until_round is None or state.round <= until_round):
        seat = state.current_player()
        if seat == CHANCE:
            if state.GAME == "bourre" and state.phase == bourre.PH_DEAL and state.dealt == 0:
                deals.append(Deal(len(state.moves), state.n))
            state.apply(state.chance_outcome(rng.below(state.chance_count())))
            continue
        if state.GAME == "bourre" and state.phase == bourre.PH_PLAY and deals[-1].pack is None:
            deals[-1].pack = list(state.stock.cards[: state.stock.size]) + state.below
        if decide:
            decide(state, seat, deals)
        action = bots[seat].choose(state, seat, rng)
        if state.GAME == "bourre":
            play_and_note(state, deals, action)
        else:
            state.apply(action)


def new_game(name, g):
    if name == "bourre":
        return bourre.State({"players": 4, "deals": 1, "eldest": g % 4})
    if name == "piccolo":
        return piccolo.State({"dealer": g % 4})
    if name == "acheron":
        return acheron.State({"players": 4, "deals": 1})
    return round_start(4, 0)


def test_the_reference_plays_only_legal_actions_in_every_game():
    for name in ("tanturlurette", "bourre", "piccolo", "acheron"):
        default = bots_of(name)[game(name).bot]
        reference = Checked()
        for g in range(4 if name != "tanturlurette" else 16):
            bots = [default() for _ in range(4)]
            bots[(g + 1) % 4] = reference  # Piccolo's dealer, seat g % 4, sits out
            play(new_game(name, g), bots, Rng(7 + g), until_round=1)
        assert reference.decisions >= 8, (name, reference.decisions)


def redeal(state, seat, rng, deals):
    """(the state as seat knows it, its hidden cards dealt afresh; whether any moved)."""
    name = state.GAME
    if name == "tanturlurette":
        other = tant_redealt(state, seat, rng)
        return other, other.hand != state.hand or other.to_dict()["stock"] != state.to_dict()["stock"]
    if name == "bourre":
        other = bourre_redealt(state, seat, deals, rng)
        return other, hidden_places_differ(state, other, seat)
    if name == "piccolo":
        return piccolo_redealt(state, seat, rng)
    chance_at, seen = what_the_seat_saw(state, seat)
    other = acheron_redealt(state, seat, rng, chance_at, seen)
    return other, other.hands != state.hands or other.to_dict()["stock"] != state.to_dict()["stock"]


class Redealer:
    """At a third of the decisions met, re-deals what the seat cannot know twice and checks the
    reference pictures the same worlds and makes the same choice on the same rng."""

    def __init__(self, name, rng):
        self.name = name
        self.rng = rng
        self.checked = 0
        self.differed = 0
        self.phases = set()

    def __call__(self, state, seat, deals):
        rng = self.rng
        if rng.below(3):
            return  # a third of the decisions: enough, and a quick test
        seed = rng.next32()
        choice = ReferenceBot(SAMPLES).choose(state, seat, Rng(seed))
        pictured = world_data(state, seat, Rng(seed))
        for _ in range(2):
            other, differs = redeal(state, seat, rng, deals)
            assert other.view(seat) == state.view(seat)
            assert world_data(other, seat, Rng(seed)) == pictured, (self.name, state.phase_name())
            assert ReferenceBot(SAMPLES).choose(other, seat, Rng(seed)) == choice, (self.name, state.phase_name())
            self.checked += 1
            self.differed += differs
        self.phases.add(state.phase)


def test_the_reference_decides_only_on_what_its_seat_may_know():
    """At decisions along seeded games: the same state with every card the seat cannot know
    re-dealt gives the reference the same worlds and the same choice for the same rng."""
    for name in ("tanturlurette", "bourre", "piccolo", "acheron"):
        default = bots_of(name)[game(name).bot]
        check = Redealer(name, Rng(31))
        for g in range(3 if name != "tanturlurette" else 12):
            play(new_game(name, g), [default() for _ in range(4)], Rng(50 + g), check, until_round=1)
        found = (name, check.checked, check.differed, check.phases)
        assert check.checked >= 10, found
        # a re-deal that left the hidden cards where they were would pass any player
        assert check.differed * 10 >= check.checked * 8, found
        assert len(check.phases) >= (1 if name == "acheron" else 2), found  # Achéron: lay alone


def tant_decisions(wanted):
    """Tanturlurette decisions met in seeded rounds for which wanted(state, seat) holds."""
    found = []
    for seed in range(60):
        state = round_start(4, 0)
        rng = Rng(seed)
        bots = [TANT_BOTS["position"]() for _ in range(4)]
        while state.round == 1:
            seat = state.current_player()
            if seat == CHANCE:
                state.apply(state.chance_outcome(rng.below(state.chance_count())))
                continue
            if wanted(state, seat):
                found.append((state.to_dict(), seat))
            state.apply(bots[seat].choose(state, seat, rng))
    return found


def test_the_reference_keeps_a_king_and_changes_an_ace():
    """A King is never the lowest card: keeping it never loses (ties but all); an Ace always is
    unless another is out: changing it is better. The reference sees it in any world."""
    from games.tanturlurette.rules import from_dict

    kings = tant_decisions(lambda s, seat: s.phase in (PH_SWAP, PH_KEEP_OR_DRAW) and s.hand[seat] >> 2 == 12)
    aces = tant_decisions(lambda s, seat: s.phase in (PH_SWAP, PH_KEEP_OR_DRAW) and s.hand[seat] >> 2 == 0)
    assert len(kings) >= 5 and len(aces) >= 5, (len(kings), len(aces))
    for data, seat in kings:
        assert ReferenceBot(8).choose(from_dict(data), seat, Rng(seat + 1)) == KEEP
    for data, seat in aces:
        state = from_dict(data)
        assert ReferenceBot(8).choose(state, seat, Rng(seat + 1)) == (SWAP if state.phase == PH_SWAP else DRAW)


def test_the_reference_loses_fewer_rounds_than_the_random_bot_among_random_players():
    rounds = 200
    lost = {"reference": 0, "random": 0}
    for kind in lost:
        for r in range(rounds):
            seat = r % 4
            bots = [TANT_BOTS["random"]() for _ in range(4)]
            bots[seat] = ReferenceBot(8) if kind == "reference" else TANT_BOTS["random"]()
            lost[kind] += round_losers(4, 0, 900 + r, bots) >> seat & 1
    # among four alike a seat loses a little over a quarter of the rounds
    assert lost["reference"] * 2 < lost["random"], lost
