
// Added by web/build.py to Pyodide's pyodide.mjs, whose loadPyodide then calls this instead of
// its own bootstrapPyodide(module, snapshot, config): the same two steps, restoring a memory
// snapshot (when there is one) and running Python's own start-up code, but each in a task of its
// own. Pyodide ran both in the task that received the compiled WebAssembly, and together with
// it they made the page's longest task of a start (about 250 ms on a returning visit).
async function pygameRulesBootstrap(api, snapshot, deserializer) {
  await pygameRulesPause();
  let state;
  if (snapshot) {
    state = api.restoreSnapshot(snapshot);
    await pygameRulesPause();
  }
  return api.finalizeBootstrap(state, deserializer);
}

// A task boundary: the page's input and drawing run, then start-up goes on (scheduler.yield
// where the browser has it, ahead of the page's other waiting tasks; else a timer). The same as
// in web/module_in_tasks.js: the two files go into two modules, which share no functions.
function pygameRulesPause() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
