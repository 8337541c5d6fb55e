"""Nim's rules in French, a page at a time on the OLED (app.modes.menu's rules reader);
help_en declares the same."""

PAGES = (
    ("NIM", "But: prendre le", "dernier jeton."),
    ("A son tour, on", "prend 1 ou 2", "jetons du tas."),
    ("Qui prend le", "dernier gagne."),
)

# Why a tip is what it is (app.tips), in the order of the advice module's WHY_* codes
WHY = ("Laisse %d: x3", "Rien ne gagne")
