"""The hardware/ documents agree with the board profiles, the circuit, the parts the firmware
expects, and the host tool's real command line."""

import os
import re
import shlex

from hardware_files import HARDWARE, MW


def read(name):
    with open(os.path.join(HARDWARE, name), encoding="utf-8") as f:
        return f.read()


BOARDS = MW.load_boards()
REFERENCE = MW.reference_board(BOARDS)


def header_position(profile, pin):
    """Where a pin (a GPIO number or a power pin's name) sits on the board: J1-4, J3-18..."""
    name = "GPIO%d" % pin if isinstance(pin, int) else pin
    for row in ("J1", "J3"):
        if name in profile["headers"][row]:
            return "%s-%d" % (row, profile["headers"][row].index(name) + 1)
    raise AssertionError("%s is not on the %s's headers" % (name, profile["board"]))


def pinmap_sections():
    """{profile name: the PINMAP.md text of its section}, the sections headed with `name`."""
    sections = {}
    for chunk in read("PINMAP.md").split("\n## ")[1:]:
        heading = chunk.splitlines()[0]
        named = [name for name in BOARDS if "`%s`" % name in heading]
        if named:
            sections[named[0]] = chunk
    return sections


def test_pinmap_md_has_a_table_per_board_that_matches_its_profile():
    sections = pinmap_sections()
    assert sorted(sections) == sorted(BOARDS), "PINMAP.md needs a section per board: %s" % sorted(sections)
    for name, text in sections.items():
        profile = BOARDS[name]
        for key, gpio in profile["pins"].items():
            rows = [line for line in text.splitlines() if line.startswith("| `%s` |" % key)]
            assert len(rows) == 1, "PINMAP.md (%s) needs one row for %s" % (name, key)
            cells = [c.strip() for c in rows[0].strip("|").split("|")]
            assert cells[1] == "GPIO%d" % gpio, (name, rows[0])
            assert cells[2] == header_position(profile, gpio), (name, rows[0])
        for power in ("3V3", "5V"):
            quoted = re.findall(r"\*\*%s\*\* \((J[13]-\d+)\)" % power, text)
            assert quoted == [header_position(profile, power)], (name, power, quoted)


def test_pin_positions_quoted_in_assembly_match_the_reference_board():
    profile = BOARDS[REFERENCE]
    text = read("ASSEMBLY.md")
    quoted = re.findall(r"GPIO(\d+)\*{0,2} \((J[13]-\d+)\)", text)
    assert len(quoted) >= 7
    for gpio, position in quoted:
        assert header_position(profile, int(gpio)) == position, "GPIO%s is not at %s" % (gpio, position)
    used = {int(gpio) for gpio, _ in quoted}
    assert used == set(profile["pins"].values()), "ASSEMBLY.md must place every signal"
    for power in ("3V3", "5V"):
        for position in re.findall(r"\*\*%s\*\*(?: pin)? \((J[13]-\d+)" % power, text):
            assert position == header_position(profile, power), (power, position)


def test_assembly_and_deploy_give_each_boards_esptool_commands():
    from host_tools import deploy

    text = read("ASSEMBLY.md")
    for name in BOARDS:
        for argv in deploy.esptool_commands(deploy.load_profile(name)):
            assert ".venv/bin/" + shlex.join(argv) in text, "ASSEMBLY.md lacks: %s" % shlex.join(argv)
    assert "write-flash -z 0x0 ESP32_GENERIC_S3-SPIRAM_OCT" in text
    assert "marked **UART**" in text


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


def test_bom_lists_every_part_of_the_circuit_and_what_the_issue_asks_for():
    text = read("BOM.md")
    refs = bom_refs(text)
    for part in MW.load_circuit()["parts"].values():
        assert part["ref"] in refs, "BOM.md does not list %s (%s)" % (part["ref"], part["name"])
    for needed in ("ESP32-S3-DevKitC-1-N8R8", "ESP32-S3-WROOM-1-N8R8", "8 MB octal PSRAM",
                   "ESP32-WROVER-E", "ESP32-DevKitC-VE", "32, 24, 16, 12, 8 and 1", "24-LED",
                   "74AHCT125", "0.7 × 5 V", "390 Ω", "300–500 Ω", "1000 µF", "SSD1306", "piezo",
                   "5 V 3 A", "Cost estimate"):
        assert needed in text, "BOM.md does not mention %s" % needed
    for name, profile in BOARDS.items():
        rows = [line for line in text.splitlines() if line.startswith("| `%s`" % name)]
        assert len(rows) == 1 and profile["order_code"] in rows[0] and profile["module"] in rows[0], name
        assert profile["micropython"]["board"] in rows[0] and profile["micropython"]["variant"] in rows[0]


def test_the_data_resistor_is_in_the_range_the_design_asks_for():
    value = MW.load_circuit()["parts"]["r_data"]["value"]
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
    for needed in ("esptool", "erase-flash", "write-flash -z 0x0", "write-flash -z 0x1000",
                   "tanturlurette deploy", "--board wrover-devkitc", "Pas de PSRAM",
                   "self-test", "red, then green, then blue", "Hold", "setup menu", "Wokwi"):
        assert needed in text, "ASSEMBLY.md does not mention %s" % needed


def test_enclosure_notes_cover_diffuser_buttons_and_strain_relief():
    text = read("ENCLOSURE.md")
    for needed in ("diffuser", "4 to 8 seats", "Strain relief", "in parallel"):
        assert needed in text, "ENCLOSURE.md does not mention %s" % needed
