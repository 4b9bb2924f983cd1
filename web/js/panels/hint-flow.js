// The Hint panel's logic for every genre, with no DOM (tests/js/hint-flow.test.mjs drives it):
// one button that steps through a hint in stages, as Tatham's midend would hand a front end
//   (1) where: the wrong marks are said first ("How many?" on request), else where to look;
//   (2) what and why: the cells, the reason (a what-if's chain step by step, when it has one);
//   (3) apply: one undoable move; nothing to apply (solved, no hint): said, and the next press asks again.
// The genre gives its tasks (web/README.md, "Genres"): ask(game, signal) -> the engine's hint;
// present(hint, game) -> the stages in its words (below); prepare(game), optional, when a game starts.
// A move other than the hint's own makes the hint stale: it is dropped (and asked again if
// the player was waiting for it); a hint applied to another grid than its own is refused.
//
// present() answers either {words, overlay} (nothing to apply) or
//   {where: {words, overlay, cursor}, what: {words, overlay, cursor, legend, steps: [{words, overlay}]},
//    count: words for "How many?", next: the button's label at stage 1, apply: its label at stage 2,
//    changes: [[cell index, value]], applied: the words once applied}
// (overlay: the board's "hint" layer; cursor: {row, column}, either may be missing).
import { Latest } from "../shell/latest.js";

export const FIRST = "Hint: where to look";

export class HintFlow {
  /** tasks: the genre's; ui: {text(s), button(label, disabled), overlay(o), cursor(cell), legend(on),
   * steps({count, steps, prev, next})}: what the panel shows; getGame(): the game in play. */
  constructor({ tasks, ui, getGame }) {
    Object.assign(this, { tasks, ui, getGame });
    this.runs = new Latest(); // the hint being looked for (a newer ask, a move or a new game make it stale)
    this.prepared = null;     // the game whose preparation (tasks.prepare) was asked
    this.asking = null;       // the game a hint is being looked for
    this.applying = false;
    this.clear();
  }

  clear() {
    this.staged = null;
    this.grid = null; // the grid (tasks.gridKey) the hint was asked for
    this.stage = 0;
    this.step = 0;
  }

  /** A new game, or a stale hint: the panel as at the start. */
  reset() {
    this.runs.drop();
    this.asking = null;
    this.clear();
    const ui = this.ui;
    ui.button(FIRST, false);
    ui.text("");
    ui.legend(false);
    ui.steps({});
    ui.overlay(null);
    const game = this.getGame();
    if (game && this.tasks.prepare && this.prepared !== game) this.prepare(game);
  }

  /** Ask the genre to get ready for this game's hints (the nonogram: its solutions, once). */
  prepare(game) {
    this.prepared = game;
    if (this.tasks.prepare) this.tasks.prepare(game);
  }

  /** Any change to the grid other than applying this hint makes the hint stale. */
  onGameChange() {
    if (this.applying) return;
    const asking = this.asking;
    this.reset();
    if (asking && asking === this.getGame()) this.ask(asking); // still wanted: for the grid as it is now
  }

  /** The button (and the H key). */
  next() {
    const game = this.getGame();
    if (!game) return null;
    if (this.stage === 1) return this.show(2);
    if (this.stage === 2) return this.apply();
    return this.asking ? null : this.ask(game);
  }

  async ask(game) {
    const fresh = this.runs.next();
    this.asking = game;
    this.ui.button(FIRST, true);
    this.ui.text(this.tasks.waiting ? this.tasks.waiting() : "Thinking…");
    const grid = this.tasks.gridKey(game);
    let hint;
    try {
      hint = await this.tasks.ask(game, fresh.signal);
    } catch (err) {
      if (!fresh()) return;
      this.asking = null;
      this.ui.button(FIRST, false);
      this.ui.text(`No hint: ${err.message}`);
      return;
    }
    if (!fresh() || game !== this.getGame()) return;
    this.asking = null;
    this.ui.button(FIRST, false);
    this.staged = this.tasks.present(hint, game);
    this.grid = grid;
    this.show(1);
  }

  show(stage) {
    const s = this.staged, ui = this.ui, game = this.getGame();
    ui.steps({});
    ui.legend(false);
    if (!s.where) { // nothing to apply: said, and the next press asks again
      ui.text(s.words);
      ui.overlay(s.overlay || null);
      this.stage = 0;
      ui.button(FIRST, false);
      return;
    }
    this.stage = stage;
    const part = stage === 1 ? s.where : s.what;
    if (stage === 1 && game && game.noteHint) game.noteHint(); // recorded with the game (the win says so)
    if (part.steps) {
      this.showStep(0);
    } else {
      ui.text(part.words);
      ui.overlay(part.overlay || null);
      ui.legend(!!part.legend);
      if (stage === 1 && s.count) ui.steps({ count: true });
    }
    if (part.cursor) ui.cursor(part.cursor);
    if (stage === 1) ui.button(s.next, false);
    else if (s.changes && s.changes.length) ui.button(s.apply, false);
    else { this.stage = 0; ui.button(FIRST, false); }
  }

  /** "How many?": the number of wrong marks. */
  showCount() {
    if (!this.staged || !this.staged.count) return;
    this.ui.text(this.staged.count);
    this.ui.steps({});
  }

  /** Step k of the stage's steps (a what-if's chain: the cell tried, each line it gives, the line that fails). */
  showStep(k) {
    const steps = this.staged && this.staged.what && this.staged.what.steps;
    if (!steps) return;
    this.step = k = Math.max(0, Math.min(steps.length - 1, k));
    this.ui.text(steps[k].words);
    this.ui.overlay(steps[k].overlay);
    this.ui.steps({ steps: true, prev: k > 0, next: k < steps.length - 1 });
  }

  apply() {
    const game = this.getGame(), s = this.staged;
    if (!game || !s || this.grid !== this.tasks.gridKey(game)) {
      // asked for another grid: its cells could overwrite newer marks
      this.reset();
      this.ui.text("The grid changed since this hint: ask again.");
      return;
    }
    this.applying = true;
    try { game.apply(s.changes, "hint"); } finally { this.applying = false; }
    this.reset();
    this.ui.text(s.applied);
  }
}
