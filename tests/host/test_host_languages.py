"""The host tools speak the table's language (issue 24 item 4): the live logger's view and event
lines, replay, verify, state, names and a game's facts, each in French and in English, with no
word of the other language, French accents right, and the device's own card and contract
names. Also the live view's own faults: names cut in its event lines, a re-entry said twice, the
deck's moves pushing the players' decisions off the lines kept.

The event streams are the device's: a real Session plays (bots, a table at the scorekeepers) and
every move's facts are logged as app.core.App logs them ("fact" events in English, seats as P1)."""

import io
import json
import re

import pytest
from app.session import Session
from engine.core import TABLE
from engine.rng import Rng
from games import bots_of, words_of
from games import game as descriptor
from games.tanturlurette import rules as T
from history_games import KINDS, TableEntries
from test_host_tools import _plug

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools.cli import main as cli
from host_tools.db import LogStore
from host_tools.facts import game_facts
from host_tools.games.piccolo import CONTRACT_KINDS, told_kind
from host_tools.logger import Logger
from host_tools.view import RECENT

NAMES = ["Anaïs", "Bertrand", "Cléo", "Dédé", "Éloïse"]

# Distinctive words of each language, refused in the other's output (lower case).
ENGLISH = set("""the round deal deck game over move moves seat stakes out keeps swaps plays trick tricks
winner winners loses comes back begins dealing marks device lowest dealer bids passes takes pays made
failed draws stands leads restarted undo redo logged finished stored verified diverges progress of to
and at end all nobody left circles bid enters discards trump spreads contract makes fails lays nothing
cries tied shared retires refuses turns king draw keep swap take game's move's from only""".split())
FRENCH = set("""le la les tour donne partie paquet coup coups garde joue pli plis mise éliminé finie gagne
perd donneur prend passe annonce atout revenu chuté réussi paie entame appareil début annulé rétabli noms
aucune cercles pioche revient tous égaux personne du des une un en cours preneur contrat fait
chute écarte étale gagnant perdants premier pour ne rien pose posé tire chez crie oublié enregistrée
vérifiée sur dans à et est""".split())
# French words the device writes without their accents (its OLED has none): the host must not
ACCENTLESS = set("""elimine misere generale egaux ecarte etale reussi debut annule retabli oublie bloquee
partage acheron enregistree verifiee""".split())
PROPER_NAMES = ("La Bourre", "Soupir et Jocrisse")  # a game, an Achéron meld
ENGLISH_CARD = re.compile(r"^(10|[2-9JQKA])[CDHS]$")
FRENCH_CARD = re.compile(r"^(10|[2-9VDRA])(Co|Ca|Tr|Pi)$")


def words_in(text):
    return re.findall(r"[^\W\d_]+", text)


def refused(text, lang):
    """The words of text that do not belong in lang: the other language's, accentless French."""
    bad = []
    for name in PROPER_NAMES:  # the same in both languages
        text = text.replace(name, "")
    for word in words_in(text):
        low = word.lower()
        if lang == "fr" and (low in ENGLISH or low in ACCENTLESS or ENGLISH_CARD.match(word)):
            bad.append(word)
        if lang == "en" and (low in FRENCH or FRENCH_CARD.match(word)):
            bad.append(word)
    return sorted(set(bad))


def device_stream(game, names=None, seed=1, options=None, lang="fr"):
    """A game played out as the device sends it: its boot line, every event of the session and,
    after each move, its facts in English, seats named as the OLED names them (app.core.App._tell_facts),
    the re-entries (games.tanturlurette.screen)."""
    events = []

    def log(kind, payload):
        events.append({"boot": 1, "seq": len(events), "type": kind, "data": json.loads(json.dumps(payload))})

    log("boot", {"lang": lang, "leds": 93})
    session = Session(on_event=log)
    session.new_game(game, KINDS[game] if options is None else options, names=names)
    words = words_of(game)

    def english_label(seat):  # app.core.App.seat_label(seat, "en"): the host's name cut to 7, else P1
        return names[seat][:7] if names and names[seat] else "P%d" % (seat + 1)

    bots = None
    if not game.endswith("_score"):
        bots = [bots_of(game).BOTS[descriptor(game).bot]() for _ in range(session.state.seats())]
    table = TableEntries()
    rng = Rng(seed)
    while not session.state.is_over():
        state = session.state
        player = state.current_player()
        phase = state.phase_name()
        if player == TABLE:
            action = table.choose(state, rng)
        elif player < 0:
            action = session.chance_outcome(rng)
        else:
            action = bots[player].choose(state, player, rng)
        session.act(action)
        state = session.state
        facts, count = state.facts()
        for i in range(count):
            kind, a, b, c = facts[4 * i:4 * i + 4]
            text = words.tell("en", state, kind, a, b, c, english_label)
            if text is not None:
                log("fact", {"kind": kind, "args": [a, b, c], "text": text})
        if game == "tanturlurette" and phase == "re-entry" and action == T.REENTER:
            log("reenter", {"seat": player, "stakes": state.stakes[player], "pot": state.pot()})
    session.finish()
    return events


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def live_frames(tmp_path, events, lang=None, name="v"):
    """Every redraw of the live view over events (a Logger's, --lang lang)."""
    store = LogStore(str(tmp_path / ("%s.sqlite" % name)))
    screen = _Terminal()
    logger = Logger(store, out=screen, live=True, lang=lang)
    for event in events:
        logger.handle(event)
    store.close()
    return screen.getvalue().split("\x1b[H\x1b[J")[1:], logger


STREAMS = {game: (NAMES[:KINDS[game].get("players", 4)], seed) for game, seed in
           (("tanturlurette", 3), ("bourre", 2), ("bourre_score", 2), ("piccolo", 4), ("piccolo_score", 2),
            ("acheron", 2), ("acheron_score", 2))}


@pytest.fixture(scope="module")
def streams():
    return {game: device_stream(game, names, seed) for game, (names, seed) in STREAMS.items()}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_live_view_of_every_game_speaks_one_language(tmp_path, streams, lang):
    for game, events in streams.items():
        frames, _logger = live_frames(tmp_path, events, lang, name=game)
        text = "\n".join(frames)
        assert not refused(text, lang), (game, refused(text, lang))
        told = [line for frame in frames for line in frame.splitlines() if line.startswith("  #")]
        assert len(told) > 10, game
    # the device's card names: "7Co" at a French table, "7H" at an English one
    frames, _ = live_frames(tmp_path, streams["bourre"], lang, name="cards")
    cards = [w for w in re.findall(r"\b\w+\b", "\n".join(frames)) if (FRENCH_CARD if lang == "fr" else ENGLISH_CARD).match(w)]
    assert len(cards) > 10


def test_the_live_view_speaks_the_devices_language_unless_told(tmp_path, streams):
    events = streams["piccolo"]
    frames, logger = live_frames(tmp_path, events, None, name="dev")  # its boot line says French
    assert logger.m.lang == "fr" and "tour" not in frames[-1] and "donne" in frames[-1]
    english = [dict(e, data=dict(e["data"], lang="en")) if e["type"] == "boot" else e for e in events]
    frames, logger = live_frames(tmp_path, english, None, name="dev_en")
    assert logger.m.lang == "en" and not refused("\n".join(frames), "en")
    frames, logger = live_frames(tmp_path, events, "en", name="asked")  # --lang wins
    assert logger.m.lang == "en" and not refused("\n".join(frames), "en")


def test_french_contracts_and_accents_in_the_live_view(tmp_path, streams):
    frames, _ = live_frames(tmp_path, streams["piccolo"], "fr", name="p")
    text = "\n".join(frames)
    assert " pli de " in text and "joue" in text
    assert not ACCENTLESS & {w.lower() for w in words_in(text)}


def test_event_lines_name_each_player_in_full(tmp_path):
    names = ["Bertrandine", "Anaïs-Marie", "Cléopâtre", "Dédé"]  # the device's OLED cuts names to 7
    events = device_stream("tanturlurette", names, seed=3)
    assert any("Bertran " in e["data"]["text"] for e in events if e["type"] == "fact")  # as the device logs it
    for lang in ("fr", "en"):
        frames, _ = live_frames(tmp_path, events, lang, name="names" + lang)
        lines = [line for frame in frames for line in frame.splitlines() if line.startswith("  #")]
        for name in names:
            assert any(name in line for line in lines), (lang, name)
            cut = name[:7]
            assert all(line.count(cut) == line.count(name) for line in lines), (lang, name)


def _reentry_stream():
    for seed in range(1, 60):
        events = device_stream("tanturlurette", NAMES[:5], seed, options={"players": 5, "circles": 2})
        if any(e["type"] == "reenter" for e in events):
            return events
    raise AssertionError("no re-entry in 60 games")


def test_a_reentry_is_said_once(tmp_path):
    events = _reentry_stream()
    back = [e for e in events if e["type"] == "reenter"][0]
    name = NAMES[back["data"]["seat"]]
    for lang, word in (("fr", "revient"), ("en", "comes back")):
        frames, _ = live_frames(tmp_path, events[:events.index(back) + 1], lang, name="re" + lang)
        said = [line for line in frames[-1].splitlines() if name in line and word in line]
        assert len(said) == 1, (lang, frames[-1])


def test_the_decks_moves_never_push_the_decisions_off(tmp_path, streams):
    for game in ("bourre", "piccolo", "tanturlurette"):
        events = streams[game]
        frames, logger = live_frames(tmp_path, events, "en", name="deck" + game)
        for frame in frames:
            recent = [line for line in frame.splitlines() if line.startswith("  #")]
            deck = [line for line in recent if "the deck deals" in line]
            assert len(deck) <= 1 and (not deck or deck[0] == recent[-1]), frame
        # after the deal of the first hand, the moves and the facts before it are still shown
        players = [e["data"]["move"] for e in events if e["type"] == "act" and e["data"]["player"] >= 0]
        at = events.index([e for e in events if e["type"] == "act" and e["data"]["move"] == players[0]][0])
        frames, logger = live_frames(tmp_path, events[:at + 1], "en", name="first" + game)
        assert any(line.startswith("#%d " % players[0]) for line in logger.recent), logger.recent
    assert RECENT >= 6


def _jsonl(tmp_path, events, name="e"):
    path = tmp_path / ("%s.jsonl" % name)
    path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_replay_and_verify_speak_one_language(tmp_path, streams, capsys, lang):
    for game, events in streams.items():
        path = _jsonl(tmp_path, events, game)
        assert cli(["replay", "--jsonl", path, "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert not refused(out, lang), (game, refused(out, lang))
        assert len(out.splitlines()) > 10
        assert cli(["verify", "--jsonl", path, "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert not refused(out, lang) and ("ok" in out), (game, out)
    # a divergence, said in the command's words
    events = [dict(e) for e in streams["tanturlurette"]]
    act = [e for e in events if e["type"] == "act" and e["data"]["player"] >= 0][5]
    act["data"] = dict(act["data"], player=(act["data"]["player"] + 1) % 4)
    assert cli(["verify", "--jsonl", _jsonl(tmp_path, events, "bad"), "--lang", lang]) == 1
    out = capsys.readouterr().out
    assert ("DIVERGE " if lang == "fr" else "DIVERGES ") in out and not refused(out, lang), out


def test_replay_speaks_the_devices_language_by_default(tmp_path, streams, capsys):
    assert cli(["replay", "--jsonl", _jsonl(tmp_path, streams["bourre"])]) == 0  # the locale is English
    out = capsys.readouterr().out
    assert " donne " in out and not refused(out, "fr")


def test_replay_from_the_database_speaks_the_devices_language(tmp_path, streams, capsys):
    store = LogStore(str(tmp_path / "d.sqlite"))
    logger = Logger(store, live=False, out=io.StringIO())
    for event in streams["piccolo"]:
        logger.handle(event)
    store.close()
    assert cli(["verify", "--db", str(tmp_path / "d.sqlite")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("partie 1 (suivie en direct) : ok") and not refused(out, "fr"), out
    assert cli(["replay", "--db", str(tmp_path / "d.sqlite"), "--lang", "en"]) == 0
    assert not refused(capsys.readouterr().out, "en")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_state_and_names_speak_one_language(monkeypatch, capsys, lang):
    session = Session()
    session.new_game("piccolo", {"target": 11}, names=NAMES[:4])
    rng = Rng(5)
    for _ in range(40):
        session.act(session.chance_outcome(rng) if session.state.current_player() < 0
                    else session.state.legal_actions()[0])
    _plug(monkeypatch, session)
    assert cli(["state", "--port", "loop", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert not refused(out, lang) and out.startswith("Piccolo · %s " % ("donne" if lang == "fr" else "deal")), out
    assert cli(["names", "--port", "loop", "--lang", lang] + NAMES[:4]) == 0
    out = capsys.readouterr().out
    assert not refused(out, lang) and "Anaïs, Bertrand" in out, out
    app = _plug(monkeypatch, session)  # no --lang: the device's config says
    app.config["language"] = "fr"
    assert cli(["state", "--port", "loop"]) == 0
    assert not refused(capsys.readouterr().out, "fr")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_games_facts_speak_one_language(stored, lang):
    seen = set()
    for game in stored["games"]:
        facts = game_facts(game, lang)
        text = "\n".join([facts["totals_label"]] + [deal["detail"] for deal in facts["deals"]] +
                         [note for deal in facts["deals"] for note in deal["notes"]])
        assert not refused(text, lang), (game["game"], refused(text, lang))
        seen.add(facts["kind"])
    assert seen == {"tanturlurette", "bourre", "piccolo", "acheron"}
    names = [told_kind(lang, kind) for kind in CONTRACT_KINDS]
    assert not refused(" ".join(names), lang)
    assert ("misère" in names) == (lang == "fr") and ("open misere" in names) == (lang == "en")


@pytest.mark.parametrize("area", ["live", "replay", "cli", "facts"])
def test_each_area_says_the_same_things_in_both_languages(area):
    """Both tables hold the same keys, each taking the same fields; every French message is
    French and every English one English."""
    from host_tools.lang import Messages

    fr, en = Messages("fr", area).table, Messages("en", area).table
    assert sorted(fr) == sorted(en)
    for key in en:
        # a plural is a pair (one, more): each form is checked like a message
        fr_forms = fr[key] if isinstance(fr[key], tuple) else (fr[key],)
        en_forms = en[key] if isinstance(en[key], tuple) else (en[key],)
        assert len(fr_forms) == len(en_forms), key
        for fr_text, en_text in zip(fr_forms, en_forms, strict=True):
            assert sorted(re.findall(r"%\((\w+)\)", fr_text)) == sorted(re.findall(r"%\((\w+)\)", en_text)), key
            assert not refused(re.sub(r"%\(\w+\)", "", fr_text), "fr"), (key, fr_text)
            assert not refused(re.sub(r"%\(\w+\)", "", en_text), "en"), (key, en_text)
