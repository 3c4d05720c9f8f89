// The interpreter module PyScript loads for the page (pyscript.json's "interpreter"): Pyodide's
// own loadPyodide, started from the Python snapshot the bot worker stored (snapshot.js) when
// there is one for this build, and started normally when there is none or it fails.
// How the page's Python started goes on <html data-python-boot="snapshot|fresh"> (tests, bench).
import { loadPyodide as pyodideLoad, version } from "../pyodide/pyodide.mjs";
import { restore, snapshotKey, unpackWheel } from "./snapshot.js";

export { version };

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

// PyScript passes its options (output streams, the folder it derives from this module's URL);
// Pyodide's files are in ../pyodide/, not beside this module.
export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const manifest = JSON.parse(document.getElementById("asset-manifest").textContent);
  const restored = await restore(pyodideLoad, settings, snapshotKey(version, manifest.wheel_sha256));
  document.documentElement.dataset.pythonBoot = restored ? "snapshot" : "fresh";
  if (!restored) return pyodideLoad(settings);
  const wheel = await fetch(new URL(`../wheels/${manifest.wheel}`, import.meta.url));
  if (!wheel.ok) throw new Error(`${manifest.wheel}: HTTP ${wheel.status}`);  // i18n: internal (shown as a start-up error)
  unpackWheel(restored, await wheel.arrayBuffer());
  return restored;
}
