"""The words of the board layer's boot screens in English (hw_esp32.boot, through
app.i18n.board_words: loaded for the screen and let go with it). ASCII, 16 columns."""

WORDS = {
    # the boot: config.json values refused (each said in full on the serial line and the log)
    "config_count": "Config: %d",  # values refused, their defaults used: config.json to fix
    "config_fix": "to fix",
    # a pin the chip refuses (app.boards: each rule's key), after "KEEP: GPIO 26"
    "pin_gpio": "%s: GPIO %d",
    "pin_none": "not on the chip",
    "pin_flash": "a flash pin",
    "pin_psram": "a PSRAM pin",
    "pin_usb": "a USB pin",
    "pin_serial": "USB serial line",
    "pin_input": "input only",
    "pin_strap": "stops the boot",
    "pin_twice": "used twice",
    "pins_fallback": "Pins: profile",  # the configured pins failed
    "no_store": "Not saving",  # no flash store: no resume after a power cut
    "no_link": "No host link",  # the serial protocol could not start
    # a board without PSRAM (hw_esp32.boot): the heap there and the heap needed, in KB
    "no_psram": "No PSRAM",
    "heap_kb": "Heap %d KB,",
    "needs_kb": "needs %d KB.",
    "psram_board": "Use a board with",
    "psram_image": "PSRAM, a SPIRAM",
    "psram_doc": "image: DEVICE.md",
}
