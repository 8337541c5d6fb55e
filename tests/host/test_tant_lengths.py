"""The setup menu's Tanturlurette length line (app.modes.menu.TANT_LENGTHS) is current: a sample
of its entries is played again as tests/bench/tant_lengths.py played them, and every entry is
where the menu reads it and fits its line in both languages."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "bench"))

import tant_lengths  # noqa: E402
from app.clock import ManualClock  # noqa: E402
from app.config import DEFAULT_CONFIG, copy_config  # noqa: E402
from app.core import App  # noqa: E402
from app.modes.menu import TANT_LENGTHS, length_rounds  # noqa: E402

# Entries played again, seeded as the generator plays them: each player count, with and without
# re-entry, a cap, and free re-entry where its games stay short (all of them take a minute)
SAMPLE = [(4, 2, True, 0), (4, 5, True, 3), (5, 3, False, 0), (5, 4, True, 1), (6, 2, True, 2),
          (6, 5, False, 0), (7, 3, True, 1), (7, 4, False, 0), (8, 2, False, 0), (8, 4, True, 1)]


def test_a_sample_of_the_table_is_what_the_games_play_today():
    combinations = tant_lengths.combinations()
    assert len(TANT_LENGTHS) == 2 * len(combinations) == 200  # two bytes each: tiny
    for combination in SAMPLE:
        i = 2 * combinations.index(combination)
        assert tant_lengths.entry(combination) == TANT_LENGTHS[i:i + 2], (
            "%r: the table is not current, run tests/bench/tant_lengths.py" % (combination,))


def test_a_byte_reads_back_what_it_was_written_from():
    for rounds in (0, 6, 99, 100):
        assert length_rounds(tant_lengths.encode(rounds)) == rounds
    for rounds in (101, 170, 589, 1195):  # above 100, to the nearest ten
        assert abs(length_rounds(tant_lengths.encode(rounds)) - rounds) <= 5, rounds


def test_the_menu_reads_every_entry_where_the_generator_wrote_it_and_says_it_in_one_line():
    for lang in ("fr", "en"):
        config = copy_config(DEFAULT_CONFIG)
        config["language"] = lang
        app = App(config, ManualClock())
        menu = app.mode
        # by name: a test before may have let the menus' module go and imported it again
        assert type(menu).__name__ == "SetupMenu" and menu.game == "tanturlurette"
        for i, (players, circles, reentry, cap) in enumerate(tant_lengths.combinations()):
            # the values as the rows would be set (the players' row rebuilds the rows after it)
            menu.seats_wanted = players
            menu._configure_mode()
            for row, value in (("circles", circles), ("reentry", reentry), ("reentry_cap", cap)):
                menu.values[row] = menu.choices[row].index(value)
            expected = (length_rounds(TANT_LENGTHS[2 * i]), length_rounds(TANT_LENGTHS[2 * i + 1]))
            assert menu.length() == expected, (players, circles, reentry, cap)
            lines = menu.lines()
            line = lines[-2]
            assert len(line) <= 16 and line.startswith("~%d " % expected[0]), line
            assert line.endswith("<%d" % expected[1]), line
