"""What a mode is, and the whole API a mode may rely on.

A mode owns the screen and the buttons while it is active: `app.switch(mode, now)` makes it
current and calls `enter(now)`. The app then calls, in this order on every loop turn:

  handle(event, now)  one debounced button event (app.buttons: event_button / event_kind).
                      The app has already taken the global gestures before the mode sees them:
                        long OK    undo (back to the last human decision)  -- unless the mode's
                                   `holds_ok` is True (deck-mode peeking), then the mode gets it;
                        long BACK, or KEEP and SWAP held together (3-button builds): game menu.
                      Return True when something visible changed.
  tick(now)           time passes: bots, chance draws, animations ending. Return True on change.
  draw(frame, now)    paint the ring into `frame` (already cleared). MUST NOT ALLOCATE: integer
                      arithmetic and preallocated tables only (tests prove it with heap_lock).
  resync(now)         the game changed under the mode (undo, redo): drop any half-done input.
  lines()             up to 8 strings of up to 16 ASCII characters for the OLED. Called only
                      after `app.touch()` marked the text dirty, so it may allocate.

From a mode, use:
  app.session       the game (app.session.state is the engine state); act through app.act(a)
  app.act(action)   apply via the session; returns True, or False after showing the refusal
  app.touch()       the OLED text must be rebuilt (call after any change of what lines() says)
  app.sound(cue)    queue a sound cue (app.cues: CUE_*)
  app.log(type, payload)   a log event for the serial protocol
  app.board         ring drawing helpers (app.board.Board); app.lang; app.rng; app.is_human(seat)

Adding a game: a play engine plays in TableMode (app.modes.table) as soon as it is in
engine.registry; a scorekeeper engine registered as "<game>_score" plays in ScoreMode
(app.modes.score). Neither needs a new mode. Optional hooks a game module may define:
  seat_lines(state, seat, lang)  lines shown while that seat holds OK in table play (its hand);
  entry_seat() on a scorekeeper state: the seat being entered now, blinked on the ring.
"""


class Mode:
    holds_ok = False  # True while a long OK belongs to the mode (peeking), not to undo
    in_game = False  # True for modes that play a game: the game menu returns to them
    back_to = None  # the mode a long BACK returns to (set by the game menu)

    def __init__(self, app):
        self.app = app

    def enter(self, now):
        self.app.touch()

    def handle(self, event, now):
        return False

    def tick(self, now):
        return False

    def draw(self, frame, now):
        pass

    def resync(self, now):
        self.enter(now)

    def lines(self):
        return []
