// The Create frame's one undo/redo history (create/editor.js), the same for every genre's editor
// (Node-tested: tests/js/create-history.test.mjs). A genre's document is flat values (`values`:
// a nonogram's colours then its given cells, a Nikoli puzzle's clues then its borders) and a
// whole state (`state()`, `load(state)`: its size, palette, ...). Every edit is a move as data:
// the values it changed ({l, c: [i, before, after, ...]}) or, for a change of the whole document
// (New, a resize, the palette, an import), the states before and after ({l, s: [before, after]}).
// The frame's Undo and Redo (Ctrl+Z, Ctrl+Y) step through it; drafts store its moves.

export const HISTORY_LIMIT = 300; // moves kept in memory (a 200×200 picture's whole states are 80 kB a move)

export class History extends EventTarget {
  constructor(limit = HISTORY_LIMIT) {
    super();
    this.limit = limit;
    this.doc = null;
    this.undoStack = [];
    this.redoStack = [];
  }

  /** Edit `doc` from now on, with the moves before (`undo`) and after (`redo`) it, e.g. a draft's. */
  reset(doc, { undo = [], redo = [] } = {}) {
    this.doc = doc;
    this.undoStack = undo.slice(-this.limit);
    this.redoStack = redo.slice();
  }

  get canUndo() { return this.undoStack.length > 0; }
  get canRedo() { return this.redoStack.length > 0; }

  /** Values changed as one move: [[index, value], ...]; the move, or null when none changed. */
  apply(changes, label = "") {
    const v = this.doc.values, flat = [];
    for (const [i, x] of changes) {
      if (i >= 0 && i < v.length && v[i] !== x) { flat.push(i, v[i], x); v[i] = x; }
    }
    return flat.length ? this.push({ l: label, c: flat }) : null;
  }

  /** The whole document changed as one move: `next` is its new state (the genre's JSON). */
  replace(next, label = "") {
    const before = this.doc.state();
    this.doc.load(next);
    return this.push({ l: label, s: [before, this.doc.state()] });
  }

  push(move) {
    this.undoStack.push(move);
    if (this.undoStack.length > this.limit) this.undoStack.shift();
    this.redoStack.length = 0;
    this.changed("move", move);
    return move;
  }

  undo() { return this.step(this.undoStack, this.redoStack, true); }
  redo() { return this.step(this.redoStack, this.undoStack, false); }

  step(from, to, back) {
    const move = from.pop();
    if (!move) return null;
    if (move.s) this.doc.load(move.s[back ? 0 : 1]);
    else {
      const v = this.doc.values, c = move.c;
      if (back) for (let k = c.length - 3; k >= 0; k -= 3) v[c[k]] = c[k + 1];
      else for (let k = 0; k < c.length; k += 3) v[c[k]] = c[k + 2];
    }
    to.push(move);
    this.changed(back ? "undo" : "redo", move);
    return move;
  }

  changed(kind, move) { this.dispatchEvent(new CustomEvent("change", { detail: { kind, move } })); }
}

/** The newest moves of `undo`, then of `redo`, that fit `budget` characters of a draft (a move
 * cut from undo cuts every older one: steps undo in order). `store(move, room)` gives the move
 * as the draft stores it and its cost, or null when that is more than `room`. */
export function historyWithin(undo, redo, budget, store = asJson) {
  let room = budget;
  const fit = (list, out) => {
    for (let k = list.length - 1; k >= 0; k--) {
      const kept = store(list[k], room);
      if (!kept) return false;
      room -= kept.cost;
      out.unshift(kept.move);
    }
    return true;
  };
  const u = [], r = [];
  if (fit(undo, u)) fit(redo, r);
  return { undo: u, redo: r };
}

function asJson(move, room) {
  const cost = JSON.stringify(move).length + 1;
  return cost <= room ? { move, cost } : null;
}
