// The genre-neutral game: the puzzle, the player's values and the moves (as data) for
// undo/redo, saved and restored. What a value means, the state rows the engine reads and when
// the game is won are the genre's (a subclass: genres/nonogram/game.js, genres/nikoli/game.js),
// as in Tatham's midend: the frame keeps the history, the genre keeps the rules.
// Values: board/cells.js (0 unknown, 1 crossed), higher ones the genre's.
// The win locks the game: no move of the player's changes a solved grid (a "locked" event
// says one was refused) until Undo or Clear (Solve's "Show in grid" still may); the help the player had is kept with it (`hints`: hints
// asked for, `solver`: the solver's solution was put in the grid), so a grid the solver
// filled is recorded as such, never as a win (`won`).

export const HISTORY_LIMIT = 5000;

export class Game extends EventTarget {
  constructor(puzzle, key, saved = null) {
    super();
    this.puzzle = puzzle;
    this.key = key;
    // one value a cell, or per part of the puzzle a move marks (Masyu: an edge between two cells)
    this.cells = new Uint8Array(puzzle.cellCount ?? puzzle.width * puzzle.height);
    this.undoStack = [];
    this.redoStack = [];
    this.elapsed = 0;
    this.solved = false;
    this.hints = 0;
    this.solver = false;
    this.fixed = new Map(); // index -> value of cells no move changes (Play's given cells)
    if (saved) this.restore(saved);
  }

  get(x, y) { return this.cells[y * this.puzzle.width + x]; }

  /** Apply changes [[index, value], ...] as one undoable move; returns the move or null. */
  apply(changes, label = "") {
    if (this.solved && label !== "clear" && label !== "solution") { // the player's own moves; Solve may show another solution
      this.dispatchEvent(new CustomEvent("locked"));
      return null;
    }
    const flat = [];
    for (const [i, v] of changes) {
      if (this.cells[i] !== v) { flat.push(i, this.cells[i], v); this.cells[i] = v; }
    }
    if (!flat.length) return null;
    const move = { c: flat, l: label };
    if (label === "solution") this.solver = true;
    this.undoStack.push(move);
    if (this.undoStack.length > HISTORY_LIMIT) this.undoStack.shift();
    this.redoStack.length = 0;
    this.changed("move", move);
    return move;
  }

  undo() {
    const move = this.undoStack.pop();
    if (!move) return false;
    for (let k = move.c.length - 3; k >= 0; k -= 3) this.cells[move.c[k]] = move.c[k + 1];
    this.redoStack.push(move);
    this.changed("undo", move);
    return true;
  }

  redo() {
    const move = this.redoStack.pop();
    if (!move) return false;
    for (let k = 0; k < move.c.length; k += 3) this.cells[move.c[k]] = move.c[k + 2];
    this.undoStack.push(move);
    this.changed("redo", move);
    return true;
  }

  clear() {
    const changes = [];
    this.cells.forEach((v, i) => { if (v) changes.push([i, 0]); });
    this.solved = false;
    return this.apply(changes, "clear");
  }

  changed(kind, move) {
    this.solved = this.isSolved();
    this.dispatchEvent(new CustomEvent("change", { detail: { kind, move } }));
  }

  /** Whether the game is won: the genre's rule (a subclass says; nothing wins here). */
  isSolved() { return false; }

  /** Solved by the player: no solver's solution went into the grid. */
  get won() { return this.solved && !this.solver; }

  /** A hint was shown to the player (the panels call it once a hint). */
  noteHint() { this.hints += 1; }

  serialize() {
    return {
      cells: Array.from(this.cells, (v) => String.fromCharCode(48 + v)).join(""),
      undo: this.undoStack,
      redo: this.redoStack,
      elapsed: Math.round(this.elapsed),
      solved: this.solved,
      hints: this.hints,
      solver: this.solver,
    };
  }

  restore(saved) {
    const n = this.cells.length;
    if (typeof saved.cells !== "string" || saved.cells.length !== n) return;
    const max = this.puzzle.colors.length;
    for (let i = 0; i < n; i++) {
      const v = saved.cells.charCodeAt(i) - 48;
      this.cells[i] = v >= 0 && v <= max ? v : 0;
    }
    const okMove = (m) => m && Array.isArray(m.c) && m.c.length % 3 === 0 &&
      m.c.every((x, k) => Number.isInteger(x) && x >= 0 && (k % 3 === 0 ? x < n : x <= max));
    this.undoStack = Array.isArray(saved.undo) ? saved.undo.filter(okMove) : [];
    this.redoStack = Array.isArray(saved.redo) ? saved.redo.filter(okMove) : [];
    this.elapsed = Number(saved.elapsed) || 0;
    this.hints = Number.isInteger(saved.hints) && saved.hints > 0 ? saved.hints : 0;
    this.solver = saved.solver === true;
    this.solved = this.isSolved();
  }
}
