// The nonogram plug-in of the shared board (board/grid-view.js): clue margins measured and
// painted (board/fit.js, genres/nonogram/paint.js), cells filled or crossed with the board's
// line-locked strokes, and the screen-reader words of a cell and its two clues.
import { drawCells, drawClues } from "./paint.js";
import { boardSize, fitCell } from "../../board/fit.js";
import { describeNonogramCell } from "../../board/aria.js";

export const nonogramBoard = {
  name: "nonogram",
  prepare(v) {
    const p = v.game.puzzle;
    v.maxRow = Math.max(1, ...p.rows.map((c) => c.length));
    v.maxCol = Math.max(1, ...p.cols.map((c) => c.length));
  },
  size: (v, cs) => boardSize(v.game.puzzle, cs, v.maxRow, v.maxCol),
  fit: (v, width, height) => fitCell(v.game.puzzle, v.maxRow, v.maxCol, width, height),
  paintCells: drawCells,
  paintMargins: drawClues,
  describe: describeNonogramCell,
};
