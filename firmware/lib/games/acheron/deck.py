"""Achéron's deck file, games/acheron/deck.json: read, checked and hashed, without the game.

The deck is data a user may edit (docs/FORMATS.md): a JSON object {"v": 1, "cards": [...]}, each
card an id, a kind, for a figure its figure and attribute, labels in French and English and a short
name. `load_deck()` reads the file beside this module (on a frozen build, /lib/games/acheron) and checks
every rule the game relies on (the cards the rules name, once each; four personnages; every figure
and attribute the scoring uses): a file that breaks one raises BadDeck naming the card and the rule,
a BadOptions, so whatever refuses bad options shows the deck's fault. `Deck.signature` (the card
count and a hash of what the rules read, labels left out) goes into a game's options, so a saved
game made with another deck is refused.

`check()` is what the setup menu runs when the cursor reaches Achéron (games: the game is
`checked` by this module): it raises what setting up either mode would raise with the defaults,
without loading the game's engines (games.acheron.rules, games.acheron.score), which read the deck
through this module. The menu then lets this module go.
"""

import json

from engine.compat import const
from engine.core import REFUSE_GAME_DATA, BadOptions

# -- card kinds in the deck file ----------------------------------------------------------------
K_FIGURE = const(0)
K_PLACE = const(1)
K_WILD = const(2)
K_BAISER = const(3)
K_PERSONNAGE = const(4)
KIND_NAMES = ("figure", "place", "wild", "baiser", "personnage")
NONE = const(255)
MAX_CARDS = const(63)  # two card numbers share an action with 4 bits of kind

# The cards the rules name: the deck must hold each exactly once.
PLACE_IDS = ("tombeau", "treille", "mont", "mer", "grotte")
WILD_IDS = ("orphee", "la_reine", "la_sainte")
FIGURES = ("prince", "reine", "tenebreux", "veuf", "fee", "sirene")
ATTRIBUTES = ("luth", "soleil", "etoile")
# The figure cards a rule names by figure and attribute: without them that rule could never score.
NAMED_FIGURE_CARDS = (("tenebreux", "luth"), ("prince", "soleil"), ("veuf", "etoile"),
                      ("tenebreux", "soleil"), ("veuf", "soleil"))
PERSONNAGE_COUNT = const(4)
LABEL_MAX = const(16)
SHORT_MAX = const(4)  # three short names and two spaces fit an OLED line


class BadDeck(BadOptions):
    """The deck file is missing or wrong: a game cannot be set up with it (hence a BadOptions)."""

    def __init__(self, message):
        BadOptions.__init__(self, message, (REFUSE_GAME_DATA,))


_FNV_PRIME_LOW = const(0x193)  # FNV-1a's 32-bit prime is 2**24 + 0x193


def _fnv1a(text, h=0x811C9DC5):
    """The 32-bit FNV-1a hash of text's UTF-8 bytes, on two 16-bit halves (as engine.rng): on the
    ESP32 a small int holds 31 bits, so the whole hash times the prime would be three long ints a
    byte, about 100 bytes of garbage each (96 KB for the shipped deck's 1.2 KB of text, all in the
    menu's turn that checks the deck). On halves every step stays below 2**26."""
    hi = h >> 16
    lo = h & 0xFFFF
    for byte in text.encode():
        lo ^= byte
        # (hi * 2**16 + lo) * (2**24 + 0x193) modulo 2**32: lo * 2**24 keeps lo's low byte only
        low = lo * _FNV_PRIME_LOW
        hi = (hi * _FNV_PRIME_LOW + (low >> 16) + ((lo & 0xFF) << 8)) & 0xFFFF
        lo = low & 0xFFFF
    return (hi << 16) | lo


class Deck:
    """The validated deck file: per-card kind, figure and attribute as small ints, and labels."""

    def __init__(self, data):
        if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
            raise BadDeck("the deck file must be a JSON object with a \"cards\" list")
        if data.get("v") != 1:
            raise BadDeck("deck format version %r is not supported (this engine reads 1)" % (data.get("v"),))
        cards = data["cards"]
        size = len(cards)
        if not 4 <= size <= MAX_CARDS:
            raise BadDeck("the deck has %d cards; it must have 4 to %d" % (size, MAX_CARDS))
        self.size = size
        self.ids = []
        self.labels = {"fr": [], "en": []}
        self.shorts = []
        self.kind = bytearray(size)
        self.figure = bytearray(size)
        self.attribute = bytearray(size)
        self.figure_names = []
        self.attribute_names = []
        canon = []
        for i, card in enumerate(cards):
            where = "card %d" % i
            if not isinstance(card, dict):
                raise BadDeck("%s is not an object" % where)
            cid = card.get("id")
            if not isinstance(cid, str) or not cid:
                raise BadDeck("%s has no \"id\" string" % where)
            where = "card %d (%s)" % (i, cid)
            if cid in self.ids:
                raise BadDeck("%s: the id is used twice" % where)
            kind = card.get("kind")
            if kind not in KIND_NAMES:
                raise BadDeck("%s: kind must be one of %s, got %r" % (where, ", ".join(KIND_NAMES), kind))
            k = KIND_NAMES.index(kind)
            self.ids.append(cid)
            self.kind[i] = k
            self.figure[i] = NONE
            self.attribute[i] = NONE
            if k == K_FIGURE:
                self.figure[i] = _intern(self.figure_names, card.get("figure"), where, "figure")
                self.attribute[i] = _intern(self.attribute_names, card.get("attribute"), where, "attribute")
            for lang in ("fr", "en"):
                label = card.get(lang, cid)
                if not isinstance(label, str) or not 0 < len(label) <= LABEL_MAX:
                    raise BadDeck("%s: the %s label must be 1 to %d characters, got %r" % (where, lang, LABEL_MAX, label))
                self.labels[lang].append(label)
            short = card.get("short", cid[:SHORT_MAX])
            if not isinstance(short, str) or not 0 < len(short) <= SHORT_MAX or " " in short:
                raise BadDeck("%s: the short name must be 1 to %d characters without spaces, got %r"
                              % (where, SHORT_MAX, short))
            if short in self.shorts:
                raise BadDeck("%s: the short name %r is used twice" % (where, short))
            self.shorts.append(short)
            canon.append("%s|%s|%s|%s" % (cid, kind, card.get("figure", ""), card.get("attribute", "")))
        self.signature = "%d:%08x" % (size, _fnv1a(";".join(canon)))
        self.tombeau, self.treille, self.mont, self.mer, self.grotte = [self._unique(x, K_PLACE) for x in PLACE_IDS]
        self.orphee, self.la_reine, self.la_sainte = [self._unique(x, K_WILD) for x in WILD_IDS]
        self.baiser = self._unique("baiser", K_BAISER)
        self.personnages = [c for c in range(size) if self.kind[c] == K_PERSONNAGE]
        if len(self.personnages) != PERSONNAGE_COUNT:
            raise BadDeck("the deck must hold exactly %d personnages, it holds %d" % (PERSONNAGE_COUNT, len(self.personnages)))
        for name in FIGURES:
            if name not in self.figure_names:
                raise BadDeck("no card of the figure %r, which the rules use" % name)
        for name in ATTRIBUTES:
            if name not in self.attribute_names:
                raise BadDeck("no card of the attribute %r, which the rules use" % name)
        for fig, attr in NAMED_FIGURE_CARDS:
            if not self.figure_cards(fig, attr):
                raise BadDeck("no %s of %s, which a scoring rule names" % (fig, attr))

    def _unique(self, cid, kind):
        if cid not in self.ids:
            raise BadDeck("the deck has no card %r, which the rules name" % cid)
        c = self.ids.index(cid)
        if self.kind[c] != kind:
            raise BadDeck("card %r must be of kind %s" % (cid, KIND_NAMES[kind]))
        return c

    def fig(self, name):
        return self.figure_names.index(name) if name in self.figure_names else -1

    def attr(self, name):
        return self.attribute_names.index(name) if name in self.attribute_names else -1

    def figure_cards(self, figure, attribute=None):
        f = self.fig(figure)
        a = -1 if attribute is None else self.attr(attribute)
        return [c for c in range(self.size) if self.figure[c] == f and f >= 0
                and (attribute is None or self.attribute[c] == a)]

    def label(self, card, lang="fr"):
        if not isinstance(card, int) or not 0 <= card < self.size:
            return "?"
        return self.labels["en" if lang == "en" else "fr"][card]


def _intern(names, value, where, field):
    if not isinstance(value, str) or not value:
        raise BadDeck("%s: a figure card needs a %s string" % (where, field))
    if value not in names:
        names.append(value)
    return names.index(value)


_default_path = []


def deck_path():
    """Beside this module; a frozen module's __file__ is relative, so the board's /lib is tried too."""
    if _default_path:
        return _default_path[0]
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    path = here + "/deck.json"
    try:
        open(path).close()
    except OSError:
        path = "/lib/games/acheron/deck.json"
    _default_path.append(path)
    return path


_decks = {}


def load_deck(path=None):
    """The deck from its JSON file (cached per path); BadDeck says what is wrong with the file."""
    path = path or deck_path()
    deck = _decks.get(path)
    if deck is None:
        try:
            with open(path) as f:
                data = json.load(f)
        except OSError as err:
            raise BadDeck("cannot read the deck file %s: %s" % (path, err)) from None
        except ValueError as err:
            raise BadDeck("the deck file %s is not valid JSON: %s" % (path, err)) from None
        deck = Deck(data)
        _decks[path] = deck
    return deck


def check():
    """Raise what setting up an Achéron game with the defaults would raise (BadDeck: the deck file
    is missing or wrong); nothing for a deck file both engines can play with."""
    load_deck()
