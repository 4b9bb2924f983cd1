// Hint in three stages: (1) where to look: the line is highlighted; (2) what and
// why: the cells, the explanation and the leftmost/rightmost arrangements;
// (3) apply it as one undoable move. Hints come from pysolver in the worker.

const LABELS = ["Hint: where to look", "Hint: show what and why", "Hint: apply"];

export class HintPanel {
  constructor({ button, text, legend, view, engine, getGame, announce }) {
    Object.assign(this, { button, text, legend, view, engine, getGame, announce });
    this.hint = null;
    this.stage = 0;
    this.applying = false;
    this.request = null;
    button.addEventListener("click", () => this.next());
  }

  reset() {
    this.hint = null;
    this.stage = 0;
    this.button.textContent = LABELS[0];
    this.button.disabled = false;
    this.text.textContent = "";
    this.legend.hidden = true;
    this.view.setOverlay("hint", null);
  }

  /** Any change to the grid other than applying this hint makes the hint stale. */
  onGameChange() {
    if (!this.applying) this.reset();
  }

  lineName(line) {
    return `${line.axis === "row" ? "Row" : "Column"} ${line.index}`;
  }

  async next() {
    const game = this.getGame();
    if (!game) return;
    if (this.stage === 0) {
      this.button.disabled = true;
      this.text.textContent = "Thinking…";
      let hint;
      try {
        hint = await this.engine.call("hint", { puzzle: game.puzzle.dict, state: game.stateRows() });
      } catch (err) {
        this.text.textContent = `No hint: ${err.message}`;
        this.button.disabled = false;
        return;
      } finally {
        this.button.disabled = false;
      }
      if (game !== this.getGame()) return;
      this.hint = hint;
      this.show(1);
      return;
    }
    if (this.stage === 1) { this.show(2); return; }
    if (this.stage === 2) this.apply();
  }

  show(stage) {
    const h = this.hint, game = this.getGame();
    this.stage = stage;
    if (h.kind === "solved" || h.kind === "none") {
      this.text.textContent = h.explanation || (h.kind === "solved" ? "The puzzle is solved." : "No hint is available.");
      this.stage = 0;
      this.button.textContent = LABELS[0];
      this.view.setOverlay("hint", null);
      return;
    }
    if (h.kind === "contradiction") {
      // nothing to apply: name the line whose marks contradict its clue
      this.text.textContent = h.explanation || `${this.lineName(h.line)} contradicts its clue.`;
      this.view.setOverlay("hint", { line: h.line, stage: 1 });
      this.stage = 0;
      this.button.textContent = LABELS[0];
      return;
    }
    if (stage === 1) {
      const where = h.line ? this.lineName(h.line) : "the highlighted line";
      const what = h.kind === "probe" ? `Try a what-if on ${where.toLowerCase()}.` : `Look at ${where.toLowerCase()}.`;
      this.text.textContent = what;
      this.view.setOverlay("hint", { line: h.line, stage: 1 });
      if (h.line) this.view.moveCursor(
        h.line.axis === "column" ? h.line.index - 1 : this.view.cursor.x,
        h.line.axis === "row" ? h.line.index - 1 : this.view.cursor.y);
      this.button.textContent = LABELS[1];
      return;
    }
    this.text.textContent = h.explanation || "";
    this.legend.hidden = !h.leftmost;
    this.view.setOverlay("hint", { ...h, stage: 2 });
    this.button.textContent = game && h.cells && h.cells.length ? LABELS[2] : LABELS[0];
    if (!h.cells || !h.cells.length) this.stage = 0;
  }

  apply() {
    const game = this.getGame(), h = this.hint;
    const w = game.puzzle.width;
    const changes = h.cells.map((c) => [(c.row - 1) * w + (c.column - 1), game.charValue(c.value)]);
    this.applying = true;
    try { game.apply(changes, "hint"); } finally { this.applying = false; }
    const n = changes.length;
    this.reset();
    this.text.textContent = `Applied ${n} cell${n === 1 ? "" : "s"} (undo takes them back).`;
  }
}
