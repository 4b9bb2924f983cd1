// The nonogram editor's draft in localStorage (saved by create/draft.js): the current picture always, and as much
// of the undo history as fits a budget, newest steps first. Pictures are packed
// (a few bits per cell, base64) and a picture shared by neighbouring moves (one
// move's "after" is the next one's "before") is stored once. Play's saved games
// share the same storage, so the draft never takes more than DRAFT_BUDGET.
import { EditorDoc } from "./model.js";
import { DRAFT_BUDGET, storeDraft, readDraft, hasDraft } from "../../../create/draft.js";
import { History, historyWithin } from "../../../create/history.js";

export { DRAFT_BUDGET };

export const DRAFT_KEY = "pysolver:draft:v1";
export const DRAFT_FORMAT = "pysolver-draft";
export const DRAFT_VERSION = 2; // 1: cells and every snapshot as plain arrays (still read)

const packed = new WeakMap(); // snapshot -> its packed cells (snapshots never change)

function bitsFor(colors) { return Math.max(1, Math.ceil(Math.log2(colors))); }

/** Cells (colour indices below `colors`) as base64 of `bitsFor(colors)` bits each. */
export function packCells(cells, colors) {
  const bits = bitsFor(colors);
  const bytes = new Uint8Array(Math.ceil((cells.length * bits) / 8));
  let pos = 0;
  for (const v of cells) {
    for (let b = 0; b < bits; b++, pos++) if ((v >> b) & 1) bytes[pos >> 3] |= 1 << (pos & 7);
  }
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export function unpackCells(text, count, colors) {
  const bits = bitsFor(colors);
  const bin = atob(text);
  if (bin.length !== Math.ceil((count * bits) / 8)) throw new Error("packed cells of the wrong size");
  const cells = new Uint8Array(count);
  let pos = 0;
  for (let i = 0; i < count; i++) {
    let v = 0;
    for (let b = 0; b < bits; b++, pos++) if ((bin.charCodeAt(pos >> 3) >> (pos & 7)) & 1) v |= 1 << b;
    cells[i] = v;
  }
  return cells;
}

function pictureOf(snap) {
  if (!packed.has(snap)) packed.set(snap, packCells(snap.cells, snap.colors.length));
  return packed.get(snap);
}

/** The draft record of `doc` (its history's moves) with at most about `budget` characters of history. */
export function draftRecord(doc, budget = DRAFT_BUDGET) {
  const pictures = [], index = new Map();
  // a snapshot with its cells as an index into `pictures` (new pictures are added and counted)
  const ref = (snap, add) => {
    const text = pictureOf(snap);
    if (!index.has(text)) { add.push(text); index.set(text, pictures.length + add.length - 1); }
    return { ...snap, cells: index.get(text) };
  };
  // a move as stored, its pictures counted once: null when it costs more than `room`
  const store = (move, room) => {
    const add = [];
    const out = move.s ? { ...move, s: move.s.map((snap) => ref(snap, add)) } : move;
    const cost = JSON.stringify(out).length + add.reduce((n, t) => n + t.length + 3, 0);
    if (cost > room) { for (const t of add) index.delete(t); return null; }
    pictures.push(...add);
    return { move: out, cost };
  };
  const stateAdd = [];
  const state = ref(doc.state(), stateAdd);
  pictures.push(...stateAdd);
  // newest undo steps first, then the redo steps nearest the picture, until the budget is spent
  const { undo, redo } = historyWithin(doc.history.undoStack, doc.history.redoStack, budget, store);
  return { format: DRAFT_FORMAT, version: DRAFT_VERSION, saved: Date.now(), pictures, state, undo, redo };
}

/** Save the nonogram editor's draft. Returns {ok, kept (undo steps saved), total (undo steps in memory)}. */
export function saveDraft(doc, storage, budget = DRAFT_BUDGET) {
  return { ...storeDraft(DRAFT_KEY, (b) => draftRecord(doc, b), storage, budget), total: doc.history.undoStack.length };
}

/** The snapshot with real cells: version 2 refers to `pictures`, version 1 holds an array. */
function unref(snap, pictures) {
  if (!snap || !Array.isArray(snap.colors)) throw new Error("damaged snapshot");
  if (typeof snap.cells !== "number") return snap;
  const text = pictures[snap.cells];
  if (typeof text !== "string") throw new Error("missing picture");
  return { ...snap, cells: unpackCells(text, snap.width * snap.height, snap.colors.length) };
}

/** Moves saved before givens were values ({g: indices, on}) as the moves of values they are:
 * a flag a cell after the `n` colours, `n` the size at that step (`sizes[k]`). */
function givensAsValues(move, n) {
  if (!move.g) return move;
  return { l: move.l, c: move.g.flatMap((i) => [n + i, move.on ? 0 : 1, move.on ? 1 : 0]) };
}

/** The document a draft record holds, edited through `history` with the draft's moves, or null
 * when it is not a draft. History that cannot be read is dropped (oldest first), never the picture. */
export function restoreDraft(rec, history = new History()) {
  if (!rec || rec.format !== DRAFT_FORMAT || ![1, DRAFT_VERSION].includes(rec.version) || !rec.state) return null;
  const pictures = Array.isArray(rec.pictures) ? rec.pictures : [];
  let doc;
  try { doc = new EditorDoc(unref(rec.state, pictures), history); } catch { return null; }
  const cells = (snap) => snap.width * snap.height;
  // newest first from the picture: the size at each step is the one after it (undo) or before it (redo)
  const moves = (list, side) => {
    const out = [];
    let n = doc.cells.length;
    const items = Array.isArray(list) ? list : [];
    for (let k = items.length - 1; k >= 0; k--) {
      const m = items[k];
      try {
        if (!m || typeof m !== "object" || !(m.s || m.g || Array.isArray(m.c))) throw new Error("damaged move");
        const move = m.s ? { ...m, s: m.s.map((snap) => unref(snap, pictures)) } : givensAsValues(m, n);
        if (move.s) n = cells(move.s[side]);
        out.unshift(move);
      } catch { break; } // a gap: steps before it cannot be undone in order
    }
    return out;
  };
  history.reset(doc, { undo: moves(rec.undo, 0), redo: moves(rec.redo, 1) });
  return doc;
}

/** The saved draft, edited through `history`, or null. */
export function loadDraft(storage, history) { return readDraft(DRAFT_KEY, storage, (rec) => restoreDraft(rec, history)); }

/** Whether a nonogram draft is saved (readable or not). */
export function draftSaved(storage) { return hasDraft(DRAFT_KEY, storage); }
