"""The generic modes: table play for any engine game, and the scorekeeper for any *_score engine.

Driven by button presses through the debouncer and loop, like the Tanturlurette tests.
"""

import sys

import app.session as session_module
import games as games_module
from app.buttons import KEEP, OK, SWAP
from app.i18n import card_word
from app.modes.table import TableMode
from app_rig import event_kinds, make_rig, past_reveal, start, state, undo_in_menu
from engine.core import TABLE, TERMINAL, GameState, IllegalAction
from engine.rng import Rng


def table_play_tanturlurette(driver, bots):
    app = driver.app
    app.session.new_game("tanturlurette", {"players": 4}, bots=bots)
    app.switch(TableMode(app), driver.hw.clock.ticks_ms())
    driver.run_for(50)
    return app.mode


def test_table_play_cycles_legal_actions_and_confirms_with_a_long_ok():
    driver = make_rig(seed=3)
    mode = table_play_tanturlurette(driver, [None, "counting", "counting", "counting"])
    words = __import__("games.tanturlurette.words", None, None, ["header"])
    rng = Rng(8)
    chosen = 0
    for _ in range(3000):
        st = state(driver)
        if st.is_over():
            break
        player = st.current_player()
        if player == 0:
            legal = st.legal_actions()
            want = legal[rng.below(len(legal))]
            for _ in range(len(legal)):
                if mode.legal[mode.cursor] == want:
                    break
                driver.press(SWAP)
            assert "> " + words.action_label("fr", st, want) in driver.hw.text, driver.hw.text
            moves = len(st.moves)
            driver.press(OK)  # a short OK plays nothing
            assert len(state(driver).moves) == moves
            driver.press(OK)  # the peek it showed, hidden again
            driver.long(OK)
            assert state(driver).moves[moves] == want
            chosen += 1
        else:
            driver.run_for(200)
    st = state(driver)
    assert st.is_over() and chosen > 0
    past_reveal(driver)
    assert driver.hw.text[0] == "Partie finie"
    driver.press(OK)
    assert not driver.app.mode.in_game


def test_table_play_keep_cycles_backwards():
    driver = make_rig(seed=3)
    mode = table_play_tanturlurette(driver, [None, "counting", "counting", "counting"])
    for _ in range(100):
        if state(driver).current_player() == 0:
            break
        driver.run_for(100)
    count = len(mode.legal)
    driver.press(KEEP)
    assert mode.cursor == count - 1


def test_table_play_a_short_ok_shows_the_hand_and_a_second_hides_it():
    driver = make_rig(seed=3)
    table_play_tanturlurette(driver, [None, "counting", "counting", "counting"])
    for _ in range(100):
        if state(driver).current_player() == 0:
            break
        driver.run_for(100)
    moves = len(state(driver).moves)
    assert "Tenir OK: jouer" in driver.hw.text and "OK: voir la main" in driver.hw.text
    driver.press(OK)
    card = card_word("fr", state(driver).hand[0])
    assert ("Ta carte %s" % card) in driver.hw.text, driver.hw.text
    driver.press(OK)
    assert not [line for line in driver.hw.text if line.startswith("Ta carte")]
    driver.press(OK)
    driver.press(OK)
    assert len(state(driver).moves) == moves, "a short OK never plays"


def test_table_play_through_the_menu_for_every_installed_game():
    import gc

    from app.modes.menu import installed, playable_games

    for game in playable_games():
        if game == "tanturlurette" or not installed(game):
            continue
        driver = make_rig(seed=5)
        start(driver, game=game, mode="table", humans=1)
        assert type(driver.app.mode).__name__ == "TableMode", game
        decisions = 0
        # Games to 41 or 100 points run to thousands of moves: a few rounds show the mode drives
        # chance, bots and the human alike; Tanturlurette above plays to the end.
        while decisions < 60 and state(driver).round < 3 and not state(driver).is_over():
            player = state(driver).current_player()
            if player == 0 or player == TABLE:
                moves = len(state(driver).moves)
                driver.long(OK)  # whatever is first among the legal actions
                assert len(state(driver).moves) > moves, (game, driver.hw.text)
                decisions += 1
            else:
                driver.run_for(400)
        assert decisions > 0 and (state(driver).round >= 2 or state(driver).is_over()), game
        del driver
        gc.collect()


# -- a small scorekeeper engine: two seats enter points 0..10 a deal, at most 10 between them ---
PENALTY = 100


TINY_TOO_MANY = 16  # the game's one refusal code


class TinyScore(GameState):
    GAME = "tiny_score"

    def __init__(self, options=None):
        GameState.__init__(self, {"players": 2})
        self.totals = [0, 0]
        self.entry = [0, 0]
        self.seat = 0
        self.round = 1

    def current_player(self):
        return TERMINAL if max(self.totals) >= 20 else TABLE

    def entry_seat(self):
        return self.seat

    def seats(self):
        return 2

    def winners(self):
        return [0] if self.totals[0] >= self.totals[1] else [1]

    def why_illegal(self, action):
        return None if self.is_legal(action) else (TINY_TOO_MANY,)

    def entry_range(self):
        return (0, 10)

    def extra_actions(self):
        return [PENALTY]

    def legal_actions(self):
        return [a for a in range(11) if self.is_legal(a)] + [PENALTY]

    def is_legal(self, action):
        if action == PENALTY:
            return True
        return 0 <= action <= 10 and (self.seat == 0 or self.entry[0] + action <= 10)

    def apply(self, action):
        if self.current_player() != TABLE or not self.is_legal(action):
            raise IllegalAction(self, action, self.why_illegal(action))
        self._apply(action)
        self.moves.append(action)

    def _apply(self, action):
        if action == PENALTY:
            self.totals[0] -= 5
            return
        self.entry[self.seat] = action
        self.seat += 1
        if self.seat == 2:
            self.totals[0] += self.entry[0]
            self.totals[1] += self.entry[1]
            self.seat = 0
            self.round += 1

    def standings(self):
        return list(self.totals)

    def target(self):
        return 20

    def returns(self):
        return list(self.totals)


class TinyPackage:
    """games.tiny: the package its words are found in."""


class TinyWords:
    """games.tiny.words: the game's refusals are sentences already (a test's)."""

    @staticmethod
    def refusal(lang, why):
        return "the deal has only 10 points" if why == (TINY_TOO_MANY,) else "code %r" % (why,)

    @staticmethod
    def prompt(lang, state):
        return ["Donne %d" % state.round, "Points J%d ?" % (state.seat + 1)]

    @staticmethod
    def entry_label(lang, state, action):
        return "-5 J1"

    @staticmethod
    def applied(lang, state, label):
        return None  # its deals apply nothing beyond the numbers

    @staticmethod
    def standings_label(lang):
        return "Points"


class TinyModule:
    State = TinyScore
    GAME = "tiny_score"

    @staticmethod
    def normalize_options(options=None):
        return {"players": 2}


def with_tiny_registry(test):
    # the mode modules as the game will use them: a game ended before lets them go, so the ones
    # loaded now are fresh, and the scorekeeper's is built on the table's patched here
    for name in ("app.modes.score", "app.modes.table"):
        sys.modules.pop(name, None)
    table_module = __import__("app.modes.table", None, None, ["GameMode"])
    real_session, real_table = session_module.game_module, table_module.game_module

    def lookup(name):
        return TinyModule if name == "tiny_score" else real_session(name)

    session_module.game_module = lookup
    table_module.game_module = lookup
    real_games = games_module.GAMES  # a descriptor says which screen plays it
    games_module.GAMES = real_games + (games_module.Game("tiny", "Tiny", (
        games_module.Mode("score", "tiny_score", "score", "app.modes.score.ScoreMode", (2, 2), ()),),
        shared=("app.modes.table", "app.modes.score")),)
    sys.modules["games.tiny"] = TinyPackage  # its package, and its words in it
    sys.modules["games.tiny.words"] = TinyWords
    try:
        test()
    finally:
        session_module.game_module = real_session
        table_module.game_module = real_table
        games_module.GAMES = real_games
        for name in ("games.tiny.words", "games.tiny"):
            sys.modules.pop(name, None)  # the end of its game may have let it go


def start_tiny():
    driver = make_rig(seed=1)
    assert driver.app.start_game("tiny_score", {}, None, driver.hw.clock.ticks_ms())
    assert type(driver.app.mode).__name__ == "ScoreMode"
    driver.run_for(50)
    return driver


def enter(driver, value):
    mode = driver.app.mode
    for _ in range(30):
        if mode.pos == value:
            break
        driver.press(SWAP)
    assert "> %d" % value in driver.hw.text, driver.hw.text
    driver.long(OK)


def test_scorekeeper_entries_refusal_and_penalty():
    def body():
        driver = start_tiny()
        assert driver.hw.text[:2] == ["Donne 1", "Points J1 ?"]
        enter(driver, 7)
        st = state(driver)
        assert st.entry[0] == 7 and st.seat == 1
        moves = len(st.moves)
        enter(driver, 5)  # 7 + 5 > 10: refused, nothing changes
        assert len(state(driver).moves) == moves and state(driver).seat == 1
        shown = " ".join(driver.hw.text)
        # the engine's reason when the session passes it on, else the refused action
        assert driver.hw.text[0] == "Erreur" and "10 points" in shown, shown
        assert "error" in event_kinds(driver)
        for _ in range(2):
            driver.press(KEEP)
        assert driver.hw.text[-4] == "> 3" or "> 3" in driver.hw.text
        driver.long(OK)
        assert state(driver).totals == [7, 3] and state(driver).round == 2
        mode = driver.app.mode
        mode.pos = 0
        driver.press(KEEP)  # below 0: the list stops at its lowest value, with the error cue
        assert "> 0" in driver.hw.text and mode.pos == 0
        while mode.pos < mode.count() - 1:  # the extra action comes past the top
            driver.long(SWAP)
            driver.press(SWAP)
        assert "> -5 J1" in driver.hw.text
        driver.long(OK)
        assert state(driver).totals == [2, 3]
    with_tiny_registry(body)


def test_scorekeeper_long_press_jumps_by_ten_and_clamps():
    def body():
        driver = start_tiny()
        mode = driver.app.mode
        driver.long(SWAP)
        assert mode.pos == 10
        driver.long(SWAP)
        assert mode.pos == 10  # clamped at the top of the range
        driver.long(KEEP)
        assert mode.pos == 0
    with_tiny_registry(body)


def test_scorekeeper_plays_to_the_target_and_undo_works():
    def body():
        driver = start_tiny()
        enter(driver, 6)
        undo_in_menu(driver)
        assert state(driver).seat == 0 and len(state(driver).moves) == 0
        for _ in range(4):
            enter(driver, 6)
            enter(driver, 4)
        st = state(driver)
        assert st.is_over() and st.totals == [24, 16]
        past_reveal(driver)
        assert driver.hw.text[2:4] == ["Points J1 24", "J2 16"], driver.hw.text
        driver.press(OK)
        assert not driver.app.mode.in_game
    with_tiny_registry(body)


def test_scorekeeper_through_the_menu_for_every_installed_score_engine():
    from app.modes.menu import installed, playable_games

    for game in playable_games():
        if not installed(game + "_score"):
            continue
        driver = make_rig(seed=5)
        start(driver, game=game, mode="score")
        assert type(driver.app.mode).__name__ == "ScoreMode", game
        mode = driver.app.mode
        for _ in range(400):
            st = state(driver)
            if st.is_over():
                break
            while mode.reveal is not None or mode.applied is not None:  # a deal's summary
                driver.press(OK)
            moves = len(st.moves)
            while mode.pos < mode.high - mode.low:  # the top of the range ends games soonest
                driver.long(SWAP)
            for _ in range(mode.high - mode.low + 1):
                driver.long(OK)
                if len(state(driver).moves) != moves or state(driver).is_over():
                    break
                driver.press(KEEP)  # refused: one lower
            assert len(state(driver).moves) != moves, "%s refused every value: %r" % (
                game, driver.hw.text)
        else:
            raise AssertionError("%s scorekeeping did not finish (%r)" % (game, driver.hw.text))
        assert mode.app is driver.app
