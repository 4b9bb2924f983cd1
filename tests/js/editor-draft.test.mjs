// The editor's draft record (web/js/genres/nonogram/editor/draft.js) in Node: cell packing, the
// history budget, undo of the kept steps, saving into a storage that is short of
// room or full, and version 1 drafts. (Moved from an in-page browser test: nothing
// here needs a page.)
import { test } from "node:test";
import assert from "node:assert/strict";
import * as d from "../../web/js/genres/nonogram/editor/draft.js";
import { EditorDoc } from "../../web/js/genres/nonogram/editor/model.js";

const BW = [{ name: "white", char: ".", rgb: "FFFFFF" }, { name: "black", char: "#", rgb: "000000" }];

test("cells pack and unpack for any palette size", () => {
  for (const k of [2, 3, 4, 9, 70]) {
    const cells = Array.from({ length: 1001 }, (_, i) => (i * 7919) % k);
    assert.equal(d.unpackCells(d.packCells(cells, k), cells.length, k).join(), cells.join(), `palette of ${k}`);
  }
});

test("200 whole-picture moves of 200x200: the record keeps what fits the budget, and saves where room is short", () => {
  let seed = 1;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const doc = new EditorDoc({ width: 200, height: 200 });
  for (let k = 0; k < 200; k++) doc.replace({ cells: Array.from({ length: 40000 }, () => (rnd() < 0.5 ? 1 : 0)) }, "import");
  const rec = d.draftRecord(doc);
  const text = JSON.stringify(rec);
  assert.ok(text.length <= 1_000_000 + 10_000, `record of ${text.length} characters`);
  assert.ok(rec.undo.length > 100 && rec.undo.length < 200, `kept ${rec.undo.length}`); // the oldest dropped
  const back = d.restoreDraft(JSON.parse(text));
  assert.equal(back.goalRows().join(), doc.goalRows().join());
  // undo of the kept steps gives the same pictures as in memory
  for (let k = 0; k < rec.undo.length; k++) {
    back.history.undo();
    doc.history.undo();
    assert.equal(back.goalRows().join(), doc.goalRows().join(), `undo step ${k + 1}`);
  }
  for (let k = 0; k < rec.undo.length; k++) { back.history.redo(); doc.history.redo(); }
  // a storage that holds less than the budget: saved with less history; one that holds nothing: not saved
  const small = { item: null, setItem(k, v) { if (v.length > 200000) throw new DOMException("full", "QuotaExceededError"); this.item = v; } };
  const res = d.saveDraft(doc, small);
  assert.ok(res.ok);
  assert.ok(res.kept > 0 && res.kept < res.total, `kept ${res.kept} of ${res.total}`);
  assert.equal(d.restoreDraft(JSON.parse(small.item)).goalRows().join(), doc.goalRows().join());
  const full = { setItem() { throw new DOMException("full", "QuotaExceededError"); } };
  assert.equal(d.saveDraft(doc, full).ok, false);
});

test("a version 1 draft (plain arrays) still opens, with its history", () => {
  const v1 = {
    format: "pysolver-draft", version: 1, saved: 1,
    state: { width: 2, height: 1, colors: BW, cells: [1, 0], givens: [1], meta: { title: "old" } },
    undo: [{ l: "new", s: [{ width: 1, height: 1, colors: BW, cells: [1], givens: [], meta: {} },
      { width: 2, height: 1, colors: BW, cells: [0, 0], givens: [], meta: {} }] }, { l: "paint", c: [0, 0, 1] }],
    redo: [],
  };
  const old = d.restoreDraft(v1);
  assert.deepEqual([old.goalRows(), [...old.givens], old.meta.title], [["#."], [1], "old"]);
  old.history.undo();
  old.history.undo();
  assert.deepEqual(old.goalRows(), ["#"]);
});
