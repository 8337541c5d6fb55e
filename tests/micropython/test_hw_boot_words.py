"""Issue 14 item 3 on the board layer: what hw_esp32.boot says on the OLED is in the config's
language, from app.i18n, in 16 columns; the serial line and the log keep the English detail."""

import fakes
from app.clock import ManualClock
from hw_esp32 import run
from test_hw_boot import (
    CONFIG_TEXT,
    PSRAM_HEAP,
    S3,
    SCRATCH,
    Script,
    Serial,
    boot_for,
    boot_module,
    fresh_scratch,
    remove_tree,
)


def in_language(lang, text=CONFIG_TEXT):
    changed = text.replace('"language": "fr"', '"language": "%s"' % lang)
    assert '"language": "%s"' % lang in changed
    return changed


def test_a_pin_the_chip_refuses_is_named_with_its_rule_in_the_configs_language():
    """Before: the OLED said "Config: 2" / "valeur(s) corrigee" (18 columns, cut) whatever the
    language, and nothing of which pin or why."""
    for lang, lines in (("fr", ["Config: 2", "a corriger", "KEEP: GPIO 26", "broche de flash"]),
                        ("en", ["Config: 2", "to fix", "KEEP: GPIO 26", "a flash pin"])):
        text = in_language(lang).replace('"keep": 4', '"keep": 26').replace('"seats": 4', '"seats": 99')
        app, _machine, _neopixel, _ssd1306, serial = boot_for(20, config_text=text)
        assert app.text[:4] == lines, app.text
        assert all(len(line) <= 16 for line in app.text)
        sent = b"".join(serial.out)
        assert b"pins.keep: GPIO 26 is wired to the flash and PSRAM (26-32) on the ESP32-S3; using 4" in sent


def test_every_rule_of_each_chip_has_its_words():
    from app.boards import BOARDS, CHIPS
    from app.config import DEFAULT_CONFIG, check_config, copy_config
    from app.i18n import LANGS, board_words

    for chip in CHIPS:
        _name, gpios, groups = CHIPS[chip]
        kinds = ["pin_none", "pin_twice"] + [kind for _pins, kind, _why in groups]
        for kind in kinds:
            for lang in LANGS:
                words = board_words(lang)[kind]
                assert len(words) <= 16, (kind, words)
        for _pins, kind, _why in groups:  # the config's check names the rule of each group
            raw = copy_config(DEFAULT_CONFIG)
            raw["board"] = "s3-devkitc-1" if chip == "esp32s3" else "wrover-devkitc"
            raw["pins"] = dict(BOARDS[raw["board"]][1])
            raw["pins"]["keep"] = list(_pins)[0]
            refused = []
            check_config(raw, chip, refused)
            assert refused == [("keep", list(_pins)[0], kind)], (chip, refused)


def boot_with_a_broken_pin(config_text, gpio):
    """Boot where the fake machine refuses to make `gpio` a pin: the app, or None."""
    fresh_scratch(config_text)
    clock = ManualClock()
    with fakes.installed() as (machine, _neopixel, _ssd1306):
        machine.broken_pins.append(gpio)
        try:
            return run.main(SCRATCH + "/config.json", SCRATCH + "/flash", should_stop=Script(machine, 5),
                             machine=S3, heap=PSRAM_HEAP, clock=clock, serial=Serial(), sleep_ms=clock.advance)
        finally:
            remove_tree(SCRATCH)


def boot_without_a_store(config_text):
    """Boot where the flash store cannot be opened: the app plays on a session in memory."""
    module = boot_module()
    saved = module._session

    def no_store(root, messages):
        from app.session import Session

        messages.append("store: OSError(19); this game will not survive a power cut")
        return Session()

    module._session = no_store
    try:
        return boot_for(5, config_text=config_text)[0]
    finally:
        module._session = saved


def test_a_pin_map_the_board_cannot_drive_says_the_profiles_pins_are_used():
    for lang, line in (("fr", "Broches: profil"), ("en", "Pins: profile")):
        app = boot_with_a_broken_pin(in_language(lang, CONFIG_TEXT.replace('"leds": 21', '"leds": 18')), 18)
        assert app.text[0] == line, app.text


def test_a_board_without_its_store_says_games_are_not_saved():
    for lang, line in (("fr", "Sans sauvegarde"), ("en", "Not saving")):
        app = boot_without_a_store(in_language(lang))
        assert app.session.store is None and app.text[0] == line, app.text


def boot_without_a_link(config_text):
    """Boot where the serial protocol cannot start: the game plays, no host tool logs it."""
    import proto.link

    saved = proto.link.Link

    def broken(*args, **kwargs):
        raise OSError(5)

    proto.link.Link = broken
    try:
        return boot_for(5, config_text=config_text)[0]
    finally:
        proto.link.Link = saved


def test_a_board_whose_serial_protocol_cannot_start_says_so():
    for lang, line in (("fr", "Sans liaison USB"), ("en", "No host link")):
        app = boot_without_a_link(in_language(lang))
        assert app.text[0] == line, app.text


def test_a_clean_boot_says_nothing_more():
    app = boot_for(5)[0]
    assert app.notice is None, app.notice
