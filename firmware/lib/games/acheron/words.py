"""Achéron's words (games/__init__.py lists what a words module declares). The game's own
words (Baiser, Chandelle, Jocrisse, Soupir, personnage, Grand Tombeau, Orphee...) stay as the
text has them in both languages: docs/RULES.md lists them. The other words are in words_fr,
words_en and told_en (games/__init__.py)."""

from app.i18n import OneLanguage, pack, seat_name
from app.i18n import refusal as _shared

from games.acheron import told_en as _TOLD_EN
from games.acheron.codes import (
    CHANDELLE,
    F_ENTRY,
    F_PLAYED,
    ITEM_CHANDELLE,
    ITEM_JOCRISSE,
    ITEM_SOUPIR,
    ITEMS,
    JOCRISSE,
    SOUPIR,
    ST_OVER,
    ST_PLAY,
)
from games.acheron.codes import NAMING as SCORE_NAMING
from games.acheron.rules import (
    END,
    END_HOW_ACHERON,
    F_CANDLE,
    F_DEAL,
    F_DRAW,
    F_END,
    F_JOCRISSE,
    F_MELD,
    F_OVER,
    F_POINTS,
    GRAND_TOMBEAU,
    KIND_MASK,
    NAMING,
    PAIR,
    PENALTY_JOCRISSE,
    PENALTY_SLIP,
    PERSONNAGE,
    ROUGE,
    TRIPLET,
)

_SLOT = 63  # a meld's card slots: action >> 6 & 63 and action & 63
# The end-of-deal items as the scorekeeper offers them: one at a time (earlier firmware's
# entries) or a player's set together (ITEMS + mask); the game's own words in both languages.
_ITEMS = {JOCRISSE: "Jocrisse -10", SOUPIR: "Soupir+Joc -20", CHANDELLE: "Chandelle",
          ITEMS + ITEM_JOCRISSE: "Jocrisse -10", ITEMS + ITEM_SOUPIR: "Soupir+Joc -20",
          ITEMS + ITEM_CHANDELLE: "Chandelle", ITEMS + (ITEM_JOCRISSE | ITEM_CHANDELLE): "Joc-10 +Chand",
          ITEMS + (ITEM_SOUPIR | ITEM_CHANDELLE): "Soup-20 +Chand"}

_WORDS = OneLanguage("games.acheron.words_")


def _told(lang):
    """The words of what happened in lang: the English ones are the log's at every table."""
    return _TOLD_EN if lang == "en" else _WORDS.of(lang)


def refusal(lang, why):
    return _shared(lang, why, _WORDS.of(lang).REFUSALS)


def header(lang, state):
    """The game and the deal (what is being done shows in the move offered)."""
    return _WORDS.of(lang).HEADER % state.round


def action_label(lang, state, action):
    """A move as "> " shows it: a naming slip by the seat, a personnage by its name; a meld on
    three lines, what it is and its points, then its cards one a line, by their names in lang
    (the deck file's labels: its short names, "SirL", read as a code)."""
    if action & KIND_MASK == NAMING:
        return _WORDS.of(lang).SLIP_LABEL % seat_name(lang, action - NAMING)
    if action == END:
        return _WORDS.of(lang).END_LABEL
    if action == GRAND_TOMBEAU:
        return "Grand Tombeau"
    deck = state.deck
    kind = action & KIND_MASK
    a = action >> 6 & _SLOT
    b = action & _SLOT
    if kind == PERSONNAGE:
        return "%s 15" % deck.label(b, lang)
    # the Baiser's triplet and Rouge by the game's words (Rouge's grotte and Baiser go with it)
    what = _WORDS.of(lang).PAIR if kind == PAIR else "Baiser" if kind == TRIPLET else "Rouge"
    return "%s +%d\n%s\n%s" % (what, state.meld_points(action), deck.label(a, lang), deck.label(b, lang))


def standings_label(lang):
    """The standings are each seat's points towards the target (the same word in both
    languages)."""
    return "Points"


def hint(lang, state):
    """Every step plays as the shared hint says."""
    return None


def entry_label(lang, state, action):
    """The scorekeeper's entries beyond the numbers: the end-of-deal items, the naming slips."""
    if SCORE_NAMING <= action < SCORE_NAMING + state.seats():
        return _WORDS.of(lang).SLIP_ENTRY % seat_name(lang, action - SCORE_NAMING)
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
    words = _WORDS.of(lang)
    step = state.step
    if step == ST_PLAY:
        return [words.DEAL % state.round, words.DEAL_OVER_ASK]
    if step == ST_OVER:
        names = ",".join([seat_name(lang, s) for s in state.winners()])
        return [words.GAME_OVER, words.WINNER_LINE % names]
    first, second = words.STEPS[step]
    return [first % seat_name(lang, state.who), second]


def applied(lang, state, label):
    """What the last finished deal applied besides the numbers entered, one line an item, the seat
    named by label(seat) (the scorekeeper lists them before the next deal, a long name's item on
    two lines): Jocrisse, Soupir, Chandelle, the slips."""
    words = _told(lang)
    out = []
    for s in range(state.seats()):
        seat = label(s)
        if state.last_jocrisse[s]:
            out.append(seat + (" Jocrisse -10" if state.last_jocrisse[s] == PENALTY_JOCRISSE else " Soupir -20"))
        if state.last_candle[s]:
            out.append(seat + " Chandelle")
        count = state.last_slips[s]
        if count == 1:
            out.append(words.SLIP_ITEM % (seat, PENALTY_SLIP))
        elif count:
            out.append(words.SLIPS_ITEM % (seat, count, PENALTY_SLIP * count))
    return out


def _seats(mask, n, label):
    return " ".join([label(s) for s in range(n) if mask >> s & 1])


def meld_words(lang, state, seat_label, points, action):
    """A meld as the table sees it laid: the seat, the points, the cards by their names in lang
    (the deck file's labels, " + " between), on the two lines app.i18n.wrap makes of it; when
    they do not fit two lines (most triplets), by the deck's short names, the same in both
    languages. A personnage by its name, its own in both languages."""
    if action == GRAND_TOMBEAU:
        return "%s Grand Tombeau +%d" % (seat_label, points)
    deck = state.deck
    kind = action & KIND_MASK
    a = action >> 6 & _SLOT
    b = action & _SLOT
    if kind == PERSONNAGE:
        return "%s +%d %s" % (seat_label, points, deck.labels["fr"][b])
    cards = [a, b] if kind != TRIPLET else [deck.baiser, a, b]
    what = "Rouge " if kind == ROUGE else ""
    named = "%s +%d %s%s" % (seat_label, points, what, " + ".join([deck.label(c, lang) for c in cards]))
    if len(pack(named.split())) <= 2:
        return named
    return "%s +%d %s%s" % (seat_label, points, what, "+".join([deck.shorts[c] for c in cards]))


def tell(lang, state, kind, a, b, c, label):
    """One line (a list of seats or a meld's cards may wrap to a second) for each fact the card
    game (games.acheron.rules) or the scorekeeper (games.acheron.score) records."""
    words = _told(lang)
    if kind == F_MELD:
        return meld_words(lang, state, label(a), b, c)
    if kind == F_POINTS:
        return "%s %s%d = %d" % (label(a), "+" if b >= 0 else "", b, c)
    if kind == F_END:
        text = words.ENDS.get(a)
        return text % label(b) if a == END_HOW_ACHERON else (text or words.STALL)
    if kind == F_CANDLE:
        return "Chandelle: %s" % _seats(a, state.seats(), label)
    if kind == F_JOCRISSE:
        return "%s %s -%d" % (label(a), "Jocrisse" if b == PENALTY_JOCRISSE else "Soupir", b)
    if kind == F_OVER:
        winners = _seats(a, state.seats(), label)
        if a & (a - 1):  # equal highest scores share the win
            return words.TIED % (winners, b)
        return words.WINNER % (winners, b)
    if kind == F_ENTRY:
        return words.ENTRIES[b] % (label(a), c)
    text = words.FACTS.get(kind)
    if text is None:
        return None
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
