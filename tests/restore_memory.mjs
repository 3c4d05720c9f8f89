// For tests/test_restore_memory.py: how the built site's Pyodide restores a memory snapshot
// (web/restore_memory.js, which web/build.py puts into pyodide.asm.mjs), under Node.
// - "restored": Python made a snapshot after setting a value, and a second Python restored from
//   it reads that value back (what every later start of the app does).
// - "cases": the restore on its own, for memories holding junk where the image has zero pages, and
//   images of odd lengths and offsets: true where the memory then equals the image.
// Usage: node tests/restore_memory.mjs SITE
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { siteLoadPyodide } from "./site_pyodide.mjs";

const site = process.argv[2];
const indexURL = join(site, "pyodide") + "/";
const loadPyodide = await siteLoadPyodide(site);
const patched = readFileSync(join(indexURL, "pyodide.asm.mjs"), "utf8").includes("pygameRulesRestoreMemory(Module.HEAP8");

const maker = await loadPyodide({ indexURL, _makeSnapshot: true });
maker.runPython("import hashlib\nkept = hashlib.sha256(b'kept').hexdigest()");
const snapshot = maker.makeMemorySnapshot();
const restored = await loadPyodide({ indexURL, _loadSnapshot: snapshot });

const source = readFileSync(fileURLToPath(new URL("../web/restore_memory.js", import.meta.url)), "utf8");
const restore = new Function(`${source}\nreturn pygameRulesRestoreMemory;`)();
function restoredEqually(pages, junk, offset = 0, tail = 0) {
  const PAGE = 4096;
  const backing = new Uint8Array(offset + pages.length * PAGE + tail);
  const image = backing.subarray(offset);
  pages.forEach((filled, k) => { if (filled) image.fill(k + 1, k * PAGE, k * PAGE + 100); });
  image.fill(7, pages.length * PAGE);
  const heap = new Uint8Array(image.length + PAGE);
  if (junk) for (let i = 0; i < heap.length; i += 997) heap[i] = 3;
  restore(heap, image);
  return heap.subarray(0, image.length).every((byte, i) => byte === image[i]);
}
const cases = [
  restoredEqually([true, false, false, true, false], false),
  restoredEqually([true, false, false, true, false], true),
  restoredEqually([false, false, true], true, 0, 6),
  restoredEqually([true, false, true], true, 2, 0),
];
console.log(JSON.stringify({ patched, restored: restored.runPython("kept"), expected: maker.runPython("kept"), cases }));
