// The Check panel's one result display (web/js/panels/check-report.js) on each genre's data:
// the nonogram's engine answer (genres/nonogram/check.js nonogramCheckData) and the Nikoli
// families' broken rules come out in the same layout.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkReport, placeWords, MAX_ITEMS } from "../../web/js/panels/check-report.js";
import { nonogramCheckData } from "../../web/js/genres/nonogram/check.js";

test("off shows nothing, whatever the genre found", () => {
  const r = checkReport({ wrong: [{ cells: [{ row: 1, column: 1 }] }], words: "1 cell" }, "off");
  assert.deepEqual(r, { state: "off", words: "", items: [], more: 0, overlay: null });
});

test("a nonogram's wrong lines: the engine's sentence, one line each, the lines outlined", () => {
  const res = { mode: "lines", lines: [{ axis: "row", index: 3 }, { axis: "column", index: 2 }], cells: [],
    message: "2 lines whose marks contradict the clue", clues: { rows: [], columns: [] } };
  const data = nonogramCheckData(res, "lines");
  assert.equal(data.spoiler, false);
  assert.deepEqual(data.clues, res.clues);
  const r = checkReport(data, "lines");
  assert.equal(r.state, "wrong");
  assert.equal(r.words, "2 lines whose marks contradict the clue");
  assert.deepEqual(r.items, ["Row 3", "Column 2"]);
  assert.deepEqual(r.overlay, { cells: [], lines: res.lines });
});

test("a nonogram with nothing to compare with is no verdict on the marks", () => {
  const res = { mode: "solution", lines: [], cells: [], unavailable: true, detail: "search limit: 10 line solves",
    message: "This puzzle has no stored solution and the check's search did not find one, so …" };
  const r = checkReport(nonogramCheckData(res, "solution"), "solution");
  assert.equal(r.state, "unknown");
  assert.equal(r.words, res.message);
  assert.equal(r.overlay, null);
});

test("nothing wrong: the genre's sentence, marked as fine", () => {
  const r = checkReport(nonogramCheckData({ lines: [], cells: [], message: "Every marked cell agrees with the solution." }, "solution"), "solution");
  assert.deepEqual([r.state, r.words, r.items], ["ok", "Every marked cell agrees with the solution.", []]);
  assert.equal(checkReport({ wrong: [] }, "rules").words, "Nothing is wrong so far.");
});

test("a grid genre's broken rules: its words one a line, their cells outlined", () => {
  const a = [{ row: 1, column: 1 }, { row: 1, column: 2 }], b = [{ row: 4, column: 4 }];
  const r = checkReport({ wrong: [{ words: "shaded cells are side by side", cells: a }, { words: "an island has no number", cells: b }],
    words: "2 rules are broken" }, "rules");
  assert.equal(r.state, "wrong");
  assert.deepEqual(r.items, ["shaded cells are side by side", "an island has no number"]);
  assert.deepEqual(r.overlay, { cells: [...a, ...b], lines: [] });
});

test("a long list stops at MAX_ITEMS and says how many more; the board outlines all", () => {
  const cells = Array.from({ length: MAX_ITEMS + 3 }, (_, i) => ({ row: i + 1, column: 1 }));
  const r = checkReport(nonogramCheckData({ cells, lines: [], message: `${cells.length} cells differ from the solution` }, "solution"), "solution");
  assert.equal(r.items.length, MAX_ITEMS);
  assert.equal(r.items[0], "Row 1, column 1");
  assert.equal(r.more, 3);
  assert.equal(r.overlay.cells.length, cells.length);
  assert.equal(checkReport({ wrong: [{ cells: [cells[0]] }] }, "x").words, "1 mistake");
  assert.equal(placeWords({}), "");
});
