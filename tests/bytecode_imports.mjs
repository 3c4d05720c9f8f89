// For tests/test_bytecode.py: the built site's Pyodide, under Node, installs the site's wheel and
// webui.zip the way the browser does (app/snapshot.js), imports every module in them (and with them
// the standard library's modules they need), and tells which files Python had to compile: none
// should, the build gave all of them their bytecode (web/bytecode.py).
// Usage: node tests/bytecode_imports.mjs SITE   →  {"imported": [our modules], "compiled": [files]}
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { siteLoadPyodide } from "./site_pyodide.mjs";

const site = process.argv[2];
const loadPyodide = await siteLoadPyodide(site);
// the standard library the site's worker loads: Pyodide's, compiled by the build (loadPyodide's stdLibURL)
const py = await loadPyodide({ indexURL: join(site, "pyodide") + "/", stdLibURL: join(site, "app", "python_stdlib.zip") });
const [wheel] = readdirSync(join(site, "wheels")).filter((name) => name.endsWith(".whl"));
const sitePackages = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
py.unpackArchive(new Uint8Array(readFileSync(join(site, "wheels", wheel))), "wheel", { extractDir: sitePackages });
py.unpackArchive(new Uint8Array(readFileSync(join(site, "app", "webui.zip"))), "zip");
py.FS.mkdirTree("/build");
py.FS.writeFile("/build/bytecode.py", readFileSync(fileURLToPath(new URL("../web/bytecode.py", import.meta.url))));
console.log(py.runPython(`
import importlib.machinery, json, os, sys, zipimport
compiled = []
from_source = importlib.machinery.SourceFileLoader.source_to_code
def recording(self, data, path, *args, **kwargs):
    compiled.append(path)
    return from_source(self, data, path, *args, **kwargs)
importlib.machinery.SourceFileLoader.source_to_code = recording
from_zipped_source = zipimport._compile_source
def zip_recording(path, source):
    compiled.append(path)
    return from_zipped_source(path, source)
zipimport._compile_source = zip_recording
sys.path[:0] = [os.getcwd(), "/build"]
import bytecode  # compiled too, but not ours to ship: dropped below
imported = bytecode.import_all(["pygame_rules", "webui"])
json.dumps({"imported": imported, "compiled": sorted({path for path in compiled if not path.startswith("/build/")})})
`));
