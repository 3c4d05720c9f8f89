// The page's own texts (everything JavaScript writes) in the reader's language.
// API shared by every script of the page:  t("English text {name}", {name})  and
// tn("one move", "{n} moves", n, {n}). Texts are marked with t/tn so that web/catalogs.py
// extracts them; the translations come from the build (see web/catalogs.py page_texts).
// Python's side of the same catalogs is pygame_rules/i18n.py.
//
// The language is chosen here, as this module loads, before anything is painted or Python
// starts: the reader's stored choice, else the browser's preferred languages, else English.
// The page carries the texts of every language as JSON (<script type="application/json"
// id="texts">, written by web/build.py), so a switch needs no download. Static HTML marked
// `data-i18n` (its inner HTML is the English source) and the attributes an element names in
// `data-i18n-attrs` are translated here, and so is the start screen the build drew (a
// <template id="start-<language>"> each); the app's Python redraws its screens when the
// "pygame-rules:language" event says the language changed.

export const LANGUAGES = ["en", "nl", "de", "fr"];
// Where the reader's choice is kept (the rules pages and embeds read the same key).
export const STORAGE_KEY = "pygame_rules.lang";
export const CHANGED = "pygame-rules:language";

let texts = {};
export let lang = "en";

function fill(text, fields) {
  if (!fields) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

export function t(text, fields) {
  const found = texts[text];
  return fill(typeof found === "string" && found ? found : text, fields);
}

export function tn(singular, plural, n, fields) {
  const found = texts[singular];
  const many = lang === "fr" ? n > 1 : n !== 1;
  const forms = Array.isArray(found) ? found : [singular, plural];
  return fill((many ? forms[1] : forms[0]) || (many ? plural : singular), { n, ...fields });
}

export function setTexts(code, table) {
  lang = code;
  texts = table || {};
}

// The first of the browser's preferred languages (BCP 47 tags) we have, else English;
// the same rule as pygame_rules.i18n.negotiate.
export function negotiate(tags) {
  for (const tag of tags || []) {
    const base = String(tag).trim().toLowerCase().replace("_", "-").split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

const hasPage = typeof document !== "undefined";

// {names: {code: native name}, texts: {code: {English: translation}}} from the page, if it has them.
function pageData() {
  const node = hasPage ? document.getElementById("texts") : null;
  try {
    return node ? JSON.parse(node.textContent) : {};
  } catch {
    return {};
  }
}
const data = pageData();

function storage() {
  try {
    return globalThis.localStorage || null;  // absent in workers, refused when storage is disabled
  } catch {
    return null;
  }
}

// The language the reader chose before, else the browser's.
export function preferred() {
  const stored = storage()?.getItem(STORAGE_KEY);
  if (LANGUAGES.includes(stored)) return stored;
  return negotiate(globalThis.navigator?.languages || [globalThis.navigator?.language]);
}

// The English source of each translated element and attribute, to translate it again.
const sources = new WeakMap();

function source(node, key, read) {
  const known = sources.get(node) || {};
  if (!(key in known)) known[key] = read();
  sources.set(node, known);
  return known[key];
}

// Translate the static HTML under `root`: elements marked data-i18n and data-i18n-attrs.
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    node.innerHTML = t(source(node, "", () => node.innerHTML.split(/\s+/).filter(Boolean).join(" ")));
  }
  for (const node of root.querySelectorAll("[data-i18n-attrs]")) {
    for (const name of node.dataset.i18nAttrs.split(/\s+/).filter(Boolean)) {
      node.setAttribute(name, t(source(node, name, () => node.getAttribute(name) || "")));
    }
  }
}

// Show the page in `code`: texts, <html lang>, the switch; `remember` keeps the choice.
export function choose(code, remember = false) {
  const chosen = LANGUAGES.includes(code) ? code : "en";
  setTexts(chosen, (data.texts || {})[chosen]);
  if (remember) {
    try {
      storage()?.setItem(STORAGE_KEY, chosen);
    } catch {
      // storage full or refused: the choice lasts until the page is left
    }
  }
  if (!hasPage) return;
  document.documentElement.lang = chosen;
  translatePage();
  // The start screen the build drew in each language, until the app's own screens come.
  const start = document.getElementById(`start-${chosen}`);
  if (start && !document.body?.dataset.ready) document.getElementById("app")?.replaceChildren(start.content.cloneNode(true));
  const menu = document.getElementById("language");
  if (menu) menu.value = chosen;
  dispatchEvent(new CustomEvent(CHANGED, { detail: chosen }));
}

// The language switch: a <select id="language"> with each language in its own name.
function buildSwitch() {
  const menu = document.getElementById("language");
  if (!menu || menu.options.length) return;
  for (const code of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = (data.names || {})[code] || code;
    menu.append(option);
  }
  menu.hidden = false;
  menu.addEventListener("change", () => choose(menu.value, true));
}

if (hasPage) buildSwitch();
choose(preferred());
