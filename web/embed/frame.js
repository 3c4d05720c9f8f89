// The embed's runtime, in a hidden iframe served from the asset host: one Pyodide for all the
// diagrams of the host page, in a Web Worker this frame starts on the first request
// (embed_worker.js): the frame only checks requests and relays them, so it never blocks the
// host page (a page of the same origin shares the frame's thread). The page talks to it with
// postMessage:
//   page → frame  {pgr: 1, id, method, lang, payload}   (payload: JSON text for embed_service.handle)
//   frame → page  {pgr: 1, id, result} or {pgr: 1, id, error}   (result: JSON text; the view's texts
//                 and the error in the request's language, en, nl, de or fr; English if it names none)
//   frame → page  {pgr: 1, hello: true} once it listens (before Python has loaded).
// Any page may embed diagrams, so any parent is served; only the parent window is answered.
import { LANGUAGES, setTexts, t } from "../app/i18n.js";

const manifest = JSON.parse(document.getElementById("asset-manifest").textContent);
// The translations of this file's t() texts, per language (the build writes them into frame.html).
const TEXTS = JSON.parse(document.getElementById("texts-embed").textContent);
const METHODS = new Set(["open", "lesson", "goto", "reset", "click", "button", "choose", "next"]);
// Longest request text read (embed_service.REQUEST_LIMITS): five attributes of at most
// 20,000 characters each, or a lesson file of at most 50,000 (embed.js refuses longer ones),
// quoted as JSON.
const MAX_PAYLOAD = 200_000;
let worker = null;  // started on the first request
const waiting = new Map();  // request id: the origin to answer

function answer(message) {
  const target = waiting.get(message.id);
  if (target === undefined) return;
  waiting.delete(message.id);
  parent.postMessage({ pgr: 1, ...message }, target);
}

function startWorker() {
  worker = new Worker(new URL("./embed_worker.js", import.meta.url), { type: "module" });
  worker.addEventListener("message", ({ data }) => {
    if ("boot" in data) document.documentElement.dataset.pythonBoot = data.boot;  // (tests)
    else answer(data);
  });
  worker.addEventListener("error", () => {  // the worker's script did not load or run
    for (const id of [...waiting.keys()]) answer({ id, error: t("the rules engine did not start") });
    worker = null;
  });
  worker.postMessage({ wheel: manifest.wheel });
}

// Why a message addressed to us can't be answered (null: it can). A message that is not
// addressed to us (no pgr: 1 and a whole-number id) gets no answer at all.
function refusal(data, lang) {
  if (!METHODS.has(data.method)) return t("unknown method");
  if (typeof data.payload !== "string") return t("the request must be text");
  if (data.payload.length > MAX_PAYLOAD) {
    return t("the request is too long: {length} characters, at most {limit}", {
      length: data.payload.length.toLocaleString(lang), limit: MAX_PAYLOAD.toLocaleString(lang) });
  }
  return null;
}

addEventListener("message", (event) => {
  const data = event.data;
  if (event.source !== parent || data === null || typeof data !== "object" || data.pgr !== 1
      || !Number.isInteger(data.id)) return;
  const { id, method, payload } = data;
  const lang = LANGUAGES.includes(data.lang) ? data.lang : "en";
  setTexts(lang, TEXTS[lang]);
  // A page opened from a file has the origin "null", which postMessage can only reach with "*".
  waiting.set(id, event.origin === "null" ? "*" : event.origin);
  const refused = refusal(data, lang);
  if (refused) {
    answer({ id, error: refused });
    return;
  }
  if (!worker) startWorker();
  worker.postMessage({ id, method, lang, payload });
});

parent.postMessage({ pgr: 1, hello: true }, "*");
