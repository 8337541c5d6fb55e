"""The words of each game: the app owns them, the engines only describe (engine/core.py's facts
and refusal codes). One module a game, app.words.<game> (engine.games names the game), imported
only while that game is played or set up, so the other games' words take no RAM.

The module holds the code; the words are in one module a language (app.i18n.OneLanguage), so
that a table takes the heap of its language's words alone: <game>_fr (every French word of the
game) and <game>_en (the English), which declare the same names. What happened (tell, applied)
is logged in English at every table: those English words are in <game>_told_en, loaded with the
game whatever its language, and <game>_en takes them from there. LANGUAGE_MODULES names them.

Every words module declares, in French and English (app.i18n.LANGS), ASCII only, lines of at
most 16 characters (a move's label's first line at most 14: it follows "> "):
  refusal(lang, why)     the reason why_illegal gave, (code, args...), as a sentence that
                         app.i18n.wrap fits into three OLED lines of 16 without cutting a word
  header(lang, state)    the table mode's first line: the game and the deal (16 columns)
  action_label(lang, state, action)  a legal move as the table mode offers it: one line, or
                         up to three joined by "\n" when one cannot name it readably (an
                         Achéron meld, then its cards by their names, one a line)
  hand_lines(lang, state, seat)      up to 4 lines: what the seat sees in its peek
  tell(lang, state, kind, a, b, c, label)  the words for a fact of the last move (kind and its
                         three int args, engine/core.py), label(seat) naming a seat as the table
                         knows it (the host's name, else J1..); None for a fact it does not tell.
                         One line of 16 for a decision; a list of seats may wrap (app.i18n.wrap).
                         The app logs each told fact ("fact" event, its English words) and the
                         mode shows it (app/modes/base.py: told)
  lit_seat(kind, a, b, c)  the seat a fact puts forward on the ring (a trick's taker, a
                         contract's taker, a meld's player...), or -1: the app hands it to the
                         mode with the fact (Mode.light), which lights it apart from the seat
                         that acted (app/modes/table.py)
  standings_label(lang)  the word for what state.standings() counts ("Plis", "Points",
                         "Cercles"): the label the standings' row starts with, so that no row
                         of numbers is left for the table to guess (table, score and
                         Tanturlurette's screens)
  hint(lang, state)      the hint under the move offered to a person, when holding OK does
                         something else than play (La Bourre's put-back: "Tenir OK:ecarter"),
                         at most 16 columns; None for the shared "Tenir OK: jouer"
  table_lines(lang, state, seat, label)  what lies face up on the table for all to read and
                         seat's own peek does not already show (seat -1: no peek, e.g. a bot's
                         turn): up to 5 lines of 16, whose first names its owner; [] when
                         nothing does. Piccolo's sur-table hand once spread; [] in the other
                         games (Achéron's melds are told as they are laid, and scored).
                         The table mode's spread view shows it (app/modes/table.py)
and a game with a scorekeeper also:
  prompt(lang, state)    the scorekeeper's two lines: what is being entered
  entry_label(lang, state, action)   an entry beyond the numbers (extra_actions())
  applied(lang, state, label)   once a deal is over, what it applied besides the numbers
                         entered, a sentence an item, label(seat) naming its seat (Achéron's
                         items and slips; [] when there was none), or None for a game whose
                         deals apply nothing more (app/modes/score.py wraps each to two lines)

Adding the telling of a pub game (issue 14 item 2): in its engine, call self.tell(F_X, args) in
_apply for each thing the table may see (a card played and by whom, a trick and its taker, a bid,
the contract, the trump...), with F_X constants beside its actions; here, word each F_X in tell()
the way app/words/tanturlurette.py does (its words in <game>_fr and <game>_told_en, a test checks
both languages declare the same names), and name in lit_seat the seat a fact puts forward. The
app logs and shows them with nothing more to write; tests read the "fact" events and the OLED text.
A game's codes (>= engine.core.REFUSE_GAME) are its own; the codes every game shares are worded
by app.i18n.refusal, which each module's refusal falls back on.
"""


# The modules of a game's words beside app.words.<game>: their names' endings.
LANGUAGE_MODULES = ("_fr", "_en", "_told_en")


def modules(game):
    """The dotted names of the words modules of the game named `game` (deploy installs them)."""
    base = "app.words." + game
    return (base,) + tuple(base + end for end in LANGUAGE_MODULES)


def of(engine):
    """The words module of the game whose mode the engine module `engine` plays."""
    from engine.games import of_engine

    game, _mode = of_engine(engine)
    if game is None:
        raise ValueError("no descriptor plays %s" % engine)
    return __import__("app.words." + game.name, None, None, ["refusal"])


def forget_others(engine):
    """Let go of the words of every game but the one the engine module `engine` plays, as
    engine.registry.forget_other_packs does of their engines: a game played before, or the one
    the setup menu checked, would keep its words in the heap for nothing."""
    from engine.games import GAMES, of_engine
    from engine.registry import let_go

    game, _mode = of_engine(engine)
    for other in GAMES:
        if other is not game:
            for module in modules(other.name):
                let_go(module)
