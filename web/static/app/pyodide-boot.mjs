// The interpreter module PyScript loads for the page (pyscript.json's "interpreter"): Pyodide's
// own loadPyodide, started from a Python snapshot (snapshot.js) when loader.js has one for this
// build (the stored one, or on a first visit the one the worker has just made), and started
// normally when there is none or it fails; then our wheel unpacked into site-packages (a
// snapshot holds the imported modules but not their files).
// How the page's Python started goes on <html data-python-boot>: "snapshot" (the stored one),
// "worker" (the worker's new one) or "fresh" (tests, bench).
import { loadPyodide as pyodideLoad, version } from "../pyodide/pyodide.mjs";
import { nextTask, restore, unpackWheel } from "./snapshot.js";

export { version };

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

async function wheelBytes(name) {
  const response = await fetch(new URL(`../wheels/${name}`, import.meta.url));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);  // i18n: internal (shown as a start-up error)
  return response.arrayBuffer();
}

// PyScript passes its options (output streams, the folder it derives from this module's URL);
// Pyodide's files are in ../pyodide/, not beside this module.
export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const { manifest, takeSnapshot } = globalThis.pygameRules;
  const wheel = wheelBytes(manifest.wheel);
  wheel.catch(() => {});  // its error is thrown below, once Python is there to need it
  const snapshot = await takeSnapshot();  // null, or {bytes: a promise, made}
  const restored = await restore(pyodideLoad, settings, snapshot?.bytes);
  document.documentElement.dataset.pythonBoot = !restored ? "fresh" : snapshot.made ? "worker" : "snapshot";
  const py = restored ?? await pyodideLoad(settings);
  await nextTask();  // the wheel's files go in a task of their own, not at the end of Pyodide's restore
  unpackWheel(py, await wheel);
  return py;
}
