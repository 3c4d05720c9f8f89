// Page bootstrap that runs before PyScript: loading progress, the bot worker, and error display.
// Everything here is plain JS so that the first paint never waits for Python.

const manifest = JSON.parse(document.getElementById("asset-manifest").textContent);
const bar = document.getElementById("load-progress");
const label = document.getElementById("load-text");
const totalBytes = manifest.runtime_bytes;
let receivedBytes = 0;
let stage = "Downloading the Python runtime";

function showProgress() {
  if (!bar || document.body.dataset.ready) return;
  const mb = (n) => (n / 1e6).toFixed(1);
  const pct = Math.min(99, Math.round((100 * receivedBytes) / totalBytes));
  bar.value = pct;
  label.textContent = receivedBytes < totalBytes
    ? `${stage}: ${mb(receivedBytes)} of ${mb(totalBytes)} MB`
    : `${stage}…`;
}

// Count the bytes of every same-origin download (Pyodide fetches its runtime with fetch()).
const realFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (input, init) => {
  const response = await realFetch(input, init);
  if (!response.body || document.body.dataset.ready) return response;
  const reader = response.body.getReader();
  const counted = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) { controller.close(); return; }
      receivedBytes += value.byteLength;
      showProgress();
      controller.enqueue(value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
  return new Response(counted, {
    status: response.status, statusText: response.statusText, headers: response.headers,
  });
};

addEventListener("py:progress", (event) => {
  if (typeof event.detail === "string") {
    stage = event.detail.replace(/^Load(ing|ed)/, (m) => (m === "Loaded" ? "Loaded" : "Loading"));
    showProgress();
  }
});

function showFatal(message) {
  const box = document.getElementById("load-error");
  if (!box || document.body.dataset.ready) return;
  box.hidden = false;
  box.querySelector("code").textContent = String(message).slice(0, 600);
}
addEventListener("error", (event) => showFatal(event.message || event.error));
addEventListener("unhandledrejection", (event) => showFatal(event.reason));

// The worker runs long computations (bots) off the main thread. It starts on first use.
let worker = null;
let nextId = 1;
const pending = new Map();

function startWorker() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => {
    if (data.id === 0) return;  // the worker's "ready" notice
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    if (data.error) call.reject(new Error(data.error));
    else call.resolve(data.result);
  };
  worker.onerror = (event) => {
    for (const call of pending.values()) call.reject(new Error(event.message || "worker failed"));
    pending.clear();
  };
  worker.postMessage({ id: 0, method: "init", payload: manifest.wheel });
}

// Called from Python: `await window.pygameRules.call("method", json_text)` → JSON text.
globalThis.pygameRules = {
  manifest,
  call(method, payload) {
    if (!worker) startWorker();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, method, payload });
    });
  },
};

showProgress();
