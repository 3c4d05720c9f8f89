
// Added by web/build.py to Pyodide's pyodide.asm.mjs. Once its WebAssembly is instantiated,
// Emscripten's set-up linked it in one go: it mapped every function in the table, gave the
// exports their places (GOT) and linked the symbols the WebAssembly imports (making a small
// WebAssembly wrapper for each JavaScript function among them), together a task of about 100 ms
// on the page. With this the set-up calls pygameRulesInTasks(addRunDependency,
// removeRunDependency, ...steps) instead: each step runs in a task of its own, and Emscripten
// waits for them as a run dependency before it goes on (in a task of its own too), as it waits
// for the dynamic libraries that `loadDylibs` loads when there are any.
function pygameRulesInTasks(addRunDependency, removeRunDependency, ...steps) {
  const pause = () => (globalThis.scheduler?.yield
    ? globalThis.scheduler.yield()
    : new Promise((resolve) => setTimeout(resolve, 0)));
  addRunDependency("pygameRulesInTasks");
  let done = Promise.resolve();
  for (const step of steps) done = done.then(pause).then(step);
  done.then(pause).finally(() => removeRunDependency("pygameRulesInTasks"));
}
