"""Games played and rebuilt off the board: by tests, benches and the host tools, on both runtimes.

Bots play a game out (chance from the shared PRNG, decisions from one bot per seat), and a record
rebuilds its game. The board never imports this module, so `tanturlurette deploy` leaves it out.
"""

from games import new_state

from engine.core import CHANCE, TERMINAL, BadRecord, IllegalAction


def play_out(state, bots, rng, until_round=None, max_steps=200000):
    """Play until the game ends, or until state.round passes until_round; return the steps taken.

    bots has a bot for each seat (anything with choose(state, seat, rng)). A TABLE decision
    (board mode, scorekeeping) needs people, so it stops the bots with an error.
    """
    steps = 0
    # Bound methods fetched once: the loop then allocates nothing on MicroPython.
    current_player = state.current_player
    apply = state.apply
    chance_count = state.chance_count
    chance_outcome = state.chance_outcome
    below = rng.below
    last_round = 0xFFFF if until_round is None else until_round
    while steps < max_steps:
        player = current_player()
        if player == TERMINAL or state.round > last_round:
            return steps
        if player == CHANCE:
            apply(chance_outcome(below(chance_count())))
        elif player >= 0:
            apply(bots[player].choose(state, player, rng))
        else:
            raise ValueError("bots cannot act for the table: phase " + state.phase_name())
        steps += 1
    raise RuntimeError("game did not end within %d steps" % max_steps)


def sample_chance(state, rng):
    """Play the pending chance node with an outcome drawn from rng; returns that outcome."""
    outcome = state.chance_outcome(rng.below(state.chance_count()))
    state.apply(outcome)
    return outcome


def replay_moves(state, moves):
    """Apply a record's moves, naming the first bad one if the record does not fit the game."""
    # The error is raised outside the except clause: MicroPython warns on exception chaining.
    for i, move in enumerate(moves):
        problem = None
        try:
            state.apply(move)
        except IllegalAction as err:
            problem = "move %d of the record does not apply: %s" % (i, err)
        if problem:
            raise BadRecord(problem)
    return state


def replay(record):
    """Rebuild a game from its record: the options, then every action and chance outcome."""
    if not isinstance(record, dict):
        raise BadRecord("a record is a JSON object, got %s" % type(record).__name__)
    if record.get("v") != 1:
        raise BadRecord("record format version %r is not supported (this engine reads 1)" % (record.get("v"),))
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise BadRecord("record has no move list")
    state = new_state(record.get("game"), record.get("options"))
    return replay_moves(state, moves)
