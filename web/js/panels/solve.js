// The Solve panel of every genre: the genre's solvers (an engine choice when it has several),
// a cap for those that count, progress, Cancel, the verdict (panels/solve-words.js), the
// engine's statistics behind "Details", and the solutions as pictures drawn by the genre's own
// board plug-in (board/thumb.js): the first, and the others one at a time (previous / next),
// outlined where they differ from the first; "Show in grid" puts one on the board as one
// undoable move. While a solve runs, the cells its progress reports as known (`state`) are drawn
// on the board as a display layer: the player's own marks stay as they were.
// The genre's tasks (web/README.md, "Genres"):
//   solvers(): the solvers, each {id, label, counts? (it counts: its cap at first), preferred?, solve(puzzle, {state, cap, onProgress})
//     -> {promise, cancel()}}; onSolver(f), optional: f(solver) for one registered later;
//   cellsOf(game, rows) -> the board's values for solution rows (null where a row says "?");
//   board(game): the board plug-in that draws the pictures.
import { el, button, handOver } from "../shell/dom.js";
import { Latest } from "../shell/latest.js";
import { drawBoardThumb } from "../board/thumb.js";
import { techDetails } from "./details.js";
import { CAP, clampCap, detailLines, differing, verdictLine } from "./solve-words.js";

const FIGURE_BOX = 140; // CSS pixels of a solution picture's longer side

export class SolvePanel {
  /** frame: the play frame (play/view.js); the genre's tasks come with use(). */
  constructor({ frame, getGame = () => frame.game, announce = (t) => frame.say(t) }) {
    Object.assign(this, { frame, tasks: null, getGame, announce });
    this.select = el("select", { id: "solve-engine" });
    this.engineRow = el("div", { className: "row" }, el("label", { htmlFor: this.select.id, textContent: "Engine" }), this.select);
    this.cap = el("input", { type: "number", id: "solve-cap", min: CAP.min, max: CAP.max, value: CAP.start });
    this.capRow = el("div", { className: "row" }, el("label", { htmlFor: this.cap.id, textContent: "Count solutions up to " }), this.cap);
    this.solveButton = button("solve", "Solve");
    this.cancelButton = button("solve-cancel", "Cancel");
    this.cancelButton.disabled = true;
    this.progress = el("p", { id: "solve-progress" });
    this.progress.setAttribute("aria-live", "polite");
    this.details = techDetails("solve-details"); // engine, statistics and timings: behind "Details"
    this.result = el("div", { id: "solve-result" });
    this.element = frame.addPanel("Solve", el("div", { className: "panel", id: "solve-panel" }, el("h3", { textContent: "Solve" }),
      this.engineRow, this.capRow, el("div", { className: "row" }, this.solveButton, this.cancelButton),
      this.progress, this.details.element, this.result));
    this.shown = null; // the board's display layer (view.preview) while it shows a solve's known cells
    this.running = null;
    this.runs = new Latest(); // a run's answers are dropped once it is not the latest (shell/latest.js)
    this.byId = new Map();
    this.heard = new WeakSet(); // the tasks whose onSolver this panel listens to
    this.select.addEventListener("change", () => this.showChoices());
    this.cap.addEventListener("change", () => { this.capEdited = true; });
    this.solveButton.addEventListener("click", () => this.solve());
    this.cancelButton.addEventListener("click", () => this.cancel());
  }

  /** The genre in play's tasks (null: it has no solver, the panel hides): its solvers in the choice. */
  use(tasks) {
    this.frame.sheet.showTab(this.element, !!tasks);
    if (tasks === this.tasks) return;
    this.reset();
    this.tasks = tasks;
    this.byId.clear();
    this.select.replaceChildren();
    this.capEdited = false;
    if (!tasks) return;
    for (const s of tasks.solvers()) this.addSolver(s);
    if (tasks.onSolver && !this.heard.has(tasks)) {
      this.heard.add(tasks);
      tasks.onSolver((s) => { if (this.tasks === tasks) this.addSolver(s); });
    }
  }

  addSolver(s) {
    this.byId.set(s.id, s);
    this.select.append(el("option", { value: s.id, textContent: s.label }));
    if (s.preferred && !this.running) this.select.value = s.id;
    this.showChoices();
  }

  /** The engine choice when there is one; the cap for a solver that counts. */
  showChoices() {
    this.engineRow.hidden = this.byId.size < 2;
    const s = this.byId.get(this.select.value);
    this.capRow.hidden = !(s && s.counts);
    if (s && s.counts && !this.capEdited) this.cap.value = s.counts; // the solver's own cap until the player sets one
  }

  busy() { return !!this.running; } // a solve runs (the clock stops meanwhile)

  reset() {
    if (this.running) this.cancel();
    this.progress.textContent = "";
    this.details.set([]);
    this.result.replaceChildren();
  }

  solve() {
    const game = this.getGame(), solver = this.byId.get(this.select.value);
    if (!game || !solver || this.running) return;
    this.result.replaceChildren();
    this.details.set([]);
    this.progress.textContent = "Solving…";
    // on a phone the unfolded sheet hid most of a big board, where the solver's known cells
    // show: it folds while the run lasts (its button unfolds it, Cancel there), then shows
    // the verdict
    const sheet = this.frame.sheet, folds = sheet.unfoldedOn(this.element);
    if (folds) sheet.fold();
    this.announce(folds ? "Solving… (open Solve to cancel)" : "Solving…"); // not the last run's "Solve cancelled"
    handOver(this.solveButton, this.cancelButton); // a keyboard player's focus on Cancel, then back
    const t0 = performance.now();
    let parts = null, known = 0; // the share of cells known only goes up
    // A run's answers count only while it is the panel's latest run: once cancelled, its
    // late progress and result are dropped here. (Not engine.latest(): a run may be
    // clingo's, outside the engine's queue, and Cancel may restart the worker.)
    const fresh = this.runs.next();
    const own = (f) => (...args) => { if (fresh()) f(...args); };
    const draw = own(() => {
      const s = `${((performance.now() - t0) / 1000).toFixed(1)} s`;
      // the clock in view, so a long solve never looks frozen
      this.progress.textContent = known ? `Solving… ${known}% of the cells known (${s})` : `Solving… (${s})`;
      this.details.set([`${solver.label}${parts && parts.length ? `: ${parts.join(", ")}` : ""} (${s})`]);
    });
    const run = solver.solve(game.puzzle.dict, {
      state: game.givenState ? game.givenState() : undefined, // given cells are part of the puzzle
      cap: solver.counts ? clampCap(this.cap.value) : undefined,
      onProgress: own((p) => {
        parts = [];
        if (p.known !== undefined && p.total) known = Math.max(known, Math.round((100 * p.known) / p.total));
        if (p.nodes !== undefined) parts.push(`${p.nodes} nodes`);
        if (p.solutions !== undefined) parts.push(`${p.solutions} solutions`);
        draw();
        if (Array.isArray(p.state)) this.showKnown(p.state, game);
      }),
    });
    this.running = run;
    // the clock keeps going between progress messages (clingo reports only models)
    this.ticker = setInterval(draw, 500);
    run.promise.then(own((res) => this.show(res, game)), own((err) => {
      this.progress.textContent = err.kind === "cancelled" ? "Cancelled." : `Solve failed: ${err.message}`;
    })).finally(own(() => { // after a cancel, cancel() reset the buttons and a new run may own them
      if (folds && sheet.folded()) sheet.show(this.element); // the verdict, where the player left it
      this.running = null;
      this.hideKnown();
      clearInterval(this.ticker);
      handOver(this.cancelButton, this.solveButton);
    }));
  }

  cancel() {
    const run = this.running;
    if (!run) return;
    this.runs.drop();
    this.running = null;
    clearInterval(this.ticker);
    this.hideKnown();
    const how = run.cancel();
    this.progress.textContent = how === "restarted" ? "Cancelled (the engine is restarting; you can keep playing)." : "Cancelled.";
    handOver(this.cancelButton, this.solveButton);
    this.announce("Solve cancelled");
  }

  /** Draw the solve's known cells (row strings, `?` unknown) over the board, unless the
   * player is drawing a stroke (the layer is the stroke's then) or another game is open. */
  showKnown(rows, game) {
    const view = this.frame.view;
    if (!view || view.game !== game || view.stroke || (view.preview && view.preview !== this.shown)) return;
    const layer = new Map();
    this.tasks.cellsOf(game, rows).forEach((v, i) => { if (v !== null && !game.fixed.has(i)) layer.set(i, v); });
    this.shown = layer;
    view.preview = layer;
    view.root.classList.add("solve-preview"); // says the board shows the solver's cells, not the player's
    view.draw();
  }

  hideKnown() {
    const view = this.frame.view;
    if (view && this.shown && view.preview === this.shown) { view.preview = null; view.draw(); }
    if (view) view.root.classList.remove("solve-preview");
    this.shown = null;
  }

  show(res, game) {
    const line = verdictLine(res);
    this.progress.textContent = line;
    this.details.set(detailLines(res));
    this.announce(line);
    const sols = res.solutions || [];
    if (!sols.length) return;
    const box = el("div", { className: "solutions" }, this.figure(sols[0], "Solution 1", [], game));
    if (sols.length > 1) box.append(this.alternatives(sols, game));
    this.result.append(box);
  }

  // The second figure shows solution k (2..N), outlined where it differs from
  // solution 1, with previous/next buttons when there are more than two.
  alternatives(sols, game) {
    const holder = el("div", { className: "alternatives" });
    const prev = el("button", { type: "button", className: "solution-prev", textContent: "‹ Previous" });
    const next = el("button", { type: "button", className: "solution-next", textContent: "Next ›" });
    const nav = el("div", { className: "solution-nav" }, prev, next);
    let k = 1;
    const draw = () => {
      const diff = differing(sols[0], sols[k]);
      const caption = `Solution ${k + 1}${sols.length > 2 ? ` of ${sols.length}` : ""} (${diff.length} differing cells outlined)`;
      holder.replaceChildren(this.figure(sols[k], caption, diff, game));
      if (sols.length > 2) {
        prev.disabled = k <= 1;
        next.disabled = k >= sols.length - 1;
        holder.append(nav);
      }
    };
    prev.addEventListener("click", () => { if (k > 1) { k -= 1; draw(); } });
    next.addEventListener("click", () => { if (k < sols.length - 1) { k += 1; draw(); } });
    draw();
    return holder;
  }

  /** A solution's picture by the genre's board plug-in, `diff` outlined; "Show in grid" plays it. */
  figure(rows, caption, diff, game) {
    const values = this.tasks.cellsOf(game, rows);
    const canvas = el("canvas");
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", `${caption}: a picture of the solution, ${game.puzzle.width} by ${game.puzzle.height}`);
    drawBoardThumb(canvas, this.tasks.board(game), game.puzzle, Uint8Array.from(values, (v) => v || 0),
      { picture: true, box: FIGURE_BOX, overlays: diff.length ? { hint: { cells: diff, frames: diff } } : {} });
    const use = el("button", { type: "button", className: "show-solution", textContent: "Show in grid" });
    use.addEventListener("click", () => {
      const changes = [];
      values.forEach((v, i) => { if (v !== null && !game.fixed.has(i)) changes.push([i, v]); });
      game.apply(changes, "solution");
    });
    return el("figure", {}, canvas, el("figcaption", { textContent: caption }), use);
  }
}
