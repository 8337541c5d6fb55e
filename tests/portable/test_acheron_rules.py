"""Achéron: one scenario per sentence of the text (docs/RULES.md quotes them in this order)."""

import games.acheron.rules as A
from engine.core import CHANCE, TERMINAL, BadOptions, IllegalAction
from engine.play import replay
from support import expect_raises
from test_acheron_fixtures import (
    DECK,
    card,
    deal,
    draw,
    json_round_trip,
    pair,
    personnage,
    rouge,
    triplet,
)


def lay_ready(hands, drawn, options=None, dealer=None):
    """Seat 0 has drawn `drawn` from the dealer and is to lay (several melds: lay "free")."""
    options = dict(options or {})
    if "lay" not in options:
        options["lay"] = "free"
    hands = [list(h) for h in hands]
    hands[-1 if dealer is None else dealer].append(drawn)  # the dealer holds the card drawn
    state = deal(hands, dealer, options)
    draw(state, drawn)
    assert state.current_player() == 0 and state.phase == A.PH_LAY
    return state


def points_of(state, action):
    state.apply(action)
    seat, laid, points = state.table[-1]
    assert laid == action and seat == 0
    return points


# "Se joue de trois à six joueurs."
def test_three_to_six_players():
    for n in (3, 4, 5, 6):
        assert A.State({"players": n}).n == n
    for n in (2, 7):
        err = expect_raises(BadOptions, A.State, {"players": n})
        assert "players" in str(err)


# "Le jeu est composé de 33 cartes"
def test_deck_has_33_cards():
    assert DECK.size == 33


# "On distribue les cartes une à une ... Le distributeur prend les cartes restantes si le tour ne
# peut être complet."
def test_deal_one_by_one_dealer_takes_the_rest():
    expected = {3: (11, 11, 11), 4: (8, 8, 8, 9), 5: (6, 6, 6, 6, 9), 6: (5, 5, 5, 5, 5, 8)}
    for n in expected:
        state = deal([[] for _ in range(n)])  # the last seat deals
        assert tuple(len(h) for h in state.hands) == expected[n], n
        assert state.phase == A.PH_DRAW and state.stock_len == 0


def test_the_deal_is_one_chance_outcome_per_card_starting_left_of_the_dealer():
    state = A.State({"players": 4})
    state.apply(1)  # seat 1 deals
    assert state.current_player() == CHANCE
    first = state.legal_actions()[5]
    state.apply(first)
    assert state.hands[2] == [first] and state.stock_len == 32
    assert state.chance_count() == 32


# "soit de même personnage (2 veufs), soit de même attribut (un prince et une reine de luth).
# La paire vaut 1 point."
def test_same_figure_or_same_attribute_pair_scores_1():
    state = lay_ready([["veuf_luth", "veuf_etoile", "prince_luth", "reine_luth"], [], []], "tombeau")
    assert points_of(state, pair("veuf_luth", "veuf_etoile")) == 1
    assert points_of(state, pair("prince_luth", "reine_luth")) == 1


def test_cards_with_nothing_in_common_do_not_pair():
    state = lay_ready([["veuf_luth", "fee_etoile", "tombeau", "mer"], [], []], "grotte")
    assert not state.is_legal(pair("veuf_luth", "fee_etoile"))
    assert not state.is_legal(pair("tombeau", "mer"))


# "tombeau et soleils noirs, treille et luths, mont et princes, mer et fées, grotte et sirènes.
# La paire vaut 2 points."
def test_specific_pairs_score_2():
    hand = ["tombeau", "reine_soleil", "treille", "sirene_luth", "mont", "prince_etoile",
            "mer", "fee_luth", "grotte", "sirene_etoile"]
    state = lay_ready([hand, [], []], "amour", {"deals": 1})  # the fifth pair cries Achéron
    for place, other in (("tombeau", "reine_soleil"), ("treille", "sirene_luth"),
                         ("mont", "prince_etoile"), ("mer", "fee_luth"), ("grotte", "sirene_etoile")):
        assert points_of(state, pair(place, other)) == 2, place


def test_a_place_pairs_only_with_its_own_cards():
    state = lay_ready([["tombeau", "prince_luth", "mont", "reine_soleil"], [], []], "amour")
    assert not state.is_legal(pair("tombeau", "prince_luth"))
    assert not state.is_legal(pair("mont", "reine_soleil"))


# "Orphée, la Reine et la Sainte peuvent être appariés à n'importe quelle carte. En général la
# paire vaut 3 points."
def test_wild_cards_pair_with_anything_for_3():
    state = lay_ready([["orphee", "tombeau", "la_sainte", "veuf_luth", "la_reine", "fee_soleil"],
                       [], []], "mer")
    assert points_of(state, pair("orphee", "tombeau")) == 3
    assert points_of(state, pair("la_sainte", "veuf_luth")) == 3
    assert points_of(state, pair("la_reine", "mer")) == 3


def test_a_wild_card_takes_a_personnage_like_any_card():
    # "n'importe quelle carte": a personnage too, for the pair's 3 points (no name: only the
    # personnage laid alone for 15 gives one), even to a player who already bears a name
    state = lay_ready([["orphee", "amour", "la_sainte", "biron", "lusignan"], [], []], "mer")
    assert state.is_legal(personnage("lusignan"))
    assert points_of(state, pair("orphee", "amour")) == 3
    assert state.names[0] == -1
    state.apply(personnage("lusignan"))
    assert state.names[0] == card("lusignan")
    assert points_of(state, pair("la_sainte", "biron")) == 3
    assert not state.is_legal(pair("amour", "biron"))  # two personnages are no "même personnage"


def test_the_baiser_takes_a_personnage_in_a_doublet_or_a_triplet():
    state = lay_ready([["baiser", "amour", "biron", "veuf_soleil"], [], []], "mer")
    assert points_of(state, pair("baiser", "amour")) == 1
    state = lay_ready([["baiser", "amour", "biron", "veuf_soleil"], [], []], "mer")
    assert points_of(state, triplet("amour", "biron")) == 2
    state = lay_ready([["baiser", "amour", "biron", "veuf_soleil"], [], []], "mer")
    assert points_of(state, triplet("amour", "veuf_soleil")) == 10


def test_a_drawn_personnage_pairs_with_a_wild_card_of_the_hand():
    hands = [["la_reine", "baiser", "tombeau", "mer"], [], [], [], [], ["biron"]]
    state = deal(hands)
    draw(state, "biron")
    assert state.is_legal(pair("la_reine", "biron")) and state.is_legal(triplet("tombeau", "biron"))
    assert not state.is_legal(pair("la_reine", "tombeau"))  # the meld must hold the drawn card


def test_personnages_alone_option_keeps_them_out_of_every_pair():
    options = {"personnages": "alone"}
    state = lay_ready([["orphee", "amour", "baiser", "biron"], [], []], "mer", options)
    for action in (pair("orphee", "amour"), pair("baiser", "amour"), triplet("amour", "biron"),
                   triplet("amour", "orphee")):
        assert not state.is_legal(action)
        assert action not in state.legal_actions()
    assert points_of(state, personnage("amour")) == 15
    assert A.State().options["personnages"] == "pair"
    expect_raises(BadOptions, A.State, {"personnages": "never"})


# "Mais Orphée et ténébreux de luth, Reine et prince de soleil, fée et veuf d'étoile valent 5."
def test_the_three_named_pairs_score_5():
    hand = ["orphee", "tenebreux_luth", "la_reine", "prince_soleil", "fee_luth", "veuf_etoile"]
    state = lay_ready([hand, [], []], "mer")
    assert points_of(state, pair("orphee", "tenebreux_luth")) == 5
    assert points_of(state, pair("la_reine", "prince_soleil")) == 5
    assert points_of(state, pair("fee_luth", "veuf_etoile")) == 5


def test_fee_et_veuf_d_etoile_option_reads_both_of_etoile():
    hand = ["fee_luth", "veuf_etoile", "fee_etoile"]
    state = lay_ready([hand, [], []], "mer", {"five_fee": "etoile"})
    assert not state.is_legal(pair("fee_luth", "veuf_etoile"))  # nothing in common otherwise
    assert points_of(state, pair("fee_etoile", "veuf_etoile")) == 5


# "Le Baiser ... s'apparie en doublet (1 point) ou en triplet (2 points)."
def test_baiser_doublet_1_triplet_2():
    state = lay_ready([["baiser", "tombeau", "mer", "grotte"], [], []], "amour")
    assert points_of(state, triplet("mer", "grotte")) == 2
    for gone in ("baiser", "mer", "grotte"):
        assert card(gone) not in state.hands[0]

    state = lay_ready([["baiser", "tombeau"], [], []], "amour")
    assert points_of(state, pair("baiser", "tombeau")) == 1


# "Mais il rapporte 10 points avec la conjonction prince, ténébreux ou veuf de soleil."
def test_baiser_with_a_soleil_prince_tenebreux_or_veuf_scores_10():
    for other in ("prince_soleil", "tenebreux_soleil", "veuf_soleil"):
        state = lay_ready([["baiser", other, "mer"], [], []], "amour")
        assert points_of(state, pair("baiser", other)) == 10, other
        state = lay_ready([["baiser", other, "mer"], [], []], "amour")
        assert points_of(state, triplet(other, "mer")) == 10, other
    state = lay_ready([["baiser", "reine_soleil"], [], []], "amour")
    assert points_of(state, pair("baiser", "reine_soleil")) == 1  # not one of the three


# "Les quadruplets grotte/prince/reine ou sainte/baiser rapportent 20 points. ... faire Rouge."
def test_rouge_scores_20_with_la_reine_or_la_sainte():
    for queen in ("la_reine", "la_sainte"):
        state = lay_ready([["grotte", "prince_luth", queen, "baiser", "mer"], [], []], "amour")
        assert points_of(state, rouge("prince_luth", queen)) == 20
        assert len(state.hands[0]) == 12 - 4


def test_rouge_with_a_reine_figure_only_under_the_option():
    hand = ["grotte", "prince_etoile", "reine_luth", "baiser"]
    state = lay_ready([hand, [], []], "amour")
    assert not state.is_legal(rouge("prince_etoile", "reine_luth"))
    state = lay_ready([hand, [], []], "amour", {"rouge_queen": "any"})
    assert points_of(state, rouge("prince_etoile", "reine_luth")) == 20


def test_rouge_needs_all_four():
    state = lay_ready([["grotte", "prince_luth", "la_reine", "mer"], [], []], "tombeau")
    assert not state.is_legal(rouge("prince_luth", "la_reine"))  # no Baiser


# "Les appariements se font par tirages successifs à partir du joueur à gauche du distributeur."
def test_turns_start_left_of_the_dealer_who_draws_from_the_previous_player():
    state = deal([[], [], [], []], dealer=2)
    assert state.seat == 3 and state.source() == 2
    drawn = state.legal_actions()[0]
    before = len(state.hands[2])
    state.apply(drawn)
    assert drawn in state.hands[3] and len(state.hands[2]) == before - 1
    state.apply(A.END)
    assert state.seat == 0 and state.source() == 3 and state.current_player() == CHANCE


def test_draw_from_next_option():
    state = deal([[], [], []], dealer=2, options={"draw_from": "next"})
    assert state.seat == 0 and state.source() == 1
    assert state.legal_actions() == sorted(state.hands[1])


def test_a_meld_holds_the_card_just_drawn():
    hands = [["veuf_luth", "veuf_etoile", "fee_luth", "amour", "tombeau"], [], [], [], [], ["mer"]]
    state = deal(hands)
    draw(state, "mer")
    assert not state.is_legal(pair("veuf_luth", "veuf_etoile"))  # both were in hand already
    assert state.is_legal(pair("mer", "fee_luth"))
    state.apply(pair("mer", "fee_luth"))
    assert not state.is_legal(pair("veuf_luth", "veuf_etoile"))  # one meld a turn: one drawn card
    assert state.legal_actions() == [A.END, personnage("amour")]  # a personnage is no pairing
    state.apply(personnage("amour"))
    state.apply(A.END)
    assert state.seat == 1 and state.drawn == -1


def test_a_drawn_baiser_takes_any_two_cards_of_the_hand():
    hands = [["veuf_luth", "fee_soleil", "tombeau", "mer", "mont"], [], [], [], [], ["baiser"]]
    state = deal(hands)
    draw(state, "baiser")
    assert state.is_legal(triplet("tombeau", "mer")) and state.is_legal(pair("baiser", "mont"))
    assert not state.is_legal(pair("veuf_luth", "tombeau"))


# "Les paires, triplets ou quadruplets sont déposés sur la table et comptés au profit du joueur."
def test_melds_go_to_the_table_for_their_player():
    state = lay_ready([["veuf_luth", "veuf_etoile"], [], []], "mer")
    state.apply(pair("veuf_luth", "veuf_etoile"))
    assert state.table == [[0, pair("veuf_luth", "veuf_etoile"), 1]]
    assert state.view(1)["table"] == state.table


# "Les cartes des personnages ... peuvent être déposées sur la table (15 points). Le joueur a
# alors un nom"
def test_personnage_scores_15_and_names_its_player():
    state = lay_ready([["amour", "biron"], [], []], "mer")
    assert points_of(state, personnage("amour")) == 15
    assert state.names[0] == card("amour")


# "Un joueur ne pouvant avoir deux noms ne peut donc abattre plus d'un personnage."
def test_one_name_per_player():
    state = lay_ready([["amour", "biron"], [], []], "mer")
    state.apply(personnage("amour"))
    err = expect_raises(IllegalAction, state.apply, personnage("biron"))
    assert "legal:" in str(err) and state.hands[0].count(card("biron")) == 1


# "les autres joueurs doivent l'appeler ainsi tout au long de la donne sauf à être pénalisés de
# 5 points pour chaque manquement."
def test_naming_slip_costs_5_and_needs_another_named_player():
    state = lay_ready([["amour"], [], []], "mer", {"deals": 1, "stall_laps": 1})
    assert state.table_actions() == [] and slip(1) not in state.legal_actions()  # no name yet
    state.apply(personnage("amour"))
    assert state.table_actions() == [slip(1), slip(2)]  # one's own name does not count
    expect_raises(IllegalAction, state.apply, slip(0))
    expect_raises(IllegalAction, state.apply, slip(3))  # no fourth seat
    state.apply(A.END)
    state.apply(state.legal_actions()[0])  # seat 1 draws
    state.apply(slip(1))
    state.apply(slip(1))
    assert state.slips[1] == 2
    _finish_quietly(state)
    assert state.last_deal["rows"][1]["slips"] == -10


def slip(seat):
    return A.NAMING | seat


def test_a_slip_is_entered_for_any_seat_at_any_moment_of_the_deal():
    # Seat 1 slips while seat 0 is still laying; seat 1's own draw then ends the deal (seat 0 is
    # drawn down to two cards), so seat 1 never has a turn of his own to enter it on.
    hands = [["amour", "mer", "tombeau", "baiser", "veuf_luth"], [], [], [], [], ["fee_luth"]]
    state = deal(hands, options={"deals": 1})
    draw(state, "fee_luth")
    state.apply(personnage("amour"))
    state.apply(pair("mer", "fee_luth"))  # 6 cards - 3: three left
    assert state.current_player() == 0 and slip(1) in state.legal_actions()
    assert state.action_name(slip(1)) == "name slip P2"
    state.apply(slip(1))
    state.apply(slip(5))
    assert state.current_player() == 0 and state.slips == [0, 1, 0, 0, 0, 1]  # the turn stays
    state.apply(A.END)
    state.apply(state.legal_actions()[0])  # seat 1 draws from seat 0: two cards left
    assert state.is_over() and state.last_deal["crier"] == 0
    assert [row["slips"] for row in state.last_deal["rows"]] == [0, -5, 0, 0, 0, -5]
    again = replay(json_round_trip(state.record()))
    assert again.to_dict() == state.to_dict()


# "un joueur qui peut abattre les quatre personnages en même temps ... met fin à celle-ci. Il fait
# Grand Tombeau et marque 50 points."
def test_grand_tombeau_scores_50_and_ends_the_deal():
    state = lay_ready([["amour", "phoebus", "lusignan", "biron"], [], []], "mer",
                      {"deals": 1})
    assert state.is_legal(A.GRAND_TOMBEAU)
    state.apply(A.GRAND_TOMBEAU)
    assert state.is_over() and state.last_deal["ended_by"] == A.END_GRAND_TOMBEAU
    assert state.last_deal["rows"][0]["laid"] == 50


def test_grand_tombeau_needs_all_four_in_hand():
    state = lay_ready([["amour", "phoebus", "lusignan"], [], []], "mer")
    assert not state.is_legal(A.GRAND_TOMBEAU)


# "Lorsqu'un joueur n'a plus que deux cartes il crie Achéron. Le jeu cesse."
def test_acheron_when_a_player_lays_down_to_two_cards():
    hands = [["veuf_luth", "veuf_etoile", "fee_luth", "fee_etoile", "mer"]] + [[]] * 5
    state = deal(hands, dealer=5, options={"deals": 1, "lay": "free"})
    draw(state, state_card(state, 5))
    state.apply(pair("veuf_luth", "veuf_etoile"))
    assert not state.is_over()
    state.apply(pair("fee_luth", "fee_etoile"))
    assert state.is_over() and state.last_deal["ended_by"] == A.END_ACHERON
    assert state.last_deal["crier"] == 0


def test_acheron_when_a_player_is_drawn_down_to_two_cards():
    hands = [["mer", "tombeau", "veuf_luth", "fee_luth", "amour"], [], [], [], [], ["baiser"]]
    state = deal(hands, dealer=5, options={"deals": 1})
    draw(state, "baiser")
    state.apply(triplet("mer", "tombeau"))  # 6 - 3 = 3 cards
    state.apply(A.END)
    assert not state.is_over()
    state.apply(state.legal_actions()[0])  # seat 1 draws from seat 0: two left
    assert state.is_over() and state.last_deal["crier"] == 0


def state_card(state, seat):
    return DECK.ids[state.hands[seat][0]]


def _finish_quietly(state):
    """Everybody ends their turns without laying until the stall rule closes the deal."""
    while not state.is_over() and state.round == 1:
        if state.current_player() == CHANCE:
            state.apply(state.legal_actions()[0])
        else:
            state.apply(A.END)


def quiet_end(hands, options=None):
    """A three-player deal where every drawn card goes back where it came from, then stalls."""
    opts = {"deals": 1, "stall_laps": 1}
    opts.update(options or {})
    state = deal(hands, dealer=2, options=opts)
    moving = state.hands[2][0]
    state.apply(moving)  # seat 0 draws it from seat 2
    state.apply(A.END)
    state.apply(moving)  # seat 1 draws it from seat 0
    state.apply(A.END)
    state.apply(moving)  # seat 2 takes it back from seat 1
    state.apply(A.END)
    assert state.is_over() and state.last_deal["ended_by"] == A.END_STALL
    return state.last_deal


# Cards that cost one point in hand and nothing else, no veuf among the first eleven.
PLAIN = ["fee_luth", "fee_soleil", "fee_etoile", "sirene_luth", "sirene_soleil", "sirene_etoile",
         "inconsole_luth", "inconsole_etoile", "mer", "treille", "tombeau", "mont",
         "veuf_luth", "veuf_etoile", "veuf_soleil"]
OTHERS = ["prince_luth", "prince_soleil", "prince_etoile", "reine_luth", "reine_soleil",
          "reine_etoile", "tenebreux_luth", "tenebreux_soleil", "tenebreux_etoile", "grotte",
          "orphee", "la_reine", "la_sainte", "baiser", "amour", "phoebus", "lusignan", "biron"]


def three_hands(seat0):
    """seat 0 gets seat0 plus plain fillers; seats 1 and 2 share the rest (dealer 2 keeps his)."""
    rest = [c for c in PLAIN + OTHERS if c not in seat0]
    hand0 = list(seat0) + rest[: 11 - len(seat0)]
    rest = rest[11 - len(seat0):]
    return [hand0, rest[:11], rest[11:]]


# "Sont décomptés à chaque joueur 1 point par carte restant en main, 2 points supplémentaires pour
# Orphée, la Sainte ou la Reine."
def test_one_point_per_card_and_two_more_per_wild():
    last = quiet_end(three_hands([]))
    row = last["rows"][0]
    assert row["cards"] == -11 and row["wilds"] == 0
    assert row["total"] == -11 + row["chandelle"]  # the others hold the personnages
    last = quiet_end(three_hands(["orphee", "la_sainte"]))
    row = last["rows"][0]
    assert row["cards"] == -11 and row["wilds"] == -4
    assert row["total"] == -15 + row["chandelle"]


# "Un joueur qui a tenté de faire Rouge et se trouve encore en possession du baiser est pénalisé
# de 10 points. Cela s'appelle faire Jocrisse."
def test_jocrisse_baiser_kept_with_a_rouge_card():
    last = quiet_end(three_hands(["baiser", "grotte"]))
    assert last["rows"][0]["jocrisse"] == -10


def test_no_jocrisse_for_a_baiser_without_rouge_cards_unless_the_option_says_so():
    last = quiet_end(three_hands(["baiser"]))
    assert last["rows"][0]["jocrisse"] == 0
    last = quiet_end(three_hands(["baiser"]), {"jocrisse": "baiser"})
    assert last["rows"][0]["jocrisse"] == -10


# "S'il a également Reine ou Sainte ou veuf il fait Soupir et Jocrisse. Il est pénalisé de 20."
def test_soupir_et_jocrisse():
    assert quiet_end(three_hands(["baiser", "la_sainte"]))["rows"][0]["jocrisse"] == -20
    assert quiet_end(three_hands(["baiser", "prince_luth", "veuf_luth"]))["rows"][0]["jocrisse"] == -20
    assert quiet_end(three_hands(["baiser", "prince_luth"]))["rows"][0]["jocrisse"] == -10


# "Un joueur ayant en main en fin de donne un personnage ou plus fait Chandelle et donne 5 points
# à chaque joueur."
def test_chandelle_gives_5_to_each_other_player():
    last = quiet_end(three_hands(["amour", "biron"]))
    assert last["candles"][0] == 0
    gifts = [row["chandelle"] for row in last["rows"]]
    # seats 1 and 2 may hold personnages too: each candle gives 5 to every other seat
    for s in range(3):
        assert gifts[s] == 5 * len([g for g in last["candles"] if g != s])


def test_chandelle_transfer_option():
    last = quiet_end(three_hands(["amour", "biron", "lusignan", "phoebus"]), {"chandelle": "transfer"})
    assert last["candles"] == [0]
    assert [row["chandelle"] for row in last["rows"]] == [-10, 5, 5]


# "La partie se joue en 100 points."
def test_the_game_ends_at_the_end_of_the_deal_that_reaches_the_target():
    state = lay_ready([["amour", "phoebus", "lusignan", "biron"], [], []], "mer", {"target": 40})
    state.apply(A.GRAND_TOMBEAU)
    assert state.is_over() and state.current_player() == TERMINAL
    assert state.scores[0] >= 40 and state.winners() == [0]
    assert state.returns() == state.scores


def test_target_defaults_to_100():
    assert A.State().target() == 100


def test_deal_totals_add_to_the_scores_over_deals():
    state = lay_ready([["veuf_luth", "veuf_etoile"], [], []], "mer", {"stall_laps": 1})
    state.apply(pair("veuf_luth", "veuf_etoile"))
    _finish_quietly(state)
    assert state.round == 2 and state.dealer == 0  # the deal passes to the left
    assert state.scores == state.last_deal["totals"]


def test_each_meld_and_naming_slip_is_a_fact_worded_in_both_languages():
    """Issue 14's worked example for Achéron: each meld with its points, each naming slip."""
    from app.i18n import seat_name, wrap
    from engine.rng import Rng
    from games.acheron import words as words
    from games.acheron.bots import BOTS
    from support import played_moves, told_lines

    state = A.State({"players": 3, "deals": 2})
    rng = Rng(11)
    bot = BOTS["meld"]()
    melds = 0
    for who, _phase, action, told in played_moves(state, bot.choose, rng):
        if action != A.END and action & A.KIND_MASK != A.NAMING:
            assert told[0][:2] == (A.F_MELD, who) and told[0][3] == action, told
            assert told[0][2] == state.table[-1][2] if state.table else True
            melds += 1
        for line in told_lines(words, state, told):
            assert line and len(wrap(line, 2)) <= 2, line
    state = A.State({"players": 3})
    while not state.is_legal(A.NAMING + 2):  # the lot and the deal: then a slip can be entered
        state.apply(state.chance_outcome(rng.below(state.chance_count())) if state.current_player() == CHANCE
                    else bot.choose(state, state.current_player(), rng))
    state.apply(A.NAMING + 2)
    facts, count = state.facts()
    assert (count, facts[0], facts[1]) == (1, A.F_SLIP, 2)
    assert words.tell("fr", state, A.F_SLIP, 2, 0, 0, lambda s: seat_name("fr", s)) == "J3 nom oublie -5"
    assert melds >= 2
