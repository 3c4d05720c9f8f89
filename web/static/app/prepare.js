// A module worker that readies a start from the stored Python snapshot, so that the page's thread
// does not: it reads and inflates the snapshot (31 MB, tasks of 60–110 ms on the page: its zero
// pages inflate in bursts) and compiles Pyodide's WebAssembly (where the browser keeps the
// machine code of an earlier visit, reading it back took tasks of 60–110 ms on the page too).
// On a first visit, it stores the snapshot that the worker booting Python made (worker.js), which
// can then end. The page (loader.js) starts it for one of these jobs and ends it when it answered.
// Messages:
//   page → worker  {key, wasm}: the snapshot's key (snapshot.js), the URL of pyodide.asm.wasm
//   worker → page  {snapshot}: its bytes (handed over, not copied), or null: none, or damaged
//   worker → page  {module}: the compiled WebAssembly.Module, or null where it could not be
//                  compiled or sent (the page then compiles it itself, as Pyodide does)
//   page → worker  {store: {key, blob}}: a new snapshot to store under its key
//   worker → page  {stored}: whether it is stored
import { loadSnapshot, storeSnapshot } from "./snapshot.js";

async function compiled(url) {
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch (error) {
    console.warn(`Python's WebAssembly not compiled in the worker: ${error}`);  // i18n: internal (the console)
    return null;
  }
}

function send(message, transfer = []) {
  try {
    postMessage(message, transfer);
  } catch (error) {  // e.g. a browser that cannot send a compiled module to the page
    console.warn(`not sent from the worker: ${error}`);  // i18n: internal (the console)
    postMessage(Object.fromEntries(Object.keys(message).map((name) => [name, null])));
  }
}

onmessage = ({ data }) => {
  if (data?.store) {
    const { key, blob } = data.store;
    (blob instanceof Blob ? storeSnapshot(key, blob) : Promise.resolve(false)).then((stored) => postMessage({ stored }));
    return;
  }
  const { key, wasm } = data || {};
  const url = typeof wasm === "string" ? new URL(wasm, location.href) : null;
  if (url?.origin === location.origin) compiled(url).then((module) => send({ module }));
  else send({ module: null });
  loadSnapshot(typeof key === "string" ? key : null)
    .then((snapshot) => send({ snapshot }, snapshot ? [snapshot.buffer] : []));
};
