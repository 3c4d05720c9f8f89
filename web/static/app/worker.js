// A module worker with its own Pyodide: long computations (bots) run here, never on the page's thread.
// Messages: {id, method, payload} → {id, result} or {id, error}. Payloads and results are JSON text;
// an error is a short message for a person, never a traceback. Every message is answered:
//   "init" (payload: the wheel's file name) starts Python: result "ready", or an error saying why not
//     (a later "init" tries again; Pyodide itself is loaded once);
//   any other method runs pygame_rules.service.reply, or answers an error while Python is not started,
//     could not start, or has stopped working.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const MAX_ERROR = 200;
const WHEEL = /^[A-Za-z0-9_.+-]+\.whl$/;

let runtime = null;  // a promise of Pyodide, kept once it loaded
let ready = null;    // a promise of service.reply, from the latest "init"
let broken = "";     // why Python can no longer be used, once it failed fatally

// The gist of an error: a Python traceback's last line ("ValueError: …"), cut to MAX_ERROR.
function brief(error) {
  const text = String(error && error.message ? error.message : error).trim();
  const line = text.split("\n").filter((l) => l.trim()).pop() || "unknown error";
  return line.length <= MAX_ERROR ? line : `${line.slice(0, MAX_ERROR - 1)}…`;
}

function pyodide() {
  runtime ??= loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href })
    .catch((error) => { runtime = null; throw error; });
  return runtime;
}

async function boot(wheel) {
  if (typeof wheel !== "string" || !WHEEL.test(wheel)) throw new Error("init needs the file name of a wheel");
  const py = await pyodide();
  await py.loadPackage("micropip");
  await py.pyimport("micropip").install(new URL(`../wheels/${wheel}`, import.meta.url).href);
  return py.pyimport("pygame_rules.service").reply;
}

async function answer(method, payload) {
  if (method === "init") {
    ready = boot(payload);
    try {
      await ready;
    } catch (error) {
      throw new Error(`Python could not start in the worker: ${brief(error)}`);
    }
    return "ready";
  }
  if (typeof method !== "string" || typeof payload !== "string") {
    throw new Error("a request needs a method name and a JSON text payload");
  }
  if (broken) throw new Error(`the worker's Python stopped working (${broken}); reload the page`);
  if (!ready) throw new Error("the worker's Python has not been started");
  let reply;
  try {
    reply = await ready;
  } catch (error) {
    throw new Error(`Python could not start in the worker: ${brief(error)}`);
  }
  let text;
  try {
    text = reply(method, payload);
  } catch (error) {  // service.reply never raises: Python itself failed
    broken = brief(error);
    throw new Error(`the worker's Python stopped working (${broken}); reload the page`);
  }
  const answered = JSON.parse(text);
  if ("error" in answered) throw new Error(answered.error);
  return JSON.stringify(answered.result);
}

onmessage = async ({ data }) => {
  const { id, method, payload } = data || {};
  try {
    postMessage({ id, result: await answer(method, payload) });
  } catch (error) {
    postMessage({ id, error: brief(error) });
  }
};
