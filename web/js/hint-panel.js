// Hint in three stages: (1) where to look: the line is highlighted; (2) what and
// why: the cells, the explanation and the leftmost/rightmost arrangements;
// (3) apply it as one undoable move. Hints come from pysolver in the worker.

const LABELS = ["Hint: where to look", "Hint: show what and why", "Hint: apply"];

export class HintPanel {
  constructor({ button, text, legend, view, engine, getGame, announce }) {
    Object.assign(this, { button, text, legend, view, engine, getGame, announce });
    this.hint = null;
    this.hintGrid = null; // the grid (rows joined) the hint was computed for
    this.stage = 0;
    this.applying = false;
    this.asking = null; // {handle, game, grid} of the hint being computed
    button.addEventListener("click", () => this.next());
  }

  reset() {
    this.drop();
    this.hint = null;
    this.hintGrid = null;
    this.stage = 0;
    this.button.textContent = LABELS[0];
    this.button.disabled = false;
    this.text.textContent = "";
    this.legend.hidden = true;
    this.view.setOverlay("hint", null);
  }

  /** Any change to the grid other than applying this hint makes the hint stale. */
  onGameChange() {
    if (this.applying) return;
    const asking = this.asking;
    this.reset();
    // the player still wants a hint: ask again, for the grid as it is now
    if (asking && asking.game === this.getGame()) this.ask(asking.game);
  }

  /** Forget the hint being computed; take it out of the engine's queue if it waits there. */
  drop() {
    const asking = this.asking;
    if (!asking) return;
    this.asking = null;
    // never restart the worker for a hint: one already running is left to finish, unread
    this.engine.cancel(asking.handle, { restart: false });
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
    this.text.textContent = "Thinking…";
    const grid = game.stateRows();
    const handle = this.engine.request("hint", { puzzle: game.puzzle.dict, state: grid });
    const asking = this.asking = { handle, game, grid: grid.join("\n") };
    handle.promise.then((hint) => {
      // another grid or game since: reset() or a newer ask() took over
      if (this.asking !== asking || game !== this.getGame()) return;
      this.asking = null;
      this.button.disabled = false;
      this.hint = hint;
      this.hintGrid = asking.grid;
      this.show(1);
    }, (err) => {
      if (this.asking !== asking) return;
      this.asking = null;
      this.button.disabled = false;
      this.text.textContent = `No hint: ${err.message}`;
    });
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
    this.text.textContent = `Applied ${n} cell${n === 1 ? "" : "s"} (undo takes them back).`;
  }
}
