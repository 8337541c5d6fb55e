"""Why a game cannot start, in French (app.i18n.setup_refusal: loaded for the screen and let go
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
    REFUSE_OPTION: "%s: valeur refusee",
    REFUSE_OPTION_RANGE: "%s: de %d a %d",
    REFUSE_OPTIONS: "Reglages refuses",
    REFUSE_GAME_DATA: "Fichier du jeu absent ou abime",
    REFUSE_SEATS: "%d joueurs pour %d places",
    REFUSE_MISSING: "Jeu incomplet: a reinstaller",
    REFUSE_FILE: "Erreur de fichier %d",
}
