"""Piccolo's words (app/words/__init__.py lists what a words module declares)."""

from engine.piccolo import (
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
    F_THROWN,
    F_TRICK,
    F_TRUMP,
    F_WINNER,
    F_WINNERS,
    GENERALE,
    MISERE,
    MISERE_TABLE,
    PASS,
    PH_TRUMP,
    PICCOLO,
    PICCOLO_TABLE,
    SEATS,
    STRENGTH,
    TRUMP,
    is_points_bid,
)
from engine.piccolo_score import (
    R_BID_AS_NUMBER,
    R_BID_RANGE,
    R_NAMED_AFTER,
    R_NO_GENERALE,
    R_POINTS_RANGE,
    R_TAKER_DEALS,
    R_TAKER_OUT,
    R_TAKER_RANGE,
    R_TRICKS_RANGE,
)

from app.i18n import card_lines, card_word, say, seat_name, suit_word
from app.i18n import refusal as _shared

# The contracts by their level; the points bids are their number.
LEVELS = {MISERE: ("misere", "misere"), PICCOLO: ("piccolo", "piccolo"),
          MISERE_TABLE: ("misere table", "open misere"), PICCOLO_TABLE: ("piccolo table", "open piccolo"),
          GENERALE: ("generale", "generale")}

REFUSALS = {
    R_NO_GENERALE: ("Pas de generale dans cette partie", "generale is off in this game"),
    R_BID_AS_NUMBER: ("Une annonce en points se donne en nombre", "enter points bids as numbers"),
    R_BID_RANGE: ("Annonces en points de %d a %d", "points bids run from %d to %d"),
    R_NAMED_AFTER: ("Pas de %d: choisir %s apres 70", "no %d bid: pick %s after 70"),
    R_TAKER_RANGE: ("Le preneur est un siege de 1 a %d", "the taker is a seat from 1 to %d"),
    R_TAKER_OUT: ("J%d a gagne et quitte la table", "seat %d has won and left"),
    R_TAKER_DEALS: ("J%d donne et ne joue pas", "seat %d deals and sits out"),
    R_POINTS_RANGE: ("Points du preneur: 0 a %d", "taker's points: 0 to %d"),
    R_TRICKS_RANGE: ("Plis du preneur: 0 a %d", "taker's tricks: 0 to %d"),
}


def level_name(lang, level):
    """A contract's name, or a points bid as its number."""
    row = LEVELS.get(level)
    if row is None:
        return ("%d points" if lang == "fr" else "%d pts") % level
    return row[1] if lang == "en" else row[0]


def header(lang, state):
    """The game and the deal (what is being done shows in the move offered)."""
    return "Piccolo %s %d" % (say(lang, ("donne", "deal")), state.round)


def action_label(lang, state, action):
    """A move as "> " shows it: a card, a bid or a pass, a trump."""
    if action >= TRUMP:
        return say(lang, ("atout %s", "trump %s")) % suit_word(lang, action - TRUMP)
    if action == PASS:  # BID + 0
        return say(lang, ("je passe", "pass"))
    if action > BID:  # a points bid by its number; a contract by its name (at most 13)
        level = action - BID
        if is_points_bid(level):
            return say(lang, ("annonce %d", "bid %d")) % level
        return level_name(lang, level)
    return card_word(lang, action)


def entry_label(lang, state, action):
    """The scorekeeper's entries beyond the numbers: the named contracts, or all passed."""
    if action == PASS:
        return say(lang, ("tous passent", "all passed"))
    return level_name(lang, action - BID)


def hand_lines(lang, state, seat):
    """The peek: the hand (up to 12 cards in three lines), then the trick on the table with the
    trump, or the contract when no card is down yet."""
    out = card_lines(lang, _in_suits(state.hands[seat]))[:3]
    if state.trick:
        trump = say(lang, ("SA", "NT"))  # sans atout / no trump
        if state.trump >= 0:
            trump = suit_word(lang, state.trump)
        out.append((trump + ": " + " ".join([card_word(lang, c) for c in state.trick]))[:16])
    elif state.taker >= 0 and state.phase >= PH_TRUMP:
        out.append(("%s %s" % (seat_name(lang, state.taker), level_name(lang, state.level)))[:16])
    return out[:4]


def prompt(lang, state):
    """The scorekeeper's two lines: the deal, then the contract, the taker or the result asked."""
    if state.is_over():
        return [say(lang, ("Partie finie", "Game over"))]
    phase = state.phase
    if phase == 0:  # piccolo_score.PH_CONTRACT
        head = say(lang, ("Donne %d D:%s", "Deal %d dealer %s")) % (state.round, seat_name(lang, state.dealer))
        return [head, say(lang, ("Contrat ?", "Contract?"))]
    if phase == 1:  # PH_TAKER
        return [level_name(lang, state.level)[:16], say(lang, ("Preneur ?", "Taker?"))]
    head = ("%s %s" % (seat_name(lang, state.taker), level_name(lang, state.level)))[:16]
    if is_points_bid(state.level):
        return [head, say(lang, ("Points preneur ?", "Taker's points?"))]
    return [head, say(lang, ("Plis du preneur?", "Taker's tricks?"))]


def refusal(lang, why):
    if why and why[0] == R_NAMED_AFTER:
        return say(lang, REFUSALS[R_NAMED_AFTER]) % (why[1], level_name(lang, why[1]))
    return _shared(lang, why, REFUSALS)


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


SPREAD = ("%s etale:", "%s spreads:")  # the taker, then the cards (told, and the spread view)


def table_lines(lang, state, seat, label):
    """The sur-table hand once spread (P10), for everyone but its taker, whose peek shows it:
    "J2 etale:", then its cards as the peek names and orders them (at most 5 lines). The card
    game's state: the scorekeeper has no cards and no table view."""
    if not state.spread or seat == state.taker:
        return []
    return [say(lang, SPREAD) % label(state.taker)] + spread_lines(lang, state)


def lit_seat(kind, a, b, c):
    """A trick's taker, the contract's taker and the first winner are lit on the ring."""
    if kind == F_TRICK or kind == F_CONTRACT or kind == F_WINNER:
        return a
    return -1


# What each fact says (engine.piccolo F_*), in argument order; the others are built in tell().
FACTS = {
    F_TRUMP: ("Atout %s: %s", "Trump %s: %s"),  # the suit, then the taker
    F_THROWN: ("Tous passent, %s donne", "All pass, %s deals"),
    F_DISCARD: ("%s ecarte %d/2", "%s discards %d/2"),
    F_PLAY: ("%s joue %s", "%s plays %s"),
    F_TRICK: ("Pli pour %s (%d)", "Trick to %s (%d)"),
    F_WINNER: ("1er gagnant: %s", "1st winner: %s"),
    F_WINNERS: ("1er %s, 2e %s", "1st %s, 2nd %s"),
    F_LOSERS: ("Perdants: %s", "Losers: %s"),
    F_PAID: ("+%d pour %s", "+%d to %s"),
}


def tell(lang, state, kind, a, b, c, label):
    """The words for each fact engine.piccolo and engine.piccolo_score record. A decision fits one
    line of 16 with the device's seat names (J1, P1); a longer host name, a sur-table contract or
    a list of seats may wrap (app.i18n.wrap, never cutting a word); the spread hand is its cards."""
    if kind == F_BID:
        if not b:
            return say(lang, ("%s passe", "%s passes")) % label(a)
        if is_points_bid(b):
            return say(lang, ("%s annonce %d", "%s bids %d")) % (label(a), b)
        return "%s %s" % (label(a), level_name(lang, b))
    if kind == F_CONTRACT:
        return say(lang, ("%s prend %s", "%s takes %s")) % (label(a), _bid_words(lang, b))
    if kind == F_LEVEL:
        return say(lang, ("Contrat %s", "Contract %s")) % _bid_words(lang, a)
    if kind == F_SPREAD:
        return " ".join([say(lang, SPREAD) % label(a)] + spread_lines(lang, state))
    if kind == F_MADE or kind == F_FAILED:
        verb = say(lang, ("%s fait %s", "%s makes %s") if kind == F_MADE else ("%s chute %s", "%s fails %s"))
        if is_points_bid(b):
            return verb % (label(a), "%d/%d" % (c, b))  # the points made over the points bid
        return verb % (label(a), level_name(lang, b))
    row = FACTS.get(kind)
    if row is None:
        return None
    text = say(lang, row)
    if kind == F_TRUMP:
        return text % (suit_word(lang, b), label(a))
    if kind == F_DISCARD or kind == F_TRICK:
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
