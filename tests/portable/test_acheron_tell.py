"""Achéron told (issue 14 items 2 and 3): every apply() of the card game and of the scorekeeper
records what the table sees as facts (engine/core.py), the right kind with the right seat and
cards, and games/acheron/words.py words each one in French and English, ASCII, within 16 columns
(a list of seats or a meld's cards wraps to a second line, never cutting a word). The refusal
reasons fit three lines of 16 in both languages."""

import games.acheron.rules as A
import games.acheron.score as S
from app.i18n import seat_name, wrap
from engine.core import CHANCE, MAX_FACTS, RandomBot
from engine.rng import Rng
from games.acheron import words as words
from games.acheron.bots import BOTS
from support import language_words, scaled
from test_acheron_fixtures import deal, draw, pair, personnage, rouge, triplet


def facts_of(state):
    facts, count = state.facts()
    assert count < MAX_FACTS, count  # room left: no fact of the move was dropped
    return [tuple(facts[4 * i:4 * i + 4]) for i in range(count)]


def label_in(lang):
    return lambda seat: seat_name(lang, seat)


def said(state, fact, lang):
    kind, a, b, c = fact
    return words.tell(lang, state, kind, a, b, c, label_in(lang))


def check_words(state, facts):
    """Every fact worded in both languages: ASCII, at most two OLED lines, no word cut."""
    for fact in facts:
        for lang in ("fr", "en"):
            line = said(state, fact, lang)
            assert line, (fact, lang)
            assert all(32 <= ord(ch) < 127 for ch in line), line
            lines = wrap(line, 3)
            assert " ".join(lines) == line and len(lines) <= 2, (fact, lines)


def kinds(facts):
    return [f[0] for f in facts]


def lay_free(hands, drawn, options=None):
    """Seat 0 has drawn `drawn` from the dealer (the last seat) and lays any melds of its hand."""
    options = dict(options or {})
    options["lay"] = "free"
    hands = [list(h) for h in hands]
    hands[-1].append(drawn)
    state = deal(hands, None, options)
    draw(state, drawn)
    return state


# -- the card game ---------------------------------------------------------------------------
def test_the_first_dealer_and_each_deal_are_told():
    state = A.State({"players": 4})
    state.apply(2)  # the lot: seat 2 deals first
    assert facts_of(state) == [(A.F_DEAL, 1, 2, 0)]
    assert said(state, facts_of(state)[0], "fr") == "J3 donne"
    assert said(state, facts_of(state)[0], "en") == "P3 deals"
    state.apply(state.legal_actions()[0])  # a card dealt face down: the table is told nothing
    assert facts_of(state) == []


def test_a_draw_names_the_drawer_and_the_seat_drawn_from_never_the_card():
    state = deal([["mer"], [], [], ["baiser"]])  # seat 3 deals; seat 0 draws from it
    draw(state, "baiser")
    assert facts_of(state) == [(A.F_DRAW, 0, 3, 0)]
    assert said(state, (A.F_DRAW, 0, 3, 0), "fr") == "J1 tire chez J4"
    assert said(state, (A.F_DRAW, 0, 3, 0), "en") == "P1 draws from P4"
    state.apply(A.END)
    assert facts_of(state) == [(A.F_PASS, 0, 0, 0)]
    assert said(state, (A.F_PASS, 0, 0, 0), "fr") == "J1 ne pose rien"
    state.apply(state.legal_actions()[0])
    assert facts_of(state) == [(A.F_DRAW, 1, 0, 0)]


def test_draw_from_next_names_the_next_seat():
    state = deal([[], [], []], options={"draw_from": "next"})
    state.apply(state.legal_actions()[0])
    assert facts_of(state) == [(A.F_DRAW, 0, 1, 0)]


def test_each_meld_is_told_with_its_seat_points_and_cards():
    state = lay_free([["veuf_luth", "veuf_etoile", "tombeau", "grotte", "prince_luth", "la_reine", "amour", "mer"],
                      [], []], "baiser")
    # the cards by their names in the table's language when they fit two lines, else by the
    # deck's short names (the same in both languages)
    melds = ((pair("veuf_luth", "veuf_etoile"), "J1 +1 Veuf luth + Veuf etoile", "P1 +1 VeuL+VeuE"),
             (rouge("prince_luth", "la_reine"), "J1 +20 Rouge PriL+LaR", "P1 +20 Rouge PriL+LaR"),
             (personnage("amour"), "J1 +15 Amour", "P1 +15 Amour"))
    for action, fr, en in melds:
        state.apply(action)
        points = state.table[-1][2]
        assert facts_of(state) == [(A.F_MELD, 0, points, action)]
        assert said(state, facts_of(state)[0], "fr") == fr
        assert said(state, facts_of(state)[0], "en") == en
        check_words(state, facts_of(state))
    assert wrap("J1 +1 Veuf luth + Veuf etoile", 3) == ["J1 +1 Veuf luth", "+ Veuf etoile"]


def test_a_meld_told_names_its_cards_in_both_languages():
    state = lay_free([["sirene_luth", "treille", "mer", "mont"], [], []], "baiser")
    action = pair("sirene_luth", "treille")
    state.apply(action)
    fact = facts_of(state)[0]
    assert said(state, fact, "fr") == "J1 +%d Sirene luth + Treille" % state.table[-1][2]
    assert said(state, fact, "en") == "P1 +%d Siren lute + Vine arbour" % state.table[-1][2]
    for lang in ("fr", "en"):
        assert len(wrap(said(state, fact, lang), 3)) == 2
    state.apply(A.END)
    assert facts_of(state) == []  # the seat laid: its turn simply passes, the next draw says so


def test_a_baiser_triplet_lists_the_three_cards():
    state = lay_free([["prince_soleil", "tenebreux_soleil", "mer", "mont"], [], []], "baiser")
    action = triplet("prince_soleil", "tenebreux_soleil")
    state.apply(action)
    fact = facts_of(state)[0]
    assert fact == (A.F_MELD, 0, state.table[-1][2], action)
    assert said(state, fact, "fr") == "J1 +%d Bais+PriS+TenS" % state.table[-1][2]
    assert wrap(said(state, fact, "fr"), 3) == ["J1 +%d" % state.table[-1][2], "Bais+PriS+TenS"]


def test_grand_tombeau_ends_the_deal_and_the_game_told_in_order():
    state = lay_free([["amour", "phoebus", "lusignan", "biron"], [], []], "mer", {"deals": 1})
    state.apply(A.GRAND_TOMBEAU)
    facts = facts_of(state)
    totals = state.last_deal["totals"]
    items = (A.F_CANDLE, A.F_JOCRISSE)  # what the other hands kept (the fillers) comes between
    assert [k for k in kinds(facts) if k not in items] == [A.F_MELD, A.F_END] + [A.F_POINTS] * 3 + [A.F_OVER]
    assert A.F_CANDLE not in kinds(facts)  # the four personnages are on the table
    facts = [f for f in facts if f[0] not in items]
    assert facts[0] == (A.F_MELD, 0, 50, A.GRAND_TOMBEAU)
    assert facts[1] == (A.F_END, A.END_HOW_TOMBEAU, 0, 0)
    assert facts[2:5] == [(A.F_POINTS, s, totals[s], state.scores[s]) for s in range(3)]
    assert facts[5] == (A.F_OVER, 1, state.scores[0], 0)
    fr = [said(state, f, "fr") for f in facts]
    assert fr[0] == "J1 Grand Tombeau +50" and fr[1] == "Fin de la donne"
    assert fr[2] == "J1 +%d = %d" % (totals[0], state.scores[0])
    assert fr[5] == "Gagne: J1 (%d)" % state.scores[0]
    assert said(state, facts[5], "en") == "Winner: P1 (%d)" % state.scores[0]
    check_words(state, facts)


def test_the_seat_drawn_down_to_two_cries_acheron_and_the_next_deal_is_told():
    hands = [["mer", "tombeau", "veuf_luth", "fee_luth", "amour"], [], [], [], [], ["baiser"]]
    state = deal(hands, dealer=5, options={"deals": 2})
    draw(state, "baiser")
    state.apply(triplet("mer", "tombeau"))
    state.apply(A.END)
    state.apply(state.legal_actions()[0])  # seat 1 draws from seat 0: two cards left
    facts = facts_of(state)
    assert facts[:2] == [(A.F_DRAW, 1, 0, 0), (A.F_END, A.END_HOW_ACHERON, 0, 0)]
    assert said(state, facts[1], "fr") == "J1 crie Acheron!"
    assert said(state, facts[1], "en") == "P1 cries Acheron"
    points = [f for f in facts if f[0] == A.F_POINTS]
    assert [f[1] for f in points] == list(range(6))
    assert facts[-1] == (A.F_DEAL, 2, 0, 0)  # the next dealer is seat 0 (the dealer's left)
    assert A.F_OVER not in kinds(facts)
    check_words(state, facts)


def test_chandelle_and_jocrisse_are_told_for_the_seats_that_hold_them():
    # six players, five cards each: seat 0 lays down to two; seat 2 keeps the Baiser with the grotte
    # (Jocrisse, the Soupir's cards kept out); the personnages and wild cards fill the other hands.
    hands = [["veuf_luth", "veuf_etoile", "fee_luth", "fee_etoile", "mer"], ["amour"],
             ["baiser", "grotte", "tombeau", "treille", "mont"], [], [], []]
    state = deal(hands, dealer=5, options={"deals": 1, "lay": "free"})
    draw(state, A.load_deck().ids[state.hands[5][0]])
    state.apply(pair("veuf_luth", "veuf_etoile"))
    state.apply(pair("fee_luth", "fee_etoile"))
    facts = facts_of(state)
    last = state.last_deal
    assert kinds(facts)[:2] == [A.F_MELD, A.F_END] and facts[1] == (A.F_END, A.END_HOW_ACHERON, 0, 0)
    holders = 0
    for s in last["candles"]:
        holders |= 1 << s
    assert holders & 2  # seat 1 kept Amour
    assert (A.F_CANDLE, holders, A.CHANDELLE_GIFT, 0) in facts
    assert [f for f in facts if f[0] == A.F_JOCRISSE] == [(A.F_JOCRISSE, 2, 10, 0)]
    assert said(state, (A.F_JOCRISSE, 2, 10, 0), "fr") == "J3 Jocrisse -10"
    assert said(state, (A.F_JOCRISSE, 2, 20, 0), "en") == "P3 Soupir -20"
    line = said(state, (A.F_CANDLE, holders, 5, 0), "fr")
    assert line == "Chandelle: " + " ".join(["J%d" % (s + 1) for s in last["candles"]])
    points = [f for f in facts if f[0] == A.F_POINTS]
    assert points == [(A.F_POINTS, s, last["totals"][s], state.scores[s]) for s in range(6)]
    assert kinds(facts).index(A.F_CANDLE) < kinds(facts).index(A.F_POINTS)
    check_words(state, facts)


def test_a_stalled_deal_is_told_and_the_next_one_begins():
    state = deal([[], [], []], options={"stall_laps": 1})
    for seat in range(3):
        state.apply(state.legal_actions()[0])  # the draw
        state.apply(A.END)
        facts = facts_of(state)
        assert facts[0] == (A.F_PASS, seat, 0, 0)
    assert facts[1] == (A.F_END, A.END_HOW_STALL, -1, 0)
    assert [said(state, facts[1], lang) for lang in ("fr", "en")] == ["Donne bloquee", "Deal stalled"]
    assert facts[-1] == (A.F_DEAL, 2, 0, 0)
    check_words(state, facts)


def test_a_naming_slip_is_told_with_its_penalty():
    hands = [["amour", "mer"], [], [], ["fee_luth"]]
    state = deal(hands)
    draw(state, "fee_luth")
    state.apply(personnage("amour"))
    state.apply(A.NAMING + 2)
    assert facts_of(state) == [(A.F_SLIP, 2, 0, 0)]
    assert said(state, (A.F_SLIP, 2, 0, 0), "fr") == "J3 nom oublie -5"
    assert said(state, (A.F_SLIP, 2, 0, 0), "en") == "P3 name slip -5"


def test_host_names_replace_the_seats():
    state = A.State({"players": 3})
    names = ("Ana", "Bob", "Chloe")
    assert words.tell("fr", state, A.F_DRAW, 0, 2, 0, lambda s: names[s]) == "Ana tire chez Chloe"
    assert words.tell("en", state, A.F_OVER, 5, 104, 0, lambda s: names[s]) == "Tied: Ana Chloe (104)"


def play_bots(options, seed, bot):
    """A whole game; yields (who, phase, action, facts) for every move, chance included."""
    state = A.State(options)
    rng = Rng(seed)
    for _ in range(20000):
        if state.is_over():
            return
        who = state.current_player()
        if state.phase == A.PH_DRAW:
            who = state.seat  # a draw is chance (a hidden card): the drawer is the seat to act
        phase = state.phase
        laid_before = state.laid_this_turn
        if state.current_player() == CHANCE:
            action = state.chance_outcome(rng.below(state.chance_count()))
        else:
            action = bot.choose(state, who, rng)
        deals = state.round
        state.apply(action)
        yield state, who, phase, action, laid_before, deals, facts_of(state)
    raise AssertionError("no end")


def test_every_move_of_whole_games_is_told_with_the_seat_that_made_it():
    seen = set()
    for seed in range(scaled(12, 3)):
        n = 3 + seed % 4
        options = {"players": n, "target": 40 if seed % 2 else 100,
                   "lay": "free" if seed % 3 == 2 else "drawn", "stall_laps": 1 + seed % 3}
        bot = RandomBot() if seed % 4 == 3 else BOTS["meld"]()
        deal_ends = 0
        state = None
        for state, who, phase, action, laid_before, deals, facts in play_bots(options, seed, bot):
            seen.update(kinds(facts))
            check_words(state, facts)
            if phase == A.PH_DRAW:
                assert facts[0] == (A.F_DRAW, who, (who - 1) % n if options.get("draw_from") != "next"
                                    else (who + 1) % n, 0)
            elif phase == A.PH_LAY and action & A.KIND_MASK == A.NAMING:
                assert facts == [(A.F_SLIP, action - A.NAMING, 0, 0)]
            elif phase == A.PH_LAY and action == A.END:
                assert facts[:1] == ([] if laid_before else [(A.F_PASS, who, 0, 0)])
            elif phase == A.PH_LAY:
                assert facts[0][:2] == (A.F_MELD, who) and facts[0][3] == action
            if A.F_END in kinds(facts):
                deal_ends += 1
                at = kinds(facts).index(A.F_END)
                last = state.last_deal
                assert last["deal"] == deals
                points = [f for f in facts if f[0] == A.F_POINTS]
                assert points == [(A.F_POINTS, s, last["totals"][s], points[s][3]) for s in range(n)]
                assert (A.F_CANDLE in kinds(facts)) == bool(last["candles"])
                after = facts[-1]
                if state.is_over():
                    won = 0
                    for s in state.winners():
                        won |= 1 << s
                    assert after == (A.F_OVER, won, max(state.scores), 0)
                    assert [f[3] for f in points] == state.scores
                else:
                    assert after == (A.F_DEAL, state.round, state.dealer, 0)
                assert kinds(facts)[at + 1:] == sorted(kinds(facts)[at + 1:], key=[
                    A.F_END, A.F_CANDLE, A.F_JOCRISSE, A.F_POINTS, A.F_DEAL, A.F_OVER].index)
        assert deal_ends == state.round
    for kind in (A.F_DEAL, A.F_DRAW, A.F_PASS, A.F_MELD, A.F_END, A.F_CANDLE, A.F_JOCRISSE, A.F_POINTS,
                 A.F_OVER):
        assert kind in seen, kind


# -- the scorekeeper ---------------------------------------------------------------------------
def entered(state, action):
    state.apply(action)
    facts = facts_of(state)
    check_words(state, facts)
    return facts


def test_the_scorekeeper_tells_each_entry_item_and_the_deal_and_game_end():
    state = S.State({"players": 3})
    assert entered(state, 0) == [(S.F_PLAYED, 1, 0, 0)]
    assert said(state, (S.F_PLAYED, 1, 0, 0), "fr") == "Donne 1 finie"
    assert said(state, (S.F_PLAYED, 1, 0, 0), "en") == "Deal 1 over"
    assert entered(state, 60) == [(S.F_ENTRY, 0, S.ST_MELDS, 60)]
    assert said(state, (S.F_ENTRY, 0, S.ST_MELDS, 60), "fr") == "J1 a pose 60"
    assert said(state, (S.F_ENTRY, 0, S.ST_MELDS, 60), "en") == "P1 laid 60"
    assert entered(state, 2) == [(S.F_ENTRY, 0, S.ST_CARDS, 2)]
    assert said(state, (S.F_ENTRY, 0, S.ST_CARDS, 2), "fr") == "J1: 2 en main"
    assert entered(state, 1) == [(S.F_ENTRY, 0, S.ST_WILDS, 1)]
    assert said(state, (S.F_ENTRY, 0, S.ST_WILDS, 1), "en") == "P1 Orph/Ste/Re 1"
    assert entered(state, S.CHANDELLE) == [(A.F_CANDLE, 1, A.CHANDELLE_GIFT, 0)]
    assert said(state, (A.F_CANDLE, 1, 5, 0), "fr") == "Chandelle: J1"
    assert entered(state, 0) == []  # OK: on to the next player, whose prompt shows
    assert entered(state, S.NAMING + 1) == [(A.F_SLIP, 1, 0, 0)]
    entered(state, 10)
    entered(state, 8)
    entered(state, 0)
    assert entered(state, S.SOUPIR) == [(A.F_JOCRISSE, 1, 20, 0)]
    entered(state, 0)
    entered(state, 0)
    entered(state, 5)
    entered(state, 0)
    facts = entered(state, 0)  # the last hand's items: the deal closes
    totals = state.last_deal_totals()
    assert facts == [(A.F_POINTS, s, totals[s], state.scores[s]) for s in range(3)]
    assert totals[1] == 10 - 8 - 20 - 5 + 5
    assert said(state, facts[1], "fr") == "J2 %d = %d" % (totals[1], state.scores[1])
    assert said(state, facts[0], "en") == "P1 +%d = %d" % (totals[0], state.scores[0])
    # the second deal reaches the target: the winner and the score close it
    entered(state, 0)
    entered(state, 45)
    entered(state, 1)
    entered(state, 0)
    entered(state, 0)
    for melds, cards in ((10, 6), (0, 9)):
        entered(state, melds)
        entered(state, cards)
        entered(state, 0)
        facts = entered(state, 0)
    assert state.is_over() and facts[-1] == (A.F_OVER, 1, state.scores[0], 0)
    assert said(state, facts[-1], "fr") == "Gagne: J1 (%d)" % state.scores[0]
    assert kinds(facts) == [A.F_POINTS] * 3 + [A.F_OVER]


def test_a_players_item_set_is_told_item_by_item():
    state = S.State({"players": 3})
    for value in (0, 20, 4, 1):  # the deal is over; J1 laid 20, holds 4 cards, one of them wild
        entered(state, value)
    facts = entered(state, S.ITEMS + (S.ITEM_SOUPIR | S.ITEM_CHANDELLE))
    assert facts == [(A.F_JOCRISSE, 0, 20, 0), (A.F_CANDLE, 1, A.CHANDELLE_GIFT, 0)]
    assert [said(state, f, "fr") for f in facts] == ["J1 Soupir -20", "Chandelle: J1"]
    assert state.entry_seat() == 1  # and on to the next player


def test_every_refusal_fits_three_lines_in_both_languages():
    refusals = {lang: language_words("acheron", lang).REFUSALS for lang in ("fr", "en")}
    assert sorted(refusals["fr"]) == sorted(refusals["en"])
    for code in refusals["fr"]:
        for lang in ("fr", "en"):
            text = refusals[lang][code]
            widest = text.replace("%d", "140")  # the widest numbers a refusal gives
            assert all(32 <= ord(ch) < 127 for ch in widest), widest
            lines = wrap(widest, 4)
            assert " ".join(lines) == widest and len(lines) <= 3, (code, lang, lines)
    for name in dir(S):  # every code the scorekeeper gives is worded
        if name.startswith("R_"):
            assert getattr(S, name) in refusals["en"], name


def test_refusals_reach_the_screen_in_the_table_language():
    state = S.State({"players": 3})
    why = state.why_illegal(S.JOCRISSE)
    assert words.refusal("fr", why) == "Jocrisse, Chandelle: apres les cartes"
    assert words.refusal("en", why) == "items come after the cards in hand"
