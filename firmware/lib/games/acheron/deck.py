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

Reading and checking the file is games.acheron.deck_file's, imported for it and let go at once
(app.memory): it runs once a deck (load_deck caches the Deck per path), and its checks and their
messages stay out of the heap while the game plays (issue 25: about 2 KB on the 32-bit port).
"""

from app.memory import let_go, load
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


_READER = "games.acheron.deck_file"  # the file's reader and checks (Deck, load_deck)
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
        # every field the reader fills, declared here (the reader fills the lists in place)
        self.size = 0
        self.ids = []
        self.labels = {"fr": [], "en": []}
        self.shorts = []
        self.kind = self.figure = self.attribute = bytearray(0)
        self.figure_names = []
        self.attribute_names = []
        self.signature = ""
        self.tombeau = self.treille = self.mont = self.mer = self.grotte = 0
        self.orphee = self.la_reine = self.la_sainte = self.baiser = 0
        self.personnages = []
        reader = _reader()  # its checks run once a deck: their code goes at once after
        try:
            reader.fill(self, data)
        finally:
            let_go(_READER)

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


def _reader():
    """The deck file's reader, raising this module's BadDeck: its own import of this module finds
    a fresh copy when this one was let go while a caller (the game's rules) still holds it, and
    a caller catches the BadDeck of the module it imported."""
    reader = load(_READER)
    reader.BadDeck = BadDeck
    return reader


def load_deck(path=None):
    """The deck from its JSON file (cached per path); BadDeck says what is wrong with the file."""
    path = path or deck_path()
    deck = _decks.get(path)
    if deck is None:
        reader = _reader()
        try:
            deck = Deck(reader.read(path))
        finally:
            let_go(_READER)
        _decks[path] = deck
    return deck


def check():
    """Raise what setting up an Achéron game with the defaults would raise (BadDeck: the deck file
    is missing or wrong); nothing for a deck file both engines can play with."""
    load_deck()
