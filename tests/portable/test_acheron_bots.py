"""Achéron bots: they play legal moves and the melding bots beat random play."""

import games.acheron.rules as A
from engine.play import play_out
from engine.rng import Rng
from games.acheron.bots import BOTS, GreedyBot, MeldBot, RandomBot
from support import scaled
from test_acheron_fixtures import deal, draw, pair, rouge


def mean_deal_score(kind, players, deals, seed0=1):
    """Average one-deal score of `kind` against random bots, the seat rotating round the table."""
    mine = others = 0
    for g in range(deals):
        seat = g % players
        state = A.State({"players": players, "deals": 1})
        bots = [BOTS[kind]() if s == seat else RandomBot() for s in range(players)]
        play_out(state, bots, Rng(seed0 + g * 7919))
        mine += state.scores[seat]
        others += sum(state.scores) - state.scores[seat]
    return mine / deals, others / (deals * (players - 1))


def test_melding_bots_score_more_than_random_play():
    deals = scaled(300, 60)
    for kind in ("meld", "greedy"):
        mine, others = mean_deal_score(kind, 3, deals)
        assert mine > others + 5, (kind, mine, others)


def test_random_bots_are_not_favoured_by_the_measure():
    mine, others = mean_deal_score("random", 3, scaled(300, 60))
    assert abs(mine - others) < 5, (mine, others)


def six(seat0, dealer_cards):
    """Six players: seat 0 holds exactly its five named cards, the dealer (seat 5) the others.

    Melds may use any cards of the hand (lay "free"), so the choice is the bot's alone.
    """
    return deal([seat0, [], [], [], [], dealer_cards], options={"lay": "free"})


def test_greedy_takes_the_biggest_meld():
    state = six(["orphee", "tenebreux_luth", "tenebreux_etoile", "mer", "inconsole_luth"], ["baiser"])
    draw(state, "baiser")
    # Orphee + tenebreux de luth is 5, and saves the 3 Orphee costs in hand: nothing beats it
    assert GreedyBot().choose(state, 0, Rng(1)) == pair("orphee", "tenebreux_luth")


def test_meld_bot_keeps_the_baiser_while_rouge_is_in_reach():
    state = six(["grotte", "prince_luth", "mer", "veuf_luth", "fee_luth"], ["baiser"])
    draw(state, "baiser")
    greedy = GreedyBot().choose(state, 0, Rng(1))
    assert greedy & A.KIND_MASK == A.TRIPLET  # any triplet: 2, and three cards out of the hand
    assert MeldBot().choose(state, 0, Rng(1)) == pair("mer", "fee_luth")


def test_meld_bot_lays_rouge_and_grand_tombeau_at_once():
    state = six(["grotte", "prince_luth", "la_sainte", "mer", "tombeau"], ["baiser"])
    draw(state, "baiser")
    assert MeldBot().choose(state, 0, Rng(1)) == rouge("prince_luth", "la_sainte")
    state = six(["amour", "phoebus", "lusignan", "mer", "tombeau"], ["biron"])
    draw(state, "biron")
    assert MeldBot().choose(state, 0, Rng(1)) == A.GRAND_TOMBEAU


def test_random_bot_leaves_naming_slips_alone_unless_asked():
    state = deal([["amour"], [], ["mer"]])
    draw(state, "mer")
    state.apply(A.PERSONNAGE | state.deck.ids.index("amour"))
    state.apply(A.END)
    draw(state, state.deck.ids[state.hands[0][0]])
    slips = [A.NAMING | 1, A.NAMING | 2]
    assert state.table_actions() == slips and slips[0] in state.legal_actions()
    rng = Rng(2)
    assert not [a for a in [RandomBot().choose(state, 1, rng) for _ in range(40)] if a in slips]
    chosen = [RandomBot(slips=True).choose(state, 1, rng) for _ in range(200)]
    assert slips[0] in chosen and slips[1] in chosen
    for bot in (GreedyBot(), MeldBot()):
        assert bot.choose(state, 1, rng) not in slips
