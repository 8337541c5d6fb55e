"""Tanturlurette bots: legal, fair (they read only what their seat may know), and ranked by skill."""

from engine.core import CHANCE
from engine.play import play_out
from engine.rng import Rng
from games import default_bot
from games.tanturlurette.bots import BOTS, CountingBot, PositionBot, RandomBot, ThresholdBot
from games.tanturlurette.rules import PH_DEAL, State, from_dict
from support import expect_raises, scaled


def win_share(strong, weak, games, players, seed):
    """The share of games won by `strong` sitting in every other seat, seats alternating.

    Games, not stakes, are counted: pots swollen by re-entries would make the figure noisy.
    """
    rng = Rng(seed)
    won = [0, 0]
    for game in range(games):
        state = State({"players": players})
        sides = [(seat + game) % 2 for seat in range(players)]
        bots = [strong() if side == 0 else weak() for side in sides]
        play_out(state, bots, rng)
        winners = state.winners()
        for seat in winners:
            won[sides[seat]] += 1 / len(winners)
    return won[0] / games


def test_counting_bot_beats_the_threshold_bot():
    # Two of each at 4 players: over 4000 games the counting bots win about 62% of them (50%
    # would be a draw); these seeded runs give 62% (400 games) and 70% (the first 80).
    # tests/host/test_tanturlurette_strength.py checks 6 players, which needs more games.
    share = win_share(CountingBot, ThresholdBot, scaled(400, 80), 4, 31)
    assert share > 0.58, share


def test_position_bot_beats_the_counting_bot():
    # Two of each at 4 players: these seeded runs give 60% (400 games) and 57% (the first 80);
    # the rounds each loses are in make bench (bench_tant_bots.py)
    share = win_share(PositionBot, CountingBot, scaled(400, 80), 4, 31)
    assert share > 0.54, share


def test_the_menu_seats_the_position_bot_and_a_game_without_bots_says_so():
    assert default_bot("tanturlurette") == "position" and "position" in BOTS
    err = expect_raises(ValueError, default_bot, "belote")
    assert "belote" in str(err)


def test_counting_bot_beats_the_random_bot():
    share = win_share(CountingBot, RandomBot, scaled(100, 20), 4, 33)
    assert share > 0.85, share


def test_threshold_bot_beats_the_random_bot():
    share = win_share(ThresholdBot, RandomBot, scaled(100, 20), 4, 34)
    assert share > 0.8, share


def hidden_cards_shuffled(state, seat, rng):
    """The same state as `seat` knows it, with the cards it has not seen dealt out differently."""
    data = state.to_dict()
    known = set(data["seen"][seat])
    places = []  # (list, index) of every card the seat has not seen: other hands, the stock
    for s in range(state.n):
        if data["hand"][s] >= 0 and data["hand"][s] not in known:
            places.append((data["hand"], s))
    for i in range(len(data["stock"])):
        if data["stock"][i] not in known:
            places.append((data["stock"], i))
    cards = [where[i] for where, i in places]
    rng.shuffle(cards)
    for k in range(len(places)):
        where, i = places[k]
        where[i] = cards[k]
    # the other seats' own knowledge follows their new cards
    for s in range(state.n):
        if s != seat:
            data["seen"][s] = [data["hand"][s]] if data["hand"][s] >= 0 else []
    return from_dict(data)


def test_bots_decide_only_on_what_their_seat_may_know():
    rng = Rng(8)
    checked = 0
    for game in range(scaled(30, 8)):
        state = State({"players": 4 + game % 5, "king_blocks": game % 2 == 0})
        bots = [CountingBot() for _ in range(state.n)]
        play_out(state, bots, rng, until_round=2 + game % 3)
        while state.current_player() == CHANCE or state.phase == PH_DEAL:
            state.apply(state.chance_outcome(rng.below(state.chance_count())))
        while not state.is_over() and state.round < 6 + game % 3:
            seat = state.current_player()
            if seat >= 0:
                for name in BOTS:  # each call draws from the same stream, for the random bot
                    choice = BOTS[name]().choose(state, seat, Rng(game))
                    for _ in range(3):
                        other = hidden_cards_shuffled(state, seat, rng)
                        assert BOTS[name]().choose(other, seat, Rng(game)) == choice, name
                        checked += 1
                state.apply(bots[seat].choose(state, seat, rng))
            else:
                state.apply(state.chance_outcome(rng.below(state.chance_count())))
    assert checked > 50


def test_every_bot_only_chooses_legal_actions():
    rng = Rng(9)
    for name in BOTS:
        for players in (4, 8):
            state = State({"players": players, "circles": 2})
            bots = [BOTS[name]() for _ in range(players)]
            play_out(state, bots, rng)  # apply() would raise on an illegal choice
            assert state.is_over()
            assert bots[0].name == name
