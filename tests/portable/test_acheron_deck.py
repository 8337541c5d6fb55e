"""Achéron's deck file: the reconstruction holds what the rules use, and bad edits are refused."""

import games.acheron.rules as A
from engine.core import BadOptions
from support import expect_raises
from test_acheron_fixtures import DECK, card


def deck_data():
    """The shipped deck as plain data, to edit in tests."""
    cards = []
    for c in range(DECK.size):
        entry = {"id": DECK.ids[c], "kind": A.KIND_NAMES[DECK.kind[c]],
                 "fr": DECK.labels["fr"][c], "en": DECK.labels["en"][c], "short": DECK.shorts[c]}
        if DECK.kind[c] == A.K_FIGURE:
            entry["figure"] = DECK.figure_names[DECK.figure[c]]
            entry["attribute"] = DECK.attribute_names[DECK.attribute[c]]
        cards.append(entry)
    return {"v": 1, "cards": cards}


def refused(data, words):
    err = expect_raises(A.BadDeck, A.Deck, data)
    assert words in str(err), str(err)


def test_the_reconstruction_has_every_card_the_rules_name():
    kinds = [A.KIND_NAMES[DECK.kind[c]] for c in range(DECK.size)]
    assert DECK.size == 33
    assert kinds.count("place") == 5 and kinds.count("wild") == 3
    assert kinds.count("baiser") == 1 and kinds.count("personnage") == 4
    for figure in A.FIGURES:
        assert DECK.figure_cards(figure), figure
    for figure, attribute in A.NAMED_FIGURE_CARDS:
        assert len(DECK.figure_cards(figure, attribute)) == 1
    # the plurals of the text: soleils noirs, luths, princes, fees, sirenes, two veufs
    for attribute in A.ATTRIBUTES:
        assert len([c for c in range(DECK.size) if DECK.attribute[c] == DECK.attr(attribute)]) >= 2
    for figure in ("prince", "fee", "sirene", "veuf"):
        assert len(DECK.figure_cards(figure)) >= 2


def test_labels_fit_the_oled():
    for lang in ("fr", "en"):
        for label in DECK.labels[lang]:
            assert 0 < len(label) <= 16
            for ch in label:
                assert 32 <= ord(ch) < 127, label  # the OLED font is ASCII


def test_the_shipped_data_rebuilds_the_same_deck():
    again = A.Deck(deck_data())
    assert again.signature == DECK.signature and again.size == 33


def test_missing_named_card_is_refused():
    data = deck_data()
    data["cards"] = [c for c in data["cards"] if c["id"] != "grotte"]
    refused(data, "'grotte'")


def test_duplicate_id_bad_kind_and_long_label_are_refused():
    data = deck_data()
    data["cards"][1]["id"] = data["cards"][0]["id"]
    refused(data, "used twice")
    data = deck_data()
    data["cards"][0]["kind"] = "joker"
    refused(data, "kind must be one of")
    data = deck_data()
    data["cards"][0]["fr"] = "x" * 17
    refused(data, "label must be 1 to 16")


def test_figure_without_attribute_and_wrong_personnage_count_are_refused():
    data = deck_data()
    del data["cards"][0]["attribute"]
    refused(data, "needs a attribute")
    data = deck_data()
    data["cards"].append({"id": "melusine", "kind": "personnage"})
    refused(data, "exactly 4 personnages")


def test_a_named_figure_card_cannot_go_missing():
    data = deck_data()
    data["cards"] = [c for c in data["cards"] if c["id"] != "veuf_etoile"]
    refused(data, "veuf of etoile")


def test_version_and_shape_are_checked():
    refused({"v": 2, "cards": []}, "version")
    refused([], "JSON object")
    refused({"v": 1, "cards": [{"id": "a", "kind": "place"}] * 70}, "must have 4 to 63")


def test_unreadable_deck_file_is_refused():
    err = expect_raises(A.BadDeck, A.load_deck, "no-such-folder/deck.json")
    assert "cannot read" in str(err)


def test_labels_only_do_not_change_the_signature_but_rules_do():
    data = deck_data()
    data["cards"][0]["fr"] = "Prince du luth"
    assert A.Deck(data).signature == DECK.signature
    data = deck_data()
    data["cards"][0]["attribute"] = "etoile"
    assert A.Deck(data).signature != DECK.signature


def test_the_signature_is_32_bit_fnv1a_of_the_rules_text():
    """The hash runs on 16-bit halves (no long ints on the ESP32): it must stay plain FNV-1a,
    or every saved Achéron game would be refused as made with another deck."""
    for text, want in (("", 0x811C9DC5), ("a", 0xE40C292C), ("foobar", 0xBF9CF968),
                       ("\u00e9t\u00e9 ;|", None)):
        plain = 0x811C9DC5
        for byte in text.encode():
            plain = ((plain ^ byte) * 0x01000193) & 0xFFFFFFFF
        assert A._fnv1a(text) == plain, text
        assert want is None or plain == want, text
    assert A._fnv1a("x", 0xFFFFFFFF) == ((0xFFFFFFFF ^ 120) * 0x01000193) & 0xFFFFFFFF
    assert DECK.signature == "33:%08x" % A._fnv1a(";".join(
        "%s|%s|%s|%s" % (DECK.ids[c], A.KIND_NAMES[DECK.kind[c]],
                         DECK.figure_names[DECK.figure[c]] if DECK.kind[c] == A.K_FIGURE else "",
                         DECK.attribute_names[DECK.attribute[c]] if DECK.kind[c] == A.K_FIGURE else "")
        for c in range(DECK.size)))


def test_a_game_made_with_another_deck_is_refused():
    options = A.normalize_options({"players": 3})
    assert options["deck"] == DECK.signature
    options["deck"] = "33:00000000"
    err = expect_raises(BadOptions, A.State, options)
    assert "deck" in str(err)


def test_an_edited_deck_plays_by_the_same_rules():
    data = deck_data()
    data["cards"] = [c for c in data["cards"] if not c["id"].startswith("inconsole")]
    deck = A.Deck(data)
    assert deck.size == 31
    state = A.State({"players": 3}, deck)
    assert state.deck is deck and len(state.pairs) == 31 * 31


def test_card_labels_by_language():
    assert DECK.label(card("orphee"), "fr") == "Orphee"
    assert DECK.label(card("orphee"), "en") == "Orpheus"
    assert DECK.label(99) == "?"


def test_short_names_are_unique_and_short():
    assert len(set(DECK.shorts)) == DECK.size
    data = deck_data()
    data["cards"][0]["short"] = data["cards"][1]["short"]
    refused(data, "used twice")
    data["cards"][0]["short"] = "Prince"
    refused(data, "1 to 4 characters")


def test_a_broken_deck_is_a_refused_setup():
    """BadDeck is a BadOptions: whatever refuses bad options shows the deck's fault instead."""
    err = expect_raises(BadOptions, A.load_deck, "no-such-folder/deck.json")
    assert isinstance(err, A.BadDeck)


def test_a_deck_the_check_accepts_sets_up_both_modes():
    """The setup menu judges Achéron by games.acheron.deck.check() alone (no engine built): a
    deck it accepts must set up the card game and the scorekeeper with their defaults, down to
    the smallest deck the rules allow (only the cards they name, one per named figure card).
    The three modules are imported afresh together (a test before may have let one go, leaving
    this file's A holding an older copy), then the ones before are put back."""
    import sys

    from app.memory import let_go

    names = ("games.acheron.deck", "games.acheron.rules", "games.acheron.score")
    saved = [sys.modules.get(name) for name in names]
    for name in names:
        let_go(name)
    try:
        D, card_game, S = [__import__(name, None, None, ["State"]) for name in names]
        data = deck_data()
        named = set(A.PLACE_IDS + A.WILD_IDS + ("baiser",))
        keep = []
        figures = set()
        for c in data["cards"]:
            pair = (c.get("figure"), c.get("attribute"))
            if c["kind"] == "personnage" or c["id"] in named or pair in A.NAMED_FIGURE_CARDS or (
                    c.get("figure") in A.FIGURES and pair[0] not in figures):
                keep.append(c)
                figures.add(pair[0])
        data["cards"] = keep
        D._decks[D.deck_path()] = deck = D.Deck(data)
        D.check()
        assert deck.size < 33
        assert card_game.State(None).deck is deck
        assert S.State(None).deck_size == deck.size
    finally:
        for i, name in enumerate(names):
            module = saved[i]
            let_go(name)
            if module is not None:
                sys.modules[name] = module
                setattr(sys.modules["games.acheron"], name.rsplit(".", 1)[1], module)


def test_a_deck_module_let_go_while_the_rules_hold_it_still_raises_its_own_bad_deck():
    """The setup menu lets games.acheron.deck go after its check; rules imported before still hold
    the old module, whose reader, loaded afresh, imports a new copy: the error must still be the
    class the rules' callers catch (it was the new copy's, which no caller knows)."""
    from app.memory import let_go, load

    let_go("games.acheron.deck")
    try:
        err = expect_raises(BadOptions, A.load_deck, "no-such-folder/deck.json")
        assert isinstance(err, A.BadDeck), type(err)
    finally:
        let_go("games.acheron.deck")
        load("games.acheron.deck")  # the next test's imports find one again
