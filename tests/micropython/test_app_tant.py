"""Tanturlurette on the device, driven only by button presses through the debouncer and loop."""

from app.buttons import BACK, KEEP, OK, SWAP
from app.i18n import card_word, seat_name
from app_rig import choose, event_kinds, keep_to_marking, make_rig, start, state, undo_in_menu
from engine.core import TABLE
from engine.rng import Rng
from games.tanturlurette.rules import F_TURNED_UP, PH_MARK, PH_OVER, PH_REENTRY, PH_SWAP


def play_deck_game(driver, max_turns=8000):  # seed 3's 8-player game takes 75 rounds, 5,040
    """The human seats keep a card of rank 7 or better, otherwise change, and retire when they
    fall; bots play themselves."""
    app = driver.app
    mode = app.mode
    peeks = 0
    for _ in range(max_turns):
        st = state(driver)
        if st.phase == PH_OVER:
            # the round that decided the game is shown first, then the winners (issue 14)
            assert mode.reveal and driver.hw.text[0] in ("Cartes tour %d" % mode.reveal_round,
                                                          "Round %d cards" % mode.reveal_round), driver.hw.text
            driver.press(OK)
            assert not mode.reveal
            return peeks
        player = st.current_player()
        if mode.reveal:
            assert driver.hw.text[-1] in ("OK: suite", "OK: next"), driver.hw.text
            driver.press(OK)
        elif player >= 0 and app.is_human(player) and st.phase == PH_REENTRY:
            assert driver.hw.text[-1] in ("K:revient S:sort", "K:back S:out"), driver.hw.text
            driver.press(SWAP)  # retires: a human who falls leaves, so every game ends
        elif player >= 0 and app.is_human(player):
            driver.down(OK)
            driver.run_for(60)
            shown = " ".join(driver.hw.text)
            assert "Ta carte" in shown or "Your card" in shown, shown
            peeks += 1
            driver.up(OK)
            driver.run_for(60)
            assert "Ta carte" not in " ".join(driver.hw.text), "the card stays hidden after release"
            card = st.offer if st.phase == 5 and player != st.dealer else st.hand[player]
            driver.press(KEEP if card >> 2 >= 6 else SWAP)
        else:
            driver.run_for(100)
    raise AssertionError("deck game did not end")


def test_deck_game_with_bots_ends_with_a_winner():
    driver = make_rig(seed=7)
    start(driver)  # the defaults: 4 players, deck mode, 1 human
    st = state(driver)
    assert st.deck_mode and st.n == 4
    assert driver.app.session.bots == [None, "position", "position", "position"]
    peeks = play_deck_game(driver)
    st = state(driver)
    assert peeks > 0
    winners = st.winners()
    assert winners and sum(st.payout) == st.pot()
    assert "Gagne" in driver.hw.text[0] or "Partage" in driver.hw.text[0], driver.hw.text
    assert ("Pot: %d jetons" % st.pot()) in driver.hw.text
    kinds = event_kinds(driver)
    assert "over" in kinds and "elim" in kinds
    driver.press(OK)  # back to the setup menu, the game archived
    assert not driver.app.mode.in_game
    assert driver.app.session.finished


def test_deck_game_eight_players_in_english():
    driver = make_rig(seed=3, lang="en")
    start(driver, players=8, humans=2)
    assert state(driver).n == 8
    play_deck_game(driver)
    assert state(driver).phase == PH_OVER
    assert driver.hw.text[0].startswith("Winner") or driver.hw.text[0].startswith("Shared")


def mark_losers(driver, mask):
    """Move the cursor with SWAP, toggle seats with OK, then confirm on the centre slot with a
    long OK (a short one there confirms nothing: it says to hold OK)."""
    mode = driver.app.mode
    st = state(driver)
    for seat in range(st.n):
        if mask >> seat & 1:
            for _ in range(st.n + 1):
                if mode.cursor == seat:
                    break
                driver.press(SWAP)
            driver.press(OK)
    for _ in range(st.n + 1):
        if mode.cursor == st.n:
            break
        driver.press(SWAP)
    moves = len(st.moves)
    driver.press(OK)
    assert len(state(driver).moves) == moves, "a short OK confirmed the losers"
    driver.long(OK)


def play_board_game(driver, seed, max_turns=2000):
    rng = Rng(seed)
    for _ in range(max_turns):
        st = state(driver)
        if st.phase == PH_OVER:
            return
        player = st.current_player()
        if player == TABLE:
            assert st.phase == PH_MARK
            live = [s for s in range(st.n) if not st.out[s]]
            mask = 1 << live[rng.below(len(live))]
            if rng.below(4) == 0:
                mask |= 1 << live[rng.below(len(live))]
            moves = len(st.moves)
            mark_losers(driver, mask)
            assert len(state(driver).moves) == moves + 1
        elif player >= 0:
            driver.press(KEEP if rng.below(2) else SWAP)
        else:
            driver.run_for(100)
    raise AssertionError("board game did not end")


def test_board_game_ends_with_winner_and_pot():
    driver = make_rig(seed=11)
    start(driver, mode="board", circles=2)
    st = state(driver)
    assert not st.deck_mode and driver.app.session.bots is None
    play_board_game(driver, 5)
    st = state(driver)
    assert st.winners()
    assert ("Pot: %d jetons" % st.pot()) in driver.hw.text
    assert tokens_shown(driver, "fr") == expected_tokens(st, "fr"), driver.hw.text


def tokens_shown(driver, lang):
    """The end's tokens rows, as the table reads them: {seat name: "+3" or "-1"}."""
    text = driver.hw.text
    label = "Jetons " if lang == "fr" else "Tokens "
    first = [i for i, line in enumerate(text) if line.startswith(label)]
    assert first and text[-1] in ("OK: menu",), text
    words = " ".join(text[first[0]:-1])[len(label):].split()
    return {words[i]: words[i + 1] for i in range(0, len(words) - 1, 2)}


def expected_tokens(st, lang):
    """What each seat won (the pot less his stakes) or lost (his stakes, re-entries too)."""
    out = {}
    for s in range(st.n):
        net = st.payout[s] - st.stakes[s]
        assert net == st.returns()[s]
        out[seat_name(lang, s)] = ("+%d" % net) if net > 0 else str(net)
    return out


def test_the_end_says_each_seats_tokens_won_or_lost_in_both_languages():
    """The end once said only "Gagne: J2 / Pot: 22 jetons": now each seat's tokens, the winner's
    gain and what every other seat paid, as La Bourre's end does."""
    for lang, players, seed in (("fr", 4, 7), ("en", 8, 3)):
        driver = make_rig(seed=seed, lang=lang)
        start(driver, players=players)
        play_deck_game(driver)
        st = state(driver)
        text = driver.hw.text
        assert len(text) <= 8 and all(len(line) <= 16 for line in text), text
        assert text[1] == ("Pot: %d jetons" if lang == "fr" else "Pot: %d tokens") % st.pot(), text
        shown = tokens_shown(driver, lang)
        assert shown == expected_tokens(st, lang), (shown, text)
        assert sum([int(v) for v in shown.values()]) == 0
        assert all(shown[seat_name(lang, s)].startswith("+") for s in st.winners()), shown


def test_the_circles_left_row_says_what_it_counts_in_both_languages():
    """The head's row once read "4 4 4 4" (circles left? tokens?): it starts with its label, the
    digits side by side from five seats on, so that it fits 16 columns."""
    for lang, players, row in (("fr", 4, "Cercles 4 4 4 4"), ("en", 8, "Circles 44444444"),
                               ("fr", 5, "Cercles 44444")):
        driver = make_rig(seed=7, lang=lang)
        start(driver, players=players)
        driver.run_for(3000)
        assert driver.hw.text[2] == row, driver.hw.text


def test_the_cards_the_dealer_turns_up_and_refuses_are_on_the_rounds_reveal():
    """A bot dealer's card turned up for all was on screen for a bot's moment, then the next
    card or the reveal replaced it: each one he refused is now listed on the round's reveal,
    which stays until OK; the one he kept is his card there."""
    for lang, players, seed in (("fr", 4, 7), ("en", 8, 3)):
        driver = make_rig(seed=seed, lang=lang)
        start(driver, players=players)
        mode = driver.app.mode
        turned = {}  # round: the cards turned up for all, in order
        listed = 0
        for _ in range(4000):
            st = state(driver)
            for kind, payload in driver.events:
                if kind == "act":  # the round the move was made in (facts follow it)
                    at = payload["round"]
                if kind == "fact" and payload["kind"] == F_TURNED_UP:
                    turned.setdefault(at, []).append(payload["args"][1])
            driver.events = []
            if mode.reveal:
                cards = turned.get(mode.reveal_round, [])
                text = driver.hw.text
                refused = [line for line in text if line.startswith(("Refus: ", "Refused: "))]
                if len(cards) > 1:
                    names = " ".join([card_word(lang, c) for c in cards[:-1]])
                    assert refused == [("Refus: %s" if lang == "fr" else "Refused: %s") % names], (cards, text)
                    assert card_word(lang, cards[-1]) in " ".join(text), text  # the dealer's card
                    listed += 1
                else:
                    assert not refused, text
                driver.run_for(5000)  # it waits for a person
                assert mode.reveal and driver.hw.text == text
                driver.press(OK)
            elif st.phase == PH_OVER:
                break
            elif st.current_player() >= 0 and driver.app.is_human(st.current_player()):
                driver.press(SWAP if st.phase == PH_REENTRY else KEEP)  # a fallen human retires
            else:
                driver.run_for(100)
        assert st.phase == PH_OVER and listed > 0, listed


def test_board_first_dealer_is_drawn_and_lit():
    driver = make_rig(seed=2)
    start(driver, mode="board")
    assert state(driver).dealer == -1
    driver.run_for(1700)
    st = state(driver)
    assert 0 <= st.dealer < 4 and st.phase == PH_SWAP
    assert driver.hw.text[1] == "Donneur J%d" % (st.dealer + 1)
    board = driver.app.board
    # the dealer's two outer-ring marks are white
    led = board._home_led[2 * st.dealer]
    frame = driver.hw.frame
    assert frame[3 * led] == frame[3 * led + 1] == frame[3 * led + 2] > 0


def outer_led(driver, seat, seats=4):
    """The LED at the seat's angle on the outer ring: where its token starts."""
    layout = driver.app.layout
    return layout.index(0, layout.seat_position(0, seat, seats))


def test_seat_to_act_blinks():
    driver = make_rig(seed=2)
    start(driver, mode="board")
    driver.run_for(1700)
    st = state(driver)
    seat = st.current_player()
    led = outer_led(driver, seat)
    levels = set()
    for _ in range(8):
        driver.run_for(130)
        levels.add(sum(driver.hw.frame[3 * led:3 * led + 3]) > 0)
    assert levels == {True, False}
    other = [s for s in range(4) if s != seat][0]
    led = outer_led(driver, other)
    assert sum(driver.hw.frame[3 * led:3 * led + 3]) > 0


def test_undo_in_the_game_menu_goes_back_to_the_human_decision():
    driver = make_rig(seed=4)
    start(driver, mode="board")
    driver.run_for(1700)
    first = state(driver).current_player()
    driver.press(SWAP)
    assert len(state(driver).moves) == 2 and state(driver).current_player() != first
    undo_in_menu(driver)  # the game menu: a long OK no longer undoes
    st = state(driver)
    assert len(st.moves) == 1 and st.current_player() == first, (list(st.moves), first)
    assert driver.hw.text[0] == "Coup annule", driver.hw.text
    kinds = event_kinds(driver)
    assert "undo" in kinds
    driver.press(KEEP)
    assert state(driver).moves[-1] == 0  # KEEP recorded where SWAP was


def test_marking_nobody_is_refused_and_changes_nothing():
    driver = make_rig(seed=9)
    start(driver, mode="board")
    keep_to_marking(driver)
    st = state(driver)
    moves = len(st.moves)
    mark_losers(driver, 0)
    assert len(state(driver).moves) == moves and state(driver).current_player() == TABLE
    assert driver.hw.text[0] == "Erreur"


def test_tokens_glide_without_blocking_input():
    driver = make_rig(seed=9)
    start(driver, mode="board")
    keep_to_marking(driver)
    mark_losers(driver, 1)
    mode = driver.app.mode
    assert mode.moving, "the loser's token glides after the marking"
    assert state(driver).pos[0] == 1
    before = len(state(driver).moves)
    driver.press(SWAP)  # input is taken during the glide
    assert len(state(driver).moves) == before + 1
    driver.run_for(700)
    assert not mode.moving


def test_reentry_is_offered_and_taken():
    driver = make_rig(seed=9)
    start(driver, mode="board", circles=2)
    offered = False
    for _ in range(600):
        st = state(driver)
        if st.phase == PH_OVER:
            break
        player = st.current_player()
        if st.phase == PH_REENTRY:
            text = " ".join(driver.hw.text)
            assert "en enfer" in text and "K:revient" in text, text
            offered = True
            stakes = st.stakes[player]
            driver.press(KEEP)
            assert state(driver).stakes[player] == stakes + 1
            assert "reenter" in event_kinds(driver)
            break
        if player == TABLE:
            mark_losers(driver, 1)  # seat 1 (J1) always loses, so it falls first
        elif player >= 0:
            driver.press(KEEP)
        else:
            driver.run_for(100)
    assert offered


def test_a_player_capped_at_one_reentry_is_out_at_his_second_fall():
    driver = make_rig(seed=9)
    choose(driver, "reentry_cap", 1)
    start(driver, mode="board", circles=2)
    asked = 0
    for _ in range(900):
        st = state(driver)
        if st.out[0] or st.phase == PH_OVER:
            break
        player = st.current_player()
        if st.phase == PH_REENTRY:
            assert player == 0 and asked == 0, "asked again after the one re-entry allowed"
            asked += 1
            driver.press(KEEP)
        elif player == TABLE:
            mark_losers(driver, 1)  # seat 0 (J1) always loses
        elif player >= 0:
            driver.press(KEEP)
        else:
            driver.run_for(100)
    st = state(driver)
    assert asked == 1 and st.out[0] and st.stakes[0] == 2 and st.phase != PH_REENTRY
    assert [p["seat"] for k, p in driver.events if k == "elim"] == [0]
    driver.run_for(3000)  # the notices go (mark_losers' short OK on the centre said to hold OK)
    assert driver.hw.text[2].startswith("Cercles x "), driver.hw.text  # J1 out on the standings line


def test_the_game_menu_says_its_keys_and_acts_on_a_held_ok_only():
    for lang, rows, hints, hold in (
            ("fr", ["> Continuer", "  Annuler coup", "  Retablir: rien", "  Regles", "  Nouv. partie"],
             ["K/S: ligne", "Tenir OK:valider", "BACK: retour jeu"], "OK: tenir appuye"),
            ("en", ["> Continue", "  Undo", "  Redo: nothing", "  Rules", "  New game"],
             ["K/S: line", "Hold OK: confirm", "BACK: to game"], "OK: hold it down")):
        driver = make_rig(seed=4, lang=lang)
        start(driver, mode="board")
        driver.run_for(1700)
        driver.press(SWAP)  # a decision, for the undo row to take back
        game_mode = driver.app.mode
        moves = len(state(driver).moves)
        driver.long(BACK)
        menu = driver.app.mode
        assert menu is not game_mode and driver.hw.text == rows + hints, driver.hw.text
        driver.press(OK)  # short: nothing done, the notice says to hold it
        # the notice above hides the last hint for its time (eight lines)
        assert driver.app.mode is menu and driver.hw.text == [hold] + rows + hints[:2], driver.hw.text
        driver.press(SWAP)
        driver.press(OK)  # short, on the undo row: nothing undone
        assert driver.app.mode is menu and len(state(driver).moves) == moves, driver.hw.text
        driver.press(KEEP)
        driver.long(OK)  # held on Continue: back to the game
        assert driver.app.mode is game_mode and len(state(driver).moves) == moves


def test_keep_and_swap_together_open_the_menu_without_acting():
    driver = make_rig(seed=4)
    start(driver, mode="board")
    driver.run_for(1700)
    moves = len(state(driver).moves)
    driver.down(KEEP)
    driver.run_for(40)
    driver.down(SWAP)
    driver.run_for(100)
    driver.up(KEEP)
    driver.up(SWAP)
    driver.run_for(100)
    assert len(state(driver).moves) == moves
    assert driver.hw.text[0] == "> Continuer"


def test_menu_new_game_abandons_to_setup():
    driver = make_rig(seed=4)
    start(driver, mode="board")
    driver.run_for(1700)
    driver.long(BACK)
    for _ in range(4):
        driver.press(SWAP)
    driver.long(OK)
    assert not driver.app.session.finished  # it asks first: holding OK again abandons
    driver.long(OK)
    assert not driver.app.mode.in_game
    assert driver.app.session.finished
    assert driver.app.session.history[-1]["finished"] is False


def test_single_24_ring_shows_lives_as_bars():
    driver = make_rig(seed=5, rings=[24])
    start(driver, mode="board", circles=3)
    driver.run_for(1700)
    board = driver.app.board
    assert not board.concentric and board.sector == 6
    st = state(driver)
    frame = driver.hw.frame
    seat = [s for s in range(4) if s != st.current_player() and s != st.dealer][0]
    base = board.layout.seat_position(0, seat, 4)
    lit = [sum(frame[3 * board.layout.index(0, base + j):3 * board.layout.index(0, base + j) + 3]) > 0
           for j in range(5)]
    assert lit == [True, True, True, False, False], lit  # three circles to go; j=5 marks a dealer


def test_resume_after_a_restart_puts_the_same_seat_to_act():
    import os

    from app.core import SELFTEST_MARKER
    from app.session import Session
    from store.storage import Store

    parts = __file__.split("/")[:-1]
    root = ("/".join(parts[:-2]) or ".") if len(parts) >= 2 else "../.."
    folder = root + "/build/app_resume"
    for path in (root + "/build", folder):
        try:
            os.mkdir(path)
        except OSError:
            pass
    for sub in ("game", "history", "quarantine"):
        try:
            for name in os.listdir(folder + "/" + sub):
                os.remove(folder + "/" + sub + "/" + name)
        except OSError:
            pass
    with open(folder + "/" + SELFTEST_MARKER, "w") as f:
        f.write("{}")  # this device ran its first-boot self-test long ago
    driver = make_rig(seed=6, session=Session(store=Store(root=folder)))
    start(driver, mode="board")
    driver.run_for(1700)
    driver.press(SWAP)
    driver.press(KEEP)
    before = state(driver)
    moves = list(before.moves)
    player = before.current_player()
    again = make_rig(seed=99, session=Session(store=Store(root=folder)))
    st = state(again)
    assert list(st.moves) == moves and st.current_player() == player
    assert again.app.mode.in_game
    assert again.hw.text[0] == "Partie reprise", again.hw.text
    assert again.app._resuming
    again.run_for(1600)
    assert not again.app._resuming, "the resume sweep ends by itself"


def test_an_unknown_bot_name_in_a_saved_game_falls_back_and_is_logged():
    driver = make_rig(seed=3)
    app = driver.app
    app.start_game("tanturlurette", {"players": 4}, [None, "gone", "counting", "counting"],
                   driver.hw.clock.ticks_ms())
    assert app.mode.bots[1] is not None and app.mode.bots[1].name == "position", "the game's default bot"
    assert app.mode.bots[2].name == "counting"
    driver.run_for(20)  # the loop hands the log events on
    assert "error" in event_kinds(driver)
