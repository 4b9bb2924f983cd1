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
