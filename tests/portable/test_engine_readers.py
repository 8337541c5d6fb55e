"""Every game's from_dict keeps the readers' contract (docs/FORMATS.md), on both runtimes.

The states are real ones, played with random legal moves; the bad ones are derived from them, field
by field, in the same families for every game: each must be a BadRecord (never another exception,
never a state), and the good ones must still round-trip.
"""

import json

from engine.core import CHANCE, BadRecord
from engine.play import sample_chance
from engine.rng import Rng
from games import ENGINES, game_module
from support import scaled

HUGE = 2 ** 70  # no field holds it: an array would overflow, a list would take it silently
SPOTS = 3  # elements mutated in a list: the first, the middle and the last


def player_counts(module):
    counts = [k for k in range(2, 9) if _accepts(module, k)]
    return counts[:1] + counts[-1:] if len(counts) > 1 else counts


def _accepts(module, players):
    try:
        module.normalize_options({"players": players})
    except ValueError:
        return False
    return True


def samples(name):
    """(players, to_dict) at a few moments of seeded games with random legal moves."""
    module = game_module(name)
    out = []
    stops = scaled((0, 9, 45, 160), (0, 30, 120))
    for i, players in enumerate(player_counts(module)):
        rng = Rng(7 + i)
        state = module.State({"players": players})
        for stop in stops:
            while len(state.moves) < stop and not state.is_over():
                if state.current_player() == CHANCE:
                    sample_chance(state, rng)
                else:
                    legal = state.legal_actions()
                    state.apply(legal[rng.below(len(legal))])
            out.append((players, json.loads(json.dumps(state.to_dict()))))
    return out


def leaves(value, path=()):
    """(path, value) of every place in a JSON tree, lists cut to SPOTS elements."""
    found = [(path, value)]
    if type(value) is dict:
        for key in value:
            found.extend(leaves(value[key], path + (key,)))
    elif type(value) is list:
        n = len(value)
        for i in sorted(set([0, n // 2, n - 1])) if n > SPOTS else range(n):
            found.extend(leaves(value[i], path + (i,)))
    return found


def replacements(path, value):
    """What a field of this type must never hold."""
    kind = type(value)
    if kind is bool:
        return [1, 0, None, "true"]
    if kind is int:
        bad = [True, value + 0.5, float(value), None, str(value), HUGE, -HUGE]
        if path[:1] == ("moves",):
            bad += [70000, -1]
        return bad
    if kind is str:
        return [0, None, "?"]
    if value is None:
        return [0, "?"]
    if kind is list:
        return [0, "?", {}]
    return [0, "?", []]  # a dict


def fixed_lengths(states):
    """The list paths (indices as '*') that must keep their length: a list that holds one entry
    per seat wherever it appears, and the entries of a list that all have one size (a seat's
    length, or the same at every table), seen twice at least."""
    seen = {}
    for players, data in states:
        for path, value in leaves(data):
            if type(value) is list:
                pattern = tuple(["*" if type(p) is int else p for p in path])
                seen.setdefault(pattern, []).append((players, len(value)))
    fixed = []
    for pattern in seen:
        found = seen[pattern]
        per_seat = [1 for players, length in found if length == players]
        if len(per_seat) == len(found):
            fixed.append(pattern)
        elif pattern and pattern[-1] == "*" and len(found) > 1 and len(set([length for _p, length in found])) == 1:
            fixed.append(pattern)
    return fixed


def at(data, path):
    for p in path[:-1]:
        data = data[p]
    return data


def refused(module, data):
    """'' when from_dict refused data with BadRecord, else what it did."""
    try:
        module.from_dict(data)
    except BadRecord:
        return ""
    except Exception as err:  # the contract: only BadRecord leaves from_dict
        return "%s: %s" % (type(err).__name__, err)
    return "accepted"


def check_game(name):
    module = game_module(name)
    states = samples(name)
    fixed = fixed_lengths(states)
    problems = []
    for _players, data in states:
        copy = module.from_dict(json.loads(json.dumps(data)))
        assert copy.to_dict() == data, name  # the good state round-trips
        for bad in ([], None, 0, "?", {}):
            why = refused(module, bad)
            if why:
                problems.append((name, "whole state", bad, why))
        for path, value in leaves(data):
            if not path:
                continue
            parent = at(data, path)
            last = path[-1]
            for bad in replacements(path, value):
                parent[last] = bad
                why = refused(module, data)
                if why:
                    problems.append((name, path, bad, why))
            parent[last] = value
            if type(parent) is dict and path[0] != "options":  # options may be left to defaults
                del parent[last]
                why = refused(module, data)
                if why:
                    problems.append((name, path, "missing", why))
                parent[last] = value
            pattern = tuple(["*" if type(p) is int else p for p in path])
            if type(value) is list and value and pattern in fixed:
                for bad in (value[:-1], value + value[:1]):
                    parent[last] = bad
                    why = refused(module, data)
                    if why:
                        problems.append((name, path, "length %d" % len(bad), why))
                parent[last] = value
        assert data == copy.to_dict()  # every mutation was undone
    return problems


def test_every_reader_refuses_what_it_cannot_read_with_bad_record():
    problems = []
    for name in ENGINES:
        problems.extend(check_game(name))
    shown = "\n".join(["%s %r <- %r: %s" % p for p in problems[:30]])
    assert not problems, "%d readers' slips:\n%s" % (len(problems), shown)


def test_a_state_of_another_game_is_refused():
    for name in ENGINES:
        data = game_module(name).State().to_dict()
        for other in ENGINES:
            if other != name:
                assert refused(game_module(other), data) == "", (name, other)


def test_no_game_takes_an_action_past_16_bits():
    """A move is two bytes on the board: 65536 + a legal action is refused, never half-applied
    (an array that overflows after the move was played), and a record holding one is a BadRecord."""
    from engine.core import IllegalAction
    from engine.play import replay

    for name in ENGINES:
        module = game_module(name)
        for _players, data in samples(name):
            state = module.from_dict(data)
            for action in state.legal_actions()[:8]:
                for bad in (action + 0x10000, action - 0x10000):
                    try:
                        state.apply(bad)
                    except IllegalAction:
                        pass
                    else:
                        raise AssertionError("%s took %d" % (name, bad))
                    assert state.to_dict() == data, (name, bad)
            record = state.record()
            record["moves"] = record["moves"] + [70000]
            try:
                replay(record)
            except BadRecord:
                pass
            else:
                raise AssertionError("%s replayed a move of 70000" % name)
