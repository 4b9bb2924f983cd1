// Game state: the puzzle, the player's cells and the moves (as data) for undo/redo.
// Cell values: 0 unknown, 1 crossed (known empty), c + 1 filled with colour c (c >= 1).

export const UNKNOWN = 0;
export const CROSSED = 1;
export const HISTORY_LIMIT = 5000;

/** The pysolver JSON puzzle dict turned into what the view needs (no validation: the engine does that). */
export function normalizePuzzle(dict) {
  const colors = dict.colors.map((c) => ({ name: String(c.name), char: String(c.char), rgb: "#" + String(c.rgb) }));
  const index = new Map(colors.map((c, i) => [c.char, i]));
  const clue = (line) => line.map((b) => (Array.isArray(b) ? { n: b[0], c: index.get(b[1]) } : { n: b, c: 1 }));
  return {
    dict,
    width: dict.width ?? dict.columns.length,
    height: dict.height ?? dict.rows.length,
    colors,
    isColor: colors.length > 2,
    rows: dict.rows.map(clue),
    cols: dict.columns.map(clue),
    title: String(dict.title || ""),
    author: String(dict.author || ""),
    copyright: String(dict.copyright || ""),
    license: String(dict.license || ""),
    description: String(dict.description || ""),
    goal: dict.goal || null,
  };
}

export function runsOf(values) {
  const out = [];
  let prev = 0;
  for (const v of values) {
    const c = v >= 2 ? v - 1 : 0;
    if (c && c === prev) out[out.length - 1].n++;
    else if (c) out.push({ n: 1, c });
    prev = c;
  }
  return out;
}

function sameClue(a, b) {
  return a.length === b.length && a.every((x, i) => x.n === b[i].n && x.c === b[i].c);
}

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
    this.fixed = new Map(); // index -> value of cells no move changes (Play's given cells)
    if (saved) this.restore(saved);
  }

  get(x, y) { return this.cells[y * this.puzzle.width + x]; }

  line(axis, i) {
    const { width, height } = this.puzzle;
    const out = [];
    if (axis === "row") for (let x = 0; x < width; x++) out.push(this.cells[i * width + x]);
    else for (let y = 0; y < height; y++) out.push(this.cells[y * width + i]);
    return out;
  }

  /** Apply changes [[index, value], ...] as one undoable move; returns the move or null. */
  apply(changes, label = "") {
    const flat = [];
    for (const [i, v] of changes) {
      if (this.cells[i] !== v) { flat.push(i, this.cells[i], v); this.cells[i] = v; }
    }
    if (!flat.length) return null;
    const move = { c: flat, l: label };
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

  /** Any grid whose filled cells satisfy every clue wins (unknown counts as empty). */
  isSolved() {
    const { width, height } = this.puzzle;
    for (let y = 0; y < height; y++) if (!this.lineSatisfied("row", y)) return false;
    for (let x = 0; x < width; x++) if (!this.lineSatisfied("column", x)) return false;
    return true;
  }

  /** Whether line i's filled cells spell its clue exactly (unknown counts as empty). */
  lineSatisfied(axis, i) {
    return sameClue(runsOf(this.line(axis, i)), (axis === "row" ? this.puzzle.rows : this.puzzle.cols)[i]);
  }

  valueChar(v) {
    if (v === UNKNOWN) return "?";
    if (v === CROSSED) return ".";
    return this.puzzle.isColor ? this.puzzle.colors[v - 1].char : "#";
  }

  charValue(ch) {
    if (ch === "?") return UNKNOWN;
    if (ch === ".") return CROSSED;
    if (!this.puzzle.isColor) return 2;
    const i = this.puzzle.colors.findIndex((c) => c.char === ch);
    return i >= 1 ? i + 1 : UNKNOWN;
  }

  /** State text rows for the engine: ? unknown, . crossed, # or the colour char filled. */
  stateRows() {
    const { width, height } = this.puzzle;
    const rows = [];
    for (let y = 0; y < height; y++) {
      let s = "";
      for (let x = 0; x < width; x++) s += this.valueChar(this.cells[y * width + x]);
      rows.push(s);
    }
    return rows;
  }

  serialize() {
    return {
      cells: Array.from(this.cells, (v) => String.fromCharCode(48 + v)).join(""),
      undo: this.undoStack,
      redo: this.redoStack,
      elapsed: Math.round(this.elapsed),
      solved: this.solved,
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
    this.solved = this.isSolved();
  }
}
