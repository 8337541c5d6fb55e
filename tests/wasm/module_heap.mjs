// What each firmware module costs the heap on MicroPython's WebAssembly port (32-bit): the
// modules imported one by one, in the order given, with a collection after each.
//
//   node tests/wasm/module_heap.mjs --lib BUILD/lib module [module ...]
//
// For each module, in KB: `live` what stays after the collection (its code, its names, what it
// builds at import; the modules it imports that are not loaded yet count with it), `import` all
// its import needed (garbage included: nothing is collected inside a call on this port), and
// `names` what its interned names added to the qstr pools (a pool grows by doubling, so one
// module may pay for the next ones). Prints one line per module, then the total live heap.

import { loadRuntime } from "../../firmware/web/runtime.mjs";
import { tree } from "./session.mjs";

const args = process.argv.slice(2);
if (args[0] !== "--lib" || args.length < 3) {
  console.error("usage: node tests/wasm/module_heap.mjs --lib BUILD/lib module [module ...]");
  process.exit(2);
}
const [lib, modules] = [args[1], args.slice(2)];
const rt = await loadRuntime({ heapBytes: 2048 * 1024 });
rt.install(tree(lib, "/lib"));
rt.run("import sys\nsys.path.insert(0, '/lib')");
rt.collect();
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);
let [live, names] = [rt.used(), rt.qstrBytes()];
console.log(`${"module".padEnd(28)}   live  import  names`);
for (const name of modules) {
  rt.run(`import ${name}`);
  const needed = rt.used();
  rt.collect();
  const [after, namesAfter] = [rt.used(), rt.qstrBytes()];
  console.log(`${name.padEnd(28)} ${kb(after - live)}  ${kb(needed - live)} ${kb(namesAfter - names)}`);
  [live, names] = [after, namesAfter];
}
console.log(`${"the runtime and all above".padEnd(28)} ${kb(live)}`);
