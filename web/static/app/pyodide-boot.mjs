// The interpreter module PyScript loads for the page (pyscript.json's "interpreter"): Pyodide's
// own loadPyodide, started from a Python snapshot (snapshot.js) when loader.js has one for this
// build (the stored one, or on a first visit the one the worker has just made), and started
// normally when there is none or it fails; then our code's files unpacked (snapshot.js's
// `unpack`: a snapshot holds the imported modules but not their files), a slice at a time.
// How the page's Python started goes on <html data-python-boot>: "snapshot" (the stored one),
// "worker" (the worker's new one) or "fresh" (tests, bench); <html data-python-wasm="worker">
// when its WebAssembly came compiled from a worker (prepare.js, or worker.js on a first visit).
import { loadPyodide as pyodideLoad, version } from "../pyodide/pyodide.mjs";
import { WASM_URL, nextTask, restore, unpack } from "./snapshot.js";

export { version };

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

async function fileBytes(path) {
  const response = await fetch(new URL(path, import.meta.url));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);  // i18n: internal (shown as a start-up error)
  return response.arrayBuffer();
}

// Pyodide compiles its WebAssembly with WebAssembly.instantiateStreaming. While `run` runs,
// a module compiled already (`module`: a promise of one, or of null; prepare.js) is instantiated
// instead, in a task of its own (apart from Pyodide's module set-up before it and its set-up of
// the instance after it); where it is null or does not instantiate, Pyodide's own way goes on.
// Pyodide requests the WebAssembly as it starts: that request waits for the module and is made
// only when Pyodide's own way needs it. (Made at once, its 10 MB also reached the page, whose
// thread took a task of 30–100 ms to finish the response, beside the worker's.)
async function withCompiled(module, run) {
  if (!module) return run();
  const streaming = WebAssembly.instantiateStreaming;
  const fetching = globalThis.fetch;
  const request = (init) => fetching(WASM_URL, init);
  globalThis.fetch = (resource, init) => (String(resource) === WASM_URL
    ? Promise.resolve(module).then((ready) => (ready ? null : request(init)))
    : fetching(resource, init));
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const ready = await module;
    if (ready) {
      await nextTask();
      try {
        const instance = await WebAssembly.instantiate(ready, imports);
        document.documentElement.dataset.pythonWasm = "worker";  // (tests)
        await nextTask();  // Pyodide's set-up of the instance in a task of its own
        return { module: ready, instance };
      } catch (error) {
        console.warn(`Python's compiled WebAssembly not used: ${error}`);  // i18n: internal (the console)
      }
    }
    return streaming.call(WebAssembly, (await source) ?? request(), imports);
  };
  try {
    return await run();
  } finally {
    WebAssembly.instantiateStreaming = streaming;
    globalThis.fetch = fetching;
  }
}

// PyScript passes its options (output streams, the folder it derives from this module's URL);
// Pyodide's files are in ../pyodide/, not beside this module.
export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const { manifest, takeSnapshot } = globalThis.pygameRules;
  const code = Promise.all([fileBytes(`../wheels/${manifest.wheel}`), fileBytes("./webui.zip")]);
  code.catch(() => {});  // its error is thrown below, once Python is there to need it
  const snapshot = await takeSnapshot();  // null, or {bytes: a promise, made, module}
  const py = await withCompiled(snapshot?.module, async () => {
    const restored = await restore(pyodideLoad, settings, snapshot?.bytes);
    document.documentElement.dataset.pythonBoot = !restored ? "fresh" : snapshot.made ? "worker" : "snapshot";
    return restored ?? await pyodideLoad(settings);
  });
  await nextTask();  // the files go in tasks of their own, not at the end of Pyodide's restore
  const [wheel, webui] = await code;
  await unpack(py, { wheel, webui }, nextTask);
  return py;
}
