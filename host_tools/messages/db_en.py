"""The database's words in English: a wait for a database another program holds."""

MESSAGES = {
    "busy_waiting": "database busy (held by another program), waiting...",
    "busy_over": "database free again after %(seconds)d s: going on",
}
