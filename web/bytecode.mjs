// Adds bytecode to Python's archives at build time (build.py runs it): bytecode.py's `build`,
// run by the Python that browsers run, Pyodide's, here under Node.
// Usage: node web/bytecode.mjs WHEEL WEBUI_ZIP STDLIB_ZIP   (each rewritten in place)
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const here = (name) => fileURLToPath(new URL(name, import.meta.url));
const archives = process.argv.slice(2);
if (archives.length !== 3) throw new Error("usage: node web/bytecode.mjs WHEEL WEBUI_ZIP STDLIB_ZIP");
const py = await loadPyodide({ indexURL: here("../node_modules/pyodide/") });
py.FS.mkdirTree("/build");
py.FS.writeFile("/build/bytecode.py", readFileSync(here("./bytecode.py")));
const inside = ["/build/code.whl", "/build/webui.zip", "/build/stdlib.zip"];
archives.forEach((path, i) => py.FS.writeFile(inside[i], new Uint8Array(readFileSync(path))));
py.runPython(`
import sys
from pathlib import Path
sys.path.insert(0, "/build")
import bytecode
bytecode.build(*(Path(name) for name in ${JSON.stringify(inside)}))
`);
archives.forEach((path, i) => writeFileSync(path, py.FS.readFile(inside[i])));
