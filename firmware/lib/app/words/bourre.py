"""La Bourre's words (app/words/__init__.py lists what a words module declares)."""

from engine.bourre import DRAW_ONE, DRAW_TWO, F_DEAD, F_EXCHANGE, F_PLAY, F_TRICK, STAND, STRENGTH
from engine.bourre_score import R_DEAL_MOST, R_LEADER_MOST, R_PLAYER_MOST, R_TRICKS_RANGE

from app.i18n import card_lines, card_word, say, seat_name
from app.i18n import refusal as _shared

CHOICES = {STAND: ("je garde tout", "stand"), DRAW_ONE: ("change 1 carte", "change 1 card"),
           DRAW_TWO: ("change 2 cartes", "change 2 cards")}

REFUSALS = {
    R_TRICKS_RANGE: ("De 0 a %d plis par joueur", "0 to %d tricks a player"),
    R_LEADER_MOST: ("Le premier a jouer fait %d plis au plus", "the leader takes %d tricks at most"),
    R_PLAYER_MOST: ("Un joueur fait %d plis au plus", "a player takes %d tricks at most"),
    R_DEAL_MOST: ("%d plis par donne au plus, il en reste %d", "%d tricks a deal at most, %d left"),
}


def refusal(lang, why):
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


def hand_lines(lang, state, seat):
    """What a seat sees in its peek: its hand, the trick's last cards, its tricks and the pot."""
    hand = sorted(state.hands[seat], key=lambda c: (c & 3) * 8 + STRENGTH[c >> 2])
    out = card_lines(lang, hand)[:2]
    if state.trick:
        out += card_lines(lang, state.trick[-2:], 11)[:1]
        out[-1] = ("Pli " if lang == "fr" else "Top ") + out[-1]
    out.append(("Plis %d pot %d" if lang == "fr" else "Tricks %d pot %d") % (state.tricks[seat], state.pot()))
    return out[:4]


def prompt(lang, state):
    """The scorekeeper's two lines: the deal and the pot, whose tricks are asked."""
    pot = state.pot()
    if state.is_over():
        return [say(lang, ("Partie finie", "Game over")), "Pot %d" % pot]
    deals = state.options["deals"]
    return [(say(lang, ("Donne %d/%d pot %d", "Deal %d/%d pot %d")) % (state.round, deals, pot))[:16],
            say(lang, ("Plis de %s ?", "Tricks of %s?")) % seat_name(lang, state.entry_seat())]


def applied(lang, state):
    """A deal of this scorekeeper applies nothing beyond the numbers entered."""
    return None


def tell(lang, state, kind, a, b, c, label):
    """The facts engine.bourre records (the worked example: the exchange, each card played and
    by whom, each trick and who took it); None for one not told yet."""
    if kind == F_PLAY:
        return say(lang, ("%s joue %s", "%s plays %s")) % (label(a), card_word(lang, b))
    if kind == F_TRICK:
        return say(lang, ("Pli pour %s", "Trick to %s")) % label(a)
    if kind == F_DEAD:
        return say(lang, ("Pli mort: %s", "Dead card: %s")) % card_word(lang, a)
    if kind == F_EXCHANGE:
        if not b:
            return say(lang, ("%s garde tout", "%s stands")) % label(a)
        return say(lang, ("%s change %d", "%s changes %d")) % (label(a), b)
    return None
