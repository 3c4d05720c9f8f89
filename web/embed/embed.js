// pygame_rules embed: live board diagrams of Babel, Saba and Spiel der Tuerme in any web page.
// (ASCII only: a host page without a charset would misread other characters.)
//
// One classic script tag (a classic script loads across origins without CORS headers; a module
// script would not) and one element per diagram:
//   <script src="https://host/embed/embed.js" defer></script>
//   <div data-pygame-rules="tuerme" data-position="..." data-moves="d4xd6" data-interactive>
//     <svg ...>...</svg>   <!-- optional static picture, e.g. from `python -m pygame_rules render --embed` -->
//   </div>
// With data-interactive the reader may play on; data-choices lists the starting position's moves
// for the list "Try a move..." (one a line, as its reader reads them, in the diagram's language;
// the site's gallery and rules pages have it), else opening that list starts Python and says so.
// A diagram's texts (its buttons, status line and messages) are in the language of its data-lang
// (en, nl, de or fr), else of the host page's <html lang>, else the reader's choice in the app
// (on the app's own site), else English; an unknown data-lang is a message in that diagram.
// A lesson is one element too: <div data-lesson="tuerme/bonus-moves" data-step="2"></div>
// (pygame_rules/lessons.py; data-step, counted from 1, is where it starts). A lesson file
// (docs/lessons.md) comes from the host page's own server, <div data-lesson-src="my-lesson.json">,
// fetched without credentials, or inline: <div data-lesson><script type="application/json">{...}
// </script></div>.
// Whatever the element holds is shown at once; Python starts only when the reader first uses a
// diagram (or at once for a diagram with no picture, or, inside a closed <details>, when that is
// opened), in ONE hidden iframe from the asset host shared by all diagrams, which runs it in a
// Web Worker: the page never waits for Python, and says that it is loading meanwhile. Attribute text is only ever set as text or sent to that iframe; the only
// markup inserted is the SVG the iframe's renderer returns.
(() => {
  "use strict";
  if (window.pygameRulesEmbed) return;  // the script was included twice

  const FRAME_URL = new URL("frame.html", document.currentScript.src);
  const FRAME_ORIGIN = FRAME_URL.origin;
  const GAMES = ["babel", "saba", "tuerme"];
  const ATTRIBUTES = ["data-pygame-rules", "data-position", "data-moves", "data-viewer", "data-highlight",
    "data-lang", "data-choices"];
  const LANGUAGES = ["en", "nl", "de", "fr"];
  const STORAGE_KEY = "pygame_rules.lang";  // where the app keeps the reader's choice (app/i18n.js)
  // The translations of this script's t() texts, per language; the build fills them in
  // (web/embed/pages.py), English being the source.
  const TEXTS = /*@TEXTS@*/{};
  // The longest attribute the runtime reads (embed_service.MAX_TEXT): a longer one gets a
  // message here, in its own diagram, instead of a request the frame would refuse.
  const MAX_ATTRIBUTE = 20_000;
  // The longest lesson file read (pygame_rules/lesson_file.py: LIMITS), in characters; a
  // fetched one is read no further than 4 bytes a character.
  const MAX_LESSON = 50_000;
  const START_TIMEOUT_MS = 60_000;
  // How long a request may take, loading the runtime included, before the diagram says so.
  const CALL_TIMEOUT_MS = 180_000;
  const STYLE = `
.pgr-diagram{display:block;max-width:100%;font:14px/1.4 system-ui,sans-serif}
.pgr-board svg,.pgr-board img{display:block;max-width:100%;height:auto}
.pgr-board [tabindex]{outline-offset:2px;cursor:pointer}
.pgr-bar,.pgr-actions{display:flex;flex-wrap:wrap;gap:4px;align-items:center;margin:4px 0}
.pgr-bar button,.pgr-actions button,.pgr-bar select{font:inherit;padding:2px 8px}
.pgr-ply{min-width:5em;text-align:center}
.pgr-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.pgr-status{margin:2px 0}
.pgr-error{margin:4px 0;padding:4px 8px;border:1px solid #b00020;background:#fdecee;color:#7a0016}
.pgr-diagram [hidden]{display:none}
.pgr-diagram[data-pgr-state=loading] .pgr-board{opacity:.55}
.pgr-diagram[data-pgr-state=loading] .pgr-status{font-weight:600}
.pgr-play{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:flex-start}
.pgr-play .pgr-board{flex:3 1 420px;min-width:0}
.pgr-side{flex:1 1 200px}
.pgr-step,.pgr-text{margin:4px 0}
.pgr-note{margin:0 0 8px;padding:4px 8px;border-left:4px solid #8a6d00;background:#fff8e1;color:#2b2118}
.pgr-note[data-kind=correct]{border-color:#2e7d32;background:#edf7ee}
.pgr-note p{margin:2px 0}`;

  // ------------------------------------------------------------- languages
  // `text` in `lang`, its {fields} filled: app/i18n.js's t(), which a classic script can't import,
  // with the diagram's language as a third argument (the diagrams of a page may differ).
  function t(text, fields, lang) {
    const found = (TEXTS[lang] || {})[text] || text;
    if (!fields) return found;
    return found.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
  }

  // Our language of a BCP 47 tag ("de-AT": "de"), or null.
  function known(tag) {
    const base = String(tag || "").trim().toLowerCase().replace("_", "-").split("-")[0];
    return LANGUAGES.includes(base) ? base : null;
  }

  // The language of a diagram without data-lang: the host page's, else the reader's choice, else English.
  function pageLanguage() {
    let chosen = null;
    try {
      chosen = localStorage.getItem(STORAGE_KEY);
    } catch {
      // storage refused (a sandboxed page): no choice known
    }
    return known(document.documentElement.lang) || known(chosen) || "en";
  }

  // ------------------------------------------------------------- the shared runtime
  let frame = null;
  let started = null;  // a promise: resolved once the iframe listens
  let nextId = 1;
  const pending = new Map();

  function onMessage(event) {
    if (!frame || event.origin !== FRAME_ORIGIN || event.source !== frame.contentWindow) return;
    const data = event.data;
    if (!data || typeof data !== "object" || data.pgr !== 1) return;
    if (data.hello === true) { frame.dispatchEvent(new Event("pgr-hello")); return; }
    const waiting = pending.get(data.id);
    if (!waiting) return;
    pending.delete(data.id);
    if (typeof data.error === "string") waiting.reject(new Error(data.error));
    else if (typeof data.result === "string") waiting.resolve(JSON.parse(data.result));
    else waiting.reject(new Error(t("the runtime sent a malformed answer", null, waiting.lang)));
  }

  function startRuntime() {
    started ??= new Promise((resolve, reject) => {
      frame = document.createElement("iframe");
      frame.src = FRAME_URL.href;
      frame.title = "pygame_rules runtime";  // i18n: internal (hidden from readers)
      frame.tabIndex = -1;
      frame.setAttribute("aria-hidden", "true");
      frame.setAttribute("data-pygame-rules-runtime", "");
      frame.style.cssText = "position:absolute;left:-9999px;width:1px;height:1px;border:0";
      const timer = setTimeout(() => reject(new Error("no start")), START_TIMEOUT_MS);  // i18n: internal
      frame.addEventListener("pgr-hello", () => { clearTimeout(timer); resolve(); }, { once: true });
      addEventListener("message", onMessage);
      document.body.appendChild(frame);
    });
    return started;
  }

  // Ask the runtime; its answer (or its error) is in `lang`.
  async function call(method, request, lang) {
    try {
      await startRuntime();
    } catch {
      throw new Error(t("the rules engine did not start", null, lang));
    }
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(t("the rules engine did not answer; reload the page to try again", null, lang)));
      }, CALL_TIMEOUT_MS);
      const settle = (then) => (value) => { clearTimeout(timer); then(value); };
      pending.set(id, { resolve: settle(resolve), reject: settle(reject), lang });
      frame.contentWindow.postMessage(
        { pgr: 1, id, method, lang, payload: JSON.stringify(request) }, FRAME_ORIGIN);
    });
  }

  // ------------------------------------------------------------------ helpers
  function el(tag, props = {}, text = "") {
    const node = document.createElement(tag);
    Object.assign(node, props);
    if (text) node.textContent = text;
    return node;
  }

  // Parse the renderer's SVG as XML (never as HTML) and drop anything that could run code.
  function parseSvg(text, lang) {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const root = doc.documentElement;
    if (root.localName !== "svg" || doc.querySelector("parsererror")) {
      throw new Error(t("the runtime sent a malformed picture", null, lang));
    }
    root.querySelectorAll("script,foreignObject,iframe").forEach((n) => n.remove());
    for (const node of [root, ...root.querySelectorAll("*")]) {
      for (const { name, value } of [...node.attributes]) {
        if (/^on/i.test(name) || /^\s*javascript:/i.test(value)) node.removeAttribute(name);
      }
    }
    return document.importNode(root, true);
  }

  // The data-* attributes of the innermost board element that carries any (as the app does).
  function clickedThing(node, board) {
    for (; node && node !== board; node = node.parentElement) {
      const found = {};
      for (const { name, value } of node.attributes || []) {
        if (name.startsWith("data-")) found[name.slice(5)] = value;
      }
      if (Object.keys(found).length) return found;
    }
    return null;
  }

  function isView(v) {
    return v && typeof v.svg === "string" && Number.isInteger(v.ply) && Number.isInteger(v.total)
      && typeof v.status === "string" && typeof v.prompt === "string" && Array.isArray(v.moves)
      && Array.isArray(v.buttons) && Array.isArray(v.choices) && Array.isArray(v.clickable);
  }

  // ------------------------------------------------------------------ a diagram
  let diagramCount = 0;

  // What diagrams and lessons share: the element's language and limits, the board the
  // reader clicks, the shared runtime (started when first used), messages.
  class Embed {
    constructor(root, method) {
      this.root = root;
      this.method = method;  // the runtime's method that opens this kind of diagram
      this.key = ++diagramCount;
      this.opened = null;  // a promise of the first view
      this.busy = false;
      this.attr = (name) => root.getAttribute(name) || "";
      const asked = this.attr("data-lang").trim();
      this.lang = asked ? known(asked) : pageLanguage();
      this.asked = asked;
      if (this.lang && !root.lang) root.lang = this.lang;  // for screen readers on a page of another language
      root.classList.add("pgr-diagram");
      this.board = el("div", { className: "pgr-board" });
      this.board.append(...root.childNodes);  // the author's static picture, if any
      this.status = el("p", { className: "pgr-status" });
      this.status.setAttribute("aria-live", "polite");
      this.actions = el("div", { className: "pgr-actions" });
      this.error = el("p", { className: "pgr-error", hidden: true });
      this.error.setAttribute("role", "alert");
    }

    // False (after a message in the diagram) if its language or an attribute can't be used.
    usable(attributes) {
      if (!this.lang) {
        this.lang = pageLanguage();
        this.fail(t('Unknown language "{lang}": use one of {languages}.',
                  { lang: this.asked, languages: LANGUAGES.join(", ") }, this.lang));
        return false;
      }
      const long = attributes.find((name) => this.attr(name).length > MAX_ATTRIBUTE);
      if (long) {
        this.fail(t("The {attribute} attribute is too long: {length} characters, at most {limit}.",
                  { attribute: long, length: this.number(this.attr(long).length),
                    limit: this.number(MAX_ATTRIBUTE) }, this.lang));
        return false;
      }
      return true;
    }

    // Listen to the board; with nothing to show before Python, start it at once, or, inside
    // a closed <details>, when that is opened.
    listen() {
      this.board.addEventListener("click", (e) => this.onBoard(e));
      this.board.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.onBoard(e); }
      });
      this.setState("static");
      if (this.board.firstElementChild) return;
      const closed = this.root.closest("details:not([open])");
      if (closed) closed.addEventListener("toggle", () => this.live(), { once: true });
      else this.live();
    }

    setState(name) { this.root.setAttribute("data-pgr-state", name); }

    // The request that opens this diagram in the runtime.
    async opening() { return this.request; }

    // A number written this diagram's language's way.
    number(n) { return n.toLocaleString(this.lang); }

    // Start Python (shared) and open this diagram there; resolves to false if that failed.
    // Until then the diagram says that the rules engine is loading.
    live() {
      this.opened ??= (async () => {
        this.setState("loading");
        this.status.textContent = t("Loading the rules engine\u2026", null, this.lang);
        try {
          this.show(await call(this.method, await this.opening(), this.lang));
          return true;
        } catch (error) {
          this.fail(error.message);
          return false;
        }
      })();
      return this.opened;
    }

    // Ask the runtime for `method` on this diagram (opening it first) and show the answer. The
    // first action on a static diagram stays "loading" until its own answer is shown, not only
    // the opened diagram.
    async act(method, args) {
      if (this.busy) return;
      this.busy = true;
      let opened = false;
      try {
        opened = await this.live();
        if (opened) this.show(await call(method, { diagram: this.key, ...args }, this.lang));
      } catch (error) {
        this.note(error.message);
      } finally {
        this.busy = false;
        if (opened) this.setState("live");
      }
    }

    onBoard(event) {
      const target = clickedThing(event.target, this.board);
      if (target) this.act("click", { target });
    }

    // The board of a view, with its clickable elements focusable.
    draw(view) {
      this.board.replaceChildren(parseSvg(view.svg, this.lang));
      for (const target of view.clickable) this.markClickable(target);
      this.setState(this.busy ? "loading" : "live");
      this.error.hidden = true;
    }

    // The buttons the runtime offers for the board (those of the app's board interaction).
    drawButtons(labels, extra = []) {
      this.actions.replaceChildren(...labels.map((label, index) => {
        const b = el("button", { type: "button" }, String(label));
        b.addEventListener("click", () => this.act("button", { index }));
        return b;
      }), ...extra);
    }

    markClickable(target) {
      const selector = Object.entries(target)
        .map(([k, v]) => `[data-${CSS.escape(k)}="${CSS.escape(String(v))}"]`).join("");
      const nodes = selector ? this.board.querySelectorAll(selector) : [];
      const node = nodes[nodes.length - 1];  // the topmost (last drawn) element
      if (node) { node.setAttribute("tabindex", "0"); node.setAttribute("role", "button"); }
    }

    note(message) {
      this.error.textContent = message;
      this.error.hidden = false;
    }

    fail(message) {
      this.note(message);
      this.setState("error");
      this.status.textContent = "";
      if (this.bar) this.bar.hidden = true;
    }
  }

  // A position, the moves to step through, and (data-interactive) the reader's own moves.
  class Diagram extends Embed {
    constructor(root) {
      super(root, "open");
      this.request = {
        diagram: this.key, game: this.attr("data-pygame-rules").trim(), position: this.attr("data-position"),
        moves: this.attr("data-moves"), viewer: this.attr("data-viewer").trim(),
        highlight: this.attr("data-highlight"), interactive: root.hasAttribute("data-interactive"),
      };
      this.bar = el("div", { className: "pgr-bar" });
      root.append(this.board, this.bar, this.status, this.actions, this.error);
      if (!this.usable(ATTRIBUTES)) return;
      if (!GAMES.includes(this.request.game)) {
        this.fail(t('Unknown game "{game}": use one of {games}.',
                  { game: this.request.game, games: GAMES.join(", ") }, this.lang));
        return;
      }
      this.hasMoves = this.request.moves.trim() !== "";
      this.buildBar();
      this.listen();
    }

    buildBar() {
      // A button shows ``label``, or a ``symbol`` hidden from screen readers, which read its
      // name (the title) as hidden text: a name holds the words seen (WCAG 2.5.3).
      const button = (title, handler, label, symbol = "") => {
        const b = el("button", { type: "button", title }, label);
        if (symbol) {
          const shown = el("span", {}, symbol);
          shown.setAttribute("aria-hidden", "true");
          b.append(shown, el("span", { className: "pgr-hidden" }, title));
        }
        b.addEventListener("click", handler);
        this.bar.append(b);
        return b;
      };
      if (this.hasMoves) {
        this.first = button(t("Start", null, this.lang), () => this.act("goto", { ply: 0 }), "", "|\u25C0");
        this.back = button(t("Back one move", null, this.lang),
                           () => this.act("goto", { ply: (this.view?.ply ?? 0) - 1 }), "", "\u25C0");
        this.ply = el("span", { className: "pgr-ply" });
        this.bar.append(this.ply);
        this.forward = button(t("Forward one move", null, this.lang),
                              () => this.act("goto", { ply: (this.view?.ply ?? 0) + 1 }), "", "\u25B6");
        this.last = button(t("End", null, this.lang), () => this.act("goto", { ply: 1e6 }), "", "\u25B6|");
      }
      if (this.request.interactive) {
        this.choices = el("select", { title: t("Try a legal move", null, this.lang) });
        this.choices.setAttribute("aria-label", this.choices.title);  // a label, not only a title
        this.choices.addEventListener("change", () => {
          const index = this.choices.selectedIndex - 1;
          if (index >= 0) this.act("choose", { index });
        });
        // The moves of the starting position, when the markup lists them (the gallery's do, as
        // its reader sees them); else opening the list wakes the diagram and says it is loading.
        if (this.root.hasAttribute("data-choices")) {
          this.listChoices(this.attr("data-choices").split("\n").filter(Boolean));
        } else {
          this.choices.append(el("option", {}, t("Try a move\u2026", null, this.lang)));
          const wake = (event) => {
            if (this.view || ["Tab", "Shift", "Escape"].includes(event.key)) return;  // passing by
            this.choices.options[0].textContent = t("Loading the moves\u2026", null, this.lang);
            this.live();
          };
          for (const kind of ["pointerdown", "keydown"]) this.choices.addEventListener(kind, wake);
        }
        this.bar.append(this.choices);
        this.reset = button(t("Back to the starting position", null, this.lang), () => this.act("reset", {}),
                            t("Reset", null, this.lang));
      }
      if (!this.hasMoves && !this.request.interactive) this.bar.hidden = true;
    }

    onBoard(event) {
      if (this.request.interactive) super.onBoard(event);
    }

    show(view) {
      if (!isView(view)) throw new Error(t("the runtime sent a malformed view", null, this.lang));
      this.view = view;
      this.draw(view);
      this.status.textContent = [view.status, view.prompt].filter(Boolean).join(" \u00B7 ");
      if (this.hasMoves) {
        const move = view.ply ? `: ${view.moves[view.ply - 1]}` : "";
        this.ply.textContent = `${view.ply} / ${view.total}${move}`;
        this.first.disabled = this.back.disabled = view.ply === 0;
        this.forward.disabled = this.last.disabled = view.ply === view.total;
      }
      if (this.request.interactive) {
        this.listChoices(view.choices);
        this.drawButtons(view.buttons);
      }
    }

    // The move list: a heading option, then the reader's legal moves.
    listChoices(labels) {
      this.choices.replaceChildren(
        el("option", {}, labels.length ? t("Try a move\u2026", null, this.lang) : t("No move possible", null, this.lang)),
        ...labels.map((label) => el("option", {}, String(label))));
    }
  }

  function isLessonView(v) {
    return v && typeof v.svg === "string" && typeof v.lesson === "string" && typeof v.title === "string"
      && Number.isInteger(v.step) && Number.isInteger(v.steps) && typeof v.text === "string"
      && typeof v.asks === "boolean" && typeof v.done === "boolean" && typeof v.prompt === "string"
      && Array.isArray(v.buttons) && Array.isArray(v.clickable)
      && (v.note === null || (typeof v.note.kind === "string" && Array.isArray(v.note.lines)))
      && (v.next === null || (typeof v.next.lesson === "string" && typeof v.next.title === "string"));
  }

  // The text of the lesson file at `src`, an address on the host page's own server: fetched
  // without credentials, and read no further than MAX_LESSON characters allow.
  async function fetchLesson(src, lang) {
    const shown = src.length > 80 ? `${src.slice(0, 79)}\u2026` : src;
    const unread = () => new Error(t("The lesson file {src} could not be loaded.", { src: shown }, lang));
    let url;
    try {
      url = new URL(src, document.baseURI);
    } catch {
      throw unread();
    }
    if (url.origin !== location.origin) {
      throw new Error(t("The lesson file {src} is not on this page's server.", { src: shown }, lang));
    }
    const tooLarge = () => new Error(t("The lesson file {src} is too large: more than {limit} characters.",
                                       { src: shown, limit: MAX_LESSON.toLocaleString(lang) }, lang));
    let response;
    try {
      response = await fetch(url, { credentials: "omit", mode: "same-origin" });
    } catch {
      throw unread();
    }
    if (!response.ok) {
      throw new Error(t("The lesson file {src} could not be loaded (HTTP {status}).",
                        { src: shown, status: response.status }, lang));
    }
    if (Number(response.headers.get("content-length")) > 4 * MAX_LESSON) {
      response.body?.cancel();
      throw tooLarge();
    }
    const reader = response.body?.getReader();
    if (!reader) throw unread();
    const decoder = new TextDecoder();
    let text = "";
    let size = 0;
    try {
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        size += part.value.length;
        if (size > 4 * MAX_LESSON) break;
        text += decoder.decode(part.value, { stream: true });
      }
    } catch {
      throw unread();
    }
    if (size > 4 * MAX_LESSON) {
      reader.cancel();
      throw tooLarge();
    }
    return text + decoder.decode();
  }

  // A lesson (data-lesson="tuerme/bonus-moves", data-step="2"; or a lesson file, from
  // data-lesson-src or inline): each step's text above the board, the learner's moves made on
  // the board and judged, a note on each beside the board.
  class Lesson extends Embed {
    constructor(root) {
      // an inline lesson file, taken out before the element's content becomes the board's picture
      const inline = root.querySelector(':scope > script[type="application/json"]');
      inline?.remove();
      super(root, "lesson");
      const step = this.attr("data-step").trim();
      const name = this.attr("data-lesson").trim();
      this.src = this.attr("data-lesson-src").trim();
      this.request = { diagram: this.key };
      if (inline) this.request.source = inline.textContent;
      else if (name.startsWith("{")) this.request.source = name;
      else if (!this.src) this.request.lesson = name;
      if (step) this.request.step = /^\d{1,4}$/.test(step) ? Number(step) : step;
      root.classList.add("pgr-lesson");
      this.heading = el("p", { className: "pgr-step" });
      this.text = el("p", { className: "pgr-text" });
      this.remark = el("div", { className: "pgr-note", hidden: true });
      this.remark.setAttribute("role", "status");
      this.bar = el("div", { className: "pgr-bar" });
      const again = el("button", { type: "button" }, t("Start again", null, this.lang));
      again.addEventListener("click", () => this.act("reset", {}));
      this.bar.append(again);
      this.bar.hidden = true;
      const side = el("div", { className: "pgr-side" });
      side.append(this.remark, this.status, this.actions, this.bar);
      const play = el("div", { className: "pgr-play" });
      play.append(this.board, side);
      root.append(this.heading, this.text, play, this.error);
      if (!this.usable(["data-lesson", "data-lesson-src", "data-step", "data-lang"])) return;
      this.listen();
    }

    // A lesson file at data-lesson-src is fetched when the lesson opens; a file longer than
    // the runtime reads is refused here (the runtime refuses a shorter one that is too long).
    async opening() {
      if (this.src && this.request.source === undefined) this.request.source = await fetchLesson(this.src, this.lang);
      const length = this.request.source?.length ?? 0;
      if (length > MAX_LESSON) {
        throw new Error(t("The lesson is too large: {length} characters, at most {limit}.",
                          { length: this.number(length), limit: this.number(MAX_LESSON) }, this.lang));
      }
      return this.request;
    }

    onBoard(event) {
      if (this.view?.asks) super.onBoard(event);
    }

    show(view) {
      if (!isLessonView(view)) throw new Error(t("the runtime sent a malformed view", null, this.lang));
      this.view = view;
      this.draw(view);
      this.heading.replaceChildren(el("strong", {}, view.title), document.createTextNode(" \u00B7 "),
        el("span", {}, t("Step {step} of {steps}", { step: view.step, steps: view.steps }, this.lang)));
      this.text.textContent = view.text;
      this.remark.hidden = !view.note;
      this.remark.setAttribute("data-kind", view.note ? view.note.kind : "");
      this.remark.replaceChildren(...(view.note ? view.note.lines.map((line) => el("p", {}, line)) : []));
      this.status.textContent = view.prompt;
      const extra = [];
      if (!view.asks && !view.done) {
        const next = el("button", { type: "button", className: "pgr-next" }, t("Next", null, this.lang));
        next.addEventListener("click", () => this.act("next", {}));
        extra.push(next);
      }
      if (view.done && view.next) {
        const { lesson, title } = view.next;
        const next = el("button", { type: "button", className: "pgr-next" },
                        t("Next lesson: {title}", { title }, this.lang));
        next.addEventListener("click", () => {
          this.request.lesson = lesson;
          delete this.request.step;
          this.root.setAttribute("data-lesson", lesson);
          this.root.removeAttribute("data-step");
          this.act("lesson", { lesson });
        });
        extra.push(next);
      }
      this.drawButtons(view.buttons, extra);
      this.bar.hidden = false;
    }
  }

  // ------------------------------------------------------------------ start-up
  function scan(scope = document) {
    if (!document.getElementById("pgr-style")) {
      document.head.append(el("style", { id: "pgr-style" }, STYLE));
    }
    const found = [];
    const lessons = "[data-lesson]:not(.pgr-diagram), [data-lesson-src]:not(.pgr-diagram)";
    for (const root of scope.querySelectorAll(`[data-pygame-rules]:not(.pgr-diagram), ${lessons}`)) {
      try {
        found.push(root.matches(lessons) ? new Lesson(root) : new Diagram(root));
      } catch (error) {  // never let one diagram break the page or the others
        console.warn("pygame_rules embed:", error);  // i18n: internal (for the page's author)
      }
    }
    return found.length;
  }

  window.pygameRulesEmbed = { scan };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => scan());
  else scan();
})();
