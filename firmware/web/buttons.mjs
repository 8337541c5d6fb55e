// The page's buttons: what a finger on the screen, the mouse or a key does, as the button levels
// the firmware reads (web_board.Board.set_buttons). The firmware's own debouncer and long-press
// logic (app.buttons) then run on them as on the board.
//
// A button is down while it is held: holding it past long_ms is a long press, and a button held
// while another is pressed makes a chord, exactly as on the board. A tap shorter than a real
// press (a click lasts a few ms, a scripted one none) still counts once: its level stays down
// until the firmware has seen it down for MIN_PRESS_MS of its clock, and a button pressed again
// waits until the firmware has seen it up as long. Taps come out in the order they were made, one
// at a time, as the terminal simulator's keys do: a tap waits while an earlier one is still
// being given (but not behind a button that is held, so that chords work). So every tap is one
// press for the debouncer, however quick and however many (up to QUEUED wait), and "SWAP, SWAP,
// OK" typed fast is read in that order.
//
// Every tap waits, too, until each button a tap released has been seen up as long: SWAP's release
// and KEEP's press settling in the same turn would reach the firmware as KEEP down before SWAP up,
// the chord of KEEP and SWAP (the game menu).
//
// "Seen" is judged on the board's clock at the last turn that ran: a turn that came late (the
// page was busy) cannot both start and end a press the firmware never saw. And the board's clock
// (TurnClock) moves at most MAX_STEP_MS a turn, however long the page stalled: a tap's level is
// down for at most minPressMs and two turns, far short of a long press (app.config: long_ms is
// 500 ms at least), so a stalled page can neither lose a tap nor make it long.

export const QUEUED = 16;
export const MAX_STEP_MS = 100;

/** The board's clock, moved once a turn by the page's real time since the turn before, at most
 *  MAX_STEP_MS (a tab the browser held back resumes where it was), the fractions of a ms kept. */
export class TurnClock {
  constructor(now) {
    this.last = now;
    this.carry = 0;
  }

  /** The ms the turn at real time `now` (performance.now()) moves the board's clock by. */
  step(now) {
    const step = Math.min(Math.max(now - this.last, 0), MAX_STEP_MS) + this.carry;
    this.last = now;
    const elapsed = Math.floor(step);
    this.carry = step - elapsed;
    return elapsed;
  }
}

export class Buttons {
  /** count: the buttons (app.buttons.BUTTON_NAMES order); minPressMs: the least time a level
   *  holds, on the board's clock (more than the debounce). */
  constructor(count, minPressMs) {
    this.minPressMs = minPressMs;
    this.held = new Array(count).fill(null); // the press a finger, the mouse or a key holds now
    this.waiting = []; // the presses begun that the firmware has not been given yet, in order
    this.giving = new Array(count).fill(null); // the press the firmware is given, per button
    this.level = new Array(count).fill(0); // what the firmware is given
    this.since = new Array(count).fill(-Infinity); // the board time the level was given at
  }

  /** A finger, the mouse button or a key went down on button b. */
  down(b) {
    if (this.held[b]) return; // the same press (a second finger, a key's repeat)
    const press = { button: b, held: true };
    this.held[b] = press;
    if (this.waiting.length < QUEUED) this.waiting.push(press);
  }

  up(b) {
    if (this.held[b]) this.held[b].held = false;
    this.held[b] = null;
  }

  /** Let go of every button (the page lost the focus: a key's release would not come). */
  releaseAll() {
    for (let b = 0; b < this.held.length; b++) this.up(b);
  }

  /** How many presses of button b wait to begin. */
  owed(b) {
    return this.waiting.filter((press) => press.button === b).length;
  }

  /** The levels mask for the turn about to run at board time `now`; seenAt: the board time of
   *  the last turn the firmware ran (the levels of that turn are the ones it has seen). */
  mask(now, seenAt) {
    const seen = (b) => seenAt - this.since[b] >= this.minPressMs;
    for (let b = 0; b < this.level.length; b++) {
      const press = this.giving[b];
      if (press && !press.held && seen(b)) { // a press still held goes on: a long press
        this.giving[b] = null;
        this.set(b, 0, now);
      }
    }
    const next = this.waiting[0];
    // the next press begins once every button up has been seen up, and no earlier tap is still
    // being given (a press still held does not hold it back: that is a chord)
    if (next && !this.giving[next.button] && this.level.every((level, b) => level || seen(b))
        && !this.giving.some((press) => press && !press.held)) {
      this.waiting.shift();
      this.giving[next.button] = next;
      this.set(next.button, 1, now);
    }
    let mask = 0;
    for (let b = 0; b < this.level.length; b++) if (this.level[b]) mask |= 1 << b;
    return mask;
  }

  set(b, level, now) {
    this.level[b] = level;
    this.since[b] = now;
  }
}
