// The service worker: the whole site of ONE release, from the Cache API, so that the app starts
// and plays offline after the first visit. web/offline.py writes the release below at build time:
// every file of the site with its SHA-256 (as a Subresource Integrity string) and size, and a
// version that hashes all of them and this script.
//
// * install: fetch every file, checked against its hash (from the HTTP cache when it holds this
//   release's copy, else past it), into a new cache named by the version. A file that fails or belongs to another release fails the install, the
//   new cache is dropped and the old release keeps serving: releases never mix.
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

// A file of the release: from the HTTP cache when what it holds has the file's hash (on a first
// visit the page has just downloaded most files), else from the server past that cache.
async function fetchAsset(url, integrity) {
  try {
    const cached = await fetch(url, { integrity });
    if (cached.ok) return cached;
  } catch {
    // an older copy in the HTTP cache (its hash differs) or no answer: ask the server itself
  }
  const response = await fetch(url, { cache: "reload", integrity });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);  // i18n: internal
  return response;
}

async function install() {
  await caches.delete(CACHE);  // a half-filled cache of an earlier, failed try
  const cache = await caches.open(CACHE);
  try {
    await Promise.all([...ASSETS].map(async ([url, { integrity }]) => {
      await cache.put(url, await fetchAsset(url, integrity));
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
