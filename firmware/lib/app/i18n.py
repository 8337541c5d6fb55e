"""The words the device shows, in French (the default) or English: one language's at a time.

Each set of words is one module a language, of the same names: app.i18n_fr and app.i18n_en (the
setup menu's own rows, the game menu, the shared game screens, the shared refusals),
games.<game>.words_fr and _en (a game's), games.<game>.setup_fr and _en (its setup rows' labels
and value words: games.setup_words, loaded only while the setup menu shows the game or a refusal
of its settings is worded). OneLanguage loads the module of the language asked and lets go of
the other, so the words of one language take the heap, never two (on MicroPython a module's strings live as
long as the module: keeping one language's rows of a table holding both would free nothing).
The words of screens seldom shown are loaded for the screen and let go at once: the board layer's
boot screens (board_words: app.i18n_board_<lang>) and why a game cannot start (setup_refusal:
app.i18n_setup, which words it, and app.i18n_setup_<lang>).

What stays here for both languages is what the log needs in English whatever the table's
language (a fact's words name seats and cards: seat_name, card_word) and the text helpers.

Plain ASCII only: the SSD1306's built-in font has no accents. Every string fits a 16-character
OLED line once its %-fields are filled with the short values the modes pass.
"""

from engine.core import REFUSE_NOT_NOW

from app.memory import for_screen, let_go, load

LANGS = ("fr", "en")


class OneLanguage:
    """A set of words kept as one module a language (prefix + "fr", prefix + "en"), each declaring
    the same names. of(lang) is the module of lang, imported when first asked; asking for the
    other language lets the first go (from sys.modules and its package), so only one language's
    words stay in the heap. A language other than "en" reads as French, as say() does."""

    def __init__(self, prefix):
        self.prefix = prefix
        self.loaded = {}  # the language loaded: its module, by its code

    def of(self, lang):
        module = self.loaded.get(lang)
        if module is None:
            module = self._switch("en" if lang == "en" else "fr")
        return module

    def _switch(self, lang):
        module = self.loaded.get(lang)
        if module is not None:
            return module
        for other in self.loaded:
            let_go(self.prefix + other)
        self.loaded.clear()  # nothing holds the first language's words any more
        module = load(self.prefix + lang)
        self.loaded[lang] = module
        return module


_WORDS = OneLanguage("app.i18n_")

def words(lang):
    """The module of the shared words in lang (app.i18n_fr or app.i18n_en), the other let go."""
    return _WORDS.of(lang)


def tr(lang, key):
    """The message for key in lang (the MESSAGES of app.i18n_<lang>); an unknown key shows as
    itself so a typo is visible, not fatal."""
    text = _WORDS.of(lang).MESSAGES.get(key)
    return key if text is None else text


def say(lang, row):
    """A (French, English) pair's words in lang."""
    return row[1] if lang == "en" else row[0]


# A seat by its number, in both languages: the log names seats in English at a French table.
# The seats a table has are written out, so that naming one allocates nothing (a deal's end
# names each seat in both languages).
_SEAT = ("J%d", "P%d")
_SEATS = (("J1", "J2", "J3", "J4", "J5", "J6", "J7", "J8"), ("P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"))


def seat_name(lang, seat):
    names = say(lang, _SEATS)
    return names[seat] if 0 <= seat < len(names) else say(lang, _SEAT) % (seat + 1)


def out_of_memory_lines(lang):
    """The notice of a shortage (app.loop): the same list every time, made when the language was
    loaded, so that saying it allocates nothing."""
    return _WORDS.of(lang).OUT_OF_MEMORY


def fit(text):
    """Cut a line to the OLED width."""
    return text if len(text) <= 16 else text[:16]


def signed(value):
    """A payoff as the table reads it: +3, -2, 0."""
    return "+%d" % value if value > 0 else str(value)


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
# not symbols: the OLED's font is ASCII only). French: As..R of Pi, Co, Ca, Tr. Both languages
# stay loaded: the log tells the cards in English at a French table.
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
    """Split a message into OLED lines at spaces (a word too long for a line is cut). A message
    that is one line already (16 characters at most, words one space apart) is the line itself,
    with no word split off to be joined again."""
    if 0 < len(message) <= 16 and max_lines > 0 and _one_line(message):
        return [message]
    return [fit(line) for line in pack(message.split())[:max_lines]]


def _one_line(text):
    """True when pack(text.split()) would give back text: no space doubled, leading or
    trailing, and no other white space."""
    return not (text.startswith(" ") or text.endswith(" ") or "  " in text or "\n" in text
                or "\t" in text or "\r" in text)


def refusal(lang, why, game_refusals):
    """The sentence for a refusal: why is why_illegal's (code, args...), worded from the game's
    table {code: sentence in lang} or the shared one (the REFUSALS of app.i18n_<lang>: the codes
    every game shares, engine.core REFUSE_*). A sentence (a check outside the rules, in English
    for the log) shows as it is in English and as "not possible now" in French, so a French
    screen shows no English; no reason at all says "not possible now" too."""
    shared = _WORDS.of(lang)
    if not why or type(why) is str:
        if why and lang == "en":
            return why
        return shared.REFUSALS[REFUSE_NOT_NOW]
    text = game_refusals.get(why[0]) or shared.REFUSALS.get(why[0])
    if text is None:
        return shared.UNWORDED % why[0]  # a code without words: visible, no crash
    return text % why[1:] if len(why) > 1 else text


def board_words(lang):
    """The board layer's boot screens' words in lang (hw_esp32.boot: a board without PSRAM or out
    of memory at boot, config values and pins refused, no store, no serial protocol), by key:
    loaded for the screen, let go with it."""
    return for_screen("app.i18n_board_" + ("en" if lang == "en" else "fr")).WORDS


def setup_refusal(lang, err, described):
    """Why the game `described` (its games.Game, or None when no descriptor plays it) cannot
    start, in lang (App.start_game shows it, the log keeps str(err)): worded by app.i18n_setup,
    loaded for the screen and let go with it."""
    return for_screen("app.i18n_setup").setup_refusal(lang, err, described)
