// For the tests' Node scripts: the built site's own Pyodide. The build changes both of its modules
// (web/build.py), and they go together: the released pyodide.mjs cannot start the built
// pyodide.asm.mjs.
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// The site's `loadPyodide`, from SITE/pyodide/pyodide.mjs.
export async function siteLoadPyodide(site) {
  return (await import(pathToFileURL(join(site, "pyodide", "pyodide.mjs")).href)).loadPyodide;
}
