"""The ESP32 layer against recording fakes of machine, neopixel and ssd1306 (with real framebuf)."""

import fakes
import framebuf
import micropython
from app.buttons import BACK, KEEP, OK, SWAP
from app.clock import ManualClock
from app.config import DEFAULT_CONFIG, copy_config
from app.power import estimate_ma
from hw_esp32 import Esp32Hardware
from hw_esp32.buzzer import CUES
from hw_esp32.display import ascii_line

CUE_ERROR = 2  # app.cues' ids: click, act, error, ...
PINS = DEFAULT_CONFIG["pins"]  # the reference board's
LEDS, KEEP_PIN, SWAP_PIN, OK_PIN, BACK_PIN = PINS["leds"], PINS["keep"], PINS["swap"], PINS["ok"], PINS["back"]
SDA, SCL = PINS["i2c_sda"], PINS["i2c_scl"]


def build(config=None, clock=None, serial=None):
    config = config or copy_config(DEFAULT_CONFIG)
    clock = clock or ManualClock()
    return Esp32Hardware(config, clock=clock, serial=serial, sleep_ms=clock.advance)


def test_pin_setup_follows_the_config():
    with fakes.installed() as (machine, neopixel, _ssd1306):
        machine.fit_module(60)
        hw = build()
        for gpio in (KEEP_PIN, SWAP_PIN, OK_PIN, BACK_PIN):
            pin = machine.pins[gpio]
            assert pin.mode == machine.Pin.IN and pin.pull == machine.Pin.PULL_UP, gpio
        assert machine.pins[LEDS].mode == machine.Pin.OUT
        strip = neopixel.strips[0]
        assert strip.pin is machine.pins[LEDS] and strip.n == 93 and strip.bpp == 3
        assert machine.pwms[0].pin is machine.pins[PINS["buzzer"]] and machine.pwms[0].duty == 0
        bus = machine.i2c_buses[0]
        assert bus.sda is machine.pins[SDA] and bus.scl is machine.pins[SCL]
        assert hw.display is not None and hw.messages == []
        assert machine.wdts == []  # armed only by start_watchdog, once booting is done


def test_active_high_buttons_pull_down_and_optional_parts_may_be_absent():
    config = copy_config(DEFAULT_CONFIG)
    config["buttons"]["active_low"] = False
    config["pins"]["back"] = None
    config["buzzer"]["enabled"] = False
    config["display"]["enabled"] = False
    with fakes.installed() as (machine, _neopixel, _ssd1306):
        hw = build(config)
        assert sorted(machine.pins) == sorted([LEDS, KEEP_PIN, SWAP_PIN, OK_PIN])
        assert machine.pins[KEEP_PIN].pull == machine.Pin.PULL_DOWN
        assert machine.pwms == [] and machine.i2c_buses == []
        assert hw.display is None
        hw.show_text(["ignored"])
        hw.play(CUE_ERROR)
        assert hw.read_buttons() == 0
        machine.pins[OK_PIN].level = 1
        assert hw.read_buttons() == 1 << OK


def test_a_part_the_config_leaves_out_is_never_imported():
    """The display and the buzzer have a module each, loaded only for a board that has the part:
    a board without them does not hold their code in its heap."""
    import sys

    config = copy_config(DEFAULT_CONFIG)
    config["buzzer"]["enabled"] = False
    config["display"]["enabled"] = False
    for name in ("hw_esp32.display", "hw_esp32.buzzer"):
        sys.modules.pop(name, None)
    with fakes.installed() as (machine, _neopixel, _ssd1306):
        machine.fit_module(60)
        hw = build(config)
        assert hw.display is None and hw.buzzer is None
        assert "hw_esp32.display" not in sys.modules and "hw_esp32.buzzer" not in sys.modules
        build()  # the default config has both
        assert "hw_esp32.display" in sys.modules and "hw_esp32.buzzer" in sys.modules


def test_read_buttons_maps_active_low_levels_to_bits():
    with fakes.installed() as (machine, _neopixel, _ssd1306):
        hw = build()
        assert hw.read_buttons() == 0
        machine.pins[KEEP_PIN].level = 0
        assert hw.read_buttons() == 1 << KEEP
        machine.pins[SWAP_PIN].level = 0
        machine.pins[BACK_PIN].level = 0
        assert hw.read_buttons() == (1 << KEEP) | (1 << SWAP) | (1 << BACK)
        machine.pins[KEEP_PIN].level = 1
        machine.pins[SWAP_PIN].level = 1
        machine.pins[BACK_PIN].level = 1
        assert hw.read_buttons() == 0


def test_strip_starts_blank():
    with fakes.installed() as (_machine, neopixel, _ssd1306):
        build()
        strip = neopixel.strips[0]
        assert strip.writes == 1 and strip.sent == bytearray(279)


def test_show_ring_sends_grb_at_the_configured_brightness():
    with fakes.installed() as (_machine, neopixel, _ssd1306):
        hw = build()
        frame = bytearray(279)
        frame[0:3] = bytearray((255, 128, 0))  # LED 0: orange
        frame[276:279] = bytearray((10, 20, 255))  # LED 92, the centre
        hw.show_ring(frame)
        sent = neopixel.strips[0].sent
        assert sent[0:3] == bytearray((128 * 96 // 255, 96, 0))  # G, R, B
        assert sent[276:279] == bytearray((20 * 96 // 255, 10 * 96 // 255, 96))
        assert sum(sent[3:276]) == 0
        assert frame[0:3] == bytearray((255, 128, 0))  # the app's frame is not touched


def test_show_ring_caps_a_full_white_disc_under_the_budget():
    with fakes.installed() as (_machine, neopixel, _ssd1306):
        hw = build()
        hw.show_ring(bytearray([255] * 279))
        sent = neopixel.strips[0].sent
        assert 0 < sent[0] < 96  # the green of full white is the scale the cap chose
        assert estimate_ma(sent, 255) <= 450
        assert estimate_ma(bytearray([255] * 279), 96) > 450  # so the cap, not brightness, ruled


def test_colour_order_and_budget_come_from_the_config():
    config = copy_config(DEFAULT_CONFIG)
    config["leds"] = {"rings": [24], "outer_first": True, "reverse": [False], "offsets": [0],
                      "color_order": "RGB"}
    config["power"] = {"budget_ma": 2000, "brightness": 255}
    with fakes.installed() as (_machine, neopixel, _ssd1306):
        hw = build(config)
        assert neopixel.strips[0].n == 24
        frame = bytearray([255] * 72)
        hw.show_ring(frame)
        assert neopixel.strips[0].sent == frame  # 24 white LEDs at 61 mA each fit in 2000 mA
        frame[0:3] = bytearray((1, 2, 3))
        hw.show_ring(frame)
        assert neopixel.strips[0].sent[0:3] == bytearray((1, 2, 3))


def reference_text(lines, width=128, height=64):
    buf = bytearray(width * height // 8)
    fb = framebuf.FrameBuffer(buf, width, height, framebuf.MONO_VLSB)
    for row in range(len(lines)):
        fb.text(lines[row], 0, row * 8, 1)
    return bytes(buf)


def test_oled_draws_lines_through_framebuf():
    with fakes.installed() as (machine, _neopixel, ssd1306):
        machine.fit_module(60)
        hw = build()
        oled = ssd1306.displays[0]
        assert (oled.width, oled.height, oled.addr) == (128, 64, 60)
        hw.show_text(["A vous, Marie", "Roi de coeur"])
        assert oled.shown[-1] == reference_text(["A vous, Marie", "Roi de coeur"])
        assert oled.pixel(0, 60) == 0
        # too long lines are cut at 16 columns, extra lines dropped, accents folded
        hw.show_text(["x" * 20] + ["line %d" % i for i in range(1, 10)] + [])
        expected = ["x" * 16] + ["line %d" % i for i in range(1, 8)]
        assert oled.shown[-1] == reference_text(expected)
        hw.show_text(["Achéron", "à vous"])
        assert oled.shown[-1] == reference_text(["Acheron", "a vous"])
        hw.show_text([])
        assert oled.shown[-1] == bytes(1024)


def test_no_driver_or_no_device_means_no_display_and_a_message():
    with fakes.installed(oled=False) as (machine, _neopixel, _ssd1306):
        machine.fit_module(60)
        hw = build()
        assert hw.display is None
        assert "ssd1306 driver is not installed" in hw.messages[0]
        hw.show_text(["nothing happens"])
    with fakes.installed() as (machine, _neopixel, ssd1306):
        machine.pulled_up.extend((SDA, SCL))  # a bus with its pull-ups, but nothing at 0x3C
        hw = build()
        assert hw.display is None and ssd1306.displays == []
        assert "nothing answers at I2C address 0x3C" in hw.messages[0]
    with fakes.installed() as (machine, _neopixel, ssd1306):
        machine.fit_module(61)  # a module strapped to 0x3D
        hw = build()
        assert hw.display is None
        assert "0x3D answers: set display.i2c_addr to 61" in hw.messages[0], hw.messages


def test_a_board_without_the_oled_boots_without_scanning_a_bus_with_no_pull_ups():
    """Issue 13: with no module, SDA and SCL have no pull-up, and SoftI2C's scan waited out its
    clock-stretch timeout at every one of the 112 addresses (5.6 s at the default 50 ms) before
    the board could boot. The lines are read first, each against the pin's weak pull-down: with
    no pull-up there is nothing on the bus, and no scan."""
    with fakes.installed() as (machine, _neopixel, ssd1306):
        hw = build()  # the default config: the display enabled, no module fitted
        assert hw.display is None and ssd1306.displays == []
        assert sum(machine.stalls) == 0, "the boot waited %d ms on the bus" % (sum(machine.stalls) // 1000)
        assert "no pull-up on I2C SDA (GPIO %d) and SCL (GPIO %d)" % (SDA, SCL) in hw.messages[0], hw.messages
        for gpio in (SDA, SCL):  # read as inputs, and let go again: no pull left on the lines
            pin = machine.pins[gpio]
            assert pin.mode == machine.Pin.IN and pin.pull is None, (gpio, pin.mode, pin.pull)
        assert hw.read_buttons() == 0
    with fakes.installed() as (machine, _neopixel, _ssd1306):
        machine.pulled_up.append(SDA)  # SDA pulled up, SCL not: still no usable bus
        hw = build()
        assert hw.display is None and sum(machine.stalls) == 0
        assert "no pull-up on I2C SCL (GPIO %d): no module" % SCL in hw.messages[0], hw.messages
    # a bus that passes the check but still cannot rise costs a bounded wait, not seconds
    with fakes.installed() as (machine, _neopixel, _ssd1306):
        machine.fit_module(60)
        build()
        assert machine.i2c_buses[0].timeout <= 1000


def test_a_display_that_stops_answering_is_dropped_after_three_failures():
    with fakes.installed() as (machine, _neopixel, ssd1306):
        machine.fit_module(60)
        hw = build()
        hw.show_text(["ok"])
        machine.i2c_devices.remove(60)  # a loose wire
        hw.show_text(["1"])
        hw.show_text(["2"])
        assert hw.display is not None
        hw.show_text(["3"])
        assert hw.display is None
        assert "stopped answering" in hw.messages[-1]
        assert len(ssd1306.displays[0].shown) == 1


def test_ascii_line_keeps_plain_text_as_is():
    text = "Tour de Paul"
    assert ascii_line(text) is text
    assert ascii_line("Façade €") == "Facade ?"


def test_buzzer_plays_a_cue_without_blocking():
    clock = ManualClock()
    with fakes.installed() as (machine, _neopixel, _ssd1306):
        hw = build(clock=clock)
        pwm = machine.pwms[0]
        hw.play(CUE_ERROR)  # 300 Hz 90 ms, rest 30 ms, 300 Hz 90 ms
        assert (pwm.frequency, pwm.duty) == (300, 32768)
        hw.idle(50)
        assert pwm.duty == 32768
        hw.idle(40)
        assert pwm.duty == 0  # the rest
        hw.idle(30)
        assert (pwm.frequency, pwm.duty) == (300, 32768)
        hw.idle(90)
        assert pwm.duty == 0
        hw.idle(100)
        assert pwm.duty == 0
        assert len(CUES) == 8
        hw.play(99)  # an unknown cue is ignored
        assert pwm.duty == 0


def test_a_new_cue_cuts_the_one_playing():
    clock = ManualClock()
    with fakes.installed() as (machine, _neopixel, _ssd1306):
        hw = build(clock=clock)
        pwm = machine.pwms[0]
        hw.play(5)  # win: 1320, 1660, 1980
        hw.idle(80)
        assert pwm.frequency == 1660
        hw.play(0)  # click
        assert pwm.frequency == 2400
        hw.idle(20)
        assert pwm.duty == 0


def test_watchdog_is_armed_on_request_and_fed_every_turn():
    with fakes.installed() as (machine, _neopixel, _ssd1306):
        hw = build()
        hw.idle(10)
        hw.start_watchdog()
        hw.start_watchdog()  # once only
        assert len(machine.wdts) == 1 and machine.wdts[0].timeout == 8000
        for _ in range(5):
            hw.idle(10)
        hw.show_ring(bytearray(279))
        assert machine.wdts[0].feeds == 6
        hw.relax_watchdog()
        assert machine.wdts[-1].timeout == 3600000 and machine.wdts[-1].feeds == 1
    config = copy_config(DEFAULT_CONFIG)
    config["watchdog_ms"] = 0
    with fakes.installed() as (machine, _neopixel, _ssd1306):
        build(config).start_watchdog()
        assert machine.wdts == []


class FakeSerial:
    repl = False  # a cable of a test, no REPL

    def __init__(self, incoming):
        self.incoming = list(incoming)
        self.written = []

    def read(self):
        return self.incoming.pop(0) if self.incoming else None

    def write(self, data):
        self.written.append(data)


def test_serial_goes_through_the_serial_object():
    serial = FakeSerial([b"?ping\n"])
    with fakes.installed():
        hw = build(serial=serial)
        assert hw.serial_read() == b"?ping\n"
        assert hw.serial_read() is None
        hw.serial_write(b"!pong\n")
        assert serial.written == [b"!pong\n"]
        assert hw.repl_line is False  # passed on from the serial object: no REPL, no `repl`


def test_the_usb_serial_is_the_repls_line():
    from hw_esp32.usb_serial import UsbSerial

    with fakes.installed():
        hw = build()  # no serial handed in: the board's own USB serial
        assert hw.repl_line is True and UsbSerial.repl is True


def test_shutdown_is_dark_and_silent():
    with fakes.installed() as (machine, neopixel, _ssd1306):
        hw = build()
        hw.show_ring(bytearray([200] * 279))
        hw.play(5)
        hw.shutdown()
        assert neopixel.strips[0].sent == bytearray(279)
        assert machine.pwms[0].duty == 0


def turns(hw, frame, count):
    mask = 0
    for _ in range(count):
        mask |= hw.read_buttons()
        hw.show_ring(frame)
        hw.idle(10)
    return mask


def test_steady_state_turns_allocate_nothing():
    with fakes.installed() as (machine, _neopixel, _ssd1306):
        hw = build()
        hw.start_watchdog()
        frame = bytearray([90] * 279)
        hw.play(2)
        machine.pins[OK_PIN].level = 0
        micropython.heap_lock()
        try:
            mask = turns(hw, frame, 30)
        finally:
            micropython.heap_unlock()
        assert mask == 1 << OK
        assert machine.wdts[0].feeds == 60
