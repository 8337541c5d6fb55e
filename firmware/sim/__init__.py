"""The simulator: the real application core under the MicroPython unix port (not deployed)."""
