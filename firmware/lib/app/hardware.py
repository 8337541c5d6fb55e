"""The hardware interface, declared once: the object app.loop drives and the board's boot wires.

Every hardware layer subclasses Hardware and is built the same way:

    Layer(config, clock=None, serial=None, sleep_ms=None)

config is app.config's (pins, leds, power, display, buttons...); clock the app's (app.clock:
ticks_ms(); a SystemClock when None); serial the serial line, None for none (an object with
read(): the bytes waiting or None, never blocking; write(data); and `repl`: whether the line is
MicroPython's REPL too); sleep_ms(ms) how idle lets time pass (time.sleep_ms when None). The
layers: hw_esp32.Esp32Hardware (the board, and the browser simulator's, which runs it on the
page's machine), sim.hw.SimHardware (the terminal simulator, scripted runs, the tests' rig).

Each layer provides, allocating nothing in read_buttons and show_ring:
  read_buttons()      the raw levels, bit b set while button b (app.buttons) is held
  show_ring(frame)    the ring's logical frame (app.ring), scaled under the current cap (app.power)
  show_text(lines)    the OLED's lines (8 of 16 ASCII characters), dropped without an OLED
  play(cue)           start a sound cue (app.cues), cutting any cue still playing
  idle(ms)            called by the loop between turns: let ms pass (sleep_ms), and do what the
                      layer does between turns (the board: feed its watchdog, step its buzzer)
Here they raise NotImplementedError. The rest has a default here, that a layer overrides when
it has the part:
  clock, messages     the clock above; what is missing or failed, for the boot's log and OLED
  serial_read(), serial_write(data), repl_line   the serial line's (without one: nothing to
                      read, writes dropped, no REPL)
  log_event(kind, payload)   a log event when no serial link takes it: dropped here
The board's boot (hw_esp32.boot) uses the board's layer's own parts beside these: its watchdog
and its shutdown.
"""

import time

from app.clock import SystemClock


def _a_layers_own(*_args):
    raise NotImplementedError("a hardware layer's own part")


class Hardware:
    repl_line = False

    def __init__(self, config, clock=None, serial=None, sleep_ms=None):
        self.clock = clock or SystemClock()
        self.sleep_ms = sleep_ms or time.sleep_ms
        self.messages = []
        if serial is not None:  # the line's own methods: the link reads it every loop turn
            self.serial_read = serial.read
            self.serial_write = serial.write
            self.repl_line = serial.repl

    # what only a layer can do (above): each layer defines all five
    read_buttons = show_ring = show_text = play = idle = _a_layers_own

    def serial_read(self):
        return None

    def serial_write(self, data):
        pass

    def log_event(self, kind, payload):
        pass
