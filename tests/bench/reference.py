"""A reference player for the four games, on the host only: a yardstick for the device's bots.

Not firmware, and CPython only (it keeps floats and dicts a decision, and plays hundreds of
deals out for each): tests/bench/bench_vs_reference.py seats it against the device's bots,
tests/host/test_reference_player.py checks it. Its interface is the bots' (engine.play's
play_out): `ReferenceBot(samples).choose(state, seat, rng)` returns a legal action.

Method: determinization, as the hidden-card tests re-deal (tests/portable/
test_{bourre,piccolo,acheron}_bots_knowledge.py, test_tanturlurette_bots.py). At a decision with
more than one action, it draws `samples` worlds: the state with every card its seat cannot know
dealt out at random among the places that card could be (other hands, the pack, the tourne, a
taker's discards), each place keeping its size, which is public. In each world, every action is
played, then the deal (Tanturlurette: the round) is played out by the game's default bot in every
seat, on the same random numbers for every action of that world (paired rollouts: the actions
differ by their consequences, not their luck). The action with the best mean outcome is chosen,
ties to the default bot's choice. The outcome is the seat's own measure:
  tanturlurette  1 when the seat does not lose the round (all tied is nobody's loss), else 0
  bourre         the seat's tricks in the deal
  piccolo        the seat's points in the deal (règle 13: made or beaten contracts)
  acheron        the seat's score in the deal minus the others' mean score in it
A phase with no such stake (Tanturlurette's re-entry) is left to the default bot. Where more than
MAX_ACTIONS actions are legal (Piccolo's bids), it weighs the first, the default bot's and others
spread evenly among the rest.

What it reads (the contract, which the host test checks by re-dealing every hidden card): its own
hand and the public table. A world is made from a state's to_dict() in which every hidden place
is refilled from the hidden cards *sorted*, then shuffled by the decision's own Rng: so the world
depends on which cards are hidden, never on where they really lie; of the record (`moves`,
which holds the deal) it keeps only what all saw and a bot reads: Piccolo's cards played this
deal, in order. What is public but not used: what the others' choices say of their cards (a
keep in Tanturlurette, a bid in Piccolo: the worlds are dealt uniformly, not weighed by how
likely each makes what was seen), the voids shown in La Bourre and Piccolo, and which neighbour
holds an Achéron card drawn from the seat's hand (re-dealt as unknown): the reference is weaker
for it, never better informed.

Chance: choose() draws one number from the game's rng (so a game stays reproducible and the
seat's draws follow the game's), and seeds its own engine.rng.Rng with it for the worlds and
rollouts.
"""

import games
from engine.core import CHANCE, TERMINAL
from engine.rng import Rng

SAMPLES = 8  # worlds a decision: the bench's default
MAX_ACTIONS = 10  # actions weighed at most a decision (Piccolo bids over forty levels)


def _rules(name):
    return __import__("games.%s.rules" % name, None, None, ["_"])


def _default_bots(name):
    """The class of the game's default bot (its descriptor's bot=), the rollouts' policy."""
    bots = __import__("games.%s.bots" % name, None, None, ["_"]).BOTS
    return bots[games.game(name).bot]


# -- what a seat cannot know: (list, index) places in a state's to_dict() -------------------------
def _places_in(places, cards, skip=()):
    for i in range(len(cards)):
        if cards[i] not in skip:
            places.append((cards, i))


def _tanturlurette_hidden(data, seat):
    """Other seats' cards and the stock, but for the cards the seat has seen this round (swaps,
    shown Kings, refused draws: the engine's `seen`), whose holder it knows."""
    known = set(data["seen"][seat])
    places = []
    hand = data["hand"]
    for s in range(len(hand)):
        if s != seat and hand[s] >= 0 and hand[s] not in known:
            places.append((hand, s))
    _places_in(places, data["stock"], known)
    return places


def _tanturlurette_after(data, seat):
    # the others' knowledge follows their new cards: each has seen its own, as the test re-deals
    for s in range(len(data["seen"])):
        if s != seat:
            data["seen"][s] = [data["hand"][s]] if data["hand"][s] >= 0 else []


def _bourre_hidden(data, seat):
    """Other hands and the pack (its stock and what lies under it): the cards the seat put back
    are among them, wherever a later seat's draw took them."""
    places = []
    for s in range(len(data["hands"])):
        if s != seat:
            _places_in(places, data["hands"][s])
    _places_in(places, data["stock"])
    _places_in(places, data["under"])
    return places


def _bourre_after(data, seat):
    # who put back which card is each seat's own: in a world, the others put back none
    for s in range(len(data["discards"])):
        if s != seat:
            data["discards"][s] = []


def _piccolo_hidden(data, seat):
    """Other hands but a sur-table hand once spread, the tourne until taken up, the stock, and
    the taker's discards for anyone but the taker."""
    places = []
    taker = data["taker"]
    for s in range(len(data["hands"])):
        if s != seat and not (data["spread"] and s == taker):
            _places_in(places, data["hands"][s])
    _places_in(places, data["tourne"])
    _places_in(places, data["stock"])
    if seat != taker:
        _places_in(places, data["discards"])
    return places


def _acheron_hidden(data, seat):
    """Other hands and the stock (cards on the table are public)."""
    places = []
    for s in range(len(data["hands"])):
        if s != seat:
            _places_in(places, data["hands"][s])
    _places_in(places, data["stock"])
    return places


def _nothing_after(data, seat):
    pass


# -- the public part of the record: what a world keeps of state.moves ------------------------------
def _no_moves(state):
    return []


def _piccolo_moves(state):
    """The deal's cards played, in order, which the bots read from the tail of the moves (the
    voids shown); the rest of the record holds the deal and the discards."""
    if state.phase != game_of(state).rules.PH_PLAY:
        return []
    played = len(state.active) * sum(state.tricks) + len(state.trick)
    return state.moves.between(len(state.moves) - played, len(state.moves))


# -- the seat's measure: a number from the state before (a snapshot) and after the deal -----------
def _tanturlurette_snapshot(state, seat):
    mask = 0
    for s in state.order:
        mask |= 1 << s
    return mask


def _tanturlurette_outcome(state, seat, live):
    losers = state.last_losers
    if losers == live:
        return 1.0  # all tied: nobody's loss
    return 0.0 if losers >> seat & 1 else 1.0


def _bourre_snapshot(state, seat):
    return state.totals[seat]


def _bourre_outcome(state, seat, totals):
    return float(state.totals[seat] - totals)  # the deal's tricks are added to totals at its end


def _scores_snapshot(state, seat):
    return list(state.scores)


def _piccolo_outcome(state, seat, scores):
    return float(state.scores[seat] - scores[seat])


def _acheron_outcome(state, seat, scores):
    n = len(scores)
    gains = [state.scores[s] - scores[s] for s in range(n)]
    return gains[seat] - (sum(gains) - gains[seat]) / float(n - 1)


class Game:
    """What the reference needs of one game: its rules, the rollouts' bot, where the hidden cards
    lie, the seat's measure, and the phases it leaves to the default bot."""

    def __init__(self, name, hidden, after, snapshot, outcome, skip_phases=(), public_moves=_no_moves):
        self.name = name
        self.public_moves = public_moves
        self.rules = _rules(name)
        self.policy = _default_bots(name)
        self.hidden = hidden
        self.after = after
        self.snapshot = snapshot
        self.outcome = outcome
        self.skip_phases = skip_phases


_GAMES = {}


def game_of(state):
    name = state.GAME
    if name not in _GAMES:
        if name == "tanturlurette":
            rules = _rules(name)
            _GAMES[name] = Game(name, _tanturlurette_hidden, _tanturlurette_after, _tanturlurette_snapshot,
                                _tanturlurette_outcome, (rules.PH_REENTRY,))
        elif name == "bourre":
            _GAMES[name] = Game(name, _bourre_hidden, _bourre_after, _bourre_snapshot, _bourre_outcome)
        elif name == "piccolo":
            _GAMES[name] = Game(name, _piccolo_hidden, _nothing_after, _scores_snapshot, _piccolo_outcome,
                                public_moves=_piccolo_moves)
        elif name == "acheron":
            _GAMES[name] = Game(name, _acheron_hidden, _nothing_after, _scores_snapshot, _acheron_outcome)
        else:
            raise ValueError("the reference player knows tanturlurette, bourre, piccolo and acheron, "
                             "not %r" % (name,))
    return _GAMES[name]


def world_data(state, seat, rng, game=None):
    """A state as `seat` may picture it, as to_dict() data: every card it cannot know dealt out
    afresh by rng.

    Built from the hidden cards sorted, so two states the seat cannot tell apart give the same
    world for the same rng; of the record (which holds the deal) only the public part is kept."""
    game = game or game_of(state)
    data = state.to_dict()
    places = game.hidden(data, seat)
    cards = sorted([where[i] for where, i in places])
    rng.shuffle(cards)
    for k in range(len(places)):
        where, i = places[k]
        where[i] = cards[k]
    game.after(data, seat)
    data["moves"] = game.public_moves(state)
    return data


def world(state, seat, rng):
    """world_data's state."""
    game = game_of(state)
    return game.rules.from_dict(world_data(state, seat, rng, game))


def candidates(state):
    """The actions the seat to act may play: the legal ones, less the table's (Achéron's naming
    slips are spoken by the table, not played)."""
    table = state.table_actions()
    return [a for a in state.legal_actions() if a not in table]


def pruned(actions, preferred):
    """At most MAX_ACTIONS of actions, in their order: the first (Piccolo's pass), the default
    bot's choice, and others spread evenly over the rest (Piccolo's bid levels)."""
    kept = [actions[0]]
    if preferred != actions[0]:
        kept.append(preferred)
    rest = [a for a in actions if a not in kept]
    room = MAX_ACTIONS - len(kept)
    for k in range(room):
        kept.append(rest[k * len(rest) // room])
    return [a for a in actions if a in kept]


class ReferenceBot:
    name = "reference"

    def __init__(self, samples=SAMPLES):
        self.samples = samples

    def choose(self, state, seat, rng):
        if state.current_player() != seat:
            raise ValueError("the reference player was asked to act for seat %d, but %s is to act in phase %s"
                             % (seat, state.current_player(), state.phase_name()))
        game = game_of(state)
        seed = rng.next32()  # one draw from the game's stream, whatever is decided
        actions = candidates(state)
        if not actions:
            raise ValueError("no action for seat %d in phase %s; legal: %s"
                             % (seat, state.phase_name(), state.legal_actions()))
        if len(actions) == 1:
            return actions[0]
        if state.phase in game.skip_phases:
            return game.policy().choose(state, seat, Rng(seed))
        if len(actions) > MAX_ACTIONS:
            actions = pruned(actions, game.policy().choose(state, seat, Rng(seed)))
        totals = self.evaluate(state, seat, actions, Rng(seed), game)
        # a tie (frequent: a few worlds, outcomes in whole tricks or rounds) goes to the default
        # bot's choice, so the reference departs from it only on the worlds' evidence
        preferred = game.policy().choose(state, seat, Rng(seed))
        best = actions.index(preferred) if preferred in actions else 0
        for i in range(len(actions)):
            if totals[i] > totals[best]:
                best = i
        return actions[best]

    def evaluate(self, state, seat, actions, rng, game=None):
        """The summed outcome of each action over the worlds (the same worlds for every action)."""
        game = game or game_of(state)
        before = game.snapshot(state, seat)
        totals = [0.0] * len(actions)
        for _ in range(self.samples):
            data = world_data(state, seat, rng, game)
            luck = rng.next32()
            for i in range(len(actions)):
                copy = game.rules.from_dict(data)
                copy.apply(actions[i])  # which may end the deal: rollout then plays nothing
                rollout(copy, game, Rng(luck), state.round)
                totals[i] += game.outcome(copy, seat, before)
        return totals


def rollout(state, game, rng, deal):
    """Play the deal `deal` (Tanturlurette: the round, to its reveal) out with the default bot in
    every seat; nothing when it is over."""
    stop = game.skip_phases[0] if game.skip_phases else -1  # a re-entry comes after the reveal
    bots = [game.policy() for _ in range(state.seats())]
    _play_deal(state, bots, rng, deal, stop)


def _play_deal(state, bots, rng, deal, stop):
    while state.round == deal and state.phase != stop:
        player = state.current_player()
        if player == TERMINAL:
            return
        if player == CHANCE:
            state.apply(state.chance_outcome(rng.below(state.chance_count())))
        else:
            state.apply(bots[player].choose(state, player, rng))
