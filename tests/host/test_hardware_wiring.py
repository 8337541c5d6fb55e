"""hardware/wiring/<board>.svg and hardware/wokwi/<board>/ are generated from the circuit and each
board profile, and agree with them and with the firmware's config for that board."""

import copy
import json
import os
import tomllib
import xml.etree.ElementTree as ET

from hardware_files import HARDWARE, MW
from repo_scripts import ROOT

SVG_NS = "{http://www.w3.org/2000/svg}"


def load_json(*parts):
    with open(os.path.join(*parts), encoding="utf-8") as f:
        return json.load(f)


def read(*parts):
    with open(os.path.join(*parts), encoding="utf-8") as f:
        return f.read()


CONFIG = load_json(ROOT, "firmware", "config.json")
BOARDS = MW.load_boards()
REFERENCE = MW.reference_board(BOARDS)
PINMAP = MW.pinmap_for(BOARDS[REFERENCE])


def config_for(name):
    """The config deploy --board writes: the default one with the profile's board and pins."""
    config = copy.deepcopy(CONFIG)
    config["board"] = name
    config["pins"] = dict(BOARDS[name]["pins"])
    return config


# -- the SVG --------------------------------------------------------------------------------------
def test_committed_svgs_are_what_the_script_draws():
    for name, profile in BOARDS.items():
        assert read(HARDWARE, "wiring", name + ".svg") == MW.render_svg(MW.pinmap_for(profile)), (
            "hardware/wiring/%s.svg is stale: run python hardware/make_wiring.py" % name)


def test_svg_is_valid_and_names_every_connection():
    for name, profile in BOARDS.items():
        svg_names_every_connection(read(HARDWARE, "wiring", name + ".svg"), MW.pinmap_for(profile))


def svg_names_every_connection(svg, pinmap):
    root = ET.fromstring(svg)
    assert root.tag == SVG_NS + "svg"
    groups = {g.get("id"): g for g in root.iter(SVG_NS + "g")}
    for net, nodes in pinmap["nets"].items():
        group = groups.get("net-" + net)
        assert group is not None, "net %s is not drawn" % net
        title = group.find(SVG_NS + "title")
        assert title is not None and title.text.startswith(net + ":"), net
        for node in nodes:
            assert node in title.text, "net %s does not name %s" % (net, node)
        assert group.find(SVG_NS + "path") is not None, "net %s has no wire or flag" % net
    for part in pinmap["parts"]:
        assert "part-" + part in groups, "part %s is not drawn" % part
    texts = " ".join(t.text or "" for t in root.iter(SVG_NS + "text"))
    for key, signal in pinmap["signals"].items():
        assert "GPIO%d" % signal["gpio"] in texts, "%s's GPIO is not labelled" % key
    for net in pinmap["nets"]:
        assert net in texts, "net %s is not labelled" % net
    assert pinmap["board"] in texts


def test_svg_follows_a_change_of_pin_in_the_profile():
    profile = copy.deepcopy(BOARDS[REFERENCE])
    profile["pins"]["keep"] = 15
    svg = MW.render_svg(MW.pinmap_for(profile))
    assert "GPIO15 - btn_keep:1 (BTN_KEEP)" in svg
    assert "GPIO4 - btn_keep:1" not in svg


def test_the_drawing_marks_the_pins_the_chip_reserves():
    texts = read(HARDWARE, "wiring", "s3-devkitc-1.svg")
    for label in ("GPIO35 (PSRAM)", "GPIO20 (USB)", "GPIO43 (UART0)", "GPIO45 (strap)"):
        assert label in texts, label
    texts = read(HARDWARE, "wiring", "wrover-devkitc.svg")
    for label in ("GPIO16 (PSRAM)", "GPIO9 (flash)", "GPIO34 (input)", "GPIO1 (UART0)"):
        assert label in texts, label


def test_the_script_refuses_a_part_it_cannot_place():
    mw = MW
    extra = copy.deepcopy(PINMAP)
    extra["parts"]["fan"] = {"ref": "M1", "name": "Fan", "value": "5 V"}
    extra["nets"]["GND"].append("fan:-")
    try:
        mw.render_svg(extra)
    except mw.PinmapError as err:
        assert "fan" in str(err)
    else:
        raise AssertionError("a part with no place in the layout was drawn silently")


def test_check_mode_passes_on_the_committed_files():
    assert MW.main(["--check"]) == 0


# -- Wokwi ----------------------------------------------------------------------------------------
def wokwi_graph(diagram):
    """Undirected adjacency between 'part:pin' names."""
    graph = {}
    for connection in diagram["connections"]:
        a, b = connection[0], connection[1]
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set()).add(a)
    return graph


def esp_pin(pinmap, gpio):
    return "esp:" + MW.wokwi_gpio_pin(pinmap, gpio)


def wokwi_problems(diagram, config):
    """Every way a Wokwi diagram disagrees with a config (for the board it names), as sentences."""
    mw = MW.pinmap_for(BOARDS[config["board"]])  # the board's Wokwi names
    wokwi = mw["wokwi"]
    problems = []
    parts = {p["id"]: p for p in diagram["parts"]}
    graph = wokwi_graph(diagram)
    grounds = {"esp:" + g for g in wokwi["grounds"]}
    pins = config["pins"]
    board = [p for p in parts.values() if p["type"] == wokwi["part"]]
    if len(board) != 1 or board[0]["id"] != "esp":
        return ["the diagram needs exactly one %s with id esp" % wokwi["part"]]

    # The LED chain: from the data GPIO, DIN to DOUT, ring after ring.
    sizes = []
    at = esp_pin(mw, pins["leds"])
    visited = set()
    while True:
        inputs = [n for n in graph.get(at, ()) if n.endswith(":DIN")]
        if not inputs:
            break
        if len(inputs) > 1:
            problems.append("%s drives more than one DIN: %s" % (at, sorted(inputs)))
        ident = inputs[0].split(":")[0]
        if ident in visited:
            problems.append("the LED chain loops at %s" % ident)
            break
        visited.add(ident)
        part = parts.get(ident)
        if part is None:
            problems.append("the chain reaches unknown part %s" % ident)
            break
        if part["type"] == "wokwi-led-ring":
            sizes.append(int(part["attrs"].get("pixels", "16")))
            supply, ground = ident + ":VCC", ident + ":GND"
        elif part["type"] == "wokwi-neopixel":
            sizes.append(1)
            supply, ground = ident + ":VDD", ident + ":VSS"
        else:
            problems.append("%s in the LED chain is a %s" % (ident, part["type"]))
            break
        if "esp:" + wokwi["5V"] not in graph.get(supply, ()):
            problems.append("%s is not powered from 5V" % ident)
        if not graph.get(ground, set()) & grounds:
            problems.append("%s has no ground" % ident)
        at = ident + ":DOUT"
    if sizes != config["leds"]["rings"]:
        problems.append("LED chain from GPIO %d has rings %s, config says %s" % (
            pins["leds"], sizes, config["leds"]["rings"]))
    stray = [p for p in parts.values() if p["type"] in ("wokwi-led-ring", "wokwi-neopixel")
             and p["id"] not in visited]
    if stray:
        problems.append("LEDs outside the chain: %s" % sorted(p["id"] for p in stray))

    # Buttons: one contact on the configured GPIO, the other on ground (active low).
    for key in ("keep", "swap", "ok", "back"):
        gpio_pin = esp_pin(mw, pins[key])
        buttons = [p for p in parts.values() if p["type"] == "wokwi-pushbutton"
                   and p["attrs"].get("label", "").lower() == key]
        if len(buttons) != 1:
            problems.append("expected one button labelled %s, found %d" % (key.upper(), len(buttons)))
            continue
        ident = buttons[0]["id"]
        contacts = {}
        for side in ("1", "2"):
            for end in ("l", "r"):
                for other in graph.get("%s:%s.%s" % (ident, side, end), ()):
                    contacts.setdefault(side, set()).add(other)
        sides = [contacts.get("1", set()), contacts.get("2", set())]
        wired = any(gpio_pin in a and a and b & grounds for a, b in (sides, sides[::-1]))
        if not wired:
            problems.append("button %s is not between %s and GND: %s" % (key.upper(), gpio_pin, sides))

    # The OLED and the buzzer.
    oleds = [p for p in parts.values() if p["type"] == "board-ssd1306"]
    if len(oleds) != 1:
        problems.append("expected one board-ssd1306")
    else:
        ident = oleds[0]["id"]
        for pin, key in (("SDA", "i2c_sda"), ("SCL", "i2c_scl")):
            if esp_pin(mw, pins[key]) not in graph.get(ident + ":" + pin, ()):
                problems.append("OLED %s is not on GPIO %d" % (pin, pins[key]))
        if "esp:" + wokwi["3V3"] not in graph.get(ident + ":VCC", ()):
            problems.append("the OLED is not powered from 3V3")
        if int(oleds[0]["attrs"].get("i2cAddress", "0x3c"), 16) != config["display"]["i2c_addr"]:
            problems.append("OLED address differs from display.i2c_addr")
    # No other board pin is used: the simulation wires exactly the configured GPIOs.
    allowed = ({esp_pin(mw, gpio) for gpio in pins.values()} | grounds
               | {"esp:" + wokwi["5V"], "esp:" + wokwi["3V3"], "esp:TX", "esp:RX"})
    extra = sorted(n for n in graph if n.startswith("esp:") and n not in allowed)
    if extra:
        problems.append("board pins wired that the config does not use: %s" % ", ".join(extra))
    buzzers = [p for p in parts.values() if p["type"] == "wokwi-buzzer"]
    if len(buzzers) != 1 or esp_pin(mw, pins["buzzer"]) not in graph.get(buzzers[0]["id"] + ":2", ()):
        problems.append("the buzzer's + is not on GPIO %d" % pins["buzzer"])
    return problems


def test_committed_diagrams_are_what_the_script_draws():
    for name, profile in BOARDS.items():
        pinmap = MW.pinmap_for(profile)
        assert read(HARDWARE, "wokwi", name, "diagram.json") == MW.render_wokwi(pinmap), (
            "hardware/wokwi/%s/diagram.json is stale: run python hardware/make_wiring.py" % name)
        assert read(HARDWARE, "wokwi", name, "wokwi.toml") == MW.render_wokwi_toml(pinmap)


def test_wokwi_diagrams_match_the_config_deploy_writes_for_their_board():
    for name in BOARDS:
        problems = wokwi_problems(load_json(HARDWARE, "wokwi", name, "diagram.json"), config_for(name))
        assert not problems, name + ": " + "; ".join(problems)
    assert config_for(REFERENCE) == CONFIG  # the reference's is the default config
    # the serial monitor is on the chip's UART0, the REPL's
    diagram = load_json(HARDWARE, "wokwi", REFERENCE, "diagram.json")
    assert ["esp:TX", "$serialMonitor:RX", "", []] in diagram["connections"]
    assert diagram["parts"][0]["type"] == "board-esp32-s3-devkitc-1"


def test_wokwi_check_catches_miswiring():
    diagram = load_json(HARDWARE, "wokwi", REFERENCE, "diagram.json")

    swapped = copy.deepcopy(diagram)
    rings = [p for p in swapped["parts"] if p["type"] == "wokwi-led-ring"]
    rings[0]["attrs"]["pixels"], rings[1]["attrs"]["pixels"] = rings[1]["attrs"]["pixels"], rings[0]["attrs"]["pixels"]
    assert any("rings" in p for p in wokwi_problems(swapped, CONFIG))

    broken = copy.deepcopy(diagram)
    broken["connections"] = [c for c in broken["connections"] if not (c[0] == "ring2:DOUT" or c[1] == "ring2:DOUT")]
    assert any("LED chain" in p or "outside the chain" in p for p in wokwi_problems(broken, CONFIG))

    moved = copy.deepcopy(CONFIG)
    moved["pins"]["ok"] = 15
    assert any("button OK" in p for p in wokwi_problems(diagram, moved))

    moved = copy.deepcopy(CONFIG)
    moved["pins"]["leds"] = 16
    assert any("LED chain from GPIO 16" in p for p in wokwi_problems(diagram, moved))

    stray = copy.deepcopy(diagram)
    stray["connections"].append(["btn_keep:1.r", "esp:16", "blue", []])
    assert any("esp:16" in p for p in wokwi_problems(stray, CONFIG))

    # the other board's diagram is not the reference config's
    other = load_json(HARDWARE, "wokwi", "wrover-devkitc", "diagram.json")
    assert wokwi_problems(other, CONFIG)


def test_wokwi_toml_runs_micropython_with_a_serial_port():
    for name in BOARDS:
        with open(os.path.join(HARDWARE, "wokwi", name, "wokwi.toml"), "rb") as f:
            settings = tomllib.load(f)["wokwi"]
        assert settings["version"] == 1
        assert settings["firmware"].endswith(".bin") and settings["elf"] == settings["firmware"]
        assert isinstance(settings["rfc2217ServerPort"], int)
        assert "ASSEMBLY.md" in read(HARDWARE, "wokwi", name, "wokwi.toml")
    reference = read(HARDWARE, "wokwi", REFERENCE, "wokwi.toml")
    assert "micropython-%s.bin" % REFERENCE in reference
    assert "micropython-%s.bin" % REFERENCE in read(HARDWARE, "ASSEMBLY.md"), (
        "ASSEMBLY.md must say where the image goes")
