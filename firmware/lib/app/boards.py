"""The board profiles the firmware knows, and the pin rules of their chips.

hardware/boards/<name>.json is the one source of each profile (tests/host/test_hardware_boards.py
fails if BOARDS here says anything else): its chip and its pin map, which deploy writes into the
board's config with the profile's name as `board`. The firmware checks every configured pin against
the rules of the chip the profile names (CHIPS below, from Espressif's GPIO tables), and, on the
board, that this chip is the one it runs on. A pin a rule refuses is replaced by the profile's own
pin for that signal, with the rule as the reason (app.config).
"""

REFERENCE_BOARD = "s3-devkitc-1"

# Each profile: (chip, pin map). The pins are also the fallback of each signal on that board.
BOARDS = {
    # ESP32-S3-DevKitC-1 with an ESP32-S3-WROOM-1-N8R8 (8 MB octal PSRAM): the reference build
    "s3-devkitc-1": ("esp32s3", {"leds": 21, "keep": 4, "swap": 5, "ok": 6, "back": 7,
                                 "buzzer": 47, "i2c_sda": 2, "i2c_scl": 1}),
    # ESP32-DevKitC with an ESP32-WROVER-E: the WROOM pin map, with the LED data off GPIO16 (PSRAM)
    "wrover-devkitc": ("esp32", {"leds": 23, "keep": 25, "swap": 26, "ok": 27, "back": 33,
                                 "buzzer": 19, "i2c_sda": 21, "i2c_scl": 22}),
}

# Each chip: (its name, the GPIOs it has, then (pins, kind, why) for every group a pin map may not
# use: kind is the app.i18n key of the few words the OLED says, why the reason the log gives).
# Every signal of the firmware drives its pin or needs its pull-up, and a button held at reset
# must never change how the board boots: so input-only and strapping pins are refused too.
CHIPS = {
    "esp32": ("ESP32", tuple(range(0, 20)) + (21, 22, 23, 25, 26, 27) + tuple(range(32, 40)), (
        (range(6, 12), "pin_flash", "wired to the flash (6-11)"),
        ((16, 17), "pin_psram", "wired to the PSRAM of WROVER modules (16, 17)"),
        ((1, 3), "pin_serial", "the USB serial line, UART0 (1, 3)"),
        (range(34, 40), "pin_input", "input only, without pull-up (34-39)"),
        ((0, 2, 5, 12, 15), "pin_strap", "a strapping pin (0, 2, 5, 12, 15): held at reset, it stops the boot"),
    )),
    "esp32s3": ("ESP32-S3", tuple(range(0, 22)) + tuple(range(26, 49)), (
        (range(26, 33), "pin_flash", "wired to the flash and PSRAM (26-32)"),
        (range(33, 38), "pin_psram", "wired to the octal PSRAM of an R8 module (33-37)"),
        ((19, 20), "pin_usb", "the native USB D- and D+ (19, 20)"),
        ((43, 44), "pin_serial", "the USB serial line, UART0 TX and RX (43, 44)"),
        ((0, 3, 45, 46), "pin_strap", "a strapping pin (0, 3, 45, 46): held at reset, it stops the boot"),
    )),
}

# What MicroPython names each chip at the end of sys.implementation._machine
# ("Generic ESP32S3 module with Octal-SPIRAM with ESP32S3": the board, " with ", the MCU).
_MCU_NAMES = {"ESP32": "esp32", "ESP32S3": "esp32s3"}


def pin_refusal(chip, pin):
    """Why `pin` cannot carry a signal on `chip` (a CHIPS key), or None if it can."""
    refused = pin_rule(chip, pin)
    return None if refused is None else refused[1]


def pin_rule(chip, pin):
    """(kind, why) of the rule of `chip` that refuses `pin` (CHIPS), or None if none does."""
    _name, gpios, groups = CHIPS[chip]
    if pin not in gpios:
        return "pin_none", "not there"  # config.py adds "on the ESP32-S3": a pin the chip lacks
    for pins, kind, why in groups:
        if pin in pins:
            return kind, why
    return None


def chip_of(machine):
    """The CHIPS key of the chip a MicroPython machine string names, or None for any other."""
    return _MCU_NAMES.get(machine.rsplit(" with ", 1)[-1])


def mcu_name(machine):
    """The chip as the machine string names it, for a message about a chip with no profile."""
    return machine.rsplit(" with ", 1)[-1]


def running_machine():
    """The machine string of the runtime: the board and chip on an ESP32, the OS elsewhere."""
    import sys

    # CPython has no _machine: the host tools check configs there, for no chip in particular
    return getattr(sys.implementation, "_machine", "")


def board_for_chip(chip):
    """The first profile for `chip` (the reference first), or None if no profile has it."""
    if BOARDS[REFERENCE_BOARD][0] == chip:
        return REFERENCE_BOARD
    for name in sorted(BOARDS):
        if BOARDS[name][0] == chip:
            return name
    return None
