"""Piccolo's words (app/words/__init__.py lists what a words module declares)."""

from engine.piccolo import (
    BID,
    F_BID,
    F_TRUMP,
    GENERALE,
    MISERE,
    MISERE_TABLE,
    PASS,
    PH_TRUMP,
    PICCOLO,
    PICCOLO_TABLE,
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
    R_NAMED_AFTER: ("Pas d'annonce %d: choisir %s apres 70", "no %d bid: pick %s after 70"),
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
    if action > BID:
        return (say(lang, ("annonce %s", "bid %s")) % level_name(lang, action - BID))[:14]
    return card_word(lang, action)


def entry_label(lang, state, action):
    """The scorekeeper's entries beyond the numbers: the named contracts, or all passed."""
    if action == PASS:
        return say(lang, ("tous passent", "all passed"))
    return level_name(lang, action - BID)


def hand_lines(lang, state, seat):
    """The peek: the hand (up to 12 cards in three lines), then the trick on the table with the
    trump, or the contract when no card is down yet."""
    hand = sorted(state.hands[seat], key=lambda c: (c & 3) * 8 + STRENGTH[c >> 2])
    out = card_lines(lang, hand)[:3]
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


def applied(lang, state):
    """A deal of this scorekeeper applies nothing beyond the numbers entered."""
    return None


def tell(lang, state, kind, a, b, c, label):
    """The facts engine.piccolo records (the worked example: each bid and pass, the trump);
    None for one not told yet."""
    if kind == F_BID:
        if not b:
            return say(lang, ("%s passe", "%s passes")) % label(a)
        return "%s: %s" % (label(a), level_name(lang, b))
    if kind == F_TRUMP:
        return say(lang, ("Atout %s (%s)", "Trump %s (%s)")) % (suit_word(lang, b), label(a))
    return None
