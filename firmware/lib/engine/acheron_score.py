"""Achéron scorekeeper: real cards on the table, the device keeps the score to 100.

Every entry is a TABLE action. A deal goes:
  play     the deal is played with the cards; OK (0) when it is over. Naming slips (-5 to a
           chosen player) are extra actions here and at any later step.
  for each player in turn:
    melds  the points of everything the player laid this deal (pairs, triplets, Rouge,
           personnage 15, Grand Tombeau 50)
    cards  the cards left in their hand (-1 each)
    wilds  how many of them are Orphee, la Sainte or la Reine (-2 more each); skipped with no cards
    items  one-button extras: Jocrisse (-10), Soupir et Jocrisse (-20), Chandelle (+5 to each
           other player); OK (0) goes on. Skipped with no cards.
Then the deal's totals are added; the game ends at the end of a deal where someone has the target.
Impossible entries (more cards than the deck, two Jocrisses in one deal, ...) are refused with
IllegalAction saying why; nothing changes.
"""

from array import array

from engine.acheron import (
    CHANDELLE_GIFT,
    PENALTY_CARD,
    PENALTY_JOCRISSE,
    PENALTY_SLIP,
    PENALTY_SOUPIR,
    PENALTY_WILD_EXTRA,
    PERSONNAGE_COUNT,
    PTS_NAMED,
    PTS_PERSONNAGE,
    PTS_ROUGE,
    WILD_IDS,
    leaders,
    load_deck,
    read_per_seat,
)
from engine.compat import const
from engine.core import (
    TABLE,
    TERMINAL,
    BadRecord,
    GameState,
    IllegalAction,
    check_known_options,
    option_choice,
    option_int,
)

GAME = "acheron_score"

# steps of a deal
ST_PLAY = const(0)
ST_MELDS = const(1)
ST_CARDS = const(2)
ST_WILDS = const(3)
ST_ITEMS = const(4)
ST_OVER = const(5)
_STEP_NAMES = ("play", "melds", "cards", "wilds", "items", "over")

# actions: 0..max_melds are the number entered (0 is also "OK, go on"); then the buttons
NAMING = const(0x100)  # NAMING + seat: that player failed to use a name, -5
JOCRISSE = const(0x200)
SOUPIR = const(0x201)  # Soupir et Jocrisse
CHANDELLE = const(0x202)

MIN_PLAYERS = const(3)
MAX_PLAYERS = const(6)
# What a setup menu may offer besides the player count, first value the default: (option, values).
SETUP_CHOICES = (("target", (100, 50, 150, 200)), ("chandelle", ("gift", "transfer")))

WILD_COUNT = len(WILD_IDS)


def max_deal_melds(deck_size):
    """No deal can lay more: every personnage alone (60 beats Grand Tombeau's 50), the Baiser's
    best meld (Rouge, 20, which also covers its 10-point conjunction with one card fewer), and
    every other card in pairs worth at most 5. 140 for the 33 cards; below NAMING for 63."""
    return (PTS_PERSONNAGE * PERSONNAGE_COUNT + PTS_ROUGE
            + PTS_NAMED * ((deck_size - PERSONNAGE_COUNT - 4) // 2))

OPTION_DEFAULTS = {"players": 4, "target": 100, "chandelle": "gift"}

_TEXT = {
    "fr": {
        "play": ("Donne %d", "OK: fin de donne"),
        "melds": ("J%d abattu:", "points poses"),
        "cards": ("J%d cartes", "restant en main"),
        "wilds": ("J%d parmi elles", "Orphee/Ste/Reine"),
        "items": ("J%d fin de donne", "OK: suite"),
        "over": ("Partie finie", "Gagne: %s"),
        "seat": "J%d",
        "naming": "Nom oublie J%d",
        "jocrisse": "Jocrisse -10",
        "soupir": "Soupir+Joc -20",
        "chandelle": "Chandelle",
    },
    "en": {
        "play": ("Deal %d", "OK: deal over"),
        "melds": ("P%d melds laid:", "points"),
        "cards": ("P%d cards left", "in hand"),
        "wilds": ("P%d of which", "Orph/Saint/Queen"),
        "items": ("P%d end of deal", "OK: next"),
        "over": ("Game over", "Winner: %s"),
        "seat": "P%d",
        "naming": "Name slip P%d",
        "jocrisse": "Jocrisse -10",
        "soupir": "Soupir+Joc -20",
        "chandelle": "Chandelle",
    },
}


def normalize_options(options=None):
    options = options or {}
    check_known_options(options, OPTION_DEFAULTS)
    return {
        "players": option_int(options, "players", 4, MIN_PLAYERS, MAX_PLAYERS),
        "target": option_int(options, "target", 100, 10, 1000),
        "chandelle": option_choice(options, "chandelle", "gift", ("gift", "transfer")),
    }


def _text(lang):
    return _TEXT["en" if lang == "en" else "fr"]


class State(GameState):
    GAME = GAME

    def __init__(self, options=None):
        options = normalize_options(options)
        GameState.__init__(self, options)
        # The deck is read here, not at import: a broken deck file is then a refused game
        # (BadDeck names what is wrong), never a menu that fails to load.
        self.deck_size = load_deck().size
        self.max_melds = max_deal_melds(self.deck_size)
        n = options["players"]
        self.n = n
        self.scores = [0] * n
        self.round = 1
        self.step = ST_PLAY
        self.who = 0  # the seat being entered
        self.melds = [0] * n
        self.cards = [0] * n
        self.wilds = [0] * n
        self.jocrisse = [0] * n  # 0, 10 or 20: the penalty marked this deal
        self.candle = [False] * n
        self.slips = [0] * n  # this deal's naming slips, already taken off scores
        self.deals = []  # per deal, the list of each seat's total

    # -- the scorekeeper surface ---------------------------------------------------------------
    def current_player(self):
        return TERMINAL if self.step == ST_OVER else TABLE

    def entry_seat(self):
        return self.who if ST_MELDS <= self.step <= ST_ITEMS else -1

    def entry_range(self):
        """What is still possible after the players entered before: the buttons scroll this far."""
        step = self.step
        who = self.who
        if step == ST_MELDS:
            return (0, self.max_melds - sum(self.melds[:who]))
        if step == ST_CARDS:
            return (0, self.deck_size - sum(self.cards[:who]))
        if step == ST_WILDS:
            return (0, min(WILD_COUNT - sum(self.wilds[:who]), self.cards[who]))
        return (0, 0)

    def _entry_limit(self):
        """The most one entry can ever be at this step; beyond it only the range is worth saying."""
        step = self.step
        if step == ST_MELDS:
            return self.max_melds
        if step == ST_CARDS:
            return self.deck_size
        if step == ST_WILDS:
            return min(WILD_COUNT, self.cards[self.who])
        return 0

    def extra_actions(self, lang="fr"):
        if self.step == ST_OVER:
            return []
        text = _text(lang)
        out = []
        if self.step == ST_ITEMS:
            for action, key in ((JOCRISSE, "jocrisse"), (SOUPIR, "soupir"), (CHANDELLE, "chandelle")):
                if not self.why_illegal(action):
                    out.append((action, text[key]))
        for s in range(self.n):
            out.append((NAMING + s, text["naming"] % (s + 1)))
        return out

    def prompt(self, lang="fr"):
        text = _text(lang)
        step = self.step
        if step == ST_PLAY:
            first, second = text["play"]
            return [first % self.round, second]
        if step == ST_OVER:
            first, second = text["over"]
            return [first, second % ",".join([text["seat"] % (s + 1) for s in self.winners()])]
        first, second = text[_STEP_NAMES[step]]
        return [first % (self.who + 1), second]

    def legal_actions(self):
        if self.step == ST_OVER:
            return []
        low, high = self.entry_range()
        acts = [v for v in range(low, high + 1) if not self.why_illegal(v)]
        for action, _label in self.extra_actions():
            acts.append(action)
        return acts

    def is_legal(self, action):
        return not self.why_illegal(action)

    def why_illegal(self, action):
        """'' when the action is legal now, else the reason: short, the OLED shows it on 3 lines."""
        step = self.step
        if step == ST_OVER:
            return "the game is over"
        n = self.n
        if NAMING <= action < NAMING + n:
            return ""
        who = self.who
        if action == JOCRISSE or action == SOUPIR or action == CHANDELLE:
            if step != ST_ITEMS:
                return "items come after the cards in hand"
            return self._why_item(action, who)
        limit = self._entry_limit()
        if not 0 <= action <= limit:
            return "enter a number from 0 to %d" % limit
        if step == ST_MELDS:
            if sum(self.melds[:who]) + action > self.max_melds:
                return "no deal lays more than %d points in all" % self.max_melds
        elif step == ST_CARDS:
            if sum(self.cards[:who]) + action > self.deck_size:
                return "the hands would pass the %d cards" % self.deck_size
        elif step == ST_WILDS:
            if sum(self.wilds[:who]) + action > WILD_COUNT:
                return "only %d of Orphee, Sainte, Reine" % WILD_COUNT
        return ""

    def _why_item(self, action, who):
        held = self.wilds[who]  # cards of the hand already accounted for
        if self.jocrisse[who]:
            held += 1  # the Baiser
        if self.candle[who]:
            held += 1  # a personnage
        if action == CHANDELLE:
            if self.candle[who]:
                return "Chandelle is marked already"
            if self.candle.count(True) >= PERSONNAGE_COUNT:
                return "there are only %d personnages" % PERSONNAGE_COUNT
            if held + 1 > self.cards[who]:
                return "no card left for a personnage"
            return ""
        if self.jocrisse[who]:
            return "Jocrisse is marked already"
        for s in range(self.n):
            if s != who and self.jocrisse[s]:
                return "one Baiser: another has Jocrisse"
        if held + 1 > self.cards[who]:
            return "no card left for the Baiser"
        if action == SOUPIR and self.cards[who] < 2:
            return "Soupir needs Baiser + Reine, Sainte or veuf"
        return ""

    def apply(self, action):
        if type(action) is not int or not self.is_legal(action):
            why = self.why_illegal(action) if type(action) is int else "not a number"
            raise IllegalAction(self, action, why)
        self._apply(action)
        self.moves.append(action)

    def _apply(self, action):
        n = self.n
        if NAMING <= action < NAMING + n:
            seat = action - NAMING
            self.slips[seat] += 1
            self.scores[seat] -= PENALTY_SLIP
            return
        who = self.who
        if action == JOCRISSE:
            self.jocrisse[who] = PENALTY_JOCRISSE
            return
        if action == SOUPIR:
            self.jocrisse[who] = PENALTY_SOUPIR
            return
        if action == CHANDELLE:
            self.candle[who] = True
            return
        step = self.step
        if step == ST_PLAY:
            self.who = 0
            self.step = ST_MELDS
        elif step == ST_MELDS:
            self.melds[who] = action
            self.step = ST_CARDS
        elif step == ST_CARDS:
            self.cards[who] = action
            self.step = ST_WILDS if action else self._next_player()
        elif step == ST_WILDS:
            self.wilds[who] = action
            self.step = ST_ITEMS
        elif step == ST_ITEMS:
            self.step = self._next_player()

    def _next_player(self):
        self.who += 1
        if self.who < self.n:
            return ST_MELDS
        self._close_deal()
        return ST_OVER if max(self.scores) >= self.options["target"] else ST_PLAY

    def deal_rows(self):
        """This deal's breakdown per seat, as entered so far."""
        n = self.n
        transfer = self.options["chandelle"] == "transfer"
        rows = []
        for s in range(n):
            gifts = 0
            for giver in range(n):
                if self.candle[giver] and giver != s:
                    gifts += CHANDELLE_GIFT
            if transfer and self.candle[s]:
                gifts -= CHANDELLE_GIFT * (n - 1)
            row = {
                "laid": self.melds[s],
                "cards": -PENALTY_CARD * self.cards[s],
                "wilds": -PENALTY_WILD_EXTRA * self.wilds[s],
                "jocrisse": -self.jocrisse[s],
                "slips": -PENALTY_SLIP * self.slips[s],
                "chandelle": gifts,
            }
            total = 0
            for key in row:
                total += row[key]
            row["total"] = total
            rows.append(row)
        return rows

    def _close_deal(self):
        rows = self.deal_rows()
        totals = []
        for s in range(self.n):
            total = rows[s]["total"]
            totals.append(total)
            # the slips were taken off as they happened
            self.scores[s] += total - rows[s]["slips"]
        self.deals.append(totals)
        self._clear_deal()

    def _clear_deal(self):
        for s in range(self.n):
            self.melds[s] = 0
            self.cards[s] = 0
            self.wilds[s] = 0
            self.jocrisse[s] = 0
            self.candle[s] = False
            self.slips[s] = 0
        self.who = 0
        if max(self.scores) < self.options["target"]:
            self.round += 1

    # -- the common game surface ---------------------------------------------------------------
    def returns(self):
        if self.step != ST_OVER:
            return [0] * self.n
        return list(self.scores)

    def winners(self):
        return leaders(self.scores)

    def standings(self):
        return list(self.scores)

    def target(self):
        return self.options["target"]

    def last_deal_totals(self):
        return list(self.deals[-1]) if self.deals else None

    def action_name(self, action, lang="en"):
        if not isinstance(action, int):
            return repr(action)
        text = _text(lang)
        if NAMING <= action < NAMING + self.n:
            return text["naming"] % (action - NAMING + 1)
        if action == JOCRISSE:
            return text["jocrisse"]
        if action == SOUPIR:
            return text["soupir"]
        if action == CHANDELLE:
            return text["chandelle"]
        return "enter %d" % action

    def phase_name(self):
        return _STEP_NAMES[self.step]

    def view(self, seat=-1):
        return {
            "game": GAME,
            "players": self.n,
            "round": self.round,
            "phase": _STEP_NAMES[self.step],
            "entry_seat": self.entry_seat(),
            "scores": list(self.scores),
            "target": self.options["target"],
            "deal": self.deal_rows(),
            "deals": [list(d) for d in self.deals],
        }

    def to_dict(self):
        return {
            "game": GAME,
            "options": self.options,
            "moves": list(self.moves),
            "scores": list(self.scores),
            "round": self.round,
            "step": self.step,
            "who": self.who,
            "melds": list(self.melds),
            "cards": list(self.cards),
            "wilds": list(self.wilds),
            "jocrisse": list(self.jocrisse),
            "candle": list(self.candle),
            "slips": list(self.slips),
            "deals": [list(d) for d in self.deals],
        }


def from_dict(data):
    """Rebuild a state from to_dict() output, refusing anything that does not add up."""
    try:
        state = State(data["options"])
        n = state.n
        state.moves = array("H", data["moves"])
        read_per_seat(state, data, ("scores", "melds", "cards", "wilds", "jocrisse", "slips"), int)
        read_per_seat(state, data, ("candle",), bool)
        for key in ("round", "step", "who"):
            setattr(state, key, int(data[key]))
        state.deals = [[int(v) for v in d] for d in data["deals"]]
        if not 0 <= state.step <= ST_OVER or not 0 <= state.who < n:
            raise BadRecord("step %r or seat %r out of range" % (state.step, state.who))
        for d in state.deals:
            if len(d) != n:
                raise BadRecord("a deal's totals do not have one entry per seat")
    except (KeyError, TypeError, ValueError) as err:
        raise BadRecord("not an Achéron scorekeeper state: %s" % err) from None
    return state


__all__ = ["State", "from_dict", "normalize_options"]
