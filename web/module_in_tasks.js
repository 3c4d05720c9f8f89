
// Added by web/build.py to Pyodide's pyodide.asm.mjs, whose set-up then runs in tasks of its own
// instead of in a few long ones (each was 50–100 ms on the page of a returning visitor):
// - its module factory pauses twice (pygameRulesPause) before it instantiates the WebAssembly:
//   before it sets up its file system, and before its JavaScript side of Python's objects;
// - once the WebAssembly is instantiated, Emscripten took in its exports in one go (20–50 ms):
//   it entered each among the symbols it links (a slice at a time now), converted the
//   signatures of some (a task of its own) and gave each a variable (another);
// - then it linked the WebAssembly in one go: it mapped every
//   function in the table, gave the exports their places (GOT) and linked the symbols the
//   WebAssembly imports (making a small WebAssembly wrapper for each JavaScript function among
//   them). With this it calls pygameRulesInTasks(addRunDependency, removeRunDependency,
//   ...steps) instead: each step runs in a task of its own, and Emscripten waits for them as a
//   run dependency before it goes on (in a task of its own too), as it waits for the dynamic
//   libraries that `loadDylibs` loads when there are any. The exports are placed and the
//   imports linked a few at a time (pygameRulesInSlices), a pause after each
//   PYGAME_RULES_SLICE_MS;
// - Python's own start-up code (API.finalizeBootstrap) pauses after its JavaScript side is set
//   up, after Pyodide's core module is imported and after the first code is evaluated.

// A task boundary: the page's input and drawing run, then start-up goes on (scheduler.yield
// where the browser has it, ahead of the page's other waiting tasks; else a timer).
function pygameRulesPause() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// A step that returns a promise (the imports' slices) is waited for: Emscripten must not go on
// before every import is linked, or Python's function table comes out in another order than the
// snapshot's, which then does not restore ("function signature mismatch").
function pygameRulesInTasks(addRunDependency, removeRunDependency, ...steps) {
  addRunDependency("pygameRulesInTasks");
  let done = Promise.resolve();
  for (const step of steps) done = done.then(pygameRulesPause).then(step);
  done.then(pygameRulesPause).finally(() => removeRunDependency("pygameRulesInTasks"));
}

const PYGAME_RULES_SLICE_MS = 8;

// `run` called with each `batch` of `items` in turn (a list of that many, or fewer at the end),
// in slices of about PYGAME_RULES_SLICE_MS with a pause between them; a promise kept once all
// ran.
async function pygameRulesInSlices(items, run, batch = 1) {
  let until = performance.now() + PYGAME_RULES_SLICE_MS;
  for (let start = 0; start < items.length; start += batch) {
    if (performance.now() > until) {
      await pygameRulesPause();
      until = performance.now() + PYGAME_RULES_SLICE_MS;
    }
    run(items.slice(start, start + batch));
  }
}

// `run` called with parts of `object` (objects of up to 200 of its entries, in order), in slices
// as pygameRulesInSlices: for Emscripten's functions that take all the exports as one object.
function pygameRulesObjectInSlices(object, run) {
  return pygameRulesInSlices(Object.entries(object), (entries) => run(Object.fromEntries(entries)), 200);
}
