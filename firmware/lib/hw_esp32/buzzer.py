"""Short piezo cues on a PWM pin, stepped by the loop so a melody never blocks input."""

from app.clock import ticks_add, ticks_diff

# (frequency Hz, duration ms) pairs per cue id of app.core (CUE_CLICK=0 ... CUE_TURN=7);
# a frequency of 0 is a rest. Kept short: the table is small and a cue must not drown talk.
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
_HALF_DUTY = 32768  # a square wave is the loudest a piezo gets


class Buzzer:
    def __init__(self, machine, pin_number):
        self.pwm = machine.PWM(machine.Pin(pin_number), freq=1000, duty_u16=0)
        self.notes = ()  # the cue playing, or the last one played
        self.step = 0  # index in notes of the note sounding; len(notes) once the cue is over
        self.until = 0  # when the sounding note ends

    def play(self, cue, now):
        """Start a cue, cutting any cue still playing; unknown ids are ignored."""
        if 0 <= cue < len(CUES):
            self.notes = CUES[cue]
            self.step = -2
            self.until = now
            self.service(now)

    def service(self, now):
        """Once the sounding note is over, start the next one, or go silent after the last."""
        notes = self.notes
        if self.step >= len(notes) or ticks_diff(now, self.until) < 0:
            return
        self.step += 2
        freq = notes[self.step] if self.step < len(notes) else 0  # 0: a rest, or the end
        if freq:
            self.pwm.freq(freq)
        self.pwm.duty_u16(_HALF_DUTY if freq else 0)
        if self.step < len(notes):
            self.until = ticks_add(now, notes[self.step + 1])

    def off(self):
        self.pwm.duty_u16(0)
        self.notes = ()
        self.step = 0
