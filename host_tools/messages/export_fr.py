"""Les mots de l'export CSV en français (host_tools.export) : les cellules qu'on lit. Les noms de
colonnes sont le format du fichier (docs/FORMATS.md), les mêmes en toute langue."""

MESSAGES = {
    "yes": "oui",
    "no": "non",
}
