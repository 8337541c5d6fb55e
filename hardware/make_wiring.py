"""Draw each board's wiring picture and Wokwi project from hardware/circuit.json and the board
profiles in hardware/boards/.

The circuit (parts and nets) is the same on every board; a profile gives the board: its header
rows, its pin map, where each part is drawn, its Wokwi part. The outputs are generated so that they
cannot drift from the profiles (which tests check against the firmware's app/boards.py and
firmware/config.json). Plain CPython; the pin rules are the firmware's own (firmware/lib/app/boards.py).

  python hardware/make_wiring.py          rewrite every output: wiring/<board>.svg, wokwi/<board>/
  python hardware/make_wiring.py --check  exit 1 if a committed output is stale
"""

import copy
import itertools
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CIRCUIT_PATH = os.path.join(HERE, "circuit.json")
BOARDS_DIR = os.path.join(HERE, "boards")
FIRMWARE_LIB = os.path.join(os.path.dirname(HERE), "firmware", "lib")
if FIRMWARE_LIB not in sys.path:
    sys.path.insert(0, FIRMWARE_LIB)

from app.boards import pin_refusal  # noqa: E402  (the path above first)

PIN_STEP = 22
PART_WIDTH = 230
PART_GAP = 26
LEFT_X = 130
ESP_X, ESP_Y, ESP_W = LEFT_X + PART_WIDTH + 300, 110, 230
RIGHT_X = ESP_X + ESP_W + 300
NET_COLOURS = {"GND": "#333333", "5V": "#c0392b", "5V_BOARD": "#c0392b", "3V3": "#d35400"}
# The same nets named inside the dark board outline, where the colours above would not show.
NET_COLOURS_ON_BOARD = {"GND": "#dddddd", "5V": "#ff7b6b", "5V_BOARD": "#ff7b6b", "3V3": "#ffb366"}
WIRE_COLOUR = "#1f5fa8"


class PinmapError(ValueError):
    pass


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def load_circuit(path=CIRCUIT_PATH):
    return load_json(path)


def load_boards(folder=BOARDS_DIR):
    """{name: profile} of every boards/<name>.json; a file whose name is not its profile's is refused."""
    boards = {}
    for file in sorted(os.listdir(folder)):
        if file.endswith(".json"):
            profile = load_json(os.path.join(folder, file))
            if profile.get("name") + ".json" != file:
                raise PinmapError("%s names the profile %r" % (file, profile.get("name")))
            boards[profile["name"]] = profile
    return boards


def reference_board(boards):
    names = [name for name, profile in boards.items() if profile["reference"]]
    if len(names) != 1:
        raise PinmapError("exactly one profile must be the reference, got %s" % names)
    return names[0]


def header_gpio(name):
    """The GPIO number of a header pin named GPIOnn, None for a power or control pin."""
    return int(name[4:]) if name.startswith("GPIO") else None


def pinmap_for(profile, circuit=None):
    """The circuit wired to one board: each signal's GPIO, and that pin on the signal's net."""
    pinmap = copy.deepcopy(circuit or load_circuit())
    pins = profile["pins"]
    if set(pins) != set(pinmap["signals"]):
        raise PinmapError("%s: pins %s, the circuit's signals %s" % (
            profile["name"], sorted(pins), sorted(pinmap["signals"])))
    for key, signal in pinmap["signals"].items():
        signal["gpio"] = pins[key]
        pinmap["nets"][signal["net"]].insert(0, "esp:GPIO%d" % pins[key])
    pinmap["parts"]["esp"].update(name=profile["board"], value=profile["module"])
    pinmap["board"] = "%s (%s)" % (profile["board"], profile["module"])
    pinmap["profile"] = profile["name"]
    pinmap["chip"] = profile["chip"]
    pinmap["headers"] = {side: [(name, header_gpio(name)) for name in profile["headers"][row]]
                         for side, row in (("left", "J1"), ("right", "J3"))}
    pinmap["layout"] = profile["layout"]
    pinmap["wokwi"] = profile["wokwi"]
    return pinmap


# Short tags on the board's unused pins, from the firmware's own rules for the chip.
_TAGS = (("flash", "flash"), ("PSRAM", "PSRAM"), ("native USB", "USB"), ("USB serial", "UART0"),
         ("input only", "input"), ("strapping", "strap"))


def pin_tag(chip, gpio):
    why = pin_refusal(chip, gpio) if gpio is not None else None
    for word, tag in _TAGS:
        if why and word in why:
            return " (%s)" % tag
    return ""


def split_node(node):
    part, sep, pin = node.partition(":")
    if not sep or not part or not pin:
        raise PinmapError("net node %r is not of the form part:pin" % node)
    return part, pin


def wokwi_gpio_pin(pinmap, gpio):
    return pinmap["wokwi"]["names"].get(str(gpio), str(gpio))


# -- SVG ---------------------------------------------------------------------------------------
def esc(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _text(x, y, content, size=12, anchor="start", weight="normal", colour="#222222"):
    return '<text x="%d" y="%d" font-size="%d" text-anchor="%s" font-weight="%s" fill="%s">%s</text>' % (
        x, y, size, anchor, weight, colour, esc(content))


class _Drawing:
    """Collects positions of every pin, then draws parts, wires and net flags."""

    def __init__(self, pinmap):
        self.pinmap = pinmap
        self.parts = pinmap["parts"]
        self.nets = pinmap["nets"]
        self.layout = LAYOUT = pinmap["layout"]
        self.headers = pinmap["headers"]
        self.rows = max(len(self.headers["left"]), len(self.headers["right"]))
        for side in LAYOUT.values():
            for part in side:
                if part not in self.parts:
                    raise PinmapError("layout names part %r, which the pin map does not have" % part)
        laid_out = set(LAYOUT["left"]) | set(LAYOUT["right"]) | {"esp"}
        for part in self.parts:
            if part not in laid_out:
                raise PinmapError("part %r has no place in the board's layout" % part)
        self.part_side = {}
        for side, names in LAYOUT.items():
            for name in names:
                self.part_side[name] = side
        self.esp_pins = {}  # pin name -> list of (x, y, side)
        for side, header in self.headers.items():
            x = ESP_X if side == "left" else ESP_X + ESP_W
            for i, (name, _gpio) in enumerate(header):
                self.esp_pins.setdefault(name, []).append((x, ESP_Y + 40 + i * PIN_STEP, side))
        self.wired = {}  # net -> True when drawn as a wire rather than flags
        self.inner = {}  # part -> [(pin, net)] facing the board
        self.outer = {}  # part -> [(pin, net)] facing away
        self._classify()
        self.pin_xy = {}  # "part:pin" -> (x, y)
        self.boxes = {}  # part -> (x, y, w, h)
        self._place()

    def _node_side(self, node):
        part, pin = split_node(node)
        if part == "esp":
            if pin not in self.esp_pins:
                raise PinmapError("the DevKitC has no pin %r (net node %s)" % (pin, node))
            return self.esp_pins[pin][0][2]
        if part not in self.parts:
            raise PinmapError("net node %s names an unknown part" % node)
        return self.part_side[part]

    def _classify(self):
        for part in self.parts:
            self.inner[part] = []
            self.outer[part] = []
        for net, nodes in sorted(self.nets.items()):
            sides = {self._node_side(n) for n in nodes}
            self.wired[net] = len(nodes) == 2 and len(sides) == 1 and net not in NET_COLOURS
            for node in nodes:
                part, pin = split_node(node)
                if part == "esp":
                    continue
                touches_esp = any(split_node(n)[0] == "esp" for n in nodes)
                if self.wired[net] and touches_esp:
                    self.inner[part].append((pin, net))
                else:
                    self.outer[part].append((pin, net))

    def _place(self):
        for side, names in self.layout.items():
            x = LEFT_X if side == "left" else RIGHT_X
            y = ESP_Y + PIN_STEP // 2  # half a row off the header, so no wire runs into another
            for name in names:
                rows = max(len(self.inner[name]), len(self.outer[name]), 1)
                h = 40 + rows * PIN_STEP
                if name == "disc":
                    h += 200  # room for the drawing of the rings
                self.boxes[name] = (x, y, PART_WIDTH, h)
                inner_x = x + PART_WIDTH if side == "left" else x
                outer_x = x if side == "left" else x + PART_WIDTH
                for i, (pin, _net) in enumerate(self.inner[name]):
                    self.pin_xy["%s:%s" % (name, pin)] = (inner_x, y + 40 + i * PIN_STEP)
                for i, (pin, _net) in enumerate(self.outer[name]):
                    self.pin_xy["%s:%s" % (name, pin)] = (outer_x, y + 40 + i * PIN_STEP)
                y += h + PART_GAP
        self.height = max(max(b[1] + b[3] for b in self.boxes.values()),
                          ESP_Y + 40 + self.rows * PIN_STEP) + 40

    def _esp_xy(self, pin):
        return self.esp_pins[pin][0][:2]

    def _gpio_label(self, node):
        part, pin = split_node(node)
        return pin if part == "esp" else node

    def draw(self):
        body = []
        body.append(self._draw_esp())
        for name in self.layout["left"] + self.layout["right"]:
            body.append(self._draw_part(name))
        lanes = {"outer-left": 0, "outer-right": 0}
        for side in ("left", "right"):
            lanes.update(self._board_lanes(side))
        for net in sorted(self.nets, key=self._net_order):
            body.append(self._draw_net(net, lanes))
        body.append(self._draw_notes())
        width = RIGHT_X + PART_WIDTH + 220
        height = self.height + 150
        head = ('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
                'font-family="DejaVu Sans, Arial, sans-serif">\n' % (width, height, width, height))
        title = ("<title>Tanturlurette wiring: %s (generated from hardware/circuit.json and "
                 "hardware/boards/%s.json by hardware/make_wiring.py; do not edit)</title>\n" % (
                     esc(self.pinmap["board"]), esc(self.pinmap["profile"])))
        bg = '<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>\n' % (width, height)
        heading = _text(LEFT_X, 40, "Tanturlurette wiring: " + self.pinmap["board"], 20,
                        weight="bold") + "\n"
        sub = _text(LEFT_X, 64, "Generated from hardware/circuit.json and hardware/boards/%s.json by "
                    "hardware/make_wiring.py: edit those, not this file." % self.pinmap["profile"],
                    12, colour="#555555") + "\n"
        return head + title + bg + heading + sub + "\n".join(body) + "\n</svg>\n"

    def _board_wire_ends(self, net):
        """(board pin x, y, part pin x, y) of a wire from the board to a part."""
        esp_node = [n for n in self.nets[net] if split_node(n)[0] == "esp"][0]
        part_node = [n for n in self.nets[net] if split_node(n)[0] != "esp"][0]
        xa, ya = self._esp_xy(split_node(esp_node)[1])
        xb, yb = self.pin_xy[part_node]
        return xa, ya, xb, yb

    def _board_lanes(self, side):
        """Give each board-to-part wire on one side the lane that makes the fewest crossings."""
        nets = []
        for net, nodes in sorted(self.nets.items()):
            esp = [split_node(n)[1] for n in nodes if split_node(n)[0] == "esp"]
            if self.wired[net] and esp and self.esp_pins[esp[0]][0][2] == side:
                nets.append(net)
        best = None
        for order in itertools.permutations(range(len(nets))):
            segments = []
            for net, k in zip(nets, order, strict=True):
                xa, ya, xb, yb = self._board_wire_ends(net)
                lane = _lane_x(xa, side, k)
                segments.append(((ya, xa, lane), (lane, ya, yb), (yb, lane, xb)))
            crossings = _count_crossings(segments)
            if best is None or crossings < best[0]:
                best = (crossings, order)
        return dict(zip(nets, best[1], strict=True)) if best else {}

    def _net_order(self, net):
        nodes = self.nets[net]
        ys = [self.pin_xy.get(n, (0, 0))[1] for n in nodes if split_node(n)[0] != "esp"]
        for n in nodes:
            if split_node(n)[0] == "esp":
                ys.append(self._esp_xy(split_node(n)[1])[1])
        return (min(ys) if ys else 0, net)

    def _draw_esp(self):
        out = ['<g id="part-esp">']
        h = 40 + self.rows * PIN_STEP
        out.append('<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="#2b2b2b" stroke="#000"/>' % (
            ESP_X, ESP_Y, ESP_W, h))
        out.append(_text(ESP_X + ESP_W // 2, ESP_Y - 24, "U1 " + self.parts["esp"]["name"], 13,
                         "middle", "bold"))
        out.append(_text(ESP_X + ESP_W // 2, ESP_Y - 8, self.parts["esp"]["value"] + " (USB at the bottom)",
                         11, "middle", colour="#555555"))
        used = {}
        for net, nodes in self.nets.items():
            for node in nodes:
                part, pin = split_node(node)
                if part == "esp":
                    used[pin] = net
        for side, header in self.headers.items():
            for i, (name, gpio) in enumerate(header):
                y = ESP_Y + 40 + i * PIN_STEP
                x = ESP_X if side == "left" else ESP_X + ESP_W
                net = used.get(name)
                fill = "#f1c40f" if net else "#888888"
                out.append('<circle cx="%d" cy="%d" r="4" fill="%s"/>' % (x, y, fill))
                label = name + pin_tag(self.pinmap["chip"], gpio)
                tx = x + 10 if side == "left" else x - 10
                anchor = "start" if side == "left" else "end"
                out.append(_text(tx, y + 4, label, 11, anchor, "bold" if net else "normal",
                                 "#ffffff" if net else "#aaaaaa"))
                if net and not self.wired[net]:
                    flag_x = x + 50 if side == "left" else x - 60
                    out.append(_text(flag_x, y + 4, "[" + net + "]", 10, anchor, "bold",
                                     NET_COLOURS_ON_BOARD.get(net, "#99aadd")))
        out.append("</g>")
        return "\n".join(out)

    def _draw_part(self, name):
        x, y, w, h = self.boxes[name]
        info = self.parts[name]
        optional = info.get("optional", False)
        out = ['<g id="part-%s">' % esc(name)]
        out.append('<rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="#f7f7f7" stroke="#444" %s/>' % (
            x, y, w, h, 'stroke-dasharray="6 4"' if optional else ""))
        out.append(_text(x + w // 2, y + 16, "%s %s%s" % (info["ref"], info["name"],
                                                          " (optional)" if optional else ""),
                         12, "middle", "bold"))
        out.append(_text(x + w // 2, y + 30, info["value"], 10, "middle", colour="#555555"))
        side = self.part_side[name]
        for pins, facing in ((self.inner[name], "inner"), (self.outer[name], "outer")):
            for pin, _net in pins:
                px, py = self.pin_xy["%s:%s" % (name, pin)]
                out.append('<circle cx="%d" cy="%d" r="3.5" fill="#444"/>' % (px, py))
                toward_right = (side == "left") == (facing == "inner")
                tx = px - 8 if toward_right else px + 8
                out.append(_text(tx, py + 4, pin, 11, "end" if toward_right else "start"))
        if name == "disc":
            out.append(self._draw_rings(x + w // 2, y + h - 100))
        out.append("</g>")
        return "\n".join(out)

    def _draw_rings(self, cx, cy):
        rings = self.pinmap["disc"]["rings"]
        out = []
        count = len(rings)
        for k, size in enumerate(rings):
            r = 88 * (count - 1 - k) / max(count - 1, 1)
            if size > 1:
                out.append('<circle cx="%d" cy="%d" r="%d" fill="none" stroke="#bbb"/>' % (cx, cy, r))
            for i in range(size):
                angle = 2 * math.pi * i / size
                lx = cx + r * math.sin(angle)
                ly = cy - r * math.cos(angle)
                fill = "#e74c3c" if i == 0 else "#7f8c8d"
                out.append('<circle cx="%.1f" cy="%.1f" r="2.6" fill="%s"/>' % (lx, ly, fill))
        out.append(_text(cx, cy + 100, "red: LED 0 of each ring (angle 0);", 9, "middle",
                         colour="#555555"))
        out.append(_text(cx, cy + 111, "data enters the outer ring first", 9, "middle",
                         colour="#555555"))
        return "\n".join(out)

    def _draw_net(self, net, lanes):
        nodes = self.nets[net]
        colour = NET_COLOURS.get(net, WIRE_COLOUR)
        out = ['<g id="net-%s">' % esc(net),
               "<title>%s: %s</title>" % (esc(net), esc(" - ".join(nodes)))]
        if self.wired[net]:
            out.append(self._draw_wire(net, nodes, colour, lanes))
        else:
            for node in nodes:
                part, pin = split_node(node)
                if part == "esp":
                    continue  # named inside the board outline
                px, py = self.pin_xy[node]
                side = self.part_side[part]
                sign = -1 if side == "left" else 1
                out.append('<path d="M %d %d h %d" stroke="%s" stroke-width="2" fill="none"/>' % (
                    px, py, sign * 16, colour))
                out.append(_text(px + sign * 20, py + 4, net, 11, "end" if sign < 0 else "start",
                                 "bold", colour))
        out.append("</g>")
        return "\n".join(out)

    def _draw_wire(self, net, nodes, colour, lanes):
        ends = []
        for node in nodes:
            part, pin = split_node(node)
            ends.append((part, pin, self._esp_xy(pin) if part == "esp" else self.pin_xy[node]))
        ends.sort(key=lambda e: e[0] != "esp")
        (part_a, pin_a, (xa, ya)), (part_b, pin_b, (xb, yb)) = ends
        if part_a == "esp":
            side = self.esp_pins[pin_a][0][2]
            k = lanes[net]
            lane = _lane_x(xa, side, k)
            label = "%s - %s (%s)" % (pin_a, "%s:%s" % (part_b, pin_b), net)
            anchor = "start" if side == "left" else "end"
            tx = xb + 8 if side == "left" else xb - 8
        else:
            side = self.part_side[part_a]
            key = "outer-" + side
            k = lanes[key]
            lanes[key] += 1
            lane = xa - 70 - 18 * k if side == "left" else xa + 70 + 18 * k
            label = net
            anchor = "end" if side == "left" else "start"
            tx = lane - 6 if side == "left" else lane + 6
        path = '<path d="M %d %d H %d V %d H %d" stroke="%s" stroke-width="2" fill="none"/>' % (
            xa, ya, lane, yb, xb, colour)
        if part_a == "esp":
            text = _text(tx, yb - 5, label, 10, anchor, "bold", colour)
        else:
            text = _text(tx, (ya + yb) // 2 + 4, label, 10, anchor, "bold", colour)
        return path + "\n" + text

    def _draw_notes(self):
        y = self.height + 10
        lines = (
            "Buttons close to GND; the firmware turns on the ESP32's internal pull-ups (config "
            "buttons.active_low).",
            "USB build: D1 is a wire link, J1 is left out and C1 is 10 uF (USB 2.0 allows no more "
            "on VBUS); the disc runs from USB, capped by power.budget_ma (hardware/POWER.md).",
            "5 V supply build: D1 is a 1N5817 Schottky diode, C1 is 1000 uF, J1 feeds the disc "
            "directly with short thick wires; never back-feed the PC.",
            "The 74AHCT125 runs from 5 V so that the data line reaches WS2812 levels; R2 holds its "
            "input low until the firmware drives GPIO%d; R1 sits next to the disc's DIN." % (
                self.pinmap["signals"]["leds"]["gpio"]),
            "R3 limits the current of each edge the GPIO drives into the piezo (a capacitor).",
            "The OLED is powered from 3V3 so that its on-board I2C pull-ups stay at 3.3 V (ESP32 "
            "pins are not 5 V tolerant).",
            "Dashed outline: optional part. Grey pins on the DevKitC: not used.",
        )
        out = ['<g id="notes">', _text(LEFT_X, y, "Notes", 13, weight="bold")]
        for i, line in enumerate(lines):
            out.append(_text(LEFT_X, y + 20 + i * 18, "- " + line, 11))
        out.append("</g>")
        return "\n".join(out)


def _lane_x(board_x, side, k):
    return board_x - 40 - 18 * k if side == "left" else board_x + 40 + 18 * k


def _count_crossings(wires):
    """Crossings between wires, each given as (horizontal, vertical, horizontal) segments:
    horizontal = (y, x1, x2), vertical = (x, y1, y2)."""
    def between(v, a, b):
        return min(a, b) < v < max(a, b)

    count = 0
    for i in range(len(wires)):
        for j in range(len(wires)):
            if i == j:
                continue
            for h in (wires[i][0], wires[i][2]):
                y, x1, x2 = h
                x, y1, y2 = wires[j][1]
                if between(x, x1, x2) and between(y, y1, y2):
                    count += 1
    return count


# The serial line the simulated board's REPL uses, UART0: (TX, RX) of each chip.
_UART0_PINS = {"esp32": (1, 3), "esp32s3": (43, 44)}


def render_svg(pinmap):
    return _Drawing(pinmap).draw()


# -- Wokwi -------------------------------------------------------------------------------------
def _mm_to_px(mm):
    return mm * 96 / 25.4


def render_wokwi(pinmap):
    """The simulated build: the ESP32, the chained rings, the buttons, the OLED and the piezo.

    Wokwi has no level shifter, so its ring data input hangs straight off the GPIO; on the bench
    the 74AHCT125, its pull-down and the data resistor sit in between, and the piezo's resistor
    (the wiring picture): none of them changes what the simulated firmware sees.
    """
    signals = pinmap["signals"]
    rings = pinmap["disc"]["rings"]
    wokwi = pinmap["wokwi"]
    grounds = wokwi["grounds"]
    serial_tx = wokwi_gpio_pin(pinmap, _UART0_PINS[pinmap["chip"]][0])
    serial_rx = wokwi_gpio_pin(pinmap, _UART0_PINS[pinmap["chip"]][1])
    parts = [{"type": wokwi["part"], "id": "esp", "top": 0, "left": 0, "attrs": {}}]
    connections = [["esp:" + serial_tx, "$serialMonitor:RX", "", []],
                   ["esp:" + serial_rx, "$serialMonitor:TX", "", []]]
    ground = [0]

    def gnd():
        name = "esp:" + grounds[ground[0] % len(grounds)]
        ground[0] += 1
        return name

    def gpio(key):
        return "esp:" + wokwi_gpio_pin(pinmap, signals[key]["gpio"])

    # The rings left to right in chain order (outer ring first), the centre LED last.
    left = 260
    previous_out = gpio("leds")
    for k, size in enumerate(rings):
        ident = "ring%d" % k
        if size == 1:
            parts.append({"type": "wokwi-neopixel", "id": ident, "top": -140, "left": left + 10,
                          "attrs": {}})
            din, dout, vcc, gnd_pin = ident + ":DIN", ident + ":DOUT", ident + ":VDD", ident + ":VSS"
            width = 40
        else:
            radius = _mm_to_px(5 * size / 2 / math.pi + 6)
            parts.append({"type": "wokwi-led-ring", "id": ident, "top": round(-160 - radius),
                          "left": left, "attrs": {"pixels": str(size)}})
            din, dout, vcc, gnd_pin = ident + ":DIN", ident + ":DOUT", ident + ":VCC", ident + ":GND"
            width = round(2 * radius) + 30
        connections.append([previous_out, din, "green", []])
        connections.append([vcc, "esp:" + wokwi["5V"], "red", []])
        connections.append([gnd_pin, gnd(), "black", []])
        previous_out = dout
        left += width

    keys = (("keep", "KEEP", "k", "green"), ("swap", "SWAP", "s", "blue"),
            ("ok", "OK", "o", "yellow"), ("back", "BACK", "b", "red"))
    for i, (key, label, shortcut, colour) in enumerate(keys):
        if key not in signals:
            continue
        ident = "btn_" + key
        parts.append({"type": "wokwi-pushbutton", "id": ident, "top": 260, "left": -260 + i * 90,
                      "attrs": {"color": colour, "label": label, "key": shortcut}})
        connections.append([ident + ":1.l", gpio(key), "blue", []])
        connections.append([ident + ":2.l", gnd(), "black", []])

    if "i2c_sda" in signals and "i2c_scl" in signals:
        parts.append({"type": "board-ssd1306", "id": "oled", "top": 60, "left": 260,
                      "attrs": {"i2cAddress": "0x3c"}})
        connections.append(["oled:SDA", gpio("i2c_sda"), "orange", []])
        connections.append(["oled:SCL", gpio("i2c_scl"), "purple", []])
        connections.append(["oled:VCC", "esp:" + wokwi["3V3"], "red", []])
        connections.append(["oled:GND", gnd(), "black", []])
    if "buzzer" in signals:
        parts.append({"type": "wokwi-buzzer", "id": "buzzer", "top": 180, "left": 300,
                      "attrs": {"volume": "0.1"}})
        connections.append(["buzzer:2", gpio("buzzer"), "gold", []])
        connections.append(["buzzer:1", gnd(), "black", []])

    diagram = {"version": 1, "author": "Tanturlurette (generated by hardware/make_wiring.py)",
               "editor": "wokwi", "parts": parts, "connections": connections,
               "serialMonitor": {"display": "terminal", "convertEol": True}, "dependencies": {}}
    return json.dumps(diagram, indent=2) + "\n"


def render_wokwi_toml(pinmap):
    name = pinmap["profile"]
    return """# Wokwi (the VS Code extension or wokwi-cli): the %s build.
# Generated with diagram.json beside it from hardware/circuit.json and hardware/boards/%s.json by
# hardware/make_wiring.py. hardware/ASSEMBLY.md ("Try it in Wokwi first") has the steps.
[wokwi]
version = 1
# The profile's MicroPython image: download it from the MicroPython site and save it beside this
# file under this name (it is not kept in the repository).
firmware = "micropython-%s.bin"
elf = "micropython-%s.bin"
# The simulated board's serial port, for mpremote and `tanturlurette deploy`.
rfc2217ServerPort = 4000
""" % (pinmap["board"], name, name, name)


# -- command line ------------------------------------------------------------------------------
def outputs(boards=None, circuit=None):
    """(path, text) of every generated file, for each board profile."""
    boards = boards or load_boards()
    circuit = circuit or load_circuit()
    files = []
    for name in sorted(boards):
        pinmap = pinmap_for(boards[name], circuit)
        files.append((os.path.join(HERE, "wiring", name + ".svg"), render_svg(pinmap)))
        files.append((os.path.join(HERE, "wokwi", name, "diagram.json"), render_wokwi(pinmap)))
        files.append((os.path.join(HERE, "wokwi", name, "wokwi.toml"), render_wokwi_toml(pinmap)))
    return files


def main(argv):
    check = "--check" in argv
    stale = []
    for path, text in outputs():
        try:
            with open(path, encoding="utf-8") as f:
                current = f.read()
        except OSError:
            current = None
        if current == text:
            continue
        if check:
            stale.append(os.path.relpath(path, os.path.dirname(HERE)))
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print("wrote %s" % os.path.relpath(path, os.path.dirname(HERE)))
    if stale:
        print("stale (run python hardware/make_wiring.py): %s" % ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
