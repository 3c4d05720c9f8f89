// pygame_rules embed: live board diagrams of Babel, Saba and Spiel der Tuerme in any web page.
// (ASCII only: a host page without a charset would misread other characters.)
//
// One classic script tag (a classic script loads across origins without CORS headers; a module
// script would not) and one element per diagram:
//   <script src="https://host/embed/embed.js" defer></script>
//   <div data-pygame-rules="tuerme" data-position="..." data-moves="d4xd6" data-interactive>
//     <svg ...>...</svg>   <!-- optional static picture, e.g. from `python -m pygame_rules render --embed` -->
//   </div>
// Whatever the element holds is shown at once; Python starts only when the reader first uses a
// diagram (or at once for a diagram with no picture), in ONE hidden iframe from the asset host
// shared by all diagrams. Attribute text is only ever set as text or sent to that iframe; the only
// markup inserted is the SVG the iframe's renderer returns.
(() => {
  "use strict";
  if (window.pygameRulesEmbed) return;  // the script was included twice

  const FRAME_URL = new URL("frame.html", document.currentScript.src);
  const FRAME_ORIGIN = FRAME_URL.origin;
  const GAMES = ["babel", "saba", "tuerme"];
  const ATTRIBUTES = ["data-pygame-rules", "data-position", "data-moves", "data-viewer", "data-highlight"];
  // The longest attribute the runtime reads (embed_service.MAX_TEXT): a longer one gets a
  // message here, in its own diagram, instead of a request the frame would refuse.
  const MAX_ATTRIBUTE = 20_000;
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
.pgr-status{margin:2px 0}
.pgr-error{margin:4px 0;padding:4px 8px;border:1px solid #b00020;background:#fdecee;color:#7a0016}`;

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
    else waiting.reject(new Error("the runtime sent a malformed answer"));
  }

  function startRuntime() {
    started ??= new Promise((resolve, reject) => {
      frame = document.createElement("iframe");
      frame.src = FRAME_URL.href;
      frame.title = "pygame_rules runtime";
      frame.tabIndex = -1;
      frame.setAttribute("aria-hidden", "true");
      frame.setAttribute("data-pygame-rules-runtime", "");
      frame.style.cssText = "position:absolute;left:-9999px;width:1px;height:1px;border:0";
      const timer = setTimeout(() => reject(new Error("the rules engine did not start")), START_TIMEOUT_MS);
      frame.addEventListener("pgr-hello", () => { clearTimeout(timer); resolve(); }, { once: true });
      addEventListener("message", onMessage);
      document.body.appendChild(frame);
    });
    return started;
  }

  async function call(method, request) {
    await startRuntime();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error("the rules engine did not answer; reload the page to try again"));
      }, CALL_TIMEOUT_MS);
      const settle = (then) => (value) => { clearTimeout(timer); then(value); };
      pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      frame.contentWindow.postMessage(
        { pgr: 1, id, method, payload: JSON.stringify(request) }, FRAME_ORIGIN);
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
  function parseSvg(text) {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const root = doc.documentElement;
    if (root.localName !== "svg" || doc.querySelector("parsererror")) throw new Error("bad SVG");
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

  class Diagram {
    constructor(root) {
      this.root = root;
      this.key = ++diagramCount;
      this.opened = null;  // a promise of the first view
      this.busy = false;
      const attr = (name) => root.getAttribute(name) || "";
      this.request = {
        diagram: this.key, game: attr("data-pygame-rules").trim(), position: attr("data-position"),
        moves: attr("data-moves"), viewer: attr("data-viewer").trim(),
        highlight: attr("data-highlight"), interactive: root.hasAttribute("data-interactive"),
      };
      root.classList.add("pgr-diagram");
      this.board = el("div", { className: "pgr-board" });
      this.board.append(...root.childNodes);  // the author's static picture, if any
      this.bar = el("div", { className: "pgr-bar" });
      this.status = el("p", { className: "pgr-status" });
      this.status.setAttribute("aria-live", "polite");
      this.actions = el("div", { className: "pgr-actions" });
      this.error = el("p", { className: "pgr-error", hidden: true });
      this.error.setAttribute("role", "alert");
      root.append(this.board, this.bar, this.status, this.actions, this.error);
      const long = ATTRIBUTES.find((name) => attr(name).length > MAX_ATTRIBUTE);
      if (long) {
        this.fail(`The ${long} attribute is too long: ${attr(long).length.toLocaleString("en")} characters, `
                  + `at most ${MAX_ATTRIBUTE.toLocaleString("en")}.`);
        return;
      }
      if (!GAMES.includes(this.request.game)) {
        this.fail(`Unknown game "${this.request.game}": use one of ${GAMES.join(", ")}.`);
        return;
      }
      this.hasMoves = this.request.moves.trim() !== "";
      this.buildBar();
      this.board.addEventListener("click", (e) => this.onBoard(e));
      this.board.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.onBoard(e); }
      });
      this.setState("static");
      if (!this.board.firstElementChild) this.live();  // nothing to show before Python
    }

    setState(name) { this.root.setAttribute("data-pgr-state", name); }

    buildBar() {
      const button = (label, title, handler) => {
        const b = el("button", { type: "button", title }, label);
        b.setAttribute("aria-label", title);
        b.addEventListener("click", handler);
        this.bar.append(b);
        return b;
      };
      if (this.hasMoves) {
        this.first = button("|\u25C0", "Start", () => this.act("goto", { ply: 0 }));
        this.back = button("\u25C0", "Back one move", () => this.act("goto", { ply: (this.view?.ply ?? 0) - 1 }));
        this.ply = el("span", { className: "pgr-ply" });
        this.bar.append(this.ply);
        this.forward = button("\u25B6", "Forward one move", () => this.act("goto", { ply: (this.view?.ply ?? 0) + 1 }));
        this.last = button("\u25B6|", "End", () => this.act("goto", { ply: 1e6 }));
      }
      if (this.request.interactive) {
        this.choices = el("select", { title: "Try a legal move" });
        this.choices.addEventListener("change", () => {
          const index = this.choices.selectedIndex - 1;
          if (index >= 0) this.act("choose", { index });
        });
        this.choices.append(el("option", {}, "Try a move\u2026"));
        this.bar.append(this.choices);
        this.reset = button("Reset", "Back to the starting position", () => this.act("reset", {}));
      }
      if (!this.hasMoves && !this.request.interactive) this.bar.hidden = true;
    }

    // Start Python (shared) and open this diagram there; resolves to false if that failed.
    live() {
      this.opened ??= (async () => {
        this.setState("loading");
        this.status.textContent = "Loading the rules engine\u2026";
        try {
          this.show(await call("open", this.request));
          return true;
        } catch (error) {
          this.fail(error.message);
          return false;
        }
      })();
      return this.opened;
    }

    async act(method, args) {
      if (this.busy) return;
      this.busy = true;
      try {
        if (await this.live()) this.show(await call(method, { diagram: this.key, ...args }));
      } catch (error) {
        this.note(error.message);
      } finally {
        this.busy = false;
      }
    }

    onBoard(event) {
      if (!this.request.interactive) return;
      const target = clickedThing(event.target, this.board);
      if (target) this.act("click", { target });
    }

    show(view) {
      if (!isView(view)) throw new Error("the runtime sent a malformed view");
      this.view = view;
      this.board.replaceChildren(parseSvg(view.svg));
      for (const target of view.clickable) this.markClickable(target);
      this.setState("live");
      this.error.hidden = true;
      this.status.textContent = [view.status, view.prompt].filter(Boolean).join(" \u00B7 ");
      if (this.hasMoves) {
        const move = view.ply ? `: ${view.moves[view.ply - 1]}` : "";
        this.ply.textContent = `${view.ply} / ${view.total}${move}`;
        this.first.disabled = this.back.disabled = view.ply === 0;
        this.forward.disabled = this.last.disabled = view.ply === view.total;
      }
      if (this.request.interactive) {
        this.choices.replaceChildren(el("option", {}, view.choices.length ? "Try a move\u2026" : "No move possible"));
        for (const label of view.choices) this.choices.append(el("option", {}, String(label)));
        this.actions.replaceChildren(...view.buttons.map((label, index) => {
          const b = el("button", { type: "button" }, String(label));
          b.addEventListener("click", () => this.act("button", { index }));
          return b;
        }));
      }
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
      this.bar.hidden = true;
    }
  }

  // ------------------------------------------------------------------ start-up
  function scan(scope = document) {
    if (!document.getElementById("pgr-style")) {
      document.head.append(el("style", { id: "pgr-style" }, STYLE));
    }
    const found = [];
    for (const root of scope.querySelectorAll("[data-pygame-rules]:not(.pgr-diagram)")) {
      try {
        found.push(new Diagram(root));
      } catch (error) {  // never let one diagram break the page or the others
        console.warn("pygame_rules embed:", error);
      }
    }
    return found.length;
  }

  window.pygameRulesEmbed = { scan };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => scan());
  else scan();
})();
