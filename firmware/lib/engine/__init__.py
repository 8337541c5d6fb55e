"""The portable game engine: the same files run on CPython and on MicroPython.

Each game is a state machine in the manner of OpenSpiel (see engine.core). Import game modules
through games so that the board only loads the game being played.
"""
