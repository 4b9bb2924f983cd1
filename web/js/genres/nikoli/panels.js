// Hint and Solve for the Nikoli families, through clingo-wasm (genres/nikoli/asp.js: nikoliHint,
// runTask "solve"). Hints come in stages as nonogram hints do: wrong marks first, then where
// to look, then what and which rule, then the hint applied as one undoable move. Solve counts
// solutions up to a cap, says whether the puzzle is unique, shows each solution on the board
// (differences from the first outlined) and can be cancelled; a time limit stops it too.
import { el, button } from "../../shell/dom.js";
import { Latest } from "../../shell/latest.js";
import { UNKNOWN } from "../../play/game.js";
import { FAMILY_NAMES } from "./game.js";
import { techDetails } from "../../panels/details.js";

const SOLVE_LIMIT_S = 60; // a safety net only: the answer never depends on the machine's speed

/** The cells a hint names, for the board's outline (Masyu: both cells of each edge). */
function hintCells(cells) {
  return cells.flatMap((c) => (c.to_row ? [{ row: c.row, column: c.column }, { row: c.to_row, column: c.to_column }] : [c]));
}

export class NikoliPanels {
  /** frame: the play frame (play/view.js) the panels go in; nv: the NikoliView; asp: the genres/nikoli/asp.js module. */
  constructor(frame, nv, asp) {
    this.hintRuns = new Latest(); // a hint being looked for (shell/latest.js: a new one, a move or a new game makes it stale)
    this.solves = new Latest();   // the running solve (Cancel, the time limit, a new game stop it)
    Object.assign(this, { nv, asp });
    this.hintButton = button("nk-hint", "Hint: where to look");
    this.hintText = el("p", { id: "nk-hint-text", className: "hint-text" });
    this.hintText.setAttribute("aria-live", "polite");
    this.cap = el("input", { type: "number", id: "nk-solve-cap", min: 2, max: 100, value: 10 });
    this.solveButton = button("nk-solve", "Solve");
    this.cancelButton = button("nk-solve-cancel", "Cancel");
    this.cancelButton.disabled = true;
    this.solveText = el("p", { id: "nk-solve-progress" });
    this.solveText.setAttribute("aria-live", "polite");
    this.solveDetails = techDetails("nk-solve-details"); // the time and statistics, below the result
    this.prev = button("nk-solution-prev", "◀");
    this.next = button("nk-solution-next", "▶");
    this.which = el("span", { id: "nk-solution-which" });
    this.applyButton = button("nk-solution-apply", "Apply this solution");
    this.hideButton = button("nk-solution-hide", "Hide");
    this.browse = el("div", { className: "row", hidden: true }, this.prev, this.which, this.next, this.applyButton, this.hideButton);
    frame.addPanel("Hint", el("div", { className: "panel", id: "nk-hint-panel" }, el("h3", { textContent: "Hint" }), this.hintButton, this.hintText));
    frame.addPanel("Solve", el("div", { className: "panel", id: "nk-solve-panel" }, el("h3", { textContent: "Solve" }),
      el("div", { className: "row" }, el("label", { htmlFor: "nk-solve-cap", textContent: "Count solutions up to " }), this.cap),
      el("div", { className: "row" }, this.solveButton, this.cancelButton), this.solveText, this.solveDetails.element, this.browse));
    this.hintButton.addEventListener("click", () => this.hintStep());
    this.solveButton.addEventListener("click", () => this.solve());
    this.cancelButton.addEventListener("click", () => this.stop("Cancelled."));
    this.prev.addEventListener("click", () => this.show(this.shown - 1));
    this.next.addEventListener("click", () => this.show(this.shown + 1));
    this.applyButton.addEventListener("click", () => this.applySolution());
    this.hideButton.addEventListener("click", () => this.show(-1));
    this.reset();
  }

  busy() { return !!this.solving; } // a solve runs (the clock stops meanwhile)

  reset() {
    this.stop(null);
    this.solutions = [];
    this.show(-1);
    this.solveText.textContent = "";
    this.solveDetails.set([]);
    this.dropHint();
  }

  /** The grid changed: a hint or a solution shown for the old one is stale. */
  onGameChange() {
    this.dropHint();
    if (this.shown >= 0) this.show(-1);
  }

  dropHint() {
    this.hintRuns.drop(); // a hint being looked for is stale: its clingo run stops
    this.hint = null;
    this.stage = 0;
    this.hintButton.textContent = "Hint: where to look";
    this.hintText.textContent = "";
    if (this.nv.view) this.nv.view.setOverlay("hint", null);
  }

  async hintStep() {
    const game = this.nv.game;
    if (!game) return;
    if (!this.hint) {
      const fresh = this.hintRuns.next();
      this.hintText.textContent = "Looking for a hint…";
      let hint;
      try {
        hint = await this.asp.nikoliHint(this.nv.engine, game.puzzle.family, game.puzzle.dict.url, game.stateRows(), { signal: fresh.signal, crosses: game.crosses() });
      } catch (err) {
        if (fresh()) this.hintText.textContent = `No hint: ${err.message}`;
        return;
      }
      if (!fresh() || game !== this.nv.game) return;
      this.hint = hint;
      this.stage = 0;
    }
    const h = this.hint, cells = hintCells(h.cells || []);
    const view = this.nv.view;
    if (!cells.length) { this.hintText.textContent = h.explanation; this.hint = null; return; }
    this.stage += 1;
    if (this.stage === 1) {
      if (game.noteHint) game.noteHint(); // recorded with the game (the win says so)
      view.setOverlay("hint", { cells });
      this.hintText.textContent = h.kind === "mistake"
        ? `${h.cells.length === 1 ? "One of your marks is" : `${h.cells.length} of your marks are`} wrong: outlined on the board.`
        : `Look at row ${h.cells[0].row}, column ${h.cells[0].column}.`;
      this.hintButton.textContent = "Hint: what and why";
    } else if (this.stage === 2) {
      this.hintText.textContent = h.explanation;
      this.hintButton.textContent = h.kind === "mistake" ? "Clear the wrong marks" : "Apply the hint";
    } else {
      const changes = h.kind === "mistake" ? game.hintChanges(h.cells).map(([i]) => [i, UNKNOWN]) : game.hintChanges(h.cells);
      this.dropHint();
      game.apply(changes, "hint");
      this.nv.say(h.kind === "mistake" ? "Wrong marks cleared (Undo brings them back)." : "Hint applied (Undo takes it back).");
    }
  }

  async solve() {
    const game = this.nv.game;
    if (!game || this.solving) return;
    const cap = Math.max(2, Math.min(100, Number(this.cap.value) || 10));
    const fresh = this.solving = this.solves.next();
    const timer = setTimeout(() => this.stop(`Stopped at the time limit (${SOLVE_LIMIT_S} s); no answer.`), SOLVE_LIMIT_S * 1000);
    this.solveButton.disabled = true;
    this.cancelButton.disabled = false;
    this.show(-1);
    this.solveText.textContent = `Solving (counting up to ${cap})…`;
    this.solveDetails.set([]);
    let res;
    try {
      res = await this.asp.runTask(this.nv.engine, game.puzzle.family, "solve", { puzzle: game.puzzle.dict.url, max_solutions: cap }, { signal: fresh.signal });
    } catch (err) {
      if (fresh()) this.stop(`Solve failed: ${err.message}`);
      return;
    } finally {
      clearTimeout(timer);
    }
    if (!fresh() || game !== this.nv.game) return;
    this.stop(null);
    this.solutions = res.solutions || [];
    const n = this.solutions.length, exact = res.stats ? res.stats.exhausted !== false : true;
    // the time depends on the machine: in the details, with the solver's statistics
    this.solveDetails.set([typeof res.time_s === "number" ? `${res.time_s.toFixed(2)} s (clingo)` : "",
      res.stats && typeof res.stats.conflicts === "number" ? `${res.stats.conflicts} conflicts` : ""]);
    this.solveText.textContent = res.status === "unique" ? "Unique: exactly one solution."
      : res.status === "none" ? `No solution: this ${FAMILY_NAMES[game.puzzle.family]} has none.`
      : res.status === "multiple" ? `Not unique: ${exact ? "" : "at least "}${n} solutions${exact ? "" : ` (counted up to ${cap})`}.`
      : n ? `${n} solution${n > 1 ? "s" : ""} found (${res.status}).` : `No answer (${res.status}).`;
    if (n) this.show(0);
  }

  /** Stop a solve (Cancel, the time limit, a new game); the page stays as it was. */
  stop(message) {
    this.solves.drop(); // the running solve, if any, is stale: its clingo run stops
    this.solving = null;
    this.solveButton.disabled = false;
    this.cancelButton.disabled = true;
    if (message) this.solveText.textContent = message;
  }

  /** Solution k drawn over the board (-1: none), its differences from the first outlined. */
  show(k) {
    const view = this.nv.view, game = this.nv.game;
    this.shown = k >= 0 && k < this.solutions.length ? k : -1;
    this.browse.hidden = this.shown < 0;
    if (!view) return;
    view.root.classList.toggle("solve-preview", this.shown >= 0);
    if (this.shown < 0) { view.preview = null; view.setOverlay("check", null); this.nv.runCheck(); return; }
    const cells = game.cellsFromRows(this.solutions[this.shown]);
    view.preview = new Map(Array.from(cells, (v, i) => [i, v]));
    this.which.textContent = `Solution ${this.shown + 1} of ${this.solutions.length}`;
    this.prev.disabled = this.shown === 0;
    this.next.disabled = this.shown === this.solutions.length - 1;
    const first = this.solutions[0], diff = [];
    this.solutions[this.shown].forEach((row, y) => [...row].forEach((ch, x) => { if (ch !== first[y][x]) diff.push({ row: y + 1, column: x + 1 }); }));
    view.setOverlay("check", diff.length ? { cells: diff } : null);
  }

  applySolution() {
    const game = this.nv.game, cells = game.cellsFromRows(this.solutions[this.shown]);
    this.show(-1);
    game.apply(Array.from(cells, (v, i) => [i, v]), "solution");
    this.nv.say("Solution applied (Undo takes it back).");
  }
}
