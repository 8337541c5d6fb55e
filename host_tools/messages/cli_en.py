"""The words of the command line's own lines in English (host_tools.cli: what `log`, `verify`,
`replay`, `state` and `names` print, and their mistakes); cli_fr declares the same keys."""

MESSAGES = {
    "not_written": "%(count)d line(s) not written into %(db)s, which another program held: they are in %(jsonl)s",
    "logged": "logged %(count)d finished game(s) into %(db)s",
    "no_game_on_device": "no game on the device",
    "names current game": "names for the current game: %(names)s",
    "names next game": "names for the next game: %(names)s",
    "names_applied": "names for the %(applied)s: %(names)s",
    "line_skipped": "%(path)s: line %(number)d skipped: %(why)s",
    "cannot_read": "cannot read %(path)s: %(why)s",
    "no_game_numbered": "no game %(game)d in %(where)s (%(held)s)",
    "no_game_in": "no game in %(where)s",
    "file_holds_none": "it holds no game",
    "file_holds_one": "it holds 1 game",
    "file_holds_many": "it holds games 1 to %(count)d",
    "db_holds_none": "it holds no game",
    "db_holds_one": "it holds game %(id)d",
    "db_holds_many": "its games are %(ids)s",
    "span": "%(first)d to %(last)d",
}
