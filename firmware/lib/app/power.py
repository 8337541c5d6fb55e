"""The LED current estimate, the brightness cap that keeps it under budget, and the byte order;
and the worst case of the whole device, from which app.config bounds power.budget_ma.

Model (docs/DEVICE.md has the worked figures): a WS2812 draws about 1 mA doing nothing, plus up to
20 mA per colour channel, in proportion to the PWM value it is sent. So the chain draws
    num_leds * 1 mA  +  sum(sent bytes) * 20 / 255 mA
and the sent bytes are the frame's bytes scaled by brightness / 255. encode() lowers the scale
below the configured brightness just enough for that estimate to stay within budget_ma.

The worst case (hardware/POWER.md): the LEDs at the cap (or at their idle draw, if that is more),
ERROR_PCT over the estimate, plus OTHERS_MA for everything else on the 5 V.
"""

from engine.compat import const

IDLE_MA_PER_LED = const(1)
CHANNEL_FULL_MA = const(20)
# Some WS2812B batches draw up to about 22 mA a channel at full where the model says 20.
ERROR_PCT = const(10)
# The ESP32 (radio off), the board's USB bridge and power LED, the OLED all lit, the piezo, the
# level shifter and its pull-down, each at its worst (hardware/POWER.md's table).
OTHERS_MA = const(115)
USB_PORT_MA = const(500)  # what a USB 2.0 port promises; the worst case must stay under it
SUPPLY_MA = const(3000)  # the reference 5 V 3 A supply, and what its 0.5 mm² wires carry
# The highest power.budget_ma of each build. USB: the highest multiple of 10 mA whose worst case
# stays under USB_PORT_MA. Supply: 80 % of its 3 A less 100 mA; its worst case stays inside it.
MAX_BUDGET_MA = {"usb": 340, "supply": 2300}


def estimate_ma(frame, brightness=255):
    """The estimated current of showing `frame` (logical RGB bytes) at `brightness` (0-255).

    Rounded up, so the cap it drives errs on the safe side.
    """
    units = -(-sum(frame) * brightness // 255)  # -(-a // b): a / b rounded up
    return (len(frame) // 3) * IDLE_MA_PER_LED - (-units * CHANNEL_FULL_MA // 255)


def worst_case_ma(budget_ma, num_leds):
    """The most the whole device can draw with num_leds LEDs capped at budget_ma, rounded up."""
    leds_ma = max(budget_ma, num_leds * IDLE_MA_PER_LED)  # a budget below idle only turns LEDs off
    return leds_ma - (-leds_ma * ERROR_PCT // 100) + OTHERS_MA


def cap_scale(frame, brightness, budget_ma):
    """The highest scale <= brightness at which the frame's estimate stays within budget_ma."""
    spare_ma = budget_ma - (len(frame) // 3) * IDLE_MA_PER_LED
    if spare_ma <= 0:
        return 0
    lit = sum(frame)
    if not lit:
        return brightness
    max_units = spare_ma * 255 // CHANNEL_FULL_MA  # sum of sent bytes the budget allows
    cap = max_units * 255 // lit
    return cap if cap < brightness else brightness


def encode(frame, out, brightness, budget_ma, color_order="GRB"):
    """Write the frame into `out` scaled and in the strip's byte order; return the scale used.

    Each byte is value * scale // 255; rounding down keeps the sum, and so the estimate, within
    the budget whatever the frame.
    """
    # where the frame's logical R, G and B bytes go in the strip's order ("GRB": 1, 0, 2)
    red = color_order.find("R")
    green = color_order.find("G")
    blue = color_order.find("B")
    if len(color_order) != 3 or red < 0 or green < 0 or blue < 0:
        raise ValueError("unknown colour order %r" % (color_order,))
    n = len(frame)
    if len(out) < n:
        raise ValueError("%d-byte output for a %d-byte frame" % (len(out), n))
    scale = cap_scale(frame, brightness, budget_ma)
    for i in range(0, n, 3):
        out[i + red] = frame[i] * scale // 255
        out[i + green] = frame[i + 1] * scale // 255
        out[i + blue] = frame[i + 2] * scale // 255
    return scale
