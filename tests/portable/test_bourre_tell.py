"""La Bourre told (issue 14 items 2 and 3): every fact the card engine and the scorekeeper record,
on rigged deals with the right seat and cards, worded in French and English within the OLED's 16
columns; a card drawn or put back never told to the table, only shown to its player's peek; the
refusals worded in both languages in three lines of 16. Both runtimes."""

from app.i18n import seat_name, wrap
from engine.core import MAX_FACTS, IllegalAction
from engine.rng import Rng
from games.bourre import score as bourre_score
from games.bourre import words as words
from games.bourre.bots import BOTS
from games.bourre.rules import (
    DRAW_ONE,
    DRAW_TWO,
    F_DEAD,
    F_DEAL,
    F_ENTRY,
    F_EXCHANGE,
    F_LONE,
    F_OVER,
    F_PLAY,
    F_POT,
    F_PUT_BACK,
    F_TRICK,
    PH_DISCARD,
    PH_EXCHANGE,
    PH_PLAY,
    R_MUST_BEAT,
    R_NOT_HELD,
    STAND,
    State,
    share_pot,
)
from support import expect_raises, played_moves, scaled, told_lines
from test_bourre_rules import CARD, cards, deal

# The facts a single line tells whatever the table (the others list seats, and may wrap).
ONE_LINE = (F_EXCHANGE, F_PUT_BACK, F_PLAY, F_TRICK, F_DEAD, F_LONE, F_ENTRY)


def facts_of(state):
    facts, count = state.facts()
    return [tuple(facts[4 * i:4 * i + 4]) for i in range(count)]


def said(state, fact, lang="fr", label=None):
    return words.tell(lang, state, fact[0], fact[1], fact[2], fact[3],
                      label or (lambda s: seat_name(lang, s)))


def both(state, fact):
    return said(state, fact, "fr"), said(state, fact, "en")


def rigged(deals=1, putback="mixed"):
    """Three players, seat 0 leading: the hands of test_bourre_rules' three_player_deal."""
    state = State({"players": 3, "deals": deals, "stake": 1, "eldest": 0, "putback": putback})
    deal(state, [cards("7S KS 8H 9D 7C"), cards("9S QH AD 10D JH"), cards("8S 9H 7D KD QD")])
    return state


def test_the_exchange_tells_counts_and_only_the_player_sees_the_cards_drawn():
    state = rigged()
    state.apply(DRAW_TWO)
    assert facts_of(state) == [(F_EXCHANGE, 0, 2, 0)]
    assert both(state, facts_of(state)[0]) == ("J1 pioche 2", "P1 draws 2")
    for name in ("JS", "QS"):  # the device draws: the table is told nothing of the cards
        state.apply(CARD[name])
        assert facts_of(state) == []
    assert state.phase == PH_DISCARD and state.drawn_cards() == cards("JS QS")
    assert state.view(0)["drawn"] == cards("JS QS") and state.view(1)["drawn"] == []
    assert state.view(-1)["drawn"] == []
    peek = words.hand_lines("fr", state, 0)
    assert "Tire: VPi DPi" in peek and len(peek) <= 4, peek
    assert "Drew: JS QS" in words.hand_lines("en", state, 0)
    state.apply(CARD["7C"])
    assert facts_of(state) == [] and state.drawn_cards() == cards("JS QS")
    state.apply(CARD["JS"])  # a card just drawn may go straight back
    assert facts_of(state) == [(F_PUT_BACK, 0, 2, 0)]
    assert both(state, facts_of(state)[0]) == ("J1 en remet 2", "P1 puts 2 back")
    assert state.drawn_cards() == [] and state.current_player() == 1
    state.apply(STAND)
    assert facts_of(state) == [(F_EXCHANGE, 1, 0, 0)]
    assert both(state, facts_of(state)[0]) == ("J2 garde tout", "P2 stands")
    assert "Tire: " not in " ".join(words.hand_lines("fr", state, 1))


def test_cards_put_under_the_pack_are_told_as_put_under():
    state = rigged(putback="under")
    state.apply(DRAW_ONE)
    state.apply(CARD["KH"])
    assert state.view(0)["drawn"] == [CARD["KH"]]
    state.apply(CARD["9D"])
    assert facts_of(state) == [(F_PUT_BACK, 0, 1, 1)]
    assert both(state, facts_of(state)[0]) == ("J1 met 1 dessous", "P1 puts 1 under")


def test_each_card_each_trick_a_dead_lead_a_lone_player_the_deal_and_the_end_are_told():
    state = rigged()
    for _ in range(3):
        state.apply(STAND)
    state.apply(CARD["8H"])  # seat 0 leads; seat 1 must beat with QH or JH
    assert facts_of(state) == [(F_PLAY, 0, CARD["8H"], 1)]
    assert both(state, facts_of(state)[0]) == ("J1 entame 8Co", "P1 leads 8H")
    assert state.current_player() == 1
    state.apply(CARD["JH"])  # 9H (seat 2) cannot beat it, nor can seat 0: seat 1 takes the trick
    assert facts_of(state) == [(F_PLAY, 1, CARD["JH"], 0), (F_TRICK, 1, 1, 0)]
    assert both(state, facts_of(state)[0]) == ("J2 joue VCo", "P2 plays JH")
    assert both(state, facts_of(state)[1]) == ("Pli pour J2", "Trick to P2")
    state.apply(CARD["QH"])  # seat 1 leads again; nobody holds a higher heart
    assert facts_of(state) == [(F_PLAY, 1, CARD["QH"], 1), (F_DEAD, CARD["QH"], 0, 0)]
    assert both(state, facts_of(state)[1]) == ("Pli mort: DCo", "Dead card: QH")
    state = rigged()
    for _ in range(3):
        state.apply(STAND)
    state.apply(CARD["7S"])
    state.apply(CARD["9S"])  # seat 1 beats; seat 2's 8S cannot; seat 0's KS can
    assert state.current_player() == 0
    state.apply(CARD["KS"])
    assert facts_of(state) == [(F_PLAY, 0, CARD["KS"], 0), (F_TRICK, 0, 1, 0)]
    assert both(state, facts_of(state)[1]) == ("Pli pour J1", "Trick to P1")
    told = []
    while not state.is_over():
        state.apply(state.legal_actions()[0])
        told.extend(facts_of(state))
    last = facts_of(state)
    kinds = [f[0] for f in last]
    assert kinds[-3:] == [F_DEAL, F_OVER, F_POT], last
    bourrus = 0
    for s in range(3):
        if state.tricks[s] == 0:
            bourrus |= 1 << s
    won = 0
    for s in state.winners():
        won |= 1 << s
    assert last[-3] == (F_DEAL, 1, bourrus, 0)  # the last deal: a bourru antes nothing more
    assert last[-2] == (F_OVER, won, max(state.totals), 0)
    assert last[-1] == (F_POT, won, 0, 0)
    assert state.payout == share_pot(3, state.totals, 0) and sum(state.payout) == state.pot() == 3
    for fact in told:
        if fact[0] == F_TRICK:  # each trick names its taker and its count so far
            assert 1 <= fact[2] <= state.tricks[fact[1]]
    if F_LONE in kinds:
        lone = last[kinds.index(F_LONE)]
        assert 1 <= lone[2] <= 4 and said(state, lone, "en") == "P%d alone: %d dead" % (lone[1] + 1, lone[2])


def test_a_lone_players_cards_and_the_bourrus_ante_are_told():
    """Everyone plays its strongest card: seat 0 is left alone with 7S and 7C, dead, and is the
    deal's bourru."""
    state = rigged(deals=2)
    for _ in range(3):
        state.apply(STAND)
    for name in "KS QH KD 9D 10D QD 9H JH 9S 8S 8H AD".split():
        state.apply(CARD[name])
    assert state.hands[0] == cards("7S 7C") and state.tricks == [0, 1, 1]
    state.apply(CARD["7D"])  # seat 2's lead dies: seat 0 alone holds cards
    assert facts_of(state) == [(F_PLAY, 2, CARD["7D"], 1), (F_DEAD, CARD["7D"], 0, 0), (F_LONE, 0, 2, 0),
                               (F_DEAL, 1, 1, 2)], facts_of(state)
    lines = [both(state, f) for f in facts_of(state)[2:]]
    assert lines == [("2 mortes chez J1", "P1 alone: 2 dead"), ("Bourru J1 paie 2", "Bourru P1 pays 2")], lines
    assert state.round == 2 and state.staked == [3, 2, 2]  # it did ante double
    line = said(state, (F_DEAL, 1, 7, 2))
    assert line == "Bourrus J1 J2 J3 paient 2" and wrap(line, 3) == ["Bourrus J1 J2 J3", "paient 2"]
    assert said(state, (F_DEAL, 1, 5, 2), "en") == "Bourrus P1 P3 pay 2"
    assert both(state, (F_DEAL, 1, 0, 2)) == ("Aucun bourru", "No bourru")
    assert both(state, (F_LONE, 1, 1, 0)) == ("1 morte chez J2", "P2 alone: 1 dead")


def test_the_scorekeeper_tells_each_entry_the_bourrus_the_winners_and_a_tied_pots_split():
    state = bourre_score.State({"players": 3, "deals": 2, "stake": 3})
    state.apply(2)
    assert facts_of(state) == [(F_ENTRY, 0, 2, 0)]
    assert both(state, facts_of(state)[0]) == ("J1: 2 plis", "P1: 2 tricks")
    state.apply(0)
    assert both(state, facts_of(state)[0]) == ("J2: 0 pli", "P2: 0 tricks")
    state.apply(1)
    assert facts_of(state) == [(F_ENTRY, 2, 1, 0), (F_DEAL, 1, 2, 6)]
    assert both(state, facts_of(state)[1]) == ("Bourru J2 paie 6", "Bourru P2 pays 6")
    assert state.staked == [6, 9, 6]  # the bourru's double ante, as told
    # deal 2 is led by seat 1: seat 1, then 2, then 0
    for tricks in (2, 0, 1):
        state.apply(tricks)
    entries = facts_of(state)
    assert [f[0] for f in entries] == [F_ENTRY, F_DEAL, F_OVER, F_POT], entries
    assert entries[0] == (F_ENTRY, 0, 1, 0)
    assert entries[1] == (F_DEAL, 2, 4, 0)  # seat 2 took none; no deal follows
    assert both(state, entries[1]) == ("Bourru: J3", "Bourru: P3")
    assert state.totals == [3, 2, 1] and state.pot() == 21
    assert entries[2] == (F_OVER, 1, 3, 0) and entries[3] == (F_POT, 1, 0, 0)
    assert both(state, entries[2]) == ("Gagne: J1", "Winner: P1")
    assert both(state, entries[3]) == ("Pot 21 pour J1", "Pot 21 to P1")


def test_a_tie_over_the_pot_says_the_split_the_odd_unit_first_from_the_eldest():
    state = bourre_score.State({"players": 3, "deals": 1, "stake": 3, "eldest": 1})
    for tricks in (1, 0, 1):  # seat 1 leads: seats 1, 2, 0
        state.apply(tricks)
    over = facts_of(state)
    assert over[-2:] == [(F_OVER, 3, 1, 0), (F_POT, 3, 0, 0)], over
    assert state.payout == [4, 5, 0]  # 9 shared by two: the odd unit to seat 1, first from the eldest
    assert both(state, over[-2]) == ("Gagnants: J1 J2", "Winners: P1 P2")
    fr, en = both(state, over[-1])
    assert (fr, en) == ("Pot 9 partage: J1:4 J2:5", "Pot 9 split: P1:4 P2:5")
    assert wrap(fr, 3) == ["Pot 9 partage:", "J1:4 J2:5"] and wrap(en, 3) == ["Pot 9 split:", "P1:4 P2:5"]
    assert both(state, over[-3]) == ("Bourru: J3", "Bourru: P3")


def test_a_pot_past_a_facts_sixteen_bits_is_told_from_the_state():
    state = bourre_score.State({"players": 6, "deals": 20, "stake": 1000})
    while not state.is_over():
        state.apply(0)  # every lead dies: all bourrus, all double, all tied
    pot = state.pot()
    assert pot > 32767 and facts_of(state)[-1] == (F_POT, 63, 0, 0)
    line = said(state, facts_of(state)[-1], "en")
    assert line.startswith("Pot %d split: P1:%d " % (pot, state.payout[0])), line
    assert sum(state.payout) == pot


def test_a_refused_card_says_why_in_both_languages():
    state = rigged()
    for _ in range(3):
        state.apply(STAND)
    err = expect_raises(IllegalAction, state.apply, CARD["9S"])  # seat 1's card
    assert err.why == (R_NOT_HELD, CARD["9S"])
    assert words.refusal("fr", err.why) == "Tu n'as pas 9Pi"
    assert words.refusal("en", err.why) == "you do not hold 9S"
    state.apply(CARD["8H"])
    err = expect_raises(IllegalAction, state.apply, CARD["AD"])  # seat 1 must beat the 8H
    assert err.why == (R_MUST_BEAT, CARD["8H"])
    assert words.refusal("fr", err.why) == "Il faut battre 8Co dans sa couleur"
    assert words.refusal("en", err.why) == "you must beat 8H in its suit"
    assert state.why_illegal(STAND) == (2,) and state.why_illegal("KS") == (3,)


def test_every_refusal_fits_three_lines_of_sixteen_without_a_cut_word():
    whys = [(R_NOT_HELD, CARD["10D"]), (R_MUST_BEAT, CARD["10D"]), (1,), (2,), (3,)]
    whys += [(bourre_score.R_TRICKS_RANGE, 5), (bourre_score.R_LEADER_MOST, 2),
             (bourre_score.R_PLAYER_MOST, 3), (bourre_score.R_DEAL_MOST, 15, 15)]
    for why in whys:
        for lang in ("fr", "en"):
            text = words.refusal(lang, why)
            lines = wrap(text, 4)
            assert text and "?" not in text[:1] and len(lines) <= 3, (why, lines)
            assert " ".join(lines) == text, (why, lines)  # no word cut


def check_telling(state, who, phase, action, told, counts):
    """What each move of a bot game tells: the seat that acted, in both languages, fitting."""
    if phase == PH_EXCHANGE:
        assert told and told[0] == (F_EXCHANGE, who, 0 if action == STAND else action - STAND, 0), told
    if phase == PH_PLAY:
        assert told[0][:3] == (F_PLAY, who, action), told
    if phase == PH_EXCHANGE or phase == PH_DISCARD:  # the exchange tells counts, never a card
        assert all(f[0] in (F_EXCHANGE, F_PUT_BACK) for f in told), told
    assert len(told) <= MAX_FACTS  # the game's end, the most at once, fills it: F_POT is last
    for fact in told:
        counts[fact[0]] = counts.get(fact[0], 0) + 1
    for line in told_lines(words, state, told):
        assert line and "?" not in line, line
    name = "Bertran"
    for fact in told:
        for lang in ("fr", "en"):
            short = said(state, fact, lang)
            if fact[0] in ONE_LINE:
                assert len(short) <= 16, short
            lines = wrap(short, 4)
            assert " ".join(lines) == short and len(lines) <= 3, lines
            # the host's names, 4 to 7 letters: still whole words, though a split pot takes more
            named = said(state, fact, lang, lambda s: name[:4 + s % 4])
            lines = wrap(named, 8)
            assert " ".join(lines) == named, lines


def test_bot_games_tell_every_move_with_its_seat_on_every_table():
    for game in range(scaled(12, 3)):
        players = 2 + game % 5
        state = State({"players": players, "deals": 1 + game % 3, "stake": 1 + game,
                       "putback": ("mixed", "under")[game % 2], "eldest": game % players})
        counts = {}
        for who, phase, action, told in played_moves(state, BOTS["plan"]().choose, Rng(game)):
            check_telling(state, who, phase, action, told, counts)
        assert counts.get(F_DEAL) == state.round and counts.get(F_OVER) == 1 and counts.get(F_POT) == 1
        assert counts.get(F_EXCHANGE) == players * state.round
        assert counts.get(F_TRICK, 0) == sum(state.totals)
        assert counts.get(F_PLAY, 0) >= counts.get(F_TRICK, 0) * 2
        won = 0
        for s in state.winners():
            won |= 1 << s
        over = facts_of(state)
        assert over[-2:] == [(F_OVER, won, max(state.totals), 0), (F_POT, won, 0, 0)], over
