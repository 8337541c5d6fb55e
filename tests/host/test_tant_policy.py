"""Tanturlurette's position table: current with its sources, well formed, and chosen as its generator says."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))

import tant_policy  # noqa: E402
from games.tanturlurette.bots import PositionBot, policy_index  # noqa: E402
from games.tanturlurette.policy import THRESHOLDS  # noqa: E402
from games.tanturlurette.rules import KEEP, PH_SWAP, SWAP, State  # noqa: E402


def test_the_table_was_computed_from_the_sources_as_they_are():
    assert tant_policy.written_digest() == tant_policy.sources_digest(), (
        "games/tanturlurette/policy.py is not current: run tests/tools/tant_policy.py")
    assert tant_policy.main(["tant_policy", "--check"]) == 0


def test_every_entry_keeps_a_king_and_changes_an_ace_unless_the_seat_is_safe():
    assert len(THRESHOLDS) == tant_policy.TABLE_SIZE
    for king_blocks in (0, 1):
        for live in tant_policy.LIVE:
            for turn in range(live):
                for step in range(3):
                    unsafe = THRESHOLDS[policy_index(live, turn, step, 0, king_blocks)]
                    safe = THRESHOLDS[policy_index(live, turn, step, 1, king_blocks)]
                    assert 1 <= unsafe <= 12, (live, turn, step, king_blocks, unsafe)
                    assert safe <= unsafe, (live, turn, step, king_blocks)


def test_the_threshold_chosen_loses_least_over_the_sums():
    size = tant_policy.TABLE_SIZE
    ranks = tant_policy.RANKS
    keep = [0] * (size * ranks)
    change = [0] * (size * ranks)
    # entry 5: below rank 7 changing loses less, from rank 7 on keeping does
    for rank in range(ranks):
        keep[5 * ranks + rank] = 10 if rank < 7 else 3
        change[5 * ranks + rank] = 6 if rank < 7 else 8
    start = bytes([4] * size)
    chosen = tant_policy.best_thresholds(start, keep, change)
    assert chosen[5] == 7
    assert chosen[4] == 4 and chosen[6] == 4, "an entry never met keeps the threshold it had"


def test_the_bot_reads_its_place_in_the_order_and_what_its_seat_has_seen():
    state = State({"players": 4})
    state.apply(0)  # seat 0 deals: seat 1 speaks first
    for card in (5 * 4, 6 * 4, 7 * 4, 8 * 4):  # a 6, a 7, an 8 and a 9 (ranks 5 to 8)
        state.apply(card)
    assert state.phase == PH_SWAP and state.current_player() == 1
    seat = 1
    rank = state.hand[seat] >> 2
    at = policy_index(4, 0, 0, 0, 0)
    below = bytearray(THRESHOLDS)
    below[at] = rank
    above = bytearray(THRESHOLDS)
    above[at] = rank + 1
    assert PositionBot(bytes(below)).choose(state, seat, None) == KEEP
    assert PositionBot(bytes(above)).choose(state, seat, None) == SWAP


def test_the_check_refuses_other_arguments_in_one_line(capsys):
    assert tant_policy.main(["tant_policy", "--fast"]) == 2
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "--check" in out
