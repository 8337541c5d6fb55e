"""engine.core, engine.play and games: what every game relies on."""

from engine.core import (
    CHANCE,
    TABLE,
    BadOptions,
    BadRecord,
    IllegalAction,
    option_bool,
    option_choice,
    option_int,
    player_name,
)
from engine.play import play_out, replay, sample_chance
from engine.rng import Rng
from games import ENGINES, game_module, new_state
from games.tanturlurette.bots import ThresholdBot
from games.tanturlurette.rules import DRAW, KEEP, PH_MARK, PH_TURN_UP, State
from support import expect_raises


def test_tanturlurette_has_the_agreed_module_surface():
    # each game's own tests check its module; this one checks the engine's own game
    assert "tanturlurette" in ENGINES
    for name in ("tanturlurette",):
        module = game_module(name)
        assert module.GAME == name
        for attr in ("State", "from_dict", "normalize_options"):
            assert hasattr(module, attr), (name, attr)
        state = new_state(name)
        for method in ("current_player", "legal_actions", "apply", "is_over", "returns", "view",
                       "to_dict", "standings", "target", "phase_name", "action_name"):
            assert callable(getattr(state, method)), (name, method)
        assert isinstance(state.round, int)
        assert state.record()["game"] == name


def test_unknown_game_is_a_bad_record_naming_the_known_ones():
    err = expect_raises(BadRecord, game_module, "belote")
    assert "belote" in str(err) and "tanturlurette" in str(err)


def test_play_out_stops_after_the_requested_round_and_can_continue():
    state = State({"players": 5})
    bots = [ThresholdBot() for _ in range(5)]
    rng = Rng(3)
    steps = play_out(state, bots, rng, until_round=2)
    assert steps > 0 and state.round == 3 and not state.is_over()
    play_out(state, bots, rng)
    assert state.is_over()
    assert play_out(state, bots, rng) == 0


def test_play_out_refuses_to_act_for_the_table_and_gives_up_after_max_steps():
    state = State({"mode": "board"})
    bots = [ThresholdBot() for _ in range(4)]
    state.apply(0)
    while state.phase != PH_MARK:
        state.apply(0)  # everyone keeps
    err = expect_raises(ValueError, play_out, state, bots, Rng(1))
    assert "table" in str(err)
    err = expect_raises(RuntimeError, play_out, State(), bots, Rng(1), None, 5)
    assert "5 steps" in str(err)


def resolve_chance(state, rng):
    """Play chance nodes until a player (or nobody) is to act (the firmware never needs this)."""
    while state.current_player() == CHANCE:
        sample_chance(state, rng)


def test_resolve_chance_plays_chance_nodes_until_a_player_acts():
    state = State()
    resolve_chance(state, Rng(4))  # the lot and the four dealt cards
    assert state.phase_name() == "keep-or-swap" and state.round == 1
    assert len(state.moves) == 5
    state.apply(KEEP)
    state.apply(DRAW)
    assert state.phase == PH_TURN_UP
    resolve_chance(state, Rng(5))
    assert state.phase_name() == "take-or-refuse" and state.current_player() >= 0
    assert len(state.moves) == 8


def test_illegal_action_lists_at_most_twelve_legal_actions():
    state = State()
    state.apply(0)
    err = expect_raises(IllegalAction, state.apply, 99)
    assert "(52 in all)" in str(err) and "chance" in str(err) and "phase deal" in str(err)
    assert len(err.legal) == 52


def test_player_names():
    assert player_name(CHANCE) == "chance" and player_name(TABLE) == "the table"
    assert player_name(3) == "seat 3"


def test_option_helpers_refuse_bad_values_with_the_option_name():
    assert option_int({"k": 3}, "k", 1, 0, 5) == 3
    assert option_int({}, "k", 1, 0, 5) == 1
    for bad in (6, -1, "3", 3.0, True):
        assert "k" in str(expect_raises(BadOptions, option_int, {"k": bad}, "k", 1, 0, 5))
    assert option_bool({"b": False}, "b", True) is False
    expect_raises(BadOptions, option_bool, {"b": 0}, "b", True)
    assert option_choice({}, "m", "deck", ("deck", "board")) == "deck"
    assert "deck, board" in str(expect_raises(BadOptions, option_choice, {"m": "x"}, "m", "deck",
                                              ("deck", "board")))


def test_replay_rebuilds_a_game_with_the_same_moves():
    state = State({"players": 6, "circles": 2})
    play_out(state, [ThresholdBot() for _ in range(6)], Rng(10))
    again = replay(state.record())
    assert again.to_dict() == state.to_dict()
    assert again.record() == state.record()


def test_installed_finds_game_modules_without_loading_them():
    import sys

    from games import installed

    for name, module in (("bourre", "games.bourre.rules"), ("piccolo_score", "games.piccolo.score"),
                         ("acheron", "games.acheron.rules")):
        # taken out for the check, then put back: later tests hold the same module objects
        loaded = sys.modules.pop(module, None)
        try:
            assert installed(name), name
            assert module not in sys.modules, "%s was imported to test for it" % name
        finally:
            if loaded is not None:
                sys.modules[module] = loaded
    assert not installed("belote")  # not a registered game
    assert not installed("core")  # a module, but not a game
