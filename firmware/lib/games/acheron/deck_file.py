"""Achéron's deck file read and checked: the code that turns games/acheron/deck.json into a
games.acheron.deck.Deck, raising BadDeck naming the card and the rule a file breaks.

It runs once a deck (load_deck caches the Deck it makes, per path) and at the setup menu's check,
so games.acheron.deck imports it for that and lets it go at once (app.memory): its checks and
their messages are not in the heap while the game plays.
"""

import json

from games.acheron.deck import (
    ATTRIBUTES,
    FIGURES,
    K_BAISER,
    K_FIGURE,
    K_PERSONNAGE,
    K_PLACE,
    K_WILD,
    KIND_NAMES,
    LABEL_MAX,
    MAX_CARDS,
    NAMED_FIGURE_CARDS,
    NONE,
    PERSONNAGE_COUNT,
    PLACE_IDS,
    SHORT_MAX,
    WILD_IDS,
    BadDeck,
    _fnv1a,
)


def read(path):
    """The JSON object of the deck file at path; BadDeck when it cannot be read or parsed."""
    try:
        with open(path) as f:
            return json.load(f)
    except OSError as err:
        raise BadDeck("cannot read the deck file %s: %s" % (path, err)) from None
    except ValueError as err:
        raise BadDeck("the deck file %s is not valid JSON: %s" % (path, err)) from None


def fill(deck, data):
    """Fill the Deck deck (new: its lists empty) from the deck file's object data, checking every
    rule the game relies on."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise BadDeck("the deck file must be a JSON object with a \"cards\" list")
    if data.get("v") != 1:
        raise BadDeck("deck format version %r is not supported (this engine reads 1)" % (data.get("v"),))
    cards = data["cards"]
    size = len(cards)
    if not 4 <= size <= MAX_CARDS:
        raise BadDeck("the deck has %d cards; it must have 4 to %d" % (size, MAX_CARDS))
    deck.size = size
    deck.kind = bytearray(size)
    deck.figure = bytearray(size)
    deck.attribute = bytearray(size)
    canon = []
    for i, card in enumerate(cards):
        where = "card %d" % i
        if not isinstance(card, dict):
            raise BadDeck("%s is not an object" % where)
        cid = card.get("id")
        if not isinstance(cid, str) or not cid:
            raise BadDeck("%s has no \"id\" string" % where)
        where = "card %d (%s)" % (i, cid)
        if cid in deck.ids:
            raise BadDeck("%s: the id is used twice" % where)
        kind = card.get("kind")
        if kind not in KIND_NAMES:
            raise BadDeck("%s: kind must be one of %s, got %r" % (where, ", ".join(KIND_NAMES), kind))
        k = KIND_NAMES.index(kind)
        deck.ids.append(cid)
        deck.kind[i] = k
        deck.figure[i] = NONE
        deck.attribute[i] = NONE
        if k == K_FIGURE:
            deck.figure[i] = _intern(deck.figure_names, card.get("figure"), where, "figure")
            deck.attribute[i] = _intern(deck.attribute_names, card.get("attribute"), where, "attribute")
        for lang in ("fr", "en"):
            label = card.get(lang, cid)
            if not isinstance(label, str) or not 0 < len(label) <= LABEL_MAX:
                raise BadDeck("%s: the %s label must be 1 to %d characters, got %r" % (where, lang, LABEL_MAX, label))
            deck.labels[lang].append(label)
        short = card.get("short", cid[:SHORT_MAX])
        if not isinstance(short, str) or not 0 < len(short) <= SHORT_MAX or " " in short:
            raise BadDeck("%s: the short name must be 1 to %d characters without spaces, got %r"
                          % (where, SHORT_MAX, short))
        if short in deck.shorts:
            raise BadDeck("%s: the short name %r is used twice" % (where, short))
        deck.shorts.append(short)
        canon.append("%s|%s|%s|%s" % (cid, kind, card.get("figure", ""), card.get("attribute", "")))
    deck.signature = "%d:%08x" % (size, _fnv1a(";".join(canon)))
    deck.tombeau, deck.treille, deck.mont, deck.mer, deck.grotte = [_unique(deck, x, K_PLACE) for x in PLACE_IDS]
    deck.orphee, deck.la_reine, deck.la_sainte = [_unique(deck, x, K_WILD) for x in WILD_IDS]
    deck.baiser = _unique(deck, "baiser", K_BAISER)
    deck.personnages = [c for c in range(size) if deck.kind[c] == K_PERSONNAGE]
    if len(deck.personnages) != PERSONNAGE_COUNT:
        raise BadDeck("the deck must hold exactly %d personnages, it holds %d" % (PERSONNAGE_COUNT, len(deck.personnages)))
    for name in FIGURES:
        if name not in deck.figure_names:
            raise BadDeck("no card of the figure %r, which the rules use" % name)
    for name in ATTRIBUTES:
        if name not in deck.attribute_names:
            raise BadDeck("no card of the attribute %r, which the rules use" % name)
    for fig, attr in NAMED_FIGURE_CARDS:
        if not deck.figure_cards(fig, attr):
            raise BadDeck("no %s of %s, which a scoring rule names" % (fig, attr))



def _unique(deck, cid, kind):
    if cid not in deck.ids:
        raise BadDeck("the deck has no card %r, which the rules name" % cid)
    c = deck.ids.index(cid)
    if deck.kind[c] != kind:
        raise BadDeck("card %r must be of kind %s" % (cid, KIND_NAMES[kind]))
    return c


def _intern(names, value, where, field):
    if not isinstance(value, str) or not value:
        raise BadDeck("%s: a figure card needs a %s string" % (where, field))
    if value not in names:
        names.append(value)
    return names.index(value)
