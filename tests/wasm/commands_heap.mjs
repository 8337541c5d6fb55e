// What each protocol command costs on MicroPython's WebAssembly port (32-bit) with a host polling
// a device whose history holds 200 games and whose quarantine holds a large file. Prints one JSON
// object.
//
//   node tests/wasm/commands_heap.mjs --lib BUILD/lib [--heap-kb 8192]
//
// BUILD/lib is a build as `tanturlurette deploy` compiles it (tests/bench/wasm_commands.py and
// tests/host/test_wasm_commands.py make it). tests/wasm/commands_ops.py sets the device up (the
// real store.Store in the port's filesystem, the real proto.link.Link) and plays the host: each
// command, every page of it, one loop turn (Link.poll) a call from here, as many turns as the
// answer takes. Each turn is measured as tests/wasm/store_heap.mjs measures a store operation (its
// Meter): the port collects nothing inside a call, so what the turn allocated in all
// (`allocated`, garbage included) is what the turn needs of the heap, and `largest` its largest
// block. Between turns the heap is collected: `live` is how much more lives after the command's
// last turn than before its first (what the command keeps: the command handlers themselves, loaded
// at the first command, and what they hold on to).
//
// Per command (the host's step): `turns` (the most one page took), `pages`, `allocated` and
// `largest` (the worst turn's), `largest_freed`, `live`; `grew` if any turn made the heap grow
// (then its blocks escaped the tables read, and the figures are not to be trusted).

import path from "path";
import { fileURLToPath } from "url";

import { FIRMWARE_PATH, loadRuntime } from "../../firmware/web/runtime.mjs";
import { tree } from "./session.mjs";
import { Meter, UsageError, harnessFiles, parseArgs } from "./store_heap.mjs";

const HARNESS_PATH = "/harness";

export async function measureCommands(opts) {
  const runtime = await loadRuntime({ heapBytes: opts.heapKb * 1024 });
  runtime.install(tree(opts.lib, FIRMWARE_PATH));
  runtime.install(harnessFiles("commands_ops.py"));
  runtime.run(`import sys\nsys.path.append("${FIRMWARE_PATH}")\nsys.path.append("${HARNESS_PATH}")\n`
    + "import commands_ops\n_device = commands_ops.Device()");
  const device = runtime.mp.globals.get("_device");
  const [history, longMoves] = device.set_up().split(" ").map(Number);
  runtime.tables.learnTypes(); // the store's, the link's and the game's objects are in the heap now
  const meter = new Meter(runtime);
  const turnsMost = runtime.mp.pyimport("commands_ops").TURNS_MOST;
  const report = { lib: opts.lib, heap_bytes: opts.heapKb * 1024, history, long_moves: longMoves, commands: {}, order: [] };
  const { step, turn, answered } = { step: device.step, turn: device.turn, answered: device.answered };
  for (let name = step(); name; name = step()) {
    runtime.collect();
    const liveBefore = runtime.used();
    let found = report.commands[name];
    if (!found) {
      found = report.commands[name] = { pages: 0, turns: 0, allocated: 0, largest: null, largest_freed: 0, live: 0, grew: false, answered: true };
      report.order.push(name);
    }
    found.pages += 1;
    let turns = 0;
    let done = false;
    while (!done && turns < turnsMost) {
      const got = meter.measure(() => turn());
      turns += 1;
      found.grew ||= got.grew;
      found.allocated = Math.max(found.allocated, got.allocated);
      if (got.largest && (!found.largest || got.largest.bytes > found.largest.bytes)) found.largest = got.largest;
      found.largest_freed = Math.max(found.largest_freed, got.largest_freed || 0);
      done = answered();
    }
    found.answered &&= done;
    found.turns = Math.max(found.turns, turns);
    runtime.collect();
    found.live = Math.max(found.live, runtime.used() - liveBefore);
  }
  report.problems = device.check();
  report.pages = JSON.parse(device.summary());
  return report;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    console.log(JSON.stringify(await measureCommands(parseArgs(process.argv.slice(2))), null, 1));
  } catch (err) { // a usage error, or a Python traceback's last line, not the port's whole source
    console.error("commands_heap.mjs: " + String(err.message || err).trim().split("\n").slice(-1)[0]);
    process.exit(err instanceof UsageError ? 2 : 1);
  }
}
