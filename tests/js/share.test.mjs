// Share links and given cells (web/js/shell/share.js) in Node, which has the same
// CompressionStream, Blob and base64 functions as the browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeShare, encodeShare, writeGivens } from "../../web/js/shell/share.js";

const puzzle = { format: "pysolver", version: 1, title: "Ünïcode ✓", rows: [[1]], columns: [[1]],
  colors: [{ name: "white", char: ".", rgb: "FFFFFF" }, { name: "black", char: "#", rgb: "000000" }] };

test("a share link round-trips the puzzle, URL-safe", async () => {
  const frag = await encodeShare(puzzle);
  assert.match(frag, /^p=[A-Za-z0-9_-]+$/);
  assert.deepEqual(JSON.parse(await decodeShare("#" + frag)), puzzle);
});

test("a damaged link is refused with a readable message", async () => {
  await assert.rejects(decodeShare("#p=not*base64"), /share link is damaged/);
  const frag = await encodeShare(puzzle);
  await assert.rejects(decodeShare(frag.slice(0, -6)), /share link is damaged/);
});

test("given cells are written to every format the engine reads them from", () => {
  // the engine's read gives them back (tests/test_givens.py reads these same forms)
  const givens = [{ row: 1, column: 2, value: "#" }, { row: 3, column: 1 }];
  const json = writeGivens('{\n "width": 2\n}\n', "json", givens);
  assert.deepEqual(JSON.parse(json).givens, givens);
  assert.equal(writeGivens("width 2\nheight 3\n", "non", givens),
    'width 2\nheight 3\n\ngivens [{"row":1,"column":2,"value":"#"},{"row":3,"column":1}]\n');
  const xml = writeGivens("<puzzleset><puzzle><clues/></puzzle></puzzleset>", "xml", givens);
  assert.match(xml, /<givens>\[\{"row":1,"column":2,"value":"#"\},\{"row":3,"column":1\}\]<\/givens>\n<\/puzzle>/);
  assert.equal(writeGivens("x", "json", []), "x");
  assert.throws(() => writeGivens("x", "g", givens), /cannot be written to a g file/);
});

test("a puzzle's mark is short, the same for the same clues and colours, another for another puzzle", async () => {
  const { puzzleMark } = await import("../../web/js/shell/share.js");
  const mark = puzzleMark(puzzle);
  assert.match(mark, /^[0-9a-z]{7}$/);
  assert.equal(puzzleMark({ ...puzzle, title: "another title", rows: [[1]] }), mark); // only clues and colours count
  assert.notEqual(puzzleMark({ ...puzzle, rows: [[0]] }), mark);
  assert.notEqual(puzzleMark({ ...puzzle, columns: [[]] }), mark);
  assert.notEqual(puzzleMark({ ...puzzle, colors: [puzzle.colors[0], { ...puzzle.colors[1], rgb: "FF0000" }] }), mark);
});
