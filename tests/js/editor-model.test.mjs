// The editor's document (web/js/genres/nonogram/editor/model.js) in Node: painting, givens, resize,
// palette and undo, and the puzzle dict it hands the engine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { EditorDoc, MAX_SIZE } from "../../web/js/genres/nonogram/editor/model.js";

test("a new document is 10x10 black and white; sizes are clamped", () => {
  const d = new EditorDoc();
  assert.equal(d.width, 10);
  assert.equal(d.isColor, false);
  const big = new EditorDoc({ width: 5000, height: 0 });
  assert.equal(big.width, MAX_SIZE);
  assert.equal(big.height, 1);
});

test("paint, undo and redo; the goal rows follow", () => {
  const d = new EditorDoc({ width: 3, height: 2 });
  d.paint([[0, 1], [4, 1]]);
  assert.deepEqual(d.goalRows(), ["#..", ".#."]);
  assert.equal(d.paint([[0, 1]]), null);
  d.history.undo();
  assert.deepEqual(d.goalRows(), ["...", "..."]);
  d.history.redo();
  assert.deepEqual(d.goalRows(), ["#..", ".#."]);
});

test("resize keeps the top-left picture and its givens, as one undoable move", () => {
  const d = new EditorDoc({ width: 3, height: 3 });
  d.paint([[0, 1], [8, 1]]);
  d.setGivens([0, 8]);
  d.resize(2, 4);
  assert.deepEqual(d.goalRows(), ["#.", "..", "..", ".."]);
  assert.deepEqual([...d.givens], [0]);
  d.history.undo();
  assert.equal(d.width, 3);
  assert.deepEqual(d.goalRows(), ["#..", "...", "..#"]);
  assert.deepEqual([...d.givens].sort(), [0, 8]);
});

test("colours: add, rename (distinct names only), remove shifts later colours", () => {
  const d = new EditorDoc({ width: 3, height: 1 });
  const red = d.addColor("FF0000", "red");
  const blue = d.addColor("0000FF", "blue");
  assert.equal(d.isColor, true);
  d.paint([[0, 1], [1, red], [2, blue]]);
  assert.equal(d.editColor(red, { name: "blue" }), null);
  d.editColor(red, { name: "crimson" });
  assert.equal(d.colors[red].name, "crimson");
  d.removeColor(red);
  assert.deepEqual(Array.from(d.cells), [1, 0, 2]);
  d.history.undo();
  assert.deepEqual(Array.from(d.cells), [1, red, blue]);
});

test("toDict and fromPuzzle round-trip the picture, metadata and givens", () => {
  const d = new EditorDoc({ width: 2, height: 2, meta: { title: "T" } });
  d.paint([[1, 1], [2, 1]]);
  const dict = d.toDict();
  assert.equal(dict.title, "T");
  assert.deepEqual(dict.goal, [".#", "#."]);
  const back = new EditorDoc(EditorDoc.fromPuzzle({ ...dict, givens: [{ row: 2, column: 1 }, { row: 9, column: 9 }] }));
  assert.deepEqual(back.goalRows(), [".#", "#."]);
  assert.deepEqual([...back.givens], [2]);
  assert.equal(back.meta.title, "T");
});

test("a black-and-white file's own characters become the editor's", () => {
  const dict = { width: 2, height: 1, colors: [{ name: "w", char: "0", rgb: "FFFFFF" }, { name: "k", char: "1", rgb: "000000" }], goal: ["10"] };
  const d = new EditorDoc(EditorDoc.fromPuzzle(dict));
  assert.deepEqual(d.goalRows(), ["#."]);
});
