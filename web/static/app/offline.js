// Offline use (see ../sw.js): the service worker keeps the whole release in the browser. The line
// under the page says whether it is complete and how much it stored; a newer release waits until
// the reader reloads (every open page of the app then reloads, so none mixes two releases).
import { CHANGED, lang, t } from "./i18n.js";

// Megabytes with one decimal, in the page's language (a comma but in English).
const mb = (bytes) => { const text = (bytes / 1e6).toFixed(1); return lang === "en" ? text : text.replace(".", ","); };

const offlineLine = document.getElementById("offline-status");
let offlineText = () => "";
let reloading = false;

// Show the offline line made by `make` (a function, so that it is written again in the new
// language when the reader switches; null: the same line again).
function sayOffline(make) {
  if (make !== null) offlineText = make;
  if (!offlineLine) return;
  const away = navigator.onLine ? "" : t("You are offline.");
  offlineLine.textContent = [offlineText(), away].filter(Boolean).join(" ");
  offlineLine.hidden = !offlineLine.textContent;
}
addEventListener("online", () => sayOffline(null));
addEventListener("offline", () => sayOffline(null));

function reloadOnce() {
  if (reloading) return;
  reloading = true;
  location.reload();
}

// Ask a service worker how much of its release it has stored.
function storedStatus(worker) {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => reject(new Error("no answer")), 10_000);  // i18n: internal (caught)
    channel.port1.onmessage = ({ data }) => { clearTimeout(timer); resolve(data); };
    worker.postMessage("status", [channel.port2]);
  });
}

async function reportStored(worker) {
  try {
    const { files, missing, bytes } = await storedStatus(worker);
    sayOffline(() => (missing === 0
      ? t("Ready for offline use ({size} MB stored).", { size: mb(bytes) })
      : t("Not ready for offline use: {missing} of {files} files are not stored ({size} MB are).",
          { missing, files, size: mb(bytes) })));
  } catch {
    sayOffline(() => t("Offline use: the stored copy did not answer."));
  }
}

function offerUpdate(worker) {
  if (document.getElementById("update-ready")) return;
  const banner = document.createElement("div");
  banner.id = "update-ready";
  banner.className = "update-banner";
  banner.setAttribute("role", "alert");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = t("Reload");
  button.addEventListener("click", () => {
    button.disabled = true;
    worker.addEventListener("statechange", () => { if (worker.state === "activated") reloadOnce(); });
    worker.postMessage("activate");
  });
  banner.append(t("A new version is ready. Your games are kept."), " ", button);
  document.body.prepend(banner);
}

// A worker that finished installing beside an active one waits for the reader; the first one
// takes over at once and the next visit runs from it.
function follow(registration, worker) {
  const settled = () => {
    if (worker.state === "installed" && registration.active) offerUpdate(worker);
    else if (worker.state === "activated") reportStored(worker);
    else if (worker.state === "redundant" && !registration.active) {
      sayOffline(() => t("Not ready for offline use: the app could not be stored in this browser."));
    }
  };
  worker.addEventListener("statechange", settled);
  settled();
}

async function setUpOffline() {
  if (!("serviceWorker" in navigator)) {
    sayOffline(() => t("This browser cannot keep the app for offline use here."));
    return;
  }
  const controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => { if (controlled) reloadOnce(); });
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url),
                                                          { updateViaCache: "none" });
  } catch (error) {
    const reason = String(error && error.message ? error.message : error);
    sayOffline(() => t("Not ready for offline use: {reason}", { reason }));
    return;
  }
  if (!registration) {  // a browser (or a test's) that stubs registration out
    sayOffline(() => t("This browser cannot keep the app for offline use here."));
    return;
  }
  const storing = () => t("Storing the app for offline use…");
  if (registration.installing) sayOffline(storing);
  registration.addEventListener("updatefound", () => {
    if (!registration.active) sayOffline(storing);
    follow(registration, registration.installing);
  });
  if (registration.waiting) follow(registration, registration.waiting);
  if (registration.installing) follow(registration, registration.installing);
  if (registration.active) reportStored(registration.active);
}

addEventListener(CHANGED, () => sayOffline(null));

// The release is stored once the first screen is on the page (body[data-ready]): its 20-odd MB
// must not hold up the downloads that the first visit's start needs.
if (document.body.dataset.ready) {
  setUpOffline();
} else {
  const waiting = new MutationObserver(() => {
    if (!document.body.dataset.ready) return;
    waiting.disconnect();
    setUpOffline();
  });
  waiting.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}
