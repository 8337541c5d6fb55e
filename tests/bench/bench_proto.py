"""Protocol figures: the cost of the serial link on the device, MicroPython and CPython side by side.

Runs standalone under both runtimes and prints `name: value unit` lines. Methods:
  event_line_us     framing one typical "act" event: compact JSON, CRC-32, prefix (median of runs)
  command_us        one command line through Link.poll: read, split, parse, check the CRC, answer
                    (get_state excluded: it sends a whole record)
  garbage_kb_per_s  random bytes pushed through Link.poll in 64-byte chunks, every error answered
  act_line_bytes    the size of that act line on the wire, newline included
  link_idle_us      one Link.poll with nothing to read and no event queued: the cost every loop turn
"""

import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware/lib")

from benchlib import elapsed_us, median, now_us  # noqa: E402
from engine.rng import Rng  # noqa: E402
from proto.link import Link  # noqa: E402
from proto.wire import encode_event, frame  # noqa: E402

ACT = {"action": 1, "name": "swap", "player": 2, "round": 7, "move": 123}


class _App:
    session = None
    config = {}

    def pop_event(self):
        return None

    def snapshot(self):  # app.core.App's: what the device shows
        return {"mode": "fake", "text": []}


def timed(func, runs=7, loops=200):
    samples = []
    for _ in range(runs):
        t0 = now_us()
        for _ in range(loops):
            func()
        samples.append(elapsed_us(t0) / loops)
    return median(samples)


def main():
    line = encode_event(1234, "act", ACT, 56789, None, 123456789)
    print("act_line_bytes: %d bytes" % len(line))
    print("event_line_us: %.1f us" % timed(lambda: encode_event(1234, "act", ACT, 56789, None, 123456789)))

    inbox = []
    sent = []
    link = Link(_App(), lambda: inbox.pop() if inbox else None, sent.append)
    command = frame({"cmd": "version", "id": 7})

    def one_command():
        inbox.append(command)
        link.poll(0)
        del sent[:]

    print("command_us: %.1f us" % timed(one_command))
    print("link_idle_us: %.1f us" % timed(lambda: link.poll(0), loops=1000))

    rng = Rng(3)
    chunks = [bytes([rng.below(256) for _ in range(64)]) for _ in range(64)]
    t0 = now_us()
    for _round in range(4):
        for chunk in chunks:
            inbox.append(chunk)
            link.poll(0)
            del sent[:]
    elapsed = elapsed_us(t0)
    print("garbage_kb_per_s: %.0f kB/s" % (4 * 64 * 64 / 1024 / (elapsed / 1e6)))


main()
