// The Nikoli editor's document on the Create frame's history (web/js/genres/nikoli/draft.js): edits undo and
// redo as moves, and the draft (create/draft.js's budget and retries) restores the grid and
// its history, refuses what is not a draft, and keeps the grid when history is damaged.
import { test } from "node:test";
import assert from "node:assert/strict";

globalThis.window = {};
const { NikoliDraft, saveNikoliDraft, loadNikoliDraft, hasNikoliDraft, draftKey, NIKOLI_DRAFT_KEY } = await import("../../web/js/genres/nikoli/draft.js");

class MemoryStorage {
  constructor(limit = Infinity) { this.map = new Map(); this.limit = limit; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  removeItem(k) { this.map.delete(k); }
  setItem(k, v) { if (String(v).length > this.limit) throw new Error("QuotaExceededError"); this.map.set(k, String(v)); }
}

function heyawake() {
  const d = new NikoliDraft("heyawake", 4, 3);
  d.history.apply([[0, 2]], "number");
  d.history.apply([[5, -2]], "number");
  d.history.apply([[d.wallIndex(1, 0, "e"), 1]], "border");
  return d;
}

test("edits are moves: undo and redo them", () => {
  const d = heyawake();
  assert.deepEqual([...d.clues()], [[0, 2], [5, -2]]);
  assert.ok(d.wall(1, 0, "e") && !d.wall(1, 0, "s") && !d.wall(-1, 0, "e"));
  d.history.undo();
  assert.ok(!d.wall(1, 0, "e"));
  d.history.undo();
  assert.deepEqual([...d.clues()], [[0, 2]]);
  d.history.redo();
  assert.deepEqual([...d.clues()], [[0, 2], [5, -2]]);
  d.history.apply([[0, 999]], "number"); // numbers beyond a byte
  assert.equal(d.clue(0), 999);
  assert.equal(d.history.redoStack.length, 0);
});

test("the draft restores the grid and its history", () => {
  const ls = new MemoryStorage();
  const d = heyawake();
  d.history.undo();
  assert.deepEqual(saveNikoliDraft(d, ls), { ok: true, kept: 2 });
  const back = loadNikoliDraft(ls, "heyawake");
  assert.equal(back.family, "heyawake");
  assert.deepEqual([back.puzzle.width, back.puzzle.height], [4, 3]);
  assert.deepEqual([...back.cells], [...d.cells]);
  assert.equal(back.history.undoStack.length, 2);
  back.history.redo();
  assert.ok(back.wall(1, 0, "e"));
  back.history.undo(); back.history.undo(); back.history.undo();
  assert.deepEqual([...back.clues()], []);
});

test("a full storage keeps the grid without history; none at all says so", () => {
  const d = heyawake();
  const small = new MemoryStorage(JSON.stringify(d.record(0)).length + 10);
  assert.deepEqual(saveNikoliDraft(d, small), { ok: true, kept: 0 });
  assert.deepEqual([...loadNikoliDraft(small, "heyawake").cells], [...d.cells]);
  assert.equal(saveNikoliDraft(d, new MemoryStorage(10)).ok, false);
});

test("what is not a draft is refused; damaged history is dropped, never the grid", () => {
  const ls = new MemoryStorage();
  const d = heyawake();
  saveNikoliDraft(d, ls);
  const KEY = draftKey("heyawake");
  const rec = JSON.parse(ls.getItem(KEY));
  for (const bad of [null, { ...rec, format: "other" }, { ...rec, family: "sudoku" }, { ...rec, width: 1000 },
    { ...rec, cells: rec.cells.slice(1) }, { ...rec, cells: rec.cells.map(() => 5000) }]) {
    ls.setItem(KEY, JSON.stringify(bad));
    assert.equal(loadNikoliDraft(ls, "heyawake"), null, JSON.stringify(bad).slice(0, 80));
  }
  ls.setItem(KEY, "{not json");
  assert.equal(loadNikoliDraft(ls, "heyawake"), null);
  ls.setItem(KEY, JSON.stringify({ ...rec, undo: [{ c: [999, 0, 1] }] }));
  const back = loadNikoliDraft(ls, "heyawake");
  assert.deepEqual([...back.cells], [...d.cells]);
  assert.deepEqual([back.history.undoStack.length, back.history.redoStack.length], [0, 0]);
});

test("one draft per family; a draft saved by an earlier version (one key for all) opens in its family", () => {
  const ls = new MemoryStorage();
  const old = heyawake();
  ls.setItem(NIKOLI_DRAFT_KEY, JSON.stringify(old.record(1e6))); // as the Nikoli view's editor saved it
  assert.ok(hasNikoliDraft(ls, "heyawake") && !hasNikoliDraft(ls, "nurikabe"));
  assert.equal(loadNikoliDraft(ls, "nurikabe"), null);
  assert.deepEqual([...loadNikoliDraft(ls, "heyawake").cells], [...old.cells]);
  const nuri = new NikoliDraft("nurikabe", 5, 5);
  nuri.history.apply([[0, 3]], "number");
  assert.ok(saveNikoliDraft(nuri, ls).ok);
  assert.equal(loadNikoliDraft(ls, "nurikabe").clue(0), 3);
  assert.ok(ls.getItem(NIKOLI_DRAFT_KEY), "another family's save leaves the old draft alone");
  const hey = loadNikoliDraft(ls, "heyawake");
  hey.history.apply([[1, 4]], "number");
  assert.ok(saveNikoliDraft(hey, ls).ok);
  assert.equal(ls.getItem(NIKOLI_DRAFT_KEY), null, "saved again under its family's key: the old one goes");
  assert.equal(loadNikoliDraft(ls, "heyawake").clue(1), 4);
  assert.equal(loadNikoliDraft(ls, "heyawake").history.undoStack.length, 4);
});

test("the title and author are the document's: a draft keeps them, New clears them, Undo brings them back", () => {
  const store = new MemoryStorage();
  const d = heyawake();
  d.meta.title = "The lake";
  d.meta.author = "Ann";
  d.replace({ width: 5, height: 5 }, "new");
  assert.deepEqual(d.meta, { title: "", author: "" });
  d.history.undo();
  assert.deepEqual(d.meta, { title: "The lake", author: "Ann" });
  d.history.redo();
  d.meta.title = "Second";
  assert.ok(saveNikoliDraft(d, store).ok);
  const back = loadNikoliDraft(store, "heyawake");
  assert.deepEqual(back.meta, { title: "Second", author: "" });
  back.history.undo(); // the New, stored with the title before it
  assert.deepEqual(back.meta, { title: "The lake", author: "Ann" });
  // a damaged draft's title is no string: none, the grid kept
  const rec = JSON.parse(store.getItem(draftKey("heyawake")));
  rec.meta = { title: { html: "<b>" }, author: "x".repeat(500) };
  store.setItem(draftKey("heyawake"), JSON.stringify(rec));
  const odd = loadNikoliDraft(store, "heyawake");
  assert.equal(odd.meta.title, "");
  assert.equal(odd.meta.author.length, 80);
});
