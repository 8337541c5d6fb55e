"""A MemoryError anywhere in a loop turn is survived (issue 13 item 4): at a save and at an
archive (a store that runs out, as a buffer finding no block in a fragmented heap does), in the
menu, in a mode, in the link. The device says so, the game goes on in memory, saving resumes
when it can. The real loop, debouncer and app on the unix port, driven by the buttons.

Before the fix a failed save propagated out of the loop: on the board the watchdog then reset it,
and it resumed into the same save, to run out again.
"""

import micropython
from app.buttons import BACK, KEEP, OK, SWAP
from app.session import Session
from app_rig import make_rig, start, state
from games.tanturlurette.rules import PH_REENTRY
from proto.link import Link
from proto.wire import frame, parse_line
from store.storage import Store
from test_app_forgive import menu_row
from test_store_files import RamBlockDevice, mount_ram, unmount

NOTICE = ["Memoire pleine", "le jeu continue"]  # the OLED's first lines, in French (the default)
ENOMEM = 12


class StarvedStore(Store):
    """The real store on littlefs, out of memory in the calls named in `starved`."""

    def __init__(self, root):
        Store.__init__(self, root)
        self.starved = ()
        self.refused = 0  # the calls that ran out

    def _starve(self, call):
        if call in self.starved:
            self.refused += 1
            raise MemoryError

    def snapshot(self, doc):
        self._starve("snapshot")
        return Store.snapshot(self, doc)

    def append(self, op, arg, seq):
        self._starve("append")
        return Store.append(self, op, arg, seq)

    def archive(self, doc):
        self._starve("archive")
        return Store.archive(self, doc)


def shortages(driver):
    """The reports of a shortage in the log since the last call: the loop's `error` events
    (code out_of_memory), or the session's `storage` events when it caught one itself."""
    found = []
    for kind, payload in driver.events:
        if kind == "error" and payload.get("code") == "out_of_memory":
            found.append(payload)
        elif kind == "storage" and not payload["ok"] and payload.get("errno") == ENOMEM:
            found.append(payload)
    driver.events = []
    return found


def board_game_on(store, seed=4):
    """The first boot of a board on that store (its self-test left at once), then a board-mode
    game started and its first dealer drawn."""
    driver = make_rig(seed=seed, session=Session(store))
    driver.long(OK)  # leave the first boot's self-test
    start(driver, mode="board")
    driver.run_for(1700)
    assert state(driver).current_player() >= 0
    return driver


def act(driver):
    """One decision, as the seat to act presses it."""
    assert state(driver).current_player() >= 0
    driver.press(KEEP)


def test_a_save_that_runs_out_is_survived_and_saving_resumes():
    root = mount_ram(RamBlockDevice(256, 512))
    try:
        store = StarvedStore(root)
        driver = board_game_on(store)
        driver.events = []
        moves = len(state(driver).moves)
        store.starved = ("snapshot", "append")
        act(driver)
        assert store.refused >= 1, "the press saved nothing: the test tested nothing"
        [report] = shortages(driver)
        assert len(state(driver).moves) == moves + 1  # the action happened, in memory
        act(driver)  # the game goes on while the flash cannot be written
        assert len(state(driver).moves) == moves + 2
        assert shortages(driver) == []  # said once, not at every press
        store.starved = ()
        driver.run_for(3000)  # the notice goes
        assert driver.hw.text[:2] != NOTICE
        act(driver)  # the next action saves again, the whole game
        played = list(state(driver).moves)
        assert len(played) == moves + 3
        # a power cut now: the board boots on what the flash holds
        again = Session(Store(root))
        report = again.resume()
        assert report["resumed"] and list(again.state.moves) == played, (report, played)
    finally:
        unmount(root)


def test_the_loops_notice_is_on_the_oled_and_the_serial_line():
    """What the loop says when it catches one itself (here, in a mode's time): the OLED's notice
    and an error event naming the part and the mode; then the game goes on."""
    driver = make_rig(seed=4)
    start(driver, mode="board")
    driver.run_for(1700)
    mode = driver.app.mode
    driver.events = []
    real_tick = mode.tick

    def tick(now):
        mode.tick = real_tick  # once
        raise MemoryError

    mode.tick = tick
    driver.run_for(50)
    assert driver.hw.text[:2] == NOTICE, driver.hw.text
    [report] = shortages(driver)
    assert report["part"] == "app" and report["mode"] == type(mode).__name__
    assert report["free"] > 0 and "the game goes on" in report["message"]
    moves = len(state(driver).moves)
    act(driver)
    assert len(state(driver).moves) == moves + 1 and driver.app.mode is mode


def test_a_shortage_that_lasts_is_said_once_a_notice():
    """A mode that runs out at every turn for 6 s: said at 0, 2.5 and 5 s, not 600 times, and
    the buttons still reach the menu."""
    driver = make_rig(seed=4)
    start(driver, mode="board")
    driver.run_for(1700)
    mode = driver.app.mode
    driver.events = []

    def tick(now):
        raise MemoryError

    mode.tick = tick
    driver.run_for(6000)
    assert len(shortages(driver)) == 3
    driver.long(BACK)
    assert "> Continuer" in driver.hw.text, driver.hw.text  # the game menu, under the notice
    del mode.tick


def test_the_menu_running_out_is_survived():
    driver = make_rig(seed=4)
    menu = driver.app.mode
    cursor = menu.cursor
    driver.events = []
    real_handle = menu.handle

    def handle(event, now):
        menu.handle = real_handle  # once, as building a game's state to check it can start might
        raise MemoryError

    menu.handle = handle
    driver.press(SWAP)
    assert driver.hw.text[:2] == NOTICE
    [report] = shortages(driver)
    assert report["part"] == "app" and report["mode"] == "SetupMenu"
    assert driver.app.mode is menu
    driver.press(SWAP)  # the next press works as ever
    assert menu.cursor != cursor


def test_an_archive_that_runs_out_is_survived_and_the_next_game_is_saved():
    root = mount_ram(RamBlockDevice(256, 512))
    try:
        store = StarvedStore(root)
        driver = board_game_on(store)
        act(driver)
        driver.events = []
        store.starved = ("archive",)
        menu_row(driver, "new_game")  # the game menu: New game abandons this one to history
        driver.long(OK)  # it asks first; holding OK again abandons
        driver.long(OK)
        assert store.refused == 1
        assert len(shortages(driver)) == 1
        store.starved = ()
        for _ in range(3):  # to the setup menu, whichever screen the shortage left
            if not driver.app.mode.in_game and driver.app.mode.back_to is None:
                break
            driver.press(OK)
        assert not driver.app.mode.in_game, driver.hw.text
        driver.run_for(3000)
        start(driver, mode="board")
        driver.run_for(1700)
        act(driver)
        played = list(state(driver).moves)
        again = Session(Store(root))
        assert again.resume()["resumed"] and list(again.state.moves) == played
    finally:
        unmount(root)


class Cable:
    """The serial line: commands queued for the device, lines the device wrote; read() runs out
    of memory while `starved` (as UsbSerial's view of its buffer could)."""

    def __init__(self):
        self.inbox = []
        self.out = b""
        self.starved = 0

    def read(self):
        if self.starved:
            self.starved -= 1
            raise MemoryError
        return self.inbox.pop(0) if self.inbox else None

    def write(self, data):
        self.out += data

    def take(self):
        lines = [parse_line(line, True) for line in self.out.split(b"\n") if line]
        self.out = b""
        return lines


def linked_rig():
    driver = make_rig(seed=4)
    cable = Cable()
    driver.link = Link(driver.app, cable.read, cable.write)
    driver.run_for(50)
    cable.take()
    return driver, cable


def test_the_link_running_out_is_survived_and_said_on_the_line():
    driver, cable = linked_rig()
    cable.starved = 1
    driver.run_for(50)
    errors = [e["data"] for e in cable.take() if e["type"] == "error"]
    assert [(e["code"], e["part"]) for e in errors] == [("out_of_memory", "link")]
    assert driver.hw.text[:2] == NOTICE
    cable.inbox.append(frame({"cmd": "version", "id": 5}))
    driver.run_for(30)
    assert [(e["type"], e["data"]["id"]) for e in cable.take()] == [("ok", 5)]


def test_a_heavy_app_turn_leaves_the_host_line_for_a_turn_after_it():
    """app.loop tells the link a turn whose app part allocated HEAVY_BYTES or more (a game's
    start, a checkpoint, an undo's slice): a command is not carried out in it, so that its
    garbage and the app's never meet in one turn's heap; the line waits in the port and is
    answered the first light turn after, or once the link has waited HEAVY_WAIT_TURNS."""
    from app.loop import HEAVY_BYTES
    from proto.link import HEAVY_WAIT_TURNS

    driver, cable = linked_rig()
    app = driver.app
    heavy = [5]  # turns still to allocate much
    kept = []
    tick = app.tick

    def heavy_tick(now, hosting=False):
        if heavy[0]:
            heavy[0] -= 1
            kept.append(bytearray(HEAVY_BYTES))  # held, so that no collection frees it in the turn
        return tick(now, hosting)

    app.tick = heavy_tick
    cable.inbox.append(frame({"cmd": "version", "id": 3}))
    driver.run_for(50)  # the 5 heavy turns: nothing read
    assert cable.take() == [] and len(cable.inbox) == 1 and driver.link.deferred == 5
    driver.run_for(10)  # the first light one answers it
    assert [(e["type"], e["data"]["id"]) for e in cable.take()] == [("ok", 3)]
    assert driver.link.deferred == 0
    heavy[0] = 10 ** 6  # heavy for ever: the line is answered after the longest wait
    cable.inbox.append(frame({"cmd": "version", "id": 4}))
    driver.run_for((HEAVY_WAIT_TURNS - 1) * 10)
    assert cable.take() == [] and len(cable.inbox) == 1
    driver.run_for(30)
    assert [(e["type"], e["data"]["id"]) for e in cable.take()] == [("ok", 4)]


def _hosting_rig():
    """A rig in the setup menu with a link to a host."""
    driver = make_rig(seed=4)
    driver.long(OK)  # the first boot's self-test, left at once
    cable = Cable()
    driver.link = Link(driver.app, cable.read, cable.write)
    driver.run_for(50)
    cable.take()
    assert type(driver.app.mode).__name__ == "SetupMenu"
    return driver, cable


LONG_JOB = 100  # turns of a job longer than proto.link.APP_WAIT_TURNS


def _long_job(link, steps):
    """A host command's job of steps turns, answered as `version` (id 7): none of the protocol's
    takes more than APP_WAIT_TURNS turns with the files the device writes (a list_games page is
    cut to LIST_BYTES, a file is checked a KB a turn), this one stands for one that would."""

    def job():
        for _ in range(steps):
            yield
        return {"version": "long"}

    link.job = job()
    link.job_id = 7
    link.job_cmd = "version"


def _job_while_pressing(driver, cable, button):
    """Run a long job (_long_job) and press button in its first turns; returns the job's turns
    and the turn (counted from its start, 0 if none) at which the app first changed: the menu's
    cursor or a game chosen."""
    app = driver.app
    menu = app.mode
    cursor = menu.cursor
    _long_job(driver.link, LONG_JOB)
    turns = changed_at = 0
    while driver.link.job is not None or driver.link.answer_due is not None:  # the answer: 2 turns after
        if turns == 2:
            driver.down(button)
        elif turns == 10:
            driver.up(button)
        driver.turn()
        turns += 1
        if not changed_at and (menu.cursor != cursor or app.passage is not None):
            changed_at = turns
    [answer] = cable.take()
    assert (answer["type"], answer["data"]["id"], answer["data"]["version"]) == ("ok", 7, "long")
    return turns, changed_at


def test_the_app_waits_while_a_hosts_job_runs_and_handles_its_keys_after():
    """While a host command's job is under way app.loop leaves the app's part of the turn, so
    that a game's heavy turn never comes on top of the job's code: the tick is not run and a key
    pressed meanwhile waits in the debouncer. A job longer than APP_WAIT_TURNS gives the app one
    turn at each wait's end, which handles the key, and goes on. The turns that let go of the
    job's code and frame its answer are part of the job: the app's own turns come after them."""
    from proto.link import APP_WAIT_TURNS

    driver, cable = _hosting_rig()
    ticks = []
    tick = driver.app.tick

    def counted_tick(now, hosting=False):
        ticks.append(hosting)
        return tick(now, hosting)

    driver.app.tick = counted_tick
    turns, moved_at = _job_while_pressing(driver, cable, SWAP)  # SWAP: the next row down
    assert turns == LONG_JOB + 3, turns  # its steps, its end, its code let go, its answer
    # one app turn at each wait's end, the let-go's and the answer's turns included
    assert ticks == [True] * (turns // (APP_WAIT_TURNS + 1)), (ticks, turns)
    assert moved_at == APP_WAIT_TURNS + 1  # the key, pressed early in the wait, handled at its end
    driver.turn()
    assert ticks[-1] is False, ticks  # the app's own turn once the job is answered
    del ticks[:]
    driver.run_for(30)
    assert ticks == [False] * 3  # answered: a tick every turn, no command under way


def test_a_game_chosen_while_a_host_reads_starts_once_it_is_answered_before_the_next_command():
    """Play pressed while a host's job runs is taken in the app's turn between two waits, but
    the game's start, some KB of heap a turn, waits for the job's end (App.heavy_ahead), and the
    host's next line, sent at once, is read only once the game has started: a host sending
    command after command cannot hold the start back, nor the start meet a command's code."""
    driver, cable = _hosting_rig()
    turns, chosen_at = _job_while_pressing(driver, cable, OK)  # OK on Jouer
    assert 0 < chosen_at < turns
    app = driver.app
    assert app.passage is not None and not app.mode.in_game  # chosen, not started
    cable.inbox.append(frame({"cmd": "version", "id": 8}))
    for _ in range(10):
        driver.turn()
        if app.passage is not None:
            assert cable.inbox and driver.link.job is None  # the line waits in the port
    assert app.passage is None and app.mode.in_game
    driver.run_for(100)
    assert [(e["type"], e["data"]["id"]) for e in cable.take() if e["type"] == "ok"] == [("ok", 8)]


def test_no_bot_moves_while_a_host_command_is_under_way():
    """A bot's move may end a deal (some KB of facts and a checkpoint): while a host's command
    is under way (App.tick's hosting) the app's tick moves no bot, however late it is; once
    the command is over the bots play on."""
    driver = make_rig(seed=4)
    start(driver, mode="deck", humans=1)
    app = driver.app
    for _ in range(3000):  # to a bot's turn (seat 0 is the human's; the deal comes first)
        if state(driver).current_player() > 0:
            break
        driver.turn()
    moves = len(state(driver).moves)
    later = driver.hw.clock.ticks_ms() + 60000  # the bot's thinking time long past
    for _ in range(50):
        app.tick(later, True)
    assert state(driver).current_player() > 0 and len(state(driver).moves) == moves
    driver.run_for(3000)
    assert len(state(driver).moves) > moves


def test_a_snapshot_due_gets_a_loop_turn_of_its_own():
    """Every store.compact_every operations the journal is due a whole snapshot (some 5 KB of a
    turn's heap on a 32-bit port, which a deal's end, its facts and checkpoint, must not meet):
    the operation's turn journals it alone, and the snapshot is the next turn's whole app part,
    no key handled and nothing moved in it. Between the two the entry is on flash: a power cut
    there resumes every move."""
    device = RamBlockDevice(256, 512)
    root = mount_ram(device)
    cut = [None, 0]  # the flash and the moves played at the first turn a snapshot was due
    try:
        store = Store(root)
        driver = make_rig(seed=4, session=Session(store))
        driver.long(OK)  # leave the first boot's self-test
        start(driver, mode="deck", humans=1)  # the bots play in the app's tick, the human by keys
        app = driver.app
        session = app.session
        turns = []  # after each loop turn: (moves, snapshot generation, snapshot due)

        def note(_elapsed):
            turns.append((len(state(driver).moves), store.gen, session.compaction_due))
            if cut[0] is None and session.compaction_due:  # a power cut now: the flash as it is
                cut[0] = bytearray(device.data)
                cut[1] = turns[-1][0]

        driver.on_step = note
        first_gen = store.gen
        while (len(turns) < 20000 and store.gen < first_gen + 2) or (turns and turns[-1][2]):
            if app.mode.reveal:
                driver.press(OK)
            elif state(driver).current_player() == 0:
                driver.press(SWAP if state(driver).phase == PH_REENTRY else KEEP)
            else:
                driver.run_for(100)
        snapshots = [i for i in range(1, len(turns)) if turns[i][1] != turns[i - 1][1]]
        assert len(snapshots) >= 2, snapshots
        for i in snapshots:
            assert turns[i - 1][2] and not turns[i][2], turns[i - 2:i + 1]  # due, then written
            assert turns[i][0] == turns[i - 1][0], turns[i - 2:i + 1]  # and nothing moved with it
            due_from = i - 1
            while turns[due_from - 1][2]:
                due_from -= 1
            # the operation's own turn: a move, journaled, the snapshot not written yet
            assert turns[due_from][0] == turns[due_from - 1][0] + 1, turns[due_from - 1:i + 1]
            assert turns[due_from][1] == turns[due_from - 1][1]
    finally:
        unmount(root)
    data, moves = cut
    assert moves > 0
    copy = RamBlockDevice(256, 512)
    copy.data[:] = data
    root = mount_ram(copy, fresh=False)
    try:
        again = Session(Store(root))
        report = again.resume()
        assert report["resumed"] and len(again.state.moves) == moves, (report, moves)
    finally:
        unmount(root)


def test_a_rounds_checkpoint_gets_a_loop_turn_of_its_own():
    """A move that begins a round (a deal's end: the round's facts, some 6 KB of a turn's heap on
    a 32-bit port) leaves the round's checkpoint for undo (the state's JSON, some 4 KB more) to
    the next loop turn, that turn's whole app part: no key handled, no bot moving in it. The
    checkpoint is the state the round began with."""
    driver = make_rig(seed=4, session=Session())
    driver.long(OK)  # leave the first boot's self-test
    start(driver, mode="deck", humans=1)
    session = driver.app.session
    turns = []  # after each loop turn: (moves, round, checkpoint due, the last checkpoint's move)

    def note(_elapsed):
        checkpoints = session._checkpoints
        turns.append((len(state(driver).moves), state(driver).round, session.checkpoint_due,
                      checkpoints[-1][0] if checkpoints else -1))

    driver.on_step = note
    while len(turns) < 20000 and state(driver).round < 5:
        if driver.app.mode.reveal:
            driver.press(OK)
        elif state(driver).current_player() == 0:
            driver.press(SWAP if state(driver).phase == PH_REENTRY else KEEP)
        else:
            driver.run_for(100)
    driver.run_for(100)
    began = [i for i in range(1, len(turns) - 1) if turns[i][1] != turns[i - 1][1]]
    assert len(began) >= 4, began
    for i in began:
        assert turns[i][2] and turns[i][3] < turns[i][0], turns[i - 1:i + 2]  # due, not made
        assert not turns[i + 1][2], turns[i - 1:i + 2]  # made the turn after
        assert turns[i + 1][3] == turns[i][0], turns[i - 1:i + 2]  # at the round's first move
        assert turns[i + 1][0] == turns[i][0], turns[i - 1:i + 2]  # and nothing moved with it


def test_a_command_that_runs_out_is_answered_and_changes_nothing():
    driver, cable = linked_rig()
    start(driver, mode="board")
    driver.run_for(1700)
    moves = list(state(driver).moves)
    cable.take()

    def version(command):
        raise MemoryError  # as any command's reply might, on a heap too full for it

    driver.link.commands.version = version
    cable.inbox.append(frame({"cmd": "version", "id": 8}))
    driver.run_for(30)
    [answer] = [e["data"] for e in cable.take() if e["type"] in ("ok", "error")]
    assert answer["code"] == "failed" and answer["id"] == 8 and "out of memory" in answer["message"]
    assert list(state(driver).moves) == moves
    act(driver)  # and the game goes on
    assert len(state(driver).moves) == len(moves) + 1


def test_a_line_with_no_room_is_lost_and_its_number_with_it():
    """send() under a locked heap, where nothing can be allocated: no exception, the line lost,
    and the next line's number shows the gap."""
    driver, cable = linked_rig()
    link = driver.link
    seq = link.seq
    payload = {"action": 1}
    micropython.heap_lock()
    try:
        link.send("act", payload)
    finally:
        micropython.heap_unlock()
    assert link.seq == seq + 1 and link.lost_lines == 1 and cable.out == b""
    link.send("version", {})
    assert [e["seq"] for e in cable.take()] == [seq + 1]
