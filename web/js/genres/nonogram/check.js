// The nonogram's tasks for the Check panel of every genre (panels/check.js): off / complete
// runs / line consistency / against the solution, and the crossed-out clue numbers with every
// answer; its data only (the lines or cells that are wrong, the engine's sentence). All from the
// worker (pysolver.api check), on the engine's "check" channel
// (engine.latest: a newer check supersedes the older one in the worker too).
// Against the solution, for a puzzle with no stored picture, the worker first searches for a
// solution within its limit; clingo-wasm (when installed) joins that search RACE_DELAY_MS
// later, and a solution it finds first becomes the picture the checks of this game compare with.

import { Latest } from "../../shell/latest.js";

const RACE_DELAY_MS = 300;

export const CHECK_MODES = [["off", "Off"], ["runs", "Complete runs only"], ["lines", "Line consistency"],
  ["solution", "Against the solution (spoiler)"]];

/** The engine's answer (pysolver.nonogram.player.marks) as the Check panel's data: each line
 * or cell that is wrong a mistake, the engine's sentence the verdict (`unavailable`: there was
 * nothing to compare with, no solution found or none exists). */
export function nonogramCheckData(res, mode) {
  const wrong = [...(res.lines || []).map((l) => ({ lines: [l] })), ...(res.cells || []).map((c) => ({ cells: [c] }))];
  return { wrong, words: res.message, unavailable: res.unavailable ? res.message : undefined, clues: res.clues || null,
    detail: res.detail, spoiler: mode === "solution" };
}

/** engine: the worker's client; getClingo(): the clingo plug-in or null; again(): check again now; getGame(): the game in play. */
export function nonogramCheckTasks({ engine, getClingo, again, getGame }) {
  let found = null;           // {game, rows}: the solution clingo found for this game
  const raced = new WeakSet(); // games whose solution clingo was asked for
  const races = new Latest();  // the clingo run's turn: dropped (the run stops) for another game or mode
  let racing = null;          // the game that run is for

  /** clingo-wasm looks for a solution alongside the worker's search; one found first
   * stops that search (the engine's cancel) and the check runs again against it. */
  async function race(game, program, clingo) {
    if (raced.has(game)) return;
    raced.add(game);
    const fresh = races.next();
    racing = game;
    try {
      const { chars } = await program;
      const r = await clingo.joinRace(program, { delayMs: RACE_DELAY_MS, signal: fresh.signal, models: 1, timeoutMs: 60000 });
      if (!r || !fresh() || !r.models.length || getGame() !== game) return;
      const { width, height } = game.puzzle.dict;
      found = { game, rows: clingo.decode(r.models[0], chars, width, height) };
      again(); // supersedes the check still searching
    } catch {
      // clingo failed: the worker's own search answers
    } finally {
      if (fresh()) racing = null;
    }
  }

  return {
    modes: CHECK_MODES,
    async check(game, mode, { signal, progress }) {
      if (engine.status === "failed") return null;
      signal.addEventListener("abort", () => engine.supersede("check"), { once: true }); // the state it was asked about is gone
      if (racing && (mode !== "solution" || racing !== game)) { races.drop(); racing = null; }
      let puzzle = game.puzzle.dict;
      if (mode === "solution" && !puzzle.goal && found && found.game === game) puzzle = { ...puzzle, goal: found.rows };
      const clingo = getClingo();
      // the program is asked for before the check, so the worker answers it first
      const program = mode === "solution" && !puzzle.goal && clingo && !raced.has(game)
        ? engine.task("nonogram", "asp", { puzzle }).promise : null;
      if (program) program.catch(() => {});
      // no stored picture: the worker first looks for a solution within its own budget,
      // which it reports as it starts (hints wait behind it, so say why nothing happens yet)
      const onProgress = (m) => {
        if (m.searching === "solution" && mode === "solution") {
          const limit = m.work ? `up to ${Number(m.work).toLocaleString("en-US")} line solves` : `at most ${m.limit_s} s`;
          progress("This puzzle has no stored solution: looking for one to check against…", [`search limit: ${limit}`]);
          if (program) race(game, program, clingo);
        }
      };
      const res = await engine.latestTask("check", "nonogram", "check", { puzzle, state: game.stateRows(), mode }, { onProgress });
      return nonogramCheckData(res, mode);
    },
  };
}
