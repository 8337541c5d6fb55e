"""The optional piezo on a PWM pin: short cues, stepped by the loop so that a melody never blocks
input. The cue ids are app.cues' (CUE_CLICK=0 ... CUE_TURN=7)."""

from app.clock import ticks_add, ticks_diff
from micropython import const

# (frequency Hz, duration ms) pairs per cue id; a frequency of 0 is a rest. Kept short: a cue
# must not drown talk.
CUES = (
    (2400, 15),  # click
    (1800, 40),  # act
    (300, 90, 0, 30, 300, 90),  # error: low, twice
    (1320, 60, 1760, 90),  # round
    (880, 70, 660, 110),  # lose: falling
    (1320, 80, 1660, 80, 1980, 200),  # win: rising
    (1200, 30, 900, 40),  # undo
    (1560, 25, 0, 40, 1560, 25),  # turn: two ticks
)
_HALF_DUTY = const(32768)  # a square wave is the loudest a piezo gets


class Buzzer:
    def __init__(self, machine, gpio, clock):
        self.pwm = machine.PWM(machine.Pin(gpio), freq=1000, duty_u16=0)
        self.clock = clock
        self.notes = ()  # the cue playing, or the last one played
        self.step = 0  # index in notes of the note sounding; len(notes) once the cue is over
        self.until = 0  # when the sounding note ends

    def play(self, cue):
        """Start a cue, cutting any cue still playing; unknown ids are ignored."""
        if 0 <= cue < len(CUES):
            self.notes = CUES[cue]
            self.step = -2
            self.until = self.clock.ticks_ms()
            self.next_note()

    def next_note(self):
        """Once the sounding note is over, start the next one, or go silent after the last."""
        now = self.clock.ticks_ms()
        notes = self.notes
        if self.step >= len(notes) or ticks_diff(now, self.until) < 0:
            return
        step = self.step = self.step + 2
        freq = 0  # a rest, or the end of the cue
        if step < len(notes):
            freq = notes[step]
            self.until = ticks_add(now, notes[step + 1])
        pwm = self.pwm
        if freq:
            pwm.freq(freq)
        pwm.duty_u16(_HALF_DUTY if freq else 0)

    def off(self):
        self.pwm.duty_u16(0)
        self.step = len(self.notes)
