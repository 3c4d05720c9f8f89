// Pyodide memory snapshots: Python's memory right after our engines were imported, kept in the
// browser so that a start restores it instead of booting Python and importing again
// (about 0.5 s instead of 2–4 s, and the page's longest task about 0.2 s instead of 1.4–2.3 s;
// docs/benchmarks.md has the figures).
//
// * Python boots once, in a worker (worker.js), on the first start without a snapshot: it hands
//   the snapshot to the page, which restores it (pyodide-boot.mjs, through loader.js) while its
//   main thread stays free, and has a worker without Python store it here, gzip-compressed
//   (prepare.js). Later starts of the page restore the stored one, which that worker reads and
//   inflates for them.
// * A snapshot belongs to one Pyodide version and one build of our code: its key is the version
//   and the SHA-256 of the wheel and webui.zip. Storing one deletes every other, so a new release makes
//   a new snapshot on its first start and the old one goes.
// * Restoring is Pyodide's private `_loadSnapshot` option (the pinned build has it). Anything that
//   goes wrong (no Cache API, a damaged or foreign snapshot, a Pyodide without the option) ends in
//   a normal start and the snapshot being dropped: a snapshot only ever saves time.
// Works in pages and in workers (both have the Cache API in secure contexts).

const CACHE = "pygame_rules.snapshots";  // not the service worker's "pygame-rules-<release>"
// Pyodide's WebAssembly, as Pyodide asks for it: a worker compiles it for the page's restore.
export const WASM_URL = new URL("../pyodide/pyodide.asm.wasm", import.meta.url).href;

// The modules the snapshot holds: the engines' service with the computer players (with the registry
// come all three engines, their renderers and board interactions), and of the page's front end
// (webui) all that does not import pyscript (which only exists once PyScript set it up on the
// page). The page then compiles only its four DOM modules (app/main.py), instead of the whole front
// end in one task.
const PRELOAD = ["pygame_rules.service", "pygame_rules.session", "pygame_rules.controller",
                 "pygame_rules.bots.hint", "pygame_rules.lessons", "pygame_rules.whynot",
                 "webui.markup", "webui.pace", "webui.settings"];

// The SHA-256 of the wheel's bytes followed by webui.zip's, in hex (what the build writes as the
// manifest's "code_sha256"); "" where the browser has no Web Crypto (snapshotKey then refuses).
async function codeSha256(code) {
  if (!globalThis.crypto?.subtle) return "";
  const both = new Uint8Array(code.wheel.byteLength + code.webui.byteLength);
  both.set(new Uint8Array(code.wheel));
  both.set(new Uint8Array(code.webui), code.wheel.byteLength);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", both));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The snapshot's key for our code (codeSha256 of the wheel and webui.zip) under a Pyodide
// version; null where the browser has no Cache API (pages not served over https or localhost).
export function snapshotKey(pyodideVersion, codeSha256) {
  if (typeof caches === "undefined" || !/^[0-9a-f]{64}$/.test(codeSha256)) return null;
  return `${pyodideVersion}-${codeSha256.slice(0, 24)}`;
}

const entry = (key) => new URL(`snapshot/${key}`, location.origin).href;

// Whether a snapshot for `key` is stored (without reading it).
export async function hasSnapshot(key) {
  try {
    return Boolean(await (await caches.open(CACHE)).match(entry(key)));
  } catch {
    return false;
  }
}

// The stored snapshot for `key` as bytes, or null (none stored, or it fails gzip's own check).
export async function loadSnapshot(key) {
  if (!key) return null;
  try {
    const response = await (await caches.open(CACHE)).match(entry(key));
    if (!response) return null;
    return await gunzip(new Uint8Array(await response.arrayBuffer()));
  } catch (error) {
    console.warn(`Python snapshot not used: ${error}`);  // i18n: internal (the console)
    await dropSnapshots();
    return null;
  }
}

// The snapshot is inflated a slice at a time, letting the page's other work run between slices:
// in one piece, its 31 MB took a task of about 100 ms on the page's thread.
const SLICE = 1 << 18;  // compressed bytes per step (about 1 MB inflated)
// A promise kept in a new task, queued behind the tasks already waiting (timers included): a
// message, which unlike a timer is never delayed.
export const queuedTask = () => new Promise((resolve) => {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => { port1.close(); resolve(); };
  port2.postMessage(null);
});
// A promise kept in a task of its own after the page's input and drawing, but ahead of its other
// tasks where the browser can (scheduler.yield): for start-up, which should go on promptly.
export const nextTask = () => (globalThis.scheduler?.yield ? scheduler.yield() : queuedTask());

async function gunzip(packed) {
  const inflate = new DecompressionStream("gzip");
  const plain = new Response(inflate.readable).arrayBuffer();
  plain.catch(() => {});  // a failure shows in the writes below as well, and is thrown there
  const writer = inflate.writable.getWriter();
  for (let start = 0; start < packed.length; start += SLICE) {
    await writer.write(packed.subarray(start, start + SLICE));
    await nextTask();
  }
  await writer.close();
  return new Uint8Array(await plain);
}

// Pyodide restored from the snapshot `bytes` (from loadSnapshot, or the worker's new one; or a
// promise of them) with `loadPyodide(options)`, or null when there is none or it does not
// restore (a snapshot that came and failed is dropped; the caller starts Python normally).
export async function restore(loadPyodide, options, bytes) {
  if (!bytes) return null;
  try {
    const py = await loadPyodide({ ...options, _loadSnapshot: bytes });
    release(await bytes);
    return py;
  } catch (error) {
    console.warn(`Python snapshot failed, starting normally: ${error}`);  // i18n: internal (the console)
    if (await Promise.resolve(bytes).then(Boolean, () => false)) await dropSnapshots();
    return null;
  }
}

// Let go of a snapshot's bytes once Python's memory was restored from them. Pyodide keeps its
// options for as long as it runs, and with them the snapshot (31 MB). Its buffer is handed to a
// message that is never read: closing the channel drops the message and frees the memory at once.
// (ArrayBuffer.prototype.transfer(0) detaches the buffer too, but Chromium kept the memory until
// the page was closed, even through garbage collections: docs/benchmarks.md.)
export function release(bytes) {
  try {
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(null, [bytes.buffer]);
    port1.close();
    port2.close();
  } catch {
    // already detached, or a browser that cannot transfer it: then it goes with the page
  }
}

// Python that writes a zip archive's files into a folder, one file per step (a generator).
const UNPACKER = /* i18n: internal (Python code) */ `
def unpack(data, folder):
    import io, zipfile
    with zipfile.ZipFile(io.BytesIO(data.to_bytes())) as archive:
        for member in archive.infolist():
            archive.extract(member, folder)
            yield
unpack`;
// How long the page unpacks at a time before its other work runs (see `unpack`).
const UNPACK_SLICE_MS = 8;

// Put our code's files where Python imports them from: the wheel's into site-packages, which
// installs it (it is pure Python without dependencies; no micropip, which would load packaging
// and importlib.metadata first: about 0.5 s), and webui.zip's into the working folder (`code`:
// {wheel, webui} as ArrayBuffers). A restored snapshot needs them too: it holds the imported
// modules but not the files (Pyodide's file system lives outside its memory), and later imports
// and the translations (pygame_rules/locale) read them where the modules say they are.
// With `pause` (a function returning a promise, e.g. nextTask) the files go in slices of
// UNPACK_SLICE_MS with a pause between them: on the page, the 170 files took one task of
// 140–200 ms.
export async function unpack(py, code, pause = null) {
  const sitePackages = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  const scope = py.toPy({});
  const unpacker = py.runPython(UNPACKER, { globals: scope });
  try {
    for (const [bytes, folder] of [[code.wheel, sitePackages], [code.webui, "."]]) {
      const steps = unpacker(new Uint8Array(bytes), folder);
      try {
        let until = performance.now() + UNPACK_SLICE_MS;
        while (!steps.next().done) {
          if (pause && performance.now() > until) {
            await pause();
            until = performance.now() + UNPACK_SLICE_MS;
          }
        }
      } finally {
        steps.destroy();
      }
    }
  } finally {
    unpacker.destroy();
    scope.destroy();
  }
}

// Python for a worker (the app's first visit, worker.js; the embed's): restored from the stored snapshot of this
// code, else booted the normal way (Pyodide's module `pyodide`, its `options`). Either way our
// `code` goes in as files: {wheel, webui} as ArrayBuffers, the wheel into site-packages and
// webui.zip into the working folder, where PyScript puts it on the page. After a normal boot the
// modules in PRELOAD are imported and a new snapshot is made: `made`, its bytes, for the caller
// to store under `key` (storeSnapshot) and to hand to a page that waits for it. `boot` says how
// Python started: "snapshot" or "fresh".
export async function startPython(pyodide, options, code) {
  const key = snapshotKey(pyodide.version, await codeSha256(code));
  const restored = await restore(pyodide.loadPyodide, options, await loadSnapshot(key));
  const py = restored ?? await pyodide.loadPyodide({ ...options, _makeSnapshot: Boolean(key) });
  await unpack(py, code);
  const made = !restored && key ? makeSnapshot(py) : null;
  return { py, boot: restored ? "snapshot" : "fresh", made, key };
}

// After a normal boot: import what the page and the workers use, and take Python's memory for
// the next start: its bytes, or null when it could not be made.
function makeSnapshot(py) {
  try {
    for (const name of PRELOAD) py.pyimport(name).destroy();
    return py.makeMemorySnapshot();
  } catch (error) {
    console.warn(`Python snapshot not made: ${error}`);  // i18n: internal (the console)
    return null;
  }
}

// Keys as snapshotKey makes them: a Pyodide version, a dash, 24 hex digits.
const KEY = /^[0-9A-Za-z.+]{1,40}-[0-9a-f]{24}$/;

// Store `snapshot` (bytes, or a Blob of them) under `key`, gzip-compressed, replacing every other
// one; whether it was stored. Bytes are copied before this returns, so the caller may then
// transfer them elsewhere.
export async function storeSnapshot(key, snapshot) {
  try {
    if (typeof key !== "string" || !KEY.test(key)) throw new Error("not a snapshot key");  // i18n: internal (the console)
    const copy = new Blob([snapshot]);
    const cache = await caches.open(CACHE);
    const gzip = copy.stream().pipeThrough(new CompressionStream("gzip"));
    const packed = await new Response(gzip).blob();
    for (const request of await cache.keys()) await cache.delete(request);
    await cache.put(entry(key), new Response(packed, { headers: { "Content-Type": "application/gzip" } }));
    return true;
  } catch (error) {
    console.warn(`Python snapshot not stored: ${error}`);  // i18n: internal (the console)
    return false;
  }
}

async function dropSnapshots() {
  if (typeof caches !== "undefined") await caches.delete(CACHE).catch(() => false);
}
