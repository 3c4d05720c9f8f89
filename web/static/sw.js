// The service worker: the whole site of ONE release, from the Cache API, so that the app starts
// and plays offline after the first visit. web/offline.py writes the release below at build time:
// every file of the site with its SHA-256 (as a Subresource Integrity string) and size, and a
// version that hashes all of them and this script.
//
// * install: fetch every file into a new cache named by the version, each checked against its
//   hash (from the HTTP cache when it holds this release's copy, else past it). A file that fails
//   or belongs to another release fails the install, the new cache is dropped and the old
//   release keeps serving: releases never mix.
// * activate: only once no page of the old release is open, or when a page asks for it ("activate",
//   after its "a new version is ready, reload" prompt); then the old release's cache is deleted.
// * fetch: files of the release come from its cache, anything else from the network.
// * message "status": how many files are stored, how many are missing, and their bytes.
// localStorage (the saved games) belongs to the pages and is never touched here.
const RELEASE = "@RELEASE@";
const PREFIX = "pygame-rules-";
const CACHE = PREFIX + RELEASE.version;
const SCOPE = self.registration.scope;
const ASSETS = new Map(RELEASE.assets.map(([path, integrity, bytes]) =>
  [new URL(path, SCOPE).href, { integrity, bytes }]));

// Let go of bytes read from a Response at once: Chromium keeps the memory of such a buffer until
// a garbage collection, and an idle service worker has none before it stops. Transferred into a
// message that is never delivered, it goes at once (app/snapshot.js's `release` does the same).
function letGo(buffer) {
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(null, [buffer]);
  port1.close();
  port2.close();
}

// Whether the copy of `url` in `cache` is the release's file: its SHA-256 against the listed one.
async function stored(cache, url, integrity) {
  const bytes = await (await cache.match(url)).arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  letGo(bytes);
  return `sha256-${btoa(String.fromCharCode(...digest))}` === integrity;
}

// Store a file of the release, checked against its hash: from the HTTP cache when what it holds
// is the release's copy (on a first visit the page has just downloaded most files), else from
// the server past that cache. The response goes into the cache as it streams in, and the check
// reads it back: fetch's own `integrity` option held every file in the service worker's memory
// until it stopped (about 30 MB beside the page, docs/benchmarks.md).
async function storeAsset(cache, url, integrity) {
  let problem = "";
  for (const mode of ["default", "reload"]) {
    try {
      const response = await fetch(url, { cache: mode });
      if (!response.ok) {
        problem = `HTTP ${response.status}`;  // i18n: internal
        continue;
      }
      await cache.put(url, response);
      if (await stored(cache, url, integrity)) return;
      problem = "not this release's file";  // i18n: internal
    } catch (error) {
      problem = String(error);  // no answer, or no room to store it
    }
  }
  throw new Error(`${url}: ${problem}`);  // i18n: internal
}

async function install() {
  await caches.delete(CACHE);  // a half-filled cache of an earlier, failed try
  const cache = await caches.open(CACHE);
  try {
    await Promise.all([...ASSETS].map(async ([url, { integrity }]) => {
      await storeAsset(cache, url, integrity);
    }));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

async function dropOldReleases() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
    .map((name) => caches.delete(name)));
}

// The cache key of a request: its URL without query or fragment, "dir/" meaning "dir/index.html".
function assetUrl(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return url.href;
}

async function fromCache(url, request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(url)) || fetch(request);  // evicted by the browser: the network
}

async function status() {
  const stored = new Set((await (await caches.open(CACHE)).keys()).map((request) => request.url));
  let bytes = 0;
  let missing = 0;
  for (const [url, asset] of ASSETS) {
    if (stored.has(url)) bytes += asset.bytes;
    else missing += 1;
  }
  return { version: RELEASE.version, files: ASSETS.size, missing, bytes };
}

self.addEventListener("install", (event) => event.waitUntil(install()));
self.addEventListener("activate", (event) => event.waitUntil(dropOldReleases()));

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const url = assetUrl(event.request);
  if (ASSETS.has(url)) event.respondWith(fromCache(url, event.request));
});

self.addEventListener("message", (event) => {
  if (event.data === "activate") {
    event.waitUntil(self.skipWaiting());
  } else if (event.data === "status" && event.ports.length === 1) {
    event.waitUntil(status().then((answer) => event.ports[0].postMessage(answer)));
  }
});
