// The page's buttons: what a finger on the screen, the mouse or a key does, as the button levels
// the firmware reads (web_board.Board.set_buttons). The firmware's own debouncer and long-press
// logic (app.buttons) then run on them as on the board.
//
// A button is down while it is held: holding it past long_ms is a long press, two held at once
// a chord, exactly as on the board. A tap shorter than a real press (a click is a few ms, a
// scripted one none) still counts once: the level stays down until the firmware has seen it
// down for MIN_PRESS_MS of its clock, and a button pressed again before it has been seen up for
// MIN_PRESS_MS waits for that. So every press is one press for the debouncer, however quick, and
// up to QUEUED presses of a button wait their turn.
//
// "Seen" is judged on the board's clock at the last turn that ran: a turn that came late (the
// page was busy) cannot both start and end a press the firmware never saw.

export const QUEUED = 8;

export class Buttons {
  /** count: the buttons (app.buttons.BUTTON_NAMES order); minPressMs: the least time a level
   *  holds, on the board's clock (more than the debounce). */
  constructor(count, minPressMs) {
    this.minPressMs = minPressMs;
    this.held = new Array(count).fill(false); // a finger, the mouse or a key is on it now
    this.owed = new Array(count).fill(0); // presses begun that the firmware has not had yet
    this.level = new Array(count).fill(0); // what the firmware is given
    this.since = new Array(count).fill(-Infinity); // the board time the level was given at
  }

  /** A finger, the mouse button or a key went down on button b. */
  down(b) {
    if (this.held[b]) return; // the same press (a second finger, a key's repeat)
    this.held[b] = true;
    if (this.owed[b] < QUEUED) this.owed[b]++;
  }

  up(b) {
    this.held[b] = false;
  }

  /** Let go of every button (the page lost the focus: a key's release would not come). */
  releaseAll() {
    this.held.fill(false);
  }

  /** The levels mask for the turn about to run at board time `now`; seenAt: the board time of
   *  the last turn the firmware ran (the levels of that turn are the ones it has seen). */
  mask(now, seenAt) {
    let mask = 0;
    for (let b = 0; b < this.level.length; b++) {
      const seen = seenAt - this.since[b]; // how long the firmware has seen the level
      if (this.level[b]) {
        // a held press goes on (a long press), unless a later press waits to begin
        if (seen >= this.minPressMs && (!this.held[b] || this.owed[b] > 0)) this.set(b, 0, now);
      } else if (this.owed[b] > 0 && seen >= this.minPressMs) {
        this.owed[b]--;
        this.set(b, 1, now);
      }
      if (this.level[b]) mask |= 1 << b;
    }
    return mask;
  }

  set(b, level, now) {
    this.level[b] = level;
    this.since[b] = now;
  }
}
