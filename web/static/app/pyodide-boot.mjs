// The interpreter module PyScript loads for the page (pyscript.json's "interpreter"): Pyodide's
// own loadPyodide, started from the Python snapshot the bot worker stored (snapshot.js) when
// there is one for this build, and started normally when there is none or it fails.
// How the page's Python started goes on <html data-python-boot="snapshot|fresh"> (tests, bench).
import { loadPyodide as pyodideLoad, version } from "../pyodide/pyodide.mjs";
import { dropSnapshots, loadSnapshot, snapshotKey } from "./snapshot.js";

export { version };

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

const manifest = () => JSON.parse(document.getElementById("asset-manifest").textContent);

async function storedSnapshot() {
  try {
    return await loadSnapshot(snapshotKey(version, manifest().wheel_sha256));
  } catch {
    return null;
  }
}

// A snapshot holds the imported modules but not the files (Pyodide's file system lives outside
// its memory): our package's files go back where its modules say they are, for the modules
// imported later and the translations (pygame_rules/locale).
async function restoreFiles(py) {
  const response = await fetch(new URL(`../wheels/${manifest().wheel}`, import.meta.url));
  if (!response.ok) throw new Error(`wheel: HTTP ${response.status}`);  // i18n: internal (the console)
  const sitePackages = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  py.unpackArchive(await response.arrayBuffer(), "wheel", { extractDir: sitePackages });
}

// PyScript passes its options (output streams, the folder it derives from this module's URL);
// Pyodide's files are in ../pyodide/, not beside this module.
export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const snapshot = await storedSnapshot();
  if (snapshot) {
    try {
      const py = await pyodideLoad({ ...settings, _loadSnapshot: snapshot });
      await restoreFiles(py);
      document.documentElement.dataset.pythonBoot = "snapshot";
      return py;
    } catch (error) {
      console.warn(`Python snapshot failed, starting normally: ${error}`);  // i18n: internal (the console)
      await dropSnapshots();
    }
  }
  const py = await pyodideLoad(settings);
  document.documentElement.dataset.pythonBoot = "fresh";
  return py;
}
