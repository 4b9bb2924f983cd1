// The nonogram's tasks for the Check panel of every genre (panels/check.js): off / complete
// runs / line consistency / against the solution, and the crossed-out clue numbers with every
// answer; all from the worker (pysolver.api check), on the engine's "check" channel
// (engine.latest: a newer check supersedes the older one in the worker too).
// Against the solution, for a puzzle with no stored picture, the worker first searches for a
// solution within its limit; clingo-wasm (when installed) joins that search RACE_DELAY_MS
// later, and a solution it finds first becomes the picture the checks of this game compare with.

const RACE_DELAY_MS = 300;

export const CHECK_MODES = [["off", "Off"], ["runs", "Complete runs only"], ["lines", "Line consistency"],
  ["solution", "Against the solution (spoiler)"]];

/** engine: the worker's client; getClingo(): the clingo plug-in or null; again(): check again now; getGame(): the game in play. */
export function nonogramCheckTasks({ engine, getClingo, again, getGame }) {
  let found = null;           // {game, rows}: the solution clingo found for this game
  const raced = new WeakSet(); // games whose solution clingo was asked for
  let raceAbort = null;       // stops that clingo run (another game, another mode)

  /** clingo-wasm looks for a solution alongside the worker's search; one found first
   * stops that search (the engine's cancel) and the check runs again against it. */
  async function race(game, program, clingo) {
    if (raced.has(game)) return;
    raced.add(game);
    const abort = new AbortController();
    abort.game = game;
    raceAbort = abort;
    try {
      const { chars } = await program;
      const r = await clingo.joinRace(program, { delayMs: RACE_DELAY_MS, signal: abort.signal, models: 1, timeoutMs: 60000 });
      if (!r || abort.signal.aborted || !r.models.length || getGame() !== game) return;
      const { width, height } = game.puzzle.dict;
      found = { game, rows: clingo.decode(r.models[0], chars, width, height) };
      again(); // supersedes the check still searching
    } catch {
      // clingo failed: the worker's own search answers
    } finally {
      if (raceAbort === abort) raceAbort = null;
    }
  }

  return {
    modes: CHECK_MODES,
    async check(game, mode, { signal, progress }) {
      if (engine.status === "failed") return null;
      signal.addEventListener("abort", () => engine.supersede("check"), { once: true }); // the state it was asked about is gone
      if (raceAbort && (mode !== "solution" || raceAbort.game !== game)) raceAbort.abort();
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
      return { overlay: res, clues: res.clues || null, words: res.message, detail: res.detail, spoiler: mode === "solution" };
    },
  };
}
