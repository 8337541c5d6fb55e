"""What a mode is, and the whole API a mode may rely on.

A mode owns the screen and the buttons while it is active: `app.switch(mode, now)` makes it
current and calls `enter(now)`. The app then calls, in this order on every loop turn:

  handle(event, now)  one debounced button event (app.buttons: event_button / event_kind).
                      The app has already taken the global gesture before the mode sees it:
                        long BACK, or KEEP and SWAP held together (3-button builds): the game
                        menu (continue, undo, redo, new game: undo is there in every mode).
                      The rule every mode keeps (issue 14): a short OK never plays a move; a
                      move is confirmed by holding OK (LONG, past buttons.long_ms), the same in
                      every game. KEEP and SWAP that are decisions themselves (Tanturlurette's
                      keep and swap) stay one press; a short OK may show something (the peek)
                      or mark a seat, harmless acts a second press undoes.
                      Return True when something visible changed.
  tick(now)           time passes: bots, chance draws, animations ending. Return True on change.
  draw(frame, now)    paint the ring into `frame` (already cleared). MUST NOT ALLOCATE: integer
                      arithmetic and preallocated tables only (tests prove it with heap_lock).
  resync(now)         the game changed under the mode (undo, redo): drop any half-done input.
  lines()             up to 8 strings of up to 16 ASCII characters for the OLED. Called only
                      after `app.touch()` marked the text dirty, so it may allocate.
  told(line, kind, now)  something the table may see happened (an engine fact, worded by the
                      game's words module and logged by the app): show it. The default shows
                      nothing; the game modes keep the last lines (told_lines).
  light(seat, now)    the fact just told puts that seat forward (the words' lit_seat: a trick's
                      taker, a contract's...): light it on the ring for a moment, apart from the
                      seat that acted. The default lights nothing (a mode with a ring of its own).

From a mode, use:
  app.session       the game (app.session.state is the engine state); act through app.act(a)
  app.act(action)   apply via the session; returns True, or False after showing the refusal
  app.touch()       the OLED text must be rebuilt (call after any change of what lines() says)
  app.sound(cue)    queue a sound cue (app.cues: CUE_*)
  app.log(type, payload)   a log event for the serial protocol
  app.held()        True while a button is down (bots wait: what is entered stays on screen)
  app.words()       the game's words module (games/__init__.py), for everything shown
  app.board         ring drawing helpers (app.board.Board); app.lang; app.rng; app.is_human(seat)

Adding a game: declare it in games (its engine modules, modes, seat counts, setup rows,
bot and the mode that shows each of its modes: TableMode for a play engine, ScoreMode for a
"<game>_score" scorekeeper; neither needs a new mode), keep the surface engine/core.py declares,
and write its words in games/<game>/words.py (games/__init__.py lists them: refusals, moves,
the peek, prompts and the facts it tells). Nothing is probed: what a mode calls is declared.
"""


class Mode:
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

    def told(self, line, kind, now):
        pass

    def light(self, seat, now):
        pass


class Unchanged(Mode):
    """The screen as the last mode left it (its ring frame and OLED lines, given), for the loop
    turn or two the app takes to change modes while it lets go of what the last one needed (a
    finished game's code before the setup menu loads its own). Its buttons do nothing."""

    def __init__(self, app, frame, lines):
        Mode.__init__(self, app)
        self.frame = frame
        self.shown = lines

    def enter(self, now):
        pass  # the lines shown stay: nothing to rebuild

    def draw(self, frame, now):
        frame[:] = self.frame

    def lines(self):
        return self.shown
