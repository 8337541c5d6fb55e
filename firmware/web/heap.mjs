// The MicroPython heap of the WebAssembly port, read from JavaScript between calls.
//
// The collector keeps one allocation table per heap area: two bits a 16-byte block (free, head of
// an allocation, tail, mark). micropython.mem_info(1) prints it; reading it straight from the
// port's memory costs the Python heap nothing and a few microseconds. HeapTables finds the tables
// once, from mem_info(1)'s map and the area records the collector keeps (the first in static
// memory, each further one at the start of its area, linked by their first word), and checks
// what it finds against that map before trusting it.

const BYTES_PER_BLOCK = 16;
const BLOCKS_PER_BYTE = 4;
const FREE = 0;
const HEAD = 1;
const TAIL = 2;

/** mem_info(1)'s map as [{pool, kinds: [letter per block]}], one per heap area. */
export function parseMap(lines) {
  const areas = [];
  let area = null;
  for (const line of lines) {
    const start = /GC memory layout; from ([0-9a-f]+):/.exec(line);
    if (start) {
      area = { pool: parseInt(start[1], 16), kinds: [] };
      areas.push(area);
      continue;
    }
    const row = /^([0-9a-f]{8}): (.*)$/.exec(line);
    if (!row || !area) continue;
    const first = parseInt(row[1], 16) / BYTES_PER_BLOCK;
    while (area.kinds.length < first) area.kinds.push("."); // the "lines all free" it skipped
    for (const c of row[2]) area.kinds.push(c);
  }
  return areas;
}

export class HeapTables {
  /** memory(): the port's memory as a Uint8Array (a new view after the memory grows);
   *  dump(): the lines micropython.mem_info(1) prints now. */
  constructor(memory, dump) {
    this.memory = memory;
    this.dump = dump;
    this.first = null; // the address of the first area's record
    this.poolField = 0; // the word of a record holding the pool's start
    this.types = new Map(); // the first word of an object -> the map's letter for its type
    this.locate();
  }

  words() {
    const bytes = this.memory();
    return new Uint32Array(bytes.buffer, 0, bytes.buffer.byteLength >> 2);
  }

  /** Find the first area's record: its pool start is mem_info(1)'s "from" address, its table
   *  start and length come first, and the pool is exactly that many blocks long. */
  locate() {
    const map = parseMap(this.dump());
    if (!map.length) throw new Error("micropython.mem_info(1) printed no heap map");
    const pool = map[0].pool;
    const w = this.words();
    for (let i = 3; i < w.length - 1; i++) {
      if (w[i] !== pool) continue;
      for (let field = 3; field <= 6 && field <= i; field++) {
        const record = i - field; // [next, table start, table bytes, ..., pool start, pool end]
        const table = w[record + 1];
        const bytes = w[record + 2];
        const end = w[i + 1];
        if (table < pool && bytes > 0 && end - pool === bytes * BLOCKS_PER_BYTE * BYTES_PER_BLOCK) {
          this.first = record * 4;
          this.poolField = field;
          this.check(map);
          this.learnTypes(map);
          return;
        }
      }
    }
    throw new Error("the heap's area record was not found beside pool 0x" + pool.toString(16));
  }

  /** [{record, table, bytes, pool}] of every heap area now. */
  areas() {
    const w = this.words();
    const out = [];
    for (let record = this.first; record; record = w[record >> 2]) {
      const r = record >> 2;
      out.push({ record, table: w[r + 1], bytes: w[r + 2], pool: w[r + this.poolField] });
      if (out.length > 64) throw new Error("the heap's area list does not end");
    }
    return out;
  }

  /** The heap's size for objects, all areas: what mem_info calls total. */
  total() {
    return this.areas().reduce((sum, a) => sum + a.bytes * BLOCKS_PER_BYTE * BYTES_PER_BLOCK, 0);
  }

  /** The tables as they are now, to compare a later scan with. */
  snapshot() {
    const bytes = this.memory();
    return new Map(this.areas().map((a) => [a.record, bytes.slice(a.table, a.table + a.bytes)]));
  }

  /** The tables must read as mem_info(1) prints them, block for block. */
  check(map = parseMap(this.dump())) {
    const areas = this.areas();
    if (areas.length !== map.length) throw new Error(`${areas.length} heap areas found, mem_info shows ${map.length}`);
    const bytes = this.memory();
    areas.forEach((a, n) => {
      const kinds = map[n].kinds;
      if (a.pool !== map[n].pool) throw new Error(`heap area ${n}: pool 0x${a.pool.toString(16)} is not mem_info's`);
      for (let b = 0; b < a.bytes * BLOCKS_PER_BYTE; b++) {
        const kind = (bytes[a.table + (b >> 2)] >> ((b & 3) * 2)) & 3;
        const shown = kinds[b] || ".";
        const expected = shown === "." ? FREE : shown === "=" ? TAIL : HEAD;
        if (kind !== expected) throw new Error(`heap area ${n}, block ${b}: the table says ${kind}, mem_info '${shown}'`);
      }
    });
  }

  /** Learn, from a map, the letter mem_info gives each type (by the type word objects start with). */
  learnTypes(map = parseMap(this.dump())) {
    const w = this.words();
    for (const area of map) {
      area.kinds.forEach((c, b) => {
        if (c !== "." && c !== "=" && c !== "h") this.types.set(w[(area.pool + b * BYTES_PER_BLOCK) >> 2], c);
      });
    }
  }

  /** The letter of the object at an address, as mem_info(1) would print it ("h": none known). */
  kind(address) {
    return this.types.get(this.words()[address >> 2]) || "h";
  }

  /**
   * Every allocation now: the largest block, the bytes allocated in all (gc.mem_alloc()'s figure)
   * and, against `before` (a snapshot), the largest block allocated or grown since: one with a
   * block whose kind changed. {largest: {address, bytes}, largestNew: {address, bytes} or null,
   * used}. A pass over every block: changes() is the quick one.
   */
  scan(before) {
    const out = { largest: { address: 0, bytes: 0 }, largestNew: null, used: 0 };
    for (const a of this.areas()) this.decode(a, before ? before.get(a.record) : null, 0, a.bytes * BLOCKS_PER_BYTE, out);
    return out;
  }

  /** The largest block allocated or grown since `before`, or null: only the table bytes that
   *  changed are decoded, from the head of the block they start in. */
  changes(before) {
    const out = { largest: { address: 0, bytes: 0 }, largestNew: null, used: 0 };
    const bytes = this.memory();
    for (const a of this.areas()) {
      const old = before.get(a.record);
      if (!old) { // an area the heap grew by since: all of it is new
        this.decode(a, null, 0, a.bytes * BLOCKS_PER_BYTE, out);
        continue;
      }
      let first = 0;
      while (first < a.bytes && bytes[a.table + first] === old[first]) first++;
      if (first === a.bytes) continue;
      let last = a.bytes - 1;
      while (bytes[a.table + last] === old[last]) last--;
      let start = first * BLOCKS_PER_BYTE;
      while (start > 0 && this.kindAt(bytes, a, start) === TAIL) start--;
      let end = (last + 1) * BLOCKS_PER_BYTE;
      while (end < a.bytes * BLOCKS_PER_BYTE && this.kindAt(bytes, a, end) === TAIL) end++;
      this.decode(a, old, start, end, out);
    }
    return out.largestNew;
  }

  kindAt(bytes, area, block) {
    return (bytes[area.table + (block >> 2)] >> ((block & 3) * 2)) & 3;
  }

  /** Walk blocks [from, to) of an area (from: a head or free), adding to out. */
  decode(a, old, from, to, out) {
    const bytes = this.memory();
    let head = -1;
    let size = 0;
    let changed = false;
    const close = () => {
      if (head < 0) return;
      const block = { address: a.pool + head * BYTES_PER_BLOCK, bytes: size * BYTES_PER_BLOCK };
      out.used += block.bytes;
      if (block.bytes > out.largest.bytes) out.largest = block;
      if (changed && (!out.largestNew || block.bytes > out.largestNew.bytes)) out.largestNew = block;
      head = -1;
    };
    for (let b = from; b < to; b++) {
      const byte = bytes[a.table + (b >> 2)];
      if (byte === 0 && (b & 3) === 0 && b + 3 < to) { // four free blocks: skipped at once
        close();
        b += 3;
        continue;
      }
      const shift = (b & 3) * 2;
      const kind = (byte >> shift) & 3;
      const was = old ? (old[b >> 2] >> shift) & 3 : FREE;
      if (kind === TAIL) {
        size++;
        if (was !== TAIL) changed = true;
      } else {
        close();
        if (kind !== FREE) {
          head = b;
          size = 1;
          changed = was !== kind;
        }
      }
    }
    close();
  }
}
