"""engine.rng: golden vectors. This file runs on CPython and on MicroPython: equal values on both
are what proves that one seed deals the same cards everywhere."""

from engine.rng import Rng
from support import expect_raises


def test_xorshift32_from_seed_1_matches_the_published_sequence_start():
    # 1 ^ 1 << 13 = 8193; ^ >> 17 changes nothing; ^ << 5 gives 8193 ^ 262176 = 270369
    rng = Rng(1)
    assert [rng.next32() for _ in range(5)] == [270369, 67634689, 2647435461, 307599695, 2398689233]


def test_seed_zero_is_replaced_and_negative_seeds_are_masked_to_32_bits():
    rng = Rng(0)
    assert [rng.next32() for _ in range(3)] == [1359758873, 3761132862, 2075758394]
    rng = Rng(-1)
    assert rng.state == 0xFFFFFFFF
    assert rng.next32() == 253983


def test_below_and_shuffle_golden_values():
    rng = Rng(2026)
    assert [rng.below(52) for _ in range(10)] == [24, 35, 26, 31, 37, 22, 19, 40, 13, 20]
    rng = Rng(7)
    items = list(range(10))
    rng.shuffle(items)
    assert items == [0, 8, 4, 2, 6, 1, 5, 9, 7, 3]


def test_outputs_stay_in_32_bits_and_below_stays_in_range():
    rng = Rng(99)
    for n in (1, 2, 3, 13, 52, 1000):
        for _ in range(200):
            value = rng.below(n)
            assert 0 <= value < n
    for _ in range(1000):
        assert 0 < rng.next32() <= 0xFFFFFFFF  # xorshift never reaches 0 from a non-zero state


def test_shuffle_is_a_permutation_and_every_position_is_reachable():
    rng = Rng(5)
    first_seen = set()
    for _ in range(300):
        items = list(range(8))
        rng.shuffle(items)
        assert sorted(items) == list(range(8))
        first_seen.add(items[0])
    assert first_seen == set(range(8))


def test_below_refuses_an_empty_range():
    err = expect_raises(ValueError, Rng(1).below, 0)
    assert "n > 0" in str(err)


def test_reseeding_restarts_the_sequence():
    rng = Rng(42)
    first = [rng.next32() for _ in range(4)]
    rng.seed(42)
    assert [rng.next32() for _ in range(4)] == first


def test_below_is_next32_modulo_n_for_small_and_large_ranges():
    # below() works on 16-bit halves (no long ints on the ESP32); it must equal the plain modulo
    for n in (1, 7, 52, 16383, 16384, 16385, 100000, 0xFFFFFFFF):
        a = Rng(n)
        b = Rng(n)
        for _ in range(50):
            assert a.below(n) == b.next32() % n, n


def test_state_can_be_saved_and_restored():
    rng = Rng(123)
    rng.next32()
    saved = rng.state
    ahead = [rng.below(52) for _ in range(5)]
    again = Rng()
    again.state = saved
    assert [again.below(52) for _ in range(5)] == ahead
