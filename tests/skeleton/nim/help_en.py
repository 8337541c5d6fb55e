"""Nim's rules in English, a page at a time on the OLED (app.modes.menu's rules reader);
help_fr declares the same."""

PAGES = (
    ("NIM", "Aim: take the", "last token."),
    ("On your turn,", "take 1 or 2", "tokens."),
    ("Who takes the", "last one wins."),
)

# Why a tip is what it is (app.tips), in the order of the advice module's WHY_* codes
WHY = ("Leaves %d: x3", "No move wins")
