"""Compute Tanturlurette's PositionBot thresholds by simulation and write games/tanturlurette/policy.py.

    .venv/bin/python tests/tools/tant_policy.py          # rewrite the table (a few minutes)
    .venv/bin/python tests/tools/tant_policy.py --check  # exit 1 when the table is not current

The table answers one question per decision: from which rank does this seat keep its card (or take
the card offered)? A decision is known by the number of live players, the seat's place in the
order of play, the step of its turn (keep or change; the first or second card drawn), king_blocks,
and whether the seat knows a live player holds a lower rank (bots.policy_index).

How: every seat plays PositionBot with the current table. In each simulated round, every decision
is played both ways on the same deal and the same stream of chance (common random numbers), and
each way's outcome for the decider (lost the round or not) is summed per decision and rank. Per
decision, the threshold is the one that loses least over those sums. The new table is played
again, for ITERATIONS rounds of this improvement. The run is seeded: the same sources give the
same table, byte for byte.

The table is current when the digest written in policy.py matches this file's, the rules' and the
bots' sources (`--check`, and tests/host/test_tant_policy.py): change any of them and regenerate.
"""

import hashlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from games.tanturlurette.bots import PositionBot, policy_index  # noqa: E402
from tant_rounds import round_losers  # noqa: E402

GAME = os.path.join(ROOT, "firmware", "lib", "games", "tanturlurette")
SOURCES = (os.path.abspath(__file__), os.path.join(ROOT, "tests", "tools", "tant_rounds.py"),
           os.path.join(GAME, "rules.py"), os.path.join(GAME, "bots.py"))
POLICY = os.path.join(GAME, "policy.py")
LIVE = range(2, 9)
RANKS = 13
TABLE_SIZE = policy_index(2, 0, 0, 0, 2)  # one past the last entry (king_blocks 1, live 8)
ROUNDS = 8000  # rounds per number of live players and king_blocks, each iteration
ITERATIONS = 4
SEED = 2026
DIGEST_PREFIX = "# sources: "


def sources_digest():
    """The sha256 of the sources the table follows from, as text."""
    digest = hashlib.sha256()
    for path in SOURCES:
        with open(path, "rb") as f:
            digest.update(f.read())
    return digest.hexdigest()


def written_digest(path=POLICY):
    """The digest policy.py was written from, or None."""
    with open(path) as f:
        for line in f:
            if line.startswith(DIGEST_PREFIX):
                return line[len(DIGEST_PREFIX):].strip()
    return None


class Forced:
    """PositionBot on a table, with one decision of the round turned the other way."""

    def __init__(self, thresholds, flip):
        self.bot = PositionBot(thresholds)
        self.flip = flip  # the index of the decision to turn, or -1
        self.decisions = []  # (table index, rank, seat, kept) in the order they were taken

    def choose(self, state, seat, rng):
        action = self.bot.choose(state, seat, rng)
        keep, change = state.choices[state.phase]
        if len(self.decisions) == self.flip:
            action = change if action == keep else keep
        at, rank = self.bot.entry(state, seat)
        self.decisions.append((at, rank, seat, action == keep))
        return action


def improve(thresholds, live, king_blocks, rounds, seed, lost_keep, lost_change):
    """Add, per table entry and rank, the rounds lost keeping and changing over `rounds` deals."""
    for r in range(rounds):
        round_seed = seed * 100003 + r
        base = Forced(thresholds, -1)
        losers = round_losers(live, king_blocks, round_seed, [base] * live)
        for k in range(len(base.decisions)):
            at, rank, seat, kept = base.decisions[k]
            flipped = Forced(thresholds, k)
            other = round_losers(live, king_blocks, round_seed, [flipped] * live)
            here = losers >> seat & 1
            there = other >> seat & 1
            cell = at * RANKS + rank
            lost_keep[cell] += here if kept else there
            lost_change[cell] += there if kept else here


def best_thresholds(thresholds, lost_keep, lost_change):
    """Per entry, the threshold that loses least on the sums; an entry never met keeps its own."""
    result = bytearray(thresholds)
    for at in range(TABLE_SIZE):
        keep = lost_keep[at * RANKS:(at + 1) * RANKS]
        change = lost_change[at * RANKS:(at + 1) * RANKS]
        if not any(keep) and not any(change):
            continue
        best, best_cost = thresholds[at], None
        for t in range(RANKS + 1):
            cost = sum(change[:t]) + sum(keep[t:])
            if best_cost is None or cost < best_cost:
                best, best_cost = t, cost
        result[at] = best
    return bytes(result)


def compute(rounds=ROUNDS, iterations=ITERATIONS, seed=SEED, out=sys.stdout):
    thresholds = bytes([6, 0] * (TABLE_SIZE // 2))  # ThresholdBot's 6, and keep when safe
    for iteration in range(iterations):
        lost_keep = [0] * (TABLE_SIZE * RANKS)
        lost_change = [0] * (TABLE_SIZE * RANKS)
        for king_blocks in (0, 1):
            for live in LIVE:
                improve(thresholds, live, king_blocks, rounds, seed + iteration * 17 + live * 2 + king_blocks,
                        lost_keep, lost_change)
        new = best_thresholds(thresholds, lost_keep, lost_change)
        changed = sum(1 for a, b in zip(thresholds, new, strict=True) if a != b)
        out.write("iteration %d: %d thresholds changed\n" % (iteration + 1, changed))
        thresholds = new
    return thresholds


def write_policy(thresholds, path=POLICY):
    lines = [
        '"""Thresholds for games.tanturlurette.bots.PositionBot, laid out as bots.policy_index says.',
        "",
        "Written by tests/tools/tant_policy.py from the sources whose digest follows; regenerate, do not",
        "edit (tests/host/test_tant_policy.py checks the digest).",
        '"""',
        "",
        DIGEST_PREFIX + sources_digest(),
        "# A bytes literal, not bytes((...)): the board then builds no tuple of 672 ints to import it.",
        "THRESHOLDS = (  # per king_blocks (off, on), then live players (2..8): 8 places, 3 steps, safe or not",
    ]
    row = 2 * 3 * 8
    for start in range(0, len(thresholds), row):
        king_blocks, live = divmod(start // row, len(LIVE))
        lines.append("    %r  # king_blocks %s, %d live" % (bytes(thresholds[start:start + row]), "on" if king_blocks else "off",
                                                          live + LIVE[0]))
    lines.append(")")
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(path + ".tmp", path)


def main(argv):
    if argv[1:] == ["--check"]:
        if written_digest() != sources_digest():
            print("tant_policy: games/tanturlurette/policy.py is not current; run tests/tools/tant_policy.py")
            return 1
        return 0
    if argv[1:]:
        print("tant_policy: unknown arguments %s; the only option is --check" % " ".join(argv[1:]))
        return 2
    write_policy(compute())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
