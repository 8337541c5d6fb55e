"""Session without a store: acting, events, undo/redo rules, no peeking through undo, finishing."""

from app.session import Session
from engine.core import CHANCE, TABLE, TERMINAL, BadOptions, IllegalAction
from engine.play import replay
from engine.rng import Rng
from games.tanturlurette import rules as T
from games.tanturlurette.bots import ThresholdBot
from support import expect_raises, scaled


def step(session, rng, bot):
    """One move: a chance outcome through the session, or the bot's decision."""
    state = session.state
    player = state.current_player()
    if player == CHANCE:
        return session.act(session.chance_outcome(rng))
    return session.act(bot.choose(state, player, rng))


def play_until(session, rng, bot, stop):
    steps = 0
    while not stop(session.state) and not session.state.is_over():
        step(session, rng, bot)
        steps += 1
        if steps > 5000:
            raise AssertionError("game does not end")
    return steps


def started(seed=1, options=None):
    events = []
    session = Session(on_event=lambda kind, payload: events.append((kind, payload)))
    session.new_game("tanturlurette", options or {"players": 4})
    return session, Rng(seed), ThresholdBot(), events


def draw_a_card(session, rng, bot):
    """Play on to the first keep-or-draw decision, draw, and turn the card up; returns the
    drawing seat, the state before the draw and the card."""
    play_until(session, rng, bot, lambda s: s.phase == T.PH_KEEP_OR_DRAW)
    seat = session.state.current_player()
    before = session.state.to_dict()
    session.act(T.DRAW)
    card = session.chance_outcome(rng)
    session.act(card)
    return seat, before, card


def decision(state):
    return state.current_player() >= 0 or state.current_player() == TABLE


def test_full_game_events_and_record_replays():
    for seed in range(1, scaled(6, 3)):
        session, rng, bot, events = started(seed)
        play_until(session, rng, bot, lambda s: False)
        state = session.state
        assert state.is_over()
        kinds = [k for k, _p in events]
        assert kinds[0] == "game"
        assert kinds.count("act") == len(state.moves)
        assert kinds.count("over") == 1 and kinds[-1] == "over"
        rounds = [p for k, p in events if k == "round"]
        assert [p["round"] for p in rounds] == list(range(1, state.round + 1))
        last = rounds[-1]
        assert "last_losers" in last and len(last["pos"]) == 4
        over = events[-1][1]
        assert over["returns"] == state.returns() and over["pot"] == state.pot()
        assert over["winners"] == state.winners()
        assert sum(over["returns"]) == 0
        rebuilt = replay(session.record())
        assert rebuilt.to_dict() == state.to_dict()


def test_act_events_name_the_action_and_player():
    session, rng, bot, events = started()
    play_until(session, rng, bot, decision)
    player = session.state.current_player()
    got = session.act(T.KEEP)
    acts = [p for k, p in got if k == "act"]
    assert acts[0]["action"] == T.KEEP and acts[0]["name"] == "keep"
    assert acts[0]["player"] == player and acts[0]["round"] == 1


def test_illegal_action_changes_nothing():
    session, rng, bot, events = started()
    play_until(session, rng, bot, decision)
    before = session.state.to_dict()
    seq = session.seq
    count = len(events)
    for bad in (99, -1, "keep", True, T.TAKE):
        err = expect_raises(IllegalAction, session.act, bad)
        assert "legal:" in str(err)
    assert session.state.to_dict() == before
    assert session.seq == seq
    assert all(k == "error" for k, _p in events[count:])
    assert len(events) - count == 5


def test_bad_options_keep_the_current_game():
    session, rng, bot, events = started()
    play_until(session, rng, bot, decision)
    before = session.state.to_dict()
    expect_raises(BadOptions, session.new_game, "tanturlurette", {"players": 12})
    expect_raises(ValueError, session.new_game, "tanturlurette", {"players": 4}, ["a", "b"])
    assert session.state.to_dict() == before


def test_undo_takes_back_the_decision_and_the_chance_after_it_then_redo_restores():
    session, rng, bot, events = started(3)
    _seat, before, _card = draw_a_card(session, rng, bot)
    after = session.state.to_dict()
    assert session.can_undo() and not session.can_redo()
    assert session.undo()
    assert session.state.to_dict() == before
    assert session.can_redo()
    assert events[-1][0] == "undo" and events[-1][1]["moves"] == 2
    assert session.redo()
    assert session.state.to_dict() == after
    assert events[-1][0] == "redo"
    assert not session.can_redo()


def test_no_peeking_the_same_card_comes_out_after_undo():
    session, rng, bot, events = started(5)
    seat, _before, card = draw_a_card(session, rng, bot)
    session.undo()
    # a different draw of the rng must not matter: the put-back card comes out first
    session.act(T.DRAW)
    assert not session.can_redo()
    assert session.chance_outcome(Rng(999)) == card
    session.act(session.chance_outcome(Rng(12345)))
    assert session.state.offer == card or session.state.hand[seat] == card


def test_put_back_cards_go_to_the_next_drawer_when_the_first_keeps():
    checked = 0
    for seed in range(1, 20):
        session, rng, bot, events = started(seed)
        _seat, _before, card = draw_a_card(session, rng, bot)
        session.undo()
        session.act(T.KEEP)  # a new action: the turned-up card goes back on top of the stock
        if session.state.phase != T.PH_KEEP_OR_DRAW:
            continue  # the dealer kept: a new round deals from a fresh stock
        session.act(T.DRAW)
        assert session.chance_outcome(Rng(4242 + seed)) == card
        checked += 1
    assert checked >= 5


def test_undo_and_redo_across_the_end_of_a_round_and_of_the_game():
    session, rng, bot, events = started(6)
    play_until(session, rng, bot, lambda s: s.round == 2 and decision(s))
    session.undo()
    assert session.state.round == 1
    del events[:]
    assert session.redo()
    kinds = [k for k, _p in events]
    assert kinds == ["redo", "round"] and events[1][1]["round"] == 2
    assert events[0][1]["from_round"] == 1 and events[0][1]["round"] == 2
    play_until(session, rng, bot, lambda s: False)
    final = session.state.to_dict()
    assert session.undo() and not session.state.is_over()
    del events[:]
    assert session.redo() and session.state.to_dict() == final
    assert [k for k, _p in events][-1] == "over"


def test_undo_from_a_round_checkpoint_equals_a_full_replay():
    for seed in range(1, scaled(4, 2)):
        session, rng, bot, events = started(seed, {"players": 6, "circles": 3})
        checked = 0
        while not session.state.is_over():
            step(session, rng, bot)
            if decision(session.state) and rng.below(4) == 0:
                for _ in range(1 + rng.below(6)):
                    if not session.undo():
                        break
                    state = session.state
                    again = replay(session.record())
                    assert state.to_dict() == again.to_dict()
                    # the stock's inner order too: the same index draws the same card
                    if state.deck_mode and state.stock_len:
                        assert state.stock[:state.stock_len] == again.stock[:again.stock_len]
                    checked += 1
                if rng.below(2):
                    while session.redo():
                        pass
        assert checked > 20


def test_redo_is_dropped_by_a_new_action():
    session, rng, bot, events = started(2)
    play_until(session, rng, bot, lambda s: s.phase == T.PH_SWAP)
    session.act(T.SWAP)
    session.undo()
    assert session.can_redo()
    session.act(T.KEEP)
    assert not session.can_redo() and not session.redo()


def test_undo_reaches_back_to_the_start_of_the_previous_round_and_no_further():
    session, rng, bot, events = started(11, {"players": 5, "circles": 5})
    play_until(session, rng, bot, lambda s: s.round == 3 and decision(s))
    # play two decisions into round 3
    step(session, rng, bot)
    play_until(session, rng, bot, decision)
    step(session, rng, bot)
    play_until(session, rng, bot, decision)
    undone = 0
    rounds_seen = []
    while session.can_undo():
        assert session.undo()
        undone += 1
        rounds_seen.append(session.state.round)
    assert not session.undo()
    state = session.state
    # we are at the first decision of round 2 (round 3's start re-opened round 2)
    assert state.round == 2
    assert 3 in rounds_seen and rounds_seen[-1] == 2
    assert decision(state)
    # every decision left is from before round 2 (a chance outcome's mark is its phase, a
    # decision's 0xFF)
    marks = session._chance_phases
    assert all(marks[i] != 0xFF or session._round_before(i) < 2 for i in range(len(state.moves)))
    assert any(marks[i] == 0xFF and session._round_before(i) == 1 for i in range(len(state.moves)))
    # redo everything back
    redone = 0
    while session.redo():
        redone += 1
    assert redone == undone and session.state.round == 3


def test_undo_a_round_result_reopens_the_round():
    session, rng, bot, events = started(4)
    play_until(session, rng, bot, lambda s: s.round == 2 and decision(s))
    session.undo()
    state = session.state
    assert state.round == 1
    assert state.current_player() >= 0  # the dealer's last decision is open again
    assert state.order[state.turn] == state.dealer


def test_board_mode_undo_the_losers_marking():
    session = Session()
    session.new_game("tanturlurette", {"players": 4, "mode": "board"})
    session.act(0)  # the first dealer
    while session.state.current_player() != TABLE:
        session.act(T.KEEP)
    marking = session.state.to_dict()
    session.act(T.LOSERS + 0b0010)
    assert session.state.round == 2 and session.state.pos[1] == 1
    session.undo()
    assert session.state.to_dict() == marking
    session.act(T.LOSERS + 0b0100)
    assert session.state.pos[2] == 1 and session.state.pos[1] == 0


def test_finish_refuses_an_unfinished_game_then_archives():
    session, rng, bot, events = started(8)
    play_until(session, rng, bot, decision)
    expect_raises(ValueError, session.finish)
    play_until(session, rng, bot, lambda s: False)
    assert session.state.current_player() == TERMINAL
    session.finish()
    assert len(session.history) == 1
    doc = session.history[0]
    assert doc["finished"] is True and doc["returns"] == session.state.returns()
    assert replay(doc).to_dict() == session.state.to_dict()
    assert not session.can_undo() and session.finish() is None


def test_an_abandoned_game_takes_no_more_actions():
    session, rng, bot, events = started(10)
    play_until(session, rng, bot, decision)
    session.finish(abandon=True)
    assert session.history[-1]["finished"] is False
    err = expect_raises(IllegalAction, session.act, T.KEEP)
    assert "archived" in str(err)
    assert not session.can_undo() and not session.undo()


def test_new_game_archives_an_unfinished_game():
    session, rng, bot, events = started(9)
    play_until(session, rng, bot, lambda s: s.round == 2)
    moves = list(session.state.moves)
    session.new_game("tanturlurette", {"players": 5})
    assert session.history[-1]["finished"] is False
    assert session.history[-1]["moves"] == moves
    assert len(session.state.moves) == 0 and session.state.n == 5


def test_no_game_yet_is_a_clear_error():
    session = Session()
    expect_raises(ValueError, session.act, 0)
    assert not session.can_undo() and not session.undo() and not session.redo()
    assert session.resume() is None


def test_a_refused_entry_carries_the_engines_reason_to_the_error_event():
    # The scorekeepers say why an entry is impossible; the OLED shows what the event carries.
    events = []
    session = Session(on_event=lambda kind, payload: events.append((kind, payload)))
    session.new_game("bourre_score", {"players": 2})
    low, high = session.state.entry_range()
    session.act(max(session.state.legal_actions()))  # the first player takes all he can
    refused = [v for v in range(low, high + 1) if session.state.why_illegal(v)]
    assert refused, "some second entry in the range must be impossible"
    reason = session.state.why_illegal(refused[-1])
    err = expect_raises(IllegalAction, session.act, refused[-1])
    assert err.why == reason
    kind, payload = events[-1]
    assert kind == "error" and payload["why"] == list(reason) and str(reason) in payload["message"]

