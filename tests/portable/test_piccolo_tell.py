"""Piccolo told (issue 14 item 2): every apply() of the card engine and the scorekeeper records what
the table sees (games.piccolo.rules F_*), and games/piccolo/words.py words each fact and each refusal in
French and English, ASCII, in lines of 16. Rigged deals check each kind with its seats and cards."""

from app.i18n import card_word, seat_name, wrap
from engine.rng import Rng
from games.piccolo import rules as P
from games.piccolo import score as S
from games.piccolo import words as words
from games.piccolo.bots import PlanBot
from support import language_words, played_moves, scaled
from test_piccolo_rules import (
    CARD,
    HANDS,
    SPADES,
    TOURNE_CARDS,
    deal,
    deal_rigged,
    three_left,
)

# What a seat decides: one line of 16 with the device's seat names.
DECISIONS = (P.F_BID, P.F_TRUMP, P.F_DISCARD, P.F_PLAY, P.F_TRICK, P.F_WINNER, P.F_LEVEL)
LONG_NAMES = ("Bertran", "Claudin", "Anaelle", "Maxence")  # the host's names, cut to 7 as the app does


def told(state, action):
    """Apply a move; the facts it recorded."""
    state.apply(action)
    facts, count = state.facts()
    return [tuple(facts[4 * i:4 * i + 4]) for i in range(count)]


def label_in(lang, names=None):
    return lambda seat: names[seat] if names else seat_name(lang, seat)


def check_words(state, facts):
    """Every fact worded in both languages, ASCII; decisions in one line of 16; a longer fact,
    or any fact with the host's long names, wraps at spaces without cutting a word."""
    for kind, a, b, c in facts:
        for lang in ("fr", "en"):
            for names in (None, LONG_NAMES):
                line = words.tell(lang, state, kind, a, b, c, label_in(lang, names))
                assert line and all(" " <= ch <= "~" for ch in line), (kind, line)
                most = 5 if kind == P.F_SPREAD else 3  # a spread hand: its label, then 10 cards
                lines = wrap(line, most + 1)
                assert " ".join(lines) == line and len(lines) <= most, (kind, lines)
                if kind in DECISIONS and names is None:
                    assert len(line) <= 16, (kind, line)


def bidding(state, levels):
    """The first three bids of the deal (0: a pass); the facts of each."""
    return [told(state, P.PASS if lv == 0 else P.BID + lv) for lv in levels]


def test_a_points_deal_tells_each_bid_the_contract_discards_trump_cards_tricks_and_result():
    state = P.State({"dealer": 0})
    deal(state, HANDS, TOURNE_CARDS)
    said = bidding(state, (30, 36, 0))
    assert said[0] == [(P.F_BID, 1, 30, 0)] and said[1] == [(P.F_BID, 2, 36, 0)]
    assert said[2] == [(P.F_BID, 3, 0, 0)]
    assert told(state, P.PASS) == [(P.F_BID, 1, 0, 0), (P.F_CONTRACT, 2, 36, 0)]  # seat 2 takes at 36
    assert words.tell("fr", state, P.F_CONTRACT, 2, 36, 0, label_in("fr")) == "J3 prend 36"
    assert words.tell("en", state, P.F_BID, 1, 30, 0, label_in("en")) == "P2 bids 30"
    put = sorted(state.hands[2])[:2]
    assert [told(state, put[0]), told(state, put[1])] == [[(P.F_DISCARD, 2, 1, 0)], [(P.F_DISCARD, 2, 2, 0)]]
    assert words.tell("fr", state, P.F_DISCARD, 2, 2, 0, label_in("fr")) == "J3 ecarte 2/2"  # never the cards
    assert told(state, P.TRUMP + 1) == [(P.F_TRUMP, 2, 1, 0)]
    assert words.tell("fr", state, P.F_TRUMP, 2, 1, 0, label_in("fr")) == "Atout Co: J3"
    every = []
    for n in range(30):
        seat = state.current_player()
        card = state.legal_actions()[-1]
        facts = told(state, card)
        every += facts
        assert facts[0] == (P.F_PLAY, seat, card, 0), facts
        if n % 3 < 2:
            assert len(facts) == 1, facts
            continue
        winner = [s for s in range(4) if (P.F_TRICK, s) == facts[1][:2]]
        assert winner and facts[1][2] == sum([1 for f in every if f[:2] == (P.F_TRICK, winner[0])]), facts
        if n < 29:
            assert len(facts) == 2, facts
    result = state.last_result  # [taker, level, points, tricks, made, payoff]
    kind = P.F_MADE if result[4] else P.F_FAILED
    paid = 1 << 2 if result[4] else (1 << 1) | (1 << 3)
    assert facts[2:] == [(kind, 2, 36, result[2]), (P.F_PAID, paid, result[5], 0)], facts
    assert sum([1 for f in every if f[0] == P.F_TRICK]) == 10
    check_words(state, every)
    line = words.tell("fr", state, P.F_MADE, 2, 36, 41, label_in("fr"))
    assert line == "J3 fait 41/36", line
    assert words.tell("en", state, P.F_FAILED, 2, 36, 29, label_in("en")) == "P3 fails 29/36"
    assert words.tell("fr", state, P.F_PAID, 10, 4, 0, label_in("fr")) == "+4 pour J2 J4"


def test_the_card_that_ends_a_trick_is_told_before_the_trick_and_its_taker():
    state = P.State({"dealer": 0})
    deal_rigged(state, 36, "7S 7H", trump=SPADES)  # seat 1 leads the 7 of spades, seat 2 follows
    facts = told(state, CARD["7D"])  # seat 3 is void in trump... it holds diamonds: any card
    assert facts == [(P.F_PLAY, 3, CARD["7D"], 0), (P.F_TRICK, 1, 1, 0)]
    assert words.tell("fr", state, P.F_PLAY, 3, CARD["7D"], 0, label_in("fr")) == "J4 joue 7Ca"
    # the count is the taker's tricks this deal, said as such (once a bare "(1)")
    assert words.tell("en", state, P.F_TRICK, 1, 1, 0, label_in("en")) == "P2's 1st trick"
    assert [words.tell("fr", state, P.F_TRICK, 1, n, 0, label_in("fr")) for n in (1, 2, 10)] == [
        "1er pli de J2", "2e pli de J2", "10e pli de J2"]
    assert [words.tell("en", state, P.F_TRICK, 1, n, 0, label_in("en")) for n in (2, 3, 4, 10)] == [
        "P2's 2nd trick", "P2's 3rd trick", "P2's 4th trick", "P2's 10th trick"]


def test_everybody_passing_throws_the_cards_in_and_names_the_next_dealer():
    state = P.State({"dealer": 0})
    deal(state, HANDS, TOURNE_CARDS)
    assert bidding(state, (0, 0))[1] == [(P.F_BID, 2, 0, 0)]
    assert told(state, P.PASS) == [(P.F_BID, 3, 0, 0), (P.F_THROWN, 1, 0, 0)]
    assert words.tell("fr", state, P.F_THROWN, 1, 0, 0, label_in("fr")) == "Tous passent, J2 donne"


def test_a_sur_table_hand_is_spread_for_all_to_read_after_the_first_card():
    for level in (P.MISERE_TABLE, P.PICCOLO_TABLE):
        state = P.State({"dealer": 0})
        deal(state, HANDS, TOURNE_CARDS)
        assert told(state, P.BID + level)[0] == (P.F_BID, 1, level, 0)
        told(state, P.PASS)
        assert told(state, P.PASS)[-1] == (P.F_CONTRACT, 1, level, 0)
        told(state, CARD["QC"])
        assert told(state, CARD["JC"]) == [(P.F_DISCARD, 1, 2, 0)]  # no trump: play starts
        assert state.phase == P.PH_PLAY
        assert told(state, CARD["7S"]) == [(P.F_PLAY, 1, CARD["7S"], 0), (P.F_SPREAD, 1, 0, 0)]
        assert told(state, CARD["7H"]) == [(P.F_PLAY, 2, CARD["7H"], 0)]  # spread once
        for lang in ("fr", "en"):
            line = words.tell(lang, state, P.F_SPREAD, 1, 0, 0, label_in(lang))
            names = line.split()[2:]  # after "J2 etale:" / "P2 spreads:"
            assert sorted(names) == sorted([card_word(lang, c) for c in state.hands[1]]), line
            assert len(names) == 9 and len(wrap(line, 9)) <= 4, line
            lines = words.spread_lines(lang, state)
            assert " ".join(lines) == " ".join(names) and all([len(x) <= 16 for x in lines]), lines
        assert words.tell("fr", state, P.F_SPREAD, 1, 0, 0, label_in("fr")).startswith("J2 etale: ")
        assert words.tell("en", state, P.F_CONTRACT, 1, level, 0, label_in("en")) in (
            "P2 takes open misere", "P2 takes open piccolo")


def test_a_misere_lost_tells_the_trick_the_failure_and_each_adversarys_payoff():
    state = P.State({"dealer": 0})
    deal_rigged(state, P.MISERE, "10C 8C")
    assert told(state, CARD["9C"]) == [(P.F_PLAY, 3, CARD["9C"], 0), (P.F_TRICK, 1, 1, 0),
                                       (P.F_FAILED, 1, P.MISERE, 1), (P.F_PAID, 12, 4, 0)]
    assert words.tell("fr", state, P.F_FAILED, 1, P.MISERE, 1, label_in("fr")) == "J2 chute misere"
    assert words.tell("en", state, P.F_MADE, 1, P.PICCOLO, 1, label_in("en")) == "P2 makes piccolo"


def test_the_first_winner_is_told_when_he_leaves_and_the_game_goes_on():
    state = P.State({"dealer": 0})
    deal_rigged(state, P.MISERE, "10C 8C")
    state.scores = [0, 0, 37, 0]
    facts = told(state, CARD["9C"])
    assert facts[2:] == [(P.F_FAILED, 1, P.MISERE, 1), (P.F_PAID, 12, 4, 0), (P.F_WINNER, 2, 0, 0)], facts
    assert words.tell("fr", state, P.F_WINNER, 2, 0, 0, label_in("fr")) == "1er gagnant: J3"
    assert not state.is_over()


def test_the_end_tells_the_first_and_second_winners_and_the_losers():
    # both adversaries cross on one deal: the higher score first
    state = P.State({"dealer": 0})
    deal_rigged(state, P.MISERE, "10C 8C")
    state.scores = [5, 20, 37, 39]
    facts = told(state, CARD["9C"])
    assert len(facts) == 6 and facts[4:] == [(P.F_WINNERS, 3, 2, 0), (P.F_LOSERS, 3, 0, 0)], facts
    assert state.is_over()
    assert words.tell("fr", state, P.F_WINNERS, 3, 2, 0, label_in("fr")) == "1er J4, 2e J3"
    assert words.tell("en", state, P.F_WINNERS, 3, 2, 0, label_in("en")) == "1st P4, 2nd P3"
    assert words.tell("fr", state, P.F_LOSERS, 3, 0, 0, label_in("fr")) == "Perdants: J1 J2"
    assert words.tell("en", state, P.F_LOSERS, 3, 0, 0, label_in("en")) == "Losers: P1 P2"
    # the second winner of three: the first one, out since an earlier deal, is named first
    state = three_left([37, 37, 41, 10])
    deal_rigged(state, P.MISERE, "10C 8C")
    facts = told(state, CARD["9C"])
    assert facts[-2:] == [(P.F_WINNERS, 2, 0, 0), (P.F_LOSERS, 10, 0, 0)], facts


def test_seeded_bot_games_tell_every_kind_worded_in_both_languages():
    seen = {}
    for seed in range(scaled(6, 2)):
        state = P.State({"target": 21, "dealer": seed % 4})
        bots = [PlanBot() for _ in range(4)]
        for who, phase, action, facts in played_moves(state, lambda st, who, rng, bots=bots: bots[who].choose(st, who, rng),
                                                      Rng(seed)):
            assert facts, (who, phase, action)  # every move a seat makes is told
            assert facts[0][1] == who, facts  # the first fact names the seat that acted
            check_words(state, facts)
            for f in facts:
                seen[f[0]] = seen.get(f[0], 0) + 1
        assert state.is_over()
        assert seen.get(P.F_WINNERS) == seed + 1 and seen.get(P.F_LOSERS) == seed + 1
    for kind in (P.F_BID, P.F_CONTRACT, P.F_DISCARD, P.F_TRUMP, P.F_PLAY, P.F_TRICK, P.F_PAID, P.F_WINNER):
        assert seen.get(kind), (kind, seen)
    assert seen.get(P.F_MADE, 0) + seen.get(P.F_FAILED, 0) >= 4, seen


def test_the_scorekeeper_tells_each_entry_the_outcome_and_the_end():
    state = S.State({"dealer": 0, "target": 4})
    assert told(state, 30) == [(P.F_LEVEL, 30, 0, 0)]
    assert words.tell("fr", state, P.F_LEVEL, 30, 0, 0, label_in("fr")) == "Contrat 30"
    assert told(state, 2) == [(P.F_CONTRACT, 1, 30, 0)]
    assert told(state, 34) == [(P.F_MADE, 1, 30, 34), (P.F_PAID, 2, 3, 0)]
    assert words.tell("en", state, P.F_MADE, 1, 30, 34, label_in("en")) == "P2 makes 34/30"
    assert told(state, P.PASS) == [(P.F_THROWN, 2, 0, 0)]  # dealer 1's deal thrown in: seat 2 deals
    assert told(state, P.BID + P.PICCOLO) == [(P.F_LEVEL, P.PICCOLO, 0, 0)]
    assert words.tell("fr", state, P.F_LEVEL, P.PICCOLO, 0, 0, label_in("fr")) == "Contrat piccolo"
    assert told(state, 1) == [(P.F_CONTRACT, 0, P.PICCOLO, 0)]
    facts = told(state, 0)  # no trick: seats 3 and 1 score 5, both cross 4, the higher first
    assert facts == [(P.F_FAILED, 0, P.PICCOLO, 0), (P.F_PAID, 10, 5, 0), (P.F_WINNERS, 1, 3, 0),
                     (P.F_LOSERS, 5, 0, 0)], facts
    check_words(state, facts)
    assert state.is_over()
    assert words.tell("fr", state, P.F_WINNERS, 1, 3, 0, label_in("fr")) == "1er J2, 2e J4"


def test_every_refusal_fits_three_lines_in_both_languages_without_a_cut_word():
    whys = [(P.MISERE,), (P.PICCOLO,), (P.MISERE_TABLE,)]
    checked = 0
    refusals = language_words("piccolo", "en").REFUSALS
    for code in refusals:
        args = whys if code == S.R_NAMED_AFTER else [tuple([999] * refusals[code].count("%"))]
        for arg in args:
            for lang in ("fr", "en"):
                text = words.refusal(lang, (code,) + arg)
                lines = wrap(text, 4)
                assert " ".join(lines) == text and len(lines) <= 3 and all(len(x) <= 16 for x in lines), lines
                assert all(" " <= ch <= "~" for ch in text), text
                checked += 1
    assert checked >= 2 * (len(refusals) + 2)


def test_the_scorekeeper_refuses_in_the_words_of_the_table():
    state = S.State({"dealer": 0, "generale": False})
    got = [state.why_illegal(v) for v in (P.MISERE, 12, P.BID + P.GENERALE, P.BID + 33)]
    assert [w[0] for w in got] == [S.R_NAMED_AFTER, S.R_BID_RANGE, S.R_NO_GENERALE, S.R_BID_AS_NUMBER]
    assert words.refusal("en", got[0]) == "no 40 bid: pick misere after 70"
    state.apply(30)
    assert words.refusal("fr", state.why_illegal(1)) == "J1 donne et ne joue pas"
    for lang in ("fr", "en"):
        for why in got + [state.why_illegal(1), state.why_illegal(9)]:
            text = words.refusal(lang, why)
            assert len(wrap(text, 4)) <= 3 and " ".join(wrap(text, 4)) == text, text


def test_every_bid_offered_reads_whole_after_the_cursor():
    state = P.State({"dealer": 0})
    deal(state, HANDS, TOURNE_CARDS)
    for lang in ("fr", "en"):
        labels = [words.action_label(lang, state, a) for a in state.legal_actions()]
        assert all([len(x) <= 14 for x in labels]), labels  # "> " and the label: 16 columns
        assert len(set(labels)) == len(labels), labels  # no two bids read alike once cut
        assert words.action_label(lang, state, P.BID + P.MISERE_TABLE) == words.level_name(lang, P.MISERE_TABLE)
    assert words.action_label("fr", state, P.BID + 36) == "annonce 36"
    assert words.action_label("en", state, P.BID + P.PICCOLO_TABLE) == "open piccolo"


def test_the_hint_says_what_holding_ok_does_when_it_does_not_play_a_card():
    """Putting a card aside and naming trump offered their move over "Tenir OK: jouer" (as if
    the card were played): the words give the step's own hint there, and none elsewhere (the
    table mode's shared "Tenir OK: jouer")."""
    state = P.State({"dealer": 0})
    deal(state, HANDS, TOURNE_CARDS)
    assert words.hint("fr", state) is None  # a bid
    bidding(state, (30, 36, 0))
    told(state, P.PASS)  # seat 2 takes at 36 and puts two cards aside
    assert state.phase == P.PH_DISCARD
    assert (words.hint("fr", state), words.hint("en", state)) == ("Tenir OK:ecarter", "Hold OK: discard")
    for card in sorted(state.hands[2])[:2]:
        told(state, card)
    assert state.phase == P.PH_TRUMP
    assert (words.hint("fr", state), words.hint("en", state)) == ("Tenir OK:choisir", "Hold OK: choose")
    told(state, P.TRUMP + 1)
    assert state.phase == P.PH_PLAY and words.hint("fr", state) is None and words.hint("en", state) is None
    assert words.standings_label("fr") == words.standings_label("en") == "Points"
