// A module worker with its own Pyodide: long computations (bots) run here, never on the page's thread.
// Messages: {id, method, payload} → {id, result} or {id, error}. Payloads and results are JSON text;
// an error is a short message for a person, never a traceback. Every message is answered:
//   "init" (payload: the wheel's file name) starts Python: result "ready" and `boot` ("snapshot" when
//     Python's memory came from a stored snapshot, else "fresh"; see snapshot.js), or an error
//     saying why not (a later "init" tries again; once started, Python stays). With `share`
//     (a first visit), the answer also carries the snapshot this start made, for the page, and
//     the bytes the worker downloads meanwhile are told as {id: 0, received, url} (progress);
//   any other method runs pygame_rules.service.reply, or answers an error while Python is not started,
//     could not start, or has stopped working.
import * as pyodide from "../pyodide/pyodide.mjs";
import { countingFetch } from "./counting.js";
import { startPython } from "./snapshot.js";

const MAX_ERROR = 200;
const WHEEL = /^[A-Za-z0-9_.+-]+\.whl$/;
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

let runtime = null;  // a promise of startPython's answer, kept once Python started
let ready = null;    // a promise of service.reply, from the latest "init"
let broken = "";     // why Python can no longer be used, once it failed fatally
let booted = "";     // how Python started: "snapshot" or "fresh" (told with the answer to "init")
let made = null;     // the snapshot this start made, until the answer to "init" hands it on
let reporting = false;  // whether downloads are told to the page (while a shared start runs)

globalThis.fetch = countingFetch(globalThis.fetch.bind(globalThis),
                                 (received, url) => postMessage({ id: 0, received, url }), () => reporting);

// The gist of an error: a Python traceback's last line ("ValueError: …"), cut to MAX_ERROR.
function brief(error) {
  const text = String(error && error.message ? error.message : error).trim();
  const line = text.split("\n").filter((l) => l.trim()).pop() || "unknown error";
  return line.length <= MAX_ERROR ? line : `${line.slice(0, MAX_ERROR - 1)}…`;
}

// Python started (from the stored snapshot, or booted: snapshot.js), and the service's entry point.
// Error texts here are details that the page shows inside a translated sentence ("… could not
// move: {error}"); the worker does not know the reader's language, so they stay English.
async function fetchBytes(name) {
  const response = await fetch(new URL(name, import.meta.url));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);  // i18n: internal
  return response.arrayBuffer();
}

async function boot(wheel) {
  if (typeof wheel !== "string" || !WHEEL.test(wheel)) throw new Error("init needs the file name of a wheel");  // i18n: internal
  const [bytes, webui] = await Promise.all([fetchBytes(`../wheels/${wheel}`), fetchBytes("./webui.zip")]);
  runtime ??= startPython(pyodide, { indexURL: INDEX_URL }, { wheel: bytes, webui })
    .catch((error) => { runtime = null; throw error; });
  const started = await runtime;
  booted = started.boot;
  made = started.made;
  started.made = null;  // handed on once, with this answer
  return started.py.pyimport("pygame_rules.service").reply;
}

async function answer(method, payload, share) {
  if (method === "init") {
    reporting = Boolean(share);
    ready = boot(payload);
    try {
      await ready;
    } catch (error) {
      throw new Error(`Python could not start in the worker: ${brief(error)}`);  // i18n: internal
    } finally {
      reporting = false;
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
  const { id, method, payload, share } = data || {};
  try {
    const result = await answer(method, payload, share);
    if (method !== "init") {
      postMessage({ id, result });
    } else if (share && made) {  // handed over, not copied: the worker keeps no copy either
      const snapshot = made;
      made = null;
      postMessage({ id, result, boot: booted, snapshot }, [snapshot.buffer]);
    } else {
      made = null;
      postMessage({ id, result, boot: booted });
    }
  } catch (error) {
    postMessage({ id, error: brief(error) });
  }
};
