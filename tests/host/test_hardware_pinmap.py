"""The board profiles (hardware/boards/*.json) and the circuit (hardware/circuit.json) against
the firmware: its profiles (app.boards), its default config (firmware/config.json), its pin
rules. The reference build must never disagree with the firmware."""

import json
import os

from app.boards import BOARDS, CHIPS, REFERENCE_BOARD, pin_refusal
from hardware_files import MW
from repo_scripts import ROOT

CONFIG_PATH = os.path.join(ROOT, "firmware", "config.json")
# What each config pin must be able to do: the buttons and the I2C lines need pull-ups, the LED
# data, the buzzer and the I2C lines drive the pin.
NEEDS_PULL_UP = {"keep", "swap", "ok", "back", "i2c_sda", "i2c_scl"}
DRIVES_PIN = {"leds", "buzzer", "i2c_sda", "i2c_scl"}
EXPECTED_KEYS = NEEDS_PULL_UP | DRIVES_PIN


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


PROFILES = MW.load_boards()
CIRCUIT = MW.load_circuit()


def pinmaps():
    return [(name, MW.pinmap_for(profile, CIRCUIT)) for name, profile in sorted(PROFILES.items())]


def test_the_profiles_are_the_firmwares():
    assert sorted(PROFILES) == sorted(BOARDS)
    for name, profile in PROFILES.items():
        assert (profile["chip"], profile["pins"]) == BOARDS[name], (
            "hardware/boards/%s.json and firmware/lib/app/boards.py disagree" % name)
        assert profile["esptool"]["chip"] == profile["chip"]
    assert MW.reference_board(PROFILES) == REFERENCE_BOARD


def test_the_default_config_is_the_reference_profiles():
    config = load(CONFIG_PATH)
    assert config["board"] == REFERENCE_BOARD
    assert set(config["pins"]) == EXPECTED_KEYS, "config pins changed: %s" % sorted(config["pins"])
    assert config["pins"] == PROFILES[REFERENCE_BOARD]["pins"]


def test_the_reference_is_the_s3_with_octal_psram_the_second_a_wrover():
    s3 = PROFILES[REFERENCE_BOARD]
    assert (s3["chip"], s3["module"], s3["esptool"]["offset"]) == ("esp32s3", "ESP32-S3-WROOM-1-N8R8", "0x0")
    assert (s3["micropython"]["board"], s3["micropython"]["variant"]) == ("ESP32_GENERIC_S3", "SPIRAM_OCT")
    assert s3["host_link"]["port"] == "UART"
    wrover = PROFILES["wrover-devkitc"]
    assert (wrover["chip"], wrover["module"], wrover["esptool"]["offset"]) == ("esp32", "ESP32-WROVER-E", "0x1000")
    assert (wrover["micropython"]["board"], wrover["micropython"]["variant"]) == ("ESP32_GENERIC", "SPIRAM")
    assert wrover["pins"]["leds"] == 23, "GPIO16 and 17 drive the PSRAM on a WROVER"


def test_every_profile_pin_follows_its_chips_rules_and_is_on_its_header():
    for name, profile in PROFILES.items():
        header = set(profile["headers"]["J1"]) | set(profile["headers"]["J3"])
        seen = {}
        for key, gpio in profile["pins"].items():
            assert pin_refusal(profile["chip"], gpio) is None, (name, key, gpio, pin_refusal(profile["chip"], gpio))
            assert "GPIO%d" % gpio in header, "%s: GPIO%d is not on the board's headers" % (name, gpio)
            assert gpio not in seen, "%s: GPIO %d for %s and %s" % (name, gpio, key, seen.get(gpio))
            seen[gpio] = key
        # every GPIO on the headers exists on the chip
        for pin in header:
            gpio = MW.header_gpio(pin)
            assert gpio is None or gpio in CHIPS[profile["chip"]][1], (name, pin)


def test_a_pin_map_that_breaks_a_rule_is_refused_by_the_drawing_too():
    profile = json.loads(json.dumps(PROFILES[REFERENCE_BOARD]))
    del profile["pins"]["back"]
    try:
        MW.pinmap_for(profile, CIRCUIT)
    except MW.PinmapError as err:
        assert "back" in str(err)
    else:
        raise AssertionError("a pin map without BACK was drawn")


def test_pin_map_directions_match_what_each_signal_needs():
    for key, signal in CIRCUIT["signals"].items():
        assert signal["pull_up"] == (key in NEEDS_PULL_UP), key
        assert (signal["direction"] in ("output", "open-drain")) == (key in DRIVES_PIN), key


def test_disc_matches_the_led_config():
    leds = load(CONFIG_PATH)["leds"]
    disc = CIRCUIT["disc"]
    assert disc["rings"] == leds["rings"]
    assert disc["outer_first"] == leds["outer_first"]
    assert sum(disc["rings"]) == 93 and disc["budget_rings"] == [24]


def test_every_signal_net_joins_its_gpio_to_a_part():
    for name, pinmap in pinmaps():
        nets = pinmap["nets"]
        for key, signal in pinmap["signals"].items():
            nodes = nets.get(signal["net"])
            assert nodes, "%s: net %s is missing" % (key, signal["net"])
            assert "esp:GPIO%d" % signal["gpio"] in nodes, "%s %s: net %s does not reach GPIO %d" % (
                name, key, signal["net"], signal["gpio"])
            assert len(nodes) >= 2, "%s: net %s goes nowhere" % (key, signal["net"])


def test_nets_are_well_formed():
    for _name, pinmap in pinmaps():
        nets_are_well_formed(pinmap)
    # the circuit names no GPIO: each board's profile does
    assert not any(node.startswith("esp:GPIO") for nodes in CIRCUIT["nets"].values() for node in nodes)


def nets_are_well_formed(pinmap):
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
                assert node in gpio_nodes, "net %s uses %s, which the profile does not" % (net, node)
    used_parts = {node.partition(":")[0] for nodes in pinmap["nets"].values() for node in nodes}
    assert used_parts == set(parts), "parts wired to nothing: %s" % sorted(set(parts) - used_parts)


def test_buttons_close_to_ground_as_the_firmware_expects():
    config = load(CONFIG_PATH)
    pinmap = CIRCUIT
    assert config["buttons"]["active_low"] is True
    ground = pinmap["nets"]["GND"]
    for key in ("keep", "swap", "ok", "back"):
        part = "btn_" + key
        assert part + ":1" in pinmap["nets"][pinmap["signals"][key]["net"]]
        assert part + ":2" in ground, "%s does not close to GND" % part


def test_the_data_line_goes_through_the_level_shifter_and_resistor():
    nets = CIRCUIT["nets"]
    assert "shifter:1A" in nets["LED_DATA_3V3"]
    assert set(nets["LED_DATA_5V"]) == {"shifter:1Y", "r_data:1"}
    assert set(nets["LED_DIN"]) == {"r_data:2", "disc:DIN"}
    # the 74AHCT125 must run from 5 V (its output sets the data level), enabled (1OE low)
    assert "shifter:VCC" in nets["5V"] and "shifter:1OE" in nets["GND"]
    assert "c_bulk:+" in nets["5V"] and "c_bulk:-" in nets["GND"] and "disc:5V" in nets["5V"]


def test_the_oled_pull_ups_stay_at_3v3():
    nets = CIRCUIT["nets"]
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
    pinmap = CIRCUIT
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
    pinmap = CIRCUIT
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
    parts = CIRCUIT["parts"]
    bulk = parts["c_bulk"]["by_build"]
    assert microfarads(bulk["usb"]) <= 10, bulk
    assert microfarads(bulk["supply"]) >= 1000, bulk
    assert "wire link" in parts["d_feed"]["by_build"]["usb"] and "1N5817" in parts["d_feed"]["by_build"]["supply"]


def test_the_port_finder_knows_every_profiles_usb_bridge():
    """`tanturlurette ports` and the logger find the board by its USB bridge: each bridge a
    profile's host-link port may carry (the S3-DevKitC-1's CP2102N or CH343) must be known."""
    from host_tools.device import bridge_name, find_port

    class Port:
        def __init__(self, device, vid, pid):
            self.device, self.vid, self.pid = device, vid, pid

    for name, profile in PROFILES.items():
        for bridge in profile["host_link"]["bridges"]:
            vid, pid = int(bridge["vid"], 16), int(bridge["pid"], 16)
            assert bridge_name(vid, pid), "%s: the %s bridge is unknown" % (name, bridge["name"])
            assert find_port([Port("/dev/ttyS0", None, None), Port("/dev/ttyACM0", vid, pid)]) == "/dev/ttyACM0"
