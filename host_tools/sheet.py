"""The score sheet of one game, as a pub pins it up: a PNG, an SVG or a PDF.

sheet_data(facts, lang) is the sheet as data in French or English (host_tools.facts gives the
game; the words are host_tools/messages/sheet_<lang>.py's, a deal's own words paper_<lang>.py's:
host_tools.paper.deal_words(), which the CSV export shares): a heading, a column a
player (his name in his seat's colour, darkened for paper: host_tools.paper), a line a deal with
its number, its dealer (or first to play: HostGame.opener), each player's points for the deal and
running total with a few words (bourru, the taker, fell into l'enfer, ...: the game's host module
makes the cells, host_tools.games), what the deal was, then the result: the winners and what the
end paid. draw_sheet() lays it out with matplotlib, with a plot of
the running totals under it: one tall page for a PNG or SVG, A4 pages for a PDF (matplotlib's
PdfPages; the heading and the column names again on each page, each page filled: sheet_pages).
A PNG holds sheet_data() as JSON in its Description chunk, an SVG in its metadata.
"""

import json
import time

from host_tools.games import host
from host_tools.lang import Messages
from host_tools.paper import (
    FAINT,
    INK,
    RULE,
    SOFTWARE,
    TEXT_CONTRAST,
    deal_words,
    integer_axis,
    line_style,
    paper_colour,
    picture_format,
    pyplot,
    totals_label,
)

A4 = (8.27, 11.69)  # inches, portrait
MARGIN = 0.45
ROW = 0.24  # one deal's line
HEAD = 1.05  # the title lines
COLUMN_HEAD = 0.42
RESULT_LINE = 0.24
CHART = 3.0
CHART_LEAST = 2.2  # the least room for a plot under the table, else it has a page of its own
DEAL_WIDTH = 0.55
DEALER_WIDTH = 1.05
PLAYER_WIDTH = 1.05  # the least a player's column takes: 6 players fit an A4 page across
NARROW_PLAYER_WIDTH = 0.8  # where the cells say less (Tanturlurette's: HostGame.narrow_cells): 8 players fit
PLAYER_WIDTH_MOST = 1.6
DETAIL_WIDTH = 2.75
NAME_CHARS = 14
DPI = 110
FORMATS = ("png", "pdf", "svg")


def _date(seconds):
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds)) if seconds else ""


def _signed(value):
    return "%+d" % value if value else "0"


# -- the sheet as data -----------------------------------------------------------------------------
def _options_line(m, facts):
    parts = [m.count("players", facts["players"])] + host(facts["kind"]).sheet_options(m, facts["options"])
    parts.append(m("kept_at_table" if facts["scorekeeper"] else "played_on_device"))
    return " · ".join(parts)


def sheet_data(facts, lang="en"):
    """The sheet as data, in lang: title, subtitle, names, rows (deal, dealer, cells [big, small,
    words] a player, detail), result lines, and the running totals for the plot."""
    m = Messages(lang, "sheet")
    paper = Messages(lang, "paper")
    kind = facts["kind"]
    game = host(kind)
    names = facts["names"]
    rows = []
    for deal in facts["deals"]:
        who = deal[game.opener]
        notes, detail = deal_words(paper, facts, deal)
        rows.append({"deal": deal["deal"], "dealer": "" if who is None else names[who],
                     "cells": [list(cell) for cell in game.sheet_cells(m, facts, deal, notes)],
                     "detail": detail})
    title = m("title", kind=game.title, id=facts["id"] if facts["id"] is not None else "")
    return {"lang": lang, "title": title, "subtitle": _options_line(m, facts), "date": _date(facts["date"]),
            "kind": kind, "game": facts["game"],
            "has_dealer": any(r["dealer"] for r in rows), "has_detail": any(r["detail"] for r in rows),
            "names": list(names), "deal_head": m("deal"), "detail_head": m("the_deal"),
            "dealer_head": m("dealer" if game.opener == "dealer" else "leads"),
            "totals_label": totals_label(paper, kind), "deal_label": paper("deal"),
            "rows": rows, "result": result_lines(facts, lang), "key": m("key_" + kind),
            "winners": [names[s] for s in facts["winners"]],
            "payouts": facts["payouts"], "returns": facts["returns"],
            "totals": [[game.starting_total(facts["options"])] * facts["players"]]
            + [d["totals"] for d in facts["deals"]]}


def result_lines(facts, lang="en"):
    """The winners and what the end paid, in a few lines, in lang."""
    m = Messages(lang, "sheet")
    names = facts["names"]
    kind = facts["kind"]
    game = host(kind)
    if not facts["over"]:
        return [m.count("in_progress", len(facts["deals"]))]
    lines = []
    winners = game.winners_line(m, [names[s] for s in facts["winners"]])
    if winners:
        lines.append(winners)
    if facts["payouts"] is not None:
        pot = m.count(game.pot_unit, sum(facts["payouts"]))
        paid = [(names[s], p) for s, p in enumerate(facts["payouts"]) if p]
        if len(paid) == 1:
            lines.append(m("takes_pot", name=paid[0][0], amount=pot))
        else:
            lines.append(m("share_pot", names=m("names_and").join(n for n, _p in paid), amount=pot,
                           shares=", ".join("%s %d" % p for p in paid)))
        lines.append(m("won_or_lost", list=", ".join("%s %s" % (names[s], _signed(r))
                                                     for s, r in enumerate(facts["returns"]))))
    else:
        what = totals_label(Messages(lang, "paper"), kind)
        lines.append(m("final", what=what[0].upper() + what[1:] if lang == "fr" else what,
                       list=", ".join("%s %d" % (names[s], v) for s, v in enumerate(facts["final"]))))
    return lines


# -- drawing -------------------------------------------------------------------------------------
def _columns(data):
    """[(left x in inches, width, what)] for the columns, and the sheet's width."""
    # the players share what an A4 page across leaves them, within reason
    fixed = 2 * MARGIN + DEAL_WIDTH + (DEALER_WIDTH if data["has_dealer"] else 0) + (
        DETAIL_WIDTH if data["has_detail"] else 0)
    least = NARROW_PLAYER_WIDTH if host(data["kind"]).narrow_cells else PLAYER_WIDTH
    player = max(least, min(PLAYER_WIDTH_MOST, (A4[1] - fixed) / len(data["names"])))
    x = MARGIN
    columns = [(x, DEAL_WIDTH, "deal")]
    x += DEAL_WIDTH
    if data["has_dealer"]:
        columns.append((x, DEALER_WIDTH, "dealer"))
        x += DEALER_WIDTH
    for seat in range(len(data["names"])):
        columns.append((x, player, seat))
        x += player
    if data["has_detail"]:
        columns.append((x, DETAIL_WIDTH, "detail"))
        x += DETAIL_WIDTH
    return columns, max(x + MARGIN, A4[0])


def _fit(text, width, px_per_char):
    most = max(4, int(width / px_per_char))
    return text if len(text) <= most else text[: most - 1] + "…"


class _Page:
    """One figure; y is measured in inches down from the top."""

    def __init__(self, plt, width, height):
        self.fig = plt.figure(figsize=(width, height), dpi=DPI)
        self.width = width
        self.height = height

    def text(self, x, y, text, size=8.0, colour=INK, weight="normal", ha="left", style="normal"):
        self.fig.text(x / self.width, 1 - y / self.height, text, fontsize=size, color=colour,
                      fontweight=weight, ha=ha, va="center", fontstyle=style)

    def band(self, x, y, width, height, colour):
        from matplotlib.patches import Rectangle

        self.fig.patches.append(Rectangle((x / self.width, 1 - (y + height) / self.height), width / self.width,
                                          height / self.height, transform=self.fig.transFigure,
                                          facecolor=colour, edgecolor="none"))

    def rule(self, x0, x1, y, colour=RULE, width=0.6):
        from matplotlib.lines import Line2D

        self.fig.lines.append(Line2D([x0 / self.width, x1 / self.width], [1 - y / self.height] * 2,
                                     transform=self.fig.transFigure, color=colour, linewidth=width))


def _draw_title(page, data, y):
    """The title, the date and the settings at y, and the key at the page's foot; returns the y
    under them."""
    page.text(MARGIN, page.height - MARGIN / 2, data["key"], size=6.5, colour=FAINT)  # the page's foot
    page.text(MARGIN, y + 0.25, data["title"], size=15, weight="bold")
    page.text(page.width - MARGIN, y + 0.25, data["date"], size=9, colour=FAINT, ha="right")
    page.text(MARGIN, y + 0.6, data["subtitle"], size=9, colour=FAINT)
    return y + HEAD


def _draw_head(page, data, columns, y):
    y = _draw_title(page, data, y)
    for x, width, what in columns:
        if what == "deal":
            page.text(x + width / 2, y + COLUMN_HEAD / 2, data["deal_head"], size=8, weight="bold", ha="center")
        elif what == "dealer":
            page.text(x + 0.05, y + COLUMN_HEAD / 2, data["dealer_head"], size=8, weight="bold")
        elif what == "detail":
            page.text(x + 0.05, y + COLUMN_HEAD / 2, data["detail_head"], size=8, weight="bold")
        else:
            colour = paper_colour(what, TEXT_CONTRAST)
            page.band(x + 0.04, y + 0.05, width - 0.08, 0.06, paper_colour(what))
            page.text(x + width / 2, y + 0.12 + (COLUMN_HEAD - 0.12) / 2,
                      _fit(data["names"][what], width, 0.075), size=8.5, weight="bold", colour=colour, ha="center")
    y += COLUMN_HEAD
    page.rule(MARGIN, page.width - MARGIN, y, INK, 0.8)
    return y


def _draw_rows(page, data, columns, rows, y):
    for i, row in enumerate(rows):
        if i % 2:
            page.band(MARGIN, y, page.width - 2 * MARGIN, ROW, "#f2f2f2")
        middle = y + ROW / 2
        for x, width, what in columns:
            if what == "deal":
                page.text(x + width / 2, middle, str(row["deal"]), size=8, ha="center")
            elif what == "dealer":
                page.text(x + 0.05, middle, _fit(row["dealer"], width, 0.06), size=7.5)
            elif what == "detail":
                page.text(x + 0.05, middle, _fit(row["detail"], width, 0.052), size=7, colour=FAINT)
            else:
                big, small, words = row["cells"][what]
                page.text(x + 0.34, middle, big, size=8.5, weight="bold", ha="right")
                if small:
                    page.text(x + 0.38, middle, small, size=6.5, colour=FAINT)
                if words:
                    left = 0.38 + (0.26 if small else 0)
                    page.text(x + left, middle, _fit(words, width - left - 0.04, 0.045), size=6,
                              colour=paper_colour(what, TEXT_CONTRAST), style="italic")
        y += ROW
    page.rule(MARGIN, page.width - MARGIN, y, INK, 0.8)
    return y


def _draw_result(page, data, y):
    y += 0.15
    for i, line in enumerate(data["result"]):
        page.text(MARGIN, y + RESULT_LINE / 2, line, size=10 if i == 0 else 8.5, weight="bold" if i == 0 else "normal")
        y += RESULT_LINE
    return y


def _draw_chart(page, data, y, height=CHART):
    """The running totals, one line a player in his colour, under the table."""
    left, bottom = MARGIN + 0.5, page.height - (y + height - 0.25)
    ax = page.fig.add_axes((left / page.width, bottom / page.height,
                            (page.width - left - MARGIN - 1.6) / page.width, (height - 0.6) / page.height))
    deals = list(range(len(data["totals"])))
    for seat, name in enumerate(data["names"]):
        line = line_style(seat, len(data["names"]))
        values = [t[seat] for t in data["totals"]]
        if host(data["kind"]).steps:
            ax.step(deals, values, where="post", label=name, **dict(line, marker=None))
        else:
            ax.plot(deals, values, label=name, **line)
    integer_axis(ax.xaxis)
    integer_axis(ax.yaxis)
    ax.set_xlabel(data["deal_label"], fontsize=8)
    ax.set_ylabel(data["totals_label"], fontsize=8)
    ax.tick_params(labelsize=7)
    ax.grid(color=FAINT, alpha=0.25)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7, frameon=False)


def _page_rows(data, page_height):
    """The rows split into the pages of a PDF, page_height inches tall: each page as full as its
    heading leaves room for."""
    rows = data["rows"]
    per_page = max(1, int((page_height - 2 * MARGIN - HEAD - COLUMN_HEAD) / ROW))
    return [rows[i:i + per_page] for i in range(0, len(rows), per_page)] or [[]]


def sheet_pages(data, paged):
    """The sheet's figures: one tall page, or (paged) A4 pages in the orientation its width needs,
    each filled: the heading and the column names, then as many rows as the page holds; after the
    last row the result, and the plot of the totals taking all the room left down to the foot. When
    too little is left for a readable plot (CHART_LEAST), the plot has a page of its own under the
    heading, the whole page high: a sheet pinned on a wall shows no empty half page. The caller
    saves and closes them."""
    plt = pyplot()
    columns, width = _columns(data)
    result = 0.15 + RESULT_LINE * len(data["result"]) + 0.1
    if not paged:
        height = 2 * MARGIN + HEAD + COLUMN_HEAD + ROW * len(data["rows"]) + result + CHART
        page = _Page(plt, width, height)
        y = _draw_rows(page, data, columns, data["rows"], _draw_head(page, data, columns, MARGIN))
        _draw_chart(page, data, _draw_result(page, data, y) + 0.1)
        return [page.fig]
    size = (width, A4[1]) if width <= A4[0] else (max(width, A4[1]), A4[0])
    bottom = size[1] - MARGIN  # the key is in the margin under it
    figures = []

    def new_page():
        page = _Page(plt, size[0], size[1])
        figures.append(page.fig)
        return page, _draw_title(page, data, MARGIN)

    for rows in _page_rows(data, size[1]):
        page = _Page(plt, size[0], size[1])
        figures.append(page.fig)
        y = _draw_rows(page, data, columns, rows, _draw_head(page, data, columns, MARGIN))
    if y + result > bottom:  # no room left under the table
        page, y = new_page()
    y = _draw_result(page, data, y) + 0.1
    if bottom - y < CHART_LEAST:
        page, y = new_page()
    _draw_chart(page, data, y, bottom - y)
    return figures


def draw_sheet(facts, path, lang="en"):
    """Write the game's score sheet in lang to path (.png, .svg or .pdf); returns (sheet data,
    pages)."""
    ext = picture_format(path, FORMATS)
    data = sheet_data(facts, lang)
    plt = pyplot()
    figures = sheet_pages(data, paged=ext == "pdf")
    try:
        if ext == "pdf":
            from matplotlib.backends.backend_pdf import PdfPages

            with PdfPages(path, metadata={"Title": data["title"], "Subject": data["subtitle"],
                                          "Creator": SOFTWARE}) as pdf:
                for fig in figures:
                    pdf.savefig(fig)
        else:
            text = json.dumps(data, ensure_ascii=False)
            metadata = {"Description": text, "Software": SOFTWARE} if ext == "png" else {
                "Description": text, "Creator": SOFTWARE, "Title": data["title"]}
            figures[0].savefig(path, dpi=DPI, metadata=metadata)
    finally:
        for fig in figures:
            plt.close(fig)
    return data, len(figures)
