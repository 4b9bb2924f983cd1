// Hint in stages, from pysolver in the worker (pysolver.api.hint):
//   line:    (1) where to look: the line; (2) what and why: cells, explanation,
//            leftmost/rightmost arrangements; (3) apply as one undoable move.
//   mistake: (1) there is a mistake ("How many?" on request); (2) where: the wrong
//            marks outlined with their right values; (3) fix them (one undoable move).
//   probe:   (1) the cell to test; (2) the chain: the what-if's line steps one at a
//            time on the board (previous / next), ending in the line that cannot be
//            completed; (3) apply.
//   deep, reveal: (1) the cell, labelled; (2) what and why; (3) apply.
// When a game starts, the panel asks the worker to diagnose the puzzle: that finds
// its solutions once (bounded by work), so later hints can tell mistakes.

const FIRST = "Hint: where to look";
const SECOND = { line: "Hint: show what and why", mistake: "Hint: show where", probe: "Hint: show the chain",
  deep: "Hint: show what and why", reveal: "Hint: reveal it" };
const THIRD = { mistake: "Hint: fix the marks", reveal: "Hint: apply the revealed cell" };

export class HintPanel {
  constructor({ button, text, legend, view, engine, getGame, announce }) {
    Object.assign(this, { button, text, legend, view, engine, getGame, announce });
    this.hint = null;
    this.hintGrid = null; // the grid (rows joined) the hint was computed for
    this.stage = 0;
    this.applying = false;
    this.asking = null; // the game a hint is being computed for (engine channel "hint")
    this.background = null; // {game, handle} of the diagnosis asked when the game started
    this.steps = this.makeSteps();
    button.addEventListener("click", () => this.next());
    // a restarted worker has forgotten the solutions: ask again for the game in play
    let started = engine.status === "ready";
    engine.addEventListener("status", (e) => {
      if (e.detail.status !== "ready") return;
      const game = this.getGame();
      if (started && game) this.prepare(game);
      started = true;
    });
  }

  /** Previous / next step buttons (what-if chains) and "How many?" (mistakes), below the text. */
  makeSteps() {
    const box = document.createElement("div");
    box.className = "hint-steps";
    box.hidden = true;
    const make = (label, action) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.addEventListener("click", action);
      box.append(b);
      return b;
    };
    const prev = make("◀ Previous step", () => this.showStep(this.step - 1));
    const next = make("Next step ▶", () => this.showStep(this.step + 1));
    const count = make("How many?", () => this.showCount());
    prev.id = "hint-prev"; next.id = "hint-next"; count.id = "hint-count";
    this.text.after(box);
    return { box, prev, next, count };
  }

  reset() {
    this.drop();
    this.hint = null;
    this.hintGrid = null;
    this.stage = 0;
    this.button.textContent = FIRST;
    this.button.disabled = false;
    this.text.textContent = "";
    this.legend.hidden = true;
    this.steps.box.hidden = true;
    this.view.setOverlay("hint", null);
    const game = this.getGame();
    if (game && (!this.background || this.background.game !== game)) this.prepare(game);
  }

  /** Ask the worker, once per game, for the puzzle's solutions (pysolver.api.diagnose). */
  prepare(game) {
    const handle = this.engine.task("nonogram", "diagnose", { puzzle: game.puzzle.dict });
    this.background = { game, handle };
    handle.promise.catch(() => { /* no engine: hints say why they cannot help */ });
  }

  /** Any change to the grid other than applying this hint makes the hint stale. */
  onGameChange() {
    if (this.applying) return;
    const asking = this.asking;
    this.reset();
    // the player still wants a hint: ask again, for the grid as it is now
    if (asking && asking === this.getGame()) this.ask(asking);
  }

  /** Forget the hint being computed: supersede() takes it out of the engine's queue,
   * or leaves one already running to finish unread (never restarting the worker). */
  drop() {
    this.asking = null;
    this.engine.supersede("hint");
  }

  lineName(line) {
    return `${line.axis === "row" ? "Row" : "Column"} ${line.index}`;
  }

  next() {
    const game = this.getGame();
    if (!game) return;
    if (this.stage === 0) {
      if (!this.asking) this.ask(game); // (the H key works while the button is disabled)
      return;
    }
    if (this.stage === 1) { this.show(2); return; }
    if (this.stage === 2) this.apply();
  }

  ask(game) {
    this.button.disabled = true;
    // pressed while the engine loads: the request waits in its queue and is answered first
    this.text.textContent = this.engine.status === "ready" ? "Thinking…"
      : "Thinking… (hints are still loading: yours comes as soon as they are ready)";
    // a diagnosis still under way is not cancelled: it is bounded by work
    // (pysolver.nonogram.player.mistakes.SOLVE_WORK), and the hint that waits for it can then tell mistakes
    // another grid or game since supersedes this request (reset(), a newer ask())
    const grid = game.stateRows();
    this.asking = game;
    this.engine.latestTask("hint", "nonogram", "hint", { puzzle: game.puzzle.dict, state: grid }).then((hint) => {
      this.asking = null;
      this.button.disabled = false;
      this.hint = hint;
      this.hintGrid = grid.join("\n");
      this.show(1);
    }, (err) => {
      if (err.kind === "superseded") return;
      this.asking = null;
      this.button.disabled = false;
      this.text.textContent = `No hint: ${err.message}`;
    });
  }

  /** The cell a what-if, deeper what-if or reveal is about: {row, column}. */
  focusCell(h) {
    return h.probe ? { row: h.probe.row, column: h.probe.column } : null;
  }

  show(stage) {
    const h = this.hint, game = this.getGame();
    this.stage = stage;
    this.steps.box.hidden = true;
    this.legend.hidden = true;
    if (h.kind === "solved" || h.kind === "none") {
      this.text.textContent = h.explanation || (h.kind === "solved" ? "The puzzle is solved." : "No hint is available.");
      this.finish(null);
      return;
    }
    if (h.kind === "contradiction") {
      // nothing to apply: name the line whose marks contradict its clue
      this.text.textContent = h.explanation || `${this.lineName(h.line)} contradicts its clue.`;
      this.finish({ line: h.line, stage: 1 });
      return;
    }
    const focus = this.focusCell(h);
    if (stage === 1) {
      if (game && game.noteHint) game.noteHint(); // recorded with the game (the win says so)
      this.text.textContent = this.firstWords(h);
      if (h.kind === "mistake") {
        this.showButtons({ count: true });
        this.view.setOverlay("hint", null);
      } else {
        this.view.setOverlay("hint", { line: focus ? null : h.line, frames: focus ? [focus] : [], stage: 1 });
        if (focus) this.view.moveCursor(focus.column - 1, focus.row - 1);
        else if (h.line) this.view.moveCursor(
          h.line.axis === "column" ? h.line.index - 1 : this.view.cursor.x,
          h.line.axis === "row" ? h.line.index - 1 : this.view.cursor.y);
      }
      this.button.textContent = SECOND[h.kind] || SECOND.line;
      return;
    }
    this.text.textContent = h.explanation || "";
    if (h.kind === "probe" && h.chain) {
      this.showStep(0);
    } else {
      this.legend.hidden = !h.leftmost;
      this.view.setOverlay("hint", { ...h, frames: h.kind === "mistake" ? h.cells : focus ? [focus] : [], stage: 2 });
      if (h.kind === "mistake") this.view.moveCursor(h.cells[0].column - 1, h.cells[0].row - 1);
    }
    this.button.textContent = game && h.cells && h.cells.length ? (THIRD[h.kind] || "Hint: apply") : FIRST;
    if (!h.cells || !h.cells.length) this.stage = 0;
  }

  /** A hint with nothing to apply: the next click asks again. */
  finish(overlay) {
    this.view.setOverlay("hint", overlay);
    this.stage = 0;
    this.button.textContent = FIRST;
  }

  firstWords(h) {
    const at = (c) => `row ${c.row}, column ${c.column}`;
    if (h.kind === "mistake") return "There is a mistake: some of your marks do not fit the solution.";
    if (h.kind === "probe") return `Try a what-if on ${at(h.probe)}: suppose it were ${this.valueWord(h.probe.tried)}, and follow the lines.`;
    if (h.kind === "deep") return `Try a deeper what-if on ${at(h.probe)}: a search from that cell, not one line at a time.`;
    if (h.kind === "reveal") return `No deduction from here is short enough to explain: Hint can reveal ${at(h.probe)}.`;
    return `Look at ${h.line ? this.lineName(h.line).toLowerCase() : "the highlighted line"}.`;
  }

  showButtons({ count = false, steps = false }) {
    this.steps.box.hidden = !(count || steps);
    this.steps.count.hidden = !count;
    this.steps.prev.hidden = this.steps.next.hidden = !steps;
  }

  showCount() {
    const n = this.hint && this.hint.count;
    if (!n) return;
    this.text.textContent = `There is a mistake: ${n} of your marks ${n === 1 ? "is" : "are"} wrong.`;
    this.steps.count.hidden = true;
  }

  /**
   * Step k of a what-if's chain: 0 is the tested cell with the value tried; then each
   * line step in order, its cells added to the what-if's marks; the last step is the
   * line that cannot be completed.
   */
  showStep(k) {
    const h = this.hint, chain = h && h.chain;
    if (!chain) return;
    this.step = k = Math.max(0, Math.min(chain.length, k));
    const focus = this.focusCell(h);
    const cells = [{ ...focus, value: h.probe.tried }];
    for (const s of chain.slice(0, k)) cells.push(...s.cells);
    const s = k > 0 ? chain[k - 1] : null;
    const total = chain.length;
    let words;
    if (!s) words = `What-if: suppose row ${focus.row}, column ${focus.column} were ${this.valueWord(h.probe.tried)}.`;
    else if (s.fails) words = `${this.lineName(s)} cannot be completed: the what-if is impossible, so the cell takes the other value.`;
    else words = `${this.lineName(s)} then gives ${s.cells.length} cell${s.cells.length === 1 ? "" : "s"}.`;
    this.text.textContent = `Step ${k} of ${total}. ${words}\n${h.explanation}`;
    this.view.setOverlay("hint", { line: s ? { axis: s.axis, index: s.index } : null, cells, frames: [focus], stage: 2, chain: true });
    this.showButtons({ steps: true });
    this.steps.prev.disabled = k === 0;
    this.steps.next.disabled = k === total;
  }

  valueWord(ch) {
    const p = this.getGame().puzzle;
    if (ch === ".") return "empty";
    if (!p.isColor) return "filled";
    const c = p.colors.find((col) => col.char === ch);
    return c ? c.name : ch;
  }

  apply() {
    const game = this.getGame(), h = this.hint;
    if (!game || !h || this.hintGrid !== game.stateRows().join("\n")) {
      // computed for another grid: its cells could overwrite newer marks
      this.reset();
      this.text.textContent = "The grid changed since this hint: ask again.";
      return;
    }
    const w = game.puzzle.width;
    const changes = h.cells.map((c) => [(c.row - 1) * w + (c.column - 1), game.charValue(c.value)]);
    this.applying = true;
    try { game.apply(changes, "hint"); } finally { this.applying = false; }
    const n = changes.length;
    this.reset();
    this.text.textContent = h.kind === "mistake"
      ? `Fixed ${n} mark${n === 1 ? "" : "s"} (undo takes ${n === 1 ? "it" : "them"} back).`
      : `Marked ${n} cell${n === 1 ? "" : "s"} for you (Undo takes ${n === 1 ? "it" : "them"} back).`;
  }
}
