// An expert nonogram made on several engine workers at once (no DOM: tests/js runs it in
// Node against fake engines). The engine splits an expert seed's search into lanes, each
// counting its work the same way everywhere; the seed's puzzle is the success with the
// least [work, lane] (work first, then lane) over all lanes, so it is the same however the
// lanes are split. Part i of n (the nonogram task "generate" with args.part [i, n]) runs
// the lanes k with k % n == i and reports, as it goes, its floor (the least [work, lane]
// among its unfinished lanes; null once none is left) and its best success so far; it
// answers with its least success (result.lane: {lane, work, lanes}) or a puzzle error
// when none of its lanes made one.
//
// Here: part i runs on engines[i]; a part whose floor is past the best success seen in
// any part can never win and is cancelled; once every part has answered or been
// cancelled the least success is the puzzle, and when no part made one the first part's
// puzzle error says so (the page goes on to its next seed). A part whose worker dies (a
// helper's) runs again on the main engine, engines[0]: the same part gives the same
// answer there.
import { EngineError } from "../engine/client.js";

/** Order of two [work, lane] keys (negative: a first). */
export const compareKeys = (a, b) => a[0] - b[0] || a[1] - b[1];

// a part's floor: undefined before it reports one (it may be anywhere), null once it has
// no unfinished lane (past every key)
const past = (floor, key) => floor === null || (floor !== undefined && compareKeys(floor, key) > 0);
const later = (a, b) => (a === undefined ? b : b === undefined ? a : a === null || b === null ? null : compareKeys(a, b) >= 0 ? a : b);
const least = (a, b) => (!a ? b : !b ? a : compareKeys(a, b) <= 0 ? a : b);

/**
 * Make `recipe`'s puzzle on `engines` (Engine-like: request(type, payload, {onProgress})
 * -> {id, promise}; cancel(handle)), one part each. Returns {promise, cancel()}: the
 * promise resolves with the task's result (as one request for the whole seed would) and
 * rejects with the first part's puzzle error, an error of the main engine, or kind
 * "cancelled" after cancel() (which stops every part). onProgress(p): {attempt, attempts,
 * walks, lanes}, the most any part's latest report says.
 */
export function generateOnParts(engines, recipe, { onProgress = () => {} } = {}) {
  const n = engines.length;
  let over = false;
  let best = null; // the least [work, lane] of a success seen in any part (reported or answered)
  let settle;
  const promise = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  const parts = engines.map((engine, i) => ({ i, engine, handle: null, floor: undefined, best: null, report: null, result: null, error: null, done: false }));

  const end = (fn, value) => {
    over = true;
    for (const part of parts) stop(part);
    fn(value);
  };

  function stop(part) {
    const handle = part.handle;
    part.handle = null;
    part.done = true;
    if (handle) part.engine.cancel(handle);
  }

  function finishIfDone() {
    if (over || !parts.every((p) => p.done)) return;
    const made = parts.filter((p) => p.result);
    if (made.length) {
      const key = (p) => [p.result.lane.work, p.result.lane.lane];
      end(settle.resolve, made.reduce((a, b) => (compareKeys(key(a), key(b)) <= 0 ? a : b)).result);
    } else {
      end(settle.reject, parts.find((p) => p.error).error);
    }
  }

  /** Cancel each part that can no longer win: its floor past the best, which is not its own. */
  function prune() {
    if (!best) return;
    for (const part of parts) {
      if (part.done || !past(part.floor, best) || (part.best && compareKeys(part.best, best) === 0)) continue;
      stop(part);
    }
  }

  function progress(part, p) {
    part.floor = later(part.floor, p.floor === null ? null : Array.isArray(p.floor) ? p.floor : undefined);
    if (Array.isArray(p.best)) part.best = least(part.best, p.best);
    best = least(best, part.best);
    part.report = p;
    prune();
    finishIfDone();
    if (over) return;
    // each part counts the pictures it has seen (lane 0's, which every part makes up to the
    // lanes' branch, and its own lanes'): the part furthest along speaks for the seed
    const most = (k) => Math.max(...parts.map((q) => (q.report && Number(q.report[k])) || 0));
    onProgress({ attempt: most("attempt"), attempts: most("attempts"), walks: most("walks"), lanes: most("lanes") });
  }

  function answered(part, result) {
    part.handle = null;
    part.done = true;
    part.result = result;
    part.best = least(part.best, [result.lane.work, result.lane.lane]);
    best = least(best, part.best);
    prune();
    finishIfDone();
  }

  function failed(part, err) {
    part.handle = null;
    if (err && err.kind === "puzzle") {
      part.done = true;
      part.error = err;
    } else if (part.engine !== engines[0]) {
      // a helper died or failed: its part again on the main engine (what it reported
      // still holds: the same part makes the same lanes)
      run(part, engines[0]);
      prune(); // it may be past the best already: then it is dropped from the queue at once
      return;
    } else {
      end(settle.reject, err);
      return;
    }
    prune();
    finishIfDone();
  }

  function run(part, engine) {
    part.engine = engine;
    const args = { recipe, part: [part.i, n] };
    const handle = part.handle = engine.request("task", { genre: "nonogram", task: "generate", args }, {
      onProgress: (p) => { if (!over && part.handle === handle && p) progress(part, p); },
    });
    handle.promise.then(
      (reply) => { if (!over && part.handle === handle) answered(part, reply.result); },
      (err) => { if (!over && part.handle === handle) failed(part, err); });
  }

  for (const part of parts) run(part, part.engine);
  return {
    promise,
    cancel() {
      if (!over) end(settle.reject, new EngineError({ kind: "cancelled", message: "cancelled" }));
    },
  };
}
