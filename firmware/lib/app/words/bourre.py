"""La Bourre's words (app/words/__init__.py lists what a words module declares): the card game's
and the scorekeeper's, which tell a deal's end and the game's the same way.

What the table sees is told (engine.bourre F_*): each exchange (how many drawn, then put back,
and where: a count, never the cards, which only their player knows: the peek shows that seat
the cards it drew), each card played and by whom, each trick and its taker, a dead lead, the
cards of a lone player, each entry of the scorekeeper, each deal's bourrus and what they ante
next, the winners and how the pot is shared. docs/RULES.md (La Bourre) records the wording.
"""

from engine.bourre import (
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
    R_MUST_BEAT,
    R_NOT_HELD,
    STAND,
    STRENGTH,
)
from engine.bourre_score import R_DEAL_MOST, R_LEADER_MOST, R_PLAYER_MOST, R_TRICKS_RANGE

from app.i18n import card_lines, card_word, say, seat_name
from app.i18n import refusal as _shared

CHOICES = {STAND: ("je garde tout", "stand"), DRAW_ONE: ("j'en change 1", "change 1 card"),
           DRAW_TWO: ("j'en change 2", "change 2 cards")}

REFUSALS = {
    R_TRICKS_RANGE: ("De 0 a %d plis par joueur", "0 to %d tricks a player"),
    R_LEADER_MOST: ("Le premier a jouer fait %d plis au plus", "the leader takes %d tricks at most"),
    R_PLAYER_MOST: ("Un joueur fait %d plis au plus", "a player takes %d tricks at most"),
    R_DEAL_MOST: ("%d plis par donne au plus, il en reste %d", "%d tricks a deal at most, %d left"),
    # these two name a card (its one name, app.i18n.card_word): refusal() fills it in
    R_NOT_HELD: ("Tu n'as pas %s", "you do not hold %s"),
    R_MUST_BEAT: ("Il faut battre %s dans sa couleur", "you must beat %s in its suit"),
}


def refusal(lang, why):
    if type(why) is tuple and why and (why[0] == R_NOT_HELD or why[0] == R_MUST_BEAT):
        return say(lang, REFUSALS[why[0]]) % card_word(lang, why[1] if len(why) > 1 else -1)
    return _shared(lang, why, REFUSALS)


def header(lang, state):
    """The game and the deal (what is being done shows in the move offered)."""
    return "Bourre %s %d" % (say(lang, ("donne", "deal")), state.round)


def action_label(lang, state, action):
    """A move as "> " shows it: a card by its name, an exchange choice in words."""
    row = CHOICES.get(action)
    return say(lang, row) if row else card_word(lang, action)


def entry_label(lang, state, action):
    """The scorekeeper has no entries beyond the numbers of tricks."""
    return str(action)


def _by_suit(cards):
    return sorted(cards, key=lambda c: (c & 3) * 8 + STRENGTH[c >> 2])


def hand_lines(lang, state, seat):
    """What a seat sees in its peek: its hand, the cards it just drew while it exchanges (its
    alone), the trick's last cards, its tricks and the pot."""
    out = card_lines(lang, _by_suit(state.hands[seat]))[:2]
    drawn = state.drawn_cards() if seat == state.to_act else []
    if drawn:
        out.append(say(lang, ("Tire: ", "Drew: ")) + card_lines(lang, drawn, 10)[0])
    elif state.trick:
        out.append(say(lang, ("Pli ", "Top ")) + card_lines(lang, state.trick[-2:], 11)[0])
    out.append(say(lang, ("Plis %d pot %d", "Tricks %d pot %d")) % (state.tricks[seat], state.pot()))
    return out


def prompt(lang, state):
    """The scorekeeper's two lines: the deal and the pot, whose tricks are asked."""
    pot = state.pot()
    if state.is_over():
        return [say(lang, ("Partie finie", "Game over")), "Pot %d" % pot]
    deals = state.options["deals"]
    return [(say(lang, ("Donne %d/%d pot %d", "Deal %d/%d pot %d")) % (state.round, deals, pot))[:16],
            say(lang, ("Plis de %s ?", "Tricks of %s?")) % seat_name(lang, state.entry_seat())]


def applied(lang, state, label):
    """A deal of this scorekeeper applies nothing beyond the numbers entered."""
    return None


def _seats(mask, n, label):
    return " ".join([label(s) for s in range(n) if mask >> s & 1])


def _tricks(lang, count):
    """"3 plis", "1 pli", "0 pli" (French counts nought in the singular); "1 trick", "0 tricks"."""
    if lang == "en":
        return "%d trick%s" % (count, "" if count == 1 else "s")
    return "%d pli%s" % (count, "s" if count > 1 else "")


def tell(lang, state, kind, a, b, c, label):
    """One line for a fact of engine.bourre (label(seat) names a seat: the host's name, else
    J1); a list of seats, or a pot's split, may be longer and wraps (app.i18n.wrap)."""
    if kind == F_PLAY:
        row = ("%s entame %s", "%s leads %s") if c else ("%s joue %s", "%s plays %s")
        return say(lang, row) % (label(a), card_word(lang, b))
    if kind == F_TRICK:
        return say(lang, ("Pli pour %s", "Trick to %s")) % label(a)
    if kind == F_DEAD:
        return say(lang, ("Pli mort: %s", "Dead card: %s")) % card_word(lang, a)
    if kind == F_EXCHANGE:
        if not b:
            return say(lang, ("%s garde tout", "%s stands")) % label(a)
        return say(lang, ("%s pioche %d", "%s draws %d")) % (label(a), b)
    if kind == F_PUT_BACK:
        row = ("%s met %d dessous", "%s puts %d under") if c else ("%s en remet %d", "%s puts %d back")
        return say(lang, row) % (label(a), b)
    if kind == F_LONE:
        if lang == "en":
            return "%s alone: %d dead" % (label(a), b)
        return ("%d morte chez %s" if b == 1 else "%d mortes chez %s") % (b, label(a))
    if kind == F_ENTRY:
        return "%s: %s" % (label(a), _tricks(lang, b))
    n = state.seats()
    if kind == F_DEAL:
        if not b:
            return say(lang, ("Aucun bourru", "No bourru"))
        plural = b & (b - 1)
        seats = _seats(b, n, label)
        if not c:  # the last deal: no ante follows
            return ("Bourrus: %s" if plural else "Bourru: %s") % seats
        if plural:
            return say(lang, ("Bourrus %s paient %d", "Bourrus %s pay %d")) % (seats, c)
        return say(lang, ("Bourru %s paie %d", "Bourru %s pays %d")) % (seats, c)
    if kind == F_OVER:
        if a & (a - 1):
            return say(lang, ("Gagnants: %s", "Winners: %s")) % _seats(a, n, label)
        return say(lang, ("Gagne: %s", "Winner: %s")) % _seats(a, n, label)
    if kind == F_POT:
        pot = state.pot()
        if a & (a - 1):  # the split: each winner's part, an odd unit to the first from the eldest
            parts = " ".join(["%s:%d" % (label(s), state.payout[s]) for s in range(n) if a >> s & 1])
            return say(lang, ("Pot %d partage: %s", "Pot %d split: %s")) % (pot, parts)
        return say(lang, ("Pot %d pour %s", "Pot %d to %s")) % (pot, _seats(a, n, label))
    return None


def lit_seat(kind, a, b, c):
    """A trick's taker is lit on the ring."""
    return a if kind == F_TRICK else -1


def table_lines(lang, state, seat, label):
    """Nothing lies face up to be read: a card played is told as it is played."""
    return []
