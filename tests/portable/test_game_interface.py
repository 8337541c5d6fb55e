"""The declared game interface (issue 14 item 1): every descriptor of engine.games agrees with the
engines it names, and every engine keeps the whole GameState surface with the right types."""

from engine import registry
from engine.games import GAMES, SEATS, game, of_engine


def accepts(module, options):
    try:
        module.normalize_options(options)
    except ValueError:
        return False
    return True


def test_the_registry_and_packs_come_from_the_descriptors():
    engines = []
    for g in GAMES:
        assert registry.PACKS[g.name] == g.engine
        assert g.name in g.engine  # the play engine is part of its own pack
        for mode in g.modes:
            assert mode.engine in g.engine, (g.name, mode.name)
            if mode.engine not in engines:
                engines.append(mode.engine)
    assert list(registry.GAMES) == engines
    assert [g.name for g in GAMES] == ["tanturlurette", "acheron", "bourre", "piccolo"]
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
        bots = __import__("engine." + g.name + "_bots", None, None, ["BOTS"]).BOTS
        assert g.bot in bots, g.name
        assert g.name + "_bots" in g.engine


def test_every_screen_a_mode_names_exists():
    for g in GAMES:
        for mode in g.modes:
            cut = mode.screen.rfind(".")
            module = __import__(mode.screen[:cut], None, None, ["Mode"])
            assert mode.screen[:cut] in g.app, mode.screen  # deploy ships it with the game
            assert isinstance(getattr(module, mode.screen[cut + 1:]), type)


def test_the_descriptors_import_nothing():
    """The setup menu browses them without loading a line of any engine."""
    with open(__import__("engine.games", None, None, ["GAMES"]).__file__) as f:
        for line in f:
            assert not line.startswith("import ") and not line.startswith("from "), line
