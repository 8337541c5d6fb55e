"""Why a game cannot start, in English (app.i18n.setup_refusal: loaded for the screen and let go
with it): the setup refusals (engine.core REFUSE_OPTION..REFUSE_FILE: BadOptions.why, or what the
app makes of an ImportError or an OSError), each a sentence app.i18n.wrap fits into three lines of
16 without cutting a word; the %s of an option is its setup menu label."""

from engine.core import (
    REFUSE_FILE,
    REFUSE_GAME_DATA,
    REFUSE_MISSING,
    REFUSE_OPTION,
    REFUSE_OPTION_RANGE,
    REFUSE_OPTIONS,
    REFUSE_SEATS,
)

REFUSALS = {
    REFUSE_OPTION: "%s: value refused",
    REFUSE_OPTION_RANGE: "%s: %d to %d",
    REFUSE_OPTIONS: "settings refused",
    REFUSE_GAME_DATA: "a file of the game is missing or damaged",
    REFUSE_SEATS: "%d players for %d seats",
    REFUSE_MISSING: "game incomplete: deploy it again",
    REFUSE_FILE: "file error %d",
}
