"""The device's seat colours on white paper, and what every plot and sheet of the host shares.

The seat colours (app.colours) are LED light: linear in their bytes, made to shine on a dark
disc. Printed on white, the light ones (J8's pale yellow, J5's mint, J3's orange) would vanish.
paper_colour() scales the LED light of every seat by one factor, the one that brings the lightest
seat to a WCAG contrast with white: 3:1 for lines, bars and marks (WCAG 1.4.11, non-text
contrast), 4.5:1 for text (1.4.3). Scaling linear light moves no colour's chromaticity (its hue
and saturation stay the LED's), and one factor for all keeps the lightness steps between seats,
which is what keeps them apart for colour-blind readers: through the Machado simulations that
chose the LED colours, any two seats stay 19 CIELAB units apart (the first four 30), where
darkening each seat only as far as it needs on its own would leave J3's orange and J6's red 3.4
apart for deuteranopes. contrast_with_white() is the WCAG formula; tests/host/test_host_paper.py
measures every seat.

The words the paper tools share, in French or English (host_tools/messages/paper_<lang>.py,
looked up with a host_tools.lang.Messages of the "paper" area): a deal of a stored game in words
(deal_words: the sheet's detail column, the CSV's notes; each game's host module words its own),
what the running totals count.

Every PNG the host writes holds the numbers it shows, as JSON in its "Description" text chunk
(save_png), so a test, or a curious player, can check a picture against the games without
reading pixels.
"""

import json

from app.colours import SEAT_COLOURS, seat_colour

from host_tools.games import host

LINE_CONTRAST = 3.0  # WCAG 1.4.11: graphics that carry meaning
TEXT_CONTRAST = 4.5  # WCAG 1.4.3: normal text
INK = "#222222"
FAINT = "#888888"
RULE = "#cccccc"
SOFTWARE = "tanturlurette"


def srgb_coded(x):
    """Linear light 0..1 to sRGB 0..1."""
    x = min(1.0, max(0.0, x))
    return 12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055


def srgb_linear(v):
    """sRGB 0..1 to linear light 0..1."""
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(linear):
    r, g, b = linear
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_with_white(rgb):
    """The WCAG contrast ratio of an sRGB colour (0..1 a channel) with white."""
    y = luminance([srgb_linear(c) for c in rgb])
    return 1.05 / (y + 0.05)


def _full(led):
    """An LED colour at full intensity, as linear light 0..1 a channel."""
    top = max(led) or 1
    return [c / top for c in led]


def paper_colour(seat, contrast=LINE_CONTRAST):
    """Seat's colour on white paper as sRGB 0..1: the LED's light times the palette's factor."""
    # the highest luminance that still has the contrast, with room for rounding to bytes
    most = 1.05 / (contrast * 1.01) - 0.05
    scale = min(1.0, most / max(luminance(_full(c)) for c in SEAT_COLOURS))
    return tuple(srgb_coded(c * scale) for c in _full(seat_colour(seat)))


MARKERS = "osD^vPX*"


def line_style(seat, seats):
    """A seat's line in a plot: its colour, its marker, and a width that shrinks seat by seat, so
    a line that runs along another still shows as a border round it."""
    return {"color": paper_colour(seat), "marker": MARKERS[seat % len(MARKERS)], "markersize": 3.5,
            "linewidth": 1.4 + 3.2 * (seats - 1 - seat) / max(1, seats - 1), "markeredgewidth": 0}


def hex_colour(rgb):
    return "#%02x%02x%02x" % tuple(int(round(255 * c)) for c in rgb)


def pyplot():
    """matplotlib's pyplot on the Agg backend: files only, no window, no display needed."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def integer_axis(axis):
    """Ticks on whole numbers only: counts are counted."""
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def save_png(fig, path, data, dpi=100):
    """Write the figure as a PNG holding `data` as JSON in its Description chunk, and close it."""
    fig.savefig(path, dpi=dpi, metadata={"Description": json.dumps(data, ensure_ascii=False),
                                         "Software": SOFTWARE})
    pyplot().close(fig)


def picture_format(path, allowed):
    """The format named by path's extension, checked against `allowed` ("png", "pdf", "svg")."""
    ext = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    if ext not in allowed:
        names = ["." + a for a in allowed]
        raise ValueError("give a path ending in %s or %s, got %s" % (", ".join(names[:-1]), names[-1], path))
    return ext


# -- a deal in words (the sheet's detail column, the CSV's notes and detail) ----------------------
def totals_label(paper, kind):
    return paper("totals_" + kind)


def deal_words(paper, facts, deal):
    """(a few words a seat, one line about the deal) in the paper's language (host_tools.lang
    Messages of the "paper" area), from what host_tools.facts keeps of the deal: the game's host
    module words it (HostGame.deal_words)."""
    notes, detail = host(facts["kind"]).deal_words(paper, facts, deal)
    return [paper("and").join(words) for words in notes], detail


def device_language(store, game_id=None):
    """The language the device was set to, from its boot lines in the database (store: a
    host_tools.db.LogStore): the boot the game game_id was logged in, else the latest boot the
    logger saw; None when the database holds none (a game only pulled, a database of tests).
    host_tools.lang.choose() puts it after --lang and before the locale."""
    from host_tools.lang import LANGS

    rows = []
    if game_id is not None:
        rows = store.db.execute(
            "SELECT e.data FROM events e JOIN games g ON e.boot = g.boot WHERE g.id = ? AND e.type = 'boot'"
            " ORDER BY e.seq DESC LIMIT 1", (game_id,)).fetchall()
    if not rows:
        rows = store.db.execute("SELECT data FROM events WHERE type = 'boot' ORDER BY id DESC LIMIT 1").fetchall()
    for (data,) in rows:
        try:
            lang = json.loads(data).get("lang")
        except (ValueError, AttributeError):
            return None
        return lang if lang in LANGS else None
    return None
