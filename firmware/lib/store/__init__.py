"""Saving on flash: an append-only journal with checksums, atomic snapshots, finished-game history.

Saves need littlefs (the ESP32 default): only there is os.rename atomic and a flushed append
power-safe. docs/STORAGE.md describes the formats.
"""
