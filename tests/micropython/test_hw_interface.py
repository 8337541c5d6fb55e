"""The hardware interface is declared once (app.hardware.Hardware): the board's layer and the
simulator's subclass it, provide every part it leaves to them, and are built with the same
arguments. (The browser simulator's board runs the board's layer on the page's machine:
tests/host/test_web_board_hardware.py checks it there.)"""

import app_rig  # noqa: F401  (puts firmware/ on the path, for sim)
import fakes
from app.clock import ManualClock, ticks_diff
from app.config import DEFAULT_CONFIG, copy_config
from app.hardware import Hardware
from app.loop import step
from hw_esp32 import Esp32Hardware
from sim.hw import SimHardware

# what app.loop uses of a layer
METHODS = ("read_buttons", "show_ring", "show_text", "play", "idle", "serial_read", "serial_write",
           "log_event")  # and the board's own, for its boot: its watchdog, its shutdown
OWN = ("read_buttons", "show_ring", "show_text", "play", "idle")  # what only a layer knows how to do
LAYERS = (Esp32Hardware, SimHardware)


class Line:
    """A serial line as Hardware takes it."""

    repl = False

    def __init__(self):
        self.incoming = [b"?ping\n"]
        self.written = []

    def read(self):
        return self.incoming.pop(0) if self.incoming else None

    def write(self, data):
        self.written.append(data)


def build(layer, **extra):
    """A layer built as every layer is: config, clock, serial, sleep_ms."""
    clock = ManualClock()
    slept = []
    line = Line()

    def sleep_ms(ms):
        slept.append(ms)

    hw = layer(copy_config(DEFAULT_CONFIG), clock=clock, serial=line, sleep_ms=sleep_ms, **extra)
    return hw, clock, line, slept


def test_every_layer_is_a_hardware_and_does_what_only_it_can():
    for layer in LAYERS:
        assert issubclass(layer, Hardware), layer
        for name in OWN:
            assert getattr(layer, name) is not getattr(Hardware, name), (layer, name)
    for name in METHODS:
        assert callable(getattr(Hardware, name)), name


def test_the_base_refuses_what_only_a_layer_can_do():
    hw = Hardware(copy_config(DEFAULT_CONFIG), ManualClock())
    for name, args in (("read_buttons", ()), ("show_ring", (bytearray(3),)), ("show_text", ([],)),
                       ("play", (0,)), ("idle", (10,))):
        try:
            getattr(hw, name)(*args)
        except NotImplementedError:
            continue
        raise AssertionError("Hardware.%s did something" % name)


def test_the_layers_take_the_same_arguments_and_use_them_alike():
    with fakes.installed():
        for layer in LAYERS:
            hw, clock, line, slept = build(layer)
            assert hw.clock is clock, layer
            assert type(hw.messages) is list, layer  # what is missing or failed, for the boot
            for name in METHODS:
                assert callable(getattr(hw, name)), (layer, name)
            assert hw.serial_read() == b"?ping\n" and hw.serial_read() is None, layer
            hw.serial_write(b"!pong\n")
            assert line.written == [b"!pong\n"], layer
            assert hw.repl_line is False, layer
            hw.idle(10)
            assert slept == [10], layer


def test_without_a_serial_line_there_is_nothing_to_read_and_writes_go_nowhere():
    hw = SimHardware(copy_config(DEFAULT_CONFIG))
    assert hw.serial_read() is None
    hw.serial_write(b"!pong\n")
    assert hw.repl_line is False
    start = hw.clock.ticks_ms()
    hw.idle(10)  # its own manual clock, moved by idle
    assert ticks_diff(hw.clock.ticks_ms(), start) == 10


def test_the_loop_hands_log_events_to_the_layer_or_lets_the_base_drop_them():
    from app.buttons import Debouncer
    from app.core import App

    with fakes.installed():
        for layer in LAYERS:
            hw, clock, _line, _slept = build(layer)
            app = App(copy_config(DEFAULT_CONFIG), clock, first_boot_selftest=False)
            seen = []
            if layer is SimHardware:
                hw.on_event = lambda kind, payload, seen=seen: seen.append(kind)
            step(app, hw, Debouncer(), None)
            assert app.pop_event() is None, layer  # every event taken, by the layer or the base
            assert (seen[:1] == ["boot"]) == (layer is SimHardware), (layer, seen)
