// A module worker with its own Pyodide: long computations (bots) run here, never on the page's thread.
// Messages: {id, method, payload} → {id, result} or {id, error}. Payloads and results are JSON text;
// an error is a short message for a person, never a traceback. Every message is answered:
//   "init" (payload: the wheel's file name) starts Python: result "ready" and `boot` ("snapshot" when
//     Python's memory came from a stored snapshot, else "fresh"; see snapshot.js), or an error
//     saying why not (a later "init" tries again; Pyodide itself is loaded once);
//   any other method runs pygame_rules.service.reply, or answers an error while Python is not started,
//     could not start, or has stopped working.
import { loadPyodide, version } from "../pyodide/pyodide.mjs";
import { PRELOAD, restore, sha256Hex, snapshotKey, storeSnapshot, unpackWheel } from "./snapshot.js";

const MAX_ERROR = 200;
const WHEEL = /^[A-Za-z0-9_.+-]+\.whl$/;
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

let runtime = null;  // a promise of Pyodide, kept once it loaded
let ready = null;    // a promise of service.reply, from the latest "init"
let broken = "";     // why Python can no longer be used, once it failed fatally
let booted = "";     // how Python started: "snapshot" or "fresh" (told with the answer to "init")

// The gist of an error: a Python traceback's last line ("ValueError: …"), cut to MAX_ERROR.
function brief(error) {
  const text = String(error && error.message ? error.message : error).trim();
  const line = text.split("\n").filter((l) => l.trim()).pop() || "unknown error";
  return line.length <= MAX_ERROR ? line : `${line.slice(0, MAX_ERROR - 1)}…`;
}

// Pyodide from the stored snapshot of this wheel (snapshot.js), else a normal start that can make
// one (`snapshot` is then true in the answer).
async function start(key) {
  const restored = await restore(loadPyodide, { indexURL: INDEX_URL }, key);
  if (restored) return { py: restored, snapshot: false, restored: true };
  return { py: await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: Boolean(key) }), snapshot: Boolean(key), restored: false };
}

// After a normal start: import what the page and the worker use, and store Python's memory for
// the next start (in the background: the worker answers meanwhile).
function makeSnapshot(py, key) {
  const failed = (error) => console.warn(`Python snapshot not stored: ${error}`);  // i18n: internal (the console)
  try {
    for (const name of PRELOAD) py.pyimport(name).destroy();
    storeSnapshot(key, py.makeMemorySnapshot()).catch(failed);
  } catch (error) {
    failed(error);
  }
}

// Python from the snapshot or started normally, then our wheel unpacked (also after a snapshot).
// Error texts here are details that the page shows inside a translated sentence ("… could not
// move: {error}"); the worker does not know the reader's language, so they stay English.
async function boot(wheel) {
  if (typeof wheel !== "string" || !WHEEL.test(wheel)) throw new Error("init needs the file name of a wheel");  // i18n: internal
  const response = await fetch(new URL(`../wheels/${wheel}`, import.meta.url));
  if (!response.ok) throw new Error(`${wheel}: HTTP ${response.status}`);  // i18n: internal
  const bytes = await response.arrayBuffer();
  const key = snapshotKey(version, await sha256Hex(bytes));
  runtime ??= start(key).catch((error) => { runtime = null; throw error; });
  const { py, snapshot, restored } = await runtime;
  booted = restored ? "snapshot" : "fresh";
  unpackWheel(py, bytes);
  if (snapshot) {
    runtime = Promise.resolve({ py, snapshot: false, restored: false });  // one snapshot per start
    makeSnapshot(py, key);
  }
  return py.pyimport("pygame_rules.service").reply;
}

async function answer(method, payload) {
  if (method === "init") {
    ready = boot(payload);
    try {
      await ready;
    } catch (error) {
      throw new Error(`Python could not start in the worker: ${brief(error)}`);  // i18n: internal
    }
    return "ready";
  }
  if (typeof method !== "string" || typeof payload !== "string") {
    throw new Error("a request needs a method name and a JSON text payload");  // i18n: internal
  }
  if (broken) throw new Error(`the worker's Python stopped working (${broken}); reload the page`);  // i18n: internal
  if (!ready) throw new Error("the worker's Python has not been started");  // i18n: internal
  let reply;
  try {
    reply = await ready;
  } catch (error) {
    throw new Error(`Python could not start in the worker: ${brief(error)}`);  // i18n: internal
  }
  let text;
  try {
    text = reply(method, payload);
  } catch (error) {  // service.reply never raises: Python itself failed
    broken = brief(error);
    throw new Error(`the worker's Python stopped working (${broken}); reload the page`);  // i18n: internal
  }
  const answered = JSON.parse(text);
  if ("error" in answered) throw new Error(answered.error);  // i18n: internal
  return JSON.stringify(answered.result);
}

onmessage = async ({ data }) => {
  const { id, method, payload } = data || {};
  try {
    const result = await answer(method, payload);
    postMessage(method === "init" ? { id, result, boot: booted } : { id, result });
  } catch (error) {
    postMessage({ id, error: brief(error) });
  }
};
