// The one thumbnail painter (board/thumb.js) drawing the rules' solved examples through the board
// plug-ins (issue 28: no second painter): the nonogram's clue numbers in margins beside the cells,
// a Nikoli puzzle's givens and solution in its cells, the whole within the box asked for, and the
// words a screen reader says. A recording canvas stands in for the browser's.
import { test } from "node:test";
import assert from "node:assert/strict";

/** A canvas whose 2D context records what is drawn: fillText's strings, fillRect's and
 * drawImage's rectangles, lineTo's points. */
function recordingCanvas() {
  const log = { text: [], rects: [], images: [], lines: 0 };
  const ctx = new Proxy({ font: "10px sans-serif" }, {
    get(target, name) {
      if (name in target) return target[name];
      if (name === "measureText") return (s) => ({ width: String(s).length * 7 });
      if (name === "fillText") return (s) => log.text.push(String(s));
      if (name === "fillRect") return (x, y, w, h) => log.rects.push([x, y, w, h]);
      if (name === "drawImage") return (c, ...a) => log.images.push([c, ...a]);
      if (name === "lineTo") return () => { log.lines += 1; };
      return () => {};
    },
    set(target, name, value) { target[name] = value; return true; },
  });
  return { width: 300, height: 150, style: {}, log, getContext: () => ctx };
}
globalThis.window = { devicePixelRatio: 2 };
globalThis.document = { createElement: () => recordingCanvas() };

const { drawNonogramExample } = await import("../../web/js/genres/nonogram/thumb.js");
const { drawNikoliExample } = await import("../../web/js/genres/nikoli/thumb.js");
const { drawBoardThumb } = await import("../../web/js/board/thumb.js");
const { shadeBoard } = await import("../../web/js/board/shade.js");
const { nikoliPuzzle } = await import("../../web/js/genres/nikoli/game.js");

const NONOGRAM = { puzzle: { width: 5, height: 5, rows: [[1], [3], [5], [1, 1], [3]], columns: [[1], [4], [3, 1], [4], [1]] },
  solution: ["..#..", ".###.", "#####", ".#.#.", ".###."] };
const MASYU = { puzzle: { family: "masyu", width: 7, height: 7, clues: [[5, 0, 1], [3, 1, 1], [5, 1, 1], [5, 2, 1], [2, 4, 2],
  [4, 4, 1], [6, 4, 1], [0, 6, 2], [4, 6, 2]], rooms: null, url: "https://puzz.link/p?mashu/7/7/0103903000j300i60" },
solution: ["...┌──┐", "...│┌─┘", "..┌┘└─┐", "..│.┌┐│", "┌─┘.│││", "│...│└┘", "└───┘.."] };
const NURIKABE = { puzzle: { family: "nurikabe", width: 3, height: 2, clues: [[0, 0, 2], [2, 1, 1]], rooms: null, url: "x" },
  solution: [".#.", ".#."] };
const cssSize = (c) => [parseInt(c.style.width, 10), parseInt(c.style.height, 10)];

test("the nonogram example has its clue numbers in margins beside its cells, within the box", () => {
  const canvas = recordingCanvas();
  const words = drawNonogramExample(canvas, NONOGRAM);
  const [w, h] = cssSize(canvas);
  assert.ok(w <= 220 && h <= 220, `${w}×${h} CSS px fits the 220 px box`);
  assert.equal(canvas.width, w * 2, "drawn at the device's pixel ratio");
  // three parts copied in: the column clues (right of the row clues), the row clues, the cells
  const parts = canvas.log.images;
  assert.equal(parts.length, 3);
  const [colClues, rowClues, cells] = parts.map(([, x, y]) => [x, y]);
  assert.ok(colClues[0] > 0 && colClues[1] === 0, "column clues over the cells");
  assert.ok(rowClues[0] === 0 && rowClues[1] > 0, "row clues left of the cells");
  assert.deepEqual(cells, [colClues[0], rowClues[1]], "cells below and right of the clues");
  // every clue number is drawn (in the margins' layers), the filled cells are filled
  const numbers = parts.flatMap(([c]) => c.log.images.flatMap(([layer]) => layer.log.text));
  const clues = [...NONOGRAM.puzzle.rows, ...NONOGRAM.puzzle.columns].flat().map(String);
  for (const n of new Set(clues)) assert.equal(numbers.filter((s) => s === n).length, clues.filter((s) => s === n).length, n);
  const filled = NONOGRAM.solution.join("").split("#").length - 1;
  assert.ok(parts[2][0].log.rects.length >= filled, "the filled cells are painted");
  assert.match(words, /^A solved example nonogram, 5 by 5: row clues 1; 3; 5; 1 1; 3; column clues 1; 4; 3 1; 4; 1;/);
});

test("a Masyu example: pearls and its loop by the loop plug-in, named in words", () => {
  const canvas = recordingCanvas();
  const words = drawNikoliExample(canvas, MASYU);
  const [w, h] = cssSize(canvas);
  assert.equal(w, h);
  assert.ok(w <= 220 && w >= 7 * 20, `${w} px: big cells, within the box`);
  const cells = canvas.log.images.at(-1)[0];
  const segments = MASYU.solution.join("").replace(/\./g, "").length; // every loop cell: two half segments = one edge
  assert.ok(cells.log.lines >= segments, "the loop's edges are stroked");
  assert.equal(words, "A solved example Masyu, 7 by 7: 3 black and 6 white pearls, and the one loop through them all.");
});

test("a shading example: its numbers in their cells, the shaded cells counted", () => {
  const canvas = recordingCanvas();
  const words = drawNikoliExample(canvas, NURIKABE);
  const cells = canvas.log.images.at(-1)[0];
  assert.deepEqual(cells.log.text, ["2", "1"]);
  assert.equal(words, "A solved example Nurikabe, 3 by 2: 2 numbered cells, 2 cells shaded.");
});

test("a card's thumbnail is unchanged: whole device pixels a cell, no margins", () => {
  const canvas = recordingCanvas();
  const p = nikoliPuzzle(NURIKABE.puzzle);
  drawBoardThumb(canvas, shadeBoard, p, new Uint8Array(6), {});
  assert.equal(canvas.width, 3 * Math.floor((88 * 2) / 3));
  assert.equal(canvas.log.images.length, 0);
});
