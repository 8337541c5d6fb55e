// The firmware on MicroPython's WebAssembly port: load the runtime, lay a build's files in its
// filesystem, boot the board (py/web_board.py), and read the heap between loop turns.
//
// Shared by the browser simulator and the heap bench (tests/wasm/session.mjs): nothing here
// reads the host's disk; the caller hands over the files as {path: bytes}.
//
// What the port does with memory, and so how the readings are taken:
//   - the heap starts at `heapBytes` and, when an allocation does not fit, grows by another area
//     (up to 128 MB) instead of raising MemoryError;
//   - the garbage collector never runs inside a call from JavaScript: gc.collect() only asks for a
//     collection, made as the outermost call returns. So a loop turn's garbage stays in the heap
//     until the turn returns, and a turn that needs more than the free space grows the heap.
// Automatic collection is switched off (gc.disable()) so that only collect() collects: right
// after a turn the heap still holds everything the turn allocated (used() then is the most the
// turn needed, and `tables` sees its largest block); collect() frees the garbage, and used()
// after it is the live heap.

import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

import { HeapTables } from "./heap.mjs";

// gc.mem_free() counts the room the heap could still grow by (the port's max new split)
const MAX_NEW_SPLIT = 128 * 1024 * 1024;
const BYTES_PER_BLOCK = 16; // 4 words of 32 bits
export const FIRMWARE_PATH = "/lib";
export const PAGE_PATH = "/page";

export async function loadRuntime({ heapBytes, stdout = () => {}, pystack } = {}) {
  let capture = null; // the lines mem_info prints, while it runs
  // the port ends its lines with \r\n; the \n is the line buffer's
  const print = (line) => {
    line = line.replace(/\r$/, "");
    return capture ? capture.push(line) : stdout(line);
  };
  const options = { heapsize: heapBytes, stdout: print, stderr: print, linebuffer: true };
  if (pystack) options.pystack = pystack;
  const mp = await loadMicroPython(options);
  return new Runtime(mp, heapBytes, (on) => { capture = on ? [] : null; return capture; });
}

class Runtime {
  constructor(mp, heapBytes, setCapture) {
    this.mp = mp;
    this.heapBytes = heapBytes;
    this.setCapture = setCapture;
    const gc = mp.pyimport("gc");
    const micropython = mp.pyimport("micropython");
    // each attribute fetched once: a proxy made per turn would itself take heap
    this._collect = gc.collect;
    this._memAlloc = gc.mem_alloc;
    this._memFree = gc.mem_free;
    this._memInfo = micropython.mem_info;
    this._qstrInfo = micropython.qstr_info;
    gc.disable();
    mp.runPython(`import sys\nsys.path.append(${JSON.stringify(PAGE_PATH)})`);
    this.tables = new HeapTables(() => mp._module.HEAPU8, () => this.print(() => this._memInfo(1)));
  }

  /** Write files ({path: Uint8Array or string}) into the port's filesystem, folders made. */
  install(files) {
    const FS = this.mp.FS;
    for (const [path, data] of Object.entries(files)) {
      const folder = path.slice(0, path.lastIndexOf("/"));
      if (folder) FS.mkdirTree(folder);
      FS.writeFile(path, data);
    }
  }

  run(code) {
    return this.mp.runPython(code);
  }

  collect() {
    this._collect(); // asks; the collection runs as this call returns to JavaScript
  }

  /** gc.mem_alloc(): after collect() the live heap; right after a turn, all the turn needed. */
  used() {
    return this._memAlloc();
  }

  /** mem_info()'s own figures, in bytes: used, total (all areas), the largest block, the
   *  largest free run. Slower than tables.scan(): for checks. */
  memInfo() {
    const text = this.print(() => this._memInfo()).join("\n");
    const gc = /GC: total: (\d+), used: (\d+), free: (\d+)/.exec(text);
    const blocks = /max blk sz: (\d+), max free sz: (\d+)/.exec(text);
    if (!gc || !blocks) throw new Error("micropython.mem_info() printed no GC figures: " + text);
    return {
      total: +gc[1], used: +gc[2], free: +gc[3],
      largestBlock: +blocks[1] * BYTES_PER_BLOCK, largestFree: +blocks[2] * BYTES_PER_BLOCK,
    };
  }

  /** The bytes of interned names (qstr_info's n_total_bytes): loading a module interns its
   *  names, and they stay when the module is let go. */
  qstrBytes() {
    const text = this.print(() => this._qstrInfo()).join(" ");
    const found = /n_total_bytes=(\d+)/.exec(text);
    if (!found) throw new Error("micropython.qstr_info() printed no n_total_bytes: " + text);
    return +found[1];
  }

  /** gc.mem_alloc() + gc.mem_free() less the room the heap may still grow by: its size now. */
  total() {
    return this._memAlloc() + this._memFree() - MAX_NEW_SPLIT;
  }

  /** The lines func() prints, kept from stdout. */
  print(func) {
    const lines = this.setCapture(true);
    try {
      func();
    } finally {
      this.setCapture(false);
    }
    return lines;
  }

  /** The bytes at an address of the port's memory (a copy). */
  peek(address, length) {
    return this.mp._module.HEAPU8.slice(address, address + length);
  }
}

/** The board booted on the runtime: web_board.Board, its buttons and one loop turn a call.
 *  realTime: the caller moves the board's clock (Board.page_turn), as the page does; otherwise
 *  each turn moves it by the loop's period, as the heap bench wants. */
export function bootBoard(runtime, { configPath = "/config.json", storeRoot = "/", seed = 1, realTime = false } = {}) {
  const args = [JSON.stringify(configPath), JSON.stringify(storeRoot), seed | 0, realTime ? "True" : "False"];
  runtime.run(`import web_board\n_board = web_board.Board(${args.join(", ")})`);
  return runtime.mp.globals.get("_board");
}

/** A copy of a Python bytes-like object's bytes (a bytearray the firmware writes in place). */
export function bytesOf(runtime, proxy) {
  return runtime.mp.PyProxy.toJs(proxy);
}
