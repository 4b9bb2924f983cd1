// clingo-wasm for the Solve view: answer-set solving of nonograms in the browser.
//
// clingo-wasm (pinned in package.json, copied to site/clingo/ by build.py) runs in a
// module worker of its own, so the page stays responsive. The program it solves is
// encodings/nonogram.lp plus the puzzle's facts, both produced by pysolver in the
// Pyodide worker (request "asp" -> pysolver.nonogram.asp.program). clingo-wasm ignores
// --time-limit, so time limits and cancel use clingo.restart(), which terminates
// its worker (the next run starts a fresh one in about 0.2 s).
//
// Module API (plain ES module, no globals):
//   solveWithClingo(program, {models = 2, timeoutMs = null, onModel = null, signal = null})
//     -> Promise<{status, models, exhausted, time_s, stats}>
//     clingo-wasm has one worker: starting a run stops the one in progress.
//     signal (an AbortSignal) stops this run only, never another caller's.
//     models: 2 decides uniqueness, 1 finds one, N counts up to N, 0 enumerates all.
//     status: "unique" | "multiple" | "solved" | "none" | "timeout" | "cancelled"
//     (the words of pysolver.asp.run.status_of); models: one array of atom strings per
//     model found (also those found before a timeout or cancel); stats: {choices,
//     conflicts, restarts, count, clingo_s}.
//   runClingo(program, models, options, {timeoutMs, onModel, signal})
//     -> Promise<{out, found, stopped, time_s}>: one run with clingo's own output
//     (js/genres/nikoli/asp.js reads consequences, limits and optimums from it).
//   cancel() -> Promise: stops the running solve (its promise resolves "cancelled").
//   busy() -> whether a solve is in progress (optional runs, such as the editor's
//     count race, leave clingo to the solve the player asked for).
//   decode(atoms, chars, width, height) -> row strings (chars[k] is colour k's char).
//   clingoSolver(engine, {id, label, models}) -> a solver for solvers.js:
//     {id, label, solve(puzzleDict, {onProgress, state}) -> {promise, cancel()}}; the promise
//     resolves with the api solve-result dict (engine "clingo") or rejects with
//     {kind: "cancelled"}.
//   joinRace(program, {t0, delayMs = 300, signal, models, timeoutMs, yieldToPlayer = true})
//     -> Promise<solveWithClingo's result | null>: the one way clingo-wasm joins a run the
//     engine worker does (the Solve panel's race, Check's search, the editor's count):
//     `delayMs` after t0, unless stopped or (yieldToPlayer) a solve the player started runs.
//   raceSolver(engine, {id, label, delayMs = 300}) -> a solver: pysolver in the engine
//     worker, clingo-wasm joining after delayMs; the first decided answer wins (its
//     `engine` names it), the other run is cancelled; cancel() stops both.
//   install(app): registers "clingo" (uniqueness), "clingo-count" (count up to 1000)
//     and "auto" (the race, the default) with app.registerSolver.
import clingo from "../../clingo/index.web.js";
import { pysolverRun } from "./solvers.js";

const COUNT_CAP = 1000;
const RACE_DELAY_MS = 300; // auto: clingo joins a solve still running after this
const DEFAULT_TIMEOUT_MS = 120000;
let running = null; // {finish(status)} of the solve in progress

/** The api status word for a model count; mirrors pysolver.asp.run.status_of. */
export function statusOf(found, exhausted, timedOut) {
  if (found >= 2) return "multiple";
  if (timedOut) return "timeout";
  if (found === 0) return exhausted ? "none" : "timeout";
  return exhausted ? "unique" : "solved";
}

/**
 * One clingo-wasm run as clingo gives it: {out (clingo's JSON result), found (the
 * models streamed before a stop), stopped (null | "timeout" | "cancelled"), time_s}.
 * The one place that starts clingo-wasm: a new run stops the one in progress.
 */
export function runClingo(program, models, options, { timeoutMs = null, onModel = null, signal = null } = {}) {
  const found = [];
  const t0 = performance.now();
  let stopped = null; // "timeout" | "cancelled" once restart() was asked for
  let timer = null;
  if (running) running.finish("cancelled");
  const run = clingo.run(program, models, options, (model) => {
    found.push(model.Value);
    if (onModel) onModel(model.Value, found.length);
  });
  const me = {
    finish(why) {
      if (stopped) return Promise.resolve();
      stopped = why;
      return clingo.restart();
    },
  };
  running = me;
  if (signal) {
    if (signal.aborted) me.finish("cancelled");
    else signal.addEventListener("abort", () => me.finish("cancelled"), { once: true });
  }
  if (timeoutMs !== null && timeoutMs !== undefined) timer = setTimeout(() => me.finish("timeout"), timeoutMs);
  return run.then((out) => {
    clearTimeout(timer);
    if (running === me) running = null;
    if (out.Result === "ERROR" && !stopped) throw new Error(`clingo: ${out.Error}`);
    return { out, found, stopped, time_s: Math.round(performance.now() - t0) / 1000 };
  });
}

export function solveWithClingo(program, { models = 2, timeoutMs = null, onModel = null, signal = null } = {}) {
  return runClingo(program, models, ["--stats"], { timeoutMs, onModel, signal }).then(({ out, found, stopped, time_s }) => {
    const witnesses = ((out.Call && out.Call[0] && out.Call[0].Witnesses) || []).map((w) => w.Value);
    const values = stopped || found.length ? found : witnesses;
    const exhausted = !stopped && out.Models && out.Models.More === "no";
    const core = (out.Stats && out.Stats.Core) || {};
    const status = stopped === "cancelled" ? "cancelled" : statusOf(values.length, exhausted, stopped === "timeout");
    return {
      status, models: values, exhausted: !!exhausted, time_s,
      stats: {
        choices: core.Choices ?? null, conflicts: core.Conflicts ?? null, restarts: core.Restarts ?? null,
        count: values.length, clingo_s: out.Time ? out.Time.Total : null,
      },
    };
  });
}

export function cancel() {
  return running ? running.finish("cancelled") : Promise.resolve();
}

export function busy() {
  return running !== null;
}

export function decode(atoms, chars, width, height) {
  const grid = Array.from({ length: height }, () => Array(width).fill(chars[0]));
  for (const a of atoms) {
    const m = /^paint\((\d+),(\d+),(\d+)\)$/.exec(a.replace(/\s+/g, ""));
    if (m) grid[Number(m[2])][Number(m[1])] = chars[Number(m[3])];
  }
  return grid.map((r) => r.join(""));
}

function cancelledError() {
  const err = new Error("cancelled");
  err.kind = "cancelled";
  return err;
}

const DECIDED = new Set(["unique", "multiple", "none", "solved"]);

/**
 * clingo-wasm joining a run of the engine worker: `program` (a promise of the worker's
 * {program}, asked for before that run so the worker answers it first) is solved
 * `delayMs` after `t0`: most runs end by then, and clingo would only take the CPU from
 * the worker. It does not join once `signal` stopped it, nor (yieldToPlayer) over a
 * solve the player started: clingo-wasm runs one solve at a time. Resolves with
 * solveWithClingo's result, or null when it did not join.
 */
export async function joinRace(program, { t0 = performance.now(), delayMs = RACE_DELAY_MS, signal, models, timeoutMs = null, yieldToPlayer = true }) {
  const { program: text } = await program;
  await new Promise((r) => setTimeout(r, Math.max(0, delayMs - (performance.now() - t0))));
  if (signal.aborted || (yieldToPlayer && busy())) return null;
  return solveWithClingo(text, { models, signal, timeoutMs });
}

/** One clingo run on a puzzle: the program from the engine worker, the result as
 * the api's solve-result dict (engine "clingo"). */
async function clingoRun(engine, puzzle, state, { models, signal, onModel }) {
  const { program, chars } = await engine.task("nonogram", "asp", state ? { puzzle, state } : { puzzle }).promise;
  if (signal.aborted) throw cancelledError();
  return clingoAnswer(program, chars, puzzle, { models, signal, onModel });
}

async function clingoAnswer(program, chars, puzzle, { models, signal, onModel }) {
  return answerOf(await solveWithClingo(program, { models, timeoutMs: DEFAULT_TIMEOUT_MS, signal, onModel }), chars, puzzle);
}

/** solveWithClingo's result as the api's solve-result dict (engine "clingo"). */
function answerOf(res, chars, puzzle) {
  if (res.status === "cancelled") throw cancelledError();
  return {
    status: res.status,
    solutions: res.models.map((m) => decode(m, chars, puzzle.width, puzzle.height)),
    count_exact: res.exhausted, // every model enumerated: the solutions are all of them
    time_s: res.time_s,
    stats: res.stats,
    engine: "clingo",
  };
}

export function clingoSolver(engine, { id = "clingo", label = "Rule solver (the whole grid at once)", models = 2, counts } = {}) {
  return {
    id, label, counts, // counts: the Solve panel's cap at first (panels/solve.js), then the player's
    solve(puzzle, { onProgress, state, cap } = {}) {
      const abort = new AbortController(); // cancel stops this solve's clingo run only
      const promise = clingoRun(engine, puzzle, state, {
        models: counts && cap ? cap : models, signal: abort.signal, onModel: (_, n) => onProgress && onProgress({ solutions: n }),
      });
      return { promise, cancel() { abort.abort(); return "restarted"; } };
    },
  };
}

/**
 * The race: pysolver in the engine worker at once, clingo-wasm in its own worker
 * `delayMs` later (most puzzles are answered by then, and clingo would only take
 * the CPU from pysolver); the first decided answer wins and the other run is
 * cancelled. The program for clingo is asked for before the solve, so the worker
 * answers it first. Progress is pysolver's (clingo reports only models).
 */
export function raceSolver(engine, { id = "auto", label = "Automatic (the faster of both)", delayMs = RACE_DELAY_MS } = {}) {
  return {
    id, label,
    solve(puzzle, { onProgress, state } = {}) {
      const abort = new AbortController();
      const t0 = performance.now();
      const asp = engine.task("nonogram", "asp", state ? { puzzle, state } : { puzzle }).promise;
      const py = pysolverRun(engine, puzzle, { state, onProgress });
      let settled = false, pyFailed = null, clingoOver = false;
      let resolve, reject;
      const promise = new Promise((yes, no) => { resolve = yes; reject = no; });
      const win = (res, stopOther) => {
        if (settled) return;
        settled = true;
        stopOther();
        resolve(res);
      };
      const lose = (err) => { if (!settled) { settled = true; reject(err); } };
      py.promise.then((res) => win(res, () => abort.abort()), (err) => {
        pyFailed = err;
        if (clingoOver || err.kind === "cancelled") lose(err);
      });
      asp.then(async ({ chars }) => {
        if (settled) throw cancelledError();
        const run = await joinRace(asp, { t0, delayMs, signal: abort.signal, models: 2, timeoutMs: DEFAULT_TIMEOUT_MS, yieldToPlayer: false });
        if (!run || settled) throw cancelledError();
        const res = answerOf(run, chars, puzzle);
        if (!DECIDED.has(res.status)) throw new Error(`clingo: ${res.status}`);
        res.time_s = Math.round(performance.now() - t0) / 1000; // the race's time, clingo's start included
        win(res, () => engine.cancel(py));
      }).catch(() => {
        clingoOver = true; // pysolver alone now: its answer, or its failure, is the race's
        if (pyFailed) lose(pyFailed);
      });
      return {
        promise,
        cancel() {
          lose(cancelledError());
          abort.abort();
          return engine.cancel(py);
        },
      };
    },
  };
}

export function install(app) {
  app.registerSolver(clingoSolver(app.engine));
  app.registerSolver(clingoSolver(app.engine, {
    id: "clingo-count", label: "Count the solutions", models: COUNT_CAP, counts: COUNT_CAP,
  }));
  // The default: pysolver answers most puzzles at once; clingo joins the hard ones.
  app.registerSolver({ ...raceSolver(app.engine), preferred: true });
  app.clingo = { solveWithClingo, joinRace, cancel, decode, busy };
}
