"""Kill test: the firmware's session and store under the MicroPython unix port, killed with SIGKILL
at random moments of a scripted game and restarted each time, hundreds of times.

CPython drives it (it needs subprocess and signals): under tests/mprun.py this module has no test. Each child resumes from the folder, prints "resumed <seq>", then plays the
script on, printing "ok <seq>" once each operation is saved, and "done <record>" at the end.
"""

import json
import os

from support import ON_MICROPYTHON
from test_store_files import scripted_ops

KILLS = 200
CHILD = """
import json
import sys

sys.path[0:0] = [sys.argv[2], sys.argv[3]]

from test_store_files import run_op

from app.session import Session
from store.storage import Store

with open(sys.argv[4]) as f:
    script = json.load(f)
ops = [tuple(op) for op in script["ops"]]
session = Session(Store(sys.argv[1]))
session.resume()
if session.state is None:
    session.new_game("tanturlurette", script["options"])
print("resumed %d" % session.seq)
for op in ops[session.seq:]:
    run_op(session, op)
    print("ok %d" % session.seq)
print("done " + json.dumps(session.record()))
"""


def _paths():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    return (os.path.join(root, ".venv", "bin", "micropython"), os.path.join(root, "firmware", "lib"),
            here)


def _run_child(args, delay, subprocess):
    """Start a child, SIGKILL it after delay seconds (None: let it finish); returns its lines."""
    child = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    killed = False
    if delay is not None:
        try:
            child.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            child.kill()  # SIGKILL: no finally, no flush, no close
            killed = True
    out, err = child.communicate(timeout=120)
    if not killed and child.returncode != 0:
        raise AssertionError("child failed (%d): %s %s" % (child.returncode, out[-400:], err[-400:]))
    return out.decode().splitlines(), killed


def sigkill_at_random_moments_loses_nothing():
    import random
    import shutil
    import subprocess
    import tempfile

    micropython, lib, portable = _paths()
    opts, ops, reference = scripted_ops(seed=21)
    assert reference.state.is_over()
    folder = tempfile.mkdtemp()
    try:
        script = os.path.join(folder, "script.json")
        with open(script, "w") as f:
            json.dump({"options": opts, "ops": ops}, f)
        child = os.path.join(folder, "child.py")
        with open(child, "w") as f:
            f.write(CHILD)
        chooser = random.Random(4)
        runs = kills = lost = resumes = games = confirmed_total = 0
        while kills < KILLS:
            # one game, killed again and again until a run gets to the end
            root = os.path.join(folder, "flash%d" % games)
            os.mkdir(root)
            args = [micropython, child, root, lib, portable, script]
            games += 1
            confirmed = -1  # the last "ok" seen: saved for sure
            record = None
            while record is None:
                # the child needs about 0.1 s to start (CPython wrapper, then compiling the
                # firmware) and less than that to play the game: kill anywhere in both
                delay = chooser.uniform(0.05, 0.2) if kills < KILLS else None
                lines, killed = _run_child(args, delay, subprocess)
                runs += 1
                kills += killed
                for line in lines:
                    word, _, rest = line.partition(" ")
                    if word == "resumed":
                        resumed = int(rest)
                        resumes += 1
                        lost += max(0, confirmed - resumed)
                        # at most the operation being saved when the kill came, unprinted
                        assert confirmed <= resumed <= confirmed + 1 or confirmed < 0, (
                            confirmed, resumed)
                        confirmed = resumed  # what was resumed is on disk: confirmed too
                    elif word == "ok":
                        confirmed = int(rest)
                        confirmed_total += 1
                    elif word == "done":
                        record = json.loads(rest)
            assert record == reference.record()
        assert lost == 0 and kills == KILLS
        print("kill test: %d games, %d runs, %d SIGKILLs, %d resumes, %d operations confirmed "
              "(saved, then printed), %d lost" % (games, runs, kills, resumes, confirmed_total, lost))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if not ON_MICROPYTHON:
    test_sigkill_at_random_moments_loses_nothing = sigkill_at_random_moments_loses_nothing
