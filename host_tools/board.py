"""A picture of the device's target for one game state, as SVG or PNG.

It draws the LED target as built (rings of 32, 24, 16, 12, 8 and 1 LEDs by default): every LED
as a dot, lit as the device lights it for that game, the seats' numbers round the rim in their
colours, and a legend of names below. What the LEDs show is each game's (its host module's
draw_target, host_tools.games): for Tanturlurette each token sits on the ring of its circle at its
seat's angle, the centre LED is l'enfer; for the card games played on the device (La Bourre,
Piccolo, Achéron) each seat's standing is the bar the device draws, inward from the rim and
scaled to the target (or to the leader), painted by the device's own app.board code
(draw_standings). Over
that, what the LEDs show by blinking and pulsing is drawn as ring marks, named in a key: a white
ring round the dealer's number (a game without a dealer marks the first to play: HostGame.opener), a
ring in the seat's colour round the seat to play (round the centre when the whole table enters),
and at the end a double gold ring round each winner.

A pub game (a scorekeeper) has no picture of its own on the target: its picture is its score
sheet (host_tools.sheet; draw_game() makes it). Only what the whole table may see is drawn: no
hand, no hidden card.

Its words are French or English (lang: host_tools/messages/board_<lang>.py), the cards and the
Piccolo contracts by the device's names in that language ("DCo" / "QH"). Both formats come from one
list of shapes, so the SVG and the PNG show the same thing; the SVG's
shapes carry data-* attributes with what they show (a token's seat, circle and stakes; a mark's
seat and kind).
"""

import math
from xml.sax.saxutils import escape

from app.board import Board
from app.colours import DEALER, DIM, POT, SEAT_COLOURS
from app.ring import RingLayout
from engine.core import TABLE, IllegalAction

from host_tools.facts import seat_names
from host_tools.games import host, of_engine
from host_tools.games import names as game_names
from host_tools.lang import Messages, card_name
from host_tools.paper import picture_format

DEFAULT_RINGS = (32, 24, 16, 12, 8, 1)
BACKGROUND = (18, 18, 24)
TEXT = (230, 230, 230)
FAINT = (150, 150, 160)
OUT = (90, 90, 90)
HOME_LEVEL = 96  # the device's level for a seat's marks beside its bar (app.modes.table)
FORMATS = ("svg", "png")


def _hex(rgb):
    return "#%02x%02x%02x" % tuple(rgb)


def seat_colour(seat):
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _ink_on(rgb):
    """Black or white, whichever reads better on a disc of this colour."""
    return (0, 0, 0) if 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2] > 140 else (255, 255, 255)


def seat_angle(seat, players):
    """Angle of a seat in radians, seat 0 at the top, in the order of play (clockwise)."""
    return 2 * math.pi * seat / players - math.pi / 2


def _ring_radius(ring, rings, outer):
    if rings <= 1:
        return 0.0
    return outer * (1 - ring / (rings - 1))


class _Geometry:
    def __init__(self, size, ring_sizes):
        self.size = size
        self.cx = size / 2
        self.cy = size * 0.45  # the heading above, the legend of names below
        self.outer = size * 0.24
        self.led_r = max(2.0, size / 120)
        self.ring_sizes = ring_sizes
        self.rings = len(ring_sizes)
        self.has_centre = ring_sizes[-1] == 1 and self.rings > 1

    def led(self, ring, k):
        count = self.ring_sizes[ring]
        a = 2 * math.pi * k / count - math.pi / 2
        radius = _ring_radius(ring, self.rings, self.outer)
        return self.cx + radius * math.cos(a), self.cy + radius * math.sin(a)

    def rim(self, seat, players, extra=0.0):
        angle = seat_angle(seat, players)
        radius = self.outer + self.size * (0.06 + extra)
        return self.cx + radius * math.cos(angle), self.cy + radius * math.sin(angle)


# -- what the games draw (their host modules' draw_target: host_tools.games) ----------------------
def draw_standings(state, geo, shapes):
    """Every LED as the device's table mode lights it: the seat's marks and its standing bar, scaled
    as the table mode scales it (_full)."""
    full = _full(state)
    layout = RingLayout({"rings": list(geo.ring_sizes)})
    board = Board(layout)
    players = state.seats()
    board.setup(players, board.rings)
    frame = layout.new_frame()
    for seat, standing in enumerate(state.standings()):
        board.home(frame, seat, seat_colour(seat), HOME_LEVEL)
        board.bar(frame, seat, int(standing), full, seat_colour(seat), 256)
    for ring, count in enumerate(geo.ring_sizes):
        for k in range(count):
            i = 3 * layout.index(ring, k)
            rgb = (frame[i], frame[i + 1], frame[i + 2])
            x, y = geo.led(ring, k)
            shapes.append(("circle", x, y, geo.led_r, rgb if any(rgb) else DIM,
                           {"class": "led" if not any(rgb) else "lit", "data-ring": ring}))


def _full(state):
    """What a bar is scaled to, as the device's table mode does: the target, else the leader."""
    target = state.target()
    return int(target) if target else max([1] + [int(v) for v in state.standings()])


def trick_line(view, names, m):
    """The cards on the table, by the device's names in the picture's language."""
    if not view.get("trick"):
        return ""
    return m("on_table", cards=", ".join("%s %s" % (names[s], card_name(m.lang, c)) for s, c in view["trick"]))


def _ring(shapes, x, y, r, rgb, width, kind, seat):
    shapes.append(("ring", x, y, r, rgb, width, {"class": "mark", "data-mark": kind, "data-seat": seat}))


def board_shapes(state, names=None, size=480, ring_sizes=DEFAULT_RINGS, title=None, lang="en"):
    """The picture as shapes, its words in lang: ("circle", x, y, r, rgb, attrs), ("ring", x, y, r,
    rgb, width, attrs) and ("text", x, y, text, rgb, px, align) with align "start", "middle" or
    "end"."""
    m = Messages(lang, "board")
    if state.GAME not in game_names():  # a scorekeeper's engine
        raise ValueError(m("no_target", game=state.GAME))
    game = host(state.GAME)
    geo = _Geometry(size, ring_sizes)
    players = state.seats()
    names = seat_names(names, players)
    shapes = [("circle", geo.cx, geo.cy, geo.outer + 3 * geo.led_r, (32, 32, 40), {"class": "disc"})]
    heading, second, lines, dealer, dealer_word = game.draw_target(state, geo, names, shapes, m)
    over = state.is_over()
    player = state.current_player()
    winners = state.winners() if over else []
    mark_r = size / 34
    legend = []
    for seat in range(players):
        colour = seat_colour(seat)
        x, y = geo.rim(seat, players)
        # the number on a disc of the seat's colour: a dark blue digit would not show on the dark face
        shapes.append(("circle", x, y, mark_r * 0.75, colour, {"class": "seat", "data-seat": seat}))
        shapes.append(("text", x, y, str(seat + 1), _ink_on(colour), size / 32, "middle"))
        marks = []
        if seat == dealer and not over:
            _ring(shapes, x, y, mark_r, DEALER, 1.5, "dealer", seat)
            marks.append(dealer_word)
        if seat == player:
            _ring(shapes, x, y, mark_r * 1.35, colour, 2.5, "turn", seat)
            marks.append(m("mark_turn"))
        if seat in winners:  # two rings: never taken for a seat's colour (J3's orange, J8's yellow)
            _ring(shapes, x, y, mark_r * 1.3, POT, 2.5, "winner", seat)
            _ring(shapes, x, y, mark_r * 1.65, POT, 2.5, "winner", seat)
            marks.append(m("mark_winner"))
        column, row = divmod(seat, 4)
        lx = size * (0.04 + 0.49 * column)
        ly = size * (0.79 + 0.04 * row)
        shapes.append(("circle", lx, ly, geo.led_r * 1.6, colour, {"class": "legend", "data-seat": seat}))
        text = m("legend", seat=seat + 1, name=names[seat], line=lines[seat])
        if marks:
            text += " (%s)" % ", ".join(marks)
        legend.append((lx + size * 0.025, ly, text))
    # one size for the legend, small enough that its longest line fits its column
    width = size * (0.46 if players > 4 else 0.92)
    px = min(size / 40, width / (0.56 * max(len(t) for _x, _y, t in legend)))
    for x, y, text in legend:
        shapes.append(("text", x, y, text, TEXT, px, "start"))
    if player == TABLE:
        _ring(shapes, geo.cx, geo.cy, geo.led_r * 2.6, TEXT, 2.0, "turn", -1)
    key = m("key", white=m("key_" + game.opener),
            centre=m("key_centre") if player == TABLE else "")
    shapes.append(("text", geo.cx, size * 0.965, key, FAINT, size / 44, "middle"))
    shapes.append(("text", geo.cx, size * 0.035, title or heading, TEXT, size / 28, "middle"))
    if second:
        shapes.append(("text", geo.cx, size * 0.085, second, FAINT, size / 40, "middle"))
    return shapes


def to_svg(shapes, size):
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">'
           % (size, size, size, size),
           '<rect width="100%%" height="100%%" fill="%s"/>' % _hex(BACKGROUND)]
    for shape in shapes:
        if shape[0] in ("circle", "ring"):
            if shape[0] == "circle":
                _kind, x, y, r, rgb, attrs = shape
                paint = 'fill="%s"' % _hex(rgb)
            else:
                _kind, x, y, r, rgb, width, attrs = shape
                paint = 'fill="none" stroke="%s" stroke-width="%.1f"' % (_hex(rgb), width)
            extra = "".join(' %s="%s"' % (k, escape(str(v))) for k, v in sorted(attrs.items()))
            out.append('<circle cx="%.1f" cy="%.1f" r="%.1f" %s%s/>' % (x, y, r, paint, extra))
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
        elif shape[0] == "ring":
            _kind, x, y, r, rgb, width, _attrs = shape
            draw.ellipse((x - r, y - r, x + r, y + r), outline=tuple(rgb), width=max(1, round(width)))
        else:
            _kind, x, y, text, rgb, px, align = shape
            draw.text((x, y), text, fill=tuple(rgb), font=_font(px), anchor=_PIL_ANCHORS[align])
    image.save(path, "PNG")


def draw_board(state, path, names=None, size=480, ring_sizes=DEFAULT_RINGS, lang="en"):
    """Write the picture, its words in lang, to path; the format follows the extension (.svg or
    .png)."""
    if state.GAME not in game_names():
        raise ValueError(Messages(lang, "board")("no_target", game=state.GAME))
    ext = picture_format(path, FORMATS)
    shapes = board_shapes(state, names, size, ring_sizes, lang=lang)
    if ext == "svg":
        with open(path, "w", encoding="utf-8") as f:
            f.write(to_svg(shapes, size))
    else:
        to_png(shapes, size, path)
    return shapes


def state_at(record, move=None, round_=None, lang="en"):
    """The game of a record as it stood after `move` moves, or when round `round_` was to be
    played (its first decision), else at its end; (state, moves applied, a note or None). A move
    that does not apply stops the replay there, with a note naming it."""
    from games import new_state

    state = new_state(record["game"], record["options"])
    applied = 0
    for index, action in enumerate(record["moves"]):
        if move is not None and index >= move:
            break
        if round_ is not None and state.round >= round_ and state.current_player() >= 0:
            break
        try:
            state.apply(action)
        except IllegalAction as err:  # a game that diverges from the engine: drawn as it stood
            return state, applied, Messages(lang, "board")("diverges", index=index, why=err)
        applied += 1
    return state, applied, None


def draw_game(record, path, move=None, round_=None, size=480, lang="en"):
    """The picture of a stored game in lang: the target as it stood (.svg or .png), or for a pub
    game its score sheet (.png, .svg or .pdf; --move and --round do not apply). Returns a line
    saying what was drawn, and a note or None."""
    m = Messages(lang, "board")
    from host_tools.facts import game_facts
    from host_tools.sheet import draw_sheet

    game = record["game"]
    if game not in game_names():  # a scorekeeper's engine, or none
        if of_engine(game) is None:
            raise ValueError(m("no_picture", game=game))
        if move is not None or round_ is not None:
            raise ValueError(m("pub_whole", game=game))
        _data, pages = draw_sheet(game_facts(record), path, lang)
        return m.count("drew_sheet", pages), None
    picture_format(path, FORMATS)
    state, _applied, note = state_at(record, move, round_, lang)
    draw_board(state, path, record.get("names"), size, lang=lang)
    return m("drew_target_over" if state.is_over() else "drew_target", round=state.round), note
