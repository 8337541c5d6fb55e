// The piezo through Web Audio: the tone the firmware's PWM gives, turn by turn.
//
// hw_esp32.buzzer plays each cue (its CUES: frequency and duration pairs) by setting the buzzer's PWM
// frequency and a half duty, note by note, from the loop's idle; web_board.Board.turn() returns
// that frequency after each turn (0: silent). This follows it with a square wave, as a piezo
// driven at half duty sounds, so what is heard is the firmware's own sequence and timing.
//
// Browsers let a page start sound only after a gesture: the first press of a button (or of a
// key) calls unlock(). Until then, and while muted, the tones are still logged (for the tests).

const VOLUME = 0.06; // a square wave is loud: well under full scale
const EDGE_S = 0.003; // the time constant of each change: no click at a note's edges
export const LOG_SIZE = 64;

export class Buzzer {
  constructor(on = true) {
    this.on = on;
    this.context = null;
    this.gain = null;
    this.osc = null;
    this.hz = 0;
    this.log = []; // [hz, board ms] of each change, the last LOG_SIZE
  }

  /** Make (or wake) the audio context: call from a user's gesture. */
  unlock() {
    const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Context) return;
    if (!this.context) {
      this.context = new Context();
      this.gain = this.context.createGain();
      this.gain.gain.value = 0;
      this.gain.connect(this.context.destination);
      this.osc = this.context.createOscillator();
      this.osc.type = "square";
      this.osc.connect(this.gain);
      this.osc.start();
    }
    if (this.context.state === "suspended") this.context.resume();
  }

  setOn(on) {
    this.on = on;
    this.apply();
  }

  /** The tone after a turn: hz (0: silent), at board time `at`. */
  tone(hz, at) {
    if (hz === this.hz) return;
    this.hz = hz;
    this.log.push([hz, at]);
    if (this.log.length > LOG_SIZE) this.log.shift();
    this.apply();
  }

  /** Silence while the page cannot turn (hidden): a note would hold on until it comes back. */
  pause() {
    this.hz = 0;
    this.apply();
  }

  apply() {
    if (!this.context) return;
    const now = this.context.currentTime;
    if (this.hz > 0) this.osc.frequency.setValueAtTime(this.hz, now);
    this.gain.gain.setTargetAtTime(this.on && this.hz > 0 ? VOLUME : 0, now, EDGE_S);
  }
}
