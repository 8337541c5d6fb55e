"""The setup menu's beginner level (issue 26): every game with bots has a "beginner" bot, its menu
bot playing a random legal move one decision in three (engine.beginner.BeginnerBot), so a child wins
now and then and still sees good play. Seeded games on both runtimes: it plays only legal moves,
plays the menu bot's move at most decisions, and departs from it at a good share of them."""

from engine.rng import Rng
from games import GAMES, bots_of
from support import seat_decisions

DECISIONS = 600


def test_every_beginner_plays_legal_moves_and_mostly_its_menu_bots():
    for described in GAMES:
        if described.bot is None:
            continue
        mode = [m for m in described.modes if m.bots][0]
        table = bots_of(mode.engine).BOTS
        beginner = table["beginner"]()
        same = asked = 0
        for state, player, seed in seat_decisions(mode, DECISIONS):
            asked += 1
            draws = seed * 1000 + asked  # each decision its own stream, the same for both bots
            choice = beginner.choose(state, player, Rng(draws))
            assert choice in state.legal_actions(), (described.name, choice)
            same += choice == table[described.bot]().choose(state, player, Rng(draws))
        share = same * 100 // DECISIONS
        # a random move one decision in three, itself the bot's move at times: 67% to 100% the
        # same, and a share near 100 would be no beginner at all
        assert 60 <= share <= 95, "%s: the beginner played its menu bot's move %d%% of the time" % (
            described.name, share)
