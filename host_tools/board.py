"""A picture of the concentric board for one game state, as SVG or PNG.

It draws the LED target as built (rings of 32, 24, 16, 12, 8 and 1 LEDs by default, from the
config): every LED as a dim dot, each token lit on the ring of its circle at its seat's angle,
the centre LED as l'enfer, the names around the rim. Both formats come from one list of shapes,
so the SVG and the PNG show the same thing; the SVG's tokens carry data-* attributes with the
seat, circle and stakes they show.
"""

import math
from xml.sax.saxutils import escape

from app.colours import DIM, ENFER, SEAT_COLOURS

DEFAULT_RINGS = (32, 24, 16, 12, 8, 1)
BACKGROUND = (18, 18, 24)
TEXT = (230, 230, 230)
OUT = (90, 90, 90)


def _hex(rgb):
    return "#%02x%02x%02x" % tuple(rgb)


def seat_angle(seat, players):
    """Angle of a seat in radians, seat 0 at the top, in the order of play (clockwise)."""
    return 2 * math.pi * seat / players - math.pi / 2


def _ring_radius(ring, rings, outer):
    if rings <= 1:
        return 0.0
    return outer * (1 - ring / (rings - 1))


def board_shapes(state, names=None, size=480, ring_sizes=DEFAULT_RINGS, title=None):
    """The picture as shapes: ("circle", x, y, r, rgb, attrs) and
    ("text", x, y, text, rgb, px, align) with align "start", "middle" or "end"."""
    shapes = []
    cx = size / 2
    cy = size * 0.43  # the heading above, the legend of names below
    outer = size * 0.28
    led_r = max(2.0, size / 120)
    rings = len(ring_sizes)
    has_centre = ring_sizes[-1] == 1
    shapes.append(("circle", cx, cy, outer + 3 * led_r, (32, 32, 40), {"class": "disc"}))
    for ring, count in enumerate(ring_sizes):
        radius = _ring_radius(ring, rings, outer)
        for k in range(count):
            a = 2 * math.pi * k / count - math.pi / 2
            colour = ENFER if (has_centre and ring == rings - 1) else DIM
            shapes.append(("circle", cx + radius * math.cos(a), cy + radius * math.sin(a), led_r, colour,
                           {"class": "led", "data-ring": ring}))
    players = state.n
    token_rings = rings - 1 if has_centre else rings
    for seat in range(players):
        pos = state.pos[seat]
        angle = seat_angle(seat, players)
        colour = OUT if state.out[seat] else SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        if pos >= state.circles:  # in l'enfer
            x, y = cx + 2.2 * led_r * math.cos(angle), cy + 2.2 * led_r * math.sin(angle)
        else:
            ring = min(pos, token_rings - 1)
            count = ring_sizes[ring]
            k = round((angle + math.pi / 2) / (2 * math.pi) * count) % count  # nearest LED
            a = 2 * math.pi * k / count - math.pi / 2
            radius = _ring_radius(ring, rings, outer)
            x, y = cx + radius * math.cos(a), cy + radius * math.sin(a)
        attrs = {"class": "token", "data-seat": seat, "data-pos": pos, "data-stakes": state.stakes[seat],
                 "data-out": "true" if state.out[seat] else "false"}
        shapes.append(("circle", x, y, led_r * 1.9, colour, attrs))
        label = names[seat] if names and seat < len(names) and names[seat] else "seat %d" % (seat + 1)
        # the seat's number on the rim, its name in the legend: long names never run off the picture
        nx = cx + (outer + size * 0.05) * math.cos(angle)
        ny = cy + (outer + size * 0.05) * math.sin(angle)
        shapes.append(("text", nx, ny, str(seat + 1), colour, size / 28, "middle"))
        column, row = divmod(seat, 4)
        lx = size * (0.06 + 0.48 * column)
        ly = size * (0.82 + 0.045 * row)
        shapes.append(("circle", lx, ly, led_r * 1.6, colour, {"class": "legend", "data-seat": seat}))
        suffix = ", out" if state.out[seat] else ""
        text = "%d %s: circle %d, stakes %d%s" % (seat + 1, label, pos, state.stakes[seat], suffix)
        shapes.append(("text", lx + size * 0.03, ly, text, TEXT, size / 36, "start"))
    heading = title or "%s · round %d · pot %d" % (state.GAME, state.round, state.pot())
    shapes.append(("text", cx, size * 0.035, heading, TEXT, size / 28, "middle"))
    return shapes


def to_svg(shapes, size):
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">'
           % (size, size, size, size),
           '<rect width="100%%" height="100%%" fill="%s"/>' % _hex(BACKGROUND)]
    for shape in shapes:
        if shape[0] == "circle":
            _kind, x, y, r, rgb, attrs = shape
            extra = "".join(' %s="%s"' % (k, escape(str(v))) for k, v in sorted(attrs.items()))
            out.append('<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s"%s/>' % (x, y, r, _hex(rgb), extra))
        else:
            _kind, x, y, text, rgb, px, align = shape
            out.append('<text x="%.1f" y="%.1f" fill="%s" font-family="sans-serif" font-size="%.0f"'
                       ' text-anchor="%s" dominant-baseline="middle">%s</text>'
                       % (x, y, _hex(rgb), px, align, escape(text)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


_PIL_ANCHORS = {"start": "lm", "middle": "mm", "end": "rm"}


def _font(px):
    """DejaVu Sans, which matplotlib ships, has the accents of French names; Pillow's default
    bitmap font does not."""
    from PIL import ImageFont

    try:
        from matplotlib import font_manager

        return ImageFont.truetype(font_manager.findfont("DejaVu Sans"), int(px))
    except (ImportError, OSError, ValueError):
        return ImageFont.load_default()


def to_png(shapes, size, path):
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (size, size), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for shape in shapes:
        if shape[0] == "circle":
            _kind, x, y, r, rgb, _attrs = shape
            draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rgb))
        else:
            _kind, x, y, text, rgb, px, align = shape
            draw.text((x, y), text, fill=tuple(rgb), font=_font(px), anchor=_PIL_ANCHORS[align])
    image.save(path, "PNG")


def draw_board(state, path, names=None, size=480, ring_sizes=DEFAULT_RINGS):
    """Write the picture to path; the format follows the extension (.svg or .png)."""
    if "pos" not in state.round_summary():
        raise ValueError("board pictures are for games on the target (Tanturlurette), not %s" % state.GAME)
    shapes = board_shapes(state, names, size, ring_sizes)
    if path.lower().endswith(".svg"):
        with open(path, "w", encoding="utf-8") as f:
            f.write(to_svg(shapes, size))
    elif path.lower().endswith(".png"):
        to_png(shapes, size, path)
    else:
        raise ValueError("board picture: give a .svg or .png path, got %s" % path)
    return shapes
