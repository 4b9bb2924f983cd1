// Solvers the Solve panel can use. Each: {id, label, solve(puzzleDict, {onProgress, state})
// -> {promise, cancel()}}; state: row strings of the cells known at the start (the
// puzzle's given cells) or undefined. The promise resolves with the solve-result dict of
// ARCHITECTURE.md ({status, solutions, classification, time_s, stats, engine}).
export const solvers = new Map();
const listeners = new Set();

export function registerSolver(solver) {
  solvers.set(solver.id, solver);
  for (const f of listeners) f(solver);
}

export function onSolverAdded(f) { listeners.add(f); }

/** pysolver's run for the Solve panel and the editor (nonogram tasks of the worker protocol):
 * from the empty grid the analysis (which also classifies), from known cells (`state`) a
 * solve for two solutions; the result names its engine. A request handle {id, promise}. */
export function pysolverRun(engine, puzzle, { state, work, timeout, onProgress } = {}) {
  const args = { puzzle };
  if (work !== undefined) args.work = work;
  if (timeout !== undefined) args.timeout = timeout;
  const handle = state ? engine.task("nonogram", "solve", { ...args, max_solutions: 2, state }, { onProgress })
    : engine.task("nonogram", "analyse", args, { onProgress });
  return { ...handle, promise: handle.promise.then((res) => ({ ...res, engine: "pysolver" })) };
}
