"""Les mots des lignes de la commande en français (host_tools.cli : ce qu'écrivent `log`,
`verify`, `replay`, `state` et `names`, et leurs erreurs) ; cli_en déclare les mêmes clés."""

MESSAGES = {
    "not_written": "%(count)d ligne(s) non écrite(s) dans %(db)s, qu'un autre programme tenait : elles sont dans %(jsonl)s",
    "logged": "%(count)d partie(s) finie(s) enregistrée(s) dans %(db)s",
    "no_game_on_device": "aucune partie sur l'appareil",
    "names current game": "noms de la partie en cours : %(names)s",
    "names next game": "noms de la prochaine partie : %(names)s",
    "names_applied": "noms (%(applied)s) : %(names)s",
    "line_skipped": "%(path)s : ligne %(number)d sautée : %(why)s",
    "cannot_read": "impossible de lire %(path)s : %(why)s",
    "no_game_numbered": "pas de partie %(game)d dans %(where)s (%(held)s)",
    "no_game_in": "aucune partie dans %(where)s",
    "file_holds_none": "il ne contient aucune partie",
    "file_holds_one": "il contient 1 partie",
    "file_holds_many": "il contient les parties 1 à %(count)d",
    "db_holds_none": "elle ne contient aucune partie",
    "db_holds_one": "elle contient la partie %(id)d",
    "db_holds_many": "ses parties sont %(ids)s",
    "span": "%(first)d à %(last)d",
}
