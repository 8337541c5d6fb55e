"""Bot strength at a bigger table, where the margin is smaller and needs more games than the
MicroPython loop can afford (the 4-player check is in tests/portable/test_tanturlurette_bots.py)."""

from games.tanturlurette.bots import CountingBot, ThresholdBot
from test_tanturlurette_bots import win_share


def test_counting_bot_beats_the_threshold_bot_at_six_players():
    # three of each, seats alternating: 50% would be a draw; measured 56.75% over these games
    share = win_share(CountingBot, ThresholdBot, 400, 6, 32)
    assert share > 0.53, share
