"""Why a game cannot start, in the table's language (issue 14 item 3): app.i18n.setup_refusal
loads this module for the screen and lets it go, with the words of the language
(app.i18n_setup_<lang>) and, for an option's label, the game's setup words (games.setup_words)."""

from engine.core import (
    REFUSE_FILE,
    REFUSE_GAME_DATA,
    REFUSE_MISSING,
    REFUSE_OPTION,
    REFUSE_OPTION_RANGE,
    REFUSE_OPTIONS,
    REFUSE_SEATS,
    BadOptions,
)
from games import is_seat_option, setup_words

from app.i18n import for_screen, refusal, tr

# The setup refusals (engine.core REFUSE_OPTION..REFUSE_FILE: BadOptions.why, or what the app makes
# of an ImportError or an OSError), worded in app.i18n_setup_<lang>.
_SETUP_CODES = (REFUSE_OPTION, REFUSE_OPTION_RANGE, REFUSE_OPTIONS, REFUSE_GAME_DATA, REFUSE_SEATS,
                REFUSE_MISSING, REFUSE_FILE)
_MENU_ROWS = ("mode", "players", "humans", "level")  # the rows the menu owns: the shared messages word them


def setup_why(err) -> tuple:
    """The refusal code of what setting a game up raised: a BadOptions says its own (why); an
    ImportError is a module of the game missing; an OSError, its errno; any other ValueError, the
    settings refused."""
    if isinstance(err, BadOptions):
        why = err.why
        if why[0] not in _SETUP_CODES:  # a code no words are for: still a refusal of the settings
            return (REFUSE_OPTIONS,)
        return why
    if isinstance(err, ImportError):
        return (REFUSE_MISSING,)
    if isinstance(err, OSError):
        code = err.args[0] if err.args else 0
        return (REFUSE_FILE, code if type(code) is int else 0)
    return (REFUSE_OPTIONS,)


def option_label(lang, option, described):
    """The setup menu's label of `option` in lang, or None for an option the menu never sets for
    the game `described` (a games.Game, or None): a row of the menu's own, else one of the game's
    setup rows, by its setup words (loaded for the refusal, let go with it)."""
    if option in _MENU_ROWS:
        return tr(lang, option)
    if described is None:
        return None
    try:
        return setup_words(described, lang).LABELS.get(option)
    except ImportError:  # a game installed in part: its option then named by no label
        return None


def setup_refusal(lang, err, described):
    """Why the game `described` (a games.Game, or None) cannot start, in lang (App.start_game
    shows it, the log keeps str(err)), each a sentence app.i18n.wrap fits into three lines of 16
    without cutting a word; an option is named by its setup menu label, and one the menu never
    sets (a host's, a saved game's) is a refusal of the settings."""
    why = setup_why(err)
    if why[0] == REFUSE_OPTION or why[0] == REFUSE_OPTION_RANGE:  # the option by its menu label
        option = why[1]
        label = option_label(lang, option, described)
        if label is None:
            why = (REFUSE_OPTIONS,)
        else:
            bounds = why[2:]
            if why[0] == REFUSE_OPTION_RANGE and is_seat_option(option):  # seats as a person counts them
                bounds = (bounds[0] + 1, bounds[1] + 1)
            why = (why[0], label) + bounds
    return refusal(lang, why, for_screen("app.i18n_setup_" + ("en" if lang == "en" else "fr")).REFUSALS)
