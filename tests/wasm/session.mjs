// The whole session on MicroPython's WebAssembly port (32-bit), one loop turn per call, with the
// heap read between turns. Prints one JSON object: the figures of each phase and of the session.
//
//   node tests/wasm/session.mjs --lib BUILD/lib [--heap-kb 192] [--seed N] [--config FILE]
//                               [--phases a,b,...] [--short 1] [--player-seed N] [--longest 1]
//                               [--host-every TURNS] [--storm-every DECISIONS] [--twice 1]
//
// --heap-kb is the heap the firmware gets: the runtime starts with that much plus what the
// harness's own code takes, loaded before the boot (`harness`, measured first on a runtime of its
// own), so every figure below includes the harness and the firmware's share is the figure less it.
// BUILD/lib is a build as `tanturlurette deploy` compiles it (.mpy for the ESP32; bytecode loads
// on any port): tests/bench/wasm_heap.py makes both builds. The board boots on an empty store, so
// its first boot runs the self-test; tests/wasm/player.py then plays the phases (--phases: only
// those, in their order, for a shorter run; --short 1: each game as short as its setup rows allow,
// at the same table). --seed is the board's (os.urandom's: the deals), --player-seed the player's
// own choices; --longest, --host-every, --storm-every and --twice are player.py's scenarios (each
// game at its longest, a host polling, undo/redo storms, every game twice), tests/bench/wasm_heap.py
// names them. Each turn:
//   1. player.turn() runs one loop turn (app.loop.step and the hardware's idle);
//   2. the heap still holds all the turn allocated (nothing is freed inside a call on this port):
//      gc.mem_alloc() is the most the turn needed, the allocation tables give its largest block
//      and the largest block it allocated, and the heap's size (grown or not);
//   3. collect(), then gc.mem_alloc(): the live heap after the turn.
// The boot (hw_esp32.boot.main, through web_board.Board) is one call: the phase "boot".
//
// Figures in bytes. Per phase: `live_peak` the largest live heap after a turn; `used_peak` the
// most a turn needed, its garbage included (`used_peak_at`: that turn, where the session stood,
// the files it wrote and the firmware modules loaded; `live_peak_at` the same of the live peak,
// less the files); `in_game` the same over the turns that played a game (a game's
// phase begins in the setup menu); `total_peak` the size the heap had grown to;
// `largest_block` the largest block held; `largest_alloc` the largest block a turn allocated,
// with what it looks like, the turn, where the session stood and the files that turn wrote;
// `qstr_bytes` the interned names and their table at the phase's end (micropython.qstr_info():
// loading a module interns its names, and they stay when the module is let go); `modules` the
// firmware's modules loaded at its end (read one turn into the next phase).
// For the session: the same peaks over all phases; `grew` whether the heap ever grew past its
// start (`heap_start_total`: the heap less the collector's tables), and `grew_at` the first turn
// that grew it (its phase, where the session stood, what it needed and its largest block);
// `runtime` the live heap of the bare runtime; `harness` the heap of web_board, the page's
// machine, neopixel and ssd1306, and player.py; `played` what the scenario did (player.py's
// played(): each finished game's moves, the host's lines, the storms and their undos and redos).

import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

import { FIRMWARE_PATH, PAGE_PATH, bootBoard, loadRuntime } from "../../firmware/web/runtime.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const HARNESS_PATH = "/harness";
const PREVIEW_BYTES = 96;
const WRITES_SHOWN = 3;

class UsageError extends Error {}

function parseArgs(argv) {
  const opts = {
    lib: null, heapKb: 192, seed: 1, config: path.join(ROOT, "firmware", "config.json"), phases: null, short: false,
    playerSeed: 5, longest: false, hostEvery: 0, stormEvery: 0, twice: false,
  };
  for (let i = 0; i < argv.length; i += 2) {
    const [arg, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new UsageError(`${arg} needs a value`);
    if (arg === "--lib") opts.lib = value;
    else if (arg === "--heap-kb") opts.heapKb = Number(value);
    else if (arg === "--seed") opts.seed = Number(value);
    else if (arg === "--config") opts.config = value;
    else if (arg === "--phases") opts.phases = value.split(",");
    else if (arg === "--short") opts.short = value === "1";
    else if (arg === "--player-seed") opts.playerSeed = Number(value);
    else if (arg === "--longest") opts.longest = value === "1";
    else if (arg === "--host-every") opts.hostEvery = Number(value);
    else if (arg === "--storm-every") opts.stormEvery = Number(value);
    else if (arg === "--twice") opts.twice = value === "1";
    else {
      throw new UsageError(`unknown argument ${arg} (use --lib DIR, --heap-kb N, --seed N, --config FILE, --phases a,b, `
        + "--short 1, --player-seed N, --longest 1, --host-every TURNS, --storm-every DECISIONS, --twice 1)");
    }
  }
  if (!opts.lib) throw new UsageError("--lib DIR is needed: a build's lib folder, as deploy compiles it");
  if (!fs.existsSync(path.join(opts.lib, "hw_esp32"))) throw new UsageError(`${opts.lib} holds no build (no hw_esp32 in it)`);
  if (!(opts.heapKb >= 16)) throw new UsageError("--heap-kb must be a number of KB, at least 16");
  if (!Number.isInteger(opts.seed) || !Number.isInteger(opts.playerSeed)) throw new UsageError("--seed and --player-seed must be integers");
  for (const [flag, value] of [["--host-every", opts.hostEvery], ["--storm-every", opts.stormEvery]]) {
    if (!Number.isInteger(value) || value < 0) throw new UsageError(`${flag} must be a count, 0 (none) or more`);
  }
  return opts;
}

/** {path in the port's filesystem: bytes} for every file under folder, laid under target. */
export function tree(folder, target, files = {}) {
  for (const name of fs.readdirSync(folder).sort()) {
    const full = path.join(folder, name);
    if (fs.statSync(full).isDirectory()) tree(full, `${target}/${name}`, files);
    else files[`${target}/${name}`] = fs.readFileSync(full);
  }
  return files;
}

function harnessFiles() {
  const files = tree(path.join(ROOT, "firmware", "web", "py"), PAGE_PATH);
  files[`${HARNESS_PATH}/player.py`] = fs.readFileSync(path.join(HERE, "player.py"));
  return files;
}

/** What the first bytes of a block at address look like: the table of interned names (a qstr
 *  pool: its previous pool, the names before it, its room, its count, then its hashes right
 *  after its pointers), text, small ints (a list's items), or hex. */
export function looks(bytes, address) {
  const head = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  if (head.length >= 6 && head[3] <= head[2] && head[4] === address + 24 + head[2] * 4) {
    return `qstr pool: ${head[3]} of ${head[2]} interned names`;
  }
  let printable = 0;
  for (const b of bytes) if ((b >= 32 && b < 127) || b === 10) printable++;
  if (printable >= bytes.length * 0.9) return "text " + JSON.stringify(Buffer.from(bytes).toString("latin1"));
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  if (words.length && words.every((w) => w & 1)) return "small ints [" + Array.from(words, (w) => w >> 1).join(", ") + "]";
  return "hex " + Buffer.from(bytes).toString("hex");
}

/** Bytes written per file during a turn (the store's saves), from the port's filesystem calls. */
function watchWrites(FS) {
  const written = new Map();
  const write = FS.write;
  FS.write = function (stream, buffer, offset, length, ...rest) {
    if (stream.path && !stream.path.startsWith("/dev/")) written.set(stream.path, (written.get(stream.path) || 0) + length);
    return write.call(this, stream, buffer, offset, length, ...rest);
  };
  return written;
}

function newPhase(name) {
  return { name, turns: 0, live_peak: 0, used_peak: 0, total_peak: 0, largest_block: null, largest_alloc: null };
}

/** The heap the harness's code takes beside the firmware's: on a runtime of its own. */
async function harnessHeap(libFiles) {
  const runtime = await loadRuntime({ heapBytes: 1024 * 1024 });
  runtime.install(libFiles);
  runtime.install(harnessFiles());
  // what web_board and player import from the firmware is loaded first: it is the firmware's
  runtime.run("import app.loop, app.buttons, app.clock, engine.core, games, engine.rng");
  runtime.collect();
  const before = runtime.used();
  runtime.run(`import sys\nsys.path.append("${HARNESS_PATH}")\nimport machine, neopixel, ssd1306, web_board, player`);
  runtime.collect();
  return runtime.used() - before;
}

export async function runSession(opts) {
  const libFiles = tree(opts.lib, FIRMWARE_PATH);
  const printed = [];
  const harness = await harnessHeap(libFiles);
  const heapBytes = opts.heapKb * 1024 + harness; // the firmware gets --heap-kb, whatever the harness takes
  const runtime = await loadRuntime({ heapBytes, stdout: (line) => printed.push(line) });
  const tables = runtime.tables;
  runtime.collect();
  const bare = runtime.used();
  const startTotal = tables.total();
  runtime.install(libFiles);
  runtime.install(harnessFiles());
  runtime.install({ "/config.json": fs.readFileSync(opts.config) });
  // the harness's code loaded before the boot, so that every phase holds it alike
  runtime.run(`import sys\nsys.path.append("${HARNESS_PATH}")\nimport machine, neopixel, ssd1306, web_board, player`);
  const written = watchWrites(runtime.mp.FS);
  let context = () => "booting";
  let loadedNow = () => []; // the firmware modules loaded now (player.modules, once the player is made)

  let turns = 0;
  let grewAt = null; // the first turn that grew the heap
  const note = (phase, before, inGame = 0) => {
    const used = runtime.used();
    const wrote = writes();
    written.clear();
    let fresh;
    if (phase.turns === 0) { // every block at a phase's first turn, checked against gc's count
      const scan = tables.scan(before);
      if (scan.used !== used) throw new Error(`the allocation tables count ${scan.used} bytes, gc.mem_alloc() ${used}`);
      phase.largest_block = describe(scan.largest, turns);
      fresh = scan.largestNew;
    } else { // then only what changed: the largest block held can only grow by a new one
      fresh = tables.changes(before);
      if (fresh && fresh.bytes > phase.largest_block.bytes) phase.largest_block = describe(fresh, turns);
    }
    phase.turns++;
    if (used > phase.used_peak) {
      phase.used_peak = used;
      phase.used_peak_at = { turn: turns, at: context(), wrote, modules: loadedNow() };
    }
    phase.total_peak = Math.max(phase.total_peak, tables.total());
    if (!grewAt && tables.total() > startTotal) {
      grewAt = { phase: phase.name, turn: turns, at: context(), wrote, used, total: tables.total() };
      if (fresh) grewAt.largest_alloc = describe(fresh, turns);
    }
    if (fresh && (!phase.largest_alloc || fresh.bytes > phase.largest_alloc.bytes)) {
      phase.largest_alloc = describe(fresh, turns);
      phase.largest_alloc.at = context();
      phase.largest_alloc.wrote = wrote;
    }
    runtime.collect();
    const live = runtime.used();
    if (live > phase.live_peak) {
      phase.live_peak = live;
      phase.live_peak_at = { turn: turns, at: context(), modules: loadedNow() };
      runtime.collect(); // the list's own garbage, out of the next turn's figures
    }
    phase.live_end = live;
    if (inGame) { // the same two figures over the turns a game was being played
      const game = phase.in_game || (phase.in_game = { turns: 0, live_peak: 0, used_peak: 0 });
      game.turns++;
      game.live_peak = Math.max(game.live_peak, live);
      if (used > game.used_peak) {
        game.used_peak = used;
        game.used_peak_at = { turn: turns, at: context(), wrote };
      }
    }
    return tables.snapshot();
  };
  const writes = () => [...written].sort((a, b) => b[1] - a[1]).slice(0, WRITES_SHOWN)
    .map(([file, bytes]) => `${file} ${bytes} B`);
  const describe = (block, turn) => ({
    bytes: block.bytes, turn, kind: tables.kind(block.address),
    looks: looks(runtime.peek(block.address, Math.min(PREVIEW_BYTES, block.bytes)), block.address),
  });

  const phases = [newPhase("boot")];
  let before = tables.snapshot();
  let error = null;
  let played = null;
  try {
    bootBoard(runtime, { seed: opts.seed });
    before = note(phases[0], before);
    phases[0].qstr_bytes = runtime.qstrBytes();
    runtime.collect();
    before = tables.snapshot();
    tables.learnTypes(); // the firmware's objects are all in the heap now: every letter shows
    const flag = (on) => (on ? "True" : "False");
    runtime.run(`_player = player.Player(_board, ${JSON.stringify(opts.phases || [])}, seed=${opts.playerSeed}, `
      + `short=${flag(opts.short)}, longest=${flag(opts.longest)}, host_every=${opts.hostEvery}, `
      + `storm_every=${opts.stormEvery}, twice=${flag(opts.twice)})`);
    runtime.run("_names = ' '.join(_player.names())");
    for (const name of runtime.mp.globals.get("_names").split(" ")) phases.push(newPhase(name));
    const player = runtime.mp.globals.get("_player");
    const turn = player.turn; // each proxy fetched once: one made per turn would take heap
    const where = player.context;
    context = () => where();
    const modules = player.modules;
    phases[0].modules = modules().split(" ");
    loadedNow = () => modules().split(" ");
    runtime.collect();
    before = tables.snapshot();
    let playing = 1; // the index in phases of the phase playing: the self-test's first
    for (;;) {
      const code = turn(); // 2 * the phase's index, plus 1 while a game is played; -1: the end
      const index = code < 0 ? -1 : code >> 1;
      const ended = index + 1 !== playing ? phases[playing] : null;
      if (ended) ended.qstr_bytes = runtime.qstrBytes();
      if (index >= 0) {
        playing = index + 1;
        turns++;
        before = note(phases[playing], before, code & 1);
      }
      if (ended) { // which modules the phase left loaded (read after the turn's figures)
        ended.modules = modules().split(" ");
        runtime.collect();
        before = tables.snapshot();
      }
      if (index < 0) break;
    }
    tables.check(); // the tables still read as mem_info prints them
    runtime.run("_played = _player.played()");
    played = JSON.parse(runtime.mp.globals.get("_played"));
  } catch (err) {
    error = String(err.message || err).trim().split("\n").slice(-1)[0];
  }
  const peak = (key) => Math.max(...phases.map((p) => p[key]));
  return {
    lib: opts.lib,
    short: opts.short,
    seed: opts.seed,
    player_seed: opts.playerSeed,
    longest: opts.longest,
    host_every: opts.hostEvery,
    storm_every: opts.stormEvery,
    twice: opts.twice,
    played,
    heap_start: heapBytes,
    heap_start_total: startTotal,
    runtime: bare,
    harness,
    turns,
    completed: error === null && phases.every((p) => p.turns > 0),
    error,
    live_peak: peak("live_peak"),
    used_peak: peak("used_peak"),
    total_peak: peak("total_peak"),
    grew: peak("total_peak") > startTotal,
    grew_at: grewAt,
    phases,
    printed: printed.slice(-20),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error("session.mjs: " + err.message);
    process.exit(2);
  }
  const session = await runSession(opts);
  console.log(JSON.stringify(session, null, 1));
  process.exit(session.completed ? 0 : 1);
}
