"""Achéron's words (app/words/__init__.py lists what a words module declares). The game's own
words (Baiser, Chandelle, Jocrisse, Soupir, personnage, Grand Tombeau, Orphee...) stay as the
text has them in both languages: docs/RULES.md lists them."""

from engine.acheron import (
    END,
    END_HOW_ACHERON,
    END_HOW_TOMBEAU,
    F_CANDLE,
    F_DEAL,
    F_DRAW,
    F_END,
    F_JOCRISSE,
    F_MELD,
    F_OVER,
    F_PASS,
    F_POINTS,
    F_SLIP,
    GRAND_TOMBEAU,
    KIND_MASK,
    NAMING,
    PAIR,
    PENALTY_JOCRISSE,
    PENALTY_SLIP,
    PERSONNAGE,
    TRIPLET,
)
from engine.acheron_score import (
    CHANDELLE,
    F_ENTRY,
    F_PLAYED,
    ITEM_CHANDELLE,
    ITEM_JOCRISSE,
    ITEM_SOUPIR,
    ITEMS,
    JOCRISSE,
    R_BAISER_ONE_OF,
    R_CANDLE_MARKED,
    R_CARDS_MOST,
    R_ITEMS_LATER,
    R_ITEMS_MARKED,
    R_JOCRISSE_MARKED,
    R_LAID_SCORE_LEAST,
    R_MELDS_MOST,
    R_NO_CARD_BAISER,
    R_NO_CARD_PERSONNAGE,
    R_NO_DEAL_LAYS,
    R_NO_PLAYER_LAYS,
    R_NUMBER_RANGE,
    R_ONE_BAISER,
    R_ONE_SHORT_HAND,
    R_OTHERS_NEED_3,
    R_PERSONNAGES_MOST,
    R_POINTS_NEED_CARDS,
    R_SHORT_OR_TOMBEAU,
    R_SOUPIR_CARDS,
    R_TOMBEAU_NO_CANDLE,
    R_TOO_FEW_POINTS,
    R_WILDS_MOST,
    SOUPIR,
    ST_CARDS,
    ST_ITEMS,
    ST_MELDS,
    ST_OVER,
    ST_PLAY,
    ST_WILDS,
)
from engine.acheron_score import NAMING as SCORE_NAMING

from app.i18n import refusal as _shared
from app.i18n import say, seat_name

_SLOT = 63  # a meld's card slots: action >> 6 & 63 and action & 63
# The scorekeeper's two lines by its step (engine.acheron_score ST_*), a seat in the first.
_STEPS = {ST_MELDS: (("%s abattu:", "%s melds laid:"), ("points poses", "points")),
          ST_CARDS: (("%s cartes", "%s cards left"), ("restant en main", "in hand")),
          ST_WILDS: (("%s parmi elles", "%s of which"), ("Orphee/Ste/Reine", "Orphee/Ste/Reine")),
          ST_ITEMS: (("%s fin de donne", "%s end of deal"), ("extras ? 0:aucun", "items? 0: none"))}
# The end-of-deal items as the scorekeeper offers them: one at a time (earlier firmware's
# entries) or a player's set together (ITEMS + mask); the game's own words in both languages.
_ITEMS = {JOCRISSE: "Jocrisse -10", SOUPIR: "Soupir+Joc -20", CHANDELLE: "Chandelle",
          ITEMS + ITEM_JOCRISSE: "Jocrisse -10", ITEMS + ITEM_SOUPIR: "Soupir+Joc -20",
          ITEMS + ITEM_CHANDELLE: "Chandelle", ITEMS + (ITEM_JOCRISSE | ITEM_CHANDELLE): "Joc-10 +Chand",
          ITEMS + (ITEM_SOUPIR | ITEM_CHANDELLE): "Soup-20 +Chand"}

REFUSALS = {
    R_ITEMS_LATER: ("Jocrisse, Chandelle: apres les cartes", "items come after the cards in hand"),
    R_NUMBER_RANGE: ("Un nombre de 0 a %d", "enter a number from 0 to %d"),
    R_MELDS_MOST: ("Une donne pose %d points au plus", "no deal lays more than %d points in all"),
    R_CARDS_MOST: ("Les mains depassent les %d cartes", "the hands would pass the %d cards"),
    R_WILDS_MOST: ("Seulement %d parmi Orphee, Sainte, Reine", "only %d of Orphee, Sainte, Reine"),
    R_CANDLE_MARKED: ("Chandelle deja marquee", "Chandelle is marked already"),
    R_PERSONNAGES_MOST: ("Il n'y a que %d personnages", "there are only %d personnages"),
    R_NO_CARD_PERSONNAGE: ("Plus de carte pour un personnage", "no card left for a personnage"),
    R_JOCRISSE_MARKED: ("Jocrisse deja marque", "Jocrisse is marked already"),
    R_ONE_BAISER: ("Un seul Baiser: un autre a Jocrisse", "one Baiser: another has Jocrisse"),
    R_NO_CARD_BAISER: ("Plus de carte pour le Baiser", "no card left for the Baiser"),
    R_SOUPIR_CARDS: ("Soupir: le Baiser et Reine, Sainte ou veuf", "Soupir needs Baiser + Reine, Sainte or veuf"),
    R_ONE_SHORT_HAND: ("Une seule main finit sous 3 cartes", "only one hand can end under 3 cards"),
    R_TOMBEAU_NO_CANDLE: ("Grand Tombeau ne laisse pas de Chandelle", "Grand Tombeau leaves no Chandelle"),
    R_OTHERS_NEED_3: ("Les autres mains ont 3 cartes chacune", "the other hands need 3 cards each"),
    R_POINTS_NEED_CARDS: ("%d points: %d cartes posees ou plus", "%d points need %d cards laid or more"),
    R_NO_PLAYER_LAYS: ("Aucun joueur ne pose %d points", "no player lays %d points"),
    R_NO_DEAL_LAYS: ("Aucune donne ne pose %d points", "no deal lays %d points"),
    R_SHORT_OR_TOMBEAU: ("Une main finit a 2 cartes, ou Grand Tombeau", "a hand must end at 2 cards, or Grand Tombeau"),
    R_LAID_SCORE_LEAST: ("%d cartes posees font %d points ou plus", "%d cards laid score %d or more"),
    R_TOO_FEW_POINTS: ("Trop peu de points pour les cartes posees", "too few points for the cards laid"),
    R_BAISER_ONE_OF: ("Un seul Baiser: Jocrisse ou Soupir", "one Baiser: Jocrisse or Soupir"),
    R_ITEMS_MARKED: ("Extras deja marques", "items are marked already"),
}


def refusal(lang, why):
    return _shared(lang, why, REFUSALS)


def header(lang, state):
    """The game and the deal (what is being done shows in the move offered)."""
    return "Acheron %s %d" % (say(lang, ("donne", "deal")), state.round)


def action_label(lang, state, action):
    """A move as "> " shows it: melds by the cards' short names (the deck file's) and points,
    a naming slip by the seat; on the scorekeeper, its end-of-deal items and slips."""
    if action & KIND_MASK == NAMING:
        return say(lang, ("nom oublie %s", "name slip %s")) % seat_name(lang, action - NAMING)
    if action == END:
        return say(lang, ("fin du tour", "end turn"))
    if action == GRAND_TOMBEAU:
        return "Grand Tombeau"
    deck = state.deck
    kind = action & KIND_MASK
    a = action >> 6 & _SLOT
    b = action & _SLOT
    if kind == PERSONNAGE:
        return "%s 15" % deck.label(b, lang)
    if kind == PAIR:
        return "%s+%s %d" % (deck.shorts[a], deck.shorts[b], state.meld_points(action))
    if kind == TRIPLET:
        return "B+%s+%s %d" % (deck.shorts[a], deck.shorts[b], state.meld_points(action))
    return "Rouge %s+%s" % (deck.shorts[a], deck.shorts[b])


def entry_label(lang, state, action):
    """The scorekeeper's entries beyond the numbers: the end-of-deal items, the naming slips."""
    if SCORE_NAMING <= action < SCORE_NAMING + state.seats():
        return say(lang, ("Nom oublie %s", "Name slip %s")) % seat_name(lang, action - SCORE_NAMING)
    return _ITEMS[action]


def hand_lines(lang, state, seat):
    """The peek: the seat's hand in the deck's short names, three to a line."""
    shorts = state.deck.shorts
    hand = sorted(state.hands[seat])
    lines = []
    for i in range(0, len(hand), 3):
        lines.append(" ".join([shorts[c] for c in hand[i:i + 3]]))
    if len(lines) > 4:
        lines = lines[:4]
        lines[3] = lines[3][:9] + " +%d" % (len(hand) - 11)
    return lines or ["-"]


def prompt(lang, state):
    """The scorekeeper's two lines for its step."""
    step = state.step
    if step == ST_PLAY:
        return [say(lang, ("Donne %d", "Deal %d")) % state.round, say(lang, ("0: donne finie", "0: deal over"))]
    if step == ST_OVER:
        names = ",".join([seat_name(lang, s) for s in state.winners()])
        return [say(lang, ("Partie finie", "Game over")), say(lang, ("Gagne: %s", "Winner: %s")) % names]
    first, second = _STEPS[step]
    return [say(lang, first) % seat_name(lang, state.who), say(lang, second)]


def applied(lang, state, label):
    """What the last finished deal applied besides the numbers entered, one line an item, the seat
    named by label(seat) (the scorekeeper lists them before the next deal, a long name's item on
    two lines): Jocrisse, Soupir, Chandelle, the slips."""
    out = []
    for s in range(state.seats()):
        seat = label(s)
        if state.last_jocrisse[s]:
            out.append(seat + (" Jocrisse -10" if state.last_jocrisse[s] == PENALTY_JOCRISSE else " Soupir -20"))
        if state.last_candle[s]:
            out.append(seat + " Chandelle")
        count = state.last_slips[s]
        if count == 1:
            out.append(say(lang, ("%s nom oublie -%d", "%s name slip -%d")) % (seat, PENALTY_SLIP))
        elif count:
            out.append(say(lang, ("%s noms x%d -%d", "%s slips x%d -%d")) % (seat, count, PENALTY_SLIP * count))
    return out


# What each fact says (engine.acheron and engine.acheron_score F_*), %s a seat's label first.
FACTS = {
    F_DEAL: ("%s donne", "%s deals"),
    F_DRAW: ("%s tire chez %s", "%s draws from %s"),
    F_PASS: ("%s ne pose rien", "%s lays nothing"),
    F_SLIP: ("%s nom oublie -5", "%s name slip -5"),
    F_PLAYED: ("Donne %d finie", "Deal %d over"),
}
_ENDS = {END_HOW_ACHERON: ("%s crie Acheron!", "%s cries Acheron"),
         END_HOW_TOMBEAU: ("Fin de la donne", "The deal is over")}
_STALL = ("Donne bloquee", "Deal stalled")
_ENTRIES = {ST_MELDS: ("%s a pose %d", "%s laid %d"),
            ST_CARDS: ("%s: %d en main", "%s: %d in hand"),
            ST_WILDS: ("%s Orph/Ste/Re %d", "%s Orph/Ste/Re %d")}


def _seats(mask, n, label):
    return " ".join([label(s) for s in range(n) if mask >> s & 1])


def meld_words(state, seat_label, points, action):
    """A meld as the table sees it laid: the seat, the points, the cards (the deck file's short
    names; a personnage by its name). Wraps to two lines (app.i18n.wrap) when longer than 16."""
    if action == GRAND_TOMBEAU:
        return "%s Grand Tombeau +%d" % (seat_label, points)
    deck = state.deck
    kind = action & KIND_MASK
    a = deck.shorts[action >> 6 & _SLOT]
    b = action & _SLOT
    if kind == PERSONNAGE:
        cards = deck.labels["fr"][b]  # a personnage's name is its own, the same in both languages
    elif kind == PAIR:
        cards = "%s+%s" % (a, deck.shorts[b])
    elif kind == TRIPLET:
        cards = "%s+%s+%s" % (deck.shorts[deck.baiser], a, deck.shorts[b])
    else:
        cards = "Rouge %s+%s" % (a, deck.shorts[b])
    return "%s +%d %s" % (seat_label, points, cards)


def tell(lang, state, kind, a, b, c, label):
    """One line (a list of seats or a meld's cards may wrap to a second) for each fact the card
    game (engine.acheron) or the scorekeeper (engine.acheron_score) records."""
    if kind == F_MELD:
        return meld_words(state, label(a), b, c)
    if kind == F_POINTS:
        return "%s %s%d = %d" % (label(a), "+" if b >= 0 else "", b, c)
    if kind == F_END:
        row = _ENDS.get(a)
        return say(lang, row) % label(b) if a == END_HOW_ACHERON else say(lang, row or _STALL)
    if kind == F_CANDLE:
        return "Chandelle: %s" % _seats(a, state.seats(), label)
    if kind == F_JOCRISSE:
        return "%s %s -%d" % (label(a), "Jocrisse" if b == PENALTY_JOCRISSE else "Soupir", b)
    if kind == F_OVER:
        winners = _seats(a, state.seats(), label)
        if a & (a - 1):  # equal highest scores share the win
            return say(lang, ("Ex aequo: %s (%d)", "Tied: %s (%d)")) % (winners, b)
        return say(lang, ("Gagne: %s (%d)", "Winner: %s (%d)")) % (winners, b)
    if kind == F_ENTRY:
        return say(lang, _ENTRIES[b]) % (label(a), c)
    row = FACTS.get(kind)
    if row is None:
        return None
    text = say(lang, row)
    if kind == F_PLAYED:
        return text % a
    if kind == F_DRAW:
        return text % (label(a), label(b))
    if kind == F_DEAL:
        return text % label(b)
    return text % label(a)


def lit_seat(kind, a, b, c):
    """A meld's player, and the seat that ended the deal (the crier, Grand Tombeau) are lit."""
    if kind == F_MELD:
        return a
    return b if kind == F_END else -1  # -1 for a deal that stalled


def table_lines(lang, state, seat, label):
    """The melds are told as they are laid and counted in the score: no view of the table."""
    return []
