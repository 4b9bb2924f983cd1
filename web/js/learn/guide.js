// The guided first puzzle: offered on the first visit (never again once done or skipped), a
// small nonogram that teaches by doing. Its steps are the Hint engine's walk from the empty
// grid (learn.json, written at build time by tools/build/learn.py), so the guide works
// before the engine is ready: it outlines the cells of the next step on the board and says
// why in the engine's words; a wrong mark is pointed out at once (the puzzle ships its picture).
import { el } from "../shell/dom.js";
import { loadLearn, touchDevice } from "./rules.js";
import { answered, remember, showOffer } from "./offer.js";

export const TUTORIAL_KEY = "learn:first-puzzle";

// what a step asks, in the words of the way the player uses the board (the board's `input`:
// the last of keys, mouse, touch; before any, the device's): a keyboard player gets keys
const HOW = {
  touch: { fill: "tap them to fill (or drag along the line)", cross: "switch Mode to cross, or long-press, to mark them empty" },
  mouse: { fill: "click them to fill (or drag along the line)", cross: "right-click them to mark them empty with a cross" },
  keys: { fill: "arrows move to them, Space fills", cross: "arrows move to them, X marks them empty" },
};

export class Guide {
  /** box: the element the guide speaks in (above the board); offerBox: where the first-visit
   * offer shows; view: the board (its "hint" overlay outlines the step); getGame();
   * open(puzzleDict, key): play a puzzle; rules(): the rules dialog. */
  constructor({ box, offerBox, view, getGame, open, rules }) {
    Object.assign(this, { box, offerBox, view, getGame, open, rules });
    this.data = null;
    this.game = null; // the tutorial's game while the guide runs
    this.text = el("p", { id: "guide-text", className: "guide-text" });
    this.text.setAttribute("aria-live", "polite");
    this.stepLabel = el("strong", { id: "guide-step" });
    this.skipButton = el("button", { type: "button", id: "guide-skip", textContent: "Skip the tutorial" });
    this.skipButton.addEventListener("click", () => this.stop("skipped"));
    // the steps say what a mouse or a finger does until the player uses the keys on the board;
    // the keys are here from the start
    this.keys = el("span", { id: "guide-keys", className: "meta", textContent: "Keys: arrows move, Space fills, X crosses" });
    box.replaceChildren(el("div", { className: "guide-head" }, this.stepLabel, this.keys, this.skipButton), this.text);
    box.hidden = true;
    view.addEventListener("input", () => this.update()); // keys, a click or a tap: their words
  }

  /** The first visit (no saved game, no answer to the offer before): offer the tutorial. */
  async offer({ firstVisit }) {
    if (answered("nonogram") || !firstVisit) return false;
    try { this.data = await loadLearn(); } catch { return false; }
    showOffer(this.offerBox, { genre: "nonogram", title: "New to nonograms?",
      words: "Numbers beside each row and column say how many cells in a row to fill. " +
        "Learn it by solving a tiny 5×5 picture, one step at a time (about two minutes).",
      rules: this.rules, tryIt: { label: "Show me how", run: () => this.start() } });
    return true;
  }

  /** Open the tutorial puzzle and guide it (also from the rules, any time). */
  async start() {
    this.data = this.data || await loadLearn();
    const { puzzle } = this.data.tutorial;
    this.game = this.open(puzzle, TUTORIAL_KEY);
    if (this.game && this.game.solved) this.game.clear(); // played before: from the start again
    this.box.hidden = false;
    this.update();
  }

  /** Stop guiding ("done" or "skipped": never offered again). */
  stop(why) {
    remember("nonogram", why);
    this.box.hidden = true;
    if (this.game && this.view.game === this.game) this.view.setOverlay("hint", null);
    this.game = null;
  }

  get running() { return !!this.game; }

  /** After every change of the grid (and when another puzzle opens): the next step. */
  update() {
    const game = this.getGame();
    if (!this.game) return;
    if (game !== this.game) { this.box.hidden = true; return; } // another puzzle: the guide waits
    this.box.hidden = false;
    this.keys.hidden = touchDevice();
    const { steps, puzzle } = this.data.tutorial;
    const w = puzzle.width;
    const value = (c) => game.cells[(c.row - 1) * w + (c.column - 1)];
    const goal = (i) => puzzle.goal[Math.floor(i / w)][i % w];
    const wrong = [...game.cells].findIndex((v, i) => v !== 0 && (v === 1) !== (goal(i) === "."));
    if (game.solved) { // the win card takes over; the tutorial is done
      this.view.setOverlay("hint", null);
      this.stop("done");
      return;
    }
    const input = this.view.input || (touchDevice() ? "touch" : "mouse");
    if (wrong >= 0) {
      this.stepLabel.textContent = "Oops";
      this.text.textContent = `Row ${Math.floor(wrong / w) + 1}, column ${wrong % w + 1} does not fit the clues: ` +
        (input === "keys" ? "Ctrl+Z takes it back." : "Undo (↶) takes it back.");
      this.view.setOverlay("hint", { line: null, frames: [{ row: Math.floor(wrong / w) + 1, column: wrong % w + 1 }], stage: 1 });
      return;
    }
    const k = steps.findIndex((s) => s.cells.some((c) => value(c) !== game.charValue(c.value)));
    if (k < 0) return;
    const step = steps[k];
    const open = step.cells.filter((c) => value(c) !== game.charValue(c.value));
    const fills = open.some((c) => c.value !== "."), crosses = open.some((c) => c.value === ".");
    const how = HOW[input];
    const todo = fills && crosses ? `Filled squares: ${how.fill}; dots: ${how.cross}.`
      : fills ? `Fill the outlined cells: ${how.fill}.` : `The outlined cells stay empty: ${how.cross}.`;
    this.stepLabel.textContent = `Step ${k + 1} of ${steps.length}`;
    this.text.textContent = `${step.explanation}\n${todo}`;
    this.view.setOverlay("hint", { line: step.line, cells: open, frames: [], stage: 2 });
  }
}
