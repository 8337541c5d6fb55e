"""The CSV export's words in English (host_tools.export): the cells a person reads. The column
names are the file's format (docs/FORMATS.md) and stay the same in every language."""

MESSAGES = {
    "yes": "yes",
    "no": "no",
}
