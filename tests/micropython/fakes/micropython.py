"""Fake `micropython`: the real module, but kbd_intr recorded instead of done, so that a test can
see what the boot does with Ctrl-C without turning it off for the test run."""

import micropython as _real

interrupt_chars = []  # each kbd_intr(char) call, in order: -1 off, 3 Ctrl-C


def reset():
    del interrupt_chars[:]


def kbd_intr(char):
    interrupt_chars.append(char)


def __getattr__(name):  # const, heap_lock, ...: the real ones
    return getattr(_real, name)
