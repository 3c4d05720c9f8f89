// A module worker that boots Python once, on a first visit, for the page to restore (snapshot.js):
// the boot, Pyodide's longest work, never runs on the page's thread. The page ends the worker
// once it answered. Messages:
//   {method: "init", payload: the wheel's file name} → {result: "ready", boot, snapshot, keep,
//     module}: `boot` is "snapshot" (Python's memory came from a stored snapshot) or "fresh";
//     `snapshot` is the one this start made (handed over, not copied), or absent when none was
//     made; `keep`, {key, blob}: a copy of it to store for later visits, under its key
//     (snapshot.js storeSnapshot; the page has a Python-less worker do it, prepare.js, so that
//     this one, with its whole Python, can end sooner); `module`, Pyodide's WebAssembly as this
//     worker compiled it (the page instantiates it instead of compiling it again; absent where
//     it could not be sent). Or {error}: a short message saying why Python could not start,
//     never a traceback. Then {warmed} once the worker has run what a game screen runs
//     (`warmed`: whether that went well; webui/warm.py: the page then finds that code
//     compiled): the worker may end.
//   Meanwhile the bytes the worker downloads are told as {received, url} (the page's progress).
import * as pyodide from "../pyodide/pyodide.mjs";
import { countingFetch } from "./counting.js";
import { startPython } from "./snapshot.js";

const MAX_ERROR = 200;
const WHEEL = /^[A-Za-z0-9_.+-]+\.whl$/;
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

globalThis.fetch = countingFetch(globalThis.fetch.bind(globalThis),
                                 (received, url) => postMessage({ received, url }), () => true);

// The gist of an error: a Python traceback's last line ("ValueError: …"), cut to MAX_ERROR.
function brief(error) {
  const text = String(error && error.message ? error.message : error).trim();
  const line = text.split("\n").filter((l) => l.trim()).pop() || "unknown error";
  return line.length <= MAX_ERROR ? line : `${line.slice(0, MAX_ERROR - 1)}…`;
}

// Error texts here are details for the console (the page then boots Python itself); the worker
// does not know the reader's language, so they stay English.
async function fetchBytes(name) {
  const response = await fetch(new URL(name, import.meta.url));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);  // i18n: internal
  return response.arrayBuffer();
}

// Pyodide's WebAssembly module once compiled here, kept for the page.
let compiled = null;
const streaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  const result = await streaming.call(WebAssembly, source, imports);
  compiled ??= result.module;
  return result;
};

// Run a game screen's Python once (webui/warm.py), compiling its WebAssembly functions in the
// module that the page runs too; whether it went well. A failure only costs the page that time
// at its first game.
function warmUp(py) {
  try {
    const warm = py.pyimport("webui.warm");
    warm.warm_up();
    warm.destroy();
    return true;
  } catch (error) {
    console.warn(`no warm-up: ${brief(error)}`);  // i18n: internal (the console)
    return false;
  }
}

async function boot(wheel) {
  if (typeof wheel !== "string" || !WHEEL.test(wheel)) throw new Error("init needs the file name of a wheel");  // i18n: internal
  const [bytes, webui] = await Promise.all([fetchBytes(`../wheels/${wheel}`), fetchBytes("./webui.zip")]);
  return startPython(pyodide, { indexURL: INDEX_URL }, { wheel: bytes, webui });
}

onmessage = async ({ data }) => {
  const { method, payload } = data || {};
  if (method !== "init") {
    postMessage({ error: "the worker only answers init" });  // i18n: internal
    return;
  }
  try {
    const { py, boot: booted, made, key } = await boot(payload);
    const answer = { result: "ready", boot: booted, ...(made ? { snapshot: made, keep: { key, blob: new Blob([made]) } } : {}) };
    try {
      postMessage({ ...answer, ...(compiled ? { module: compiled } : {}) }, made ? [made.buffer] : []);
    } catch {  // a browser that cannot send a compiled module: the page compiles its own
      postMessage(answer, made ? [made.buffer] : []);
    }
    postMessage({ warmed: warmUp(py) });
  } catch (error) {
    postMessage({ error: `Python could not start in the worker: ${brief(error)}` });  // i18n: internal
  }
};
