// The embed's runtime, in a hidden iframe served from the asset host: one Pyodide for all the
// diagrams of the host page. The page talks to it with postMessage:
//   page → frame  {pgr: 1, id, method, payload}   (payload: JSON text for embed_service.handle)
//   frame → page  {pgr: 1, id, result} or {pgr: 1, id, error}   (result: JSON text)
//   frame → page  {pgr: 1, hello: true} once it listens (before Python has loaded).
// Any page may embed diagrams, so any parent is served; only the parent window is answered.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const manifest = JSON.parse(document.getElementById("asset-manifest").textContent);
const METHODS = new Set(["open", "goto", "reset", "click", "button", "choose"]);
// Longest request text read (embed_service.REQUEST_LIMITS): five attributes of at most
// 20,000 characters each (embed.js refuses longer ones), quoted as JSON.
const MAX_PAYLOAD = 200_000;
let handle = null;  // a promise of embed_service.handle, made on the first request

async function fetchBytes(path) {
  const response = await fetch(new URL(path, import.meta.url));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot() {
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  // Our wheel and the app's interaction code are plain zips: unpack them next to the service.
  const [wheel, webui, service] = await Promise.all([
    fetchBytes(`../wheels/${manifest.wheel}`), fetchBytes("../app/webui.zip"),
    fetchBytes("./embed_service.py"),
  ]);
  pyodide.unpackArchive(wheel, "zip");
  pyodide.unpackArchive(webui, "zip");
  pyodide.FS.writeFile("embed_service.py", service);
  return pyodide.pyimport("embed_service").handle;
}

// A Python error arrives with its traceback: keep the last line, without the exception's name.
function readable(error) {
  const text = String(error && error.message ? error.message : error).trim();
  return text.split("\n").pop().replace(/^[\w.]+: /, "").slice(0, 500);
}

// Why a message addressed to us can't be answered (null: it can). A message that is not
// addressed to us (no pgr: 1 and a whole-number id) gets no answer at all.
function refusal(data) {
  if (!METHODS.has(data.method)) return "unknown method";
  if (typeof data.payload !== "string") return "the request must be text";
  if (data.payload.length > MAX_PAYLOAD) {
    return `the request is too long: ${data.payload.length.toLocaleString("en")} characters, `
      + `at most ${MAX_PAYLOAD.toLocaleString("en")}`;
  }
  return null;
}

addEventListener("message", async (event) => {
  const data = event.data;
  if (event.source !== parent || data === null || typeof data !== "object" || data.pgr !== 1
      || !Number.isInteger(data.id)) return;
  const { id, method, payload } = data;
  // A page opened from a file has the origin "null", which postMessage can only reach with "*".
  const target = event.origin === "null" ? "*" : event.origin;
  const refused = refusal(data);
  if (refused) {
    parent.postMessage({ pgr: 1, id, error: refused }, target);
    return;
  }
  try {
    handle ??= boot();
    const result = (await handle)(method, payload);
    parent.postMessage({ pgr: 1, id, result }, target);
  } catch (error) {
    parent.postMessage({ pgr: 1, id, error: readable(error) }, target);
  }
});

parent.postMessage({ pgr: 1, hello: true }, "*");
