"""What the table sees beyond the told lines (issue 14 item 2), on the bench rig (app_rig): the real
app, debouncer and loop, buttons pressed as a player does.

The ring puts forward the seat a fact names (the words' lit_seat): a trick's taker, the taker of a
contract, has the marks beside its angle flash white for LIT_MS, read from the frame the loop
pushes to the LEDs, while no other seat's do. Piccolo's sur-table hand, once spread (P10), is on
the OLED whenever anyone asks with a short OK: during a human adversary's turn after the peek,
during a bot's turn, and it stays while the play goes on until a short OK closes it or its owner
is to act; French and English. Drawing the flash and opening the view allocate nothing
(heap_lock)."""

import micropython
from app.buttons import KEEP, OK, PRESS, make_event
from app.colours import WHITE
from app.i18n import card_word, seat_name, tr
from app.modes.table import LIT_MS
from app_rig import make_rig, state
from engine.cards import card_name
from games.bourre import rules as B
from games.piccolo import rules as P
from games.piccolo import words as words

CARD = dict([(card_name(c), c) for c in P.PIQUET_DECK])

# Dealer 0 sits out. Seat 1 (a person) holds the lowest cards and takes a misere sur table; seat 2
# (a person) holds the tops, seat 3 (a bot) a hand too weak to bid over 60; the tourne's two Aces
# are the first cards offered to the taker's discard.
SUR_TABLE_DEAL = {
    1: "7S 8S 9S 7H 8H 9H 7D 8D 9D 7C",
    2: "10S KS AS 10H KH AH 10D KD 10C KC",
    3: "JS QS JH QH JD QD JC QC 8C 9C",
    P.TOURNE: "AC AD",
}
SPREAD_TITLE = {"fr": "J2 etale:", "en": "P2 spreads:"}
SPREAD_HINT = {"fr": "OK: jeu etale", "en": "OK: spread hand"}


def rig_first_deal(app, deal):
    """The device deals the first deal from these piles (seat -> card names), in the engine's
    3-3-2-2 order, as a stacked deck would; later deals are drawn as usual."""
    piles = dict([(to, [CARD[n] for n in deal[to].split()]) for to in deal])
    session = app.session
    drawn = session.chance_outcome

    def stacked(rng):
        st = session.state
        if st.round == 1 and st.phase == P.PH_DEAL:
            return piles[st.deal_to[st.dealt]].pop(0)
        return drawn(rng)

    session.chance_outcome = stacked


def recording_facts(driver):
    """The facts the app logs, as (kind, first argument), in order."""
    app = driver.app
    facts = []
    log = app.log

    def logged(kind, payload):
        log(kind, payload)
        if kind == "fact":
            facts.append((payload["kind"], payload["args"][0]))

    app.log = logged
    return facts


def run_until_fact(driver, facts, kind, most_ms=20000):
    """Loop turns until the app logs a fact of that kind; its seat (its first argument)."""
    for _ in range(most_ms // 10):
        for fact in facts:
            if fact[0] == kind:
                del facts[:]
                return fact[1]
        driver.run_for(10)
    raise AssertionError("no fact %d told: %r" % (kind, driver.hw.text))


def marks(app, seat):
    """The LED indices of a seat's marks: beside its angle on the outer ring (app.board.home)."""
    layout = app.layout
    k = layout.seat_position(0, seat, app.mode.n)
    return (layout.index(0, k - 1), layout.index(0, k + 1))


def white_turns(driver, ms):
    """For each seat, in how many loop turns of the next ms its two marks were both white in the
    frame the loop pushed to the LEDs."""
    app = driver.app
    n = app.mode.n
    counts = [0] * n
    white = bytes(WHITE)
    for _ in range(ms // 10):
        driver.run_for(10)
        frame = driver.hw.frame
        for s in range(n):
            if all(frame[3 * i:3 * i + 3] == white for i in marks(app, s)):
                counts[s] += 1
    return counts


def check_flashes(driver, seat):
    """The seat flashes white, now on, now off, for LIT_MS, and no other seat; then none."""
    counts = white_turns(driver, LIT_MS - 30)
    turns = (LIT_MS - 30) // 10
    assert 0 < counts[seat] < turns, (seat, counts)  # flashing: white half of the time
    assert counts[seat] >= turns // 3, (seat, counts)
    assert sum(counts) == counts[seat], (seat, counts)
    after = white_turns(driver, 300)
    assert after[seat] <= 3 and sum(after) == after[seat], after  # the last 30 ms of LIT_MS at most


def locked(func, a, b=None, count=2):
    micropython.heap_lock()
    try:
        return func(a) if count == 1 else func(a, b)
    finally:
        micropython.heap_unlock()


def test_the_ring_flashes_each_tricks_taker_in_la_bourre():
    driver = make_rig(seed=3)
    app = driver.app
    assert app.start_game("bourre", {"players": 3}, ["greedy"] * 3, driver.hw.clock.ticks_ms())
    facts = recording_facts(driver)
    seats = []
    for _ in range(3):
        seat = run_until_fact(driver, facts, B.F_TRICK)
        seats.append(seat)
        check_flashes(driver, seat)
    assert all(0 <= s < 3 for s in seats), seats


def test_drawing_the_flash_allocates_nothing():
    driver = make_rig(seed=3)
    app = driver.app
    assert app.start_game("bourre", {"players": 3}, ["greedy"] * 3, driver.hw.clock.ticks_ms())
    facts = recording_facts(driver)
    seat = run_until_fact(driver, facts, B.F_TRICK)
    clock = driver.hw.clock
    app.render(clock.ticks_ms())  # the text is rebuilt once, outside the lock
    seen = 0
    for _ in range(8):
        clock.advance(64)  # half a flash
        locked(app.render, clock.ticks_ms(), count=1)
        seen += all(app.frame[3 * i:3 * i + 3] == bytes(WHITE) for i in marks(app, seat))
    assert 2 <= seen <= 6, seen


def sur_table_deal(lang):
    """Seat 1 bids misere sur table and seat 2 passes, with the buttons; seat 3's bot passes."""
    driver = make_rig(seed=7, lang=lang)
    app = driver.app
    assert app.start_game("piccolo", {"dealer": 0}, ["plan", None, None, "plan"], driver.hw.clock.ticks_ms())
    assert type(app.mode).__name__ == "TableMode"
    rig_first_deal(app, SUR_TABLE_DEAL)
    facts = recording_facts(driver)
    driver.run_for(500)  # the device deals
    st = state(driver)
    assert st.phase == P.PH_BID and st.current_player() == 1, driver.hw.text
    offer = "> " + words.level_name(lang, P.MISERE_TABLE)
    for _ in range(20):
        if offer in driver.hw.text:
            break
        driver.press(KEEP)  # from the pass back through the generale, the piccolo sur table...
    driver.long(OK)
    driver.long(OK)  # seat 2 passes: the first move offered
    assert run_until_fact(driver, facts, P.F_CONTRACT) == 1
    return driver, facts


def test_the_ring_flashes_the_contracts_taker_then_each_tricks_taker_in_piccolo():
    driver, facts = sur_table_deal("fr")
    check_flashes(driver, 1)  # the taker of the misere sur table
    st = state(driver)
    for _ in range(3):
        driver.long(OK)  # his two discards and his lead
    assert st.current_player() == 2
    driver.long(OK)  # the Ace of spades
    winner = run_until_fact(driver, facts, P.F_TRICK)  # the bot plays a spade under it
    assert winner == 2, winner
    check_flashes(driver, 2)


def view_cards(driver, lang):
    """The names under the spread view's title, down to who is to act, or None when the OLED
    shows no spread view."""
    text = driver.hw.text
    if SPREAD_TITLE[lang] not in text:
        return None
    player = state(driver).current_player()
    who = tr(lang, "bot_thinks" if player == 3 else "to_act") % seat_name(lang, player)
    assert who in text, (who, text)
    return " ".join(text[text.index(SPREAD_TITLE[lang]) + 1:text.index(who)]).split()


def taker_names(driver, lang):
    """The taker's cards as his own peek names and orders them (its last line is the trick, or
    his contract between two tricks)."""
    st = state(driver)
    peek = words.hand_lines(lang, st, 1)
    names = " ".join(peek[:-1]).split()
    assert sorted(names) == sorted([card_word(lang, c) for c in st.hands[1]]), (peek, st.hands[1])
    return names


def test_the_spread_hand_is_on_the_oled_whenever_asked_during_a_sur_table_deal():
    for lang in ("fr", "en"):
        driver, facts = sur_table_deal(lang)
        app = driver.app
        st = state(driver)
        assert st.level == P.MISERE_TABLE and st.taker == 1
        driver.long(OK)
        driver.long(OK)  # the taker's two discards (the tourne's Aces)
        assert st.phase == P.PH_PLAY and st.current_player() == 1 and not st.spread
        assert view_cards(driver, lang) is None
        driver.press(OK)  # nothing is spread yet: the taker's own peek, no spread view
        assert view_cards(driver, lang) is None
        assert words.hand_lines(lang, st, 1)[0] in driver.hw.text, driver.hw.text
        driver.long(OK)  # the first card: the hand goes on the table
        assert st.spread and st.current_player() == 2
        names = taker_names(driver, lang)
        assert len(names) == 9
        assert view_cards(driver, lang) is None  # the adversary's screen: his move, as before
        driver.press(OK)  # his peek: his own hand
        assert view_cards(driver, lang) is None
        assert card_word(lang, st.hands[2][0]) in " ".join(driver.hw.text)
        driver.press(OK)  # then the hand on the table
        text = driver.hw.text
        assert view_cards(driver, lang) == names, text
        assert all(len(line) <= 16 for line in text) and len(text) <= 8, text
        assert [line for line in text if line.startswith("> ")], text  # his move is still offered
        driver.long(OK)  # he plays it: the view stays while the play goes on
        assert st.current_player() == 3 and view_cards(driver, lang) == names, driver.hw.text
        driver.press(OK)  # a short OK closes it; the bot's line says how to open it again
        assert view_cards(driver, lang) is None and SPREAD_HINT[lang] in driver.hw.text, driver.hw.text
        now = driver.hw.clock.ticks_ms()
        assert locked(app.handle, make_event(OK, PRESS), now) is True  # opening it allocates nothing
        app.render(now)
        assert app.text.count(SPREAD_TITLE[lang]) == 1, app.text
        assert run_until_fact(driver, facts, P.F_TRICK) == 2  # the bot plays: the first trick
        assert view_cards(driver, lang) == taker_names(driver, lang), driver.hw.text
        for _ in range(200):  # on to the taker's next turn: his peek shows his hand, not the view
            if st.current_player() == 1:
                break
            if st.current_player() == 2:
                driver.long(OK)
            else:
                driver.run_for(100)
        assert st.current_player() == 1 and st.spread
        assert view_cards(driver, lang) is None, driver.hw.text
        assert tr(lang, "peek_hint") in driver.hw.text, driver.hw.text  # his move and how to peek
