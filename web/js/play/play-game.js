// The game as a play view runs it, for every genre: given cells fixed (outside undo),
// the save counter and whether a move was made.
import { Game } from "./game.js";
import { CROSSED } from "../board/cells.js";

/** A game whose given cells (shown at the start: the editor's Fix panel) are fixed:
 * set outside the undo history, and no move (click, hint, clear, solution) changes them. */
export class PlayGame extends Game {
  constructor(puzzle, key, saved) {
    super(puzzle, key, saved);
    this.rev = (saved && saved.rev) || 0; // the stored copy this game's state is based on (autosave.js)
    this.played = !!(saved && saved.played); // a move was made: the clock runs, "Progress restored."
    this.fixed = givenCells(puzzle);
    if (!this.fixed.size) return;
    for (const [i, v] of this.fixed) this.cells[i] = v;
    // moves saved before the givens were fixed must not undo them
    const keep = (m) => {
      const c = [];
      for (let k = 0; k < m.c.length; k += 3) if (!this.fixed.has(m.c[k])) c.push(m.c[k], m.c[k + 1], m.c[k + 2]);
      return c.length ? { ...m, c } : null;
    };
    this.undoStack = this.undoStack.map(keep).filter(Boolean);
    this.redoStack = this.redoStack.map(keep).filter(Boolean);
    this.solved = this.isSolved();
  }

  apply(changes, label = "") {
    return super.apply(this.fixed.size ? changes.filter(([i]) => !this.fixed.has(i)) : changes, label);
  }
}

/** Map cell index -> value of the puzzle's givens ([{row, column, value?}], 1-based; value a state
 * character, else the goal's). Anything that does not fit the puzzle is skipped: it is untrusted input. */
function givenCells(puzzle) {
  const out = new Map();
  const list = Array.isArray(puzzle.dict.givens) ? puzzle.dict.givens : [];
  const { width, height, colors, isColor, goal } = puzzle;
  for (const g of list) {
    const y = g && g.row - 1, x = g && g.column - 1;
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= width || y >= height) continue;
    let ch = typeof g.value === "string" ? g.value : goal && typeof goal[y] === "string" ? goal[y][x] : undefined;
    if (ch === undefined) continue;
    if (ch === colors[0].char) ch = ".";
    const c = colors.findIndex((col, k) => k > 0 && col.char === ch);
    const v = ch === "." ? CROSSED : !isColor && ch !== "?" ? 2 : c >= 1 ? c + 1 : null;
    if (v !== null) out.set(y * width + x, v);
  }
  return out;
}
