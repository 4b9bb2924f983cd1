// The game model (web/js/play/game.js) with the nonogram genre's rules (web/js/genres/nonogram/game.js) in Node: moves, undo/redo, winning, state text, saving.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CROSSED, UNKNOWN } from "../../web/js/board/cells.js";
import { NonogramGame as Game, normalizePuzzle, runsOf } from "../../web/js/genres/nonogram/game.js";

const BW = [{ name: "white", char: ".", rgb: "FFFFFF" }, { name: "black", char: "#", rgb: "000000" }];
// a 3x2 puzzle whose only solution is  #.#  /  ###
const small = () => normalizePuzzle({ colors: BW, rows: [[1, 1], [3]], columns: [[2], [1], [2]] });
const fill = (g, rows) => g.apply(rows.flatMap((r, y) => [...r].map((c, x) => [y * g.puzzle.width + x, g.charValue(c)])));

test("runs of a line count filled cells only, by colour", () => {
  assert.deepEqual(runsOf([2, 2, 1, 0, 2, 3, 3]), [{ n: 2, c: 1 }, { n: 1, c: 1 }, { n: 2, c: 2 }]);
  assert.deepEqual(runsOf([0, 1, 1]), []);
});

test("a colour puzzle's clues name their colours", () => {
  const colors = [...BW.slice(0, 1), { name: "red", char: "r", rgb: "FF0000" }, { name: "blue", char: "b", rgb: "0000FF" }];
  const p = normalizePuzzle({ colors, rows: [[[1, "r"], [2, "b"]]], columns: [[[1, "r"]], [], [[1, "b"]], [[1, "b"]]] });
  assert.equal(p.isColor, true);
  assert.equal(p.width, 4);
  assert.deepEqual(p.rows[0], [{ n: 1, c: 1 }, { n: 2, c: 2 }]);
  assert.equal(p.colors[1].rgb, "#FF0000");
});

test("filling the solution wins; unknown cells count as empty", () => {
  const g = new Game(small(), "t");
  assert.equal(g.solved, false);
  fill(g, ["#?#", "###"]);
  assert.equal(g.solved, true);
  assert.deepEqual(g.stateRows(), ["#?#", "###"]);
});

test("undo and redo replay whole moves and fire change events", () => {
  const g = new Game(small(), "t");
  const kinds = [];
  g.addEventListener("change", (e) => kinds.push(e.detail.kind));
  fill(g, ["#.#", "???"]);
  g.apply([[3, 2]]);
  assert.equal(g.apply([[3, 2]]), null, "a move that changes nothing is not recorded");
  assert.equal(g.undo(), true);
  assert.deepEqual(g.stateRows(), ["#.#", "???"]);
  assert.equal(g.undo(), true);
  assert.deepEqual(g.stateRows(), ["???", "???"]);
  assert.equal(g.undo(), false);
  g.redo();
  assert.deepEqual(g.stateRows(), ["#.#", "???"]);
  g.apply([[5, CROSSED]]);
  assert.equal(g.redo(), false, "a new move drops the redo history");
  assert.deepEqual(kinds, ["move", "move", "undo", "undo", "redo", "move"]);
});

test("clear is one undoable move", () => {
  const g = new Game(small(), "t");
  fill(g, ["#.#", "###"]);
  g.clear();
  assert.deepEqual(g.stateRows(), ["???", "???"]);
  assert.equal(g.solved, false);
  g.undo();
  assert.equal(g.solved, true);
});

test("a saved game restores cells, history and clock; damaged parts are dropped", () => {
  const g = new Game(small(), "t");
  fill(g, ["#.#", "?##"]);
  g.elapsed = 12.4;
  const saved = JSON.parse(JSON.stringify(g.serialize()));
  const back = new Game(small(), "t", saved);
  assert.deepEqual(back.stateRows(), g.stateRows());
  assert.equal(back.elapsed, 12);
  back.undo();
  assert.deepEqual(back.stateRows(), ["???", "???"]);

  const bad = new Game(small(), "t", { ...saved, undo: [{ c: [99, 0, 2] }, { c: [0, 0] }], cells: "9" + saved.cells.slice(1) });
  assert.deepEqual(bad.undoStack, []);
  assert.equal(bad.get(0, 0), UNKNOWN, "an out-of-range cell value reads as unknown");
  const wrongSize = new Game(small(), "t", { cells: "22" });
  assert.deepEqual(wrongSize.stateRows(), ["???", "???"]);
});

test("state characters of a colour game are its colour chars", () => {
  const colors = [BW[0], { name: "red", char: "r", rgb: "FF0000" }, { name: "blue", char: "b", rgb: "0000FF" }];
  const g = new Game(normalizePuzzle({ colors, rows: [[[1, "r"], [1, "b"]]], columns: [[[1, "r"]], [[1, "b"]]] }), "c");
  fill(g, ["rb"]);
  assert.deepEqual(g.stateRows(), ["rb"]);
  assert.equal(g.solved, true);
  assert.equal(g.charValue("z"), UNKNOWN);
});
