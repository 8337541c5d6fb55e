"""Seat and UI colours, as logical RGB ready for the LEDs (power.encode applies brightness).

An LED's light is linear in its PWM value, so these bytes are linear light. The eight seat colours
were picked by a search over saturated LED colours (strongest channel 255, none near white) for
the largest smallest colour difference (CIELAB delta E) between any two seats, as seen with
normal vision and through the Machado 2009 simulations of protanopia, deuteranopia and
tritanopia. The Okabe-Ito palette, the usual start, only reaches a delta E of 11 there (its blue
and sky blue merge for tritanopes); these reach 27, and the first four, used by the smallest
tables, 45. tests/portable/test_hw_ring.py recomputes it. Colour is never the only cue: seats are
also told apart by position, and the seat to act blinks.
"""

SEAT_COLOURS = (
    (0, 0, 255),  # blue
    (255, 40, 40),  # coral
    (255, 150, 0),  # orange
    (90, 150, 255),  # light blue
    (0, 255, 150),  # mint
    (255, 0, 0),  # red
    (150, 40, 255),  # violet
    (255, 255, 90),  # pale yellow
)
BLUE = SEAT_COLOURS[0]
RED = SEAT_COLOURS[5]
WHITE = (255, 255, 255)

DIM = (24, 24, 24)  # empty ring slots and menu rails: visible without competing with seats
ENFER = RED  # the centre LED, l'enfer
DEALER = WHITE
POT = (255, 170, 0)
CURSOR = WHITE  # the menu cursor and the marked seats, always blinking
CONFIRM = (0, 255, 60)
ALERT = RED


def seat_colour(seat):
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
