"""The main loop: a non-blocking tick loop shared by the ESP32 and the simulator.

Each turn reads the buttons, debounces, hands every event to the app, lets time pass, pushes the
frame and the text when they changed, plays queued cues and serves the serial link. Nothing in it
waits for an animation or a bot: those are driven by the clock in app.tick, so input is read
every PERIOD_MS whatever is on screen. While the app holds the keys (App.holds_keys(): an undo
or a redo worked a loop turn at a time, a snapshot due) the events stay in the debouncer, in
order, for the turn after it.

A turn whose app part allocated much (HEAVY_BYTES: a game's start or finish, a round's checkpoint,
an undo's slice, a bot's search) leaves the serial link for the next turn: the garbage of a turn is
collected only between turns on the WebAssembly port and only when the heap is short on the board,
and a host command's turn has some 5 to 12 KB of its own (proto.link), which must not meet the
app's in one turn. The host's line waits in the port's ring meanwhile (proto.link's
poll, which bounds the wait, so that a host is always answered). The other way round, while a
host command's job is under way (proto.link.Link.holds_app: its code and page stay in the heap
from turn to turn) the app's part waits, the keys in the debouncer as during an undo, for a few
turns at most, so that a game's heavy turn seldom comes on top of them. What is known to be heavy
ahead (App.heavy_ahead: a game's start or finish, an undo) goes the other way round: it waits for
the command under way to end, and the link starts no other until it is done.

A MemoryError never ends the loop: out of the loop it would reach the watchdog, which resets the
board into the same saved game, to run out again. Each of the turn's three parts catches it: the
app's (its button events and its time: a mode, the menus, the session's saves and archives),
the outputs' (the frame, the text, the cues) and the link's (its reads, commands and sends). The
loop then collects the garbage and says so as a full flash is said: a notice on the OLED and an
`error` event (code `out_of_memory`, the part, the mode, the heap free after collecting), once
while the notice shows, so that a shortage lasting many turns does not flood the line. The game
goes on in memory. A shortage in the app's part may have cut what it was doing after the game
changed and before it was saved, or half way through a mode's own work: the mode drops its
half-done input (resync, as after an undo), and the session's next save writes a whole snapshot
(Session.unsaved), so the flash catches up with the game as soon as there is room. Whether an
action the session was applying happened or not is the session's to keep whole (app/session.py).
"""

import gc

from engine.compat import const

from app.i18n import out_of_memory_lines

PERIOD_MS = 10
HEAVY_BYTES = const(1024)  # an app part that allocated this much in a turn is a heavy one


def step(app, hw, debouncer, link=None):
    """One turn of the loop (hw: an app.hardware.Hardware); returns the tick it ran at."""
    now = hw.clock.ticks_ms()
    debouncer.update(hw.read_buttons(), now)
    hosting = waits = False
    if link is not None and link.working():  # a host's command under way
        hosting = True
        waits = link.holds_app()  # the keys wait in the debouncer, the game's time in the clock
    heavy = False if waits else app_part(app, debouncer, now, hosting)
    try:
        if app.render(now):
            hw.show_ring(app.frame)
        if app.text_version != app.text_shown:
            hw.show_text(app.text)
            app.text_shown = app.text_version
        cue = app.pop_sound()
        while cue >= 0:
            hw.play(cue)
            cue = app.pop_sound()
    except MemoryError:
        out_of_memory(app, "output", now)
    try:
        if link is not None:
            link.poll(now, heavy, app.heavy_ahead())
        else:
            item = app.pop_event()
            while item is not None:
                hw.log_event(item[0], item[1])
                item = app.pop_event()
    except MemoryError:
        out_of_memory(app, "link", now)
    return now


def app_part(app, debouncer, now, hosting=False):
    """The app's part of a turn: the keys pressed, then the tick (hosting: a host's command is
    under way, App.tick). Returns whether it was heavy: it allocated HEAVY_BYTES or more (a
    game's start, a round's checkpoint, an undo's slice)."""
    before = gc.mem_alloc()
    try:
        while not app.holds_keys():  # an undo under way, a snapshot due: the keys wait their turn
            event = debouncer.pop()
            if event < 0:
                break
            app.handle(event, now)
        app.tick(now, hosting)
    except MemoryError:  # the events left in the debouncer are handled next turn
        out_of_memory(app, "app", now)
    return gc.mem_alloc() - before >= HEAVY_BYTES  # a collection in the turn reads as light: room was made


def out_of_memory(app, part, now):
    """After a MemoryError in a part of the turn ("app", "output" or "link"): collect, put the
    app's part back in step with the game, and say it unless it is on the OLED already. Nothing
    here may raise: a report that does not fit is left for a later turn."""
    gc.collect()
    if part == "app":
        session = app.session
        if session.state is not None and not session.finished:
            session.unsaved = True  # a save may have been cut: the next one is whole
        try:
            app.mode.resync(now)
        except MemoryError:
            pass
    lines = out_of_memory_lines(app.lang)  # made with the language's words: this very list each time
    if app.notice is lines:
        return  # said, and still shown
    try:
        app.notify(lines, now)
        app.log("error", {"code": "out_of_memory", "part": part, "mode": type(app.mode).__name__,
                          "free": gc.mem_free(),
                          "message": "out of memory in the %s; the game goes on in memory" % part})
    except MemoryError:
        pass


def run(app, hw, debouncer, link=None, should_stop=None):
    """Loop until should_stop() is true (forever when None), or until the host asks for the REPL
    (the protocol's `repl`, proto.link: repl_requested), after the turn that answered it.

    Between turns the hardware layer's idle(ms) lets PERIOD_MS pass: the board sleeps, the
    simulator's scripted mode moves its manual clock. A watchdog, if any, is fed by the hardware
    layer in show_ring/idle: a hung app then stops feeding it.
    """
    while should_stop is None or not should_stop():
        step(app, hw, debouncer, link)
        if link is not None and link.repl_requested:
            return
        hw.idle(PERIOD_MS)
