// The Create frame's one undo model (web/js/create/history.js): moves as data on a genre's
// values or its whole state, undone and redone the same way for the nonogram editor's picture
// and a Nikoli family's grid, the draft's history within a budget, and a nonogram draft saved
// before the one model (given cells as their own kind of move) opening with its history.
import { test } from "node:test";
import assert from "node:assert/strict";
import { History, HISTORY_LIMIT, HISTORY_VALUES, historyWithin, stepText } from "../../web/js/create/history.js";
import { DRAFT_BUDGET } from "../../web/js/create/draft.js";
import { EditorDoc } from "../../web/js/genres/nonogram/editor/model.js";
import { restoreDraft, draftRecord, saveDraft } from "../../web/js/genres/nonogram/editor/draft.js";

globalThis.window = {};
const { NikoliDraft, saveNikoliDraft, loadNikoliDraft } = await import("../../web/js/genres/nikoli/draft.js");

/** A localStorage that holds `quota` characters at most (a full one throws, as browsers do). */
function storageOf(quota) {
  const items = new Map();
  return {
    items,
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem(k, v) { if (v.length > quota) throw new Error("QuotaExceededError"); items.set(k, v); },
    removeItem: (k) => items.delete(k),
  };
}

/** A document of `n` values and a size, as the genres' are. */
class Doc {
  constructor(n) { this.load({ n }); }
  state() { return { n: this.values.length, values: Array.from(this.values) }; }
  load({ n, values }) { this.values = new Int16Array(n); if (values) this.values.set(values); }
}

test("value moves undo and redo in order; a new move drops the redo; nothing changed is no move", () => {
  const h = new History(), doc = new Doc(4), seen = [];
  h.reset(doc);
  h.addEventListener("change", (e) => seen.push(e.detail.kind));
  assert.equal(h.canUndo, false);
  h.apply([[0, 5], [1, 6]], "a");
  h.apply([[1, 7], [1, 8]], "b"); // the same value twice in a move: undo goes back to before it
  assert.equal(h.apply([[0, 5], [9, 1]], "none"), null); // unchanged, outside: no move
  assert.deepEqual([...doc.values], [5, 8, 0, 0]);
  h.undo();
  assert.deepEqual([...doc.values], [5, 6, 0, 0]);
  h.undo();
  assert.deepEqual([...doc.values], [0, 0, 0, 0]);
  assert.equal(h.undo(), null);
  h.redo();
  assert.deepEqual([...doc.values], [5, 6, 0, 0]);
  assert.ok(h.canRedo);
  h.apply([[3, 1]], "c");
  assert.equal(h.canRedo, false);
  assert.deepEqual(seen, ["move", "move", "undo", "undo", "redo", "move"]);
});

test("whole-state moves (a new size) undo to the state before; the history keeps its last moves", () => {
  const h = new History(3), doc = new Doc(2);
  h.reset(doc);
  h.apply([[0, 1]]);
  h.replace({ n: 5, values: [1, 2, 3, 4, 5] }, "resize");
  assert.equal(doc.values.length, 5);
  h.apply([[4, 9]]);
  h.undo();
  h.undo();
  assert.deepEqual([...doc.values], [1, 0]);
  h.redo();
  h.redo();
  assert.deepEqual([...doc.values], [1, 2, 3, 4, 9]);
  for (let k = 0; k < 5; k++) h.apply([[0, 10 + k]]);
  assert.equal(h.undoStack.length, 3);
  assert.equal(HISTORY_LIMIT, new History().limit);
});

test("the nonogram picture and a Nikoli grid are edited through the same history", () => {
  const h = new History();
  const pic = new EditorDoc({ width: 3, height: 2 }, h);
  pic.paint([[0, 1], [4, 1]]);
  pic.setGivens([4]);
  pic.resize(2, 2);
  assert.deepEqual([pic.goalRows(), [...pic.givens]], [["#.", ".#"], [3]]);
  h.undo();
  assert.deepEqual([pic.goalRows(), [...pic.givens]], [["#..", ".#."], [4]]);
  h.undo();
  assert.deepEqual([...pic.givens], []);
  h.undo();
  assert.deepEqual(pic.goalRows(), ["...", "..."]);
  // the same history takes the Nikoli grid: a new document starts it afresh
  const grid = new NikoliDraft("heyawake", 3, 3, h);
  assert.equal(h.canRedo, false);
  h.apply([[0, 2]], "number");
  h.apply([[grid.wallIndex(0, 0, "e"), 1]], "border");
  h.undo();
  assert.ok(!grid.wall(0, 0, "e") && grid.clue(0) === 2);
  h.undo();
  assert.equal(grid.clue(0), 0);
});

test("a draft's history: the newest moves that fit the budget, redo only after the whole undo", () => {
  const undo = [{ c: [0, 0, 1] }, { c: [1, 0, 1] }, { c: [2, 0, 1] }], redo = [{ c: [3, 0, 1] }];
  const one = JSON.stringify(undo[0]).length + 1;
  assert.deepEqual(historyWithin(undo, redo, 2 * one), { undo: undo.slice(1), redo: [] });
  assert.deepEqual(historyWithin(undo, redo, 4 * one), { undo, redo });
  assert.deepEqual(historyWithin(undo, redo, 0), { undo: [], redo: [] });
});

test("a nonogram draft saved before the one model opens: its given-cell moves across a resize undo", () => {
  const BW = [{ name: "white", char: ".", rgb: "FFFFFF" }, { name: "black", char: "#", rgb: "000000" }];
  const snap = (w, h, cells, givens) => ({ width: w, height: h, colors: BW, cells, givens, meta: {} });
  const rec = {
    format: "pysolver-draft", version: 1, saved: 1,
    state: snap(3, 1, [1, 0, 1], [0, 2]),
    undo: [{ l: "given", g: [0], on: true }, { l: "resize", s: [snap(2, 1, [1, 0], [0]), snap(3, 1, [1, 0, 1], [0])] },
      { l: "given", g: [2], on: true }],
    redo: [{ l: "given", g: [0, 2], on: false }],
  };
  const h = new History();
  const doc = restoreDraft(rec, h);
  assert.deepEqual([...doc.givens], [0, 2]);
  h.redo();
  assert.deepEqual([...doc.givens], []);
  h.undo();
  h.undo();
  assert.deepEqual([doc.width, [...doc.givens]], [3, [0]]);
  h.undo();
  assert.deepEqual([doc.width, [...doc.givens]], [2, [0]]);
  h.undo();
  assert.deepEqual([...doc.givens], []);
  assert.equal(h.canUndo, false);
});

test("one limit for every genre: a 30×30 picture's strokes and a 20×20 Heyawake's edits all undo; the drafts stay in budget", () => {
  assert.equal(HISTORY_LIMIT, 1000);
  // a 30×30 picture drawn in 1000 strokes along its rows (a stroke is one move, however long)
  const pic = new EditorDoc({ width: 30, height: 30 });
  for (let k = 0; k < 1000; k++) {
    const y = k % 30, from = (k * 7) % 20;
    pic.paint(Array.from({ length: 10 }, (_, x) => y * 30 + from + x).map((i) => [i, pic.cells[i] ? 0 : 1]));
  }
  assert.equal(pic.history.undoStack.length, 1000);
  const rec = draftRecord(pic);
  assert.equal(rec.undo.length, 1000, "the draft keeps every step");
  assert.ok(JSON.stringify(rec).length <= DRAFT_BUDGET / 8, "about 100,000 characters: even the retry keeps it all");
  pic.paint([[0, pic.cells[0] ? 0 : 1]]); // the 1001st move: the oldest goes
  assert.equal(pic.history.undoStack.length, 1000);
  // a storage short of room keeps the picture (without its steps); a full one says so
  const small = storageOf(30_000), res = saveDraft(pic, small);
  assert.ok(res.ok && res.kept === 0, `kept ${res.kept} of ${res.total}`);
  assert.equal(restoreDraft(JSON.parse([...small.items.values()][0])).goalRows().join(), pic.goalRows().join());
  assert.equal(saveDraft(pic, storageOf(100)).ok, false);
  // a 20×20 Heyawake: ~400 borders and numbers, each a move, after a New (one move too)
  const h = new History(), grid = new NikoliDraft("heyawake", 7, 7, h);
  h.apply([[0, 5]], "number");
  grid.replace({ width: 20, height: 20 }, "new");
  for (let y = 0; y < 19; y++) for (let x = 0; x < 19; x++) if ((x + y) % 2) h.apply([[grid.wallIndex(x, y, y % 2 ? "e" : "s"), 1]], "border");
  for (let k = 0; k < 40; k++) h.apply([[k * 10, 1 + (k % 9)]], "number");
  const moves = h.undoStack.length;
  assert.equal(moves, 2 + 180 + 40);
  // its draft (New stored with the values set only) brings every step back after a reload
  const store = storageOf(DRAFT_BUDGET);
  assert.ok(saveNikoliDraft(grid, store).ok);
  assert.ok([...store.items.values()][0].length < 20_000);
  const h2 = new History(), back = loadNikoliDraft(store, "heyawake", h2);
  assert.deepEqual([back.puzzle, [...back.cells]], [grid.puzzle, [...grid.cells]]);
  for (let k = 0; k < moves - 1; k++) h2.undo();
  assert.deepEqual([back.puzzle.width, back.clue(0)], [7, 5], "Undo after New brings the 7×7 back");
  h2.undo();
  assert.equal(back.clue(0), 0);
  while (h2.canRedo) h2.redo();
  assert.deepEqual([...back.cells], [...grid.cells]);
});

test("the history's memory is bounded by its values too: a big picture's whole-state moves", () => {
  const h = new History(HISTORY_LIMIT, 100), doc = new Doc(10); // a whole-state move weighs 2 × 10
  h.reset(doc);
  for (let k = 0; k < 8; k++) h.replace({ n: 10, values: [k] }, "import");
  assert.equal(h.undoStack.length, 5);
  for (let k = 0; k < 50; k++) h.apply([[1, k + 1]]); // 3 values a move
  assert.equal(h.undoStack.length, 33);
  assert.ok(h.weight <= 100);
  while (h.canUndo) h.undo();
  assert.equal(h.weight, 0);
  assert.ok(HISTORY_VALUES / (2 * 2 * 200 * 200) >= 100, "100 whole-picture moves of a 200×200 picture stay");
});

test("the status line after Undo and Redo says the move's words, and for a whole document its size", () => {
  const h = new History(), doc = new Doc(2), said = [];
  h.reset(doc);
  h.addEventListener("change", (e) => { if (e.detail.kind !== "move") said.push(stepText(e.detail.kind, e.detail.move, { width: doc.values.length, height: 1 })); });
  h.replace({ n: 5 }, "new");
  h.apply([[0, 1]], "paint");
  h.undo(); h.undo(); h.redo();
  h.apply([[1, 1]]);
  h.undo();
  assert.deepEqual(said, ["Undone: Paint.", "Undone: New. The 2×1 puzzle before it is back (Redo does it again).", "Redone: New.", "Undone."]);
});

test("a title typed after New is kept when the New is undone and redone (the whole states are amended)", () => {
  const doc = new EditorDoc({ width: 3, height: 2 });
  const h = doc.history, title = (v) => { doc.meta.title = v; h.amendState((s) => { s.meta.title = v; }); };
  title("Old");
  doc.replace({ width: 4, height: 4, cells: [], meta: {} }, "new");
  doc.paint([[0, 1]]);
  title("Boat");
  h.undo(); h.undo(); // the paint, the New
  assert.equal(doc.meta.title, "Old");
  title("Old, renamed"); // typed on the puzzle before: the New's before-state takes it
  h.redo(); h.redo();
  assert.equal(doc.meta.title, "Boat");
  assert.equal(doc.cells[0], 1);
  h.undo(); h.undo();
  assert.equal(doc.meta.title, "Old, renamed");
  // a document with no whole move yet: nothing to amend
  const blank = new EditorDoc({ width: 2, height: 2 });
  blank.history.amendState(() => { throw new Error("no whole move to amend"); });
});
