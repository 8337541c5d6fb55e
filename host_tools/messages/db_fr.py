"""Les mots de la base de données en français : l'attente d'une base qu'un autre programme tient."""

MESSAGES = {
    "busy_waiting": "base de données occupée (tenue par un autre programme), j'attends...",
    "busy_over": "base de données libre après %(seconds)d s : je continue",
}
