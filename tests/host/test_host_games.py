"""Every game of the descriptor list has its host side (host_tools.games): a module named after the
game, whose GAME is a HostGame of that name with the whole interface, and the words the shared
tools look up for it in both languages. A game added to the list shows up in the host's lists by
its module alone, and one whose module is missing, or lacks a part, is refused by name."""

import sys
import types

import pytest
from games import GAMES, Game, Mode

import host_tools  # noqa: F401  (firmware/lib on the path)
from host_tools import games
from host_tools.cli import build_parser
from host_tools.lang import LANGS, Messages


def problems(name):
    """What the host side of the game called name lacks, in words; [] when it is whole."""
    try:
        game = games.host(name)
    except (ImportError, TypeError) as err:  # no module, or a GAME that is not the game's HostGame
        return [str(err)]
    found = []
    for area, keys in game.message_keys().items():
        for lang in LANGS:
            table = Messages(lang, area).table
            found += ["%s_%s has no %r" % (area, lang, key) for key in keys if key not in table]
    return found


@pytest.mark.parametrize("name", [g.name for g in GAMES])
def test_every_game_of_the_list_has_a_whole_host_module(name):
    assert problems(name) == []
    game = games.host(name)
    assert game.name == name and game.title
    assert set(game.order) <= set(game.seat_facts)
    assert len(game.panels) in (0, 3)


def test_the_host_lists_every_game_and_engine_of_the_list():
    assert set(games.names()) == {g.name for g in GAMES}
    for g in GAMES:
        for mode in g.modes:
            assert games.of_engine(mode.engine) is games.host(g.name)
    assert games.of_engine("nothing_score") is None


class _Partial(games.HostGame):
    """A game's host side with every method but its facts."""

    name = "partial"
    title = "Partial"
    seat_facts = ("wins",)
    order = ("wins",)
    columns = (("col_games", 5, "%d"),)

    def stats_values(self, row):
        return (row["games"],)

    def draw_target(self, state, geo, names, shapes, m):
        return "", "", [], None, ""

    def deal_words(self, paper, facts, deal):
        return [], ""


def _declare(monkeypatch, name, module=None):
    """Add a game called name to the descriptor list, with module as its host module."""
    descriptor = Game(name, name.title(), (Mode("table", name, "rules", "app.modes.table.TableMode", (2, 4), ()),))
    monkeypatch.setattr(games, "GAMES", GAMES + (descriptor,))
    monkeypatch.setattr(games, "_LOADED", {})
    if module is not None:
        monkeypatch.setitem(sys.modules, "host_tools.games." + name, module)


def _module(game):
    module = types.ModuleType("host")
    module.GAME = game
    return module


def test_a_game_without_a_host_module_is_refused_by_name(monkeypatch):
    _declare(monkeypatch, "nomodule")
    assert "nomodule" in games.names()
    assert any("nomodule" in p for p in problems("nomodule"))


def test_a_host_module_missing_a_part_is_refused(monkeypatch):
    with pytest.raises(TypeError, match="deals"):  # an abstract method not given
        _Partial()

    class Untitled(_Partial):
        title = None

        def deals(self, state, moves, names, m):
            return [], {}

    _declare(monkeypatch, "partial", _module(Untitled()))
    assert problems("partial") == ["host_tools/games/partial.py: title not given"]


def test_a_host_module_must_hold_its_own_game(monkeypatch):
    _declare(monkeypatch, "other", _module(games.host("bourre")))
    assert problems("other") == ["host_tools/games/other.py: GAME must be the HostGame of 'other'"]


def test_a_game_needs_its_words_in_every_language(monkeypatch):
    class Wordless(_Partial):
        def deals(self, state, moves, names, m):
            return [], {}

    _declare(monkeypatch, "partial", _module(Wordless()))
    missing = problems("partial")
    for lang in LANGS:  # what the totals count, the sheet's key: looked up by the game's name
        assert "paper_%s has no 'totals_partial'" % lang in missing
        assert "sheet_%s has no 'key_partial'" % lang in missing


def test_a_game_added_to_the_list_is_one_the_commands_offer(monkeypatch):
    class Whole(_Partial):
        def deals(self, state, moves, names, m):
            return [], {}

    _declare(monkeypatch, "partial", _module(Whole()))
    assert games.names()[-1] == "partial"
    assert games.of_engine("partial").title == "Partial"
    stats = build_parser()._subparsers._group_actions[0].choices["stats"]
    kinds = [a for a in stats._actions if a.dest == "game_kind"][0]
    assert "partial" in kinds.choices
