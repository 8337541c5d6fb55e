"""The sound cues: one id each, the only place they are numbered.

The hardware layer turns an id into tones (hw_esp32's CUES table, in this order), the simulator
into a word (sim.term derives its names from the CUE_ constants here), and the protocol log
carries the id: an id never changes meaning once a device has logged it.
"""

from engine.compat import const

CUE_CLICK = const(0)  # a cursor moved or a value changed
CUE_ACT = const(1)  # an action was recorded
CUE_ERROR = const(2)  # refused
CUE_ROUND = const(3)  # a round ended
CUE_LOSE = const(4)  # a token moved inward
CUE_WIN = const(5)  # the game is over
CUE_UNDO = const(6)
CUE_TURN = const(7)  # a human is to act

NO_CUE = const(-1)  # App.pop_sound() when nothing is queued
