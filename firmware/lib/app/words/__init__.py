"""The words of each game: the app owns them, the engines only describe (engine/core.py's facts
and refusal codes). One module a game, app.words.<game> (engine.games names the game), imported
only while that game is played or set up, so the other games' words take no RAM.

Every words module declares, in French and English (app.i18n.LANGS), ASCII only:
  refusal(lang, why)     the reason why_illegal gave, (code, args...), as a sentence that
                         app.i18n.wrap fits into three OLED lines of 16 without cutting a word
A game's codes (>= engine.core.REFUSE_GAME) are its own; the codes every game shares are worded
by app.i18n.refusal, which each module's refusal falls back on.
"""


def of(engine):
    """The words module of the game whose mode the engine module `engine` plays."""
    from engine.games import of_engine

    game, _mode = of_engine(engine)
    if game is None:
        raise ValueError("no descriptor plays %s" % engine)
    return __import__("app.words." + game.name, None, None, ["refusal"])
