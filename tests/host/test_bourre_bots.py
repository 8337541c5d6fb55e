"""The La Bourre plan bot against random play: it takes more tricks and wins the pot more often.

Measured on seeded games, one plan bot or one random bot in seat 0 against random opponents.
"""

from engine.play import play_out
from engine.rng import Rng
from games.bourre.bots import PlanBot, RandomBot
from games.bourre.rules import State

GAMES = 300


def measure(hero, players):
    rng = Rng(11 + players)
    tricks = wins = 0
    for _ in range(GAMES):
        state = State({"players": players, "deals": 3})
        play_out(state, [hero] + [RandomBot()] * (players - 1), rng)
        tricks += state.totals[0]
        wins += state.payout[0] > 0
    return tricks / (3.0 * GAMES), wins / float(GAMES)


def test_plan_bot_beats_random_play():
    for players in (2, 4, 6):
        plan_tricks, plan_wins = measure(PlanBot(), players)
        random_tricks, random_wins = measure(RandomBot(), players)
        print("bourre %d players: tricks a deal plan %.2f random %.2f; pot won plan %.0f%% random %.0f%%"
              % (players, plan_tricks, random_tricks, 100 * plan_wins, 100 * random_wins))
        assert plan_tricks > random_tricks + 0.2
        assert plan_wins > random_wins + 0.1
