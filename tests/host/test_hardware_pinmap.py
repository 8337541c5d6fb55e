"""hardware/pinmap.json against firmware/config.json (the firmware's default config) and the
ESP32's pin rules: the reference build must never disagree with the firmware."""

import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONFIG_PATH = os.path.join(ROOT, "firmware", "config.json")
PINMAP_PATH = os.path.join(ROOT, "hardware", "pinmap.json")

ESP32_GPIOS = set(range(0, 20)) | {21, 22, 23, 25, 26, 27} | set(range(32, 40))
FLASH_PINS = set(range(6, 12))
REPL_UART_PINS = {1, 3}
INPUT_ONLY_PINS = set(range(34, 40))
STRAPPING_PINS = {0, 2, 5, 12, 15}
# What each config pin must be able to do: the buttons and the I2C lines need pull-ups, the LED
# data, the buzzer and the I2C lines drive the pin.
NEEDS_PULL_UP = {"keep", "swap", "ok", "back", "i2c_sda", "i2c_scl"}
DRIVES_PIN = {"leds", "buzzer", "i2c_sda", "i2c_scl"}
EXPECTED_KEYS = NEEDS_PULL_UP | DRIVES_PIN


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def pin_problems(pins):
    """Every way a {config key: GPIO} map breaks the ESP32's rules, as readable sentences."""
    problems = []
    seen = {}
    for key in sorted(pins):
        gpio = pins[key]
        if not isinstance(gpio, int) or isinstance(gpio, bool) or gpio not in ESP32_GPIOS:
            problems.append("%s: GPIO %r does not exist on the ESP32" % (key, gpio))
            continue
        if gpio in FLASH_PINS:
            problems.append("%s: GPIO %d is wired to the SPI flash (6-11)" % (key, gpio))
        if gpio in REPL_UART_PINS:
            problems.append("%s: GPIO %d is the USB serial REPL (1 and 3)" % (key, gpio))
        if gpio in INPUT_ONLY_PINS and key in NEEDS_PULL_UP:
            problems.append("%s: GPIO %d is input-only with no pull-up (34-39)" % (key, gpio))
        if gpio in INPUT_ONLY_PINS and key in DRIVES_PIN:
            problems.append("%s: GPIO %d is input-only and cannot drive (34-39)" % (key, gpio))
        if gpio in STRAPPING_PINS:
            problems.append("%s: GPIO %d is a strapping pin (0, 2, 5, 12, 15)" % (key, gpio))
        if gpio in seen:
            problems.append("%s: GPIO %d is already used by %s" % (key, gpio, seen[gpio]))
        seen[gpio] = key
    return problems


def test_every_config_pin_is_in_the_pin_map_with_the_same_gpio():
    config_pins = load(CONFIG_PATH)["pins"]
    signals = load(PINMAP_PATH)["signals"]
    assert set(config_pins) == EXPECTED_KEYS, "config pins changed: %s" % sorted(config_pins)
    assert set(signals) == set(config_pins), (
        "hardware/pinmap.json signals %s vs firmware/config.json pins %s" % (sorted(signals), sorted(config_pins)))
    disagree = ["%s: config GPIO %s, pin map GPIO %s" % (k, config_pins[k], signals[k]["gpio"])
                for k in sorted(config_pins) if config_pins[k] != signals[k]["gpio"]]
    assert not disagree, "; ".join(disagree)


def test_config_pins_follow_the_esp32_rules():
    problems = pin_problems(load(CONFIG_PATH)["pins"])
    assert not problems, "firmware/config.json pins: " + "; ".join(problems)


def test_the_rule_check_catches_each_bad_choice():
    good = load(CONFIG_PATH)["pins"]
    cases = {
        "leds": (7, "SPI flash"),
        "keep": (1, "REPL"),
        "swap": (35, "no pull-up"),
        "buzzer": (36, "cannot drive"),
        "ok": (12, "strapping"),
        "back": (20, "does not exist"),
        "i2c_sda": (good["i2c_scl"], "already used"),
    }
    for key, (gpio, why) in cases.items():
        pins = dict(good)
        pins[key] = gpio
        problems = pin_problems(pins)
        assert any(why in p for p in problems), "GPIO %r for %s was not refused: %s" % (gpio, key, problems)


def test_pin_map_directions_match_what_each_signal_needs():
    for key, signal in load(PINMAP_PATH)["signals"].items():
        assert signal["pull_up"] == (key in NEEDS_PULL_UP), key
        assert (signal["direction"] in ("output", "open-drain")) == (key in DRIVES_PIN), key


def test_disc_matches_the_led_config():
    leds = load(CONFIG_PATH)["leds"]
    disc = load(PINMAP_PATH)["disc"]
    assert disc["rings"] == leds["rings"]
    assert disc["outer_first"] == leds["outer_first"]
    assert sum(disc["rings"]) == 93 and disc["budget_rings"] == [24]


def test_every_signal_net_joins_its_gpio_to_a_part():
    pinmap = load(PINMAP_PATH)
    nets = pinmap["nets"]
    for key, signal in pinmap["signals"].items():
        nodes = nets.get(signal["net"])
        assert nodes, "%s: net %s is missing" % (key, signal["net"])
        assert "esp:GPIO%d" % signal["gpio"] in nodes, "%s: net %s does not reach GPIO %d" % (
            key, signal["net"], signal["gpio"])
        assert len(nodes) >= 2, "%s: net %s goes nowhere" % (key, signal["net"])


def test_nets_are_well_formed():
    pinmap = load(PINMAP_PATH)
    parts = pinmap["parts"]
    gpio_nodes = {"esp:GPIO%d" % s["gpio"] for s in pinmap["signals"].values()}
    owner = {}
    for net, nodes in pinmap["nets"].items():
        for node in nodes:
            part, _, pin = node.partition(":")
            assert part in parts and pin, "net %s: unknown node %s" % (net, node)
            assert node not in owner, "%s is in both %s and %s" % (node, owner[node], net)
            owner[node] = net
            if part == "esp" and pin.startswith("GPIO"):
                assert node in gpio_nodes, "net %s uses %s, which firmware/config.json does not" % (net, node)
    used_parts = {node.partition(":")[0] for nodes in pinmap["nets"].values() for node in nodes}
    assert used_parts == set(parts), "parts wired to nothing: %s" % sorted(set(parts) - used_parts)


def test_buttons_close_to_ground_as_the_firmware_expects():
    config = load(CONFIG_PATH)
    pinmap = load(PINMAP_PATH)
    assert config["buttons"]["active_low"] is True
    ground = pinmap["nets"]["GND"]
    for key in ("keep", "swap", "ok", "back"):
        part = "btn_" + key
        assert part + ":1" in pinmap["nets"][pinmap["signals"][key]["net"]]
        assert part + ":2" in ground, "%s does not close to GND" % part


def test_the_data_line_goes_through_the_level_shifter_and_resistor():
    nets = load(PINMAP_PATH)["nets"]
    assert "shifter:1A" in nets["LED_DATA_3V3"]
    assert set(nets["LED_DATA_5V"]) == {"shifter:1Y", "r_data:1"}
    assert set(nets["LED_DIN"]) == {"r_data:2", "disc:DIN"}
    # the 74AHCT125 must run from 5 V (its output sets the data level), enabled (1OE low)
    assert "shifter:VCC" in nets["5V"] and "shifter:1OE" in nets["GND"]
    assert "c_bulk:+" in nets["5V"] and "c_bulk:-" in nets["GND"] and "disc:5V" in nets["5V"]


def test_the_oled_pull_ups_stay_at_3v3():
    nets = load(PINMAP_PATH)["nets"]
    assert "oled:VCC" in nets["3V3"], "an OLED on 5 V pulls the ESP32's I2C pins to 5 V"
    assert "oled:VCC" not in nets["5V"]


def resistor_ohms(part):
    """A resistor's value in ohms from the pin map's "390 ohm" or "10 kohm"."""
    number, unit = part["value"].split()[:2]
    return float(number) * {"ohm": 1, "kohm": 1000}[unit]


def other_pin(nets, part, pin):
    """The net on the other pin of a two-pin part."""
    other = "%s:%s" % (part, "2" if pin == "1" else "1")
    return [net for net, nodes in nets.items() if other in nodes]


def test_the_led_data_line_is_held_low_until_the_firmware_drives_it():
    """Issue 13: GPIO16 floats from power-up until the firmware sets it, late in the boot, and the
    74AHCT125 passes whatever it picks up to the disc. A 10 kΩ pull-down at U2's input holds it."""
    pinmap = load(PINMAP_PATH)
    nets = pinmap["nets"]
    pulls = [node.partition(":") for node in nets["LED_DATA_3V3"]
             if not node.startswith(("esp:", "shifter:"))]
    assert len(pulls) == 1, "LED_DATA_3V3 needs one pull-down besides GPIO16 and U2: %s" % nets["LED_DATA_3V3"]
    part, _, pin = pulls[0]
    assert other_pin(nets, part, pin) == ["GND"], "the data line's resistor must go to GND"
    assert resistor_ohms(pinmap["parts"][part]) == 10000


def test_the_piezo_has_a_series_resistor():
    """Issue 13: a piezo is a capacitor: straight on GPIO19 each edge of the square wave draws what
    the pin can give. The pin goes to a resistor and the resistor to the piezo."""
    pinmap = load(PINMAP_PATH)
    nets = pinmap["nets"]
    signal = nets[pinmap["signals"]["buzzer"]["net"]]
    assert "buzzer:+" not in signal, "the piezo sits straight on GPIO19"
    resistors = [node.partition(":") for node in signal if not node.startswith("esp:")]
    assert len(resistors) == 1, signal
    part, _, pin = resistors[0]
    beyond = other_pin(nets, part, pin)
    assert len(beyond) == 1 and set(nets[beyond[0]]) == {"%s:%s" % (part, "2" if pin == "1" else "1"), "buzzer:+"}
    ohms = resistor_ohms(pinmap["parts"][part])
    # at least 3.3 V / 20 mA (the ESP32 pin's default drive), at most what keeps the piezo loud
    assert 3.3 / 0.020 <= ohms <= 1000, ohms


def microfarads(text):
    number, unit = text.split()[:2]
    return float(number) * {"uF": 1, "nF": 0.001}[unit]


def test_the_usb_build_keeps_the_big_capacitor_off_vbus():
    """Issue 13: on the USB build the disc's 5 V rail is VBUS, and USB 2.0 allows 10 µF across it
    at plug-in; the 1000 µF stays on the 5 V supply build, where D1 keeps it off VBUS."""
    parts = load(PINMAP_PATH)["parts"]
    bulk = parts["c_bulk"]["by_build"]
    assert microfarads(bulk["usb"]) <= 10, bulk
    assert microfarads(bulk["supply"]) >= 1000, bulk
    assert "wire link" in parts["d_feed"]["by_build"]["usb"] and "1N5817" in parts["d_feed"]["by_build"]["supply"]
