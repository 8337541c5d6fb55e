"""What the serial link allocates to send, on the 32-bit WebAssembly port (issue 13's heap budget).

A turn's figure is the live heap plus all the turn allocates (the port collects only between
calls): a deal's end queued 13 lines, and the link sent them in that one turn at about 1 KB each
(the line's bytes copied once by each `+` of PREFIX + body + " " + CRC + newline). Now a poll sends
one queued event (proto.link.LINES_PER_TURN) and a line is joined in one copy. The build is the
one deploy compiles, on a runtime of its own (tests/host/test_wasm_session.py's run_module); each
figure is what one call allocated, read before any collection: nothing depends on time.
"""

import io
import json
import os

import pytest
from test_wasm_session import ROOT, run_module

from host_tools.deploy import build_lib

SESSION = "file://" + os.path.join(ROOT, "tests", "wasm", "session.mjs")
# A fact line as a deal's end has them (about 150 bytes): 1,120 bytes a send before, 656 now,
# the call's own statement (about 150 bytes on this port) included.
LINE_MOST = 800
BURST = 13  # the lines of the deal's end the probe measured (11.3 KB in one turn before)
POLL_MOST = 1024  # one line a turn, and the poll's own statement: 656 now, 12.7 KB before


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    return build_lib(str(tmp_path_factory.mktemp("wasm_link")), None, out=io.StringIO())


SETUP = """import sys
sys.path.insert(0, '/lib')
import os
if not hasattr(os, 'urandom'):  # this bare runtime has no page (firmware/web/py/web_board)
    os.urandom = lambda count: bytes(count)
from proto.link import Link

class App:
    session = None

    def __init__(self):
        self.events = []

    def pop_event(self):
        return self.events.pop(0) if self.events else None

def fact(n):
    return ('fact', {'kind': 7, 'args': [n % 8, 12, 255], 'text': 'P%d Jocrisse loses the deal and pays 10 to the pot' % n})

app = App()
sent = []
def write(data):
    sent.append(len(data))
link = Link(app, lambda: None, write)
link.now = 123456
link.seq = 1200
link.send(*fact(0))
link.poll(0)
"""


def measure(lib):
    return run_module("""
import { tree } from "%s";
const rt = await loadRuntime({ heapBytes: 1024 * 1024 });
rt.install(tree(%s, "/lib"));
rt.run(%s);
function allocated(prepare, step) {
  const out = [];
  for (let i = 0; i < 3; i++) {
    rt.run(prepare);
    rt.collect();
    const before = rt.used();
    rt.run(step);
    out.push(rt.used() - before);
  }
  return out;
}
const line = allocated("event = fact(1)\\ndel sent[:]", "link.send(*event)");
const poll = allocated("app.events = [fact(n) for n in range(%d)]\\nlink.held = None\\ndel sent[:]", "link.poll(0)");
rt.run("import json\\n_json = json.dumps([len(sent), len(app.events), link.held is not None])");
console.log(JSON.stringify({ line, poll, after: JSON.parse(rt.mp.globals.get("_json")) }));
""" % (SESSION, json.dumps(lib), json.dumps(SETUP), BURST))


def test_a_line_costs_one_copy_and_a_turn_sends_one_line_of_a_burst(lib):
    got = measure(lib)
    assert max(got["line"]) <= LINE_MOST, got
    # of the 13 lines queued, the poll sent one and holds the next: the rest wait in the queue
    assert got["after"] == [1, BURST - 2, True], got
    assert max(got["poll"]) <= POLL_MOST, got
