"""The declared game interface (issue 14 item 1): every descriptor of games agrees with the
engines it names, and every engine keeps the whole GameState surface with the right types."""

import games as registry
from games import GAMES, SEATS, bots_of, game, of_engine


def accepts(module, options):
    try:
        module.normalize_options(options)
    except ValueError:
        return False
    return True


def test_the_registry_comes_from_the_descriptors():
    engines = []
    for g in GAMES:
        assert g.package == "games." + g.name
        for mode in g.modes:
            assert mode.module.startswith(g.package + "."), (g.name, mode.name)
            if mode.engine not in engines:
                engines.append(mode.engine)
    assert list(registry.ENGINES) == engines
    assert list(registry.NAMES) == [g.name for g in GAMES]
    assert game("piccolo").name == "piccolo" and game("belote") is None
    assert of_engine("bourre_score")[1].name == "score" and of_engine("belote") == (None, None)


def test_each_mode_names_the_seat_counts_its_engine_takes():
    for g in GAMES:
        for mode in g.modes:
            module = registry.game_module(mode.engine)
            counts = [k for k in range(1, 10) if accepts(module, {"players": k})]
            low, high = mode.seats
            assert counts == list(range(low, high + 1)), (mode.engine, counts)
            assert module.normalize_options({})["players"] in counts


def test_each_row_offers_values_its_engine_takes_and_the_engine_default():
    for g in GAMES:
        for mode in g.modes:
            module = registry.game_module(mode.engine)
            fixed = dict(mode.fixed)
            defaults = module.normalize_options(dict(fixed))
            for option, value in mode.fixed:
                assert defaults[option] == value
            low, high = mode.seats
            for option, offered, default in mode.rows:
                assert defaults[option] == default, (mode.engine, option)
                for n in range(low, high + 1):
                    values = range(n) if offered == SEATS else offered
                    assert default in values, (mode.engine, option, n)
                    for value in values:
                        options = dict(fixed)
                        options["players"] = n
                        options[option] = value
                        assert accepts(module, options), (mode.engine, option, value, n)
                if offered == SEATS:  # a seat past the table is refused: the menu offers none
                    assert not accepts(module, {"players": low, option: low})
                else:
                    assert len({type(v) for v in offered}) == 1, (mode.engine, option)


def test_bots_fill_only_modes_that_say_so_and_the_default_bot_exists():
    for g in GAMES:
        if g.bot is None:
            assert not [m for m in g.modes if m.bots]
            continue
        bots = bots_of(g.name).BOTS
        assert g.bot in bots, g.name
        assert "beginner" in bots, "%s: the setup menu's beginner level seats it" % g.name


def test_every_screen_a_mode_names_exists():
    for g in GAMES:
        for mode in g.modes:
            cut = mode.screen.rfind(".")
            module = __import__(mode.screen[:cut], None, None, ["Mode"])
            # deploy ships it with the game: in its package, or a module it shares with others
            assert mode.screen.startswith(g.package + ".") or mode.screen[:cut] in g.shared, mode.screen
            assert isinstance(getattr(module, mode.screen[cut + 1:]), type)


def test_the_descriptors_import_no_game():
    """The setup menu browses them without loading a line of any game: the registry imports what
    every turn holds already (engine.core, app.memory) and os, nothing else."""
    with open(__import__("games", None, None, ["GAMES"]).__file__) as f:
        for line in f:
            if line.startswith("import ") or line.startswith("from "):
                assert line.split()[1] in ("os", "engine.core", "app.memory"), line


# -- the GameState surface (engine/core.py's docstring) ---------------------------------------------
def is_ints(values):
    return isinstance(values, list) and all(type(v) is int for v in values)


def check_surface(state, module):
    from engine.core import CHANCE, TABLE, TERMINAL

    n = state.seats()
    assert type(n) is int and 1 <= n <= 8
    assert type(state.round) is int and state.round >= 0
    player = state.current_player()
    assert type(player) is int and (0 <= player < n or player in (CHANCE, TABLE, TERMINAL))
    legal = state.legal_actions()
    assert is_ints(legal)
    assert is_ints(state.table_actions())
    for action in legal[:3]:
        assert state.is_legal(action) is True and state.why_illegal(action) is None
    why = state.why_illegal(0xFFFF)  # never an action of any game
    assert type(why) is tuple and why and all(type(v) is int for v in why), why
    assert state.why_illegal("keep")[0] == 3  # core.REFUSE_NOT_INT
    assert state.is_over() is (player == TERMINAL)
    for values in (state.returns(), state.standings(), state.winners()):
        assert is_ints(values), values
    assert len(state.returns()) == n and len(state.standings()) == n
    assert all(0 <= s < n for s in state.winners())
    assert state.is_over() or not state.winners(), (module.GAME, "winners before the end")
    target = state.target()
    assert target is None or type(target) is int
    pot = state.pot()
    assert pot is None or type(pot) is int
    assert isinstance(state.round_summary(), dict)
    assert isinstance(state.view(-1), dict) and isinstance(state.view(0), dict)
    facts, count = state.facts()
    assert 0 <= count <= len(facts) // 4
    for i in range(count):
        assert facts[4 * i] > 0
    assert isinstance(state.phase_name(), str)
    for action in legal[:3]:
        assert isinstance(state.action_name(action), str)
    check_words(state, module, legal)
    data = state.to_dict()
    again = module.from_dict(data)
    assert again.to_dict() == data and again.seats() == n
    log = state.ROUND_LOG  # a list that to_dict carries under its own name, or ""
    assert type(log) is str and (not log or type(getattr(state, log)) is list and log in data)
    assert state.record()["game"] == module.GAME


def check_words(state, module, legal):
    """The game's words module words what the screens show, within the OLED's 16 columns."""
    from engine.core import CHANCE
    from games import words_of as of

    words = of(module.GAME)
    scorekeeper = module.GAME.endswith("_score")
    for lang in ("fr", "en"):
        if scorekeeper:
            for line in words.prompt(lang, state):
                assert len(line) <= 16, (module.GAME, line)
            for action in state.extra_actions():
                assert len(words.entry_label(lang, state, action)) <= 14, (module.GAME, action)
            continue
        assert len(words.header(lang, state)) <= 16, words.header(lang, state)
        if state.current_player() != CHANCE:
            for action in legal[:5]:
                lines = words.action_label(lang, state, action).split("\n")
                first, more = lines[0], lines[1:]
                assert 0 < len(first) <= 14 and len(more) <= 2, (module.GAME, first, more)
                assert all(0 < len(line) <= 16 for line in more), (module.GAME, more)
        if state.current_player() >= 0:
            for line in words.hand_lines(lang, state, state.current_player()):
                assert len(line) <= 16, (module.GAME, line)


def test_every_game_keeps_the_whole_surface_with_the_right_types():
    from engine.core import CHANCE
    from engine.rng import Rng

    for name in registry.ENGINES:
        module = registry.game_module(name)
        assert module.GAME == name and module.State.GAME == name
        assert module.normalize_options({})["players"] == module.State(None).seats()
        rng = Rng(7)
        state = module.State(None)
        for step in range(400):
            if step % 37 == 0:
                check_surface(state, module)
            if state.is_over():
                break
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcome(rng.below(state.chance_count())))
                continue
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(legal[rng.below(len(legal))])
        check_surface(state, module)


def test_an_illegal_action_carries_the_reason_code():
    from engine.core import REFUSE_NOT_NOW, IllegalAction

    for name in registry.ENGINES:
        state = registry.game_module(name).State(None)
        try:
            state.apply(0xFFFF)
        except IllegalAction as err:
            assert type(err.why) is tuple and err.why[0] >= REFUSE_NOT_NOW, (name, err.why)
        else:
            raise AssertionError(name + " took an impossible action")


def ancestors(cls):
    """The classes cls derives from, up to object (left out)."""
    found = []
    for base in cls.__bases__:
        if base is not object and base not in found:
            found += [base] + [b for b in ancestors(base) if b not in found]
    return found


def test_a_scorekeeper_shares_the_card_games_methods_by_a_base_class():
    """A pub game's scorekeeper reads what its card game reads (seats, standings, target...) from
    a class both derive from in the card game's module, never from methods copied over by
    assignment (`seats = CardGame.seats`), which a reader of either class would not see."""
    from engine.core import GameState

    pairs = 0
    for g in GAMES:
        engines = [registry.game_module(mode.engine) for mode in g.modes]
        cards = [m for m in engines if not m.GAME.endswith("_score")]
        for keeper in [m for m in engines if m.GAME.endswith("_score")]:
            card = cards[0].State
            own, theirs = keeper.State.__dict__, card.__dict__
            copied = [name for name in own if callable(own[name]) and own[name] is theirs.get(name)]
            assert copied == [], (keeper.GAME, copied)
            shared = [base for base in ancestors(card) if base is not GameState and issubclass(keeper.State, base)]
            assert shared, keeper.GAME  # a base of the card game's own, beyond GameState
            pairs += 1
    assert pairs == 3
