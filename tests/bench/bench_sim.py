"""The simulator's own memory over a long scripted run: 10^6 button events at the default heap.

Runs under MicroPython only (the unix port's default 2 MB heap is the point; under CPython it
prints nothing). The bench runner starts it without -X heapsize, so sim/run.py's main runs here
in the same heap a `micropython firmware/sim/run.py --script ...` gets. The script cycles KEEP,
SWAP and OK, a 40 ms press every 60 ms: menu rows, games started, played and finished, again.

  sim_1e6_heap_total_kb     the heap the run had (the unix port's default)
  sim_1e6_live_heap_max_kb  the largest live heap (gc.mem_alloc() after a collection) sampled
                            every 10 000 events while the script ran: code, app and simulator
  sim_1e6_heap_growth_kb    the largest sample of the run's last half less that of its first
                            tenth: what the run kept as the script went on. The simulator keeps
                            nothing; the app, without a store, keeps its last 8 finished games
                            in RAM, which fill in the first games (a few KB).
  sim_1e6_run_s             the whole run, the script's check pass included, in seconds (about
                            3 million loop turns: a few minutes)
"""

import gc
import os
import sys

_PARTS = __file__.split("/")[:-1]
_ROOT = ("/".join(_PARTS[:-2]) or ".") if len(_PARTS) >= 2 else "../.."
for _path in (_ROOT + "/firmware/lib", _ROOT + "/firmware"):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from benchlib import ON_MICROPYTHON, elapsed_us, now_us  # noqa: E402

EVENTS = 1000000
SAMPLE_EVERY = 10000
WORK = _ROOT + "/build/bench_sim"


def write_script(path, events):
    buttons = ("KEEP", "OK", "SWAP")  # OK lands on Jouer (the menu does not wrap): games are played
    with open(path, "w") as f:
        for i in range(events // 2):
            button = buttons[i % 3]
            f.write("%d %s down\n%d %s up\n" % (60 * i, button, 60 * i + 40, button))


def main():
    if not ON_MICROPYTHON:
        return
    import sim.script
    from sim import run as sim_run

    for folder in (_ROOT + "/build", WORK):
        try:
            os.mkdir(folder)
        except OSError:
            pass  # already there
    path = WORK + "/script.txt"
    write_script(path, EVENTS)
    read_steps = sim.script.read_steps
    samples = []

    def sampled(lines):
        for count, step in enumerate(read_steps(lines)):
            if count % SAMPLE_EVERY == SAMPLE_EVERY - 1:
                gc.collect()
                samples.append(gc.mem_alloc())
            yield step

    sim.script.read_steps = sampled  # run.py takes it from sim.script when it plays a script
    start = now_us()
    try:
        status = sim_run.main(["--script", path, "--out", "/dev/null", "--tail", "100"])
    finally:
        sim.script.read_steps = read_steps
    seconds = elapsed_us(start) / 1e6
    os.remove(path)
    if status != 0:
        raise SystemExit("the simulator stopped with status %d" % status)
    run = samples[len(samples) // 2:]  # the first half was the check pass over the same lines
    gc.collect()
    print("sim_1e6_heap_total_kb: %d KB" % ((gc.mem_alloc() + gc.mem_free()) // 1024))
    print("sim_1e6_live_heap_max_kb: %.1f KB" % (max(run) / 1024))
    print("sim_1e6_heap_growth_kb: %.1f KB" % ((max(run[len(run) // 2:]) - max(run[:len(run) // 10])) / 1024))
    print("sim_1e6_run_s: %.0f s" % seconds)


main()
