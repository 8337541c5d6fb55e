"""La Bourre's words (games/__init__.py lists what a words module declares): the card game's
and the scorekeeper's, which tell a deal's end and the game's the same way. The words themselves
are in words_fr, words_en and told_en (games/__init__.py).

What the table sees is told (games.bourre.rules F_*): each exchange (how many drawn, then put back,
and where: a count, never the cards, which only their player knows: the peek shows that seat
the cards it drew), each card played and by whom, each trick and its taker, a dead lead, the
cards of a lone player, each entry of the scorekeeper, each deal's bourrus and what they ante
next, the winners and how the pot is shared. docs/RULES.md (La Bourre) records the wording.
"""

from app.i18n import OneLanguage, card_lines, card_word, seat_name
from app.i18n import refusal as _shared

from games.bourre import told_en as _TOLD_EN
from games.bourre.rules import (
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
    R_MUST_BEAT,
    R_NOT_HELD,
    STRENGTH,
)

_WORDS = OneLanguage("games.bourre.words_")


def _told(lang):
    """The words of what happened in lang: the English ones are the log's at every table."""
    return _TOLD_EN if lang == "en" else _WORDS.of(lang)


def refusal(lang, why):
    refusals = _WORDS.of(lang).REFUSALS
    if type(why) is tuple and why and (why[0] == R_NOT_HELD or why[0] == R_MUST_BEAT):
        return refusals[why[0]] % card_word(lang, why[1] if len(why) > 1 else -1)
    return _shared(lang, why, refusals)


def header(lang, state):
    """The game and the deal (what is being done shows in the move offered)."""
    return _WORDS.of(lang).HEADER % state.round


def action_label(lang, state, action):
    """A move as "> " shows it: a card by its name, an exchange choice in words."""
    choice = _WORDS.of(lang).CHOICES.get(action)
    return choice if choice else card_word(lang, action)


def standings_label(lang):
    """The standings are each seat's tricks over the game (the pot goes to the most)."""
    return _WORDS.of(lang).STANDINGS


def hint(lang, state):
    """Putting back a card drawn is not playing it: the hint says so; every other step plays as
    the shared hint says. The card game's state (the table mode asks it; the scorekeeper has
    hints of its own)."""
    if state.phase == PH_DISCARD:
        return _WORDS.of(lang).PUT_BACK_HINT
    return None


def entry_label(lang, state, action):
    """The scorekeeper has no entries beyond the numbers of tricks."""
    return str(action)


def _by_suit(cards):
    return sorted(cards, key=lambda c: (c & 3) * 8 + STRENGTH[c >> 2])


def hand_lines(lang, state, seat):
    """What a seat sees in its peek: its hand, the cards it just drew while it exchanges (its
    alone), the trick's last cards, its tricks and the pot."""
    words = _WORDS.of(lang)
    out = card_lines(lang, _by_suit(state.hands[seat]))[:2]
    drawn = state.drawn_cards() if seat == state.to_act else []
    if drawn:
        out.append(words.DREW + card_lines(lang, drawn, 10)[0])
    elif state.trick:
        out.append(words.TOP + card_lines(lang, state.trick[-2:], 11)[0])
    out.append(words.TRICKS_POT % (state.tricks[seat], state.pot()))
    return out


def prompt(lang, state):
    """The scorekeeper's two lines: the deal and the pot, whose tricks are asked."""
    words = _WORDS.of(lang)
    pot = state.pot()
    if state.is_over():
        return [words.GAME_OVER, "Pot %d" % pot]
    deals = state.options["deals"]
    return [(words.DEAL_POT % (state.round, deals, pot))[:16],
            words.TRICKS_OF % seat_name(lang, state.entry_seat())]


def applied(lang, state, label):
    """A deal of this scorekeeper applies nothing beyond the numbers entered."""
    return None


def _seats(mask, n, label):
    return " ".join([label(s) for s in range(n) if mask >> s & 1])


def tell(lang, state, kind, a, b, c, label):
    """One line for a fact of games.bourre.rules (label(seat) names a seat: the host's name, else
    J1); a list of seats, or a pot's split, may be longer and wraps (app.i18n.wrap)."""
    words = _told(lang)
    if kind == F_PLAY:
        return (words.LEADS if c else words.PLAYS) % (label(a), card_word(lang, b))
    if kind == F_TRICK:
        return words.TRICK_TO % label(a)
    if kind == F_DEAD:
        return words.DEAD % card_word(lang, a)
    if kind == F_EXCHANGE:
        return (words.DRAWS % (label(a), b)) if b else (words.STANDS % label(a))
    if kind == F_PUT_BACK:
        return (words.PUTS_UNDER if c else words.PUTS_BACK) % (label(a), b)
    if kind == F_LONE:
        return words.lone(label(a), b)
    if kind == F_ENTRY:
        return "%s: %s" % (label(a), words.tricks(b))
    n = state.seats()
    if kind == F_DEAL:
        if not b:
            return words.NO_BOURRU
        plural = b & (b - 1)
        seats = _seats(b, n, label)
        if not c:  # the last deal: no ante follows
            return ("Bourrus: %s" if plural else "Bourru: %s") % seats
        return (words.BOURRUS_PAY if plural else words.BOURRU_PAYS) % (seats, c)
    if kind == F_OVER:
        return (words.WINNERS if a & (a - 1) else words.WINNER) % _seats(a, n, label)
    if kind == F_POT:
        pot = state.pot()
        if a & (a - 1):  # the split: each winner's part, an odd unit to the first from the eldest
            parts = " ".join(["%s:%d" % (label(s), state.payout[s]) for s in range(n) if a >> s & 1])
            return words.POT_SPLIT % (pot, parts)
        return words.POT_TO % (pot, _seats(a, n, label))
    return None


def lit_seat(kind, a, b, c):
    """A trick's taker is lit on the ring."""
    return a if kind == F_TRICK else -1


def table_lines(lang, state, seat, label):
    """Nothing lies face up to be read: a card played is told as it is played."""
    return []
