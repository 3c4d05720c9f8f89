// Download progress for the loading screen: a fetch that reports the bytes of every response as
// they arrive. Used by the page (loader.js) and by the first visit's worker (worker.js), which downloads
// the runtime on a first visit and tells the page.
//
// The WebAssembly response passes through untouched: Chromium reuses the machine code it
// compiled on an earlier visit only for a response straight from the network or cache (a
// wrapped one is compiled anew, seconds on a returning visit); its bytes count once loaded.

// `realFetch` wrapped so that `onBytes(n, url)` hears of each `n` bytes received from `url` while
// `counting()`.
export function countingFetch(realFetch, onBytes, counting = () => true) {
  return async (input, init) => {
    const response = await realFetch(input, init);
    if (!response.body || !counting()) return response;
    if (new URL(response.url).pathname.endsWith(".wasm")) {
      countWhenLoaded(response.url, onBytes);
      return response;
    }
    const reader = response.body.getReader();
    const counted = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) { controller.close(); return; }
        onBytes(value.byteLength, response.url);
        controller.enqueue(value);
      },
      cancel(reason) { return reader.cancel(reason); },
    });
    return new Response(counted, {
      status: response.status, statusText: response.statusText, headers: response.headers,
    });
  };
}

function countWhenLoaded(url, onBytes) {
  if (typeof PerformanceObserver === "undefined") return;
  const observer = new PerformanceObserver((list) => {
    const entry = list.getEntries().find((e) => e.name === url);
    if (!entry) return;
    observer.disconnect();
    onBytes(entry.decodedBodySize, url);
  });
  observer.observe({ type: "resource", buffered: true });
}
