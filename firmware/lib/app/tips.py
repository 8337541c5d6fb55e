"""A person's tip (issue 26): what the game's bot would do in the seat's place, and why, worded
for the OLED. Loaded only when a person asks (a long KEEP) and let go once the tip is worded, with
the game's modules it reads, so that a game nobody asks about holds none of it (app.memory).

The game's advice module (games/<game>/advice.py) gives the move and a reason code, reading only
what the seat may know; the game's help words in the table's language (help_<lang>.WHY, in the
order of the advice's WHY_* codes) word the reason, one line of 16 once its %d is filled.
"""

from games import of_engine

from app.i18n import tr
from app.memory import is_loaded, let_go, load


def _module(engine, name):
    """games.<game>.<name> for the game the engine named `engine` plays (a game with bots)."""
    described = of_engine(engine)[0]
    if described is None:
        raise ValueError("no game plays %s" % engine)
    return described.package + "." + name


def advise(engine, state, seat):
    """(action, why, value): the game's advice for seat, its module loaded for it and let go."""
    name = _module(engine, "advice")
    try:
        return load(name).advise(state, seat)
    finally:
        let_go(name)


def reason(engine, lang, why, value):
    """The reason `why` (with its value) in lang: the game's help words, let go after unless the
    game menu is showing its pages."""
    name = _module(engine, "help_" + lang)
    showing = is_loaded(name)
    words = load(name).WHY[why]
    if not showing:
        let_go(name)
    return words % value if "%" in words else words


def tip_lines(app, state, seat):
    """(the move advised, its two lines): "Conseil: <move>" ("Conseil: ce coup" when its name is
    too long to follow), then why."""
    engine = app.session.game
    lang = app.lang
    action, why, value = advise(engine, state, seat)
    line = tr(lang, "advice") % app.words().action_label(lang, state, action).split("\n")[0]
    return action, [line if len(line) <= 16 else tr(lang, "advice_this"), reason(engine, lang, why, value)]
