// Page bootstrap that runs before PyScript: loading progress, the first visit's snapshot, the
// engines' service entry, and error display.
// Everything here is plain JS so that the first paint never waits for Python.

import { countingFetch } from "./counting.js";
import { CHANGED, t } from "./i18n.js";
import { WASM_URL, hasSnapshot, loadSnapshot, queuedTask, snapshotKey } from "./snapshot.js";

const manifest = JSON.parse(document.getElementById("asset-manifest").textContent);
const bar = document.getElementById("load-progress");
const label = document.getElementById("load-text");
const totalBytes = manifest.runtime_bytes;
let receivedBytes = 0;
// Megabytes with one decimal, written the way the page's language writes numbers (a decimal
// point in English, a comma in Dutch, German and French). Not with toLocaleString: its first
// call in a new browser process loads the locale data, a task of about 40 ms on the loading
// screen.
const mb = (n) => {
  const text = (n / 1e6).toFixed(1);
  return (document.documentElement.lang || "en") === "en" ? text : text.replace(".", ",");
};

function showProgress() {
  if (!bar || document.body.dataset.ready) return;
  const pct = Math.min(99, Math.round((100 * receivedBytes) / totalBytes));
  bar.value = pct;
  label.textContent = receivedBytes < totalBytes
    ? t("Downloading the Python runtime: {done} of {total} MB", { done: mb(receivedBytes), total: mb(totalBytes) })
    : t("Starting Python…");
}
addEventListener(CHANGED, () => { showProgress(); sayOffline(null); });

// Count the bytes of every download (Pyodide fetches its runtime with fetch()) as they arrive,
// the page's and those the worker reports (counting.js). On a first visit both fetch the same
// files (the browser downloads each once), so a file counts with the larger of the two.
const counted = new Map();  // url → [the page's bytes, the worker's bytes]
const complete = new Set();  // urls whose count is final
function received(bytes, url, byWorker = false) {
  if (complete.has(url)) return;
  const counts = counted.get(url) ?? [0, 0];
  counts[byWorker ? 1 : 0] += bytes;
  counted.set(url, counts);
  receivedBytes = [...counted.values()].reduce((sum, [page, work]) => sum + Math.max(page, work), 0);
  showProgress();
}
globalThis.fetch = countingFetch(globalThis.fetch.bind(globalThis), received, () => !document.body.dataset.ready);
// A worker handed Pyodide's WebAssembly compiled: all of its bytes are in, though the worker's
// count of them (from the browser's resource timing, which comes when the browser gets to it)
// may still be on its way.
function compiledArrived(module) {
  if (!module || complete.has(WASM_URL)) return;
  counted.delete(WASM_URL);
  received(manifest.wasm_bytes, WASM_URL, true);
  complete.add(WASM_URL);
}

addEventListener("py:progress", showProgress);

function showFatal(message) {
  const box = document.getElementById("load-error");
  if (!box || document.body.dataset.ready) return;
  box.hidden = false;
  box.querySelector("code").textContent = String(message).slice(0, 600);
}
addEventListener("error", (event) => showFatal(event.message || event.error));
addEventListener("unhandledrejection", (event) => showFatal(event.reason));

// Python runs on the page, and only once: the computer players think there too, a slice at a
// time (webui/slices.py). A worker boots Python only on a first visit, to make the snapshot
// the page then restores (snapshot.js), so that this boot never runs on the page's thread; the
// worker ends once it has run a game screen's code (worker.js). A second worker, without
// Python, stores the snapshot for later visits meanwhile (prepare.js): compressing 31 MB takes
// about a second, for which the first would otherwise keep its Python.
function snapshotFromWorker() {
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  return new Promise((resolve) => {
    const done = (answer) => { worker.terminate(); resolve(answer); };
    worker.onmessage = ({ data }) => {
      if ("received" in data) received(data.received, data.url, true);  // (0 where a browser can't tell)
      else if ("warmed" in data) worker.terminate();  // the worker's work is done
      else if (data.error) done(data);
      else {
        document.documentElement.dataset.workerBoot = data.boot;  // (tests, bench)
        compiledArrived(data.module);
        if (data.keep) storeInWorker(data.keep);
        resolve(data);
      }
    };
    worker.onerror = () => done({});
    worker.postMessage({ method: "init", payload: manifest.wheel });
  });
}

// Have a worker without Python (prepare.js) store a new snapshot, `keep`: {key, blob}.
function storeInWorker(keep) {
  try {
    const worker = new Worker(new URL("./prepare.js", import.meta.url), { type: "module" });
    worker.onmessage = worker.onerror = () => worker.terminate();  // {stored}, or an error
    worker.postMessage({ store: keep });
  } catch (error) {
    console.warn(`Python snapshot not stored: ${error}`);  // i18n: internal (the console)
  }
}

// A first visit's snapshot, made by the worker that boots Python, with the WebAssembly it
// compiled: {snapshot, module}, promises as `prepared` gives them.
function madeByWorker() {
  const answer = snapshotFromWorker();
  return { snapshot: answer.then((data) => data.snapshot), module: answer.then((data) => data.module ?? null) };
}

// A stored snapshot read and inflated by a worker (prepare.js), which compiles Pyodide's
// WebAssembly meanwhile: {snapshot, module}, promises of the bytes and of the compiled module
// (null: none). Where the worker cannot start, the page reads the snapshot itself.
function prepared(key) {
  const resolvers = {};
  const waits = Object.fromEntries(["snapshot", "module"].map(
    (name) => [name, new Promise((resolve) => { resolvers[name] = resolve; })]));
  const got = new Set();
  const answer = (name, value) => {
    if (got.has(name)) return;
    got.add(name);
    resolvers[name](value);
  };
  // Whatever the worker has not answered yet: the snapshot read here, the module left to Pyodide.
  const fallBack = () => {
    if (!got.has("snapshot")) answer("snapshot", loadSnapshot(key));
    answer("module", null);
  };
  let worker;
  try {
    worker = new Worker(new URL("./prepare.js", import.meta.url), { type: "module" });
  } catch {
    fallBack();
    return waits;
  }
  worker.onmessage = ({ data }) => {
    if (data && "module" in data) compiledArrived(data.module);
    for (const name of ["snapshot", "module"]) if (data && name in data) answer(name, data[name]);
    if (got.size === 2) worker.terminate();  // both came: its work is done
  };
  worker.onerror = () => { worker.terminate(); fallBack(); };
  worker.postMessage({ key, wasm: WASM_URL });
  return waits;
}

// The snapshot the page's Python starts from (pyodide-boot.mjs asks once): null when there will
// be none (no Cache API; the page then boots Python itself), else {bytes, made, module}: a
// promise of the snapshot's bytes, which Pyodide awaits only once it has loaded its own files,
// so both go on side by side; `made` when the worker makes it now (a first visit), not from
// the stored one; `module`, a promise of Pyodide's WebAssembly compiled by the worker that read
// the stored one or made a new one (or of null). The bytes' promise fails when no snapshot
// comes (the page then boots Python).
async function startingSnapshot() {
  const { version } = await import("../pyodide/pyodide.mjs");
  const key = snapshotKey(version, manifest.code_sha256);
  if (!key) return null;
  const stored = await hasSnapshot(key);
  const { snapshot, module } = stored ? prepared(key) : madeByWorker();
  const bytes = snapshot.then((found) => found || Promise.reject(new Error("no Python snapshot came")));  // i18n: internal (the console)
  bytes.catch(() => {});  // handled where Pyodide awaits it; not an unhandled rejection here
  return { bytes, made: !stored, module };
}
let snapshotForPage = startingSnapshot().catch(() => null);

// The engines' service, answered by the page's Python once it runs (webui/slices.py):
// `await window.pygameRules.call("method", json_text)` → the result's JSON text, or an Error
// with the service's short message.
let serveWith = null;
const served = new Promise((resolve) => { serveWith = resolve; });

globalThis.pygameRules = {
  manifest,
  queuedTask,  // between the slices of a computation (webui/slices.py): the page's timers run too
  // Once, for pyodide-boot.mjs: see startingSnapshot.
  takeSnapshot() {
    const snapshot = snapshotForPage;
    snapshotForPage = null;  // the page keeps no copy of Python's memory once it restored it
    return snapshot;
  },
  serve(answer) { serveWith(answer); },
  async call(method, payload) {
    if (typeof method !== "string" || typeof payload !== "string") {
      throw new Error("a request needs a method name and a JSON text payload");  // i18n: internal
    }
    const answer = JSON.parse(await (await served)(method, payload));
    if ("error" in answer) throw new Error(answer.error);
    return JSON.stringify(answer.result);
  },
};

// PyScript (core.js, after this module) watches the whole document for as long as the page
// lives: it searches every added element with XPath for `py-*` event attributes and for new
// Python scripts, and hears every attribute change. The app adds neither once it has started,
// and on the game screen that watching took about 3–5 ms of every click (docs/benchmarks.md), so
// the observers watching the whole document are noted as they start and let go once the first
// screen is drawn.
const Observer = globalThis.MutationObserver;
const documentWatchers = [];
globalThis.MutationObserver = class extends Observer {
  observe(target, options) {
    if (target === document && options?.subtree) documentWatchers.push(this);
    super.observe(target, options);
  }
};
function stopWatchingTheDocument() {
  globalThis.MutationObserver = Observer;
  for (const watcher of documentWatchers.splice(0)) watcher.disconnect();
}

// Once the first screen is drawn, the service worker is registered (it then stores the
// release): it does not compete with the page's own start.
const untilReady = new Observer(() => {
  if (!document.body.dataset.ready) return;
  untilReady.disconnect();
  stopWatchingTheDocument();
  setUpOffline();
});
untilReady.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
showProgress();

// ------------------------------------------------------------ offline use (see ../sw.js)
// The service worker keeps the whole release in the browser. The line under the page says
// whether it is complete and how much it stored; a newer release waits until the reader
// reloads (every open page of the app then reloads, so none mixes two releases).
const offlineLine = document.getElementById("offline-status");
let offlineText = () => "";
let reloading = false;

// Show the offline line made by `make` (a function, so that it is written again in the new
// language when the reader switches; null: the same line again).
function sayOffline(make) {
  if (make !== null) offlineText = make;
  if (!offlineLine) return;
  const away = navigator.onLine ? "" : t("You are offline.");
  offlineLine.textContent = [offlineText(), away].filter(Boolean).join(" ");
  offlineLine.hidden = !offlineLine.textContent;
}
addEventListener("online", () => sayOffline(null));
addEventListener("offline", () => sayOffline(null));

function reloadOnce() {
  if (reloading) return;
  reloading = true;
  location.reload();
}

// Ask a service worker how much of its release it has stored.
function storedStatus(worker) {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => reject(new Error("no answer")), 10_000);  // i18n: internal (caught)
    channel.port1.onmessage = ({ data }) => { clearTimeout(timer); resolve(data); };
    worker.postMessage("status", [channel.port2]);
  });
}

async function reportStored(worker) {
  try {
    const { files, missing, bytes } = await storedStatus(worker);
    sayOffline(() => (missing === 0
      ? t("Ready for offline use ({size} MB stored).", { size: mb(bytes) })
      : t("Not ready for offline use: {missing} of {files} files are not stored ({size} MB are).",
          { missing, files, size: mb(bytes) })));
  } catch {
    sayOffline(() => t("Offline use: the stored copy did not answer."));
  }
}

function offerUpdate(worker) {
  if (document.getElementById("update-ready")) return;
  const banner = document.createElement("div");
  banner.id = "update-ready";
  banner.className = "update-banner";
  banner.setAttribute("role", "alert");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = t("Reload");
  button.addEventListener("click", () => {
    button.disabled = true;
    worker.addEventListener("statechange", () => { if (worker.state === "activated") reloadOnce(); });
    worker.postMessage("activate");
  });
  banner.append(t("A new version is ready. Your games are kept."), " ", button);
  document.body.prepend(banner);
}

// A worker that finished installing beside an active one waits for the reader; the first one
// takes over at once and the next visit runs from it.
function follow(registration, worker) {
  const settled = () => {
    if (worker.state === "installed" && registration.active) offerUpdate(worker);
    else if (worker.state === "activated") reportStored(worker);
    else if (worker.state === "redundant" && !registration.active) {
      sayOffline(() => t("Not ready for offline use: the app could not be stored in this browser."));
    }
  };
  worker.addEventListener("statechange", settled);
  settled();
}

async function setUpOffline() {
  if (!("serviceWorker" in navigator)) {
    sayOffline(() => t("This browser cannot keep the app for offline use here."));
    return;
  }
  const controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => { if (controlled) reloadOnce(); });
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url),
                                                          { updateViaCache: "none" });
  } catch (error) {
    const reason = String(error && error.message ? error.message : error);
    sayOffline(() => t("Not ready for offline use: {reason}", { reason }));
    return;
  }
  const storing = () => t("Storing the app for offline use…");
  if (registration.installing) sayOffline(storing);
  registration.addEventListener("updatefound", () => {
    if (!registration.active) sayOffline(storing);
    follow(registration, registration.installing);
  });
  if (registration.waiting) follow(registration, registration.waiting);
  if (registration.installing) follow(registration, registration.installing);
  if (registration.active) reportStored(registration.active);
}

