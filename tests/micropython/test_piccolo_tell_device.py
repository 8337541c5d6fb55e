"""Piccolo told on the device (issue 14 items 2 and 5): a game in table mode and one in scorekeeper
mode, through button presses on the real debouncer, loop and app, in French and in English. The
OLED text stream (every screen drawn) and the "fact" log events are recorded as they happen; the
facts must be the engine's, in the order of the moves, worded in the table's language, and the
last fact of each move must be on the screen before the next move. Then heap_lock: recording the
facts allocates nothing."""

import gc

import micropython
from app.buttons import OK, SWAP
from app_rig import choose, enter_number, make_rig, start, state
from engine.core import CHANCE, TABLE
from engine.rng import Rng
from games.piccolo import rules as P
from games.piccolo import words as words
from games.piccolo.bots import PlanBot
from test_app_games import play_to_the_end
from test_app_setup import play


def recording(driver):
    """Record, in order, each fact as the table reads it (its line in the driver's language) and
    each screen drawn (its lines joined by spaces, so a wrapped fact reads as one). A fact is
    recorded when the app logs it (its queue reaches the serial line only after the next draw)."""
    app = driver.app
    hw = driver.hw
    stream = []
    shown = hw.show_text
    log = app.log

    def show_text(lines):
        shown(lines)
        screen = " ".join(hw.text)
        if not stream or stream[-1] != ("screen", screen):  # a redraw of the same text adds nothing
            stream.append(("screen", screen))

    def logged(kind, payload):
        log(kind, payload)
        if kind == "fact":
            a, b, c = payload["args"]
            line = words.tell(app.lang, app.session.state, payload["kind"], a, b, c, app.seat_label)
            stream.append(("fact", line, payload["kind"], payload["text"]))

    hw.show_text = show_text
    app.log = logged
    return stream


def bursts(stream):
    """The facts of each move (the facts logged between two screens), each with the screens
    drawn after them until the next move's facts."""
    out = []
    for item in stream:
        if item[0] == "fact":
            if not out or out[-1][1]:
                out.append(([], []))
            out[-1][0].append(item)
        elif out:
            out[-1][1].append(item[1])
    return out


def english_facts(state):
    """The English lines of every fact of the game, replayed move by move on a fresh engine."""
    fresh = type(state)(state.options)
    for action in state.moves:  # yielded, not kept: the unix runner's heap holds every test before
        fresh.apply(action)
        facts, count = fresh.facts()
        for i in range(count):
            at = 4 * i
            yield words.tell("en", fresh, facts[at], facts[at + 1], facts[at + 2], facts[at + 3],
                             lambda s: "P%d" % (s + 1))


def check_told_in_order(driver, stream, on_screen=True):
    """The facts logged are the engine's, in order; on_screen: each move's last one was drawn."""
    told = bursts(stream)
    gc.collect()
    logged = (f[3] for b in told for f in b[0])
    expected = english_facts(state(driver))
    for got, want in zip(logged, expected):  # noqa: B905 (MicroPython has no strict; the ends checked below)
        assert got == want, ("the log is not the engine's facts in order", got, want)
    assert next(logged, None) is None and next(expected, None) is None, "the log is not the engine's facts"
    for facts, screens in told[:-1] if on_screen else ():
        last = facts[-1][1]
        assert [s for s in screens if last[:16] in s], (last, screens[:3])  # shown before the next move
    return told


def play_table_game(lang):
    driver = make_rig(seed=21, lang=lang)
    choose(driver, "game", "piccolo")
    choose(driver, "target", 21)
    stream = recording(driver)
    play(driver)
    play_to_the_end(driver, 400)  # seat 1 holds OK on the move shown, bots play the others
    return driver, stream


def test_a_table_game_tells_each_move_on_the_oled_in_order_in_both_languages():
    for lang in ("fr", "en"):
        driver, stream = play_table_game(lang)
        told = check_told_in_order(driver, stream)
        kinds = [f[2] for b in told for f in b[0]]
        for kind in (P.F_BID, P.F_CONTRACT, P.F_DISCARD, P.F_PLAY, P.F_TRICK, P.F_PAID, P.F_WINNERS,
                     P.F_LOSERS):  # F_WINNER only when the winners cross on two deals
            assert kind in kinds, (lang, kind)
        assert P.F_MADE in kinds or P.F_FAILED in kinds
        st = state(driver)
        first, second = st.winners()
        last = [f[1] for f in told[-1][0]]
        label = driver.app.seat_label
        if lang == "fr":
            assert last[-2] == "1er %s, 2e %s" % (label(first), label(second)), last
            assert last[-1].startswith("Perdants: ")
        else:
            assert last[-2] == "1st %s, 2nd %s" % (label(first), label(second)), last
            assert last[-1].startswith("Losers: ")
        losers = [label(s) for s in range(4) if s not in (first, second)]
        assert last[-1].split()[1:] == losers, last
        words_of_other = (" joue ", " prend ", "Pli pour") if lang == "en" else (" plays ", " takes ", "Trick to")
        for _facts, screens in told:
            for screen in screens:
                for other in words_of_other:
                    assert other not in screen, (lang, screen)
        driver.press(OK)  # back to the menu
        gc.collect()


def confirm(driver):
    """Enter the choice shown, as enter_number does: OK, held where a short OK confirms nothing."""
    moves = len(state(driver).moves)
    driver.press(OK)
    if len(state(driver).moves) == moves:
        driver.long(OK)
    assert len(state(driver).moves) == moves + 1, driver.hw.text


def test_the_scorekeeper_tells_each_entry_as_it_is_confirmed_in_both_languages():
    for lang in ("fr", "en"):
        driver = make_rig(seed=3, lang=lang)
        start(driver, game="piccolo", mode="score")
        assert state(driver).GAME == "piccolo_score"
        stream = recording(driver)
        enter_number(driver, 36)
        enter_number(driver, 3)  # seat 3 takes
        enter_number(driver, 41)  # and makes 41 of 36: +4
        mode = driver.app.mode
        for _ in range(mode.count() + 1):  # the named contracts follow the numbers
            if ("> " + words.level_name(lang, P.MISERE)) in driver.hw.text:
                break
            driver.press(SWAP)
        confirm(driver)
        enter_number(driver, 4)  # seat 4 takes the misere
        enter_number(driver, 1)  # and takes a trick: seats 1 and 3 score 4
        # the score screen shows each entry's told line under the hints (app/modes/score.py)
        told = check_told_in_order(driver, stream)
        lines = [f[1] for b in told for f in b[0]]
        if lang == "fr":
            assert lines == ["Contrat 36", "J3 prend 36", "J3 fait 41/36", "+4 pour J3", "Contrat misere",
                             "J4 prend misere", "J4 chute misere", "+4 pour J1 J3"], lines
        else:
            assert lines == ["Contract 36", "P3 takes 36", "P3 makes 41/36", "+4 to P3", "Contract misere",
                             "P4 takes misere", "P4 fails misere", "+4 to P1 P3"], lines
        assert state(driver).scores == [4, 0, 8, 0]
        gc.collect()


def test_telling_allocates_nothing_in_the_engine():
    """Every fact a game records, written again under heap_lock; then the same moves applied with
    and without telling allocate the same bytes."""
    state = P.State({"target": 11})
    bots = [PlanBot() for _ in range(4)]
    rng = Rng(5)
    seen = []
    while not state.is_over():
        who = state.current_player()
        if who == CHANCE:
            state.apply(state.chance_outcome(rng.below(state.chance_count())))
            continue
        assert who != TABLE
        state.apply(bots[who].choose(state, who, rng))
        facts, count = state.facts()
        for i in range(count):
            seen.append(tuple(facts[4 * i:4 * i + 4]))
    assert len(seen) > 100
    gc.collect()
    micropython.heap_lock()
    try:
        for kind, a, b, c in seen:
            state._fact_count = 0  # as apply() starts each move
            state.tell(kind, a, b, c)
    finally:
        micropython.heap_unlock()
    facts, count = state.facts()
    assert count == 1 and tuple(facts[0:4]) == seen[-1]

    class Untold(P.State):
        def tell(self, kind, a=0, b=0, c=0):
            pass

    moves = list(state.moves)
    used = []
    for kind in (P.State, Untold):
        fresh = kind({"target": 11})
        gc.collect()
        gc.disable()
        try:
            before = gc.mem_alloc()
            for action in moves[:400]:
                fresh.apply(action)
            used.append(gc.mem_alloc() - before)
        finally:
            gc.enable()
    assert used[0] == used[1], used  # telling adds nothing to a move
