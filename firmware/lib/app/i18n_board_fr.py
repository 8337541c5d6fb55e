"""The words of the board layer's boot screens in French (hw_esp32.boot, through
app.i18n.board_words: loaded for the screen and let go with it). ASCII, 16 columns."""

WORDS = {
    # the boot: config.json values refused (each said in full on the serial line and the log)
    "config_count": "Config: %d",  # values refused, their defaults used: config.json to fix
    "config_fix": "a corriger",
    # a pin the chip refuses (app.boards: each rule's key), after "KEEP: GPIO 26"
    "pin_gpio": "%s: GPIO %d",
    "pin_none": "pas sur la puce",
    "pin_flash": "broche de flash",
    "pin_psram": "broche de PSRAM",
    "pin_usb": "broche USB",
    "pin_serial": "ligne serie USB",
    "pin_input": "entree seule",
    "pin_strap": "bloque le boot",
    "pin_twice": "deja utilisee",
    "pins_fallback": "Broches: profil",  # the configured pins failed
    "no_store": "Sans sauvegarde",  # no flash store: no resume after a power cut
    "no_link": "Sans liaison USB",  # the serial protocol could not start
    # a board without PSRAM (hw_esp32.boot): the heap there and the heap needed, in KB
    "no_psram": "Pas de PSRAM",
    "heap_kb": "Memoire %d Ko,",
    "needs_kb": "il faut %d Ko.",
    "psram_board": "Carte a PSRAM et",
    "psram_image": "image SPIRAM:",
    "psram_doc": "voir DEVICE.md",
}
