"""The few names that differ between CPython and MicroPython."""

try:
    from micropython import const  # noqa: F401  (MicroPython folds const() at compile time)
except ImportError:

    def const(value):
        return value
