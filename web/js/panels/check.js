// Check at the player's choice (off / complete runs / line consistency / against
// the solution) and the crossed-out clue numbers; both come from the worker.
// Stale answers: every check goes on the engine's "check" channel (engine.latest),
// and a scheduled one supersedes the previous at once, so only the answer for the
// newest state is ever shown.
// Against the solution, for a puzzle with no stored picture, the worker first
// searches for a solution within its limit; clingo-wasm (when installed) joins that
// search RACE_DELAY_MS later, and a solution it finds first becomes the picture
// the checks of this game compare with.

import { techDetails } from "./details.js";

const RACE_DELAY_MS = 300;

export class CheckPanel {
  constructor({ select, text, view, engine, getGame, getClingo = () => null }) {
    Object.assign(this, { select, text, view, engine, getGame, getClingo });
    this.timer = 0;
    this.found = null;     // {game, rows}: the solution clingo found for this game
    this.raced = new WeakSet(); // games whose solution clingo was asked for
    this.raceAbort = null; // stops that clingo run (another game, another mode)
    select.addEventListener("change", () => this.schedule(0));
    this.details = techDetails("check-details"); // the engine's limits, behind "Details"
    text.after(this.details.element);
  }

  get mode() { return this.select.value; }

  schedule(delay = 120) {
    clearTimeout(this.timer);
    this.engine.supersede("check"); // the state it was asked about is gone
    this.timer = setTimeout(() => this.run(), delay);
  }

  async run() {
    const game = this.getGame();
    if (!game || this.engine.status === "failed") return;
    const mode = this.mode;
    if (this.raceAbort && (mode !== "solution" || this.raceAbort.game !== game)) this.raceAbort.abort();
    let puzzle = game.puzzle.dict;
    if (mode === "solution" && !puzzle.goal && this.found && this.found.game === game) {
      puzzle = { ...puzzle, goal: this.found.rows };
    }
    const clingo = this.getClingo();
    // the program is asked for before the check, so the worker answers it first
    const program = mode === "solution" && !puzzle.goal && clingo && !this.raced.has(game)
      ? this.engine.task("nonogram", "asp", { puzzle }).promise : null;
    // no stored picture: the worker first looks for a solution within its own budget,
    // which it reports as it starts (hints wait behind it, so say why nothing happens yet)
    const onProgress = (m) => {
      if (m.searching === "solution" && mode === "solution") {
        const limit = m.work ? `up to ${Number(m.work).toLocaleString("en-US")} line solves` : `at most ${m.limit_s} s`;
        this.text.textContent = "This puzzle has no stored solution: looking for one to check against…";
        this.details.set([`search limit: ${limit}`]);
        if (program) this.race(game, program, clingo);
      }
    };
    if (program) program.catch(() => {});
    let res;
    try {
      res = await this.engine.latestTask("check", "nonogram", "check", { puzzle, state: game.stateRows(), mode }, { onProgress });
    } catch (err) {
      if (err.kind !== "superseded" && err.kind !== "cancelled") this.text.textContent = `Check unavailable: ${err.message}`;
      return;
    }
    this.view.setOverlay("clues", res.clues || null);
    this.view.setOverlay("check", mode === "off" ? null : res);
    this.text.textContent = mode === "off" ? "" : res.message;
    this.details.set(mode === "off" ? [] : [res.detail]);
    this.text.classList.toggle("spoiler", mode === "solution");
  }

  /** clingo-wasm looks for a solution alongside the worker's search; one found first
   * stops that search (the engine's cancel) and the check runs against it. */
  async race(game, program, clingo) {
    if (this.raced.has(game)) return;
    this.raced.add(game);
    const abort = new AbortController();
    abort.game = game;
    this.raceAbort = abort;
    try {
      const { chars } = await program;
      const r = await clingo.joinRace(program, { delayMs: RACE_DELAY_MS, signal: abort.signal, models: 1, timeoutMs: 60000 });
      if (!r || abort.signal.aborted || !r.models.length || this.getGame() !== game) return;
      const { width, height } = game.puzzle.dict;
      this.found = { game, rows: clingo.decode(r.models[0], chars, width, height) };
      this.schedule(0); // supersedes the check still searching
    } catch {
      // clingo failed: the worker's own search answers
    } finally {
      if (this.raceAbort === abort) this.raceAbort = null;
    }
  }
}
