// Python in a worker, started from a memory snapshot when this browser has one for this build
// (the app's worker, worker.js, and the embeds', embed_worker.js).
//
// * Pyodide ships exactly as its npm package publishes it. A snapshot is Python's memory right
//   after our modules were imported: Pyodide's loadPyodide options `_makeSnapshot` and
//   `_loadSnapshot` and its `makeMemorySnapshot()` (docs/startup.md lists them and what happens
//   when they change: a normal start, never a broken page).
// * A snapshot belongs to one Pyodide version and one build of our code: its key is the version
//   and a hash of our code's files, so a new release or a new Pyodide makes a new snapshot on its
//   first start, and the old one goes.
// * Anything that goes wrong (no Cache API, a damaged or foreign snapshot, a Pyodide without the
//   options) ends in a normal start: a snapshot only ever saves time.

const CACHE = "pygame_rules.snapshots";  // not the service worker's "pygame-rules-<release>"
const entry = (key) => new URL(`snapshot/${key}`, location.origin).href;
// Keys as snapshotKey makes them: a Pyodide version, a dash, 24 hex digits.
const KEY = /^[0-9A-Za-z.+]{1,40}-[0-9a-f]{24}$/;

// The SHA-256 of our code's files, one after the other, in hex; "" without Web Crypto.
async function codeSha256(files) {
  if (!globalThis.crypto?.subtle) return "";
  const all = new Uint8Array(files.reduce((n, file) => n + file.byteLength, 0));
  let at = 0;
  for (const file of files) {
    all.set(new Uint8Array(file), at);
    at += file.byteLength;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The snapshot's key for our code under a Pyodide version; null where there is no Cache API
// (pages not served over https or localhost) or no Web Crypto.
async function snapshotKey(version, files) {
  const sha = await codeSha256(files);
  if (typeof caches === "undefined" || !sha) return null;
  return `${version}-${sha.slice(0, 24)}`;
}

// The stored snapshot for `key` as bytes, or null (none stored, or it fails gzip's own check).
async function loadSnapshot(key) {
  if (!key) return null;
  try {
    const found = await (await caches.open(CACHE)).match(entry(key));
    if (!found) return null;
    return new Uint8Array(await new Response(found.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  } catch (error) {
    console.warn(`Python snapshot not used: ${error}`);  // i18n: internal (the console)
    return null;
  }
}

// Store `snapshot` (bytes) under `key`, gzip-compressed, replacing every other one. The bytes
// are let go of as soon as the Blob has its copy of them (a first visit's 30 MB that nothing
// would collect until the worker's next garbage collection).
export async function storeSnapshot(key, snapshot) {
  try {
    if (typeof key !== "string" || !KEY.test(key)) throw new Error("not a snapshot key");  // i18n: internal (the console)
    const whole = new Blob([snapshot]);
    release(snapshot);
    const packed = await new Response(whole.stream().pipeThrough(new CompressionStream("gzip"))).blob();
    const cache = await caches.open(CACHE);
    for (const request of await cache.keys()) await cache.delete(request);
    await cache.put(entry(key), new Response(packed, { headers: { "Content-Type": "application/gzip" } }));
    return true;
  } catch (error) {
    console.warn(`Python snapshot not stored: ${error}`);  // i18n: internal (the console)
    return false;
  }
}

// Let go of a snapshot's bytes once Python's memory was restored from them. Pyodide keeps its
// options for as long as it runs, and with them the snapshot (about 30 MB). Its buffer is handed
// to a message that is never read: closing the channel drops the message and frees the memory.
// (ArrayBuffer.prototype.transfer(0) detaches the buffer too, but Chromium kept the memory.)
function release(bytes) {
  try {
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(null, [bytes.buffer]);
    port1.close();
    port2.close();
  } catch {
    // already detached, or a browser that cannot transfer it: then it goes with the worker
  }
}

// Our code's files where Python imports them from: each [bytes, format, folder] through Pyodide's
// own unpackArchive (a wheel into site-packages installs it: it is pure Python without
// dependencies). A restored snapshot needs them too: it holds the imported modules but not the
// files (translations and later imports read them).
function unpack(py, code) {
  const sitePackages = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const [bytes, format, folder] of code) {
    py.unpackArchive(bytes, format, { extractDir: folder === "site-packages" ? sitePackages : folder });
  }
}

// Python with our `code` ([bytes, format, folder] each), restored from the stored snapshot of
// this build, else started the normal way (Pyodide's module `pyodide`, its `options`), the
// modules `preload` imported and a snapshot made (`made`: its bytes, for the caller to store
// under `key` with storeSnapshot once it has time). `boot`: "snapshot" or "fresh".
export async function startPython(pyodide, options, code, preload) {
  const key = await snapshotKey(pyodide.version, code.map(([bytes]) => bytes));
  const bytes = await loadSnapshot(key);
  let py = null;
  if (bytes) {
    try {
      py = await pyodide.loadPyodide({ ...options, _loadSnapshot: bytes });
      release(bytes);
    } catch (error) {
      console.warn(`Python snapshot failed, starting normally: ${error}`);  // i18n: internal (the console)
      await caches.delete(CACHE).catch(() => false);
    }
  }
  const restored = py !== null;
  py ??= await pyodide.loadPyodide({ ...options, _makeSnapshot: Boolean(key) });
  unpack(py, code);
  let made = null;
  if (!restored && key) {
    try {
      for (const name of preload) py.pyimport(name).destroy();
      made = py.makeMemorySnapshot();
    } catch (error) {
      console.warn(`Python snapshot not made: ${error}`);  // i18n: internal (the console)
    }
  }
  return { py, boot: restored ? "snapshot" : "fresh", made, key };
}
