// The page's side of the app: it starts the app's Python in a worker (app/worker.js), applies
// the commands the worker sends (webui/page.py lists them) and forwards what the reader does.
// The page runs no Python and decides nothing about the games: what it shows, the worker drew.
//
// Before the worker runs, the start screen the build drew is on the page already (readable at
// once); a click on it is kept and made again on the live screen, and the page says that the
// game engine is starting. HTML from the worker is written by webui's markup (every text
// escaped) and the boards' SVG by pygame_rules' renderers (the same): the page only inserts it.
import { CHANGED, lang, t } from "./i18n.js";
import { mark, unmark } from "./boardkeys.js";
import { play } from "./sound.js";

const PREFIX = "pygame_rules.";
const manifest = JSON.parse(document.getElementById("asset-manifest").textContent);
const app = document.getElementById("app");
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
// The events made before the worker drew its first screen, made again once it has.
const early = [];
let ready = false;
let busy = false;
// How many batches of the worker's commands are on the page: each event tells the worker (as
// `seen`), which matches it with the handlers of what it was made on, however many times it has
// drawn that part since.
let drawn = 0;
const calls = new Map();
let nextCall = 1;

function post(message) {
  worker.postMessage(message);
}

// ------------------------------------------------------------------ storage
function storage() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null;  // storage disabled for this page
  }
}

// Our keys and their texts, for the worker (null: this browser keeps nothing).
function stored() {
  const store = storage();
  if (!store) return null;
  const items = {};
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) items[key] = store.getItem(key);
  }
  return items;
}

// The writes the app asks for, each read back; the first that fails stops them and is told,
// with what the storage holds under the keys they touch. Done, they are told too: the app
// claims nothing (an import, saving working again) before the page has stored it.
function write(changes, tag) {
  const store = storage();
  for (const [key, text] of changes) {
    try {
      if (!store) throw new Error("SecurityError");
      if (text === null) store.removeItem(key);
      else store.setItem(key, text);
      if (store.getItem(key) !== text) throw new Error("the storage gave back something else");  // i18n: internal
    } catch (error) {
      const name = error?.name && error.name !== "Error" ? error.name : String(error?.message || error);
      const held = {};
      for (const [touched] of changes) held[touched] = store?.getItem(touched) ?? null;
      post({ type: "written", tag, error: name, quota: /quota/i.test(name), held });
      return;
    }
  }
  post({ type: "written", tag, error: "" });
}

// ------------------------------------------------------------------ drawing
function byId(id) {
  return document.getElementById(id);
}

// Colours go in through the CSSOM, never as style text (webui/markup.py's swatch checked them).
function paint(root) {
  for (const node of root.querySelectorAll("[data-swatch]")) node.style.backgroundColor = node.dataset.swatch;
}

// Put `html` into `node`, keeping the focus on the element with the same id if it had it.
function fill(node, html) {
  const focused = document.activeElement;
  const id = node.contains(focused) && focused !== node ? focused.id : "";
  node.innerHTML = html;
  paint(node);
  if (id) byId(id)?.focus({ preventScroll: true });
}

// Make the content of `node` what `html` says, keeping the elements that stay (see `morph`);
// where the number of parts differs, the new parts take the place of the old.
function update(node, html) {
  const focused = document.activeElement;
  const id = node.contains(focused) && focused !== node ? focused.id : "";
  const models = [...fromHtml(html).childNodes];
  if (models.length === node.childNodes.length) [...node.childNodes].forEach((child, i) => morph(child, models[i]));
  else node.replaceChildren(...models);
  if (id && document.activeElement !== byId(id)) byId(id)?.focus({ preventScroll: true });
}

function fromHtml(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  paint(template.content);
  return template.content;
}

// Make the element `node` what `model` (parsed from the app's HTML) is, keeping the elements of
// the same shape where they are: a log entry that only became the one shown keeps its button,
// with the focus on it, instead of being taken off the page (which also made the browser lay
// the page out at once). Where the shapes differ, the model's part takes the node's place.
function morph(node, model) {
  if (node.nodeName !== model.nodeName || node.childNodes.length !== model.childNodes.length
      || (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.TEXT_NODE)) {
    node.replaceWith(model);
    return;
  }
  if (node.nodeType === Node.TEXT_NODE) {
    if (node.data !== model.data) node.data = model.data;
    return;
  }
  // (a colour is set through the CSSOM, as `paint` sets it: a style attribute is never written)
  for (const { name } of [...node.attributes]) if (name !== "style" && !model.hasAttribute(name)) node.removeAttribute(name);
  for (const { name, value } of model.attributes) {
    if (name !== "style" && node.getAttribute(name) !== value) node.setAttribute(name, value);
  }
  if (node.style.cssText !== model.style.cssText) node.style.cssText = model.style.cssText;
  const models = [...model.childNodes];
  [...node.childNodes].forEach((child, i) => morph(child, models[i]));
}

// A CSS selector for the board element with exactly these data-* values.
function selector(data) {
  return Object.entries(data).map(([key, value]) => `[data-${key}="${CSS.escape(String(value))}"]`).join("");
}

function boardElement(data) {
  const found = document.querySelectorAll(`#board ${selector(data)}`);
  return found.length ? found[found.length - 1] : null;
}

function toast(text, error) {
  let box = byId("toast");
  if (!box) {
    box = document.createElement("div");
    box.id = "toast";
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    byId("main").append(box);
  }
  box.className = error ? "toast error" : "toast";
  box.textContent = text;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.className = "toast hidden"; }, 6000);
}

function announce(text) {
  let region = byId("announcer");
  if (!region) {
    region = document.createElement("div");
    region.id = "announcer";
    region.className = "announcer";
    region.setAttribute("aria-live", "polite");
    region.setAttribute("role", "status");
    document.body.append(region);
  }
  region.textContent = text;
}

function explain(data, text) {
  byId("why-not")?.remove();
  const node = boardElement(data);
  if (!node) return;
  const box = node.getBoundingClientRect();
  const bubble = document.createElement("div");
  bubble.id = "why-not";
  bubble.className = "why-not";
  bubble.setAttribute("role", "status");
  bubble.textContent = text;
  document.body.append(bubble);
  const left = Math.min(box.left, innerWidth - bubble.offsetWidth - 8);
  bubble.style.left = `${Math.max(8, left) + scrollX}px`;
  bubble.style.top = `${box.bottom + scrollY + 6}px`;
}

function slide(from, to, ms) {
  const start = boardElement(from);
  const end = boardElement(to);
  if (!start || !end) return;
  const a = start.getBBox();
  const b = end.getBBox();
  // Only a picture of the move (pointer-events none while it lasts): a click where the piece
  // passes is for the field under it (the next move's, clicked at once), never for the piece
  // now on its new field.
  end.animate([{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)`, pointerEvents: "none" },
               { transform: "translate(0px, 0px)", pointerEvents: "none" }],
              { duration: ms, easing: "ease-out" });
}

function scrollLog() {
  const log = byId("log");
  const item = log?.querySelector("[data-shown]");
  if (item) log.scrollTop = Math.max(0, item.offsetTop - log.offsetTop - log.clientHeight + item.offsetHeight + 8);
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Copy `text` to the clipboard; where the browser refuses, the field `css` (if given) is left with
// it selected for the reader to copy, and `ask` says so (else `ask` prompts with the text).
async function copy(text, done, ask, css) {
  try {
    await navigator.clipboard.writeText(text);
    toast(done, false);
  } catch {
    const field = css && document.querySelector(css);
    if (field) {
      select(css);
      toast(ask, true);
    } else {
      prompt(ask, text);
    }
  }
}

function select(css) {
  const field = document.querySelector(css);
  field?.focus();
  field?.select();
}

function pageLink(page, code) {
  return code === "en" ? `./${page}` : `./${page.replace(/\.html$/, "")}.${code}.html`;
}

const COMMANDS = {
  html: (id, html) => { const node = byId(id); if (node) fill(node, html); },
  update: (id, html) => { const node = byId(id); if (node) update(node, html); },
  items(id, changes, length) {
    const host = byId(id);
    if (!host) return;
    for (const [index, html] of changes) {
      const old = host.children[index];
      const item = fromHtml(html).firstElementChild;
      if (old) morph(old, item);
      else host.append(item);
    }
    while (host.children.length > length) host.lastElementChild.remove();
  },
  prepend: (id, html) => byId(id)?.prepend(fromHtml(html)),
  after(siblingId, id, html) {
    if (!byId(id)) byId(siblingId)?.after(fromHtml(html));
  },
  board(svg) {
    const host = byId("board");
    if (!host) return;
    host.classList.remove("fresh");
    host.innerHTML = svg;
  },
  // Only the runs of top-level parts of the drawing that changed (webui/page.py's Page.board):
  // splices [index, how many parts there it replaces, the new parts], each index counted on the
  // drawing as it was; that drawing has `before` parts, as the app knows it.
  "board-parts"(splices, before) {
    const host = byId("board");
    const drawing = host?.firstElementChild;
    if (drawing?.children.length !== before) throw new Error("the board on the page is not the one the app drew");  // i18n: internal
    host.classList.remove("fresh");
    unmark();
    const parsed = document.createElement("template");
    parsed.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg">${splices.flatMap(([, , parts]) => parts).join("")}</svg>`;
    const fresh = [...parsed.content.firstElementChild.children];
    const old = [...drawing.children];
    let taken = 0;
    const placed = splices.map(([index, count, parts]) => [index, count, fresh.slice(taken, taken += parts.length)]);
    for (const [index, count, parts] of placed) {
      const after = old[index + count] ?? null;  // (the parts kept as they are stay in place)
      for (const node of old.slice(index, index + count)) node.remove();
      for (const node of parts) drawing.insertBefore(node, after);
    }
  },
  mark,
  class: (id, name, on) => byId(id)?.classList.toggle(name, on),
  focus: (css) => document.querySelector(css)?.focus(),
  "focus-board": (data) => boardElement(data)?.matches("[tabindex]") && boardElement(data).focus(),
  "scroll-log": () => requestAnimationFrame(scrollLog),
  "scroll-top": () => scrollTo(0, 0),
  notice(key, html) {
    const node = fromHtml(html);
    const old = document.querySelector(`[data-notice="${CSS.escape(key)}"]`);
    if (old) old.replaceWith(node);
    else byId("notices").append(node);
  },
  dismiss: (key) => document.querySelector(`[data-notice="${CSS.escape(key)}"]`)?.remove(),
  toast,
  announce,
  sound: (name, sample) => play(name, sample),
  pulse: () => byId("board")?.classList.add("fresh"),
  slide,
  explain,
  write,
  download,
  copy,
  select,
  // A shared game's link was left: the address loses its fragment (a reload opens the app itself).
  "forget-link": () => history.replaceState(null, "", location.pathname + location.search),
  confirm: (question, key) => { if (confirm(question)) post({ type: "event", on: key, event: "click", seen: drawn }); },
  dialog(id, html) {
    byId(id)?.remove();
    byId("main").append(fromHtml(html));
    byId(id)?.showModal();
  },
  "close-dialog": (id) => { byId(id)?.close(); byId(id)?.remove(); },
  heading(text) {
    const heading = byId("screen-heading");
    heading.textContent = text ?? "";
    heading.hidden = text === null;
  },
  links(code) {
    for (const link of document.querySelectorAll("#topnav a[data-page]")) link.href = pageLink(link.dataset.page, code);
  },
  settings({ animate, sound }) {
    document.documentElement.dataset.animate = animate ? "1" : "0";
    document.documentElement.dataset.sound = sound ? "1" : "0";
  },
  busy: (on) => { busy = on; },
  reply(id, answer) {
    const [resolve, reject] = calls.get(id) ?? [];
    calls.delete(id);
    const { result, error } = JSON.parse(answer);
    if (error !== undefined) reject?.(new Error(error));
    else resolve?.(JSON.stringify(result));
  },
  ready() {
    if (ready) return;
    ready = true;
    document.body.dataset.ready = "1";
    globalThis.pygameRulesReadyAt = performance.now();
    byId("starting")?.remove();
    for (const replay of early.splice(0)) replay();
  },
};

// Sent after each batch of the worker's commands is on the page (benchmarks time clicks by it).
export const DRAWN = "pygame-rules:drawn";

worker.onmessage = ({ data }) => {
  if (data.commands) {
    for (const [name, ...args] of JSON.parse(data.commands)) {
      try {
        COMMANDS[name]?.(...args);
      } catch (error) {
        console.error(`pygame_rules: the page could not ${name}: ${error}`);  // i18n: internal (the console)
      }
    }
    drawn += 1;
    dispatchEvent(new Event(DRAWN));
  } else if (data.failed) {
    const box = byId("load-error");
    if (box) {
      box.hidden = false;
      box.querySelector("code").textContent = data.failed;
    }
    console.error(`pygame_rules: Python could not start: ${data.failed}`);  // i18n: internal (the console)
  } else if (data.started) {
    document.documentElement.dataset.pythonBoot = data.started;  // (tests)
  }
};

// ------------------------------------------------------------------- events
// The data-* values of the element acted on: on the board the innermost element carrying any,
// elsewhere the nearest one with data-ply (a log entry) or any data-* below the bound element.
function dataOf(target, bound) {
  for (let node = target; node && node !== bound.parentElement; node = node.parentElement) {
    const data = {};
    for (const attr of node.attributes) {
      if (attr.name.startsWith("data-") && !attr.name.startsWith("data-on-")) data[attr.name.slice(5)] = attr.value;
    }
    if (Object.keys(data).length) return data;
  }
  return {};
}

function formOf(target) {
  const form = target.closest?.("form");
  return form ? Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])) : undefined;
}

async function fileOf(target) {
  const file = target.files?.[0];
  if (!file) return undefined;
  target.value = "";  // choosing the same file again is a new import
  const limit = manifest.max_file;
  return { name: file.name, size: file.size, ...(file.size <= limit ? { text: await file.text() } : {}) };
}

async function forward(kind, event) {
  const bound = event.target.closest?.(`[data-on-${kind}]`);
  if (!bound) return;
  if (kind === "submit") event.preventDefault();
  const target = event.target;
  const message = {
    type: "event", on: bound.getAttribute(`data-on-${kind}`), event: kind, data: dataOf(target, bound),
    name: target.name || "", value: target.value ?? "", checked: Boolean(target.checked), form: formOf(target),
    seen: drawn,
  };
  if (kind === "change" && target.type === "file") message.file = await fileOf(target);
  if (ready) {
    post(message);
  } else if (kind === "click") {  // a click on the start screen drawn at build time
    event.preventDefault();
    const index = [...app.querySelectorAll("[data-on-click]")].indexOf(bound);
    const screen = screenOf();
    early.push(() => { if (screenOf() === screen) app.querySelectorAll("[data-on-click]")[index]?.click(); });
    starting();
  }
}

// Which screen is shown: the id of its first section (the start screen's is "home").
function screenOf() {
  return app.querySelector("section[id]")?.id || "";
}

// While the engine starts: a line saying so (the worker replaces the start screen once it runs).
function starting() {
  const line = byId("starting");
  if (line) line.hidden = false;
}

for (const kind of ["click", "change", "input", "submit"]) document.addEventListener(kind, (e) => forward(kind, e));

// Enter and Space on a board control choose it, as a click does.
document.addEventListener("keydown", (event) => {
  const inField = event.target.closest?.("#board, input, select, textarea, dialog, [role=dialog]");
  if (event.target.closest?.("#board [tabindex]") && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    event.target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    return;
  }
  if (!ready) return;
  byId("why-not")?.remove();
  if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key) || busy) {
    const place = event.target.closest?.("#board") ? "board" : inField ? "field" : "";
    const mods = event.altKey || event.ctrlKey || event.metaKey;
    if (!place && !mods && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) event.preventDefault();
    post({ type: "key", key: event.key, place, mods });
  }
}, true);

document.addEventListener("pointerdown", () => {
  byId("why-not")?.remove();
  if (ready && busy) post({ type: "pointer" });
}, true);

addEventListener(CHANGED, (event) => { if (ready) post({ type: "language", lang: event.detail }); });

// A shared game's link opened on the page already open (pasted into the address bar).
addEventListener("hashchange", () => {
  if (ready && location.hash.startsWith("#game=")) post({ type: "link", link: location.hash });
});

byId("settings-button")?.addEventListener("click", () => {
  if (ready) post({ type: "settings" });
  else early.push(() => post({ type: "settings" }));
});

// The board's width: its drawing depends on it (an upright board on a phone).
let width = 0;
new ResizeObserver(() => {
  const host = byId("board") || app;
  const now = Math.round(host.clientWidth);
  if (now !== width) {
    width = now;
    if (ready) post({ type: "resize", width });
  }
}).observe(app);

// The engines' service (pygame_rules/service.py) for scripts, tests and benchmarks: a request's
// JSON text in, a promise of its result's JSON text out (or an error with the service's message).
globalThis.pygameRules = {
  manifest,
  call(method, payload) {
    if (typeof method !== "string" || typeof payload !== "string") {  // the worker would refuse it unanswered
      return Promise.reject(new Error("a request needs a method name and a JSON text payload"));  // i18n: internal
    }
    const id = nextCall++;
    return new Promise((resolve, reject) => {
      calls.set(id, [resolve, reject]);
      post({ type: "call", id, method, payload });
    });
  },
};

// The app's first screen: the start screen, or the position editor on editor.html (web/build.py).
const screen = document.body.dataset.screen || "home";
// The game open at the last visit comes back first: say so instead of showing the start screen.
if (screen === "home" && storage()?.getItem(`${PREFIX}current`) && !location.hash.startsWith("#game=")) {
  const panel = document.createElement("section");
  panel.className = "panel";
  panel.id = "opening";
  const line = document.createElement("p");
  line.setAttribute("role", "status");
  line.textContent = t("Opening the saved game…");
  panel.append(line);
  app.replaceChildren(panel);
}
width = Math.round((byId("board") || app).clientWidth);
post({ type: "boot", wheel: manifest.wheel, lang, storage: stored(), width, screen,
       reduced_motion: matchMedia("(prefers-reduced-motion: reduce)").matches,
       link: location.hash, base: location.href.split("#")[0] });
