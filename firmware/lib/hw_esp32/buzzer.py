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
        self._pwm = machine.PWM(machine.Pin(pin_number), freq=1000, duty_u16=0)
        self._notes = None
        self._step = 0
        self._until = 0
        self.playing = False

    def play(self, cue, now):
        """Start a cue, cutting any cue still playing; unknown ids are ignored."""
        if not 0 <= cue < len(CUES):
            return
        self._notes = CUES[cue]
        self._step = 0
        self._start_note(now)

    def service(self, now):
        if self.playing and ticks_diff(now, self._until) >= 0:
            self._step += 2
            self._start_note(now)

    def _start_note(self, now):
        notes = self._notes
        if notes is None or self._step >= len(notes):
            self._pwm.duty_u16(0)
            self.playing = False
            return
        freq = notes[self._step]
        if freq:
            self._pwm.freq(freq)
            self._pwm.duty_u16(_HALF_DUTY)
        else:
            self._pwm.duty_u16(0)
        self._until = ticks_add(now, notes[self._step + 1])
        self.playing = True

    def off(self):
        self._pwm.duty_u16(0)
        self.playing = False
