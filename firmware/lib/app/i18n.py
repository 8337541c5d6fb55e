"""The words the device shows, in French (the default) and English.

Plain ASCII only: the SSD1306's built-in font has no accents. Every string fits a 16-character
OLED line once its %-fields are filled with the short values the modes pass.
"""

from engine.core import (
    REFUSE_FILE,
    REFUSE_GAME_DATA,
    REFUSE_MISSING,
    REFUSE_NOT_INT,
    REFUSE_NOT_NOW,
    REFUSE_OPTION,
    REFUSE_OPTION_RANGE,
    REFUSE_OPTIONS,
    REFUSE_OVER,
    REFUSE_SEATS,
    BadOptions,
)
from engine.games import is_seat_option

LANGS = ("fr", "en")


def _table(rows):
    """key -> its row: (key, French, English), or (key, words) when both languages say the same."""
    table = {}
    for row in rows:
        table[row[0]] = row
    return table


_STRINGS = _table((
    # setup menu
    ("play", "Jouer", "Play"),
    ("game", "Jeu", "Game"),
    ("mode", "Mode"),
    ("players", "Joueurs", "Players"),
    ("humans", "Humains", "Humans"),
    ("selftest", "Auto-test", "Self-test"),
    ("unavailable", "Jeu indisponible", "Game unavailable"),
    ("no_game", "Aucun jeu", "No game"),
    ("yes", "oui", "yes"),
    ("no", "non", "no"),
    ("no_limit", "libre", "any"),  # a count option's 0: no limit
    ("deck", "donne", "deck"),
    ("board", "plateau", "board"),
    ("table", "table"),
    ("score", "score"),
    ("menu_hint", "K/S:ligne OK:val", "K/S:line OK:set"),
    # in-game menu
    ("continue", "Continuer", "Continue"),
    ("undo", "Annuler coup", "Undo"),
    ("redo", "Retablir", "Redo"),
    ("new_game", "Nouvelle partie", "New game"),
    # game
    ("seat", "J%d", "P%d"),
    ("round", "Tour %d  pot %d", "Round %d  pot %d"),
    ("drawing_dealer", "Tirage donneur", "Drawing dealer"),
    ("dealer", "Donneur %s", "Dealer %s"),
    ("to_act", "%s joue", "%s to play"),
    ("bot_thinks", "%s (robot)", "%s (bot)"),
    ("keep_swap", "K:garde S:change", "K:keep S:swap"),
    ("keep_draw", "K:garde S:pioche", "K:keep S:draw"),
    ("take_refuse", "K:prend S:refuse", "K:take S:refuse"),
    ("king_hint", "Tenir OK: un Roi", "Hold OK: a King"),  # board mode: the neighbour's King refused
    ("hold_ok", "Tenir OK: carte", "Hold OK: card"),
    ("your_card", "Ta carte %s", "Your card %s"),
    ("drawn", "Tiree %s", "Drawn %s"),
    ("dealer_shows", "Retournee %s", "Turned up %s"),
    ("mark_losers", "Perdants ?", "Losers?"),
    ("mark_hint", "K/S:siege OK:x", "K/S:seat OK:x"),
    ("marked", "Marques: %s", "Marked: %s"),
    ("confirm", "Tenir OK:valider", "Hold OK: confirm"),
    ("centre", "centre: valider", "centre: confirm"),  # the marking cursor past the last seat
    ("nobody", "aucun", "nobody"),
    ("reentry_ask", "%s en enfer", "%s in l'enfer"),
    ("reentry_hint", "K:revient S:sort", "K:back S:out"),
    ("reveal", "Cartes du tour", "Cards shown"),
    ("losers", "Perd: %s", "Lose: %s"),
    ("all_same", "Tous egaux", "All the same"),
    ("next", "OK: suite", "OK: next"),
    ("winner", "Gagne: %s", "Winner: %s"),
    ("winners", "Partage: %s", "Shared: %s"),  # a pot shared by the winners
    ("winners_all", "Gagnants: %s", "Winners: %s"),  # several winners, in the engine's order
    ("no_winner", "Aucun gagnant", "No winner"),
    ("deal_end", "Fin de donne %d", "End of deal %d"),  # a deal's reveal: what was told last
    ("pot_tokens", "Pot: %d jetons", "Pot: %d tokens"),
    ("to_menu", "OK: menu"),
    ("undone", "Coup annule", "Undone"),
    ("redone", "Coup retabli", "Redone"),
    ("nothing_undo", "Rien a annuler", "Nothing to undo"),
    ("nothing_redo", "Rien a retablir", "Nothing to redo"),
    ("resumed", "Partie reprise", "Game resumed"),
    ("round_only", "Tour %d", "Round %d"),
    ("dropped", "%d ecarte(s)", "%d dropped"),
    ("not_resumed", "Rien a reprendre", "Nothing resumed"),
    ("error", "Erreur", "Error"),
    ("choose", "Tenir OK: jouer", "Hold OK: play"),  # a long OK plays the move shown
    ("peek_hint", "OK: voir la main", "OK: see the hand"),
    ("spread_hint", "OK: jeu etale", "OK: spread hand"),  # a bot's turn: the spread view (table)
    ("target", "But %d", "Target %d"),
    ("game_over", "Partie finie", "Game over"),
    # presses that forgive: confirming is holding OK (scorekeeper, game menu)
    ("hold_confirm", "Tenir OK:valider", "Hold OK: confirm"),
    ("hold_longer", "OK: tenir appuye", "OK: hold it down"),  # a short OK confirmed nothing
    ("score_steps", "K/S:+-1 tenu:10", "K/S:+-1 hold:10"),  # a long KEEP/SWAP jumps by ten
    ("score_pick", "K/S: choix", "K/S: pick"),
    ("applied_head", "Fin donne %d:", "End of deal %d:"),  # then what the deal applied
    ("abandon_ask", "Abandonner ?", "Abandon game?"),
    ("abandon_yes", "Tenir OK: oui", "Hold OK: yes"),
    ("abandon_no", "K/S/BACK: non", "K/S/BACK: no"),
    ("undo_none", "Annuler: rien", "Undo: nothing"),  # the game menu's rows with nothing to do
    ("redo_none", "Retablir: rien", "Redo: nothing"),
    ("new_game_row", "Nouv. partie", "New game"),  # "Nouvelle partie" and the cursor: 17 columns
    ("reveal_page", "K/S %d/%d OK:suite", "K/S %d/%d OK:next"),  # a deal's reveal of several pages
))


# The setup menu's rows for game options (engine SETUP_CHOICES), kept apart from the strings
# above because option names ("dealer", "target") are also message keys there. Short enough that
# "> label: value" fits a line with the values below.
OPTION_LABELS = _table((
    ("circles", "Cercles", "Circles"),
    ("reentry", "Retour", "Re-entry"),
    ("reentry_cap", "Retours", "Re-entries"),  # how many times each player may come back
    ("king_blocks", "Roi bloque", "King blocks"),
    ("all_tied_move", "Tous egaux", "All same"),  # all live players tied: do they all move?
    ("deals", "Donnes", "Deals"),
    ("stake", "Mise", "Stake"),
    ("eldest", "Ancien", "Eldest"),
    ("dealer", "Donneur", "Dealer"),
    ("target", "But", "Target"),
    ("generale", "Generale"),
    ("generale_payoff", "Gen. paie", "Gen. pays"),  # what a generale pays: 7 or 10
    ("lay", "Pose", "Lay"),
    ("jocrisse", "Jocrisse"),
    ("chandelle", "Chandelle"),
    ("five_fee", "Fee a 5", "5pt fee"),
    ("rouge_queen", "Rouge"),
    ("personnages", "Perso"),  # do wild cards and the Baiser take personnages?
    ("draw_from", "Pioche", "Draw"),
    ("putback", "Ecart", "Put back"),  # La Bourre: where the cards exchanged go back
))
# Option values that are words (engine option strings), by value.
OPTION_WORDS = _table((
    ("drawn", "tiree", "drawn"),
    ("free", "libre", "free"),
    ("piece", "piece"),
    ("baiser", "baiser"),
    ("gift", "don", "gift"),
    ("transfer", "paie", "pays"),
    ("any", "toute", "any"),
    ("etoile", "etoile"),
    ("wild", "la Reine", "Queen"),
    ("pair", "apparies", "paired"),
    ("alone", "seuls", "alone"),
    ("previous", "avant", "previous"),
    ("next", "apres", "next"),
    ("mixed", "melange", "mixed"),
    ("under", "dessous", "under"),
))


def tr(lang, key, table=_STRINGS):
    """The words for key in lang: from `table` (OPTION_LABELS, OPTION_WORDS) first, else from the
    messages; an unknown key shows as itself so a typo is visible, not fatal."""
    row = table.get(key) or _STRINGS.get(key)
    if row is None:
        return key
    return row[-1] if lang == "en" else row[1]  # English last


def say(lang, row):
    """A (French, English) pair's words in lang."""
    return row[1] if lang == "en" else row[0]


def seat_name(lang, seat):
    return tr(lang, "seat") % (seat + 1)


def fit(text):
    """Cut a line to the OLED width."""
    return text if len(text) <= 16 else text[:16]


def pack(cells, width=16):
    """Short cells ("7Co", "J2 12") joined by spaces into as few lines as fit the width (the OLED
    shows 16 characters a line)."""
    lines = []
    line = ""
    for cell in cells:
        if line and len(line) + 1 + len(cell) > width:
            lines.append(line)
            line = cell
        else:
            line = (line + " " + cell) if line else cell
    if line:
        lines.append(line)
    return lines


# A card's one name on the device, by language: the rank from the Ace, then the suit (letters,
# not symbols: the OLED's font is ASCII only). French: As..R of Pi, Co, Ca, Tr.
_RANKS = {"fr": "As 2 3 4 5 6 7 8 9 10 V D R".split(), "en": "A 2 3 4 5 6 7 8 9 10 J Q K".split()}
_SUITS = {"fr": ("Pi", "Co", "Ca", "Tr"), "en": "SHDC"}


def suit_word(lang, suit):
    return _SUITS["en" if lang == "en" else "fr"][suit & 3]


def card_word(lang, card):
    """The card's name on the device ("7Co", "7H"); "?" for no card (-1)."""
    if card < 0 or card >= 52:
        return "?"
    return _RANKS["en" if lang == "en" else "fr"][card >> 2] + suit_word(lang, card)


def card_lines(lang, cards, width=16):
    """Card names wrapped into OLED lines of at most `width` characters."""
    return pack([card_word(lang, c) for c in cards], width)


def wrap(message, max_lines):
    """Split a message into OLED lines at spaces (a word too long for a line is cut)."""
    return [fit(line) for line in pack(message.split())[:max_lines]]


# The refusal codes every game shares (engine.core REFUSE_*): (French, English), each a sentence
# that wrap() fits into three lines of 16 without cutting a word.
_REFUSALS = {REFUSE_OVER: ("La partie est finie", "the game is over"),
             REFUSE_NOT_NOW: ("Pas possible maintenant", "not possible now"),
             REFUSE_NOT_INT: ("Pas un nombre entier", "not a whole number")}
_UNWORDED = ("Coup refuse (%d)", "move refused (%d)")  # a code without words: visible, no crash


def refusal(lang, why, game_refusals):
    """The sentence for a refusal: why is why_illegal's (code, args...), worded from the game's
    table {code: (French, English)} or the shared one. A sentence (a check outside the rules,
    in English for the log) shows as it is in English and as "not possible now" in French, so a
    French screen shows no English; no reason at all says "not possible now" too."""
    if not why or type(why) is str:
        if why and lang == "en":
            return why
        return say(lang, _REFUSALS[REFUSE_NOT_NOW])
    row = game_refusals.get(why[0]) or _REFUSALS.get(why[0])
    if row is None:
        return say(lang, _UNWORDED) % why[0]
    text = say(lang, row)
    return text % why[1:] if len(why) > 1 else text



# -- What the setup and the board itself refuse or report (issue 14 item 3) -----------------------
# The setup refusals (engine.core REFUSE_OPTION..REFUSE_FILE: BadOptions.why, or what the app makes
# of an ImportError or an OSError), each a sentence wrap() fits into three lines of 16 without
# cutting a word; the %s of an option is its setup menu label.
_SETUP_REFUSALS = {REFUSE_OPTION: ("%s: valeur refusee", "%s: value refused"),
                   REFUSE_OPTION_RANGE: ("%s: de %d a %d", "%s: %d to %d"),
                   REFUSE_OPTIONS: ("Reglages refuses", "settings refused"),
                   REFUSE_GAME_DATA: ("Fichier du jeu absent ou abime",
                                      "a file of the game is missing or damaged"),
                   REFUSE_SEATS: ("%d joueurs pour %d places", "%d players for %d seats"),
                   REFUSE_MISSING: ("Jeu incomplet: a reinstaller", "game incomplete: deploy it again"),
                   REFUSE_FILE: ("Erreur de fichier %d", "file error %d")}


def setup_why(err) -> tuple:
    """The refusal code of what setting a game up raised: a BadOptions says its own (why); an
    ImportError is a module of the game missing; an OSError, its errno; any other ValueError, the
    settings refused."""
    if isinstance(err, BadOptions):
        why = err.why
        if why[0] not in _SETUP_REFUSALS:  # a code no words are for: still a refusal of the settings
            return (REFUSE_OPTIONS,)
        if why[0] == REFUSE_OPTION or why[0] == REFUSE_OPTION_RANGE:
            row = OPTION_LABELS.get(why[1]) or _STRINGS.get(why[1])
            if row is None:  # an option the menu never sets (a host's, a saved game's)
                return (REFUSE_OPTIONS,)
        return why
    if isinstance(err, ImportError):
        return (REFUSE_MISSING,)
    if isinstance(err, OSError):
        code = err.args[0] if err.args else 0
        return (REFUSE_FILE, code if type(code) is int else 0)
    return (REFUSE_OPTIONS,)


def setup_refusal(lang, err):
    """Why a game cannot start, in lang (App.start_game shows it, the log keeps str(err))."""
    why = setup_why(err)
    if why[0] == REFUSE_OPTION or why[0] == REFUSE_OPTION_RANGE:  # the option by its menu label
        option = why[1]
        why = (why[0], tr(lang, option, OPTION_LABELS)) + why[2:]
        if why[0] == REFUSE_OPTION_RANGE and is_seat_option(option):  # seats as a person counts them
            why = (why[0], why[1], why[2] + 1, why[3] + 1)
    return refusal(lang, why, _SETUP_REFUSALS)


_STRINGS.update(_table((
    # a save the flash refused (Session "storage" events), and the loop's out of memory
    ("flash_full", "Flash pleine", "Flash full"),
    ("flash_error", "Erreur flash %d", "Flash error %d"),
    ("saved_again", "Sauvegarde OK", "Saved again"),
    ("goes_on", "le jeu continue", "game goes on"),
    ("out_of_memory", "Memoire pleine", "Out of memory"),
    # the boot: config.json values refused (each said in full on the serial line and the log)
    ("config_count", "Config: %d"),  # values refused, their defaults used: config.json to fix
    ("config_fix", "a corriger", "to fix"),
    # a pin the chip refuses (app.boards: each rule's key), after "KEEP: GPIO 26"
    ("pin_gpio", "%s: GPIO %d"),
    ("pin_none", "pas sur la puce", "not on the chip"),
    ("pin_flash", "broche de flash", "a flash pin"),
    ("pin_psram", "broche de PSRAM", "a PSRAM pin"),
    ("pin_usb", "broche USB", "a USB pin"),
    ("pin_serial", "ligne serie USB", "USB serial line"),
    ("pin_input", "entree seule", "input only"),
    ("pin_strap", "bloque le boot", "stops the boot"),
    ("pin_twice", "deja utilisee", "used twice"),
    ("pins_fallback", "Broches: profil", "Pins: profile"),  # the configured pins failed
    ("no_store", "Sans sauvegarde", "Not saving"),  # no flash store: no resume after a power cut
    ("no_link", "Sans liaison USB", "No host link"),  # the serial protocol could not start
    # a board without PSRAM (hw_esp32.boot): the heap there and the heap needed, in KB
    ("no_psram", "Pas de PSRAM", "No PSRAM"),
    ("heap_kb", "Memoire %d Ko,", "Heap %d KB,"),
    ("needs_kb", "il faut %d Ko.", "needs %d KB."),
    ("psram_board", "Carte a PSRAM et", "Use a board with"),
    ("psram_image", "image SPIRAM:", "PSRAM, a SPIRAM"),
    ("psram_doc", "voir DEVICE.md", "image: DEVICE.md"),
)))
