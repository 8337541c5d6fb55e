"""The pub games' table mode tells the table what happened (app/modes/table.py): the last told
lines, bots at a pace a person reads, a deal's reveal showing all its end told (paged), the last
deal's reveal before the game-over screen, and a game-over screen naming the winners with the
pot and each seat's payoff. The scorekeepers (app/modes/score.py) show the last entry's told
line with the target, and open the same reveal."""

import games.acheron.score as S
from app.buttons import PRESS, make_event
from app.i18n import signed, wrap
from app.modes.table import ACTED_MS, BOT_MS, READ_MS, REVEAL_MS
from app_rig import KEEP, OK, SWAP, enter_number, make_rig, past_deal_reveal, start, state
from test_acheron_tell_oled import moves_told, recorded
from test_app_heap import locked

HEADER = {"fr": "Fin de donne %d", "en": "End of deal %d"}
PAGED = {"fr": "K/S %d/%d OK:suite", "en": "K/S %d/%d OK:next"}
ONE_PAGE = {"fr": "OK: suite", "en": "OK: next"}


def bourre_bots(driver, names=None):
    app = driver.app
    assert app.start_game("bourre", {"players": 3}, ["greedy"] * 3, driver.hw.clock.ticks_ms())
    if names:
        app.session.set_names(names)  # as the host gives them
    assert type(app.mode).__name__ == "TableMode"
    return app.mode


def test_a_bot_waits_for_the_table_to_read_what_was_told():
    driver = make_rig(seed=3)
    mode = bourre_bots(driver)
    st = state(driver)
    told = mode.told_count
    for _ in range(400):  # to the first move that tells something
        moves = len(st.moves)
        driver.run_for(10)
        if mode.told_count != told:
            break
    assert mode.told_count != told and mode.told_lines[-1] in driver.hw.text, driver.hw.text
    told_at = driver.elapsed
    for _ in range(400):  # the next move a bot makes
        player = st.current_player()
        moves = len(st.moves)
        driver.run_for(10)
        if len(st.moves) > moves and player >= 0:
            break
    assert driver.elapsed - told_at >= READ_MS > BOT_MS, (driver.elapsed - told_at)
    assert ACTED_MS > 0


def test_the_last_deal_is_revealed_then_the_winners_the_pot_and_the_payoffs():
    driver = make_rig(seed=4)
    mode = bourre_bots(driver, ["Alice", "Bob", "Chloe"])
    st = state(driver)
    for _ in range(3000):
        if st.is_over():
            break
        driver.run_for(500)
    assert st.is_over()
    text = driver.hw.text
    assert mode.reveal is not None and text[0] == "Fin de donne %d" % st.round, text
    assert text[-1] in ("OK: suite", PAGED["fr"] % (1, mode.pages)), text
    assert text[1:-1] == mode.reveal[:len(text) - 2], text
    driver.run_for(REVEAL_MS * mode.pages + 500)  # an all-bot table pages and moves on by itself
    text = driver.hw.text
    assert text[0] == "Partie finie", text
    winners = st.winners()
    names = " ".join(["Alice Bob Chloe".split()[s] for s in winners])
    assert ("Gagne: " if len(winners) == 1 else "Partage: ") + names in " ".join(text), text
    assert "Pot: %d jetons" % st.pot() in text, text
    returns = st.returns()
    assert "Alice %s" % signed(returns[0]) in " ".join(text), text
    assert sum(returns) == 0
    driver.press(OK)
    assert not driver.app.mode.in_game


def test_a_person_is_not_held_up_by_a_deals_reveal():
    driver = make_rig(seed=5)
    app = driver.app
    assert app.start_game("bourre", {"players": 3}, [None, "greedy", "greedy"], driver.hw.clock.ticks_ms())
    mode = app.mode
    st = state(driver)
    for _ in range(5000):
        if mode.reveal is not None or st.is_over():
            break
        if st.current_player() == 0:
            driver.long(OK)  # the move shown
        else:
            driver.run_for(100)
    assert mode.reveal is not None and not st.is_over(), driver.hw.text
    assert driver.hw.text[0].startswith("Fin de donne")
    driver.press(OK)  # a short OK only ends the reveal
    assert mode.reveal is None and driver.hw.text[0].startswith("Bourre donne")


def test_payoffs_read_signed():
    assert [signed(v) for v in (3, 0, -2)] == ["+3", "0", "-2"]


# -- a deal's reveal shows all its end told, paged ------------------------------------------------
def acheron_bots(lang):
    driver = make_rig(seed=3, lang=lang)
    stream = recorded(driver)
    assert driver.app.start_game("acheron", {"players": 3, "deals": 4}, ["meld", "greedy", "random"],
                                 driver.hw.clock.ticks_ms())
    return driver, stream


def told_lines(driver, facts, lang):
    """The OLED lines of logged facts in lang, worded by the game's words and wrapped as the
    table mode wraps them."""
    words = driver.app.words()
    st = state(driver)
    label = driver.app.seat_label
    out = []
    for fact in facts:
        a, b, c = fact["args"]
        out += wrap(words.tell(lang, st, fact["kind"], a, b, c, label), 2)
    return out


def to_paged_reveal(driver, stream):
    """Bots play to the first deal whose end told more than a page of six lines (OK past the
    others); the lines it told."""
    mode = driver.app.mode
    st = state(driver)
    lang = driver.app.lang
    for _ in range(40000):
        if mode.reveal:
            told = told_lines(driver, moves_told(stream)[-1][0], lang)
            if len(told) > 6:
                return told
            driver.press(OK)
        assert not st.is_over(), "no deal's end told more than a page"
        driver.run_for(10)
    raise AssertionError("no deal ended: %r" % (driver.hw.text,))


def read_pages(driver, lang, deal, press=False):
    """The reveal's pages as the table reads them, waiting on each (the next comes by itself),
    or turning them with SWAP (press: a scorekeeper's summary waits for the keeper): their told
    lines in order. Each page has the header and the footer naming it."""
    seen = []
    foot = driver.hw.text[-1]
    pages = 1 if foot == ONE_PAGE[lang] else int(foot.split()[1].split("/")[1])
    for k in range(pages):
        text = driver.hw.text
        assert text[0] == HEADER[lang] % deal, text
        assert text[-1] == (PAGED[lang] % (k + 1, pages) if pages > 1 else ONE_PAGE[lang]), text
        assert len(text) <= 8 and all(len(line) <= 16 for line in text), text
        seen += text[1:-1]
        if k + 1 < pages:
            if press:
                driver.press(SWAP)
            else:
                driver.run_for(REVEAL_MS)
    return seen


def test_an_acheron_deals_end_is_revealed_whole_on_pages_in_french_and_english():
    for lang in ("fr", "en"):
        driver, stream = acheron_bots(lang)
        told = to_paged_reveal(driver, stream)  # more than the old reveal kept (5)
        mode = driver.app.mode
        st = state(driver)
        assert not st.is_over()
        deal = st.round - 1
        seen = read_pages(driver, lang, deal)
        assert seen[-len(told):] == told, (seen, told)  # every line, after the ones before it
        every = told_lines(driver, [item for kind, item in stream if kind == "fact"], lang)
        assert len(seen) > len(told) and seen == every[-len(seen):]  # and just before it, in order
        last = driver.hw.text
        driver.press(SWAP)  # on, round: the first page again
        assert driver.hw.text[-1] == PAGED[lang] % (1, mode.pages) and mode.reveal is not None
        driver.press(KEEP)  # back: the last page
        assert driver.hw.text == last, driver.hw.text
        assert len(st.moves) == len(state(driver).moves)  # paging plays nothing, bots wait
        driver.run_for(REVEAL_MS + 100)  # the last page's time: the game goes on by itself
        assert mode.reveal is None and not driver.hw.text[0].startswith(HEADER[lang][:6]), driver.hw.text


def test_a_short_ok_ends_a_paged_reveal_at_once():
    driver, stream = acheron_bots("fr")
    to_paged_reveal(driver, stream)
    mode = driver.app.mode
    assert mode.pages >= 2 and mode.page == 0
    driver.press(OK)
    assert mode.reveal is None and not driver.hw.text[0].startswith("Fin de donne"), driver.hw.text


def test_paging_a_reveal_allocates_nothing():
    driver, stream = acheron_bots("en")
    to_paged_reveal(driver, stream)
    mode = driver.app.mode
    app = driver.app
    clock = driver.hw.clock
    now = clock.ticks_ms()
    while app.session.work_due():  # the deal's checkpoint, in turns of its own before the mode's
        app.tick(now)
    app.render(now)  # the text is rebuilt outside the lock
    assert locked(app.handle, make_event(SWAP, PRESS), now) is True and mode.page == 1
    app.render(now)
    assert locked(app.render, now, count=1) in (True, False)  # a frame with the text unchanged
    assert locked(app.handle, make_event(KEEP, PRESS), now) is True and mode.page == 0
    app.render(now)
    later = clock.ticks_ms() + REVEAL_MS
    assert locked(app.tick, later, count=1) is True and mode.page == 1  # the next page by itself
    assert driver.hw.text != [] and mode.reveal is not None


def test_a_trick_games_deal_end_is_revealed_after_the_lines_before_it_in_french_and_english():
    """La Bourre's and Piccolo's last trick and result: what the move told, and before it the
    lines told just before (the trick's other cards), as many as fill the page."""
    for game, lang in (("bourre", "fr"), ("bourre", "en"), ("piccolo", "fr"), ("piccolo", "en")):
        driver = make_rig(seed=3, lang=lang)
        stream = recorded(driver)
        app = driver.app
        assert app.start_game(game, {"players": 4}, ["plan"] * 4, driver.hw.clock.ticks_ms())
        mode = app.mode
        for _ in range(2):  # two deals' ends
            for _ in range(40000):
                if mode.reveal:
                    break
                driver.run_for(10)
            every = told_lines(driver, [item for kind, item in stream if kind == "fact"], lang)
            last = len(told_lines(driver, moves_told(stream)[-1][0], lang))
            seen = read_pages(driver, lang, mode.reveal_deal)
            assert len(seen) >= last and len(seen) == min(len(every), 6 * mode.pages), (seen, last)
            assert seen == every[-len(seen):], (game, lang, seen, every[-8:])
            driver.press(OK)
            assert mode.reveal is None


# -- the scorekeepers ------------------------------------------------------------------------------
def test_a_scorekeeper_entry_shows_its_told_line_with_the_target_in_french_and_english():
    for lang in ("fr", "en"):
        driver = make_rig(seed=2, lang=lang)
        start(driver, game="acheron", mode="score", players=6)  # the standings take two lines
        enter_number(driver, 0)  # the deal has been played
        enter_number(driver, 40)  # J1's melds
        fact = [p for k, p in driver.events if k == "fact"][-1]
        assert fact["kind"] == S.F_ENTRY and fact["args"] == [0, S.ST_MELDS, 40], fact
        text = driver.hw.text
        assert told_lines(driver, [fact], lang)[0] in text, text
        assert text[-1] == ("But 100" if lang == "fr" else "Target 100"), text
        assert len(text) == 8 and all(len(line) <= 16 for line in text), text
        assert text[-2] == ("Points J1 0 J2 0" if lang == "fr" else "Points P1 0 P2 0"), text  # standings


def test_a_scorekeepers_deal_end_opens_the_reveal_and_its_release_leaves_it_up():
    for lang in ("fr", "en"):
        driver = make_rig(seed=2, lang=lang)
        start(driver, game="acheron", mode="score", players=6)
        mode = driver.app.mode
        st = state(driver)
        for _ in range(60):  # each entry as it comes up, its lowest value, to the deal's end
            start_at = len(driver.events)
            driver.long(OK)  # held, then released
            if st.round == 2:
                break
        st = state(driver)
        assert st.round == 2 and mode.applied is None
        facts = [p for k, p in driver.events[start_at:] if k == "fact"]
        told = told_lines(driver, facts, lang)
        assert [f["kind"] for f in facts][-6:] == [S.F_POINTS] * 6, facts
        assert mode.reveal, driver.hw.text  # the release did not end it
        seen = read_pages(driver, lang, 1, press=True)
        assert seen[-len(told):] == told, (seen, told)
        past_deal_reveal(driver)
        assert mode.reveal is None and driver.hw.text[0] == ("Donne 2" if lang == "fr" else "Deal 2")
