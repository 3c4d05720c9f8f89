// The app's Python, in a module worker that app/shell.js starts: Pyodide exactly as released
// runs here, never on the page's thread, and so do the engines, the screens (webui) and the
// computer players. The page draws what it is sent and forwards what the reader does.
//   page → worker  {type: "boot", wheel, ...}   first (the rest of it is for webui.worker)
//   page → worker  any other message: JSON-able, for webui.worker.Host.receive
//   worker → page  {commands}: JSON text, a list of commands (webui/page.py)
//   worker → page  {started: "snapshot" | "fresh"} once Python runs, {failed: message} if it can't
import * as pyodide from "../pyodide/pyodide.mjs";
import { startPython, storeSnapshot } from "./snapshot.js";

const WHEEL = /^[A-Za-z0-9_.+-]+\.whl$/;
// The modules a snapshot holds, imported before it is made: the app and all it draws with.
const PRELOAD = ["webui.worker", "pygame_rules.bots.hint", "pygame_rules.lessons"];

async function fetchBytes(path) {
  const response = await fetch(new URL(path, import.meta.url));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);  // i18n: internal (the console)
  return new Uint8Array(await response.arrayBuffer());
}

// The gist of an error: a Python traceback's last line ("ValueError: …").
function brief(error) {
  const text = String(error && error.message ? error.message : error).trim();
  return (text.split("\n").filter((line) => line.trim()).pop() || "unknown error").slice(0, 300);
}

let host = null;
const waiting = [];

async function boot(wheel) {
  if (typeof wheel !== "string" || !WHEEL.test(wheel)) throw new Error("no wheel named");  // i18n: internal
  const [engines, webui] = await Promise.all([fetchBytes(`../wheels/${wheel}`), fetchBytes("./webui.zip")]);
  const { py, boot: how, made, key } = await startPython(
    pyodide, {
      indexURL: new URL("../pyodide/", import.meta.url).href,
      // our standard library: Pyodide's, compiled to its bytecode by the build (web/bytecode.py)
      stdLibURL: new URL("../app/python_stdlib.zip", import.meta.url).href,
    },
    [[engines, "wheel", "site-packages"], [webui, "zip", "."]], PRELOAD);
  postMessage({ started: how });
  const Host = py.pyimport("webui.worker").Host;
  host = Host((commands) => postMessage({ commands }));
  return { made, key };
}

onmessage = async ({ data }) => {
  if (data?.type === "boot" && host === null && waiting.length === 0) {
    waiting.push(data);
    try {
      const { made, key } = await boot(data.wheel);
      const { wheel: _wheel, ...message } = data;
      host.receive(JSON.stringify(message));
      for (const later of waiting.splice(0).slice(1)) host.receive(JSON.stringify(later));
      if (made) storeSnapshot(key, made);  // after the first screen: the next start restores it
    } catch (error) {
      postMessage({ failed: brief(error) });
    }
    return;
  }
  if (host === null) {
    waiting.push(data);  // sent while Python starts: handled once it runs
    return;
  }
  host.receive(JSON.stringify(data));
};
