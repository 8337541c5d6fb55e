"""CSV export of the games and their deals, for a spreadsheet (the columns: docs/FORMATS.md).

write_deals() writes one row per deal of every game given: the game, its kind and engine, its
date, the deal's number, dealer and first to play, then per seat (1 to the most seats of any game
exported) the player's name, what the deal gave him, his running total and a few words, then
what the deal was. write_games() writes one row per game: its result, the winners, and per seat
the name, the final standing, what he won or lost and what the pot paid him.

The cells a person reads (the notes, what the deal was, what the totals count, over or not) are in
French or English (lang: host_tools/messages/paper_<lang>.py, the score sheet's words for a deal,
and export_<lang>.py); the column names are not: they are the file's format, and a spreadsheet or a
script that reads one export reads every other, whatever language the device was set to.

The files are UTF-8 with a byte-order mark (so a spreadsheet opening them reads the accents of
French names), comma-separated, with a header. Seats are numbered from 1, as on the device. A
text cell that a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a return)
gets a leading apostrophe, so a name can never run anything.
"""

import csv
import time

from host_tools.games import host
from host_tools.lang import Messages
from host_tools.paper import deal_words, totals_label

ENCODING = "utf-8-sig"
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _text(value):
    """A text cell that no spreadsheet will take for a formula."""
    value = "" if value is None else str(value)
    return "'" + value if value.startswith(_FORMULA_START) else value


def _date(seconds):
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(seconds)) if seconds else ""


def _seat(seat):
    return "" if seat is None else seat + 1


def _game_columns(facts):
    return [facts["id"], _text(host(facts["kind"]).title), facts["game"], _date(facts["date"])]


def deal_header(seats):
    head = ["game", "kind", "engine", "date", "deal", "dealer", "dealer_name", "leader", "leader_name"]
    for s in range(1, seats + 1):
        head += ["player%d" % s, "points%d" % s, "total%d" % s, "note%d" % s]
    return head + ["detail"]


def deal_rows(facts, seats, lang="en"):
    paper = Messages(lang, "paper")
    names = facts["names"]
    for deal in facts["deals"]:
        notes, detail = deal_words(paper, facts, deal)
        row = _game_columns(facts) + [deal["deal"], _seat(deal["dealer"]),
                                      _text(names[deal["dealer"]] if deal["dealer"] is not None else ""),
                                      _seat(deal["leader"]),
                                      _text(names[deal["leader"]] if deal["leader"] is not None else "")]
        for s in range(seats):
            if s < facts["players"]:
                row += [_text(names[s]), deal["points"][s], deal["totals"][s], _text(notes[s])]
            else:
                row += ["", "", "", ""]
        yield row + [_text(detail)]


def game_header(seats):
    head = ["game", "kind", "engine", "date", "players", "deals", "over", "winners", "totals"]
    for s in range(1, seats + 1):
        head += ["player%d" % s, "final%d" % s, "won%d" % s, "paid%d" % s]
    return head


def game_rows(facts_list, seats, lang="en"):
    m = Messages(lang, "export")
    paper = Messages(lang, "paper")
    for facts in facts_list:
        names = facts["names"]
        row = _game_columns(facts) + [facts["players"], len(facts["deals"]), m("yes" if facts["over"] else "no"),
                                      _text(", ".join(names[s] for s in facts["winners"])),
                                      totals_label(paper, facts["kind"])]
        for s in range(seats):
            if s < facts["players"]:
                paid = facts["payouts"][s] if facts["payouts"] is not None else ""
                row += [_text(names[s]), facts["final"][s], facts["returns"][s] if facts["over"] else "", paid]
            else:
                row += ["", "", "", ""]
        yield row


def _most_seats(facts_list):
    return max([f["players"] for f in facts_list] or [0])


def write_deals(facts_list, path, lang="en"):
    """Write the deals of these games' facts to path, their words in lang; returns the number of
    rows."""
    seats = _most_seats(facts_list)
    count = 0
    with open(path, "w", encoding=ENCODING, newline="") as f:
        out = csv.writer(f)
        out.writerow(deal_header(seats))
        for facts in facts_list:
            for row in deal_rows(facts, seats, lang):
                out.writerow(row)
                count += 1
    return count


def write_games(facts_list, path, lang="en"):
    seats = _most_seats(facts_list)
    with open(path, "w", encoding=ENCODING, newline="") as f:
        out = csv.writer(f)
        out.writerow(game_header(seats))
        out.writerows(game_rows(facts_list, seats, lang))
    return len(facts_list)
