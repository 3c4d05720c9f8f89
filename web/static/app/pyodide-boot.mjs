// The interpreter module PyScript loads for the page (pyscript.json's "interpreter"): Pyodide's
// own loadPyodide, started from a Python snapshot (snapshot.js) when loader.js has one for this
// build (the stored one, or on a first visit the one the bot worker has just made), and started
// normally when there is none or it fails.
// How the page's Python started goes on <html data-python-boot>: "snapshot" (the stored one),
// "worker" (the worker's new one) or "fresh" (tests, bench).
import { loadPyodide as pyodideLoad, version } from "../pyodide/pyodide.mjs";
import { restore, unpackWheel } from "./snapshot.js";

export { version };

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

// PyScript passes its options (output streams, the folder it derives from this module's URL);
// Pyodide's files are in ../pyodide/, not beside this module.
export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const { manifest, takeSnapshot } = globalThis.pygameRules;
  const snapshot = await takeSnapshot();  // null, or {bytes: a promise, made}
  const restored = await restore(pyodideLoad, settings, snapshot?.bytes);
  document.documentElement.dataset.pythonBoot = !restored ? "fresh" : snapshot.made ? "worker" : "snapshot";
  if (!restored) return pyodideLoad(settings);
  const wheel = await fetch(new URL(`../wheels/${manifest.wheel}`, import.meta.url));
  if (!wheel.ok) throw new Error(`${manifest.wheel}: HTTP ${wheel.status}`);  // i18n: internal (shown as a start-up error)
  unpackWheel(restored, await wheel.arrayBuffer());
  return restored;
}
