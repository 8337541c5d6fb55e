"""Achéron scorekeeper: entries, the end-of-deal items, the naming penalty, refusals, the race to 100."""

import json

import games.acheron.score as S
from engine.core import TABLE, TERMINAL, BadRecord, IllegalAction
from engine.play import replay
from games.acheron import words as words
from support import expect_raises, said


def enter_deal(state, rows):
    """rows[s] = (melds, cards, wilds, items): enter one whole deal the way the buttons would."""
    state.apply(0)  # the deal has been played
    for melds, cards, wilds, items in rows:
        state.apply(melds)
        state.apply(cards)
        if cards:
            state.apply(wilds)
            for item in items:
                state.apply(item)
            state.apply(0)


def refused(state, action, words):
    before = state.to_dict()
    err = expect_raises(IllegalAction, state.apply, action)
    assert words in said(err, "acheron"), said(err, "acheron")
    assert state.to_dict() == before


def test_a_deal_adds_melds_minus_the_hand_plus_chandelles():
    state = S.State({"players": 3})
    assert state.current_player() == TABLE and state.round == 1 and state.target() == 100
    enter_deal(state, [(30, 2, 0, ()), (12, 6, 1, ()), (5, 9, 2, (S.JOCRISSE, S.CHANDELLE))])
    # J1: 30 - 2 + 5 (J3's Chandelle); J2: 12 - 6 - 2 + 5; J3: 5 - 9 - 4 - 10
    assert state.standings() == [33, 9, -18]
    assert state.last_deal_totals() == [33, 9, -18]
    assert state.round == 2 and state.phase_name() == "play"


def test_soupir_et_jocrisse_is_20():
    state = S.State({"players": 3})
    enter_deal(state, [(0, 3, 1, (S.SOUPIR,)), (20, 2, 0, ()), (10, 12, 0, ())])
    assert state.standings() == [-3 - 2 - 20, 20 - 2, 10 - 12]


def test_chandelle_transfer_option():
    state = S.State({"players": 4, "chandelle": "transfer"})
    enter_deal(state, [(0, 1, 0, (S.CHANDELLE,)), (10, 5, 0, ()), (6, 8, 0, ()), (4, 7, 0, ())])
    assert state.standings() == [-1 - 15, 10 - 5 + 5, 6 - 8 + 5, 4 - 7 + 5]


def test_no_cards_skips_the_wild_count_and_the_items():
    state = S.State({"players": 3})
    state.apply(0)
    state.apply(20)
    state.apply(0)
    assert state.phase_name() == "melds" and state.entry_seat() == 1


def test_naming_penalty_at_any_moment():
    state = S.State({"players": 3})
    state.apply(S.NAMING + 2)  # during play
    assert state.standings() == [0, 0, -5]
    state.apply(0)
    state.apply(S.NAMING + 0)  # while J1's melds are asked
    assert state.standings() == [-5, 0, -5] and state.phase_name() == "melds"
    state.apply(10)
    state.apply(1)
    state.apply(0)
    state.apply(S.NAMING + 1)  # during the items
    state.apply(0)
    enter_deal_rest = [(4, 9), (0, 12)]
    for melds, cards in enter_deal_rest:
        state.apply(melds)
        state.apply(cards)
        state.apply(0)
        state.apply(0)
    assert state.standings() == [10 - 1 - 5, 4 - 9 - 5, -12 - 5]
    assert state.last_deal_totals() == [4, -10, -17]


def test_the_game_ends_after_the_deal_that_reaches_the_target():
    state = S.State({"players": 3})
    enter_deal(state, [(60, 2, 0, ()), (10, 8, 0, ()), (0, 10, 0, ())])
    assert not state.is_over()
    enter_deal(state, [(45, 1, 0, ()), (10, 6, 0, ()), (0, 9, 0, ())])
    assert state.is_over() and state.current_player() == TERMINAL
    assert state.winners() == [0] and state.returns() == [102, 6, -19]
    assert state.round == 2 and state.extra_actions() == [] and state.legal_actions() == []
    assert words.prompt("fr", state) == ["Partie finie", "Gagne: J1"]


def test_impossible_entries_are_refused_with_the_reason():
    state = S.State({"players": 3})
    refused(state, 5, "number from 0 to 0")
    refused(state, S.JOCRISSE, "after the cards in hand")
    state.apply(0)
    refused(state, state.max_melds + 1, "number from 0 to %d" % state.max_melds)
    refused(state, -1, "number from 0")
    refused(state, S.NAMING + 3, "number from 0")  # there is no fourth player


def test_card_and_wild_totals_cannot_pass_the_deck():
    state = S.State({"players": 3})
    state.apply(0)
    state.apply(60)
    refused(state, 34, "number from 0 to 33")
    state.apply(3)
    state.apply(2)
    state.apply(0)
    refused(state, 81, "more than 140 points")
    state.apply(10)
    refused(state, 31, "pass the 33 cards")
    state.apply(2)
    refused(state, 2, "only 3 of Orphee")


def test_jocrisse_and_chandelle_need_room_in_the_hand():
    state = S.State({"players": 3})
    state.apply(0)
    state.apply(0)
    state.apply(1)
    state.apply(1)  # the one card left is a wild card
    refused(state, S.JOCRISSE, "left for the Baiser")
    refused(state, S.CHANDELLE, "left for a personnage")
    assert state.extra_actions()[0] == S.NAMING
    assert words.entry_label("en", state, S.NAMING) == "Name slip P1"


def test_one_jocrisse_per_deal_and_soupir_needs_two_cards():
    state = S.State({"players": 3})
    state.apply(0)
    state.apply(0)
    state.apply(1)
    state.apply(0)
    refused(state, S.SOUPIR, "Soupir needs Baiser")
    state.apply(S.JOCRISSE)
    refused(state, S.SOUPIR, "marked already")
    refused(state, S.CHANDELLE, "left for a personnage")
    state.apply(0)
    state.apply(0)
    state.apply(5)
    state.apply(0)
    refused(state, S.JOCRISSE, "one Baiser")
    state.apply(S.CHANDELLE)
    refused(state, S.CHANDELLE, "marked already")


def items_step(players=3, cards=5, wilds=0):
    """A state at J1's end-of-deal items, J1 holding `cards` cards of which `wilds` are wild."""
    state = S.State({"players": players})
    for entry in (0, 0, cards, wilds):
        state.apply(entry)
    assert state.phase_name() == "items"
    return state


def test_the_items_of_a_player_are_one_entry_chosen_from_the_sets_the_hand_allows():
    state = items_step()
    sets = [(action - S.ITEMS, words.entry_label("fr", state, action)) for action in state.extra_actions()
            if action >= S.ITEMS]
    assert sets == [(S.ITEM_JOCRISSE, "Jocrisse -10"), (S.ITEM_SOUPIR, "Soupir+Joc -20"),
                    (S.ITEM_CHANDELLE, "Chandelle"), (S.ITEM_JOCRISSE | S.ITEM_CHANDELLE, "Joc-10 +Chand"),
                    (S.ITEM_SOUPIR | S.ITEM_CHANDELLE, "Soup-20 +Chand")]
    assert [words.entry_label("en", state, a) for a in state.extra_actions()][:5] == [label for _m, label in sets]
    refused(state, S.ITEMS + (S.ITEM_JOCRISSE | S.ITEM_SOUPIR), "Jocrisse or Soupir")
    state.apply(S.ITEMS + (S.ITEM_SOUPIR | S.ITEM_CHANDELLE))  # both at once, and on to J2
    assert state.entry_seat() == 1 and state.phase_name() == "melds"
    assert state.jocrisse == [20, 0, 0] and state.candle == [True, False, False]
    assert state.action_name(S.ITEMS + (S.ITEM_SOUPIR | S.ITEM_CHANDELLE)) == "items Soupir+Joc -20+Chandelle"
    # J2 holds 1 card, a wild one: no room for the Baiser or a personnage, nothing but slips offered
    for entry in (30, 1, 1):
        state.apply(entry)
    assert [a for a in state.extra_actions() if a >= S.ITEMS] == []
    refused(state, S.ITEMS + S.ITEM_CHANDELLE, "left for a personnage")
    state.apply(0)
    # J3 with cards: another player has the Baiser, so only Chandelle
    for entry in (0, 4, 0):
        state.apply(entry)
    assert [a - S.ITEMS for a in state.extra_actions() if a >= S.ITEMS] == [S.ITEM_CHANDELLE]
    refused(state, S.ITEMS + (S.ITEM_JOCRISSE | S.ITEM_CHANDELLE), "one Baiser")
    assert state.jocrisse == [20, 0, 0] and state.candle == [True, False, False]  # the check undid itself


def test_a_set_needs_room_for_every_item_in_it():
    state = items_step(cards=1)  # one card: the Baiser or a personnage, not both
    offered = [a - S.ITEMS for a in state.extra_actions() if a >= S.ITEMS]
    assert offered == [S.ITEM_JOCRISSE, S.ITEM_CHANDELLE], offered
    refused(state, S.ITEMS + (S.ITEM_JOCRISSE | S.ITEM_CHANDELLE), "left for a personnage")
    refused(state, S.ITEMS + S.ITEM_SOUPIR, "Soupir needs")
    state.apply(S.JOCRISSE)  # as earlier firmware entered it: one item, then 0
    refused(state, S.ITEMS + S.ITEM_CHANDELLE, "marked already")


def labels(lang):
    """Seats as the app names them when the host gave no names (app.core: seat_label)."""
    from app.i18n import seat_name

    return lambda seat: seat_name(lang, seat)


def test_what_a_deal_applied_is_listed_after_it_and_kept_with_the_state():
    state = S.State({"players": 3})
    J, P = labels("fr"), labels("en")
    assert words.applied("fr", state, J) == []
    state.apply(S.NAMING + 1)
    state.apply(S.NAMING + 1)
    enter_deal(state, [(30, 2, 0, ()), (12, 6, 1, ()), (5, 9, 2, ())])
    assert words.applied("fr", state, J) == ["J2 noms x2 -10"]
    state.apply(0)
    state.apply(S.NAMING + 0)
    for entry in (30, 2, 0, S.ITEMS + S.ITEM_CHANDELLE, 12, 6, 1, 0, 5, 9, 2, S.ITEMS + S.ITEM_JOCRISSE):
        state.apply(entry)
    assert state.round == 3
    assert words.applied("fr", state, J) == ["J1 Chandelle", "J1 nom oublie -5", "J3 Jocrisse -10"]
    assert words.applied("en", state, P) == ["P1 Chandelle", "P1 name slip -5", "P3 Jocrisse -10"]
    for lang in ("fr", "en"):
        for line in words.applied(lang, state, J if lang == "fr" else P):
            assert len(line) <= 16, line
    copy = S.from_dict(json.loads(json.dumps(state.to_dict())))
    assert words.applied("en", copy, P) == words.applied("en", state, P)
    again = replay(json.loads(json.dumps(state.record())))
    assert again.to_dict() == state.to_dict()
    bad = state.to_dict()
    bad["last_jocrisse"] = [5, 0, 0]
    expect_raises(BadRecord, S.from_dict, bad)


def test_prompts_fit_the_oled_in_both_languages():
    state = S.State({"players": 6})
    seen = set()
    while not state.is_over():
        for lang in ("fr", "en"):
            lines = words.prompt(lang, state)
            assert 1 <= len(lines) <= 2
            for line in lines:
                assert len(line) <= 16, line
            for action in state.extra_actions():
                assert len(words.entry_label(lang, state, action)) <= 14, action
        seen.add(state.phase_name())
        low, high = state.entry_range()
        state.apply(high if state.phase_name() == "melds" and state.entry_seat() == 0 else low)
    assert seen >= {"play", "melds", "cards"}
    for lang in ("fr", "en"):
        for line in words.prompt(lang, state):
            assert len(line) <= 16


def test_record_replays_and_state_round_trips_through_json():
    state = S.State({"players": 4})
    enter_deal(state, [(20, 2, 1, (S.CHANDELLE,)), (5, 4, 0, (S.JOCRISSE,)), (0, 12, 0, ()),
                       (3, 7, 2, ())])
    state.apply(S.NAMING + 3)
    state.apply(0)
    state.apply(12)
    again = replay(json.loads(json.dumps(state.record())))
    assert again.to_dict() == state.to_dict()
    copy = S.from_dict(json.loads(json.dumps(state.to_dict())))
    assert copy.to_dict() == state.to_dict() and words.prompt("en", copy) == words.prompt("en", state)
    bad = state.to_dict()
    bad["scores"] = [1, 2]
    expect_raises(BadRecord, S.from_dict, bad)


def test_session_logs_undoes_and_refuses():
    from app.session import Session

    events = []
    session = Session(on_event=lambda kind, payload: events.append(kind))
    session.new_game("acheron_score", {"players": 3})
    session.act(0)
    session.act(25)
    session.act(S.NAMING + 1)
    assert session.state.standings() == [0, -5, 0]
    assert session.undo() and session.state.standings() == [0, 0, 0]
    assert session.state.phase_name() == "cards"
    expect_raises(IllegalAction, session.act, 99)
    assert session.state.phase_name() == "cards"
    assert "act" in events and "undo" in events and "error" in events


def test_every_refusal_fits_three_oled_lines():
    from app.i18n import wrap
    from engine.rng import Rng
    from games import words_of as of

    reasons = set()
    rng = Rng(12)
    for _game in range(3):
        state = S.State({"players": 3, "target": 300})
        for _step in range(60):
            sets = [S.ITEMS + mask for mask in range(1, 7)]
            for probe in list(range(0, state.max_melds + 2, 3)) + [S.JOCRISSE, S.SOUPIR, S.CHANDELLE] + sets:
                why = state.why_illegal(probe)
                if why:
                    reasons.add(why)
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    state = S.State({"players": 3})
    for entry in (0, 0, 1, 1):  # one card left, and it is a wild card
        state.apply(entry)
    reasons.add(state.why_illegal(S.JOCRISSE))
    reasons.add(state.why_illegal(S.CHANDELLE))
    state.wilds[0] = 0
    reasons.add(state.why_illegal(S.SOUPIR))
    assert len(reasons) >= 11 and None not in reasons, reasons
    for why in reasons:
        for lang in ("fr", "en"):
            text = of("acheron").refusal(lang, why)
            assert " ".join(wrap(text, 3)) == text, text


def enter_played_deal(state, last_deal):
    """Enter what the card engine counted at the end of a deal as the table does with the buttons:
    each player's items as one set (0 for none)."""
    state.apply(0)
    for s in range(state.n):
        row = last_deal["rows"][s]
        state.apply(row["laid"])
        cards = -row["cards"]
        state.apply(cards)
        if cards:
            state.apply(-row["wilds"] // 2)
            mask = 0
            if row["jocrisse"]:
                mask = S.ITEM_JOCRISSE if row["jocrisse"] == -10 else S.ITEM_SOUPIR
            if s in last_deal["candles"]:
                mask |= S.ITEM_CHANDELLE
            state.apply(S.ITEMS + mask if mask else 0)


def played_deal():
    """Three players, lay "free": seat 0 draws, lays Amour and five pairs and cries Acheron."""
    import games.acheron.rules as A
    from test_acheron_fixtures import deal, draw, pair, personnage

    hand = ["amour", "orphee", "tenebreux_luth", "la_reine", "prince_soleil", "fee_luth",
            "veuf_etoile", "grotte", "sirene_luth", "mont", "baiser"]
    state = deal([hand, [], ["prince_luth"]], dealer=2, options={"lay": "free", "deals": 1})
    draw(state, "prince_luth")
    state.apply(personnage("amour"))
    for a, b in (("orphee", "tenebreux_luth"), ("la_reine", "prince_soleil"), ("fee_luth", "veuf_etoile"),
                 ("grotte", "sirene_luth"), ("mont", "prince_luth")):
        state.apply(pair(a, b))
    assert state.is_over() and state.last_deal["ended_by"] == A.END_ACHERON
    return state.last_deal


def test_a_deal_played_with_the_cards_is_entered_and_adds_up_the_same():
    last = played_deal()
    assert [r["laid"] for r in last["rows"]] == [34, 0, 0]
    assert [-r["cards"] for r in last["rows"]] == [1, 11, 10]
    state = S.State({"players": 3})
    enter_played_deal(state, last)
    assert state.last_deal_totals() == last["totals"]


def test_results_no_deal_can_give_are_refused():
    state = S.State({"players": 3})
    state.apply(0)
    state.apply(34)
    state.apply(1)  # J1 holds one card
    state.apply(0)
    state.apply(0)
    state.apply(0)
    refused(state, 2, "only one hand can end under 3 cards")  # J1 cried Acheron already
    refused(state, 0, "only one hand can end under 3 cards")  # every hand empty
    state.apply(11)
    state.apply(0)
    state.apply(0)
    state.apply(0)
    refused(state, 22, "the hands would pass the 33 cards")
    refused(state, 2, "only one hand can end under 3 cards")
    refused(state, 21, "34 points need")  # nothing laid: every card in hand
    refused(state, 19, "34 points need")  # J1 laid 34 with two cards at most
    assert state.entry_range() == (3, 18)
    for entry in (10, 0, 0):
        state.apply(entry)
    assert state.standings() == [34 - 1, -11, -10]

    state = S.State({"players": 3})  # the 140 points laid with the 33 cards in hand
    state.apply(0)
    for entry in (40, 11, 0, 0, 50):
        state.apply(entry)
    refused(state, 11, "90 points need 13 cards laid or more")
    assert state.entry_range() == (0, 9)
    state.apply(9)
    state.apply(0)
    state.apply(0)
    refused(state, 50, "no deal lays 140 points")
    assert state.entry_range() == (0, 0)  # 90 points need all but J3's two cards at most
    refused(state, S.max_deal_melds(33) - 90 + 1, "more than 140 points")
    state = S.State({"players": 3})
    state.apply(0)
    refused(state, 120, "no player lays 120 points")  # one name each: one personnage alone
    assert state.entry_range() == (0, 104)  # with two other hands of three cards or more


def test_no_hand_at_two_cards_needs_grand_tombeau():
    state = S.State({"players": 4})
    state.apply(0)
    for melds in (0, 12, 9):
        state.apply(melds)
        state.apply(8)
        state.apply(0)
        state.apply(0)
    state.apply(0)
    refused(state, 3, "a hand must end at 2 cards, or Grand Tombeau")
    state.apply(2)  # J4 cried Acheron

    state = S.State({"players": 4})
    state.apply(0)
    state.apply(55)  # Grand Tombeau (50) and a pair: the deal ends with every hand large
    for cards in (8, 8, 8):
        state.apply(cards)
        state.apply(0)
        state.apply(0)
        state.apply(0)
    state.apply(3)
    state.apply(0)
    refused(state, S.CHANDELLE, "Grand Tombeau leaves no Chandelle")
    state.apply(0)
    assert state.last_deal_totals() == [55 - 8, -8, -8, -3]


def test_every_deal_the_card_engine_plays_is_accepted():
    import games.acheron.rules as A
    from engine.core import CHANCE
    from engine.play import sample_chance
    from engine.rng import Rng
    from games.acheron.bots import BOTS
    from support import scaled

    entered = 0
    for seed in range(scaled(40, 8)):
        n = 3 + seed % 4
        options = {"players": n, "deals": 2, "lay": ("drawn", "free")[seed // 4 % 2],
                   "personnages": ("pair", "alone")[seed // 8 % 2],
                   "jocrisse": ("piece", "baiser")[seed // 2 % 2]}
        rng = Rng(seed + 1)
        game = A.State(options)
        bots = [BOTS[("random", "meld", "greedy")[(seed + s) % 3]]() for s in range(n)]
        seen = 0
        while not game.is_over():
            p = game.current_player()
            sample_chance(game, rng) if p == CHANCE else game.apply(bots[p].choose(game, p, rng))
            last = game.last_deal
            if last and last["deal"] > seen:
                seen = last["deal"]
                if last["ended_by"] != A.END_STALL:  # the engine's own end: no rule of the text
                    state = S.State({"players": n, "target": 1000})
                    enter_played_deal(state, last)
                    assert state.last_deal_totals() == last["totals"]
                    entered += 1
    assert entered >= scaled(60, 12)


def test_whatever_is_entered_the_next_entry_always_has_a_value():
    from engine.rng import Rng
    from support import scaled

    items = (S.JOCRISSE, S.SOUPIR, S.CHANDELLE)
    for seed in range(scaled(30, 6)):
        n = 3 + seed % 4
        rng = Rng(seed)
        state = S.State({"players": n, "target": 300})
        for _ in range(scaled(200, 80)):
            if state.is_over():
                break
            low, high = state.entry_range()
            assert not state.why_illegal(low) and not state.why_illegal(high), state.to_dict()
            pick = rng.below(5)  # the ends often: they are where a deal gets tight
            value = low if pick == 0 else high if pick == 1 else low + rng.below(high - low + 1)
            if pick == 4 and state.phase_name() == "items":
                value = items[rng.below(3)]
            if state.why_illegal(value):
                value = low
            state.apply(value)
