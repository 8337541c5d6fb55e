"""The hardware/ documents agree with the pin map, the parts the firmware expects, and the host
tool's real command line."""

import importlib.util
import json
import os
import re
import shlex

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HARDWARE = os.path.join(ROOT, "hardware")


def read(name):
    with open(os.path.join(HARDWARE, name), encoding="utf-8") as f:
        return f.read()


def pinmap():
    with open(os.path.join(HARDWARE, "pinmap.json"), encoding="utf-8") as f:
        return json.load(f)


def make_wiring():
    spec = importlib.util.spec_from_file_location("make_wiring", os.path.join(HARDWARE, "make_wiring.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def header_position(mw, gpio):
    for row, header in (("J1", mw.DEVKITC_LEFT), ("J3", mw.DEVKITC_RIGHT)):
        for i, (_name, number) in enumerate(header):
            if number == gpio:
                return "%s-%d" % (row, i + 1)
    raise AssertionError("GPIO %d is not on the DevKitC's headers" % gpio)


def test_pinmap_md_table_matches_the_pin_map():
    mw = make_wiring()
    text = read("PINMAP.md")
    for key, signal in pinmap()["signals"].items():
        rows = [line for line in text.splitlines() if line.startswith("| `%s` |" % key)]
        assert len(rows) == 1, "PINMAP.md needs one row for %s" % key
        cells = [c.strip() for c in rows[0].strip("|").split("|")]
        assert cells[1] == "GPIO%d" % signal["gpio"], rows[0]
        assert cells[2] == header_position(mw, signal["gpio"]), rows[0]


def test_pin_positions_quoted_in_assembly_match_the_headers():
    mw = make_wiring()
    text = read("ASSEMBLY.md") + read("PINMAP.md")
    quoted = re.findall(r"GPIO(\d+)\*{0,2} \((J[13]-\d+)\)", text)
    assert len(quoted) >= 6
    for gpio, position in quoted:
        assert header_position(mw, int(gpio)) == position, "GPIO%s is not at %s" % (gpio, position)
    for name, position in (("3V3", "J1-1"), ("5V", "J1-19")):
        index = int(position.split("-")[1]) - 1
        assert mw.DEVKITC_LEFT[index][0] == name


def bom_refs(text):
    """The references in the BOM's table cells, with ranges such as SW1–SW3 expanded."""
    refs = set()
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        for cell in line.strip("|").split("|"):
            match = re.fullmatch(r"([A-Z]+)(\d+)(?:–\1(\d+))?", cell.strip())
            if match:
                prefix, first, last = match.group(1), int(match.group(2)), match.group(3)
                for n in range(first, int(last or first) + 1):
                    refs.add("%s%d" % (prefix, n))
    return refs


def test_bom_lists_every_part_of_the_pin_map_and_what_the_issue_asks_for():
    text = read("BOM.md")
    refs = bom_refs(text)
    for part in pinmap()["parts"].values():
        assert part["ref"] in refs, "BOM.md does not list %s (%s)" % (part["ref"], part["name"])
    for needed in ("ESP32-DevKitC", "ESP32-WROOM-32", "32, 24, 16, 12, 8 and 1", "24-LED", "74AHCT125",
                   "0.7 × 5 V", "390 Ω", "300–500 Ω", "1000 µF", "SSD1306", "piezo", "5 V 3 A",
                   "Cost estimate"):
        assert needed in text, "BOM.md does not mention %s" % needed


def test_the_data_resistor_is_in_the_range_the_design_asks_for():
    value = pinmap()["parts"]["r_data"]["value"]
    ohms = int(value.split()[0])
    assert 300 <= ohms <= 500


def test_assembly_commands_parse_with_the_real_host_tool():
    from host_tools.cli import build_parser

    parser = build_parser()
    commands = re.findall(r"^\s+(tanturlurette [^#\n]+?)\s*(?:#.*)?$", read("ASSEMBLY.md"), re.M)
    assert any(c.startswith("tanturlurette deploy") for c in commands), commands
    for command in commands:
        argv = shlex.split(command)[1:]
        args = parser.parse_args(argv)
        assert args.func is not None, command


def test_assembly_covers_each_step_the_issue_asks_for():
    text = read("ASSEMBLY.md")
    for needed in ("esptool", "erase-flash", "write-flash -z 0x1000", "tanturlurette deploy",
                   "self-test", "red, then green, then blue", "Hold", "setup menu", "Wokwi"):
        assert needed in text, "ASSEMBLY.md does not mention %s" % needed


def test_enclosure_notes_cover_diffuser_buttons_and_strain_relief():
    text = read("ENCLOSURE.md")
    for needed in ("diffuser", "4 to 8 seats", "Strain relief", "in parallel"):
        assert needed in text, "ENCLOSURE.md does not mention %s" % needed
