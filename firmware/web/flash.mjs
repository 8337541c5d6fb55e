// The board's flash in the browser: the store's folder kept in IndexedDB, so that closing the
// tab and coming back resumes the game exactly, as the board does after a power cut.
//
// The firmware writes its saves (store.storage: snapshots, journal entries, history, the
// self-test marker, the config) into a folder of the port's in-memory filesystem, exactly as on
// the board's littlefs. After each loop turn that changed that folder (watch() notes every
// write, rename, removal or folder made under it), sync() compares it with what is stored and
// writes the differences in one IndexedDB transaction: all of them or, if the tab closes first,
// none. So the stored folder is always the folder as it stood between two turns, which the
// store can resume from (it is built to resume from any moment); at most the press saved at the
// very moment the tab closed is lost, as at a power cut. Transactions run in the order made, so
// a later sync never lands before an earlier one.

const DB_NAME = "tanturlurette";
const STORE = "flash"; // path inside the folder -> its bytes
const VERSION = 1;

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("the save was aborted"));
  });
}

export async function openFlash() {
  const req = indexedDB.open(DB_NAME, VERSION);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE);
  return new Flash(await request(req));
}

/** Every file under folder in the port's filesystem: Map(path inside folder -> bytes). */
export function readTree(FS, folder, prefix = "", out = new Map()) {
  for (const name of FS.readdir(folder)) {
    if (name === "." || name === "..") continue;
    const full = `${folder}/${name}`;
    if (FS.isDir(FS.stat(full).mode)) readTree(FS, full, `${prefix}${name}/`, out);
    else out.set(prefix + name, FS.readFile(full));
  }
  return out;
}

function same(a, b) {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class Flash {
  constructor(db) {
    this.db = db;
    this.stored = new Map(); // what IndexedDB holds, as last read or written
    this.changed = false; // the folder changed since the last sync
    this.pending = 0; // transactions not yet complete
    this.syncs = 0; // transactions completed
    this.error = null;
  }

  /** The stored folder: Map(path -> bytes). */
  async load() {
    const tx = this.db.transaction(STORE, "readonly");
    const store = tx.objectStore(STORE);
    const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
    this.stored = new Map(keys.map((key, i) => [key, new Uint8Array(values[i])]));
    return this.stored;
  }

  /** Lay the stored files into folder (made if missing). */
  install(FS, folder) {
    FS.mkdirTree(folder);
    for (const [path, bytes] of this.stored) {
      const full = `${folder}/${path}`;
      FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
      FS.writeFile(full, bytes);
    }
  }

  /** Note every change the filesystem makes under folder. */
  watch(FS, folder) {
    const inside = (path) => typeof path === "string" && (path === folder || path.startsWith(folder + "/"));
    const note = (name, pathOf) => {
      const original = FS[name];
      FS[name] = function (...args) {
        if (inside(pathOf(...args))) this.changed = true;
        return original.apply(FS, args);
      }.bind(this);
    };
    note("write", (stream) => stream && stream.path);
    note("rename", (from, to) => (inside(from) ? from : to));
    note("unlink", (path) => path);
    note("rmdir", (path) => path);
    note("mkdir", (path) => path);
    note("truncate", (path) => (typeof path === "string" ? path : null));
    note("ftruncate", () => null);
    // opening for writing makes or empties a file even before anything is written to it
    note("open", (path, flags) => (typeof flags === "number" && flags & 3 ? path : null));
    this.folder = folder;
  }

  /** After a turn: if the folder changed, store its differences in one transaction. */
  sync(FS) {
    if (!this.changed) return false;
    this.changed = false;
    const now = readTree(FS, this.folder);
    const puts = [];
    const removals = [];
    for (const [path, bytes] of now) if (!same(this.stored.get(path), bytes)) puts.push([path, bytes]);
    for (const path of this.stored.keys()) if (!now.has(path)) removals.push(path);
    if (!puts.length && !removals.length) return false;
    const tx = this.db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    for (const [path, bytes] of puts) store.put(bytes, path);
    for (const path of removals) store.delete(path);
    this.stored = now;
    this.pending++;
    done(tx).then(
      () => { this.pending--; this.syncs++; },
      (err) => { this.pending--; this.error = String(err && err.message || err); },
    );
    return true;
  }

  /** Write one file of the folder now (the page's settings: the config), and store it. */
  async writeFile(FS, path, bytes) {
    FS.writeFile(`${this.folder}/${path}`, bytes);
    this.changed = true;
    this.sync(FS);
    await this.settled();
  }

  /** Resolves once every transaction made so far is complete. */
  async settled() {
    while (this.pending) await new Promise((resolve) => setTimeout(resolve, 5));
    if (this.error) throw new Error(this.error);
  }

  /** Erase the stored folder: the next start is a new board's. */
  async erase() {
    const tx = this.db.transaction(STORE, "readwrite");
    tx.objectStore(STORE).clear();
    await done(tx);
    this.stored = new Map();
  }
}
