// The Nikoli editor's document (genres/nikoli/editor.js), edited through the Create frame's one
// undo history (create/history.js), and its draft in localStorage through create/draft.js (the
// same budget and retries as the nonogram editor's).
// Values: one a cell, its clue (0 none, -2 "?", a number; Masyu 1 white pearl, 2 black),
// then two a cell, the borders on its east and south side (Heyawake's rooms; 1 drawn); and its
// `meta`, the title and author (the Create frame's fields write them; a whole state has them).
// New and a file opened to edit are whole-state moves ({l, s: [before, after]}), stored in a
// draft with only the values that are set ({width, height, set: [index, value, ...]}).
import { History, historyWithin } from "../../create/history.js";
import { storeDraft, readDraft, hasDraft } from "../../create/draft.js";
import { TITLE_MAX, AUTHOR_MAX } from "../../create/genre-editor.js";
import { FAMILY_NAMES } from "./game.js";

// one draft per family ("Continue the draft" per genre in Create); drafts saved before
// that (one for every family, under NIKOLI_DRAFT_KEY) still open in their family
export const NIKOLI_DRAFT_KEY = "pysolver:draft:nikoli:v1";
export const draftKey = (family) => `pysolver:draft:${family}:v1`;
const FORMAT = "pysolver-nikoli-draft";
const VERSION = 1;
export const MAX_SIDE = 30; // a comfortable editing size; bigger puzzles come in as files or URLs
const MAX_CLUE = 999;

export class NikoliDraft {
  /** A blank grid of `family`, edited through `history` (the frame's; it starts empty). */
  constructor(family, width, height, history = new History()) {
    this.family = family;
    this.load({ width, height });
    this.history = history;
    history.reset(this);
  }

  /** The whole state (the history's whole-document moves): size, values, title and author. */
  state() { return { width: this.puzzle.width, height: this.puzzle.height, cells: this.values.slice(), meta: { ...this.meta } }; }

  load({ width, height, cells, meta }) {
    this.puzzle = { width, height };
    this.meta = metaOf(meta);
    this.values = this.cells = new Int16Array(3 * width * height); // clues need more than a byte
    if (cells) this.values.set(cells);
  }

  clue(i) { return this.cells[i]; }

  wallIndex(x, y, side) { return this.puzzle.width * this.puzzle.height + 2 * (y * this.puzzle.width + x) + (side === "s" ? 1 : 0); }

  /** Cell index -> clue, of the cells that have one. */
  clues() {
    const out = new Map(), n = this.puzzle.width * this.puzzle.height;
    for (let i = 0; i < n; i++) if (this.cells[i]) out.set(i, this.cells[i]);
    return out;
  }

  /** Whether a border is drawn on side "e" or "s" of cell (x, y); false outside the grid. */
  wall(x, y, side) {
    const { width, height } = this.puzzle;
    return x >= 0 && y >= 0 && x < width && y < height && this.cells[this.wallIndex(x, y, side)] === 1;
  }

  /** A new whole document ({width, height, cells?}) as one undoable move (New, a file opened). */
  replace(state, label) { return this.history.replace(state, label); }

  /** The draft record, with as much history as fits `budget` characters. */
  record(budget) {
    const store = (move, room) => {
      const kept = move.s ? { l: move.l, s: move.s.map(sparse) } : move;
      const cost = JSON.stringify(kept).length + 1;
      return cost <= room ? { move: kept, cost } : null;
    };
    const { undo, redo } = historyWithin(this.history.undoStack, this.history.redoStack, budget, store);
    return { format: FORMAT, version: VERSION, saved: Date.now(), family: this.family, width: this.puzzle.width,
      height: this.puzzle.height, cells: Array.from(this.cells), meta: { ...this.meta }, undo, redo };
  }

  /** The document of a draft record, edited through `history` with its moves, or null when it
   * is not one; history that does not fit the grid is dropped, never the grid. */
  static from(rec, history = new History()) {
    if (!rec || rec.format !== FORMAT || rec.version !== VERSION || !FAMILY_NAMES[rec.family]) return null;
    const { width, height } = rec;
    const side = (v) => Number.isInteger(v) && v >= 2 && v <= MAX_SIDE;
    if (!side(width) || !side(height)) return null;
    const n = 3 * width * height;
    const value = (v) => Number.isInteger(v) && v >= -2 && v <= MAX_CLUE;
    if (!Array.isArray(rec.cells) || rec.cells.length !== n || !rec.cells.every(value)) return null;
    const doc = new NikoliDraft(rec.family, width, height, history);
    doc.cells.set(rec.cells);
    doc.meta = metaOf(rec.meta);
    // value moves index the document at their place in the history: its size then, which
    // whole-state moves change (read from the draft's state back through the undo moves)
    const okValues = (m, size) => Array.isArray(m.c) && m.c.length % 3 === 0 &&
      m.c.every((x, k) => (k % 3 === 0 ? Number.isInteger(x) && x >= 0 && x < size : value(x)));
    const whole = (m) => Array.isArray(m.s) && m.s.length === 2 && m.s.every((st) => dense(st, side, value));
    const undo = [], redo = [];
    let size = n;
    for (const m of (Array.isArray(rec.undo) ? rec.undo : []).slice().reverse()) {
      if (!m) break;
      if (whole(m) && 3 * m.s[1].width * m.s[1].height === size) {
        undo.unshift({ l: m.l, s: m.s.map((st) => dense(st, side, value)) });
        size = 3 * m.s[0].width * m.s[0].height;
      } else if (okValues(m, size)) undo.unshift(m);
      else break; // an older move the grid cannot take: the history starts after it
    }
    size = n;
    if (undo.length === (Array.isArray(rec.undo) ? rec.undo.length : 0)) {
      for (const m of (Array.isArray(rec.redo) ? rec.redo : []).slice().reverse()) {
        if (!m) break;
        if (whole(m) && 3 * m.s[0].width * m.s[0].height === size) {
          redo.unshift({ l: m.l, s: m.s.map((st) => dense(st, side, value)) });
          size = 3 * m.s[1].width * m.s[1].height;
        } else if (okValues(m, size)) redo.unshift(m);
        else { redo.length = 0; break; }
      }
    }
    history.reset(doc, { undo, redo });
    return doc;
  }
}

/** The title and author of a document (strings: a draft's may be anything). */
function metaOf(meta) {
  const text = (v, max) => (typeof v === "string" ? v.slice(0, max) : "");
  return { title: text(meta && meta.title, TITLE_MAX), author: text(meta && meta.author, AUTHOR_MAX) };
}

/** A whole state as a draft stores it: the size, the values that are set, the title and author. */
function sparse({ width, height, cells, meta }) {
  const set = [];
  for (let i = 0; i < cells.length; i++) if (cells[i]) set.push(i, cells[i]);
  return { width, height, set, ...(meta && (meta.title || meta.author) ? { meta } : {}) };
}

/** A state a draft stored (sparse) as the document loads it, or null when it is not one. */
function dense(st, side, value) {
  if (!st || !side(st.width) || !side(st.height) || !Array.isArray(st.set) || st.set.length % 2) return null;
  const cells = new Array(3 * st.width * st.height).fill(0);
  for (let k = 0; k < st.set.length; k += 2) {
    const i = st.set[k], v = st.set[k + 1];
    if (!Number.isInteger(i) || i < 0 || i >= cells.length || !value(v)) return null;
    cells[i] = v;
  }
  return { width: st.width, height: st.height, cells, meta: metaOf(st.meta) };
}

/** The family of the draft saved under the one key of earlier versions, or null. */
function oldFamily(storage) {
  try { return JSON.parse(storage.getItem(NIKOLI_DRAFT_KEY)).family || null; } catch { return null; }
}

/** Save the draft under its family's key; {ok, kept}. The earlier versions' draft of the same
 * family is then older than this one: it goes. */
export function saveNikoliDraft(doc, storage) {
  const res = storeDraft(draftKey(doc.family), (b) => doc.record(b), storage);
  if (res.ok && oldFamily(storage) === doc.family) {
    try { storage.removeItem(NIKOLI_DRAFT_KEY); } catch { /* blocked: the newer draft is read first anyway */ }
  }
  return res;
}

/** The draft of `family` (its own, else one an earlier version saved for it), edited through
 * `history`, or null. */
export function loadNikoliDraft(storage, family, history) {
  const from = (rec) => (rec && rec.family === family ? NikoliDraft.from(rec, history) : null);
  const own = readDraft(draftKey(family), storage, from);
  if (own) return own;
  const old = readDraft(NIKOLI_DRAFT_KEY, storage, from);
  return old && old.family === family ? old : null;
}

/** Whether a draft of `family` is saved (readable or not: "Continue the draft" says when it is not). */
export function hasNikoliDraft(storage, family) {
  return hasDraft(draftKey(family), storage) || oldFamily(storage) === family;
}
