"""The main loop: a non-blocking tick loop shared by the ESP32 and the simulator.

Each turn reads the buttons, debounces, hands every event to the app, lets time pass, pushes the
frame and the text when they changed, plays queued cues and serves the serial link. Nothing in it
waits for an animation or a bot: those are driven by the clock in app.tick, so input is read
every PERIOD_MS whatever is on screen.
"""

PERIOD_MS = 10


def step(app, hw, debouncer, link=None):
    """One turn of the loop; returns the tick it ran at."""
    now = hw.clock.ticks_ms()
    debouncer.update(hw.read_buttons(), now)
    event = debouncer.pop()
    while event >= 0:
        app.handle(event, now)
        event = debouncer.pop()
    app.tick(now)
    if app.render(now):
        hw.show_ring(app.frame)
    if app.text_version != app.text_shown:
        hw.show_text(app.text)
        app.text_shown = app.text_version
    cue = app.pop_sound()
    while cue >= 0:
        hw.play(cue)
        cue = app.pop_sound()
    if link is not None:
        link.poll(now)
    elif app.has_events():
        log = getattr(hw, "log_event", None)  # looked up only when there is something to log
        item = app.pop_event()
        while item is not None:
            if log is not None:
                log(item[0], item[1])
            item = app.pop_event()
    return now


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
