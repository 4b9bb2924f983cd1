// Nikoli tasks in the browser: the Python task (pysolver/asp/tasks.py, in the
// engine worker) says which clingo calls it needs, one at a time; each is run here
// on clingo-wasm (js/engine/clingo-client.js, its one clingo worker) and answered back.
// The engine requests (the worker protocol, web/README.md): task {genre, task, args} and
// step {session, answer}, each -> {session, ask} or {result}; and read for the puzzles.
//
//   runTask(engine, genre, task, args, {signal, timeoutMs}) -> Promise<result>
//     genre: the family ("nurikabe", ...); task: one of its tasks ("hint", "solve",
//     "check", "generate", ...); rejects with an
//     EngineError (kind "puzzle" for bad input) or {kind: "cancelled"} when signal
//     aborts. timeoutMs: a safety net per clingo run (the tasks bound their work in
//     conflicts); a run that reaches it is answered as cut short (sat null).
//   nikoliHint(engine, family, puzzleText, stateRows, {signal, crosses}) -> the hint dict of
//     `pysolver hint FILE --state S --json`; crosses (Masyu): the joins marked "no
//     line" that the rows cannot say, [{row, column, to_row, to_column}] (1-based)
//   nikoliGenerate(engine, family, width, height, seed, {signal}) -> the generator's
//     result (the "generate" task, pysolver/nikoli/generate.py)
import { runClingo } from "../../engine/clingo-client.js";
import { answerOf, askRun } from "./ask.js";


const RUN_TIMEOUT_MS = 120000;

function cancelledError() {
  const err = new Error("cancelled");
  err.kind = "cancelled";
  return err;
}

/** One ask answered by clingo-wasm. */
export async function answerAsk(ask, { signal = null, timeoutMs = RUN_TIMEOUT_MS } = {}) {
  const { program, models, options } = askRun(ask);
  const run = await runClingo(program, models, options, { signal, timeoutMs });
  if (run.stopped === "cancelled") throw cancelledError();
  if (run.stopped === "timeout") {
    return { sat: null, models: [], exhausted: false, core: null, conflicts: 0, time_s: run.time_s };
  }
  return answerOf(ask, run.out, run.time_s);
}

export async function runTask(engine, genre, task, args, { signal = null, timeoutMs = RUN_TIMEOUT_MS } = {}) {
  let reply = await engine.call("task", { genre, task, args });
  while (!("result" in reply)) {
    if (signal && signal.aborted) throw cancelledError();
    const answer = await answerAsk(reply.ask, { signal, timeoutMs });
    reply = await engine.call("step", { session: reply.session, answer });
  }
  return reply.result;
}

export function nikoliHint(engine, family, puzzleText, stateRows, { signal = null, crosses = [] } = {}) {
  return runTask(engine, family, "hint", { puzzle: puzzleText, state: stateRows, crosses }, { signal });
}

/** A generated puzzle ({url, stars, level, ...}: pysolver/nikoli/generate.py); `level` (easy ..
 * expert, or null: whatever it comes out at, with as few clues as it can). */
export function nikoliGenerate(engine, family, width, height, seed, { signal = null, level = null } = {}) {
  return runTask(engine, family, "generate", { width, height, seed, ...(level ? { level } : {}) }, { signal });
}
