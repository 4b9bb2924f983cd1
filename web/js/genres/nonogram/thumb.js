// A nonogram's card picture, painted by the one thumbnail painter (board/thumb.js) through the
// nonogram board plug-in: a puzzle never played is its empty grid (nothing given away), one in
// progress the player's fills (and crosses where the cells are big enough), a solved one the
// picture in its colours.
import { drawBoardThumb } from "../../board/thumb.js";
import { nonogramBoard } from "./board.js";
import { normalizePuzzle } from "./game.js";
import { UNKNOWN } from "../../board/cells.js";

/** shape: a puzzle dict (rows, columns, colors), or {width, height} of a built-in not opened yet;
 * rec: its saved game ({cells, solved}) or null. */
export function drawNonogramThumb(canvas, shape, rec) {
  const full = Array.isArray(shape.rows) && Array.isArray(shape.columns) && Array.isArray(shape.colors);
  const puzzle = full ? normalizePuzzle(shape)
    : { width: shape.width, height: shape.height, colors: [], isColor: false, rows: [], cols: [] };
  const cells = new Uint8Array(puzzle.width * puzzle.height);
  const saved = full && rec && typeof rec.cells === "string" && rec.cells.length === cells.length ? rec.cells : "";
  const top = Math.max(1, puzzle.colors.length);
  for (let i = 0; i < saved.length; i++) {
    const v = saved.charCodeAt(i) - 48;
    cells[i] = v >= 0 && v <= top ? v : 0;
  }
  drawBoardThumb(canvas, nonogramBoard, puzzle, cells, { picture: !!(saved && rec.solved) });
}

/** The rules' solved example (learn.json's {puzzle, solution}) on `canvas`, with its clue numbers
 * around it as the board draws them; returns what it shows, in words for a screen reader. */
export function drawNonogramExample(canvas, { puzzle, solution }) {
  const p = normalizePuzzle({ ...puzzle, colors: puzzle.colors || [] });
  // its filled cells on the board's grid lines, no crosses
  const cells = Uint8Array.from(solution.join(""), (ch) => (ch === "#" ? 2 : UNKNOWN));
  drawBoardThumb(canvas, nonogramBoard, p, cells, { margins: true, box: 220, cell: 28 });
  const say = (lines) => lines.map((c) => c.map((b) => b.n).join(" ") || "0").join("; ");
  return `A solved example nonogram, ${p.width} by ${p.height}: row clues ${say(p.rows)}; column clues ${say(p.cols)}; ` +
    "the filled cells of each row and column make runs of those lengths, in that order.";
}
