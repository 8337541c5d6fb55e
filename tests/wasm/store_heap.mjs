// The largest allocation of each store operation, for a long game and short ones, on MicroPython's
// WebAssembly port (32-bit). Prints one JSON object.
//
//   node tests/wasm/store_heap.mjs --lib BUILD/lib [--heap-kb 8192]
//
// BUILD/lib is a build as `tanturlurette deploy` compiles it (tests/bench/wasm_store.py and
// tests/host/test_wasm_store.py make it). tests/wasm/store_ops.py runs the operations on the
// real store.Store, whose folder is in the port's filesystem (the browser simulator's flash),
// one operation a call from here. The long game is played on this port by engine.play (host
// code that deploy leaves off the board, laid in beside the build for this).
//
// How an operation's largest allocation is found. The port never collects inside a call from
// JavaScript, and automatic collection is off (runtime.mjs): whatever the operation allocates is
// still in the heap when the call returns, unless the C code gave it back itself (a list or an
// array that moves as it grows frees its old items, a shrinking realloc its tail). So, around
// each call:
//   - the allocation tables (firmware/web/heap.mjs) are kept just before it; after it, every
//     allocation one of whose blocks changed kind (a block allocated, or grown) is one the
//     operation made: `largest` is the largest of them, what it looks like and its kind;
//   - just before it, every free block of the heap is painted with PAINT. The collector zeroes
//     every block it hands out (MICROPY_GC_CONSERVATIVE_CLEAR), so after the call a free block
//     that lost its paint was allocated during the call and given back: `largest_freed` is the
//     longest run of them (an upper bound of the largest such allocation: two given back side
//     by side count as one);
//   - the heap must not have grown during the call (`grew`): the heap is made big enough
//     (--heap-kb) that it never has to, so that every block the operation made sits in the
//     tables read.
// `allocated` is what the operation allocated in all, garbage included (gc.mem_alloc() after
// the call, less before). For the resume, `arrays` are the blocks of the game's own lists (one
// item per move, in blocks of 256: store_ops.Games.arrays), which grow with the game as they did
// in play.
//
// `meter`: the method checked on allocations of known size first: a 7,000-byte bytes object
// kept, and a list of 2,000 items allocated and cleared in one call (list.clear() gives its
// items back: 8,000 bytes, of which one block stays).

import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

import { FIRMWARE_PATH, loadRuntime } from "../../firmware/web/runtime.mjs";
import { looks, tree } from "./session.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const HARNESS_PATH = "/harness";
const BYTES_PER_BLOCK = 16;
const BLOCKS_PER_BYTE = 4;
const FREE = 0;
const TAIL = 2;
const PAINT = 0x5ca1ab1e;
const PREVIEW_BYTES = 64;
const ARRAY_ITEMS_WORD = 3; // mp_obj_array_t: type, typecode and free, len, items

export class UsageError extends Error {}

export function parseArgs(argv) {
  const opts = { lib: null, heapKb: 8192 };
  for (let i = 0; i < argv.length; i += 2) {
    const [arg, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new UsageError(`${arg} needs a value`);
    if (arg === "--lib") opts.lib = value;
    else if (arg === "--heap-kb") opts.heapKb = Number(value);
    else throw new UsageError(`unknown argument ${arg} (use --lib DIR, --heap-kb N)`);
  }
  if (!opts.lib) throw new UsageError("--lib DIR is needed: a build's lib folder, as deploy compiles it");
  if (!fs.existsSync(path.join(opts.lib, "store"))) throw new UsageError(`${opts.lib} holds no build (no store in it)`);
  if (!(opts.heapKb >= 1024)) throw new UsageError("--heap-kb must be a number of KB, at least 1024");
  return opts;
}

/** The harness's files: ops (tests/wasm/store_ops.py, or commands_ops.py) and what it plays with. */
export function harnessFiles(ops = "store_ops.py") {
  return {
    [`${HARNESS_PATH}/${ops}`]: fs.readFileSync(path.join(HERE, ops)),
    [`${HARNESS_PATH}/long_game.py`]: fs.readFileSync(path.join(ROOT, "tests", "portable", "long_game.py")),
    // the kept games read whole (list_history, read_history), which the board does not get
    [`${HARNESS_PATH}/kept_games.py`]: fs.readFileSync(path.join(ROOT, "tests", "portable", "kept_games.py")),
    // the long game's bots play it out with engine.play, which the board does not get
    [`${FIRMWARE_PATH}/engine/play.py`]: fs.readFileSync(path.join(ROOT, "firmware", "lib", "engine", "play.py")),
    // the page's os.urandom, which the port lacks and the serial link draws its boot id from
    [`${HARNESS_PATH}/web_board.py`]: fs.readFileSync(path.join(ROOT, "firmware", "web", "py", "web_board.py")),
  };
}

/** The heap around one call: the tables before it and every free block painted (tests/wasm/commands_heap.mjs uses it too). */
export class Meter {
  constructor(runtime) {
    this.runtime = runtime;
    this.tables = runtime.tables;
  }

  kind(bytes, area, block) {
    return (bytes[area.table + (block >> 2)] >> ((block & 3) * 2)) & 3;
  }

  /** Run func() and measure what it allocated: {result, largest, largest_freed, allocated,
   *  grew, blocks (every block it made, {address, bytes}, largest first)}. */
  measure(func) {
    const { runtime, tables } = this;
    runtime.collect();
    const used = runtime.used();
    const total = tables.total();
    const before = tables.snapshot();
    this.paint(before);
    const result = func();
    const allocated = runtime.used() - used;
    const grew = tables.total() !== total;
    const blocks = this.made(before);
    return {
      result, allocated, grew, blocks,
      largest: blocks.length ? this.describe(blocks[0]) : null,
      largest_freed: grew ? null : this.freed(before),
    };
  }

  /** PAINT over every free block (a free block's bytes are nobody's). */
  paint(before) {
    const words = this.tables.words();
    for (const area of this.tables.areas()) {
      const old = before.get(area.record);
      for (let b = 0; b < area.bytes * BLOCKS_PER_BYTE; b++) {
        if (this.kind(old, { table: 0 }, b) === FREE) {
          const at = (area.pool + b * BYTES_PER_BLOCK) >> 2;
          words.fill(PAINT, at, at + BYTES_PER_BLOCK / 4);
        }
      }
    }
  }

  /** Every block allocated or grown since before: a head or tail whose kind changed. */
  made(before) {
    const bytes = this.tables.memory();
    const out = [];
    for (const area of this.tables.areas()) {
      const old = before.get(area.record);
      const blocks = area.bytes * BLOCKS_PER_BYTE;
      let head = -1;
      let changed = false;
      const close = (end) => {
        if (head >= 0 && changed) out.push({ address: area.pool + head * BYTES_PER_BLOCK, bytes: (end - head) * BYTES_PER_BLOCK });
        head = -1;
      };
      for (let b = 0; b < blocks; b++) {
        const kind = this.kind(bytes, area, b);
        const was = old ? this.kind(old, { table: 0 }, b) : FREE;
        if (kind === TAIL) {
          if (was !== TAIL) changed = true;
          continue;
        }
        close(b);
        if (kind !== FREE) {
          head = b;
          changed = was !== kind;
        }
      }
      close(blocks);
    }
    return out.sort((a, b) => b.bytes - a.bytes || a.address - b.address);
  }

  /** The longest run of blocks free before and after the call whose paint is gone. */
  freed(before) {
    const bytes = this.tables.memory();
    const words = this.tables.words();
    let longest = 0;
    for (const area of this.tables.areas()) {
      const old = before.get(area.record);
      let run = 0;
      for (let b = 0; b < area.bytes * BLOCKS_PER_BYTE; b++) {
        const at = (area.pool + b * BYTES_PER_BLOCK) >> 2;
        const free = this.kind(bytes, area, b) === FREE && this.kind(old, { table: 0 }, b) === FREE;
        const painted = words[at] === PAINT && words[at + 1] === PAINT && words[at + 2] === PAINT && words[at + 3] === PAINT;
        run = free && !painted ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
    }
    return longest * BYTES_PER_BLOCK;
  }

  describe(block) {
    return {
      bytes: block.bytes, kind: this.tables.kind(block.address),
      looks: looks(this.runtime.peek(block.address, Math.min(PREVIEW_BYTES, block.bytes)), block.address),
    };
  }
}

/** The method on allocations of known size. */
function checkMeter(runtime, meter) {
  runtime.run("def _keep():\n    global _kept\n    _kept = bytes(7000)\n"
    + "def _give_back():\n    items = [0] * 2000\n    items.clear()\n");
  const keep = runtime.mp.globals.get("_keep");
  const giveBack = runtime.mp.globals.get("_give_back");
  const strip = (found) => ({ largest: found.largest, largest_freed: found.largest_freed, allocated: found.allocated, grew: found.grew });
  return { kept: strip(meter.measure(() => keep())), freed: strip(meter.measure(() => giveBack())) };
}

export async function measureStore(opts) {
  const runtime = await loadRuntime({ heapBytes: opts.heapKb * 1024 });
  runtime.install(tree(opts.lib, FIRMWARE_PATH));
  runtime.install(harnessFiles());
  runtime.run(`import sys\nsys.path.append("${FIRMWARE_PATH}")\nsys.path.append("${HARNESS_PATH}")\n`
    + "import store_ops\n_games = store_ops.Games()");
  const games = runtime.mp.globals.get("_games");
  const meter = new Meter(runtime);
  const report = { lib: opts.lib, heap_bytes: opts.heapKb * 1024, meter: checkMeter(runtime, meter), games: {} };
  const [counts, operations] = games.counts().split("|").map((part) => part.split(" "));
  report.counts = counts.map(Number);
  report.operations = operations;
  const setUp = games.set_up;
  const prepare = games.prepare;
  const run = games.run;
  const arrays = games.arrays;
  for (const count of report.counts) {
    setUp(count);
    runtime.tables.learnTypes(); // the store's and the game's objects are in the heap now
    const figures = (report.games[count] = {});
    for (const operation of operations) {
      prepare(operation, count);
      const found = meter.measure(() => run());
      const { blocks, ...shown } = found;
      shown.ok = found.result === true;
      delete shown.result;
      if (operation === "resume") {
        const words = runtime.tables.words();
        const items = new Set(arrays(count).split(" ").map((id) => words[(Number(id) >> 2) + ARRAY_ITEMS_WORD]));
        shown.arrays = blocks.filter((b) => items.has(b.address)).map((b) => b.bytes);
        if (shown.arrays.length !== items.size) throw new Error(`the resume made ${shown.arrays.length} of the game's ${items.size} arrays`);
      }
      figures[operation] = shown;
    }
  }
  return report;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    console.log(JSON.stringify(await measureStore(parseArgs(process.argv.slice(2))), null, 1));
  } catch (err) { // a usage error, or a Python traceback's last line, not the port's whole source
    console.error("store_heap.mjs: " + String(err.message || err).trim().split("\n").slice(-1)[0]);
    process.exit(err instanceof UsageError ? 2 : 1);
  }
}
