// Keyboard use of the game board (#board, drawn by webui/play.py):
// - Tab enters the board once: of its controls (the elements the game screen made focusable:
//   what can be chosen now, each a role="button") one is in the tab order, the
//   one last used (a roving tabindex); the others are reached with the arrow keys, which move
//   the focus to the nearest control in that direction (measured from their boxes on screen),
//   Home and End to the first and the last.
// - The focus stays where the action was: the board is drawn anew after every move, so the
//   control that had the focus is found again by its data-* address (else the control nearest
//   to where it was) and focused, unless the reader has moved the focus elsewhere meanwhile.
// - Which elements are controls the game screen says after each redraw, in one command
//   (webui/play.py's "mark", applied by app/shell.js with `mark` below).
// The board is watched for redraws (a MutationObserver on #app), so the game screen needs no
// call to keep any of this.

const BOARD = "#board";
const CONTROL = "[tabindex]";
const DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// The control that last had the focus: its data-* address and the centre of its box.
let last = null;
// Whether the focus was on the board when last seen (a redraw drops it to <body>).
let onBoard = false;

function board() {
  return document.querySelector(BOARD);
}

function controls(host) {
  return [...host.querySelectorAll(CONTROL)].filter((node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  });
}

function centre(node) {
  const box = node.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}

// The data-* attributes naming a board element (the front end's own data-on-* left out).
function address(node) {
  return [...node.attributes]
    .filter((a) => a.name.startsWith("data-") && !a.name.startsWith("data-on-"))
    .map((a) => [a.name, a.value]);
}

// A CSS selector for the elements with all of these [name, value] attributes.
function selectorOf(where) {
  return where.map(([name, value]) => `[${name}="${CSS.escape(value)}"]`).join("");
}

function find(host, where) {
  if (!where.length) return null;
  const found = [...host.querySelectorAll(selectorOf(where))].filter((node) => node.matches(CONTROL));
  return found.at(-1) || null;  // the topmost, as mark makes it a control
}

// The elements `mark` made controls, with the tabindex and role each had before: a redraw of
// some of the board's parts keeps the others (app/shell.js's "board-parts"), which are then
// made what they were again (`unmark`): a drawing has no controls until it is marked.
let marks = [];

export function unmark() {
  for (const [node, tabindex, role] of marks) {
    if (!node.isConnected) continue;
    for (const [name, value] of [["tabindex", tabindex], ["role", role]]) {
      if (value === null) node.removeAttribute(name);
      else node.setAttribute(name, value);
    }
    node.classList.remove("focusable");
  }
  marks = [];
}

// Make controls of what can be chosen now: `addresses` is a list of objects of data-* values
// without "data-" ({"square": "e4"}); of the board's elements with exactly one address'
// values, the topmost (last drawn) becomes the control, one per thing. The game screen
// (webui/play.py) says it once per redraw: one command, instead of several per control.
export function mark(addresses) {
  const host = board();
  if (!host) return;
  unmark();
  const marked = [];
  for (const target of addresses) {
    const where = Object.entries(target).map(([key, value]) => [`data-${key}`, String(value)]);
    if (!where.length) continue;
    const node = [...host.querySelectorAll(selectorOf(where))].at(-1);
    if (!node) continue;
    if (!node.classList.contains("focusable")) {
      marks.push([node, node.getAttribute("tabindex"), node.getAttribute("role")]);
    }
    node.setAttribute("tabindex", "-1");
    node.setAttribute("role", "button");
    node.classList.add("focusable");
    marked.push(node);
  }
  // One tab stop at once, without measuring: the control last used, else the first; `refresh`
  // then puts it where reading order says (at once or in the next frame, see `redrawn`).
  const first = (last && find(host, last.address)) || marked[0];
  first?.setAttribute("tabindex", "0");
}

function nearest(list, [x, y]) {
  let best = null;
  let bestDistance = Infinity;
  for (const node of list) {
    const [cx, cy] = centre(node);
    const distance = Math.hypot(cx - x, cy - y);
    if (distance < bestDistance) [best, bestDistance] = [node, distance];
  }
  return best;
}

// The nearest control from `from` in direction [dx, dy]: ahead of it, preferring the ones in line.
function toward(list, from, [dx, dy]) {
  const [x, y] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const node of list) {
    if (node === from) continue;
    const [cx, cy] = centre(node);
    const ahead = (cx - x) * dx + (cy - y) * dy;
    if (ahead < 1) continue;
    const aside = Math.abs((cx - x) * dy - (cy - y) * dx);
    const score = ahead + 2 * aside;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}

// Reading order: top to bottom, then left to right.
function reading(list) {
  return [...list].sort((a, b) => {
    const [ax, ay] = centre(a);
    const [bx, by] = centre(b);
    return Math.abs(ay - by) > 4 ? ay - by : ax - bx;
  });
}

function rove(list, current) {
  for (const node of list) node.setAttribute("tabindex", node === current ? "0" : "-1");
}

function remember(node) {
  last = { address: address(node), centre: centre(node) };
}

// After a redraw: one control in the tab order, and the focus back where it was.
function refresh() {
  const host = board();
  if (!host) return;
  const list = controls(host);
  if (!list.length) return;
  const active = document.activeElement;
  const lost = !active || active === document.body || !active.isConnected;
  let current = list.includes(active) ? active : null;
  if (!current && last) current = find(host, last.address) || (lost && onBoard ? nearest(list, last.centre) : null);
  current ||= reading(list)[0];
  rove(list, current);
  if (lost && onBoard && current !== active) current.focus({ preventScroll: true });
}

function keydown(event) {
  const host = board();
  const from = event.target;
  if (!host || !host.contains(from) || !from.matches?.(CONTROL) || event.altKey || event.ctrlKey
      || event.metaKey) return;
  const list = controls(host);
  let to = null;
  if (event.key in DIRECTIONS) to = toward(list, from, DIRECTIONS[event.key]);
  else if (event.key === "Home") to = reading(list)[0];
  else if (event.key === "End") to = reading(list).at(-1);
  else return;
  event.preventDefault();  // no page scrolling, and no other use of these keys while on the board
  event.stopPropagation();
  to?.focus();  // focusin makes it the board's tab stop
}

function focusin(event) {
  const host = board();
  onBoard = Boolean(host && host.contains(event.target));
  if (onBoard && event.target.matches?.(CONTROL)) {
    remember(event.target);
    rove(controls(host), event.target);
  }
}

// Whether a mutation record is a redraw of `host`: a change inside it, or it arriving whole.
function redraws(record, host) {
  return host.contains(record.target) || [...record.addedNodes].some((node) => node.contains(host));
}

// After a change in the app: nothing to do unless the board was redrawn (a new slice of the log,
// say, leaves it alone). With the focus on the board, it goes back in the same task; without,
// the controls are measured in the next frame, with the layout the frame needs anyway, instead
// of forcing one in the task that drew the board (docs/benchmarks.md: a long game's import).
let refreshing = false;
function redrawn(records) {
  const host = board();
  if (!host || !records.some((record) => redraws(record, host))) return;
  if (onBoard) {
    refresh();
  } else if (!refreshing) {
    refreshing = true;
    requestAnimationFrame(() => {
      refreshing = false;
      refresh();
    });
  }
}

document.addEventListener("keydown", keydown, true);
document.addEventListener("focusin", focusin, true);
const app = document.getElementById("app");
if (app) new MutationObserver(redrawn).observe(app, { childList: true, subtree: true });
