// A module worker with its own Pyodide: long computations (bots) run here, never on the page's thread.
// Messages: {id, method, payload} → {id, result} or {id, error}. Payloads and results are JSON text.
import { loadPyodide } from "../pyodide/pyodide.mjs";

let ready = null;

async function boot(wheel) {
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  await pyodide.loadPackage("micropip");
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(new URL(`../wheels/${wheel}`, import.meta.url).href);
  return pyodide.pyimport("pygame_rules.service").handle;
}

onmessage = async ({ data }) => {
  const { id, method, payload } = data;
  if (method === "init") {
    ready = boot(payload);
    ready.then(() => postMessage({ id: 0, result: "ready" }), () => {});
    return;
  }
  try {
    const handle = await ready;
    postMessage({ id, result: handle(method, payload) });
  } catch (error) {
    postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};
