"""A picture of the device's target for one game state, as SVG or PNG.

It draws the LED target as built (rings of 32, 24, 16, 12, 8 and 1 LEDs by default): every LED
as a dot, lit as the device lights it for that game, the seats' numbers round the rim in their
colours, and a legend of names below. For Tanturlurette each token sits on the ring of its circle
at its seat's angle, the centre LED is l'enfer; for the card games played on the device (La
Bourre, Piccolo, Achéron) each seat's standing is the bar the device draws, inward from the rim
and scaled to the target (or to the leader), painted by the device's own app.board code. Over
that, what the LEDs show by blinking and pulsing is drawn as ring marks, named in a key: a white
ring round the dealer's number (La Bourre has no dealer: its ring marks the first to play), a
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
from app.colours import DEALER, DIM, ENFER, POT, SEAT_COLOURS
from app.ring import RingLayout
from engine.core import TABLE, IllegalAction

from host_tools.facts import KIND_TITLES, kind_of, seat_names
from host_tools.lang import Messages, card_name
from host_tools.paper import picture_format

DEFAULT_RINGS = (32, 24, 16, 12, 8, 1)
BACKGROUND = (18, 18, 24)
TEXT = (230, 230, 230)
FAINT = (150, 150, 160)
OUT = (90, 90, 90)
HOME_LEVEL = 96  # the device's level for a seat's marks beside its bar (app.modes.table)
CARD_GAMES = ("bourre", "piccolo", "acheron")
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


# -- what each kind shows ----------------------------------------------------------------------
def _tanturlurette(state, geo, names, shapes, m):
    """The tokens on their circles; returns (heading, the line under it, a legend line a seat, the
    dealer, the dealer's mark)."""
    view = state.view(0)
    players = state.n
    token_rings = geo.rings - 1 if geo.has_centre else geo.rings
    for ring, count in enumerate(geo.ring_sizes):
        for k in range(count):
            colour = ENFER if (geo.has_centre and ring == geo.rings - 1) else DIM
            x, y = geo.led(ring, k)
            shapes.append(("circle", x, y, geo.led_r, colour, {"class": "led", "data-ring": ring}))
    circles = state.circles
    lines = []
    for seat in range(players):
        pos, out, stakes = view["pos"][seat], view["out"][seat], view["stakes"][seat]
        angle = seat_angle(seat, players)
        colour = OUT if out else seat_colour(seat)
        if pos >= circles:  # in l'enfer
            x = geo.cx + 2.2 * geo.led_r * math.cos(angle)
            y = geo.cy + 2.2 * geo.led_r * math.sin(angle)
        else:
            ring = min(pos, token_rings - 1)
            count = geo.ring_sizes[ring]
            x, y = geo.led(ring, round((angle + math.pi / 2) / (2 * math.pi) * count) % count)  # nearest LED
        shapes.append(("circle", x, y, geo.led_r * 1.9, colour,
                       {"class": "token", "data-seat": seat, "data-pos": pos, "data-stakes": stakes,
                        "data-out": "true" if out else "false"}))
        if out:
            where = m("out")
        elif pos >= circles:
            where = m("in_enfer")
        else:
            where = m.count("circles_left", circles - pos)
        lines.append(m("stakes", where=where, n=stakes))
    over = state.is_over()
    heading = m("tant_heading", kind=KIND_TITLES["tanturlurette"], round=view["round"], pot=view["pot"])
    if over:
        heading += m("game_over")
        for seat in state.winners():
            lines[seat] += m("takes", n=view["payout"][seat])
    return heading, "", lines, view["dealer"], m("mark_deals")


def _bars(state, geo, shapes, full):
    """Every LED as the device's table mode lights it: the seat's marks and its standing bar."""
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


def _trick(view, names, m):
    """The cards on the table, by the device's names in the picture's language."""
    if not view.get("trick"):
        return ""
    return m("on_table", cards=", ".join("%s %s" % (names[s], card_name(m.lang, c)) for s, c in view["trick"]))


def _bourre(state, geo, names, shapes, m):
    view = state.view(0)
    _bars(state, geo, shapes, _full(state))
    lines = []
    for seat in range(view["players"]):
        line = m("this_deal", all=m.count("tricks_in_all", view["totals"][seat]), n=view["tricks"][seat])
        if view["bourru"][seat]:
            line += m("bourru")
        lines.append(line)
    if state.is_over():
        for seat in state.winners():
            lines[seat] += m("takes", n=view["payout"][seat])
    heading = m("bourre_heading", kind=KIND_TITLES["bourre"], deal=view["round"], deals=view["deals"],
                pot=view["pot"])
    return heading, _trick(view, names, m), lines, view["leader"], m("mark_leads")


def _piccolo(state, geo, names, shapes, m):
    from app.i18n import suit_word

    from host_tools.paper import contract_name

    paper = Messages(m.lang, "paper")
    view = state.view(0)
    _bars(state, geo, shapes, _full(state))
    lines = []
    for seat in range(view["players"]):
        line = m.count("points", view["scores"][seat])
        if view["out"][seat]:
            line += m("won") if not state.is_over() else ""
        elif seat in view["active"]:
            line += m.count("tricks", view["tricks"][seat])
        else:
            line += m("sits_out")
        if seat == view["taker"]:
            line += m("contract", contract=contract_name(paper, view["level"]))
        lines.append(line)
    for place, seat in enumerate(view["winners"]):
        lines[seat] += m("first_winner" if place == 0 else "second_winner")
    heading = m("deal_target", kind=KIND_TITLES["piccolo"], deal=view["round"], target=view["target"])
    second = _trick(view, names, m)
    if view["trump"] >= 0 and not state.is_over():
        second = m("trump", suit=suit_word(m.lang, view["trump"])) + "  " + second
    return heading, second.strip(), lines, view["dealer"], m("mark_deals")


def _acheron(state, geo, names, shapes, m):
    view = state.view(0)
    _bars(state, geo, shapes, _full(state))
    lines = []
    for seat in range(view["players"]):
        line = m.count("cards", view["counts"][seat], points=m.count("points", view["scores"][seat]))
        if view["laid"][seat]:
            line += m("laid", n=view["laid"][seat])
        if view["names"][seat] >= 0:
            line += m("named")
        lines.append(line)
    heading = m("deal_target", kind=KIND_TITLES["acheron"], deal=view["round"], target=view["target"])
    melds = len(view["table"])
    second = m.count("melds", melds) if melds and not state.is_over() else ""
    return heading, second, lines, view["dealer"], m("mark_deals")


_KINDS = {"tanturlurette": _tanturlurette, "bourre": _bourre, "piccolo": _piccolo, "acheron": _acheron}


def _ring(shapes, x, y, r, rgb, width, kind, seat):
    shapes.append(("ring", x, y, r, rgb, width, {"class": "mark", "data-mark": kind, "data-seat": seat}))


def board_shapes(state, names=None, size=480, ring_sizes=DEFAULT_RINGS, title=None, lang="en"):
    """The picture as shapes, its words in lang: ("circle", x, y, r, rgb, attrs), ("ring", x, y, r,
    rgb, width, attrs) and ("text", x, y, text, rgb, px, align) with align "start", "middle" or
    "end"."""
    m = Messages(lang, "board")
    draw = _KINDS.get(state.GAME)
    if draw is None:
        raise ValueError(m("no_target", game=state.GAME))
    geo = _Geometry(size, ring_sizes)
    players = state.seats()
    names = seat_names(names, players)
    shapes = [("circle", geo.cx, geo.cy, geo.outer + 3 * geo.led_r, (32, 32, 40), {"class": "disc"})]
    heading, second, lines, dealer, dealer_word = draw(state, geo, names, shapes, m)
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
    key = m("key", white=m("key_leader" if state.GAME == "bourre" else "key_dealer"),
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
    if state.GAME not in _KINDS:
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
    if game not in _KINDS:
        if kind_of(game) not in KIND_TITLES:
            raise ValueError(m("no_picture", game=game))
        if move is not None or round_ is not None:
            raise ValueError(m("pub_whole", game=game))
        _data, pages = draw_sheet(game_facts(record), path, lang)
        return m.count("drew_sheet", pages), None
    picture_format(path, FORMATS)
    state, _applied, note = state_at(record, move, round_, lang)
    draw_board(state, path, record.get("names"), size, lang=lang)
    return m("drew_target_over" if state.is_over() else "drew_target", round=state.round), note
