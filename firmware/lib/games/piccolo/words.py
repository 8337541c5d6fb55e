"""Piccolo's words (games/__init__.py lists what a words module declares). The words themselves
are in words_fr, words_en and told_en (games/__init__.py)."""

from app.i18n import OneLanguage, card_lines, card_word, seat_name, suit_word
from app.i18n import refusal as _shared

from games.piccolo import told_en as _TOLD_EN
from games.piccolo.codes import R_NAMED_AFTER
from games.piccolo.rules import (
    BID,
    F_BID,
    F_CONTRACT,
    F_DISCARD,
    F_FAILED,
    F_LEVEL,
    F_LOSERS,
    F_MADE,
    F_PAID,
    F_PLAY,
    F_SPREAD,
    F_TRICK,
    F_TRUMP,
    F_WINNER,
    F_WINNERS,
    PASS,
    PH_DISCARD,
    PH_TRUMP,
    SEATS,
    STRENGTH,
    TRUMP,
    is_points_bid,
)

_WORDS = OneLanguage("games.piccolo.words_")


def _told(lang):
    """The words of what happened in lang: the English ones are the log's at every table (a
    contract's name too, which the screens take from there)."""
    return _TOLD_EN if lang == "en" else _WORDS.of(lang)


def level_name(lang, level):
    """A contract's name, or a points bid as its number."""
    words = _told(lang)
    name = words.LEVELS.get(level)
    return words.POINTS % level if name is None else name


def header(lang, state):
    """The game and the deal (what is being done shows in the move offered)."""
    return _WORDS.of(lang).HEADER % state.round


def action_label(lang, state, action):
    """A move as "> " shows it: a card, a bid or a pass, a trump."""
    words = _WORDS.of(lang)
    if action >= TRUMP:
        return words.TRUMP_LABEL % suit_word(lang, action - TRUMP)
    if action == PASS:  # BID + 0
        return words.PASS_LABEL
    if action > BID:  # a points bid by its number; a contract by its name (at most 13)
        level = action - BID
        if is_points_bid(level):
            return words.BID_LABEL % level
        return level_name(lang, level)
    return card_word(lang, action)


def standings_label(lang):
    """The standings are each seat's points towards the target (the same word in both
    languages)."""
    return "Points"


def hint(lang, state):
    """Putting a card aside and naming the trump are not playing a card: the hint says what
    holding OK does there; a bid and a card play as the shared hint says. The card game's state
    (the table mode asks it; the scorekeeper has hints of its own)."""
    if state.phase == PH_DISCARD:
        return _WORDS.of(lang).DISCARD_HINT
    if state.phase == PH_TRUMP:
        return _WORDS.of(lang).TRUMP_HINT
    return None


def entry_label(lang, state, action):
    """The scorekeeper's entries beyond the numbers: the named contracts, or all passed."""
    if action == PASS:
        return _WORDS.of(lang).ALL_PASSED
    return level_name(lang, action - BID)


def hand_lines(lang, state, seat):
    """The peek: the hand (up to 12 cards in three lines), then the trick on the table with the
    trump, or the contract when no card is down yet."""
    out = card_lines(lang, _in_suits(state.hands[seat]))[:3]
    if state.trick:
        trump = _WORDS.of(lang).NO_TRUMP
        if state.trump >= 0:
            trump = suit_word(lang, state.trump)
        out.append((trump + ": " + " ".join([card_word(lang, c) for c in state.trick]))[:16])
    elif state.taker >= 0 and state.phase >= PH_TRUMP:
        out.append(("%s %s" % (seat_name(lang, state.taker), level_name(lang, state.level)))[:16])
    return out[:4]


def prompt(lang, state):
    """The scorekeeper's two lines: the deal, then the contract, the taker or the result asked."""
    words = _WORDS.of(lang)
    if state.is_over():
        return [words.GAME_OVER]
    phase = state.phase
    if phase == 0:  # piccolo_score.PH_CONTRACT
        return [words.DEAL_DEALER % (state.round, seat_name(lang, state.dealer)), words.CONTRACT_ASK]
    if phase == 1:  # PH_TAKER
        return [level_name(lang, state.level)[:16], words.TAKER_ASK]
    head = ("%s %s" % (seat_name(lang, state.taker), level_name(lang, state.level)))[:16]
    if is_points_bid(state.level):
        return [head, words.POINTS_ASK]
    return [head, words.TRICKS_ASK]


def refusal(lang, why):
    refusals = _WORDS.of(lang).REFUSALS
    if why and why[0] == R_NAMED_AFTER:
        return refusals[R_NAMED_AFTER] % (why[1], level_name(lang, why[1]))
    return _shared(lang, why, refusals)


def applied(lang, state, label):
    """A deal of this scorekeeper applies nothing beyond the numbers entered."""
    return None


def _seats(mask, label):
    return " ".join([label(s) for s in range(SEATS) if mask >> s & 1])


def _bid_words(lang, level):
    """A level as said in a bid or a contract: a points bid is its number, a contract its name."""
    return str(level) if is_points_bid(level) else level_name(lang, level)


def _in_suits(cards):
    """Cards by suit, from the weakest in each (the peek and the spread hand show them alike)."""
    return sorted(cards, key=lambda c: (c & 3) * 8 + STRENGTH[c >> 2])


def spread_lines(lang, state):
    """The sur-table hand on the table, in lines of 16 (none when no hand is spread): at most 4,
    since a name takes at most 4 columns and 3 names fit a line."""
    if not state.spread:
        return []
    return card_lines(lang, _in_suits(state.hands[state.taker]))


def table_lines(lang, state, seat, label):
    """The sur-table hand once spread (P10), for everyone but its taker, whose peek shows it:
    "J2 etale:", then its cards as the peek names and orders them (at most 5 lines). The card
    game's state: the scorekeeper has no cards and no table view."""
    if not state.spread or seat == state.taker:
        return []
    return [_told(lang).SPREAD % label(state.taker)] + spread_lines(lang, state)


def lit_seat(kind, a, b, c):
    """A trick's taker, the contract's taker and the first winner are lit on the ring."""
    if kind == F_TRICK or kind == F_CONTRACT or kind == F_WINNER:
        return a
    return -1


def tell(lang, state, kind, a, b, c, label):
    """The words for each fact games.piccolo.rules and games.piccolo.score record. A decision fits one
    line of 16 with the device's seat names (J1, P1); a longer host name, a sur-table contract or
    a list of seats may wrap (app.i18n.wrap, never cutting a word); the spread hand is its cards."""
    words = _told(lang)
    if kind == F_BID:
        if not b:
            return words.PASSES % label(a)
        if is_points_bid(b):
            return words.BIDS % (label(a), b)
        return "%s %s" % (label(a), level_name(lang, b))
    if kind == F_CONTRACT:
        return words.TAKES % (label(a), _bid_words(lang, b))
    if kind == F_LEVEL:
        return words.CONTRACT % _bid_words(lang, a)
    if kind == F_SPREAD:
        return " ".join([words.SPREAD % label(a)] + spread_lines(lang, state))
    if kind == F_MADE or kind == F_FAILED:
        verb = words.MAKES if kind == F_MADE else words.FAILS
        if is_points_bid(b):
            return verb % (label(a), "%d/%d" % (c, b))  # the points made over the points bid
        return verb % (label(a), level_name(lang, b))
    if kind == F_TRICK:  # the taker's count said as what it is: his 3rd trick this deal
        return words.nth_trick(label(a), b)
    text = words.FACTS.get(kind)
    if text is None:
        return None
    if kind == F_TRUMP:
        return text % (suit_word(lang, b), label(a))
    if kind == F_DISCARD:
        return text % (label(a), b)
    if kind == F_PLAY:
        return text % (label(a), card_word(lang, b))
    if kind == F_WINNERS:
        return text % (label(a), label(b))
    if kind == F_LOSERS:
        return text % _seats(a, label)
    if kind == F_PAID:
        return text % (b, _seats(a, label))
    return text % label(a)
