
// Added by web/build.py to Pyodide's pyodide.asm.mjs, whose module set-up then calls this with
// its `loadDylibs` instead of calling it right away once its WebAssembly is instantiated. That
// links the symbols the WebAssembly imports (making a small WebAssembly wrapper for each
// JavaScript function among them), about 40 ms of what was one task of about 100 ms on the page;
// now it runs in a task of its own, and Emscripten waits for it as a run dependency before it
// goes on, as it waits for the dynamic libraries that `loadDylibs` loads when there are any.
function pygameRulesLinkLater(link, addRunDependency, removeRunDependency) {
  addRunDependency("pygameRulesLink");
  const pause = globalThis.scheduler?.yield
    ? globalThis.scheduler.yield()
    : new Promise((resolve) => setTimeout(resolve, 0));
  pause.then(link).finally(() => removeRunDependency("pygameRulesLink"));
}
