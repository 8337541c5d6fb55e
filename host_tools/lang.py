"""The host tools' language: French or English, chosen once per command, one message table each.

Every word a host tool prints, draws or writes for a person (the live logger, replay, the score
sheet, stats and their plots, the CSV notes, the board picture, the command's own errors) comes
from a message table: `host_tools/messages/<area>_fr.py` and `<area>_en.py` each declare a dict
MESSAGES of the same keys, one area per tool. A word that follows a count is a pair (the form for
one, the form for more: `"deals": ("%(n)d deal", "%(n)d deals")`) that Messages.count() picks by the
language's rule: French says 0 and 1 in the singular ("0 donne", "1 donne"), English only 1 ("0
deals"). Words are looked up, never assembled from English fragments, so a French page holds no English word (tests/host/test_host_languages.py walks every
output in both languages and refuses words of the other).

The language of a command, in this order (choose()):
  1. its --lang option (fr or en);
  2. the language the device was set to, where the command knows it (the game's boot event, the
     config it read);
  3. the locale (LC_ALL, then LC_MESSAGES, then LANG): French for fr_*, English for any other
     language, and for the C/POSIX locale or none.

Card and contract names are the device's own (app.i18n.card_word: "7Co", "DCo" in French, "7H",
"QH" in English), so the paper and the OLED say the same thing.
"""

import importlib
import os

import host_tools  # noqa: F401  (puts firmware/lib on sys.path: app.i18n below is the board's)

LANGS = ("fr", "en")


class UnknownLanguage(ValueError):
    """A --lang that is not one of LANGS; its text names the legal ones."""


def from_locale(environ=None):
    """The locale's language as one of LANGS (see the module docstring)."""
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def choose(requested=None, device_lang=None, environ=None):
    """The language a command speaks: requested (its --lang), else the device's, else the
    locale's. A requested language that is not fr or en raises UnknownLanguage."""
    if requested:
        if requested not in LANGS:
            raise UnknownLanguage("--lang must be fr or en, not %r" % (requested,))
        return requested
    if device_lang in LANGS:
        return device_lang
    return from_locale(environ)


class Messages:
    """One area's words in one language: m("key", name=...) is MESSAGES[key] % the keywords
    (or as it is without them). A key missing from the table raises KeyError: a test walks
    every key in both languages, so a missing word fails there, not in front of a user."""

    def __init__(self, lang, area):
        if lang not in LANGS:
            raise UnknownLanguage("--lang must be fr or en, not %r" % (lang,))
        self.lang = lang
        self.area = area
        module = importlib.import_module("host_tools.messages.%s_%s" % (area, lang))
        self.table = module.MESSAGES

    def __call__(self, key, **fields):
        text = self.table[key]
        return text % fields if fields else text

    def count(self, key, n, **fields):
        """The pair MESSAGES[key] (one, more) in the form n asks for, % the keywords and n."""
        one, more = self.table[key]
        singular = n in (0, 1) if self.lang == "fr" else n == 1
        return (one if singular else more) % dict(fields, n=n)


def messages(lang, area):
    return Messages(lang, area)


def device_language(events):
    """The language the device was set to, from its lines (the latest that says it: a `boot`
    line's lang, or the answer to get_config), or None when none of them says it."""
    found = None
    for event in events:
        data = event.get("data") or {}
        if event.get("type") == "boot":
            found = data.get("lang", found)
        elif event.get("type") == "ok" and data.get("cmd") == "get_config":
            found = (data.get("config") or {}).get("language", found)
    return found if found in LANGS else None


def card_name(lang, card):
    """A card's name as the device shows it in lang ("DCo" / "QH")."""
    from app.i18n import card_word

    return card_word(lang, card)
