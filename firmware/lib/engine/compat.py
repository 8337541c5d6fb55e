"""The few names that differ between CPython and MicroPython."""

try:
    # MicroPython folds const() at compile time; the stub's signature differs from our fallback.
    from micropython import const  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython: const() is the identity

    def const(expr):
        return expr
