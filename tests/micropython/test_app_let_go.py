"""What the device no longer needs leaves the heap (issue 13): a finished game's state and code
go before the setup menu opens (the turn after its archive's; the menu the turn after that), and a
game's start is spread over loop turns.

On the real app, driven by the buttons through the debouncer and loop on a manual clock, with a
store on littlefs in RAM: the files a turn wrote are read on flash, never from the clock.
"""

import os
import sys

from app.buttons import BACK, KEEP, OK, SWAP
from app.memory import READERS
from app.session import Session
from app.settings import FILE as MENU_FILE
from app_rig import choose, make_rig, start, state, to_menu_row
from games.tanturlurette.rules import PH_OVER, PH_REENTRY
from proto.link import Link
from proto.wire import frame, parse_line
from store.storage import Store
from test_store_files import clean_root, scratch_root

TANT_CODE = ("games.tanturlurette.rules", "games.tanturlurette.bots", "games.tanturlurette.words",
             "games.tanturlurette.screen")
BOURRE_CODE = ("games.bourre.rules", "games.bourre.bots", "engine.deck32", "games.bourre.words",
               "app.modes.table")


def loaded(modules):
    return [name for name in modules if name in sys.modules]


def rig_on_flash(root, seed):
    """A device with a store on flash, past its first-boot self-test (left at once)."""
    driver = make_rig(seed=seed, session=Session(store=Store(root=root)))
    driver.long(OK)
    assert not driver.app.mode.in_game and driver.app.session.state is None
    return driver


def play_to_the_result(driver):
    """Tanturlurette in deck mode to its result screen: the human keeps every card and, sent to
    l'enfer, stays out; the bots play themselves; OK moves on from each round's reveal."""
    app = driver.app
    for _ in range(3000):
        st = state(driver)
        if app.mode.reveal:
            driver.press(OK)
        elif st.phase == PH_OVER:
            return
        elif st.current_player() >= 0 and app.is_human(st.current_player()):
            driver.press(SWAP if st.phase == PH_REENTRY else KEEP)
        else:
            driver.run_for(100)
    raise AssertionError("no result: %r" % (driver.hw.text,))


def ask(app, *commands):
    """The device's answers to the commands, through the real link, as parsed lines: a command
    sent once the one before is answered (one that reads files takes a few turns)."""
    inbox = []
    out = []
    link = Link(app, lambda: inbox.pop(0) if inbox else None, out.append)
    answered = 0
    for command in commands:
        inbox.append(frame(command))
        for _turn in range(200):
            link.poll(0)
            answered_now = b"".join(out).count(b'"type":"ok"') + b"".join(out).count(b'"type":"error"')
            if answered_now > answered:
                break
        answered += 1
    lines = b"".join(out).split(b"\n")
    return [parse_line(line) for line in lines if line]


def answer(app, kind, command):
    for line in ask(app, command):
        if line["type"] == kind:
            return line["data"]
    raise AssertionError("no %s line for %r" % (kind, command))


def test_a_finished_game_leaves_the_heap_when_the_menu_opens_and_the_next_carries_none_of_it():
    root = scratch_root()
    try:
        driver = rig_on_flash(root, seed=8)
        app = driver.app
        session = app.session
        start(driver, circles=2)  # Tanturlurette, the device deals, one human and three bots
        play_to_the_result(driver)
        state = session.state
        assert state.is_over() and loaded(TANT_CODE) == list(TANT_CODE)
        moves = list(state.moves)
        standings = list(state.standings())
        ended_at = state.round
        ident = session.game_id
        driver.down(OK)  # past the result: the game is archived, the setup menu opens
        driver.run_for(80)
        driver.up(OK)
        for _ in range(20):  # the release is the press: the turn it is handled in archives
            driver.turn()
            if session.finished:
                break
        assert session.finished and app.mode.in_game and session.state is state, \
            "the archive's turn opens the menu too"
        text, frame = list(app.text), bytes(app.frame)
        driver.turn()  # the next turn puts the game away, its screen unchanged
        assert not app.mode.in_game and session.finished
        assert session.state is None, "the finished game's state stays in the heap"
        assert loaded(TANT_CODE) == [], "the finished game's code stays loaded"
        assert "app.modes.menu" not in sys.modules, "the menu's code loads with the game's"
        assert app.text == text and bytes(app.frame) == frame, "the screen changed before the menu"
        driver.turn()  # the one after opens the menu
        assert type(app.mode).__name__ == "SetupMenu"
        # the protocol still reports the game just ended, and the history has it
        shown = answer(app, "state", {"cmd": "get_state", "id": 1})["state"]
        assert shown["game"] == "tanturlurette" and shown["over"] is True
        assert shown["moves"] == moves and shown["standings"] == standings
        assert shown["round"] == ended_at and shown["id"] == ident > 0
        assert shown["display"]["mode"] == "SetupMenu" and shown["display"]["moves"] == len(moves)
        games = answer(app, "ok", {"cmd": "list_games", "id": 2})["games"]
        assert [(g["game"], g["finished"], g["moves"]) for g in games] == [("tanturlurette", True, len(moves))]
        assert loaded(TANT_CODE) == [], "answering the host loaded a game's code"
        start(driver, game="bourre", mode="table", humans=1)
        driver.run_for(3000)  # dealt, and played up to the human
        assert len(session.state.moves) > 0
        assert loaded(TANT_CODE) == [], "La Bourre's game holds Tanturlurette's code"
        assert loaded(BOURRE_CODE) == list(BOURRE_CODE)
        assert answer(app, "state", {"cmd": "get_state", "id": 3})["state"]["game"] == "bourre"
    finally:
        clean_root(root)


def _readers_loaded():
    return [name for name in READERS if name in sys.modules]


def test_the_stores_reader_is_a_boots_and_a_hosts_never_a_games():
    """The store's readers (store.reader, store.moves_reader: reading a snapshot, a kept game or
    the menu's memory back) leave the heap once the boot has resumed the game and read the
    menu's memory, stay out while a game saves, plays, ends and is archived, and are let go with
    the commands once a host's list_games or pull_game read the history; list_games, which only
    checks files, never loads the moves' reader."""
    root = scratch_root()
    try:
        driver = rig_on_flash(root, seed=8)
        start(driver, circles=2)
        driver.run_for(3000)
        assert not _readers_loaded(), "a game's saves load the reader"
        session = Session(store=Store(root=root))  # the board powered again: the game resumes
        driver = make_rig(seed=8, session=session)
        assert session.state is not None and session.state.moves, "nothing resumed"
        assert not _readers_loaded(), "the boot keeps the reader once it has read"
        play_to_the_result(driver)
        driver.press(OK)  # past the result: archived, then the setup menu
        driver.run_for(200)
        assert session.finished and type(driver.app.mode).__name__ == "SetupMenu", driver.hw.text
        assert not _readers_loaded(), "the archive loads the reader"
        games = answer(driver.app, "ok", {"cmd": "list_games", "id": 1})["games"]
        assert [g["game"] for g in games] == ["tanturlurette"]
        assert not _readers_loaded(), "a host's command keeps the reader once answered"
        inbox = [frame({"cmd": "list_games", "id": 3})]
        out = []
        link = Link(driver.app, lambda: inbox.pop(0) if inbox else None, out.append)
        for _turn in range(200):  # a turn at a time: list_games only checks files
            link.poll(0)
            assert "store.moves_reader" not in sys.modules, "list_games loads the moves' reader"
            if b'"type":"ok"' in b"".join(out):
                break
        assert b'"type":"ok"' in b"".join(out)
        page = answer(driver.app, "ok", {"cmd": "pull_game", "id": 2, "game_id": 1})
        assert page["moves"] and page["total"] == games[0]["moves"]
        assert not _readers_loaded(), "pull_game keeps a reader once answered"
    finally:
        clean_root(root)


def test_play_loads_the_code_then_starts_the_game_then_notes_the_settings_a_turn_each():
    """Play's turn loads the game's code and saves nothing; the next turn starts the game (its
    state, its first snapshot, its screen); the one after writes the menu's memory, and the game
    plays on (the deal). The same files in the same order as when it was all one turn."""
    root = scratch_root()
    try:
        driver = rig_on_flash(root, seed=3)
        app = driver.app
        menu = app.mode
        for _ in range(3):
            to_menu_row(driver, "game")
            if menu.value("game") == "bourre":
                break
            driver.press(OK)
        assert menu.value("game") == "bourre" and menu.value("mode") == "table"
        to_menu_row(driver, "play")
        for name in BOURRE_CODE:
            sys.modules.pop(name, None)
        game_dir = app.session.store.game_dir
        memory = root + "/" + MENU_FILE

        def on_flash():
            names = os.listdir(game_dir) if game_dir.rsplit("/", 1)[1] in os.listdir(root) else []
            return sorted(names), MENU_FILE in os.listdir(root)

        assert on_flash() == ([], False)
        driver.down(OK)
        driver.run_for(80)
        driver.up(OK)
        for _ in range(20):  # the release is the press: the turn it is handled in
            driver.turn()
            if loaded(BOURRE_CODE):
                break
        assert loaded(BOURRE_CODE) == list(BOURRE_CODE), "Play's turn loads the game's code"
        assert not app.mode.in_game and app.session.state is None
        assert on_flash() == ([], False), "Play's turn saves nothing"
        driver.turn()
        assert not app.mode.in_game and len(app.session.state.moves) == 0, "the game is made"
        files, noted = on_flash()
        assert [name[0] for name in files] == ["s"] and not noted, files  # the first snapshot
        driver.turn()
        assert app.mode.in_game and len(app.session.state.moves) == 0, "then shown"
        assert on_flash() == (files, False)
        driver.turn()
        files, noted = on_flash()
        assert noted, "the settings are noted the turn after the start"
        assert len(app.session.state.moves) >= 1 and "e" in [name[0] for name in files], files
        with open(memory) as f:
            assert '"bourre"' in f.read()
    finally:
        clean_root(root)


MENUS = "app.modes.menu"


def mode_name(driver):
    """By name: the menus' module is let go while a game plays, so each import has its classes."""
    return type(driver.app.mode).__name__


def game_menu_row(driver, row):
    """Open the game menu (long BACK) and put its cursor on `row`."""
    driver.long(BACK)
    assert mode_name(driver) == "GameMenu", driver.hw.text
    menu = driver.app.mode
    while menu.rows[menu.cursor] != row:
        driver.press(SWAP)
    return menu


def test_the_menus_code_leaves_the_heap_while_a_game_plays_and_comes_back_with_a_menu():
    """The setup menu and the game menu (app.modes.menu) took the heap through the whole game:
    started, the game lets their code go; the game menu imports it when it opens and lets it go
    when the game shows again; the setup menu imports it after an abandoned game."""
    driver = make_rig(seed=5)
    app = driver.app
    assert MENUS in sys.modules and mode_name(driver) == "SetupMenu"
    start(driver, game="bourre", mode="table", humans=1)
    driver.run_for(3000)  # dealt, and played up to the human
    game = app.mode
    assert game.human_to_act(), driver.hw.text
    driver.long(OK)  # the human's move, then the bots' up to the human again
    driver.run_for(5000)
    assert MENUS not in sys.modules, "the menus' code stays loaded while the game plays"
    assert "app.modes" not in sys.modules or "menu" not in sys.modules["app.modes"].__dict__
    moves = len(state(driver).moves)
    menu = game_menu_row(driver, "redo")  # navigated: the rows, on the OLED
    assert MENUS in sys.modules and "> Retablir: rien" in driver.hw.text, driver.hw.text
    driver.long(OK)  # nothing to redo: the menu stays, and says so
    assert app.mode is menu
    driver.press(BACK)  # back to the game, untouched
    assert app.mode is game and len(state(driver).moves) == moves
    assert MENUS not in sys.modules, "closing the game menu keeps its code"
    game_menu_row(driver, "continue")
    driver.long(OK)
    assert app.mode is game and MENUS not in sys.modules
    game_menu_row(driver, "undo")
    driver.long(OK)  # the human's last move is taken back, and the game shows again
    assert app.mode is game and len(state(driver).moves) < moves and MENUS not in sys.modules
    game_menu_row(driver, "new_game")
    driver.long(OK)
    assert "Abandonner ?" in driver.hw.text, driver.hw.text
    driver.long(OK)  # abandoned: archived, and the setup menu opens with its code
    driver.run_for(100)
    assert mode_name(driver) == "SetupMenu" and app.session.finished, driver.hw.text
    assert MENUS in sys.modules and app.session.history[-1]["finished"] is False
    start(driver, game="bourre", mode="table", humans=1)  # the menu, imported again, works
    driver.run_for(3000)
    assert app.mode.in_game and MENUS not in sys.modules


def setup_words_loaded():
    """The games' setup words modules in sys.modules, and those their package still holds."""
    held = []
    for name in ("tanturlurette", "acheron", "bourre", "piccolo"):
        for lang in ("fr", "en"):
            package = sys.modules.get("games." + name)
            if "games.%s.setup_%s" % (name, lang) in sys.modules or \
                    (package is not None and "setup_" + lang in package.__dict__):
                held.append("games.%s.setup_%s" % (name, lang))
    return held


def test_a_games_setup_words_are_the_menus_alone_while_it_shows_the_game():
    """Issue 25: a game's setup words are in its folder (games/<game>/setup_<lang>.py), held by
    the setup menu while it shows that game and by nothing else: not sys.modules, not the game's
    package (not loaded by browsing either), and never while the game plays."""
    driver = make_rig(seed=5)
    app = driver.app
    menu = app.mode
    choose(driver, "game", "bourre")
    to_menu_row(driver, "deals")
    assert "> Donnes: 7" in driver.hw.text, driver.hw.text
    assert menu.labels["deals"] == "Donnes" and menu.value_words["under"] == "dessous"
    assert setup_words_loaded() == [] and "games.bourre" not in sys.modules
    choose(driver, "game", "piccolo")
    to_menu_row(driver, "target")
    assert "> But: 41" in driver.hw.text, driver.hw.text
    assert "deals" not in menu.labels, "La Bourre's words stay with Piccolo's"
    assert setup_words_loaded() == [] and "games.piccolo" not in sys.modules
    choose(driver, "game", "bourre")
    start(driver, game="bourre", mode="table", humans=1)
    driver.run_for(3000)
    assert app.mode.in_game and setup_words_loaded() == [] and MENUS not in sys.modules


class Cable:
    """The link's port, with no host: the lines of each loop turn, counted apart."""

    def __init__(self):
        self.turns = [[]]

    def write(self, data):
        self.turns[-1].append(bytes(data))

    def next_turn(self, _elapsed):
        self.turns.append([])

    def lines(self):
        return [parse_line(line, True) for line in b"".join(b"".join(turn) for turn in self.turns).split(b"\n") if line]


def play_rounds(driver, rounds):
    """As play_to_the_result, until the game's round is `rounds` (or it is over)."""
    app = driver.app
    for _ in range(5000):
        st = state(driver)
        if st.round >= rounds or st.phase == PH_OVER:
            return
        if app.mode.reveal:
            driver.press(OK)
        elif st.current_player() >= 0 and app.is_human(st.current_player()):
            driver.press(SWAP if st.phase == PH_REENTRY else KEEP)
        else:
            driver.run_for(100)
    raise AssertionError("round %d not reached: %r" % (rounds, driver.hw.text))


def test_an_eight_seat_game_sends_a_line_a_turn_drops_none_and_never_loads_the_commands():
    """Tanturlurette at eight seats, to its third round (each round's end a burst of events):
    the link sends one queued event a turn (proto.link.LINES_PER_TURN; before: each turn's whole
    burst), every event reaches the line in order with none dropped from the app's queue, and
    with no host line proto.commands stays out of the heap (before: loaded with the link); a
    host's first line loads it, is answered within a few turns, and lets it go (before: kept)."""
    import proto
    from proto.link import LINES_PER_TURN

    sys.modules.pop("proto.commands", None)  # this process's other tests may hold it
    proto.__dict__.pop("commands", None)
    root = scratch_root()
    try:
        driver = rig_on_flash(root, seed=5)
        app = driver.app
        cable = Cable()
        inbox = []
        driver.link = Link(app, lambda: inbox.pop(0) if inbox else None, cable.write)
        driver.on_step = cable.next_turn
        start(driver, players=8, circles=2)
        play_rounds(driver, 3)
        driver.run_for(1000)
        assert state(driver).round >= 3, "no round ended"
        per_turn = [len(b"".join(turn).split(b"\n")) - 1 for turn in cable.turns]
        assert max(per_turn) == LINES_PER_TURN == 1, max(per_turn)
        lines = cable.lines()
        assert [e["seq"] for e in lines] == list(range(len(lines))) and app.dropped_events == 0
        assert len([e for e in lines if e["type"] == "round"]) >= 2
        assert "proto.commands" not in sys.modules
        inbox.append(frame({"cmd": "version", "id": 9}))
        driver.run_for(100)
        assert [e["data"]["id"] for e in cable.lines() if e["type"] == "ok"] == [9]
        assert "proto.commands" not in sys.modules  # let go once it answered
    finally:
        clean_root(root)


def test_a_game_with_a_data_file_reads_it_in_a_turn_of_its_own_before_its_start():
    """Achéron's deck file (a `checked` game's data) makes 14 KB of garbage as it is read: a
    turn of its own reads it (its module keeps it) before the game's code is loaded, in the turn
    after, so that the check's garbage never meets that code; the next turn makes the game with
    the deck read, the one after shows it, and the deal follows."""
    root = scratch_root()
    try:
        driver = rig_on_flash(root, seed=4)
        app = driver.app
        menu = app.mode
        choose(driver, "game", "acheron")
        assert menu.value("mode") == "table"
        to_menu_row(driver, "play")
        driver.down(OK)
        driver.run_for(80)
        sys.modules.pop("games.acheron.deck", None)  # read by the menu's check: read it again
        sys.modules.pop("games.acheron.rules", None)
        driver.up(OK)
        for _ in range(20):  # the release is the press: the turn it is handled in
            driver.turn()
            if app.passage is not None:
                break
        assert "games.acheron.rules" not in sys.modules, "Play's turn loads the code"
        assert "games.acheron.deck" not in sys.modules, "Play's turn reads the deck"
        driver.turn()
        deck_module = sys.modules["games.acheron.deck"]
        assert len(deck_module._decks) == 1, "this turn reads the deck"
        assert "games.acheron.rules" not in sys.modules, "the deck's turn loads the code"
        deck = list(deck_module._decks.values())[0]
        driver.turn()
        assert "games.acheron.rules" in sys.modules and app.session.state is None
        assert not app.mode.in_game
        driver.turn()
        assert app.session.state.deck is deck and len(app.session.state.moves) == 0
        driver.turn()
        assert app.mode.in_game and len(app.session.state.moves) == 0
        driver.turn()
        assert len(app.session.state.moves) >= 1
    finally:
        clean_root(root)
