"""Hardware-facing figures: the per-turn costs of the input and LED output paths, and the config.

Runs standalone under MicroPython and CPython (tests/bench/run.py runs both) and prints
`name: value unit` lines. Each figure is the median of 15 batches, timed with the runtime's own
clock, per call:
  debounce_update_us  one Debouncer.update of 4 buttons while one is held (the loop does one a turn)
  encode_93_us        power.encode of a fully lit 93-LED frame: cap computed, GRB order, into the
                      output buffer (what show_ring does before the strip is written)
  estimate_93_us      power.estimate_ma of the same frame
  layout_draw_93_us   drawing every LED of the disc through RingLayout.index and board.set_led
  config_load_us      load_config of firmware/config.json (once per boot)
  capped_scale_white  the scale encode settles on for the full white disc at the default
                      brightness and budget (96 and 340 mA: what the board shows instead of 96)
  capped_ma_white     the estimated current of that capped frame
"""

import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware/lib")

from app.board import set_led  # noqa: E402
from app.buttons import OK, Debouncer  # noqa: E402
from app.colours import SEAT_COLOURS  # noqa: E402
from app.config import DEFAULT_CONFIG, load_config  # noqa: E402
from app.power import encode, estimate_ma  # noqa: E402
from app.ring import RingLayout  # noqa: E402
from benchlib import elapsed_us, median, now_us  # noqa: E402

BATCHES = 15


def median_us(run, calls):
    times = []
    for _ in range(BATCHES):
        start = now_us()
        run(calls)
        times.append(elapsed_us(start) / calls)
    return median(times)


def main():
    debouncer = Debouncer(25, 700)
    state = {"now": 0}

    def debounce(calls):
        now = state["now"]
        for _ in range(calls):
            debouncer.update(1 << OK, now)
            now += 1
            while debouncer.pop() >= 0:
                pass
        state["now"] = now

    layout = RingLayout({"rings": [32, 24, 16, 12, 8, 1]})
    frame = bytearray([255] * (3 * layout.num_leds))
    out = bytearray(len(frame))

    brightness = DEFAULT_CONFIG["power"]["brightness"]
    budget = DEFAULT_CONFIG["power"]["budget_ma"]

    def encode_frame(calls):
        for _ in range(calls):
            encode(frame, out, brightness, budget, "GRB")

    def estimate(calls):
        for _ in range(calls):
            estimate_ma(frame, 96)

    def draw(calls):
        sizes = layout.ring_sizes
        for n in range(calls):
            for ring in range(len(sizes)):
                for k in range(sizes[ring]):
                    set_led(frame, layout.index(ring, k), SEAT_COLOURS[(k + n) & 7])

    config_path = HERE + "/../../firmware/config.json"

    def load(calls):
        for _ in range(calls):
            load_config(config_path)

    print("debounce_update_us: %.2f us" % median_us(debounce, 200))
    print("encode_93_us: %.1f us" % median_us(encode_frame, 20))
    print("estimate_93_us: %.1f us" % median_us(estimate, 50))
    print("layout_draw_93_us: %.1f us" % median_us(draw, 10))
    print("config_load_us: %.0f us" % median_us(load, 3))
    white = bytearray([255] * len(frame))
    scale = encode(white, out, brightness, budget, "GRB")
    print("capped_scale_white: %d /255" % scale)
    print("capped_ma_white: %d mA" % estimate_ma(out, 255))


main()
