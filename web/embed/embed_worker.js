// The embed's Python, in a dedicated module worker that frame.js starts: Pyodide loads and runs
// here, never on the thread of the frame (which a host page of the same origin, like our
// gallery, shares), so no page waits while Python starts or thinks.
//   frame → worker  {wheel}   first: the file name of our wheel (from the frame's asset manifest)
//   frame → worker  {id, method, lang, payload}   (payload: JSON text for embed_service.handle)
//   worker → frame  {id, result} or {id, error}   (result: JSON text; error: a short message, in
//                   the request's language where it comes from embed_service)
//   worker → frame  {boot} once Python started: "snapshot" (restored) or "fresh" (snapshot.js)
import * as pyodide from "../pyodide/pyodide.mjs";
import { startPython, storeSnapshot } from "../app/snapshot.js";

const WHEEL = /^[A-Za-z0-9_.+-]+\.whl$/;
let handle = null;  // a promise of embed_service.handle, made on the first message

async function fetchBytes(path) {
  const response = await fetch(new URL(path, import.meta.url));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// Python with our wheel, restored from this build's snapshot of the embed's Python when the
// browser has one, else booted and then making that snapshot; the app's interaction code (the
// webui package) and the service beside it.
async function boot(wheel) {
  if (typeof wheel !== "string" || !WHEEL.test(wheel)) throw new Error("no wheel named");  // i18n: internal
  const [code, webui, service] = await Promise.all([
    fetchBytes(`../wheels/${wheel}`), fetchBytes("../app/webui.zip"), fetchBytes("./embed_service.py"),
  ]);
  const { py, boot: how, made, key } = await startPython(
    pyodide, {
      indexURL: new URL("../pyodide/", import.meta.url).href,
      // our standard library: Pyodide's, compiled to its bytecode by the build (web/bytecode.py)
      stdLibURL: new URL("../app/python_stdlib.zip", import.meta.url).href,
    },
    [[code, "wheel", "site-packages"], [webui, "zip", "."]], ["pygame_rules.registry", "pygame_rules.whynot", "pygame_rules.lessons"]);
  if (made) storeSnapshot(key, made);  // in the background: this worker lives on
  postMessage({ boot: how });
  py.FS.writeFile("embed_service.py", service);
  return py.pyimport("embed_service").handle;
}

// A Python error arrives with its traceback: keep the last line, without the exception's name.
function readable(error) {
  const text = String(error && error.message ? error.message : error).trim();
  return text.split("\n").pop().replace(/^[\w.]+: /, "").slice(0, 500);
}

onmessage = async ({ data }) => {
  if ("wheel" in data) {
    handle ??= boot(data.wheel);
    return;
  }
  const { id, method, lang, payload } = data;
  try {
    postMessage({ id, result: (await handle)(method, payload, lang) });
  } catch (error) {
    postMessage({ id, error: readable(error) });
  }
};
