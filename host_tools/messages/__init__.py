"""The host tools' message tables: <area>_fr.py and <area>_en.py declare MESSAGES with the same
keys (host_tools.lang explains how a command picks its language)."""
