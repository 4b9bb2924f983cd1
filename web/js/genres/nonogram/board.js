// The nonogram plug-in of the shared board (board/grid-view.js): clue margins measured and
// painted (board/fit.js, genres/nonogram/paint.js), cells filled or crossed with the board's
// line-locked strokes, and the screen-reader words of a cell and its two clues.
import { drawCells, drawClues } from "./paint.js";
import { boardSize, fitCell } from "../../board/fit.js";
import { UNKNOWN, CROSSED } from "../../board/cells.js";

/** "3 1 (crossed out: 3)": the clue's numbers, and those the board shows crossed out. */
export function clueLabel(clue, colors, isColor, done) {
  if (!clue.length) return "0";
  const say = (b) => (isColor ? `${b.n} ${colors[b.c].name}` : String(b.n));
  const crossed = done ? clue.filter((b, k) => done[k]).map(say) : [];
  return clue.map(say).join(" ") + (crossed.length ? ` (crossed out: ${crossed.join(", ")})` : "");
}

/** A nonogram cell for a screen reader: its state, and its row and column clues. */
export function describeNonogramCell(view, x, y) {
  const game = view.game, p = game.puzzle, v = game.get(x, y), done = view.overlays.clues;
  const state = v === UNKNOWN ? "unknown" : v === CROSSED ? "crossed" :
    p.isColor ? `filled ${p.colors[v - 1].name}` : "filled";
  const given = game.fixed.has(y * p.width + x) ? " (given with the puzzle: fixed)" : "";
  const met = (axis, i) => (game.lineSatisfied(axis, i) ? "satisfied" : "not satisfied");
  return `Row ${y + 1}, column ${x + 1}: ${state}${given}. ` +
    `Row clue ${clueLabel(p.rows[y], p.colors, p.isColor, done && done.rows[y])}, ${met("row", y)}; ` +
    `column clue ${clueLabel(p.cols[x], p.colors, p.isColor, done && done.columns[x])}, ${met("column", x)}.`;
}

export const nonogramBoard = {
  name: "nonogram",
  prepare(v) {
    const p = v.game.puzzle;
    v.maxRow = Math.max(1, ...p.rows.map((c) => c.length));
    v.maxCol = Math.max(1, ...p.cols.map((c) => c.length));
  },
  size: (v, cs) => boardSize(v.game.puzzle, cs, v.maxRow, v.maxCol, (v.box && v.box.width) || Infinity), // row clues: a third of the box at most
  fit: (v, width, height) => fitCell(v.game.puzzle, v.maxRow, v.maxCol, width, height),
  paintCells: drawCells,
  paintMargins: drawClues,
  describe: describeNonogramCell,
};
