// The Create frame's one undo/redo history (create/editor.js), the same for every genre's editor
// (Node-tested: tests/js/create-history.test.mjs). A genre's document is flat values (`values`:
// a nonogram's colours then its given cells, a Nikoli puzzle's clues then its borders) and a
// whole state (`state()`, `load(state)`: its size, palette, ...). Every edit is a move as data:
// the values it changed ({l, c: [i, before, after, ...]}) or, for a change of the whole document
// (New, a resize, the palette, an import), the states before and after ({l, s: [before, after]}).
// The frame's Undo and Redo (Ctrl+Z, Ctrl+Y) step through it; drafts store its moves.

// What the history keeps in memory: its last HISTORY_LIMIT moves (a stroke, a typed number, a
// border, a New: one move each; drawing a 30×30 picture or making a 20×20 Heyawake takes a few
// hundred), and fewer when their values pass HISTORY_VALUES (a whole-state move of a 200×200
// picture weighs 160,000, 80 kB: its 125 newest stay, 10 MB). A draft stores what fits its
// budget (historyWithin, create/draft.js).
export const HISTORY_LIMIT = 1000;
export const HISTORY_VALUES = 20_000_000;

export class History extends EventTarget {
  constructor(limit = HISTORY_LIMIT, values = HISTORY_VALUES) {
    super();
    this.limit = limit;
    this.maxValues = values;
    this.weight = 0; // the values the undo stack's moves hold (weigh())
    this.weights = new WeakMap();
    this.doc = null;
    this.undoStack = [];
    this.redoStack = [];
  }

  /** Edit `doc` from now on, with the moves before (`undo`) and after (`redo`) it, e.g. a draft's. */
  reset(doc, { undo = [], redo = [] } = {}) {
    this.doc = doc;
    this.undoStack = undo.slice();
    this.redoStack = redo.slice();
    this.weight = this.undoStack.reduce((sum, m) => sum + this.weigh(m), 0);
    this.trim();
  }

  /** The values a move holds: its changes, or two whole states (the document's size when first
   * weighed, kept: the same move weighs the same when undone). */
  weigh(move) {
    let w = this.weights.get(move);
    if (w === undefined) this.weights.set(move, (w = move.c ? move.c.length : 2 * (this.doc.values.length || 1)));
    return w;
  }

  /** Drop the oldest moves past the limits (the newest one always stays). */
  trim() {
    while (this.undoStack.length > 1 && (this.undoStack.length > this.limit || this.weight > this.maxValues)) {
      this.weight -= this.weigh(this.undoStack.shift());
    }
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

  /** Something outside the moves changed the document (a title typed): `change(state)` makes
   * the same change to the whole states the nearest whole moves hold of the document as it is
   * now (the after-state of the last one Undo reaches, the before-state of the first one Redo
   * reaches), so that Undo and Redo across them keep it (a title typed after New, then Undo
   * and Redo of the New, was lost). */
  amendState(change) {
    const below = this.undoStack.findLast((m) => m.s), above = this.redoStack.findLast((m) => m.s);
    if (below) change(below.s[1]);
    if (above) change(above.s[0]);
  }

  push(move) {
    this.undoStack.push(move);
    this.weight += this.weigh(move);
    this.trim();
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
    this.weight += back ? -this.weigh(move) : this.weigh(move);
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

/** What the status line says after Undo (`kind` "undo") or Redo ("redo") of `move`: its label
 * (the genre's words for the edit: "new", "open", "paint", ...) and, when the whole document
 * came back, its size (`size` {width, height} after the step), so the text follows the board. */
export function stepText(kind, move, { width, height }) {
  const what = move.l ? `: ${move.l[0].toUpperCase()}${move.l.slice(1)}` : "";
  if (kind === "redo") return `Redone${what}.`;
  return `Undone${what}.${move.s ? ` The ${width}×${height} puzzle before it is back (Redo does it again).` : ""}`;
}
