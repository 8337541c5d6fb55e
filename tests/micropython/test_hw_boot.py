"""hw_esp32.boot and hw_esp32.run: the board's boot and loop, run for real on the unix port against
fake hardware."""

import os
import sys

import fakes
import framebuf
from app.boards import BOARDS
from app.clock import ManualClock
from app.colours import ALERT
from app.config import DEFAULT_CONFIG, WATCHDOG_MIN_MS
from app.power import estimate_ma
from app.ring import RingLayout
from app.session import Session
from engine.core import CHANCE
from engine.rng import Rng
from games.tanturlurette.bots import ThresholdBot
from hw_esp32 import boot, run
from store.storage import Store
from test_store_files import RamBlockDevice, mount_ram, unmount

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
SCRATCH = HERE + "/_hw_boot_scratch"
CONFIG_TEXT = open(HERE + "/../../firmware/config.json").read()


def boot_module():
    """hw_esp32.boot as run.main will import it, for a test to change: boot() lets go of its module
    as it returns, so the next boot loads it afresh, and a change must be made on that one."""
    import hw_esp32.boot  # noqa: F401

    return sys.modules["hw_esp32.boot"]


def remove_tree(path):
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        full = path + "/" + name
        try:
            os.remove(full)
        except OSError:
            remove_tree(full)
    os.rmdir(path)


def fresh_scratch(config_text):
    remove_tree(SCRATCH)
    os.mkdir(SCRATCH)
    os.mkdir(SCRATCH + "/flash")
    with open(SCRATCH + "/config.json", "w") as f:
        f.write(config_text)


class Serial:
    """The cable: each (turn, line) of lines reaches the device at that turn of script. Like the
    board's USB serial, the line is the REPL's unless repl is False (the browser page's is not)."""

    def __init__(self, script=None, lines=(), repl=True):
        self.repl = repl
        self.out = []
        self.script = script
        self.lines = list(lines)

    def read(self):
        if self.lines and self.lines[0][0] <= self.script.turns:
            return self.lines.pop(0)[1]
        return None

    def write(self, data):
        self.out.append(data if isinstance(data, bytes) else data.encode())


class Script:
    """should_stop for the loop: counts turns and presses fake buttons at given turns."""

    def __init__(self, machine, turns, presses=()):
        self.machine = machine
        self.turns = 0
        self.limit = turns
        self.presses = presses  # (turn, gpio, level)
        self.ctrl_c = []  # at each turn, the last kbd_intr char the boot set (None: none yet)

    def __call__(self):
        chars = fakes.micropython.interrupt_chars
        self.ctrl_c.append(chars[-1] if chars else None)
        for turn, gpio, level in self.presses:
            if turn == self.turns:
                self.machine.pins[gpio].level = level
        self.turns += 1
        return self.turns > self.limit


S3 = "Generic ESP32S3 module with Octal-SPIRAM with ESP32S3"  # what MicroPython 1.29 names the chip
WROVER = "Generic ESP32 module with SPIRAM with ESP32"
PSRAM_HEAP = 8 * 1024 * 1024
PINS = DEFAULT_CONFIG["pins"]


def boot_for(turns, config_text=CONFIG_TEXT, presses=(), oled=True, oled_fitted=True, machine=S3,
             heap=PSRAM_HEAP, lines=(), repl=True):
    """Boot on fake hardware; oled: the ssd1306 driver is installed; oled_fitted: the module is
    on the bus (its address and its pull-ups); machine: the chip as MicroPython names it; heap:
    what gc reports, in bytes (the unix port's own heap is not a board's); lines: (turn, bytes)
    the host sends (serial.script counts the turns); repl: the line is the REPL's, as the board's
    USB serial is."""
    fresh_scratch(config_text)
    clock = ManualClock()
    sda_scl = BOARDS["wrover-devkitc" if machine == WROVER else "s3-devkitc-1"][1]
    with fakes.installed(oled=oled) as (fake_machine, neopixel, ssd1306):
        if oled_fitted:
            fake_machine.fit_module(60, sda_scl["i2c_sda"], sda_scl["i2c_scl"])
        script = Script(fake_machine, turns, presses)
        serial = Serial(script, lines, repl)
        try:
            app = run.main(SCRATCH + "/config.json", SCRATCH + "/flash", should_stop=script,
                            machine=machine, heap=heap, clock=clock, serial=serial,
                            sleep_ms=clock.advance)
        finally:
            remove_tree(SCRATCH)
        return app, fake_machine, neopixel, ssd1306, serial


def test_boot_runs_the_app_on_the_board_layer():
    app, machine, neopixel, ssd1306, serial = boot_for(100)
    assert app is not None
    assert app.session.store is not None, "the board must save games on its flash store"
    wdt = machine.wdts[0]
    assert wdt.timeout == 8000 and wdt.feeds >= 100  # fed every turn of the loop
    strip = neopixel.strips[0]
    assert strip.writes >= 2  # blank at power-up, then the app's first frame
    assert estimate_ma(strip.sent, 255) <= 450
    assert ssd1306.displays[0].shown, "the app's text reached the OLED"
    sent = b"".join(serial.out)
    assert b"boot" in sent  # the protocol link announced the boot


def test_the_boots_code_is_let_go_of_before_the_loop_runs():
    """Issue 25: the boot's module (about 4 KB of heap on a 32-bit port) is not kept for the
    game: boot() lets go of it and run.main holds none of it while its loop turns."""
    fresh_scratch(CONFIG_TEXT)
    clock = ManualClock()
    held = []

    def stop():
        held.append("hw_esp32.boot" in sys.modules or "boot" in run.__dict__)
        return len(held) > 3

    with fakes.installed() as (_machine, _neopixel, _ssd1306):
        try:
            app = run.main(SCRATCH + "/config.json", SCRATCH + "/flash", should_stop=stop, machine=S3,
                           heap=PSRAM_HEAP, clock=clock, serial=Serial(), sleep_ms=clock.advance)
        finally:
            remove_tree(SCRATCH)
    assert app is not None and held == [False] * 4


def test_buttons_reach_the_app():
    presses = ((10, PINS["keep"], 0), (20, PINS["keep"], 1))  # KEEP held 100 ms
    app, _machine, _neopixel, _ssd1306, serial = boot_for(60, presses=presses)
    quiet, _m, _n, _s, _serial = boot_for(60)
    assert quiet.text == boot_for(60)[0].text  # without a press the boot is repeatable
    assert app.text != quiet.text  # KEEP moved the setup menu's cursor


def test_a_broken_config_still_boots_and_says_why():
    app, machine, neopixel, _ssd1306, serial = boot_for(20, config_text='{"pins": {"keep": 6}, "seats": 99')
    assert app is not None
    assert neopixel.strips[0].n == 93  # the default disc
    sent = b"".join(serial.out)
    assert b"not valid JSON" in sent
    assert app.notice is not None and "1" in app.notice[0]


def test_bad_values_fall_back_and_each_is_logged():
    text = CONFIG_TEXT.replace('"keep": 4', '"keep": 26').replace('"seats": 4', '"seats": 99')
    app, machine, _neopixel, _ssd1306, serial = boot_for(20, config_text=text)
    assert machine.pins[4].pull == machine.Pin.PULL_UP and 26 not in machine.pins  # KEEP fell back to GPIO 4
    sent = b"".join(serial.out)
    assert b"pins.keep" in sent and b"seats" in sent
    assert "2" in app.notice[0]


def test_a_board_without_the_oled_boots_at_once_and_says_why():
    app, machine, neopixel, ssd1306, serial = boot_for(20, oled_fitted=False)
    assert app is not None and ssd1306.displays == []
    assert sum(machine.stalls) == 0, "the boot waited on an empty I2C bus"
    assert b"no pull-up on I2C SDA" in b"".join(serial.out)
    assert neopixel.strips[0].writes >= 2


def test_no_oled_driver_still_boots():
    app, _machine, neopixel, ssd1306, serial = boot_for(20, oled=False)
    assert app is not None and ssd1306.displays == []
    assert b"ssd1306 driver" in b"".join(serial.out)
    assert neopixel.strips[0].writes >= 2


def test_pins_the_board_refuses_fall_back_to_the_profiles_map():
    text = CONFIG_TEXT.replace('"leds": 21', '"leds": 18')
    fresh_scratch(text)
    clock = ManualClock()
    serial = Serial()
    with fakes.installed() as (machine, neopixel, _ssd1306):
        machine.broken_pins.append(18)
        try:
            app = run.main(SCRATCH + "/config.json", SCRATCH + "/flash", should_stop=Script(machine, 5),
                            machine=S3, heap=PSRAM_HEAP, clock=clock, serial=serial,
                            sleep_ms=clock.advance)
        finally:
            remove_tree(SCRATCH)
        assert app is not None
        assert neopixel.strips[-1].pin is machine.pins[PINS["leds"]]
        assert b"using the pin map of s3-devkitc-1" in b"".join(serial.out)


class Unusable:
    """A session the app cannot even attach to, as a store gone wrong in an unforeseen way."""

    @property
    def on_event(self):
        return None

    @on_event.setter
    def on_event(self, handler):
        raise OSError(5)  # EIO


def test_an_app_that_cannot_start_on_its_session_starts_on_a_fresh_one():
    module = boot_module()
    saved = module._session
    module._session = lambda root, messages: Unusable()
    try:
        app, _machine, _neopixel, _ssd1306, serial = boot_for(5)
    finally:
        module._session = saved
    assert app is not None and not isinstance(app.session, Unusable)
    assert b"saved game unusable" in b"".join(serial.out)


def test_an_error_in_the_loop_is_said_then_raised_for_the_watchdog():
    fresh_scratch(CONFIG_TEXT)
    clock = ManualClock()

    def broken():
        raise RuntimeError("bug")

    with fakes.installed() as (machine, _neopixel, _ssd1306):
        try:
            run.main(SCRATCH + "/config.json", SCRATCH + "/flash", should_stop=broken, machine=S3,
                      heap=PSRAM_HEAP, clock=clock, serial=Serial(), sleep_ms=clock.advance)
        except RuntimeError as err:
            assert str(err) == "bug"
        else:
            raise AssertionError("the error was swallowed")
        finally:
            remove_tree(SCRATCH)
        assert machine.wdts[0].timeout == 8000  # armed: it will reset the board


def test_ctrl_c_relaxes_the_watchdog_and_goes_dark():
    fresh_scratch(CONFIG_TEXT)
    clock = ManualClock()

    def interrupted():
        if clock.ticks_ms() != ManualClock().ticks_ms():
            raise KeyboardInterrupt
        return False

    with fakes.installed() as (machine, neopixel, _ssd1306):
        try:
            app = run.main(SCRATCH + "/config.json", SCRATCH + "/flash", should_stop=interrupted,
                            machine=S3, heap=PSRAM_HEAP, clock=clock, serial=Serial(),
                            sleep_ms=clock.advance)
        finally:
            remove_tree(SCRATCH)
        assert app is not None
        assert machine.wdts[-1].timeout == 3600000
        assert neopixel.strips[0].sent == bytearray(279)


def test_ctrl_c_is_off_while_the_game_runs_and_on_again_after():
    """Issue 13: a stray 0x03 on the port raised KeyboardInterrupt and stopped the game until the
    relaxed watchdog fired an hour later. While the loop turns it is a byte like any other: it
    reaches the protocol, which answers a bad line, and the game goes on."""
    from proto.wire import frame

    lines = [(5, b"\x03\x03" + frame({"cmd": "version", "id": 1})), (10, frame({"cmd": "version", "id": 2}))]
    app, machine, _neopixel, _ssd1306, serial = boot_for(30, lines=lines)
    assert app is not None and serial.script.turns == 31  # the loop ran to its end
    assert set(serial.script.ctrl_c) == {-1}, serial.script.ctrl_c  # off at every turn
    assert fakes.micropython.interrupt_chars == [-1, 3]  # and on again once the loop ended
    events = protocol_lines(serial)
    assert [e["data"].get("code") for e in events if e["type"] == "error" and "id" in e["data"]] == ["bad_line"]
    assert [e["data"]["id"] for e in events if e["type"] == "ok"] == [2]
    assert machine.wdts[-1].timeout == 8000  # the game's watchdog, armed all along


def test_the_repl_command_ends_the_loop_and_hands_the_board_to_the_repl():
    """`repl`, as deploy sends it before mpremote: answered ok, then the loop ends on its own,
    Ctrl-C is on again, the watchdog (which cannot be stopped) waits an hour, the LEDs go dark."""
    from proto.wire import frame

    app, machine, neopixel, _ssd1306, serial = boot_for(1000, lines=[(20, frame({"cmd": "repl", "id": 9}))])
    assert app is not None and serial.script.turns < 30, serial.script.turns  # ended by the command
    ok = [e for e in protocol_lines(serial) if e["type"] == "ok"]
    assert [(e["data"]["cmd"], e["data"]["id"]) for e in ok] == [("repl", 9)]
    assert fakes.micropython.interrupt_chars == [-1, 3]
    assert [wdt.timeout for wdt in machine.wdts] == [8000, 3600000]
    assert neopixel.strips[0].sent == bytearray(279)
    assert b"the host asked for the REPL" not in b"".join(serial.out)  # said on the REPL, not as an event


def test_a_link_that_is_no_repl_refuses_the_repl_command():
    """The simulator's link is a pty, no REPL: `repl` is refused there and its loop goes on."""
    from proto.link import Link
    from proto.wire import frame, parse_line

    class App:
        session = None

        def pop_event(self):
            return None

    inbox = [frame({"cmd": "repl", "id": 3})]
    out = []
    link = Link(App(), lambda: inbox.pop(0) if inbox else None, out.append)
    link.poll(0)
    [answer] = [parse_line(line, True) for line in out]
    assert answer["type"] == "error" and answer["data"]["code"] == "failed" and answer["data"]["id"] == 3
    assert "no REPL" in answer["data"]["message"] and not link.repl_requested


def test_a_serial_line_that_is_no_repl_keeps_ctrl_c_as_it_is_and_refuses_repl():
    """The browser page's line is no REPL (and its WebAssembly port may have no kbd_intr): the
    boot leaves Ctrl-C alone there, and `repl` is refused while the game goes on."""
    from proto.wire import frame

    app, machine, _neopixel, _ssd1306, serial = boot_for(30, lines=[(5, frame({"cmd": "repl", "id": 4}))],
                                                         repl=False)
    assert app is not None and serial.script.turns == 31  # not ended by the command
    assert fakes.micropython.interrupt_chars == []
    [answer] = [e["data"] for e in protocol_lines(serial) if e["type"] == "error" and e["data"].get("id") == 4]
    assert answer["code"] == "failed" and "no REPL" in answer["message"]
    assert [wdt.timeout for wdt in machine.wdts] == [8000]  # the game's watchdog, not relaxed


def oled_picture(lines):
    """The bytes an SSD1306 128x64 shows for these lines, drawn as the board layer draws them."""
    buffer = bytearray(128 * 64 // 8)
    picture = framebuf.FrameBuffer(buffer, 128, 64, framebuf.MONO_VLSB)
    for row, line in enumerate(lines):
        picture.text(line, 0, row * 8, 1)
    return bytes(buffer)


def protocol_lines(serial):
    from proto.wire import PREFIX, parse_line

    return [parse_line(line, need_prefix=True) for line in b"".join(serial.out).split(b"\n")
            if line.startswith(PREFIX)]


def test_a_board_without_psram_says_so_and_waits_instead_of_crashing():
    """Issue 13: on a WROOM-32 without PSRAM (a 110 KB heap) the firmware reached its menu with
    3 KB left. The heap is measured before the application loads; too small, the device says so
    on the LEDs, the OLED (in its language) and the serial line, and waits for Ctrl-C."""
    for language, title, needs in (("fr", "Pas de PSRAM", "il faut 1024 Ko."),
                                   ("en", "No PSRAM", "needs 1024 KB.")):
        text = CONFIG_TEXT.replace('"language": "fr"', '"language": "%s"' % language)
        app, machine, neopixel, ssd1306, serial = boot_for(41, config_text=text, heap=112000)
        assert app is None, "the game started on a board without PSRAM"
        assert machine.wdts == [], "an armed watchdog would reset the board over and over"
        shown = ssd1306.displays[0].shown[-1]
        lines = [title, "", ("Memoire 109 Ko," if language == "fr" else "Heap 109 KB,"), needs]
        rest = {"fr": ["Carte a PSRAM et", "image SPIRAM:", "voir DEVICE.md"],
                "en": ["Use a board with", "PSRAM, a SPIRAM", "image: DEVICE.md"]}[language]
        assert shown == oled_picture(lines + rest)
        events = protocol_lines(serial)
        assert events and all(e["type"] == "error" and e["data"]["code"] == "no_psram" for e in events)
        assert "109 KB of heap" in events[0]["data"]["message"] and "PSRAM" in events[0]["data"]["message"]
        assert len(events) == 3  # at the start, then every 10 s for a host tool connecting later
        # four red LEDs at the quarters of the outer ring, blinking, the rest dark
        layout = RingLayout(DEFAULT_CONFIG["leds"])
        strip = neopixel.strips[0]
        lit = [i for i in range(strip.n) if strip.sent[3 * i:3 * i + 3] != bytes(3)]
        assert lit == sorted(layout.index(0, k) for k in (0, 8, 16, 24))
        red = strip.sent[3 * lit[0]:3 * lit[0] + 3]
        assert red[1] > 0 and red[0] == red[2] == 0, red  # GRB order: red alone, as ALERT is
        assert ALERT == (255, 0, 0)
        assert strip.writes >= 40  # one frame each half second: it blinks


def test_the_chip_picks_its_profile_when_the_config_names_another():
    """The reference config on a classic ESP32 (a WROVER board) uses the WROVER profile's pins:
    the S3's GPIO 21 for the LEDs would be a pin of a different board."""
    app, machine, neopixel, _ssd1306, serial = boot_for(20, machine=WROVER)
    assert app is not None
    wrover = BOARDS["wrover-devkitc"][1]
    assert neopixel.strips[0].pin is machine.pins[wrover["leds"]]
    assert machine.pins[wrover["keep"]].pull == machine.Pin.PULL_UP
    assert b"this chip is an ESP32; using wrover-devkitc" in b"".join(serial.out)
    assert app.config["board"] == "wrover-devkitc"


def test_a_chip_no_profile_is_for_is_named():
    app, _machine, _neopixel, _ssd1306, serial = boot_for(5, machine="ESP32C3 module with ESP32C3")
    assert app is not None
    assert b"no profile is for this chip (ESP32C3); pins checked as on the ESP32-S3" in b"".join(serial.out)


def test_running_out_of_memory_while_loading_says_so_rather_than_crashing():
    module = boot_module()
    saved = module._session

    def no_memory(root, messages):
        raise MemoryError

    module._session = no_memory
    try:
        app, machine, _neopixel, _ssd1306, serial = boot_for(3)
    finally:
        module._session = saved
    assert app is None and machine.wdts == []
    assert protocol_lines(serial)[0]["data"]["code"] == "no_psram"


def test_a_firmware_frozen_into_the_image_is_told_apart_from_files():
    assert boot.code_in_flash("hw_esp32/boot.py") is True  # a frozen module's __file__
    assert boot.code_in_flash(boot.__file__) is False


# The flash chip's slowest: the maxima of the 32 Mbit SPI NOR chips in ESP32-WROOM-32 modules.
SECTOR_ERASE_MAX_MS = 400
PAGE_PROGRAM_MAX_MS = 3
FLASH_PAGE = 256


class CountingChip(RamBlockDevice):
    """The ESP32's 4 KB-block flash in RAM, counting the page programs each write takes."""

    def __init__(self, blocks):
        RamBlockDevice.__init__(self, blocks, 4096)
        self.pages = 0

    def apply(self, entry, torn):
        block, offset, data, _mark = entry
        if data is not None:
            start = block * self.block_size + offset
            self.pages += (start + len(data) - 1) // FLASH_PAGE - start // FLASH_PAGE + 1
        RamBlockDevice.apply(self, entry, torn)


def test_the_watchdog_floor_outlasts_the_slowest_save():
    """A save is the slowest turn of the loop: whole games on real littlefs, every action saved,
    and the most any one action (or undo, or new game) erases and programs, at the flash chip's
    slowest, must leave the shortest watchdog the config accepts twice that and more."""
    chip = CountingChip(48)
    root = mount_ram(chip)
    worst_erases = worst_pages = 0
    try:
        for game in range(5):
            before = (chip.erases, chip.pages)
            session = Session(Store(root))
            session.new_game("tanturlurette", {"players": 4 + game})
            rng = Rng(game + 1)
            bot = ThresholdBot()
            while not session.state.is_over():
                state = session.state
                player = state.current_player()
                if player == CHANCE:
                    session.act(session.chance_outcome(rng))
                elif rng.below(25) == 0 and session.can_undo():
                    session.undo()
                else:
                    session.act(bot.choose(state, player, rng))
                worst_erases = max(worst_erases, chip.erases - before[0])
                worst_pages = max(worst_pages, chip.pages - before[1])
                before = (chip.erases, chip.pages)
    finally:
        unmount(root)
    assert worst_erases >= 2, "the games never compacted: they test nothing"
    flash_ms = worst_erases * SECTOR_ERASE_MAX_MS + worst_pages * PAGE_PROGRAM_MAX_MS
    print("slowest save: %d erases, %d pages, %d ms at the flash's slowest" % (
        worst_erases, worst_pages, flash_ms))
    # twice the flash, and an OLED refresh, a reply to the host and the turn's Python (docs/DEVICE.md)
    assert 2 * (flash_ms + 500) <= WATCHDOG_MIN_MS, flash_ms


def test_the_boot_lets_go_of_the_config_loader_and_set_config_loads_it_only_while_it_runs():
    """app.config and app.boards (17 KB of code on a 32-bit port) serve the boot alone: once
    the config is read they leave sys.modules, and nothing the running device holds brings them
    back; set_config loads them for its own run and lets them go again."""
    import sys

    from proto.wire import frame

    for name in ("app.config", "app.boards"):
        sys.modules.pop(name, None)  # this file's own imports hold theirs: the boot's are fresh
    change = frame({"cmd": "set_config", "config": {"language": "en"}, "id": 4})
    app, _machine, _neopixel, _ssd1306, serial = boot_for(60, lines=[(30, change)])
    assert app is not None
    ok = [e for e in protocol_lines(serial) if e["type"] == "ok"]
    assert [(e["data"]["cmd"], e["data"]["config"]["language"]) for e in ok] == [("set_config", "en")]
    for name in ("app.config", "app.boards"):
        assert name not in sys.modules, name
    import app as package

    assert "config" not in package.__dict__ and "boards" not in package.__dict__


def test_the_command_handlers_load_when_a_host_line_comes_and_not_for_noise():
    """proto.commands (6 KB of code on a 32-bit port) stays out of a boot that no host speaks to,
    and out of one whose line brings only noise (answered by the link alone); a line that parses
    loads it, and it is let go once the line is answered (issue 25: before, it stayed, 8 KB on a
    32-bit port with a host attached). Before that: Link loaded it at boot."""
    import sys

    import proto
    from proto.wire import frame

    def forget():
        sys.modules.pop("proto.commands", None)  # this process's other tests may hold it
        proto.__dict__.pop("commands", None)

    forget()
    app, _machine, _neopixel, _ssd1306, serial = boot_for(60)
    assert app is not None and "proto.link" in sys.modules
    assert "proto.commands" not in sys.modules
    app, _machine, _neopixel, _ssd1306, serial = boot_for(60, lines=[(20, b"\x00garbage\xff\n")])
    assert [e["data"]["code"] for e in protocol_lines(serial) if e["type"] == "error"][-1:] == ["bad_line"]
    assert "proto.commands" not in sys.modules
    hello = frame({"cmd": "hello", "id": 2})
    app, _machine, _neopixel, _ssd1306, serial = boot_for(60, lines=[(20, hello), (40, hello)])
    ok = [e["data"]["id"] for e in protocol_lines(serial) if e["type"] == "ok"]
    # each loaded for its line, and let go once it is answered (a host polling keeps none)
    assert ok == [2, 2] and "proto.commands" not in sys.modules and "commands" not in proto.__dict__
