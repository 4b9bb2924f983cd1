// Solve with a registered solver (pysolver in the worker; clingo when its client
// registers): progress, cancel, classification, the engine's statistics, and for
// several solutions an alternative with the differing cells highlighted; when a
// solver returns more than two (counting), the alternative pages through them.
// A solver registered with `preferred: true` becomes the default choice.
// While a solve runs, the cells its progress reports as known (`state`) are drawn
// on the board as a display layer: the player's own marks stay as they were.
import { el } from "../shell/dom.js";
import { Latest } from "../shell/latest.js";
import { solvers, onSolverAdded } from "../engine/solvers.js";
import { techDetails } from "./details.js";

// the engines' classifications in players' words (the engine's word goes to the details)
const HOW = { line: "it can be solved line by line", probe: "it needs looking ahead",
  search: "it needs trial and error", multiple: "it has several solutions" };

export class SolvePanel {
  constructor({ select, solveButton, cancelButton, progress, result, getGame, announce, view }) {
    Object.assign(this, { select, solveButton, cancelButton, progress, result, getGame, announce, view });
    this.shown = null; // the board's display layer (view.preview) while it shows a solve's known cells
    this.running = null;
    this.runs = new Latest(); // a run's answers are dropped once it is not the latest (shell/latest.js)
    // engine, statistics and timings: behind "Details", below the plain progress line
    this.details = techDetails("solve-details");
    progress.after(this.details.element);
    for (const s of solvers.values()) this.addOption(s);
    onSolverAdded((s) => this.addOption(s));
    solveButton.addEventListener("click", () => this.solve());
    cancelButton.addEventListener("click", () => this.cancel());
  }

  addOption(s) {
    const o = document.createElement("option");
    o.value = s.id;
    o.textContent = s.label;
    this.select.append(o);
    if (s.preferred && !this.running) this.select.value = s.id;
  }

  reset() {
    if (this.running) this.cancel();
    this.progress.textContent = "";
    this.details.set([]);
    this.result.replaceChildren();
  }

  solve() {
    const game = this.getGame();
    const solver = solvers.get(this.select.value);
    if (!game || !solver || this.running) return;
    this.result.replaceChildren();
    this.details.set([]);
    this.progress.textContent = "Solving…";
    this.solveButton.disabled = true;
    this.cancelButton.disabled = false;
    const t0 = performance.now();
    let parts = null, run = null, known = 0; // the share of cells known only goes up
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
    run = solver.solve(game.puzzle.dict, {
      state: game.givenState ? game.givenState() : undefined, // given cells are part of the puzzle
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
    // the clock keeps going between progress messages (clingo, after auto's hand-over, reports only models)
    this.ticker = setInterval(draw, 500);
    run.promise.then(own((res) => this.show(res, game)), own((err) => {
      this.progress.textContent = err.kind === "cancelled" ? "Cancelled." : `Solve failed: ${err.message}`;
    })).finally(own(() => { // after a cancel, cancel() reset the buttons and a new run may own them
      this.running = null;
      this.hideKnown();
      clearInterval(this.ticker);
      this.solveButton.disabled = false;
      this.cancelButton.disabled = true;
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
    this.solveButton.disabled = false;
    this.cancelButton.disabled = true;
    this.announce("Solve cancelled");
  }

  /** Draw the solve's known cells (row strings, `?` unknown) over the board, unless the
   * player is drawing a stroke (the layer is the stroke's then) or another game is open. */
  showKnown(rows, game) {
    const view = this.view;
    if (!view || view.game !== game || view.stroke || (view.preview && view.preview !== this.shown)) return;
    const w = game.puzzle.width, layer = new Map();
    rows.forEach((row, y) => [...row].forEach((ch, x) => {
      if (ch !== "?" && !game.fixed.has(y * w + x)) layer.set(y * w + x, solutionValue(game, ch));
    }));
    this.shown = layer;
    view.preview = layer;
    view.root.classList.add("solve-preview"); // says the board shows the solver's cells, not the player's
    view.draw();
  }

  hideKnown() {
    if (this.view && this.shown && this.view.preview === this.shown) { this.view.preview = null; this.view.draw(); }
    if (this.view) this.view.root.classList.remove("solve-preview");
    this.shown = null;
  }

  show(res, game) {
    const words = {
      unique: "one solution (unique)", multiple: "more than one solution", solved: "a solution",
      none: "no solution", timeout: "gave up (time limit)", cancelled: "cancelled",
    };
    let verdict = words[res.status] || res.status;
    const n = (res.solutions || []).length;
    // a count (more than the two a uniqueness check asks for) says how many, and whether all
    if (res.status === "multiple" && n > 2) {
      verdict = res.count_exact ? `${n} solutions (all counted)` : `at least ${n} solutions (counting stopped there)`;
    }
    const how = res.status === "unique" && HOW[res.classification] ? `: ${HOW[res.classification]}` : "";
    const line = `Result: ${verdict}${how}.`;
    this.progress.textContent = line;
    // the engine's own words, for the curious: classification, difficulty, time, engine, statistics
    const tech = [res.classification ? `classification: ${res.classification}` : "",
      res.difficulty !== undefined && res.difficulty !== null ? `difficulty ${res.difficulty}` : "",
      res.time_s !== undefined ? `${Number(res.time_s).toFixed(2)} s` : ""].filter(Boolean).join("; ");
    this.details.set([tech + (res.engine ? ` (${res.engine})` : ""), statsText(res.stats || {})]);
    this.announce(line);
    const sols = res.solutions || [];
    if (!sols.length) return;
    const box = document.createElement("div");
    box.className = "solutions";
    box.append(figure(sols[0], "Solution 1", null, game));
    if (sols.length > 1) box.append(this.alternatives(sols, game));
    this.result.append(box);
  }

  // The second figure shows solution k (2..N), outlined where it differs from
  // solution 1, with previous/next buttons when there are more than two.
  alternatives(sols, game) {
    const holder = document.createElement("div");
    holder.className = "alternatives";
    const nav = document.createElement("div");
    nav.className = "solution-nav";
    const prev = el("button", { type: "button", className: "solution-prev", textContent: "‹ Previous" });
    const next = el("button", { type: "button", className: "solution-next", textContent: "Next ›" });
    let k = 1;
    const draw = () => {
      const diff = differing(sols[0], sols[k]);
      const caption = `Solution ${k + 1}${sols.length > 2 ? ` of ${sols.length}` : ""} (${diff.size} differing cells outlined)`;
      holder.replaceChildren(figure(sols[k], caption, diff, game));
      if (sols.length > 2) {
        prev.disabled = k <= 1;
        next.disabled = k >= sols.length - 1;
        holder.append(nav);
      }
    };
    prev.addEventListener("click", () => { if (k > 1) { k -= 1; draw(); } });
    next.addEventListener("click", () => { if (k < sols.length - 1) { k += 1; draw(); } });
    nav.append(prev, next);
    draw();
    return holder;
  }
}


function figure(rows, caption, diff, game) {
  const fig = document.createElement("figure");
  fig.append(preview(rows, game.puzzle, diff));
  const cap = document.createElement("figcaption");
  cap.textContent = caption;
  const use = el("button", { type: "button", className: "show-solution", textContent: "Show in grid" });
  use.addEventListener("click", () => {
    const w = game.puzzle.width, changes = [];
    rows.forEach((row, y) => [...row].forEach((ch, x) => changes.push([y * w + x, solutionValue(game, ch)])));
    game.apply(changes, "solution");
  });
  fig.append(cap, use);
  return fig;
}

// The statistics each engine reports: clingo's choices and conflicts, pysolver's
// search nodes and probes.
function statsText(st) {
  const parts = [];
  const add = (key, word) => { if (st[key] !== undefined && st[key] !== null) parts.push(`${st[key]} ${word}`); };
  add("choices", "choices");
  add("conflicts", "conflicts");
  add("restarts", "restarts");
  add("nodes", "search nodes");
  add("probes", "probes");
  return parts.length ? `Statistics: ${parts.join(", ")}` : "";
}


function solutionValue(game, ch) {
  if (!game.puzzle.isColor) return ch === "#" || ch === "X" ? 2 : 1;
  const i = game.puzzle.colors.findIndex((c) => c.char === ch);
  return i >= 1 ? i + 1 : 1;
}

function differing(a, b) {
  const out = new Set();
  a.forEach((row, y) => [...row].forEach((ch, x) => { if (b[y][x] !== ch) out.add(`${x},${y}`); }));
  return out;
}

function preview(rows, puzzle, diff) {
  const h = rows.length, w = rows[0].length;
  const cs = Math.max(2, Math.min(8, Math.floor(140 / Math.max(w, h))));
  const c = document.createElement("canvas");
  c.width = w * cs; c.height = h * cs;
  c.setAttribute("role", "img");
  c.setAttribute("aria-label", `solution image, ${w} by ${h}`);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, c.width, c.height);
  rows.forEach((row, y) => [...row].forEach((ch, x) => {
    if (ch === ".") return;
    const col = puzzle.isColor ? puzzle.colors.find((k) => k.char === ch) : null;
    ctx.fillStyle = col ? col.rgb : "#111";
    ctx.fillRect(x * cs, y * cs, cs, cs);
  }));
  if (diff) {
    ctx.strokeStyle = "#e11d48";
    ctx.lineWidth = Math.max(1, cs / 3);
    for (const k of diff) {
      const [x, y] = k.split(",").map(Number);
      ctx.strokeRect(x * cs + 0.5, y * cs + 0.5, cs - 1, cs - 1);
    }
  }
  return c;
}
